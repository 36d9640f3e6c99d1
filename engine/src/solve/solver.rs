//! Solving and counting (seed sudoku-graph-coloring): Sudoku as colouring the
//! peer graph with n colours, by a backtracker that branches on a cell with
//! the fewest remaining colours (DSatur: a cell with two when there is one)
//! and propagates forced colours at each node.
//!
//! The board is kept digit-major, by bands (the rows of one row of boxes):
//! for each digit and band, one bitmask of the band's cells that may still
//! hold the digit (`u32` up to 9x9, `u64` up to 16x16, `u128` for 25x25),
//! read a row at a time through small per-shape tables. Within a band a
//! digit goes once in each row and once in each box, so an update of one
//! digit's band keeps only the row-box crossings that lie on a matching of
//! rows to boxes (which finds pointing and claiming locked candidates in the
//! band), takes the digit out of columns that a box of the band confines it
//! to, and marks solved the cells that are the last place for the digit in
//! their box (hidden singles), clearing the other digits from them. Propagation only
//! updates the digit-bands that changed since their last update, then counts
//! each cell's candidates up to three with a few bit operations per digit to
//! place naked singles and note bivalue cells for branching, and when that
//! finds none, may look for hidden singles in columns. The idea is
//! zhouyundong's JCZSolve band solver, here generic over the box shape: the
//! search core takes the box's `H` rows and `W` columns as const generics, so
//! every supported shape gets fixed-size arrays and unrolled loops, and a
//! search state that is copied once, not allocated, when the search
//! branches. The search keeps its own stack on the heap, so 25x25 boards
//! never overflow the call stack.
//!
//! Counting all solutions of a sparse grid counts one solution per
//! relabelling of the unused digits (see `one_per_relabelling`).
//!
//! The jobs live in files of their own: `search` (the search loop and the
//! band layout), `state` (placing and removing digits), `propagate`
//! (band updates and singles), `branch` (which cell to branch on), `tables`
//! (per-shape lookups), `bits` (band bitmasks) and `relabel` (counting by
//! digit relabelling). This file holds the public surface.

use crate::board::digits::DigitSet;
use crate::board::geometry::{SUPPORTED_SHAPES, Shape};
use crate::board::grid::Grid;

use super::houses::HouseSearch;
use super::nine::NineBoard;
use super::relabel::one_per_relabelling;
use super::search::{Core, Search};

/// How many solutions a puzzle has, up to the limit the caller asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolutionCount {
    /// The search finished: exactly this many.
    Exactly(u64),
    /// The search stopped at the limit: this many or more.
    AtLeast(u64),
}

impl SolutionCount {
    /// The number of solutions found before stopping.
    pub fn found(self) -> u64 {
        match self {
            SolutionCount::Exactly(k) | SolutionCount::AtLeast(k) => k,
        }
    }

    /// True when the puzzle has exactly one solution.
    pub fn is_unique(self) -> bool {
        self == SolutionCount::Exactly(1)
    }
}

/// What one search for "a solution, and is it the only one" found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// No solution exists.
    Unsolvable,
    /// Exactly one solution, this one.
    Unique(Grid),
    /// At least two solutions; this is the first one found.
    Multiple(Grid),
}

impl Outcome {
    /// The solution found, if any.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Outcome::Unsolvable => None,
            Outcome::Unique(g) | Outcome::Multiple(g) => Some(g),
        }
    }

    /// Whether the search found exactly one solution.
    pub fn is_unique(&self) -> bool {
        matches!(self, Outcome::Unique(_))
    }
}

/// The first solution found, or `None` when the puzzle has none.
pub fn solve(grid: &Grid) -> Option<Grid> {
    Solver::new().solve(grid)
}

/// Counts solutions, stopping at `limit` (0 counts them all).
pub fn count(grid: &Grid, limit: u64) -> SolutionCount {
    Solver::new().count(grid, limit)
}

