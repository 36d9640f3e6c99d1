//! `Grid`, the values of a board, and the symbols that write them: 1-9 then
//! A-P, with `.` or `0` for an empty cell. Reading puzzle text is reader.rs.

use std::fmt;
use std::str::FromStr;

use super::cell::Cell;
use super::geometry::Shape;
use super::reader::{ParseError, parse_one};
use super::rules::{Rules, RulesError};

/// The values of an n x n board, row-major; 0 is an empty cell, 1..=n a
/// digit, and the rules they play by (classic unless a variant's are set).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
    rules: Rules,
}

impl Grid {
    /// The empty board of a shape.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cell_count()],
            rules: Rules::classic(),
        }
    }

    /// A grid from row-major values; `None` when the length or a value does not fit the shape.
    pub fn from_values(shape: Shape, cells: Vec<u8>) -> Option<Grid> {
        (cells.len() == shape.cell_count() && cells.iter().all(|&v| v as usize <= shape.n()))
            .then_some(Grid {
                shape,
                cells,
                rules: Rules::classic(),
            })
    }

    /// A grid from values the reader has already checked against the
    /// shape, without checking them again.
    pub(super) fn from_checked_values(shape: Shape, cells: Vec<u8>) -> Grid {
        debug_assert!(cells.len() == shape.cell_count());
        debug_assert!(cells.iter().all(|&v| v as usize <= shape.n()));
        Grid {
            shape,
            cells,
            rules: Rules::classic(),
        }
    }

    /// The same values under `rules` (made for this grid's shape).
    pub fn with_rules(mut self, rules: Rules) -> Result<Grid, RulesError> {
        if !rules.fits(self.shape) {
            return Err(RulesError::OtherShape { shape: self.shape });
        }
        self.rules = rules;
        Ok(self)
    }

    /// The rules the board plays by: classic, or a variant's houses and
    /// cages.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// An empty board of the same shape and rules, for a solution to be
    /// written into.
    pub(crate) fn blank_like(&self) -> Grid {
        Grid {
            shape: self.shape,
            cells: vec![0; self.cells.len()],
            rules: self.rules.clone(),
        }
    }

    /// Makes `self` a copy of `other`, a grid of the same shape, in its own
    /// memory.
    pub(crate) fn copy_from(&mut self, other: &Grid) {
        debug_assert!(self.shape == other.shape);
        self.cells.copy_from_slice(&other.cells);
        self.rules.clone_from(&other.rules);
    }

    /// The board's box shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The board's side: the number of rows, columns, boxes and digits.
    pub fn n(&self) -> usize {
        self.shape.n()
    }

    /// The value of a cell by its row-major index (0 when empty). Panics
    /// when `cell` is not below n*n, as slice indexing does; [`Grid::at`]
    /// takes a row and column and never panics.
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// The value at a row and column (0 when empty), or `None` when the
    /// cell is off the board.
    pub fn at(&self, cell: Cell) -> Option<u8> {
        self.cells.get(cell.index(self.shape)?).copied()
    }

    /// Writes a value (0 empties the cell) at a row-major index, after
    /// checking both: a grid only ever holds values its board can have, so
    /// everything that reads it can trust them. [`Cell::index`] turns a row
    /// and column into the index.
    pub fn set(&mut self, cell: usize, value: u8) -> Result<(), SetError> {
        let n = self.n();
        if cell >= self.cells.len() {
            return Err(SetError::OffTheBoard { cell, n });
        }
        if value as usize > n {
            return Err(SetError::ValueTooLarge { value, n });
        }
        self.cells[cell] = value;
        Ok(())
    }

    /// Sets a cell by index; the engine's own writes, whose values come
    /// from the board's digits.
    pub(crate) fn put(&mut self, cell: usize, value: u8) {
        debug_assert!(value as usize <= self.n());
        self.cells[cell] = value;
    }

    /// Sets the cells from `first` on to `values`, as `put` does one.
    pub(crate) fn put_all(&mut self, first: usize, values: &[u8]) {
        self.cells[first..first + values.len()].copy_from_slice(values);
    }

    /// The values row by row, 0 for an empty cell.
    pub fn values(&self) -> &[u8] {
        &self.cells
    }

    /// Number of filled cells.
    pub fn filled_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is empty (says nothing about validity).
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The puzzle as one line of the text format; empty cells are `.`, or `0`
    /// when `zeros` is set.
    pub fn to_line(&self, zeros: bool) -> String {
        self.clone().into_line(zeros)
    }

    /// [`Grid::to_line`] made in the grid's own memory, for a caller done
    /// with the grid: a batch solve writes a line per solution, and a second
    /// allocation per puzzle is a measurable share of a 9x9 solve.
    pub fn into_line(self, zeros: bool) -> String {
        let empty = if zeros { b'0' } else { b'.' };
        let mut bytes = self.cells;
        // bytes, then one check that they are text: a char at a time costs a
        // measurable share of a 9x9 solve; comparisons rather than a table
        // lookup let the compiler do 16 or more cells at once
        for v in &mut bytes {
            // 10 is `A`
            let symbol = *v + if *v > 9 { b'A' - 10 } else { b'0' };
            *v = if *v == 0 { empty } else { symbol };
        }
        String::from_utf8(bytes).expect("symbols are ASCII")
    }

    /// Parses a single puzzle line (no comments, no multi-line grids). The
    /// shape comes from the length unless `shape` overrides the box shape.
    pub fn parse(line: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
        parse_one(line, shape)
    }
}

