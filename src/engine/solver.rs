//! Solving and counting (seed sudoku-graph-coloring): Sudoku as colouring the
//! peer graph with n colours, by a backtracker that branches on the cell with
//! the fewest remaining colours and propagates forced colours at each node.
//! The search keeps its own stack, so 25x25 boards never overflow the call stack.

use super::digits::DigitSet;
use super::geometry::Geometry;
use super::grid::Grid;

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

    pub fn is_unique(self) -> bool {
        self == SolutionCount::Exactly(1)
    }
}

/// The first solution found, or `None` when the puzzle has none.
pub fn solve(grid: &Grid) -> Option<Grid> {
    let mut first = None;
    search(grid, 1, |s| first = Some(s.clone()));
    first
}

/// Counts solutions, stopping at `limit` (0 counts them all).
pub fn count(grid: &Grid, limit: u64) -> SolutionCount {
    let mut found = 0;
    let stopped = search(grid, limit, |_| found += 1);
    if stopped {
        SolutionCount::AtLeast(found)
    } else {
        SolutionCount::Exactly(found)
    }
}

/// Candidate state of one search node.
#[derive(Clone)]
struct Node {
    values: Vec<u8>,
    candidates: Vec<DigitSet>,
}

/// Depth-first search calling `on_solution` for each solution; returns true
/// when it stopped because `limit` solutions were found.
fn search(grid: &Grid, limit: u64, mut on_solution: impl FnMut(&Grid)) -> bool {
    let shape = grid.shape();
    let g = shape.geometry();
    let cells = g.cell_count();
    let mut root = Node {
        values: vec![0; cells],
        candidates: vec![DigitSet::full(g.n); cells],
    };
    for cell in 0..cells {
        let v = grid.get(cell);
        if v != 0 && !assign(g, &mut root, cell, v) {
            return false;
        }
    }
    let mut found = 0u64;
    let mut stack = vec![root];
    let mut solution = Grid::empty(shape);
    while let Some(mut node) = stack.pop() {
        if !propagate(g, &mut node) {
            continue;
        }
        let best = (0..cells)
            .filter(|&c| node.values[c] == 0)
            .min_by_key(|&c| node.candidates[c].len());
        let Some(cell) = best else {
            for (c, &v) in node.values.iter().enumerate() {
                solution.set(c, v);
            }
            on_solution(&solution);
            found += 1;
            if limit != 0 && found >= limit {
                return true;
            }
            continue;
        };
        let digits: Vec<u8> = node.candidates[cell].iter().collect();
        for &d in digits.iter().rev() {
            let mut child = node.clone();
            if assign(g, &mut child, cell, d) {
                stack.push(child);
            }
        }
    }
    false
}

/// Places `digit` in `cell` and removes it from the peers' candidates; false
/// when the cell did not allow the digit or a peer is left with none.
fn assign(g: &Geometry, node: &mut Node, cell: usize, digit: u8) -> bool {
    if !node.candidates[cell].contains(digit) {
        return false;
    }
    node.values[cell] = digit;
    node.candidates[cell] = DigitSet::single(digit);
    for &p in &g.peers[cell] {
        node.candidates[p].remove(digit);
        if node.candidates[p].is_empty() {
            return false;
        }
    }
    true
}

/// Applies naked and hidden singles until nothing changes; false on contradiction.
fn propagate(g: &Geometry, node: &mut Node) -> bool {
    loop {
        let mut changed = false;
        for cell in 0..g.cell_count() {
            if node.values[cell] == 0
                && let Some(d) = node.candidates[cell].single_digit()
            {
                if !assign(g, node, cell, d) {
                    return false;
                }
                changed = true;
            }
        }
        for unit in &g.units {
            let mut once = DigitSet::EMPTY;
            let mut more = DigitSet::EMPTY;
            for &c in unit {
                more |= once & node.candidates[c];
                once |= node.candidates[c];
            }
            if once != DigitSet::full(g.n) {
                return false;
            }
            for d in once - more {
                // an earlier single in this pass may have taken the only place
                let Some(cell) = unit
                    .iter()
                    .copied()
                    .find(|&c| node.candidates[c].contains(d))
                else {
                    return false;
                };
                if node.values[cell] == 0 {
                    if !assign(g, node, cell, d) {
                        return false;
                    }
                    changed = true;
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Shape;
    use crate::engine::validate::is_solved;

    #[test]
    fn empty_4x4_has_288_solutions() {
        let g = Grid::empty(Shape::for_size(4).unwrap());
        assert_eq!(count(&g, 0), SolutionCount::Exactly(288));
        assert_eq!(count(&g, 10), SolutionCount::AtLeast(10));
    }

    #[test]
    fn solves_a_hard_9x9() {
        let g = Grid::parse(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            None,
        )
        .unwrap();
        let s = solve(&g).unwrap();
        assert!(is_solved(&s));
        assert!(
            g.values()
                .iter()
                .zip(s.values())
                .all(|(&a, &b)| a == 0 || a == b)
        );
        assert!(count(&g, 2).is_unique());
    }

    #[test]
    fn contradiction_has_no_solution() {
        let g = Grid::parse("11..............", None).unwrap();
        assert_eq!(solve(&g), None);
        assert_eq!(count(&g, 0), SolutionCount::Exactly(0));
    }
}
