//! New puzzles: a random full grid from disjoint Π layers, then clue removal that keeps the solution
//! unique. This is what `tudoku generate` and every new game call.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::dig::{Removal, Symmetry, dig, minimize, remove_one};
use super::fill::{FillMethod, fill};
use super::practice::{self, hints_show, is_seeded};
use crate::board::geometry::Shape;
use crate::board::grid::Grid;
use crate::logic::difficulty::Difficulty;
use crate::logic::rate::{Rating, rate_as_given, rate_logically, rate_with};
use crate::logic::singles::{place_singles, solved_by_singles};
use crate::logic::step::Technique;
use crate::logic::trial::unique_by_trials;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The board.
    pub shape: Shape,
    /// The level to hit; `None` takes whatever the digging gives.
    pub difficulty: Option<Difficulty>,
    /// The technique the puzzle's hardest step must be (the rating's
    /// `hardest`), for practising it; its level is then the one to hit.
    /// On 9x9 boards the techniques digging seldom ends on
    /// ([`crate::PRACTICE_SEEDED`]) come from a list of seed puzzles in a
    /// random disguise, whose givens keep the seed's pattern, not `symmetry`.
    pub technique: Option<Technique>,
    /// The pattern the givens keep.
    pub symmetry: Symmetry,
    /// Dig until no single clue can be removed.
    pub minimal: bool,
}

impl GenerateOptions {
    /// Defaults for a shape: rotational symmetry when boxes are square (the
    /// pattern players expect), none otherwise; any difficulty; not minimal.
    pub fn new(shape: Shape) -> GenerateOptions {
        GenerateOptions {
            shape,
            difficulty: None,
            technique: None,
            symmetry: if shape.is_square() {
                Symmetry::Rotational
            } else {
                Symmetry::None
            },
            minimal: false,
        }
    }
}

/// A puzzle with exactly one solution, and that solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The givens.
    pub puzzle: Grid,
    /// The one grid that completes them.
    pub solution: Grid,
    /// The puzzle's rating (by `rate::rate_with`).
    pub rating: Rating,
}

/// Why no puzzle came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// Digging found no puzzle of the level within its tries.
    #[error("no {difficulty} puzzle found for {} boards after {attempts} tries", shape.board_name())]
    LevelOutOfReach {
        /// The board.
        shape: Shape,
        /// The level asked for.
        difficulty: Difficulty,
        /// How many puzzles were dug before giving up.
        attempts: usize,
    },
    /// The level is above `highest_level`: no puzzle of the board has it,
    /// so none is looked for.
    #[error(
        "no {difficulty} puzzle exists for {board} boards: {board} boards reach {highest} at most",
        board = shape.board_name(),
        highest = highest_level(*shape)
    )]
    LevelBeyondBoard {
        /// The board.
        shape: Shape,
        /// The level asked for.
        difficulty: Difficulty,
    },
    /// No puzzle whose hardest step is the technique came out of the tries.
    #[error(
        "no puzzle whose hardest step is {} found for {} boards after {attempts} tries",
        technique.name(),
        shape.board_name()
    )]
    TechniqueOutOfReach {
        /// The board.
        shape: Shape,
        /// The technique asked for.
        technique: Technique,
        /// How many puzzles were dug before giving up.
        attempts: usize,
    },
    /// No seed puzzle (`practice_seeds`) of a technique drawn from seeds
    /// rates with it as its hardest step and shows it in the hint path:
    /// none was found, or the rater or the hint changed since they were.
    #[error(
        "no 9x9 puzzle is known whose hardest step is {}: {}",
        technique.name(),
        if *seeds == 0 {
            practice::why_none_known(*technique).unwrap_or_default().to_string()
        } else {
            format!("none of its {seeds} seed puzzles, in the disguises tried, rates so with the hint showing it")
        }
    )]
    TechniqueUnknown {
        /// The technique asked for.
        technique: Technique,
        /// How many seed puzzles it has.
        seeds: usize,
    },
    /// The caller's `cancelled` said stop.
    #[error("puzzle generation was cancelled")]
    Cancelled,
    /// Proving that no clue of a near-minimal 25x25 puzzle can go takes the
    /// solver hours: refused at once rather than left running.
    #[error(
        "minimal puzzles are offered up to 16x16 boards: proving a {} puzzle minimal takes hours",
        shape.board_name()
    )]
    MinimalTooLarge {
        /// The board asked for.
        shape: Shape,
    },
}