/// Reads one puzzle line, as [`Grid::parse`] does with no shape given:
/// `"…".parse::<Grid>()`.
impl FromStr for Grid {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Grid, ParseError> {
        parse_one(line, None)
    }
}

/// Why [`Grid::set`] refused a write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetError {
    /// The index is not below n*n.
    #[error("cell {cell} is off a {n}x{n} board, whose cells are 0 to n*n-1")]
    OffTheBoard {
        /// The index asked for.
        cell: usize,
        /// The board's side.
        n: usize,
    },
    /// The value is above the board's largest digit.
    #[error("{value} is not a digit of a {n}x{n} board (0 to {n})")]
    ValueTooLarge {
        /// The value asked for.
        value: u8,
        /// The board's side, its largest digit.
        n: usize,
    },
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rules.is_classic() {
            write!(f, "Grid({}, {})", self.shape, self.to_line(false))
        } else {
            write!(
                f,
                "Grid({}, {}, {:?})",
                self.shape,
                self.to_line(false),
                self.rules
            )
        }
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line(false))
    }
}

/// The character for a value: `0` for empty, `1`-`9`, then `A`-`P` (and on
/// to `Z` for 35); `?` for a value no symbol stands for.
pub fn symbol(value: u8) -> char {
    match value {
        0..=9 => (b'0' + value) as char,
        10..=35 => (b'A' + value - 10) as char,
        _ => '?',
    }
}

/// The value of a character, if it is a digit symbol (`.` and `0` are 0).
pub fn value_of(ch: char) -> Option<u8> {
    match ch {
        '.' | '0' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        'a'..='p' => Some(ch as u8 - b'a' + 10),
        'A'..='P' => Some(ch as u8 - b'A' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn single_line_round_trips() {
        let g = Grid::parse(PUZZLE, None).unwrap();
        assert_eq!(g.n(), 9);
        assert_eq!(g.get(0), 4);
        assert_eq!(g.get(8), 5);
        assert_eq!(g.to_line(false), PUZZLE);
        assert_eq!(g.to_line(true), PUZZLE.replace('.', "0"));
    }

    #[test]
    fn letters_and_zeros_for_large_boards() {
        let line: String = (0..256).map(|i| if i == 5 { 'g' } else { '0' }).collect();
        let g = Grid::parse(&line, None).unwrap();
        assert_eq!(g.n(), 16);
        assert_eq!(g.get(5), 16);
        assert_eq!(g.filled_count(), 1);
    }
}
