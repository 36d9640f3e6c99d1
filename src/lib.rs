//! A Sudoku engine for boards of every size from 4x4 to 25x25, and the
//! terminal game built on it (the `tudoku` binary).
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
//! use tudoku::{Difficulty, Shape, SolutionCount};
//!
//! // Parse: the length of the line gives the board (81 symbols: 9x9).
//! let puzzle = tudoku::parse(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?;
//!
//! // Solve, and count the solutions (stopping at 2 is enough to know it is unique).
//! let solution = tudoku::solve(&puzzle).expect("this puzzle has a solution");
//! assert!(solution.is_full());
//! assert_eq!(tudoku::count(&puzzle, 2), SolutionCount::Exactly(1));
//!
//! // Rate: the level is that of the hardest technique a human solve needs.
//! let rating = tudoku::rate(&puzzle)?;
//! assert_eq!(rating.difficulty, Difficulty::Easy);
//!
//! // The next step, explained.
//! let step = tudoku::hint(&puzzle)?.expect("the puzzle is not solved yet");
//! println!("{}", step.explanation);
//!
//! // The canonical form: the same string for every disguise of a puzzle.
//! let relabelled = tudoku::parse(
//!     "35..7....6..193....98....6.8...6...54..8.5..17...2...6.6....28....419..3....8..79",
//! )?; // 3 and 5 swapped
//! assert_eq!(tudoku::canonical(&puzzle), tudoku::canonical(&relabelled));
//!
//! // Generate: the same shape, level and seed give the same puzzle on every platform.
//! let shape = Shape::new(2, 3)?; // 6x6, boxes 2 rows tall and 3 columns wide
//! let made = tudoku::generate(shape, Some(Difficulty::Medium), 7)?;
//! assert_eq!(tudoku::rate(&made.puzzle)?.difficulty, Difficulty::Medium);
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
//! lines and `.sdk` files (README.md, "Puzzle format", has the rules).
//!
//! # What is public
//!
//! The items at the crate root are the library: they are documented and
//! follow semantic versioning. The modules `engine`, `game`, `storage` and
//! `ui` are public only because the `tudoku` binary, the tests and the
//! benches (each a crate of its own) are built on them; they are hidden from
//! these docs and may change in any release.

#[doc(hidden)]
pub mod engine;
#[doc(hidden)]
pub mod game;
#[doc(hidden)]
pub mod storage;
#[doc(hidden)]
pub mod ui;

use engine::{Hint, next_hint};
use rand::SeedableRng;

