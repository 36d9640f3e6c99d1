//! The puzzle engine of tudoku, for boards of every size from 4x4 to 25x25.
//! The terminal game (the `tudoku` crate) is built on it.
//!
//! The engine parses puzzles in the usual one-line text format, solves them
//! and counts their solutions (a graph-colouring backtracker), generates
//! puzzles with exactly one solution at a chosen level from a seed, rates
//! them by the human techniques a solve needs (singles up to chains, then
//! trial and error), explains the next logical step in plain English, and
//! gives each puzzle its canonical form, the same for all its disguises.
//! It does no I/O.
//!
//! # A short tour
//!
//! ```
//! use tudoku_engine::{Difficulty, Shape, SolutionCount};
//!
//! // Parse: the length of the line gives the board (81 symbols: 9x9).
//! let puzzle = tudoku_engine::parse(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?;
//!
//! // Solve, and count the solutions (stopping at 2 is enough to know it is unique).
//! let solution = tudoku_engine::some_solution(&puzzle).expect("this puzzle has a solution");
//! assert!(solution.is_full());
//! assert_eq!(tudoku_engine::count(&puzzle, 2), SolutionCount::Exactly(1));
//!
//! // Rate: the level is that of the hardest technique a human solve needs.
//! let rating = tudoku_engine::rate(&puzzle)?;
//! assert_eq!(rating.difficulty, Difficulty::Easy);
//!
//! // The next step, explained.
//! let step = tudoku_engine::hint(&puzzle)?.expect("the puzzle is not solved yet");
//! println!("{}", step.explanation);
//!
//! // The canonical form: the same string for every disguise of a puzzle.
//! let relabelled = tudoku_engine::parse(
//!     "35..7....6..193....98....6.8...6...54..8.5..17...2...6.6....28....419..3....8..79",
//! )?; // 3 and 5 swapped
//! assert_eq!(tudoku_engine::canonical(&puzzle), tudoku_engine::canonical(&relabelled));
//!
//! // Generate: the same shape, level and seed give the same puzzle on every platform.
//! let shape = Shape::new(2, 3)?; // 6x6, boxes 2 rows tall and 3 columns wide
//! let made = tudoku_engine::generate(shape, Some(Difficulty::Medium), 7)?;
//! assert_eq!(tudoku_engine::rate(&made.puzzle)?.difficulty, Difficulty::Medium);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `examples/solve_file.rs` solves a file of puzzles and
//! `examples/daily_set.rs` makes one puzzle per level for a date.
//!
//! # The puzzle format
//!
//! One puzzle per line, `n*n` symbols row by row: `1`-`9`, then `A`-`P` for
//! 10..25 (case-insensitive), and `.`, `0` or `_` for an empty cell.
//! Whitespace, `|`, `-` and `+` are ignored, so [`parse_puzzles`] also reads
//! a pretty-printed grid of n lines; it skips blank lines and everything
//! from a `#`, and names the line and column of anything else. It also reads
//! the lists people keep: a puzzle followed by other columns (a solution,
//! Sudoku Explainer's `ED=` rating, a note), HoDoKu's `:0000:x:puzzle:::`
//! lines and `.sdk` files (tudoku's README, "Puzzle format", has the rules).
//!
//! # Layout
//!
//! The private folders follow the stages a puzzle goes through; what may be
//! used is re-exported here, so this page is the engine's whole surface.
//!
//! - `board`: shapes, geometry, grids, digit sets, the puzzle text reader,
//!   validity.
//! - `generation`: random full grids from Π layers, clue removal, generation.
//! - `solve`: the counting backtracker behind every uniqueness check.
//! - `logic`: techniques, steps, rating, hints, proofs by trial.
//! - `symmetry`: board transforms, canonical forms, Burnside's count.

#![warn(missing_docs)]

mod board;
mod generation;
mod logic;
mod solve;
mod symmetry;