/// The hardest level a board's puzzles reach. A 4x4 board never needs more
/// than singles: all 13,579,680 of its puzzles with one solution (every clue
/// subset of each of its 288 grids) are solved by them. Every other board
/// reaches every level, though not equally often (see
/// `MAX_ATTEMPTS_6X6`).
pub fn highest_level(shape: Shape) -> Difficulty {
    if shape.n() == 4 {
        Difficulty::Easy
    } else {
        Difficulty::Extreme
    }
}

/// Digs per full grid before a new grid is drawn: re-digging the same grid in
/// another order is the cheap change that usually moves the level.
const DIGS_PER_GRID: usize = 4;
/// Tries before a level is declared out of reach, on a 9x9 board; smaller
/// boards, whose tries are cheaper and whose harder levels are rarer, get
/// more in proportion to their cell count squared.
const MAX_ATTEMPTS_9X9: usize = 400;
/// Largest board side on which `minimal` is offered.
const MAX_MINIMAL_SIDE: usize = 16;
/// Tries for a level with `minimal` on boards above 12x12, where one try
/// costs 0.1-0.3 s and minimal puzzles are nearly all Extreme (29 of 30 on
/// 16x16): Expert is found nine times in ten, and a level out of reach
/// (Easy to Hard) is reported in 10-20 s rather than many minutes.
const MAX_MINIMAL_ATTEMPTS_LARGE: usize = 60;
/// Trial rounds allowed to prove an Extreme puzzle on a large board unique:
/// one per clue of the removed group, and one to spare.
const TRIAL_ROUNDS: usize = 3;

/// Tries for a level on 6x6 boards, where singles solve most puzzles that
/// need no guessing and chains nearly all the rest: 65 of 100,000 random
/// minimal 6x6 puzzles need guessing (1 in 1,540), and one dig in 200 for
/// Medium ends Medium. This many tries (a few seconds at most) fail about
/// once in 10^8 runs for Extreme.
const MAX_ATTEMPTS_6X6: usize = 30_000;

fn max_attempts(options: &GenerateOptions) -> usize {
    if options.minimal && options.shape.n() > 12 {
        return MAX_MINIMAL_ATTEMPTS_LARGE;
    }
    if options.shape.n() == 6 && options.difficulty.is_some() {
        return MAX_ATTEMPTS_6X6;
    }
    let cells = options.shape.cell_count();
    (MAX_ATTEMPTS_9X9 * 81 * 81 / (cells * cells)).max(MAX_ATTEMPTS_9X9)
}

/// A unique puzzle for `options`, fully determined by the RNG's state.
///
/// With a difficulty below Extreme, clues are removed only while techniques of
/// that level (none that assume uniqueness) still solve the puzzle: that keeps
/// the level in reach and proves uniqueness without the backtracker, which
/// is what makes 16x16 and 25x25 fast. Extreme digs with the solver's count
/// up to 12x12; larger boards dig for Expert, then remove one more clue or
/// group that logic cannot do without and a trial proves unique (see `Plan`).
/// Without a difficulty, boards up to 12x12 dig with the solver; larger ones
/// with logic, since near-minimal 16x16 and 25x25 puzzles can take the
/// solver minutes each to prove unique.
pub fn generate_with<R: Rng + ?Sized>(
    options: &GenerateOptions,
    rng: &mut R,
) -> Result<Generated, GenerateError> {
    generate_cancellable(options, rng, &|| false)
}

/// Puzzle number `index` of the run for `seed`, as `tudoku generate --seed
/// SEED` prints it at that place (from 0): each puzzle draws from the
/// seed's own ChaCha stream number `index`, so it depends on the seed and
/// its place alone, whichever thread makes it and whatever came before.
/// Puzzle 0 is the one `generate(shape, level, seed)` gives. `cancelled` is
/// asked between steps, as [`generate_cancellable`] asks it.
pub fn generate_numbered(
    options: &GenerateOptions,
    seed: u64,
    index: u64,
    cancelled: &dyn Fn() -> bool,
) -> Result<Generated, GenerateError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    generate_cancellable(options, &mut rng, cancelled)
}

