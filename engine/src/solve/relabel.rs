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
/// Any house of a variant serves; killer cages are not kept by a
/// relabelling (their sums change), so a killer grid gets `None`.
pub(super) fn one_per_relabelling(grid: &Grid) -> Option<(Grid, u64)> {
    let (shape, rules) = (grid.shape(), grid.rules());
    if !rules.cages().is_empty() {
        return None;
    }
    let used: DigitSet = grid.values().iter().filter(|&&v| v != 0).copied().collect();
    let unused = DigitSet::full(shape.n()) - used;
    if unused.len() < 2 {
        return None;
    }
    let mut units = (0..rules.house_count(shape)).map(|house| rules.house_cells(shape, house));
    let unit = units.find(|unit| {
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