pub use board::candidates::candidates;
pub use board::cell::Cell;
pub use board::digits::{DigitIter, DigitSet};
pub use board::geometry::{Geometry, SUPPORTED_SIZES, UnitKind, UnsupportedShape};
pub use board::grid::{SetError, symbol, value_of};
pub use board::house::House;
pub use board::reader::{ParseErrorKind, PuzzleAssembler, PuzzleReader};
pub use board::rules::{
    Cage, HouseIter, Rules, RulesError, RulesSpec, UnknownVariant, Variant, VariantTextError,
    digit_sets, is_variant_line, parse_variant, solo_description, sum_range, variant_line,
};
pub use board::share::{ShareError, from_share_code, is_share_code, share_code};
pub use board::validate::{Clash, conflicts, first_clash, is_consistent, is_solution, is_solved};

pub use generation::dig::{Symmetry, is_minimal};
pub use generation::fill::{FillMethod, FillStats, fill, fill_with_stats, seed_rejection_within};
pub use generation::generate::{
    GenerateOptions, generate_cancellable, generate_numbered, generate_with, highest_level,
};
pub use generation::permutation::{next_permutation, random_permutation};
pub use generation::pi::{PiLayer, all_layers};
pub use generation::practice::{
    SEEDED as PRACTICE_SEEDED, is_seeded, practice_seeds, why_none_known,
};
pub use generation::variant::{
    VariantError, VariantPuzzle, generate_variant, largest_variant_side, random_regions,
};

pub use solve::solver::{Outcome, PROGRESS_EVERY, Solver};

pub use logic::hint::{
    Highlight, Hint, HintLevel, next_hint, solve_path, step_highlight, step_text,
};
pub use logic::rate::{rate_with, unique_solution};
pub use logic::spelled::{
    FIRST_LINK, HintPart, NEXT_LINK, has_chain, link_cells, link_lines, spell_out,
};

pub use logic::techniques;
pub use logic::trial::unique_by_trials;
pub use logic::unique::{solve_unique, solve_unique_in_place_with, solve_unique_with};

pub use symmetry::burnside::{
    Census, ClassCount, SymmetryClass, census, census_by_class, published_grid_count,
};
pub use symmetry::canon::{Canonical, canonical_form, mapping};
pub use symmetry::transform::Transform;

