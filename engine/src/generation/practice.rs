//! Puzzles for practising the techniques random digging seldom ends on. A
//! dug Extreme puzzle's hardest step is almost never a static forcing chain
//! (none in 2,000 tries), and a quad or a jellyfish is the hardest step of one
//! Expert puzzle in thousands, so for these techniques a 9x9 puzzle is drawn
//! from a small list of seeds found offline (`examples/practice_seeds.rs`
//! scans the benchmark sets and generated puzzles, and digs puzzles with a
//! house left empty for hidden quads; run it again when the rater changes)
//! and given a random disguise: the symmetry group's
//! relabelling, line moves and transposition. The rater rates a puzzle's
//! canonical form, the same for every disguise, so the disguise keeps the
//! seed's hardest step while the player sees a fresh-looking puzzle; a
//! disguise is kept only where the hint path, which reads the puzzle as
//! placed, shows the technique too.

use rand::{Rng, RngExt};

use super::dig::{Removal, minimize};
use super::generate::{GenerateError, Generated};
use crate::board::geometry::Shape;
use crate::board::grid::Grid;
use crate::logic::hint::solve_path;
use crate::logic::rate::{rate_with, unique_solution};
use crate::logic::step::Technique;
use crate::symmetry::transform::Transform;

/// The techniques a 9x9 practice puzzle is drawn from seeds for: those
/// digging reaches in more than a second a puzzle, or not at all.
pub const SEEDED: &[Technique] = &[
    Technique::NakedQuad,
    Technique::Jellyfish,
    Technique::HiddenQuad,
    Technique::AlsXyWing,
    Technique::ForcingChain,
    Technique::NishioChain,
    Technique::CellForcingChain,
    Technique::RegionForcingChain,
    Technique::DynamicCellForcingChain,
    Technique::DynamicRegionForcingChain,
    Technique::DynamicChain,
    Technique::NestedChain,
    Technique::Backtrack,
];

/// Disguises tried of each seed: the hint path, which reads the puzzle as
/// placed, may in some skip the technique for another chain, and removing
/// clues for a minimal puzzle in another order may keep the technique where
/// one order lost it.
const TRIES_PER_SEED: usize = 4;
/// Disguises tried in all at the least, for a technique with one or two
/// seeds: one cell forcing chain shows in the hint path of about half its
/// disguises.
const MIN_TRIES: usize = 16;

/// The seeds: a 9x9 puzzle, a space, and the technique of its hardest step
/// by `Technique::name`; `#` starts a comment line.
const SEEDS: &str = include_str!("practice_seeds.txt");

/// True when `generate --technique` draws `technique`'s puzzles on `shape`
/// from seeds (9x9 boards only).
pub fn is_seeded(technique: Technique, shape: Shape) -> bool {
    Shape::for_size(9) == Some(shape) && SEEDED.contains(&technique)
}

/// Why no 9x9 practice puzzle is known whose hardest step is `technique`:
/// a clause for `generate --technique`'s error and the new-game dialog,
/// for a technique drawn from seeds that the seed list has none for
/// (`None` for every other). The search (`examples/practice_seeds.rs`)
/// found none for these, and each has a reason it is rare or out of reach.
pub fn why_none_known(technique: Technique) -> Option<&'static str> {
    let nine = Shape::for_size(9)?;
    if !is_seeded(technique, nine) || !practice_seeds(technique).is_empty() {
        return None;
    }
    Some(reason_none_known(technique).unwrap_or("the puzzles searched for one all rate otherwise"))
}

/// The reason a technique has no practice puzzle, where one is known.
fn reason_none_known(technique: Technique) -> Option<&'static str> {
    use Technique::*;
    Some(match technique {
        // the other n - 4 empty cells of its house hold the other digits
        HiddenQuad => {
            "the other empty cells of its house make a naked set, found first, unless all nine are empty"
        }
        // a static chain from a wrong candidate is an alternating
        // inference chain (or holds one in its tail)
        ForcingChain => {
            "a static forcing chain is a chain of one-of-two links, so the grouped AICs tried before it find a step wherever it is up to 8 strong links long, and no puzzle searched needs a longer one"
        }
        Backtrack => {
            "trial and error is no technique but what the hint falls back on where its chains find no step, and they find one at every position of the puzzles searched"
        }
        _ => return None,
    })
}

/// The seed puzzles kept for `technique`, in the list's order.
pub fn practice_seeds(technique: Technique) -> Vec<Grid> {
    SEEDS
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let (puzzle, name) = line.split_once(' ')?;
            let named = Technique::from_name(name)?;
            (named == technique).then(|| Grid::parse(puzzle, None).ok())?
        })
        .collect()
}