/// The levels a puzzle is rated at, easiest first.
///
/// ```
/// use tudoku::Difficulty;
/// assert!(Difficulty::Easy < Difficulty::Extreme);
/// assert_eq!("hard".parse::<Difficulty>(), Ok(Difficulty::Hard));
/// ```
pub use engine::Difficulty;
/// Why [`generate`] made no puzzle.
///
/// ```
/// use tudoku::{Difficulty, GenerateError, Shape};
/// // A 4x4 board never needs more than singles.
/// let four = Shape::new(2, 2)?;
/// let err = tudoku::generate(four, Some(Difficulty::Hard), 1).unwrap_err();
/// assert!(matches!(err, GenerateError::LevelBeyondBoard { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub use engine::GenerateError;
/// What [`generate`] returns.
///
/// ```
/// let made = tudoku::generate(tudoku::Shape::new(3, 3)?, None, 1)?;
/// assert_eq!(tudoku::solve(&made.puzzle), Some(made.solution));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub use engine::Generated;
/// A board's values, row by row (0 for an empty cell).
///
/// ```
/// let grid = tudoku::parse("1.3. .4.1 2.4. .1.2")?; // 4x4: spaces are ignored
/// assert_eq!(grid.n(), 4);
/// assert_eq!(grid.get(2), 3); // row 1, column 3
/// assert_eq!(grid.to_line(true), "1030040120400102");
/// # Ok::<(), tudoku::ParseError>(())
/// ```
pub use engine::Grid;
/// Why a next step could not be given.
///
/// ```
/// let two = tudoku::parse("................")?; // many solutions
/// assert!(tudoku::hint(&two).is_err());
/// # Ok::<(), tudoku::ParseError>(())
/// ```
pub use engine::HintError;
/// A puzzle that could not be read, with where.
///
/// ```
/// let err = tudoku::parse("12x4............").unwrap_err();
/// assert_eq!(err.column, 3);
/// ```
pub use engine::ParseError;
/// One puzzle read by [`parse_puzzles`], with its line number.
///
/// ```
/// let read = tudoku::parse_puzzles("# a comment\n1234341221434321\n", None)
///     .next()
///     .unwrap()?;
/// assert_eq!(read.line, 2);
/// # Ok::<(), tudoku::ParseError>(())
/// ```
pub use engine::ParsedPuzzle;
/// A puzzle's level, its score within the level and the hardest technique.
///
/// ```
/// let rating = tudoku::rate(&tudoku::parse("12343412214343.1")?)?;
/// assert_eq!(rating.difficulty, tudoku::Difficulty::Easy);
/// assert_eq!(rating.steps, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub use engine::Rating;
/// A board's box shape: `box_rows` x `box_cols` boxes on an n x n board,
/// n = `box_rows` * `box_cols`, from 2x2 (n = 4) to 5x5 (n = 25).
///
/// ```
/// use tudoku::Shape;
/// let tall = Shape::new(3, 2)?; // 6x6 with boxes 3 rows tall
/// assert_eq!(tall.n(), 6);
/// assert_eq!(Shape::for_size(16), Some(Shape::new(4, 4)?));
/// assert_eq!("3x4".parse::<Shape>(), Shape::new(3, 4).map_err(|e| e.to_string()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub use engine::Shape;
/// How many solutions [`count`] found before it stopped.
///
/// ```
/// use tudoku::SolutionCount;
/// let empty = tudoku::parse("................")?; // a blank 4x4 board
/// assert_eq!(tudoku::count(&empty, 0), SolutionCount::Exactly(288));
/// assert_eq!(tudoku::count(&empty, 10), SolutionCount::AtLeast(10));
/// # Ok::<(), tudoku::ParseError>(())
/// ```
pub use engine::SolutionCount;
/// One deduction, with the technique, the cells and a plain-English
/// explanation.
///
/// ```
/// let puzzle = tudoku::parse("1234341221434.21")?;
/// let step = tudoku::hint(&puzzle)?.unwrap();
/// assert_eq!(step.placements, vec![(13, 3)]); // r4c2 is 3
/// assert_eq!(step.technique, tudoku::Technique::FullHouse);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub use engine::Step;
/// The human solving techniques, easiest first.
///
/// ```
/// use tudoku::Technique;
/// assert!(Technique::NakedSingle < Technique::XWing);
/// assert_eq!(Technique::ALL.last(), Some(&Technique::Backtrack));
/// ```
pub use engine::Technique;
/// Why a puzzle cannot be rated or hinted: it needs exactly one solution.
///
/// ```
/// let clash = tudoku::parse("11..............")?;
/// assert_eq!(tudoku::rate(&clash), Err(tudoku::Unsolvable::NoSolution));
/// # Ok::<(), tudoku::ParseError>(())
/// ```
pub use engine::Unsolvable;
/// Reads every puzzle of a text (a file's contents), one `Result` per puzzle.
///
/// ```
/// let text = "1234341221434321\n# skipped\nnot a puzzle\n";
/// let read: Vec<_> = tudoku::parse_puzzles(text, None).collect();
/// assert_eq!(read.len(), 2);
/// assert!(read[0].is_ok());
/// assert_eq!(read[1].as_ref().unwrap_err().line, 3);
/// ```
pub use engine::parse_puzzles;