/// A board's box shape: `box_rows` x `box_cols` boxes on an n x n board,
/// n = `box_rows` * `box_cols`, from 2x2 (n = 4) to 5x5 (n = 25).
///
/// ```
/// use tudoku_engine::Shape;
/// let tall = Shape::new(3, 2)?; // 6x6 with boxes 3 rows tall
/// assert_eq!(tall.n(), 6);
/// assert_eq!(Shape::for_size(16), Some(Shape::new(4, 4)?));
/// assert_eq!("3x4".parse::<Shape>(), Shape::new(3, 4).map_err(|e| e.to_string()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub use board::geometry::Shape;
/// A board's values, row by row (0 for an empty cell).
///
/// ```
/// let grid = tudoku_engine::parse("1.3. .4.1 2.4. .1.2")?; // 4x4: spaces are ignored
/// assert_eq!(grid.n(), 4);
/// assert_eq!(grid.get(2), 3); // row 1, column 3
/// assert_eq!(grid.to_line(true), "1030040120400102");
/// # Ok::<(), tudoku_engine::ParseError>(())
/// ```
pub use board::grid::Grid;
/// A puzzle that could not be read, with where.
///
/// ```
/// let err = tudoku_engine::parse("12x4............").unwrap_err();
/// assert_eq!(err.column, 3);
/// ```
pub use board::reader::ParseError;
/// One puzzle read by [`parse_puzzles`], with its line number.
///
/// ```
/// let read = tudoku_engine::parse_puzzles("# a comment\n1234341221434321\n", None)
///     .next()
///     .unwrap()?;
/// assert_eq!(read.line, 2);
/// # Ok::<(), tudoku_engine::ParseError>(())
/// ```
pub use board::reader::ParsedPuzzle;
/// Reads every puzzle of a text (a file's contents), one `Result` per puzzle.
///
/// ```
/// let text = "1234341221434321\n# skipped\nnot a puzzle\n";
/// let read: Vec<_> = tudoku_engine::parse_puzzles(text, None).collect();
/// assert_eq!(read.len(), 2);
/// assert!(read[0].is_ok());
/// assert_eq!(read[1].as_ref().unwrap_err().line, 3);
/// ```
pub use board::reader::parse_puzzles;
/// Why [`generate`] made no puzzle.
///
/// ```
/// use tudoku_engine::{Difficulty, GenerateError, Shape};
/// // A 4x4 board never needs more than singles.
/// let four = Shape::new(2, 2)?;
/// let err = tudoku_engine::generate(four, Some(Difficulty::Hard), 1).unwrap_err();
/// assert!(matches!(err, GenerateError::LevelBeyondBoard { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub use generation::generate::GenerateError;
/// What [`generate`] returns.
///
/// ```
/// let made = tudoku_engine::generate(tudoku_engine::Shape::new(3, 3)?, None, 1)?;
/// assert_eq!(tudoku_engine::some_solution(&made.puzzle), Some(made.solution));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub use generation::generate::Generated;
/// The levels a puzzle is rated at, easiest first.
///
/// ```
/// use tudoku_engine::Difficulty;
/// assert!(Difficulty::Easy < Difficulty::Extreme);
/// assert_eq!("hard".parse::<Difficulty>(), Ok(Difficulty::Hard));
/// ```
pub use logic::difficulty::Difficulty;
/// Why a next step could not be given.
///
/// ```
/// let two = tudoku_engine::parse("................")?; // many solutions
/// assert!(tudoku_engine::hint(&two).is_err());
/// # Ok::<(), tudoku_engine::ParseError>(())
/// ```
pub use logic::hint::HintError;
/// A puzzle's level, its score within the level and the hardest technique.
///
/// ```
/// let rating = tudoku_engine::rate(&tudoku_engine::parse("12343412214343.1")?)?;
/// assert_eq!(rating.difficulty, tudoku_engine::Difficulty::Easy);
/// assert_eq!(rating.steps, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub use logic::rate::Rating;
/// Why a puzzle cannot be rated or hinted: it needs exactly one solution.
///
/// ```
/// let clash = tudoku_engine::parse("11..............")?;
/// assert_eq!(tudoku_engine::rate(&clash), Err(tudoku_engine::Unsolvable::NoSolution));
/// # Ok::<(), tudoku_engine::ParseError>(())
/// ```
pub use logic::rate::Unsolvable;
/// One deduction, with the technique, its cells by row and column, the
/// rows, columns and boxes it reasons in, and a plain-English explanation.
///
/// ```
/// use tudoku_engine::{Cell, House, Technique};
/// let puzzle = tudoku_engine::parse("1234341221434.21")?;
/// let step = tudoku_engine::hint(&puzzle)?.unwrap();
/// let shape = puzzle.shape();
/// assert_eq!(step.technique, Technique::FullHouse);
/// let r4c2 = Cell::new(3, 1);
/// assert_eq!(step.placed(shape).collect::<Vec<_>>(), [(r4c2, 3)]);
/// // the last gap of row 4, column 2 and box 3: a full house names the box
/// assert_eq!(step.houses(shape).collect::<Vec<_>>(), [House::Box(2)]);
/// assert_eq!(House::Box(2).to_string(), "box 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub use logic::step::Step;
/// The human solving techniques, easiest first.
///
/// ```
/// use tudoku_engine::Technique;
/// assert!(Technique::NakedSingle < Technique::XWing);
/// assert_eq!(Technique::ALL.last(), Some(&Technique::Backtrack));
/// ```
pub use logic::step::Technique;
/// How many solutions [`count`] found before it stopped.
///
/// ```
/// use tudoku_engine::SolutionCount;
/// let empty = tudoku_engine::parse("................")?; // a blank 4x4 board
/// assert_eq!(tudoku_engine::count_all(&empty), SolutionCount::Exactly(288));
/// assert_eq!(tudoku_engine::count(&empty, 10), SolutionCount::AtLeast(10));
/// # Ok::<(), tudoku_engine::ParseError>(())
/// ```
pub use solve::solver::SolutionCount;

