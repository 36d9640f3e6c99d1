//! Validity by unit bitmasks (seed validity-check-powers-of-two): a unit is
//! valid when the OR of `1 << (v-1)` over its cells is `(1 << n) - 1` and no bit
//! was set twice. The same pass finds the cells in conflict, for the board.
//! The units are the grid's rules' houses; a killer grid's cages must also
//! hold different digits and, once full, make their sums.

use super::cell::Cell;
use super::digits::DigitSet;
use super::grid::Grid;
use super::rules::Rules;

/// True when `grid` is full, every house of its rules (row, column, box or
/// region, diagonal, window) holds each digit once, and every cage makes its
/// sum with different digits.
pub fn is_solved(grid: &Grid) -> bool {
    solved_under(grid.rules(), grid)
}

/// True when `solution` solves `puzzle`: a full grid of its shape, valid
/// under the puzzle's rules, that keeps every given. Solutions that come
/// from outside the solver (a save file, a caller's argument) are checked
/// with it before use.
pub fn is_solution(puzzle: &Grid, solution: &Grid) -> bool {
    solution.shape() == puzzle.shape()
        && solved_under(puzzle.rules(), solution)
        && puzzle
            .values()
            .iter()
            .zip(solution.values())
            .all(|(&given, &value)| given == 0 || given == value)
}

/// `is_solved` with the houses and cages of `rules`.
fn solved_under(rules: &Rules, grid: &Grid) -> bool {
    let shape = grid.shape();
    let full = DigitSet::full(shape.n());
    let houses_hold = (0..rules.house_count(shape))
        .all(|house| distinct_digits(grid, rules.house_cells(shape, house)) == Some(full));
    houses_hold
        && rules.cages().iter().all(|cage| {
            let sum: u16 = cage.cells().iter().map(|&c| u16::from(grid.get(c))).sum();
            sum == cage.sum() && distinct_digits(grid, cage.cells()).is_some()
        })
}

/// The digits of `cells` when every one is filled and none repeats.
fn distinct_digits(grid: &Grid, cells: &[usize]) -> Option<DigitSet> {
    let mut seen = DigitSet::EMPTY;
    for &cell in cells {
        let v = grid.get(cell);
        if v == 0 || seen.contains(v) {
            return None;
        }
        seen.insert(v);
    }
    Some(seen)
}

/// The filled cells whose digit also appears elsewhere in one of their units,
/// in reading order: what a game marks as clashing. Empty cells never
/// conflict.
pub fn conflicts(grid: &Grid) -> Vec<Cell> {
    let (shape, rules) = (grid.shape(), grid.rules());
    let mut marked = vec![false; shape.cell_count()];
    let houses = (0..rules.house_count(shape)).map(|house| rules.house_cells(shape, house));
    for unit in houses.chain(rules.cages().iter().map(|cage| cage.cells())) {
        let twice = repeated(grid, unit);
        if !twice.is_empty() {
            for &cell in unit {
                let v = grid.get(cell);
                if v != 0 && twice.contains(v) {
                    marked[cell] = true;
                }
            }
        }
    }
    (0..marked.len())
        .filter(|&c| marked[c])
        .filter_map(|c| Cell::from_index(c, grid.shape()))
        .collect()
}

/// Two filled cells that see each other and hold the same digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    /// The earlier cell in reading order.
    pub first: Cell,
    /// The later cell.
    pub second: Cell,
    /// The digit both hold.
    pub digit: u8,
}

/// The first clash in reading order (the earliest cell that repeats a digit
/// one of its earlier peers holds, with that peer), or `None` when no digit
/// repeats in a unit: what a message names when givens contradict.
pub fn first_clash(grid: &Grid) -> Option<Clash> {
    let (shape, rules) = (grid.shape(), grid.rules());
    (0..shape.cell_count()).find_map(|second| {
        let digit = grid.get(second);
        let first = rules
            .peers(shape, second)
            .iter()
            .copied()
            .filter(|&p| p < second && digit != 0 && grid.get(p) == digit)
            .min()?;
        Some(Clash {
            first: Cell::from_index(first, grid.shape())?,
            second: Cell::from_index(second, grid.shape())?,
            digit,
        })
    })
}

/// True when no digit repeats in a unit (empty cells allowed). Stops at the
/// first repeat: the rater asks this of every puzzle.
pub fn is_consistent(grid: &Grid) -> bool {
    if !grid.rules().is_classic() {
        return first_clash(grid).is_none();
    }
    // one pass over the cells, a digit mask per unit: every solve asks this
    // first, so it is kept to a few dozen nanoseconds on 9x9
    let g = grid.shape().geometry();
    let mut seen = [0u32; 3 * 25];
    for (&v, units) in grid.values().iter().zip(&g.cell_units) {
        if v != 0 {
            let bit = 1u32 << (v - 1);
            for &unit in units {
                if seen[unit] & bit != 0 {
                    return false;
                }
                seen[unit] |= bit;
            }
        }
    }
    true
}