/// A solver that keeps its search buffers between puzzles, for callers that
/// solve many (generation asks `count(2)` thousands of times per puzzle).
#[derive(Default)]
pub struct Solver {
    /// One search core per supported shape, created on first use.
    cores: [Option<Box<dyn Search>>; SUPPORTED_SHAPES.len()],
    /// Made by `for_short_searches`.
    short: bool,
    /// The puzzle's givens, kept between puzzles by `solve_unique_in_place`.
    givens: Option<Grid>,
    /// The search for boards whose rules are not classic, created on first
    /// use.
    houses: Option<HouseSearch>,
}

impl Solver {
    /// A solver with no buffers yet: each board shape gets its own on first use.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver for searches known to be short, like the uniqueness checks
    /// of clue removal, whose puzzles are one removal away from a puzzle
    /// with one solution: it keeps 9x9 boards on the generic search, whose
    /// setup is cheaper, where `new` hands sparse boards to the triad
    /// search, whose faster branches pay only on long searches (measured on
    /// 9x9 generation: any level 89 -> 84 µs a puzzle, Extreme 876 -> 772
    /// µs). The answers are the same.
    pub fn for_short_searches() -> Solver {
        Solver {
            short: true,
            ..Solver::default()
        }
    }

    /// The first solution found, or `None` when the puzzle has none.
    pub fn solve(&mut self, grid: &Grid) -> Option<Grid> {
        let mut first = grid.blank_like();
        let found = self
            .search_for(grid)
            .run(grid, &[], 1, Some(&mut first), &mut quiet);
        (found > 0).then_some(first)
    }

    /// Counts solutions, stopping at `limit` (0 counts them all).
    pub fn count(&mut self, grid: &Grid, limit: u64) -> SolutionCount {
        self.count_with_progress(grid, limit, &mut quiet)
    }

    /// `count`, telling `progress` the number found so far every
    /// [`PROGRESS_EVERY`] solutions, for callers that show a long count
    /// going (a count can take hours).
    pub fn count_with_progress(
        &mut self,
        grid: &Grid,
        limit: u64,
        progress: &mut dyn FnMut(u64),
    ) -> SolutionCount {
        if limit == 0
            && let Some((representatives, group)) = one_per_relabelling(grid)
        {
            let mut scaled = |found: u64| progress(found.saturating_mul(group));
            let found = self
                .search_for(grid)
                .run(&representatives, &[], 0, None, &mut scaled);
            return match found.checked_mul(group) {
                Some(total) => SolutionCount::Exactly(total),
                None => SolutionCount::AtLeast(u64::MAX),
            };
        }
        let found = self.search_for(grid).run(grid, &[], limit, None, progress);
        stopped_at(found, limit)
    }

    /// `count` with the empty cells' digits limited to `candidates` (one set
    /// per cell; an empty slice limits nothing). A caller that knows one
    /// solution asks whether another exists by ruling that solution's digit
    /// out of a cell: the search then stops at the first other solution,
    /// rather than finding the known one first.
    pub fn count_within(
        &mut self,
        grid: &Grid,
        candidates: &[DigitSet],
        limit: u64,
    ) -> SolutionCount {
        let found = self
            .search_for(grid)
            .run(grid, candidates, limit, None, &mut quiet);
        stopped_at(found, limit)
    }

    /// The first solution and whether a second one exists, in one search.
    /// On 16x16 and larger boards `solve_unique_with` is faster: it
    /// narrows the candidates by logic first.
    pub fn solve_unique(&mut self, grid: &Grid) -> Outcome {
        self.solve_unique_within(grid, &[])
    }

    /// `solve_unique` with the empty cells' digits limited to `candidates`
    /// (one set per cell; an empty slice limits nothing). The rater knows
    /// candidates that logic ruled out in every solution: the search then
    /// finds the same solutions with far fewer branches.
    pub fn solve_unique_within(&mut self, grid: &Grid, candidates: &[DigitSet]) -> Outcome {
        let mut first = grid.blank_like();
        match self
            .search_for(grid)
            .run(grid, candidates, 2, Some(&mut first), &mut quiet)
        {
            0 => Outcome::Unsolvable,
            1 => Outcome::Unique(first),
            _ => Outcome::Multiple(first),
        }
    }