/// A disguised seed of `technique` whose rating still says the technique
/// and whose hint path shows a step of it: the seeds are tried from a
/// random one on, each in a few random disguises, so a seed the rater no
/// longer rates so is skipped. With `minimal`, clues are
/// then removed while the solution stays unique, and a seed whose hardest
/// step that changes is skipped too.
pub(super) fn draw<R: Rng + ?Sized>(
    technique: Technique,
    minimal: bool,
    rng: &mut R,
    cancelled: &dyn Fn() -> bool,
) -> Result<Generated, GenerateError> {
    let seeds = practice_seeds(technique);
    let start = if seeds.is_empty() {
        0
    } else {
        rng.random_range(0..seeds.len())
    };
    let tries = if seeds.is_empty() {
        0
    } else {
        (seeds.len() * TRIES_PER_SEED).max(MIN_TRIES)
    };
    for k in 0..tries {
        if cancelled() {
            return Err(GenerateError::Cancelled);
        }
        let seed = &seeds[(start + k) % seeds.len()];
        let Some(mut puzzle) = Transform::random(seed.shape(), rng).apply(seed) else {
            continue;
        };
        let Ok(solution) = unique_solution(&puzzle) else {
            continue;
        };
        if minimal {
            let keeps = |r: &Removal| !cancelled() && r.stays_unique();
            minimize(&mut puzzle, &solution, rng, keeps);
            if cancelled() {
                return Err(GenerateError::Cancelled);
            }
        }
        let rating = rate_with(&puzzle, &solution);
        if rating.hardest == technique && hints_show(&puzzle, technique) {
            return Ok(Generated {
                puzzle,
                solution,
                rating,
            });
        }
    }
    Err(GenerateError::TechniqueUnknown {
        technique,
        seeds: seeds.len(),
    })
}

/// True when the hints from the givens, followed to the end, show a step of
/// `technique`: what a player practising it asks for.
pub(super) fn hints_show(puzzle: &Grid, technique: Technique) -> bool {
    solve_path(puzzle).is_ok_and(|path| path.iter().any(|s| s.technique == technique))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::validate::is_solution;
    use crate::generation::dig::is_minimal;
    use crate::logic::rate::rate;
    use crate::symmetry::canon::canonical_form;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn canonical(grid: &Grid) -> Grid {
        canonical_form(grid).unwrap().grid
    }

    #[test]
    fn every_seed_line_is_a_9x9_puzzle_of_a_seeded_technique() {
        let lines = SEEDS.lines().filter(|l| !l.starts_with('#')).count();
        let read: usize = SEEDED.iter().map(|&t| practice_seeds(t).len()).sum();
        assert_eq!(read, lines, "a line with a bad puzzle or another technique");
        let nine = Shape::for_size(9).unwrap();
        for &t in SEEDED {
            assert!(practice_seeds(t).iter().all(|s| s.shape() == nine));
        }
    }

    /// A change to the rater shows up here: run `examples/practice_seeds.rs`
    /// again for a list it rates as written.
    #[test]
    fn every_seed_still_rates_as_its_technique() {
        for &t in SEEDED {
            for seed in practice_seeds(t) {
                let rating = rate(&seed).unwrap();
                assert_eq!(rating.hardest, t, "{seed}: make the seed list again");
            }
        }
    }

    /// A technique that loses its seeds (the rater or the hint changed)
    /// must say why before `generate --technique` is left without puzzles
    /// for it.
    #[test]
    fn every_seeded_technique_without_seeds_has_its_reason() {
        for &t in SEEDED {
            let none = practice_seeds(t).is_empty();
            assert_eq!(why_none_known(t).is_some(), none, "{}", t.name());
            if none {
                assert!(reason_none_known(t).is_some(), "{}: say why", t.name());
            }
        }
        assert_eq!(why_none_known(Technique::XWing), None);
    }

    /// The first seeded technique the list has puzzles for.
    fn a_seeded_technique() -> Technique {
        let found = SEEDED.iter().find(|&&t| !practice_seeds(t).is_empty());
        *found.expect("the seed list has puzzles")
    }

    #[test]
    fn a_draw_is_a_fresh_disguise_of_a_seed_that_rates_as_the_technique() {
        let technique = a_seeded_technique();
        let seeds: Vec<Grid> = practice_seeds(technique).iter().map(canonical).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut drawn = Vec::new();
        for _ in 0..3 {
            let made = draw(technique, false, &mut rng, &|| false).unwrap();
            assert!(is_solution(&made.puzzle, &made.solution));
            assert_eq!(rate(&made.puzzle).unwrap().hardest, technique);
            let path = solve_path(&made.puzzle).unwrap();
            assert!(path.iter().any(|s| s.technique == technique));
            assert!(seeds.contains(&canonical(&made.puzzle)));
            assert!(!practice_seeds(technique).contains(&made.puzzle));
            assert!(!drawn.contains(&made.puzzle));
            drawn.push(made.puzzle);
        }
    }

    #[test]
    fn a_minimal_draw_keeps_its_technique_and_no_clue_can_go() {
        // seeds from top1465, most of them minimal already
        let technique = Technique::NishioChain;
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let made = draw(technique, true, &mut rng, &|| false).unwrap();
        assert!(is_minimal(&made.puzzle));
        assert_eq!(rate(&made.puzzle).unwrap().hardest, technique);
    }

    #[test]
    fn a_cancelled_draw_stops() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let made = draw(a_seeded_technique(), false, &mut rng, &|| true);
        assert_eq!(made, Err(GenerateError::Cancelled));
    }
}