/// The digits that appear more than once among `unit`'s cells.
fn repeated(grid: &Grid, unit: &[usize]) -> DigitSet {
    let mut seen = DigitSet::EMPTY;
    let mut twice = DigitSet::EMPTY;
    for &cell in unit {
        let v = grid.get(cell);
        if v != 0 {
            if seen.contains(v) {
                twice.insert(v);
            }
            seen.insert(v);
        }
    }
    twice
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Shape;

    const SOLVED_4: &str = "1234341221434321";

    /// Every pair of cells that see each other and share a digit, by brute
    /// force over rows, columns and boxes as coordinates.
    fn all_clashes(grid: &Grid) -> Vec<(usize, usize)> {
        let g = grid.shape().geometry();
        let (n, h, w) = (g.n, grid.shape().box_rows(), grid.shape().box_cols());
        let sees = |a: usize, b: usize| {
            let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
            ra == rb || ca == cb || (ra / h == rb / h && ca / w == cb / w)
        };
        let mut pairs = Vec::new();
        for b in 0..n * n {
            for a in 0..b {
                if grid.get(a) != 0 && grid.get(a) == grid.get(b) && sees(a, b) {
                    pairs.push((a, b));
                }
            }
        }
        pairs
    }

    #[test]
    fn the_first_clash_is_the_earliest_repeat_in_reading_order() {
        let nine = Shape::for_size(9).unwrap();
        let mut grid = Grid::empty(nine);
        assert_eq!(first_clash(&grid), None);
        grid.put(0, 1);
        grid.put(80, 1);
        assert_eq!(first_clash(&grid), None); // r1c1 and r9c9 do not see each other
        grid.put(20, 1); // r3c3: same box as r1c1
        grid.put(8, 1); // r1c9: same row as r1c1
        let clash = first_clash(&grid).unwrap();
        let (r1c1, r1c9) = (Cell::new(0, 0), Cell::new(0, 8));
        assert_eq!((clash.first, clash.second, clash.digit), (r1c1, r1c9, 1));
        // against brute force on random sparse grids of every shape
        let mut seed = 7u64;
        for shape in Shape::all() {
            for _ in 0..50 {
                let mut grid = Grid::empty(shape);
                for cell in 0..shape.cell_count() {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    if (seed >> 60) == 0 {
                        grid.put(cell, (seed >> 33) as u8 % shape.n() as u8 + 1);
                    }
                }
                let expected = all_clashes(&grid).into_iter().min_by_key(|&(a, b)| (b, a));
                let index = |cell: Cell| cell.index(shape).unwrap();
                let found = first_clash(&grid).map(|c| (index(c.first), index(c.second)));
                assert_eq!(found, expected, "{shape} {grid:?}");
                if let Some(c) = first_clash(&grid) {
                    assert_eq!(grid.at(c.first), Some(c.digit));
                    assert_eq!(grid.at(c.second), Some(c.digit));
                }
            }
        }
    }

    #[test]
    fn a_solved_grid_is_solved_and_a_broken_one_is_not() {
        let g = Grid::parse(SOLVED_4, None).unwrap();
        assert!(is_solved(&g));
        assert!(conflicts(&g).is_empty());
        let mut broken = g.clone();
        broken.put(0, 2); // row 0 now has two 2s, column 0 and box 0 too
        assert!(!is_solved(&broken));
        // row 0 reads 2 2 3 4 and column 0 reads 2 3 2 4
        let r1c1 = Cell::new(0, 0);
        assert_eq!(
            conflicts(&broken),
            vec![r1c1, Cell::new(0, 1), Cell::new(2, 0)]
        );
        let mut gap = g.clone();
        gap.put(3, 0);
        assert!(!is_solved(&gap));
        assert!(is_consistent(&gap));
    }

    #[test]
    fn empty_board_is_consistent_not_solved() {
        let g = Grid::empty(Shape::for_size(9).unwrap());
        assert!(is_consistent(&g));
        assert!(!is_solved(&g));
    }

    #[test]
    fn a_solution_must_be_solved_keep_the_givens_and_fit_the_board() {
        let solved = Grid::parse(SOLVED_4, None).unwrap();
        let mut puzzle = solved.clone();
        for cell in [1, 6, 11, 12] {
            puzzle.put(cell, 0);
        }
        assert!(is_solution(&puzzle, &solved));
        // a given the grid changes
        let mut moved = puzzle.clone();
        moved.put(0, 2);
        assert!(!is_solution(&moved, &solved));
        // a grid that breaks a unit, and one with a hole
        let mut swapped = solved.clone();
        swapped.put(0, solved.get(1));
        swapped.put(1, solved.get(0));
        assert!(!is_solution(&Grid::empty(solved.shape()), &swapped));
        let mut holed = solved.clone();
        holed.put(5, 0);
        assert!(!is_solution(&puzzle, &holed));
        // another board size
        let six = Grid::empty(Shape::for_size(6).unwrap());
        assert!(!is_solution(&six, &solved));
    }
}