    /// `solve_unique` for a caller done with the puzzle: `grid` becomes
    /// its first solution when it has one, and is left as it was when it
    /// has none, so that the caller can say why. The count stops at two.
    /// A batch solve spares the new grid `solve_unique` makes for each
    /// solution, an allocation a puzzle: the givens are copied into a grid
    /// the solver keeps instead.
    pub fn solve_unique_in_place(&mut self, grid: &mut Grid) -> SolutionCount {
        let givens = match self.givens.take() {
            Some(mut kept) if kept.shape() == grid.shape() => {
                kept.copy_from(grid);
                kept
            }
            _ => grid.clone(),
        };
        let found = self
            .search_for(grid)
            .run(&givens, &[], 2, Some(grid), &mut quiet);
        self.givens = Some(givens);
        stopped_at(found, 2)
    }

    /// The search for `grid`: its shape's band search under classic rules,
    /// the house search under any other.
    fn search_for(&mut self, grid: &Grid) -> &mut dyn Search {
        if grid.rules().is_classic() {
            self.core(grid.shape())
        } else {
            self.houses.get_or_insert_with(HouseSearch::default)
        }
    }

    fn core(&mut self, shape: Shape) -> &mut dyn Search {
        let index = shape_index(shape);
        self.cores[index]
            .get_or_insert_with(|| match (shape.box_rows(), shape.box_cols()) {
                (2, 2) => Box::new(Core::<2, 2, 4, u32>::new()),
                (2, 3) => Box::new(Core::<2, 3, 6, u32>::new()),
                (3, 2) => Box::new(Core::<3, 2, 6, u32>::new()),
                (2, 4) => Box::new(Core::<2, 4, 8, u32>::new()),
                (4, 2) => Box::new(Core::<4, 2, 8, u32>::new()),
                (3, 3) if self.short => Box::new(NineBoard::generic_only()),
                (3, 3) => Box::new(NineBoard::new()),
                (3, 4) => Box::new(Core::<3, 4, 12, u64>::new()),
                (4, 3) => Box::new(Core::<4, 3, 12, u64>::new()),
                (4, 4) => Box::new(Core::<4, 4, 16, u64>::new()),
                _ => Box::new(Core::<5, 5, 25, u128>::new()),
            })
            .as_mut()
    }
}

/// The count a search that found `found` solutions, stopping at `limit`, proves.
fn stopped_at(found: u64, limit: u64) -> SolutionCount {
    if limit != 0 && found >= limit {
        SolutionCount::AtLeast(found)
    } else {
        SolutionCount::Exactly(found)
    }
}

/// How often, in solutions found, `count_with_progress` reports.
pub const PROGRESS_EVERY: u64 = 1 << 16;

/// A progress callback that ignores the news.
fn quiet(_found: u64) {}

pub(super) fn shape_index(shape: Shape) -> usize {
    let index = SHAPE_INDEX[shape.box_rows() * BOX_SIDES + shape.box_cols()];
    assert!(
        index != u8::MAX,
        "Shape values are only built from SUPPORTED_SHAPES"
    );
    usize::from(index)
}

/// Box sides run 2..=5: a box's rows and columns index `SHAPE_INDEX` as
/// `rows * BOX_SIDES + cols`.
const BOX_SIDES: usize = 6;

