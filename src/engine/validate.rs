//! Validity by unit bitmasks (seed validity-check-powers-of-two): a unit is
//! valid when the OR of `1 << (v-1)` over its cells is `(1 << n) - 1` and no bit
//! was set twice. The same pass finds the cells in conflict, for the board.

use super::digits::DigitSet;
use super::grid::Grid;

/// True when `grid` is full and every row, column and box holds each digit once.
pub fn is_solved(grid: &Grid) -> bool {
    let g = grid.shape().geometry();
    let full = DigitSet::full(g.n);
    g.units.iter().all(|unit| {
        let mut seen = DigitSet::EMPTY;
        for &cell in unit {
            let v = grid.get(cell);
            if v == 0 || seen.contains(v) {
                return false;
            }
            seen.insert(v);
        }
        seen == full
    })
}

/// The filled cells whose digit also appears elsewhere in one of their units,
/// sorted. Empty cells never conflict.
pub fn conflicts(grid: &Grid) -> Vec<usize> {
    let g = grid.shape().geometry();
    let mut marked = vec![false; g.cell_count()];
    for unit in &g.units {
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
    (0..marked.len()).filter(|&c| marked[c]).collect()
}

/// True when no digit repeats in a unit (empty cells allowed). Stops at the
/// first repeat: the rater asks this of every puzzle.
pub fn is_consistent(grid: &Grid) -> bool {
    let g = grid.shape().geometry();
    g.units.iter().all(|unit| repeated(grid, unit).is_empty())
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
    use crate::engine::geometry::Shape;

    const SOLVED_4: &str = "1234341221434321";

    #[test]
    fn a_solved_grid_is_solved_and_a_broken_one_is_not() {
        let g = Grid::parse(SOLVED_4, None).unwrap();
        assert!(is_solved(&g));
        assert!(conflicts(&g).is_empty());
        let mut broken = g.clone();
        broken.set(0, 2); // row 0 now has two 2s, column 0 and box 0 too
        assert!(!is_solved(&broken));
        // row 0 reads 2 2 3 4 and column 0 reads 2 3 2 4
        assert_eq!(conflicts(&broken), vec![0, 1, 8]);
        let mut gap = g.clone();
        gap.set(3, 0);
        assert!(!is_solved(&gap));
        assert!(is_consistent(&gap));
    }

    #[test]
    fn empty_board_is_consistent_not_solved() {
        let g = Grid::empty(Shape::for_size(9).unwrap());
        assert!(is_consistent(&g));
        assert!(!is_solved(&g));
    }
}