/// Parses one puzzle written on one line; the board's size comes from the
/// number of symbols. For a file of many puzzles, with comments and
/// pretty-printed grids, use [`parse_puzzles`].
///
/// ```
/// let grid = tudoku::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")?;
/// assert_eq!((grid.n(), grid.filled_count()), (9, 17));
/// assert!(tudoku::parse("123").is_err());
/// # Ok::<(), tudoku::ParseError>(())
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
/// let grid = tudoku::parse("3412214312344321")?; // a full 4x4 grid
/// let form = tudoku::canonical(&grid).unwrap();
/// assert!(form.to_line(false).starts_with("1234")); // first row: 1 to n
/// assert_eq!(tudoku::canonical(&form), Some(form.clone()));
/// assert_eq!(tudoku::canonical(&tudoku::parse("11..............")?), None);
/// # Ok::<(), tudoku::ParseError>(())
/// ```
pub fn canonical(puzzle: &Grid) -> Option<Grid> {
    engine::canonical(puzzle).map(|found| found.grid)
}

/// The first solution found, or `None` when the puzzle has none. A puzzle
/// with several solutions gets one of them: [`count`] tells them apart.
///
/// ```
/// let puzzle = tudoku::parse("1.34341.2.434321")?; // each row misses one digit
/// assert_eq!(tudoku::solve(&puzzle).unwrap().to_line(false), "1234341221434321");
/// # Ok::<(), tudoku::ParseError>(())
/// ```
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    engine::solve(puzzle)
}

/// Counts solutions, stopping at `limit` (0 counts them all, which can take
/// hours on a board with few givens). `count(puzzle, 2)` is the uniqueness
/// test.
///
/// ```
/// use tudoku::SolutionCount;
/// // 288 4x4 grids, and 4 x 3 ways to fill the first two cells: 24 each.
/// let puzzle = tudoku::parse("12..............")?;
/// assert_eq!(tudoku::count(&puzzle, 0), SolutionCount::Exactly(24));
/// # Ok::<(), tudoku::ParseError>(())
/// ```
pub fn count(puzzle: &Grid, limit: u64) -> SolutionCount {
    engine::count(puzzle, limit)
}

/// Generates a puzzle with exactly one solution for `shape`, at exactly
/// `level` when given, from `seed`: the same arguments give the same puzzle
/// on every platform (the one `tudoku generate --seed SEED` prints first).
/// Givens are placed with rotational symmetry when boxes are square.
///
/// ```
/// use tudoku::{Difficulty, Shape};
/// let made = tudoku::generate(Shape::new(3, 3)?, Some(Difficulty::Hard), 2024)?;
/// assert_eq!(made.rating.difficulty, Difficulty::Hard);
/// assert_eq!(tudoku::count(&made.puzzle, 2), tudoku::SolutionCount::Exactly(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate(
    shape: Shape,
    level: Option<Difficulty>,
    seed: u64,
) -> Result<Generated, GenerateError> {
    let options = engine::GenerateOptions {
        difficulty: level,
        ..engine::GenerateOptions::new(shape)
    };
    engine::generate(&options, &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed))
}

/// Rates a puzzle by solving it as a person would, the easiest step each
/// time: the level of the hardest technique needed, and a score that orders
/// puzzles within a level.
///
/// ```
/// use tudoku::{Difficulty, Technique, Unsolvable};
/// let one_gap = tudoku::parse("1234341221434.21")?;
/// let rating = tudoku::rate(&one_gap)?;
/// assert_eq!((rating.difficulty, rating.hardest), (Difficulty::Easy, Technique::FullHouse));
/// let open = tudoku::parse("1...............")?;
/// assert_eq!(tudoku::rate(&open), Err(Unsolvable::MultipleSolutions));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate(puzzle: &Grid) -> Result<Rating, Unsolvable> {
    engine::rate(puzzle)
}

/// The easiest next step from the puzzle's givens, with its explanation
/// (`None` when every cell is filled).
///
/// ```
/// let puzzle = tudoku::parse("1234341221434.21")?;
/// let step = tudoku::hint(&puzzle)?.unwrap();
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
