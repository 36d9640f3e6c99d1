//! Counting all solutions of a sparse grid one per relabelling of its
//! unused digits.

use crate::board::digits::DigitSet;
use crate::board::grid::Grid;

/// Counting every solution of a grid whose givens leave k >= 2 digits
/// unused: relabelling those digits among themselves maps solutions to
/// solutions, so they come in groups of k! (seed sudoku-symmetry-group). When
/// some unit's givens are all the used digits, its k empty cells hold the
/// unused digits in some order in every solution, and exactly one solution of
/// each group holds them in ascending order. Returns the grid with that unit so
/// filled and the group size k!, or `None` when no unit fits (or k! overflows).
pub(super) fn one_per_relabelling(grid: &Grid) -> Option<(Grid, u64)> {
    let g = grid.shape().geometry();
    let used: DigitSet = grid.values().iter().filter(|&&v| v != 0).copied().collect();
    let unused = DigitSet::full(g.n) - used;
    if unused.len() < 2 {
        return None;
    }
    let unit = g.units.iter().find(|unit| {
        let givens: DigitSet = unit
            .iter()
            .map(|&c| grid.get(c))
            .filter(|&v| v != 0)
            .collect();
        givens == used
    })?;
    let group = (2..=u64::from(unused.len())).try_fold(1u64, |f, k| f.checked_mul(k))?;
    let mut representatives = grid.clone();
    let empty = unit.iter().filter(|&&c| grid.get(c) == 0);
    for (&cell, digit) in empty.zip(unused) {
        representatives.put(cell, digit);
    }
    Some((representatives, group))
}
