//! `Cell`: a cell named by its row and column, as players and hints name
//! them (r3c4). Inside the engine a cell is its row-major index, which is
//! what the hot loops want; `Cell` is how the index meets the outside.

use std::fmt;

use super::geometry::Shape;

/// A cell by row and column, both counted from 0 (shown as `r1c1` for the
/// top-left cell, the way hints write it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    row: u8,
    col: u8,
}

impl Cell {
    /// The cell at `row` and `col`, counted from 0. Any row and column up
    /// to 255 make a cell; whether it is on a board is the board's
    /// question ([`Cell::index`]).
    pub fn new(row: u8, col: u8) -> Cell {
        Cell { row, col }
    }

    /// The row, counted from 0.
    pub fn row(self) -> usize {
        self.row as usize
    }

    /// The column, counted from 0.
    pub fn col(self) -> usize {
        self.col as usize
    }

    /// The cell's row-major index on a board of `shape` (what
    /// [`Grid::values`](crate::Grid::values) and [`Grid::set`](crate::Grid::set)
    /// count by), or `None` when the cell is off that board.
    pub fn index(self, shape: Shape) -> Option<usize> {
        let n = shape.n();
        (self.row() < n && self.col() < n).then(|| self.row() * n + self.col())
    }

    /// The cell at a row-major index on a board of `shape`, or `None` when
    /// the index is off that board.
    pub fn from_index(index: usize, shape: Shape) -> Option<Cell> {
        let n = shape.n();
        // n <= 25, so row and column fit in a u8.
        (index < n * n).then(|| Cell::new((index / n) as u8, (index % n) as u8))
    }
}

impl fmt::Display for Cell {
    /// `r<row>c<col>`, counted from 1: `r1c1` is the top-left cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_index_and_its_cell_name_each_other_on_every_shape() {
        for shape in Shape::all() {
            let n = shape.n();
            for index in 0..n * n {
                let cell = Cell::from_index(index, shape).unwrap();
                assert_eq!((cell.row(), cell.col()), (index / n, index % n));
                assert_eq!(cell.index(shape), Some(index));
            }
            assert_eq!(Cell::from_index(n * n, shape), None);
            assert_eq!(Cell::new(n as u8, 0).index(shape), None);
            assert_eq!(Cell::new(0, n as u8).index(shape), None);
        }
    }

    #[test]
    fn cells_are_written_from_one() {
        assert_eq!(Cell::new(0, 0).to_string(), "r1c1");
        assert_eq!(Cell::new(24, 9).to_string(), "r25c10");
    }
}