/// Each supported box shape's position in `SUPPORTED_SHAPES` (`u8::MAX`
/// for none): a lookup where a search of the list cost 2% of generating a
/// 9x9 puzzle, which asks the solver dozens of times.
const SHAPE_INDEX: [u8; BOX_SIDES * BOX_SIDES] = {
    let mut index = [u8::MAX; BOX_SIDES * BOX_SIDES];
    let mut i = 0;
    while i < SUPPORTED_SHAPES.len() {
        let (rows, cols) = SUPPORTED_SHAPES[i];
        index[rows as usize * BOX_SIDES + cols as usize] = i as u8;
        i += 1;
    }
    index
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::validate::{is_solution, is_solved};

    #[test]
    fn empty_4x4_has_288_solutions() {
        let g = Grid::empty(Shape::for_size(4).unwrap());
        assert_eq!(count(&g, 0), SolutionCount::Exactly(288));
        assert_eq!(count(&g, 10), SolutionCount::AtLeast(10));
    }

    /// In place, one solver across every shape in turn: the grid becomes
    /// the solution `solve_unique` finds, with the same count, and stays
    /// as it was when there is none.
    #[test]
    fn solving_in_place_matches_solve_unique() {
        let mut solver = Solver::new();
        for _ in 0..2 {
            for shape in Shape::all() {
                let full = solve(&Grid::empty(shape)).expect("an empty board has a solution");
                let mut one_empty = full.clone();
                one_empty.put(1, 0);
                let mut clash = Grid::empty(shape);
                clash.put(0, 1);
                clash.put(1, 1);
                for puzzle in [Grid::empty(shape), one_empty, clash] {
                    let mut grid = puzzle.clone();
                    let found = solver.solve_unique_in_place(&mut grid);
                    match Solver::new().solve_unique(&puzzle) {
                        Outcome::Unsolvable => {
                            assert_eq!(found, SolutionCount::Exactly(0));
                            assert_eq!(grid, puzzle);
                        }
                        Outcome::Unique(solution) => {
                            assert_eq!(found, SolutionCount::Exactly(1));
                            assert!(is_solution(&puzzle, &grid));
                            assert_eq!(grid, solution);
                        }
                        Outcome::Multiple(solution) => {
                            assert_eq!(found, SolutionCount::AtLeast(2));
                            assert!(is_solution(&puzzle, &grid));
                            assert_eq!(grid, solution);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn solves_a_hard_9x9() {
        let g = Grid::parse(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            None,
        )
        .unwrap();
        let s = solve(&g).unwrap();
        assert!(is_solution(&g, &s));
        assert!(count(&g, 2).is_unique());
        assert_eq!(Solver::new().solve_unique(&g), Outcome::Unique(s));
    }

    #[test]
    fn counting_reports_progress_every_so_many_solutions() {
        let empty = Grid::empty(Shape::for_size(6).unwrap());
        let mut seen = Vec::new();
        let count = Solver::new().count_with_progress(&empty, 200_000, &mut |k| seen.push(k));
        assert_eq!(count, SolutionCount::AtLeast(200_000));
        assert_eq!(seen, [1, 2, 3].map(|k| k * PROGRESS_EVERY));
    }

    #[test]
    fn candidates_limit_the_search_on_every_shape() {
        // an empty board has many solutions; limiting every cell to the
        // digit of one of them leaves exactly that one, and taking that digit
        // out of one cell of an otherwise full limit leaves none
        for shape in Shape::all() {
            let empty = Grid::empty(shape);
            let Some(one) = solve(&empty) else {
                panic!("an empty board has a solution")
            };
            let only: Vec<DigitSet> = one.values().iter().map(|&v| DigitSet::single(v)).collect();
            let mut solver = Solver::new();
            assert!(matches!(solver.solve_unique(&empty), Outcome::Multiple(_)));
            assert_eq!(
                solver.solve_unique_within(&empty, &only),
                Outcome::Unique(one.clone())
            );
            let mut all_but = vec![DigitSet::full(shape.n()); only.len()];
            all_but[0] = DigitSet::full(shape.n()) - only[0];
            let other = solver.solve_unique_within(&empty, &all_but);
            let found = other.solution().expect("another first digit fits");
            assert!(is_solved(found));
            assert_ne!(found.get(0), one.get(0));
            // a filled cell keeps its value whatever its candidates say
            let mut given = empty.clone();
            given.put(0, one.get(0));
            let none = vec![DigitSet::EMPTY; only.len()];
            let mut narrowed = only.clone();
            narrowed[0] = DigitSet::EMPTY;
            assert_eq!(
                solver.solve_unique_within(&given, &narrowed),
                Outcome::Unique(one.clone())
            );
            assert_eq!(
                solver.solve_unique_within(&empty, &none),
                Outcome::Unsolvable
            );
        }
    }

    #[test]
    fn contradiction_has_no_solution() {
        let g = Grid::parse("11..............", None).unwrap();
        assert_eq!(solve(&g), None);
        assert_eq!(count(&g, 0), SolutionCount::Exactly(0));
        assert_eq!(Solver::new().solve_unique(&g), Outcome::Unsolvable);
    }
}