/// Parses one puzzle written on one line; the board's size comes from the
/// number of symbols. For a file of many puzzles, with comments and
/// pretty-printed grids, use [`parse_puzzles`].
///
/// ```
/// let grid = tudoku_engine::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")?;
/// assert_eq!((grid.n(), grid.filled_count()), (9, 17));
/// assert!(tudoku_engine::parse("123").is_err());
/// # Ok::<(), tudoku_engine::ParseError>(())
/// ```
pub fn parse(line: &str) -> Result<Grid, ParseError> {
    Grid::parse(line, None)
}

/// The canonical form of a puzzle or grid: the smallest string, read row by
/// row with empty cells as 0, over every band, stack, row and column order,
/// digit relabelling and (where boxes are square) transposition, so that two
/// puzzles are the same puzzle in disguise exactly when their canonical
/// forms are equal. On 9x9 this is the community's "minlex" form. `None`
/// when a digit repeats in a row, column or box.
///
/// ```
/// let grid = tudoku_engine::parse("3412214312344321")?; // a full 4x4 grid
/// let form = tudoku_engine::canonical(&grid).unwrap();
/// assert!(form.to_line(false).starts_with("1234")); // first row: 1 to n
/// assert_eq!(tudoku_engine::canonical(&form), Some(form.clone()));
/// assert_eq!(tudoku_engine::canonical(&tudoku_engine::parse("11..............")?), None);
/// # Ok::<(), tudoku_engine::ParseError>(())
/// ```
pub fn canonical(puzzle: &Grid) -> Option<Grid> {
    symmetry::canon::canonical_form(puzzle).map(|found| found.grid)
}

/// The puzzle's one solution, or why it has not exactly one: what a puzzle
/// is for. Givens that repeat a digit in a row, column or box are named
/// ([`Unsolvable::Clash`]) rather than searched.
///
/// ```
/// use tudoku_engine::{Cell, Unsolvable};
/// let puzzle = tudoku_engine::parse("1.34341.2.434321")?; // each row misses one digit
/// assert_eq!(tudoku_engine::solution(&puzzle)?.to_string(), "1234341221434321");
/// let open = tudoku_engine::parse("1...............")?;
/// assert_eq!(tudoku_engine::solution(&open), Err(Unsolvable::MultipleSolutions));
/// let clash = tudoku_engine::parse("11..............")?;
/// assert_eq!(
///     tudoku_engine::solution(&clash),
///     Err(Unsolvable::Clash { first: Cell::new(0, 0), second: Cell::new(0, 1), digit: 1 })
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solution(puzzle: &Grid) -> Result<Grid, Unsolvable> {
    if let Some(clash) = first_clash(puzzle) {
        return Err(Unsolvable::clash(clash));
    }
    unique_solution(puzzle)
}

/// The first solution found, or `None` when the puzzle has none. A puzzle
/// with several solutions gets one of them: [`solution`] insists on one,
/// and [`count`] tells them apart.
///
/// ```
/// let open = tudoku_engine::parse("1.34............")?;
/// let some = tudoku_engine::some_solution(&open).unwrap();
/// assert!(some.to_string().starts_with("1234"));
/// # Ok::<(), tudoku_engine::ParseError>(())
/// ```
pub fn some_solution(puzzle: &Grid) -> Option<Grid> {
    solve::solver::solve(puzzle)
}

/// Counts solutions, stopping at `limit`: `count(puzzle, 2)` is the
/// uniqueness test. A limit of 0 looks for none; [`count_all`] has no
/// limit.
///
/// ```
/// use tudoku_engine::SolutionCount;
/// let empty = tudoku_engine::parse("................")?; // a blank 4x4 board
/// assert_eq!(tudoku_engine::count(&empty, 10), SolutionCount::AtLeast(10));
/// assert_eq!(tudoku_engine::count(&empty, 0), SolutionCount::AtLeast(0));
/// # Ok::<(), tudoku_engine::ParseError>(())
/// ```
pub fn count(puzzle: &Grid, limit: u64) -> SolutionCount {
    if limit == 0 {
        return SolutionCount::AtLeast(0);
    }
    solve::solver::count(puzzle, limit)
}

