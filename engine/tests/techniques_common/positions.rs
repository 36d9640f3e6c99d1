//! Hand-made candidate positions for the technique tests: an open board
//! narrowed cell by cell or line by line, and checks of a step's exact
//! eliminations. Included with `#[path]` by the files that build positions;
//! not every file uses every helper.
#![allow(dead_code)]

use tudoku_engine::techniques::Board;
use tudoku_engine::{Cell, DigitSet, House, Shape, Step};

pub fn shape(n: usize) -> Shape {
    Shape::for_size(n).unwrap()
}

/// "r5c3" -> cell index on an n x n board.
pub fn at(n: usize, name: &str) -> usize {
    let (r, c) = name[1..].split_once('c').unwrap();
    (r.parse::<usize>().unwrap() - 1) * n + c.parse::<usize>().unwrap() - 1
}

/// "r5c3" -> the cell by row and column.
pub fn cell(name: &str) -> Cell {
    let (r, c) = name[1..].split_once('c').unwrap();
    Cell::new(r.parse::<u8>().unwrap() - 1, c.parse::<u8>().unwrap() - 1)
}

pub fn set(digits: &[u8]) -> DigitSet {
    digits.iter().copied().collect()
}

/// Restricts the named cells to the given candidates.
pub fn with(mut b: Board, cells: &[(&str, &[u8])]) -> Board {
    let n = b.n();
    for (name, digits) in cells {
        b.restrict(at(n, name), set(digits));
    }
    b
}

/// Removes `digit` from every cell of rows (or columns) `lines` except those in `keep`.
pub fn only_in(mut b: Board, digit: u8, line_cells: &[(bool, usize, &[usize])]) -> Board {
    let n = b.n();
    for &(row, line, keep) in line_cells {
        for i in 1..=n {
            if !keep.contains(&i) {
                let cell = if row {
                    (line - 1) * n + i - 1
                } else {
                    (i - 1) * n + line - 1
                };
                b.eliminate(cell, digit);
            }
        }
    }
    b
}

pub fn cells(n: usize, names: &[&str]) -> Vec<usize> {
    names.iter().map(|s| at(n, s)).collect()
}

/// The cells of the names, by row and column.
pub fn named(names: &[&str]) -> Vec<Cell> {
    names.iter().map(|s| cell(s)).collect()
}

/// The step's eliminations, sorted, against (cell names, digit) pairs.
pub fn assert_eliminates(step: &Step, n: usize, expected: &[(&str, u8)]) {
    let mut got: Vec<(Cell, u8)> = step.removed(shape(n)).collect();
    got.sort_unstable();
    let mut want: Vec<(Cell, u8)> = expected.iter().map(|&(c, d)| (cell(c), d)).collect();
    want.sort_unstable();
    assert_eq!(got, want, "{}", step.explanation);
    assert_eq!(step.placed(shape(n)).count(), 0);
}

pub fn each(names: &[&str], digits: &[u8]) -> Vec<(String, u8)> {
    names
        .iter()
        .flat_map(|c| digits.iter().map(move |&d| (c.to_string(), d)))
        .collect()
}

pub fn assert_eliminates_all(step: &Step, n: usize, expected: &[(String, u8)]) {
    let e: Vec<(&str, u8)> = expected.iter().map(|(c, d)| (c.as_str(), *d)).collect();
    assert_eliminates(step, n, &e);
}

/// What the step places on an n x n board, by row and column.
pub fn placed(step: &Step, n: usize) -> Vec<(Cell, u8)> {
    step.placed(shape(n)).collect()
}

/// The houses the step reasons in on an n x n board.
pub fn houses(step: &Step, n: usize) -> Vec<House> {
    step.houses(shape(n)).collect()
}

/// The cells the step looks at on an n x n board.
pub fn looked_at(step: &Step, n: usize) -> Vec<Cell> {
    step.cells(shape(n)).collect()
}