/// `generate`, asking `cancelled` between steps and stopping with
/// `GenerateError::Cancelled` once it says true: how a game abandons a
/// puzzle it no longer wants. Steps (a full grid, one removal tried) take
/// a fraction of a second even on 25x25 boards, except the solver's count
/// when `minimal` asks it of a near-minimal 16x16 puzzle (seconds at most).
pub fn generate_cancellable<R: Rng + ?Sized>(
    options: &GenerateOptions,
    rng: &mut R,
    cancelled: &dyn Fn() -> bool,
) -> Result<Generated, GenerateError> {
    if options.minimal && options.shape.n() > MAX_MINIMAL_SIDE {
        return Err(GenerateError::MinimalTooLarge {
            shape: options.shape,
        });
    }
    if let Some(technique) = options.technique {
        return generate_for_technique(options, technique, rng, cancelled);
    }
    if let Some(difficulty) = options.difficulty
        && difficulty > highest_level(options.shape)
    {
        return Err(GenerateError::LevelBeyondBoard {
            shape: options.shape,
            difficulty,
        });
    }
    let attempts = max_attempts(options);
    let plan = Plan::for_options(options);
    let groups = symmetry_groups(options.symmetry, options.shape);
    let mut solution = None;
    for attempt in 0..attempts {
        if cancelled() {
            return Err(GenerateError::Cancelled);
        }
        let solution = match solution.as_mut() {
            Some(grid) if attempt % DIGS_PER_GRID != 0 => grid,
            _ => solution.insert(fill(options.shape, FillMethod::default(), rng)),
        };
        let puzzle = make_puzzle(options, plan, &groups, solution, rng, cancelled);
        if cancelled() {
            return Err(GenerateError::Cancelled);
        }
        let Some(Dug { puzzle, level }) = puzzle else {
            continue;
        };
        // Most tries miss the level; most of those are told apart without
        // the canonical rating: by the level logic found while digging, or
        // for the count's puzzles (most of which singles solve) by singles.
        if let Some(target) = options.difficulty {
            let level = level.or_else(|| {
                let easy =
                    plan == Plan::Count && target > Difficulty::Easy && solved_by_singles(&puzzle);
                easy.then_some(Difficulty::Easy)
            });
            if level.is_some_and(|level| level != target) {
                continue;
            }
        }
        let rating = rate_with(&puzzle, solution);
        if options.difficulty.is_none_or(|d| d == rating.difficulty) {
            return Ok(Generated {
                puzzle,
                solution: solution.clone(),
                rating,
            });
        }
    }
    Err(GenerateError::LevelOutOfReach {
        shape: options.shape,
        difficulty: options.difficulty.unwrap_or(Difficulty::Extreme),
        attempts,
    })
}

/// Puzzles of a technique's level made before giving up on one whose
/// hardest step is that technique: rarer techniques (a jellyfish, a hidden
/// quad) come in one puzzle of their level in a few hundred.
const TECHNIQUE_TRIES: usize = 2000;