/// Counts every solution, which can take hours on a board with few givens
/// (the search is iterative: it never runs out of stack).
///
/// ```
/// use tudoku_engine::SolutionCount;
/// // 288 4x4 grids, and 4 x 3 ways to fill the first two cells: 24 each.
/// let puzzle = tudoku_engine::parse("12..............")?;
/// assert_eq!(tudoku_engine::count_all(&puzzle), SolutionCount::Exactly(24));
/// # Ok::<(), tudoku_engine::ParseError>(())
/// ```
pub fn count_all(puzzle: &Grid) -> SolutionCount {
    solve::solver::count(puzzle, 0)
}

/// Generates a puzzle with exactly one solution for `shape`, at exactly
/// `level` when given, from `seed`: the same arguments give the same puzzle
/// on every platform (the one `tudoku generate --seed SEED` prints first).
/// Givens are placed with rotational symmetry when boxes are square.
///
/// ```
/// use tudoku_engine::{Difficulty, Shape};
/// let made = tudoku_engine::generate(Shape::new(3, 3)?, Some(Difficulty::Hard), 2024)?;
/// assert_eq!(made.rating.difficulty, Difficulty::Hard);
/// assert_eq!(tudoku_engine::count(&made.puzzle, 2), tudoku_engine::SolutionCount::Exactly(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate(
    shape: Shape,
    level: Option<Difficulty>,
    seed: u64,
) -> Result<Generated, GenerateError> {
    let options = GenerateOptions {
        difficulty: level,
        ..GenerateOptions::new(shape)
    };
    generate_from(&options, seed)
}

/// Generates with every option `tudoku generate` has (level, symmetry of
/// the givens, minimal), from `seed`: the first puzzle that command prints
/// with the same options. [`generate_numbered`] gives the ones after it.
///
/// ```
/// use tudoku_engine::{GenerateOptions, Shape, Symmetry};
/// let options = GenerateOptions {
///     symmetry: Symmetry::Mirror,
///     minimal: true,
///     ..GenerateOptions::new(Shape::new(2, 3)?)
/// };
/// let made = tudoku_engine::generate_from(&options, 5)?;
/// assert!(tudoku_engine::is_minimal(&made.puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate_from(options: &GenerateOptions, seed: u64) -> Result<Generated, GenerateError> {
    generate_numbered(options, seed, 0, &|| false)
}

/// Rates a puzzle by solving it as a person would, the easiest step each
/// time: the level of the hardest technique needed, and a score that orders
/// puzzles within a level.
///
/// ```
/// use tudoku_engine::{Difficulty, Technique, Unsolvable};
/// let one_gap = tudoku_engine::parse("1234341221434.21")?;
/// let rating = tudoku_engine::rate(&one_gap)?;
/// assert_eq!((rating.difficulty, rating.hardest), (Difficulty::Easy, Technique::FullHouse));
/// let open = tudoku_engine::parse("1...............")?;
/// assert_eq!(tudoku_engine::rate(&open), Err(Unsolvable::MultipleSolutions));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate(puzzle: &Grid) -> Result<Rating, Unsolvable> {
    logic::rate::rate(puzzle)
}

/// The easiest next step from the puzzle's givens, with its explanation
/// (`None` when every cell is filled).
///
/// ```
/// let puzzle = tudoku_engine::parse("1234341221434.21")?;
/// let step = tudoku_engine::hint(&puzzle)?.unwrap();
/// assert!(step.explanation.contains("r4c2"), "{}", step.explanation);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hint(puzzle: &Grid) -> Result<Option<Step>, HintError> {
    let nothing_entered = Grid::empty(puzzle.shape());
    match next_hint(puzzle, &nothing_entered, None, None)? {
        Hint::Step { step, .. } => Ok(Some(step)),
        // With no entries and no notes there are no mistakes to name.
        _ => Ok(None),
    }
}
