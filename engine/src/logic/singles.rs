//! Singles placed fast, for the generator: the rater's first steps on a
//! puzzle (singles come before every other technique) without its board,
//! which builds a `Step`'s worth of state per placement. A puzzle singles
//! complete rates Easy and has one solution; on any other, the rater can
//! start from where singles stall.

use crate::board::geometry::Geometry;
use crate::board::grid::Grid;

/// True when placing naked and hidden singles, repeatedly, fills the board.
/// That is exactly when `rate_logically(puzzle, Difficulty::Easy)` completes
/// (it takes the same singles, full houses included, in some order, and
/// placing one never removes another), so such a puzzle has exactly one
/// solution and rates Easy. False also for givens that clash or leave a cell
/// without a candidate.
pub fn solved_by_singles(puzzle: &Grid) -> bool {
    let mut grid = puzzle.clone();
    place_singles(&mut grid) && grid.is_full()
}

/// Places naked and hidden singles until none is left: the position the
/// rater reaches before it tries anything harder (singles come first, and
/// whichever order they are placed in, the same cells end up filled). False
/// when the givens clash or a cell or a digit of a unit runs out of places
/// (the grid then holds what was placed until then).
pub fn place_singles(grid: &mut Grid) -> bool {
    // arrays sized for the board, so that a 9x9 call clears no more than it uses
    if grid.n() <= 9 {
        Singles::<81, 27>::run(grid)
    } else {
        Singles::<625, 75>::run(grid)
    }
}

/// The state of `place_singles` on a board of at most `CELLS` cells and
/// `UNITS` units.
struct Singles<const CELLS: usize, const UNITS: usize> {
    geo: &'static Geometry,
    full: u32,
    values: [u8; CELLS],
    /// The digits placed in each unit, as bits.
    used: [u32; UNITS],
}

impl<const CELLS: usize, const UNITS: usize> Singles<CELLS, UNITS> {
    fn run(grid: &mut Grid) -> bool {
        let geo = grid.shape().geometry();
        let cells = geo.cell_count();
        let mut s = Singles {
            geo,
            full: (1u32 << geo.n) - 1,
            values: [0; CELLS],
            used: [0; UNITS],
        };
        s.values[..cells].copy_from_slice(grid.values());
        let solved = s.place_all();
        for (cell, &v) in s.values[..cells].iter().enumerate() {
            grid.put(cell, v);
        }
        solved
    }

    fn candidates(&self, cell: usize) -> u32 {
        let [row, col, bx] = self.geo.cell_units[cell];
        self.full & !(self.used[row] | self.used[col] | self.used[bx])
    }

    /// Writes the digit `bit` stands for into `cell`; false if a unit of
    /// the cell already has it.
    fn place(&mut self, cell: usize, bit: u32) -> bool {
        self.values[cell] = bit.trailing_zeros() as u8 + 1;
        let mut clash = 0;
        for unit in self.geo.cell_units[cell] {
            clash |= self.used[unit] & bit;
            self.used[unit] |= bit;
        }
        clash == 0
    }

    fn place_all(&mut self) -> bool {
        let mut empty = [0u16; CELLS];
        let mut open = 0;
        for cell in 0..self.geo.cell_count() {
            match self.values[cell] {
                0 => {
                    empty[open] = cell as u16;
                    open += 1;
                }
                v => {
                    if !self.place(cell, 1 << (v - 1)) {
                        return false;
                    }
                }
            }
        }
        // Candidates of the empty cells as of the naked-single scan (0 for
        // filled cells): for a cell still empty, a superset of its current
        // ones, so a digit with one place among them has at most that
        // place. A scan that places nothing leaves them all current.
        let mut cands = [0u32; CELLS];
        loop {
            let mut placed = false;
            let mut kept = 0;
            for i in 0..open {
                let cell = empty[i] as usize;
                if self.values[cell] != 0 {
                    cands[cell] = 0;
                    continue;
                }
                let c = self.candidates(cell);
                if c & c.wrapping_sub(1) == 0 {
                    if c == 0 {
                        return false;
                    }
                    self.place(cell, c);
                    cands[cell] = 0;
                    placed = true;
                    continue;
                }
                cands[cell] = c;
                empty[kept] = cell as u16;
                kept += 1;
            }
            open = kept;
            if open == 0 {
                return true;
            }
            for (unit, cells) in self.geo.units.iter().enumerate() {
                let (mut once, mut twice) = (0u32, 0u32);
                for &cell in cells {
                    let c = cands[cell];
                    twice |= once & c;
                    once |= c;
                }
                let used = self.used[unit];
                if once | used != self.full {
                    return false;
                }
                let mut hidden = once & !twice & !used;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    let Some(&cell) = cells.iter().find(|&&c| cands[c] & bit != 0) else {
                        return false;
                    };
                    if self.values[cell] != 0 || self.candidates(cell) & bit == 0 {
                        return false;
                    }
                    self.place(cell, bit);
                    cands[cell] = 0;
                    placed = true;
                }
            }
            if !placed {
                return true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Shape;
    use crate::generation::fill::{FillMethod, fill};
    use crate::logic::difficulty::Difficulty;
    use crate::logic::rate::rate_logically;
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The rater's own singles are the oracle: on puzzles dug from random
    /// grids to every depth, both must say the same.
    #[test]
    fn agrees_with_the_raters_singles_on_every_shape() {
        let mut rng = ChaCha8Rng::seed_from_u64(16);
        for shape in Shape::all().filter(|s| s.n() <= 16) {
            let (mut easy, mut stuck) = (0, 0);
            let grids = if shape.n() < 16 { 20 } else { 3 };
            for _ in 0..grids {
                let solution = fill(shape, FillMethod::default(), &mut rng);
                let mut puzzle = solution.clone();
                let mut cells: Vec<usize> = (0..shape.cell_count()).collect();
                cells.shuffle(&mut rng);
                let keep = rng.random_range(shape.n()..shape.cell_count() / 2);
                for &cell in &cells[keep..] {
                    puzzle.put(cell, 0);
                    let expected = rate_logically(&puzzle, Difficulty::Easy).is_some();
                    assert_eq!(solved_by_singles(&puzzle), expected, "{shape}: {puzzle:?}");
                    if expected {
                        easy += 1;
                    } else {
                        stuck += 1;
                    }
                }
            }
            assert!(easy > 0 && stuck > 0, "{shape}: {easy} easy, {stuck} stuck");
        }
    }

    #[test]
    fn clashing_or_dead_givens_are_not_solved() {
        let clash = Grid::parse("11..............", None).unwrap();
        assert!(!solved_by_singles(&clash));
        // r1c1 must be 1 by its row, and column 1 has 1 at r3c1
        let dead = Grid::parse(".234....1.......", None).unwrap();
        assert!(!solved_by_singles(&dead));
        let full = Grid::parse("1234341221434321", None).unwrap();
        assert!(solved_by_singles(&full));
    }
}