/// A puzzle whose hardest step (by the rater) is `technique`, and whose
/// hint path shows a step of it: a disguised
/// seed where the technique is drawn from seeds (`practice::SEEDED`), one
/// dug to be solved by full houses alone for the full house, else one of
/// the technique's level that ends on it.
fn generate_for_technique<R: Rng + ?Sized>(
    options: &GenerateOptions,
    technique: Technique,
    rng: &mut R,
    cancelled: &dyn Fn() -> bool,
) -> Result<Generated, GenerateError> {
    if is_seeded(technique, options.shape) {
        return practice::draw(technique, options.minimal, rng, cancelled);
    }
    if technique == Technique::FullHouse {
        return full_houses(options, rng, cancelled);
    }
    let level = GenerateOptions {
        difficulty: Some(technique.difficulty()),
        technique: None,
        ..*options
    };
    for _ in 0..TECHNIQUE_TRIES {
        match generate_cancellable(&level, rng, cancelled) {
            // the rater reads the canonical form, the hint the puzzle as
            // placed, and either may find another step first: the player
            // must meet the technique
            Ok(made) if made.rating.hardest == technique && hints_show(&made.puzzle, technique) => {
                return Ok(made);
            }
            Ok(_) | Err(GenerateError::LevelOutOfReach { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    Err(GenerateError::TechniqueOutOfReach {
        shape: options.shape,
        technique,
        attempts: TECHNIQUE_TRIES,
    })
}

/// Tries at a puzzle solved by full houses alone; the first nearly always
/// is one (the digging keeps only such removals).
const FULL_HOUSE_TRIES: usize = 20;

/// A puzzle whose every step is a full house: clues are removed while the
/// last empty cell of some house can still be filled each time. Singles of
/// any kind also prove it unique.
fn full_houses<R: Rng + ?Sized>(
    options: &GenerateOptions,
    rng: &mut R,
    cancelled: &dyn Fn() -> bool,
) -> Result<Generated, GenerateError> {
    let groups = symmetry_groups(options.symmetry, options.shape);
    let by_full_houses = |r: &Removal| {
        rate_logically(r.puzzle, Difficulty::Easy)
            .is_some_and(|x| x.hardest == Technique::FullHouse)
    };
    for _ in 0..FULL_HOUSE_TRIES {
        let solution = fill(options.shape, FillMethod::default(), rng);
        let puzzle = dig(&solution, &groups, rng, unless(cancelled, by_full_houses));
        if cancelled() {
            return Err(GenerateError::Cancelled);
        }
        let rating = rate_with(&puzzle, &solution);
        if rating.hardest == Technique::FullHouse && hints_show(&puzzle, Technique::FullHouse) {
            return Ok(Generated {
                puzzle,
                solution,
                rating,
            });
        }
    }
    Err(GenerateError::TechniqueOutOfReach {
        shape: options.shape,
        technique: Technique::FullHouse,
        attempts: FULL_HOUSE_TRIES,
    })
}

/// The cell groups of one pattern on one shape (`Symmetry::groups`).
type Groups = Rc<[Vec<usize>]>;

thread_local! {
    /// `Symmetry::groups` by pattern and shape, made once per thread: on a
    /// 9x9 board they cost 2% of a puzzle made without a level.
    static GROUPS: RefCell<HashMap<(Symmetry, Shape), Groups>> = RefCell::new(HashMap::new());
}

/// The cell groups a dig removes together, for `symmetry` on `shape`.
fn symmetry_groups(symmetry: Symmetry, shape: Shape) -> Groups {
    GROUPS.with_borrow_mut(|groups| {
        groups
            .entry((symmetry, shape))
            .or_insert_with(|| symmetry.groups(shape).into())
            .clone()
    })
}

/// How an attempt removes clues, by board size and level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    /// While techniques up to this level that hold for every solution
    /// still solve the puzzle.
    Logic(Difficulty),
    /// `Logic`, with the solver's count checked first: a removal that breaks
    /// uniqueness makes logic stall only after trying every technique at the
    /// stall, and from Medium up the count rejects it sooner (on boards small
    /// enough for the solver never to blow up). It accepts the same removals.
    CountedLogic(Difficulty),
    /// While the solver's count stays one.
    Count,
    /// `Logic(Expert)`, then one removal more that leaves every technique
    /// stuck but keeps the puzzle provably unique by `unique_by_trials`: an
    /// Extreme puzzle without the solver's count, whose near-minimal 16x16
    /// and 25x25 puzzles can take minutes.
    PastLogic,
}

impl Plan {
    fn for_options(options: &GenerateOptions) -> Plan {
        let small = options.shape.n() <= 12;
        match options.difficulty {
            // Minimizing decides the level on large boards, whatever the dig
            // left; Expert's dig leaves it the fewest clues to try.
            _ if options.minimal && !small => Plan::Logic(Difficulty::Expert),
            None | Some(Difficulty::Extreme) if small => Plan::Count,
            None => Plan::Logic(Difficulty::Expert),
            Some(Difficulty::Extreme) => Plan::PastLogic,
            Some(level) if level >= Difficulty::Medium && small => Plan::CountedLogic(level),
            Some(level) => Plan::Logic(level),
        }
    }
}

/// One attempt's puzzle.
struct Dug {
    puzzle: Grid,
    /// The puzzle's level by the sound logic that accepted its last removal
    /// (as placed, so the canonical rating could in principle differ), where
    /// the plan ends with such a puzzle.
    level: Option<Difficulty>,
}

/// One attempt's puzzle from a full grid, `None` when the plan found none
/// (or was cancelled).
fn make_puzzle<R: Rng + ?Sized>(
    options: &GenerateOptions,
    plan: Plan,
    groups: &[Vec<usize>],
    solution: &Grid,
    rng: &mut R,
    cancelled: &dyn Fn() -> bool,
) -> Option<Dug> {
    let symmetry = options.symmetry;
    // The level of the last puzzle logic accepted (a full grid needs nothing).
    let mut logic_level = Difficulty::Easy;
    // Singles settle most removals while the puzzle is Easy: at once when
    // they put the removed clues back (`forced`), else when they fill the
    // puzzle. Otherwise the rater goes on from where they stall, which is
    // where its own singles (always tried first) would leave it, with the
    // same level. `count_first` asks the solver first, where `forced`
    // doesn't settle uniqueness: most removals it gets to make the puzzle
    // ambiguous, and it says so sooner than singles and the rater would.
    let mut by_logic = |removal: &Removal, max: Difficulty, count_first: bool| {
        if logic_level == Difficulty::Easy && removal.forced() {
            return true;
        }
        if count_first && !removal.stays_unique() {
            return false;
        }
        let mut stalled = removal.puzzle.clone();
        if !place_singles(&mut stalled) {
            return false;
        }
        if stalled.is_full() {
            logic_level = Difficulty::Easy;
            return true;
        }
        if max == Difficulty::Easy {
            return false;
        }
        match rate_logically(&stalled, max) {
            Some(rating) => {
                logic_level = rating.difficulty;
                true
            }
            None => false,
        }
    };
    let mut puzzle = match plan {
        Plan::Logic(max) => dig(
            solution,
            groups,
            rng,
            unless(cancelled, |r| by_logic(r, max, false)),
        ),
        Plan::CountedLogic(max) => dig(
            solution,
            groups,
            rng,
            unless(cancelled, |r| by_logic(r, max, true)),
        ),
        Plan::Count => dig(
            solution,
            groups,
            rng,
            unless(cancelled, |r| r.stays_unique()),
        ),
        Plan::PastLogic => {
            let by_expert_logic = |r: &Removal| by_logic(r, Difficulty::Expert, false);
            let mut puzzle = dig(solution, groups, rng, unless(cancelled, by_expert_logic));
            let needs_a_guess = |r: &Removal| {
                unique_by_trials(r.puzzle, solution, TRIAL_ROUNDS)
                    && rate_as_given(r.puzzle, solution).difficulty == Difficulty::Extreme
            };
            if !remove_one(&mut puzzle, symmetry, rng, unless(cancelled, needs_a_guess)) {
                return None;
            }
            puzzle
        }
    };
    // Minimal puzzles are the likeliest to need guessing, so Extreme by count
    // always removes single clues too; the count's digging already has when
    // the pattern pairs no cells (a clue it kept stays needed as more go).
    let minimal_already = plan == Plan::Count && symmetry.transform(options.shape).is_none();
    let wants_minimal =
        options.minimal || (plan == Plan::Count && options.difficulty == Some(Difficulty::Extreme));
    if wants_minimal && !minimal_already {
        minimize(
            &mut puzzle,
            solution,
            rng,
            unless(cancelled, |r| r.stays_unique()),
        );
        return Some(Dug {
            puzzle,
            level: None,
        });
    }
    let level = matches!(plan, Plan::Logic(_) | Plan::CountedLogic(_)).then_some(logic_level);
    Some(Dug { puzzle, level })
}

/// `keeps`, refusing every removal once `cancelled` says so: the digging then
/// runs out at once, its remaining removals all refused.
fn unless<'a>(
    cancelled: &'a dyn Fn() -> bool,
    mut keeps: impl FnMut(&Removal) -> bool + 'a,
) -> impl FnMut(&Removal) -> bool + 'a {
    move |removal| !cancelled() && keeps(removal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::validate::is_solved;
    use crate::solve::solver;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn generated_puzzles_are_unique_and_agree_with_their_solution() {
        for shape in Shape::all().filter(|s| s.n() <= 9) {
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let g = generate_with(&GenerateOptions::new(shape), &mut rng).unwrap();
            assert!(is_solved(&g.solution), "{shape}");
            assert!(solver::count(&g.puzzle, 0).is_unique(), "{shape}");
            for (p, s) in g.puzzle.values().iter().zip(g.solution.values()) {
                assert!(*p == 0 || p == s);
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle() {
        let options = GenerateOptions::new(Shape::for_size(9).unwrap());
        let a = generate_with(&options, &mut ChaCha8Rng::seed_from_u64(42)).unwrap();
        let b = generate_with(&options, &mut ChaCha8Rng::seed_from_u64(42)).unwrap();
        let c = generate_with(&options, &mut ChaCha8Rng::seed_from_u64(43)).unwrap();
        assert_eq!(a, b);
        assert_ne!(a.puzzle, c.puzzle);
    }

    #[test]
    fn symmetric_digging_keeps_the_pattern() {
        let shape = Shape::for_size(9).unwrap();
        for symmetry in [Symmetry::Rotational, Symmetry::Diagonal, Symmetry::Mirror] {
            let options = GenerateOptions {
                symmetry,
                ..GenerateOptions::new(shape)
            };
            let g = generate_with(&options, &mut ChaCha8Rng::seed_from_u64(3)).unwrap();
            for group in symmetry.groups(shape) {
                let filled: Vec<bool> = group.iter().map(|&c| g.puzzle.get(c) != 0).collect();
                assert!(filled.iter().all(|&f| f == filled[0]), "{symmetry}");
            }
        }
    }

    #[test]
    fn minimal_puzzles_have_no_removable_clue() {
        let options = GenerateOptions {
            minimal: true,
            ..GenerateOptions::new(Shape::for_size(6).unwrap())
        };
        let g = generate_with(&options, &mut ChaCha8Rng::seed_from_u64(5)).unwrap();
        assert!(crate::generation::dig::is_minimal(&g.puzzle));
        assert!(solver::count(&g.puzzle, 0).is_unique());
    }

    fn options(n: usize, difficulty: Difficulty) -> GenerateOptions {
        GenerateOptions {
            difficulty: Some(difficulty),
            ..GenerateOptions::new(Shape::for_size(n).unwrap())
        }
    }

    #[test]
    fn minimal_25x25_puzzles_are_refused_before_any_work() {
        let options = GenerateOptions {
            minimal: true,
            ..GenerateOptions::new(Shape::for_size(25).unwrap())
        };
        let asked = std::cell::Cell::new(0);
        let cancelled = || {
            asked.set(asked.get() + 1);
            false
        };
        let result = generate_cancellable(&options, &mut ChaCha8Rng::seed_from_u64(1), &cancelled);
        assert!(matches!(result, Err(GenerateError::MinimalTooLarge { .. })));
        assert_eq!(asked.get(), 0);
    }

    #[test]
    fn a_level_beyond_the_board_is_refused_before_any_work() {
        let asked = std::cell::Cell::new(0);
        let cancelled = || {
            asked.set(asked.get() + 1);
            false
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for level in [Difficulty::Medium, Difficulty::Extreme] {
            let result = generate_cancellable(&options(4, level), &mut rng, &cancelled);
            let expected = GenerateError::LevelBeyondBoard {
                shape: Shape::for_size(4).unwrap(),
                difficulty: level,
            };
            assert_eq!(result, Err(expected));
        }
        assert_eq!(asked.get(), 0);
        assert!(generate_with(&options(4, Difficulty::Easy), &mut rng).is_ok());
    }

    #[test]
    fn a_cancelled_generation_stops_before_any_work() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let asked = std::cell::Cell::new(0);
        let cancelled = || {
            asked.set(asked.get() + 1);
            true
        };
        let result = generate_cancellable(&options(25, Difficulty::Extreme), &mut rng, &cancelled);
        assert_eq!(result, Err(GenerateError::Cancelled));
        assert_eq!(asked.get(), 1);
    }

    /// Counts the checks of a whole Extreme run (dug with logic, then a
    /// removal past logic looked for), then cancels at its first, middle
    /// and last check: each must stop with `Cancelled`.
    fn check_cancelling_midway(n: usize) {
        let options = options(n, Difficulty::Extreme);
        let run = |cancel_after: usize| {
            let asked = std::cell::Cell::new(0);
            let cancelled = || {
                asked.set(asked.get() + 1);
                asked.get() > cancel_after
            };
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            (
                generate_cancellable(&options, &mut rng, &cancelled),
                asked.get(),
            )
        };
        let (whole, checks) = run(usize::MAX);
        assert!(whole.is_ok());
        for cancel_after in [0, checks / 2, checks - 1] {
            let (result, _) = run(cancel_after);
            assert_eq!(result, Err(GenerateError::Cancelled), "{n}: {cancel_after}");
        }
    }

    #[test]
    fn a_generation_cancelled_midway_stops_at_the_next_check() {
        check_cancelling_midway(16);
    }

    /// Too slow for a debug build; CI runs it in release.
    #[test]
    #[ignore]
    fn a_25x25_generation_cancelled_midway_stops_at_the_next_check() {
        check_cancelling_midway(25);
    }

    /// Fills the last empty cell of a house while one is left, as a player
    /// finding only full houses would: the grid it ends with.
    fn by_full_houses_alone(puzzle: &Grid) -> Grid {
        let geo = puzzle.shape().geometry();
        let houses: Vec<&Vec<usize>> = geo
            .rows()
            .iter()
            .chain(geo.cols())
            .chain(geo.boxes())
            .collect();
        let mut grid = puzzle.clone();
        while let Some(house) = houses
            .iter()
            .find(|h| h.iter().filter(|&&c| grid.get(c) == 0).count() == 1)
        {
            let empty = *house.iter().find(|&&c| grid.get(c) == 0).unwrap();
            let n = grid.n() as u8;
            let missing = (1..=n).find(|d| house.iter().all(|&c| grid.get(c) != *d));
            grid.set(empty, missing.unwrap()).unwrap();
        }
        grid
    }

    #[test]
    fn a_full_house_puzzle_is_solved_by_full_houses_alone() {
        for n in [4, 6, 9] {
            let options = GenerateOptions {
                technique: Some(Technique::FullHouse),
                ..GenerateOptions::new(Shape::for_size(n).unwrap())
            };
            let made = generate_with(&options, &mut ChaCha8Rng::seed_from_u64(2)).unwrap();
            assert!(!made.puzzle.is_full(), "{n}");
            assert_eq!(by_full_houses_alone(&made.puzzle), made.solution, "{n}");
            assert!(solver::count(&made.puzzle, 0).is_unique(), "{n}");
            assert_eq!(made.rating.hardest, Technique::FullHouse);
        }
    }

    /// The techniques no known 9x9 puzzle needs (with the hint showing it).
    const NONE_KNOWN: &[Technique] = &[Technique::ForcingChain, Technique::Backtrack];

    /// Every technique on 9x9: the puzzle's hardest step, rated anew, is
    /// the technique, and the hint path from the givens shows a step of it.
    /// Too slow for a debug build; CI runs it in release.
    #[test]
    #[ignore]
    fn every_technique_has_practice_puzzles_whose_hints_show_it() {
        let nine = Shape::for_size(9).unwrap();
        let mut missing = Vec::new();
        for &technique in Technique::ALL {
            let options = GenerateOptions {
                technique: Some(technique),
                ..GenerateOptions::new(nine)
            };
            for seed in 0..3 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let made = match generate_with(&options, &mut rng) {
                    Err(GenerateError::TechniqueUnknown { seeds: 0, .. }) => {
                        missing.push(technique);
                        break;
                    }
                    made => made.unwrap(),
                };
                let rating = crate::logic::rate::rate(&made.puzzle).unwrap();
                assert_eq!(rating.hardest, technique, "{}", made.puzzle);
                let path = crate::logic::hint::solve_path(&made.puzzle).unwrap();
                let shown = path.iter().any(|s| s.technique == technique);
                assert!(
                    shown,
                    "the hints of {} skip {}",
                    made.puzzle,
                    technique.name()
                );
            }
        }
        assert_eq!(missing, NONE_KNOWN, "techniques without practice puzzles");
    }

    #[test]
    fn a_generation_nobody_cancels_matches_generate() {
        let options = options(6, Difficulty::Hard);
        let a = generate_with(&options, &mut ChaCha8Rng::seed_from_u64(8));
        let b = generate_cancellable(&options, &mut ChaCha8Rng::seed_from_u64(8), &|| false);
        assert_eq!(a, b);
        assert!(a.is_ok());
    }
}
