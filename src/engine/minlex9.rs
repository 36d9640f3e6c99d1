//! The minlex form of a full 9x9 grid, the fast way: the same form the
//! general search of engine/canon.rs finds, about twenty times sooner, since
//! a full grid lets the first band decide almost everything.
//!
//! Output row 1 holds one input row with its digits relabelled `123456789`
//! in their output order, so once the column order is chosen the labels are
//! fixed. The first band's rows are one input band (or a transposed stack)
//! in one of its 6 orders: 36 candidates. For rows 2 and 3 of a candidate,
//! only column orders reaching the smallest possible start of row 2 are
//! tried: 6 of them, or 18 in a rare kind of band:
//!
//! - row 2 always starts `45`: the first two columns of output stack 1 are
//!   any two columns whose row-2 digits sit in one input stack of row 1 (a
//!   box row holds three digits from the other two stacks, so two of them
//!   share one), and that stack, ordered to show them as 4 and 5, comes
//!   second;
//! - when the third digit comes from that stack too (a "pure" band: row 2's
//!   box rows are whole box rows of row 1) row 2 reads `456789...`, and the
//!   last stack is ordered by where row 2 takes its digits; otherwise row 2
//!   reads `457...`, the last stack starts with that digit's column, and
//!   row 2 shows its other two columns' digits in output stack 1: the one
//!   it shows first comes next, to read 8.
//!
//! With the columns and labels fixed, the remaining rows are only put in
//! order: output column 1 holds nine different labels, so each row's first
//! label sorts the rows of a band and the first rows sort the bands. Each
//! candidate whose first band is no larger than the best one is completed
//! that way and compared whole. Nothing is allocated and everything is a
//! 9-byte table lookup.

use std::cmp::Ordering;

/// A full 9x9 grid read one way: as given, or transposed.
struct Reading {
    /// Row-major digits, 0-based.
    cells: [[u8; 9]; 9],
    /// Per row, digit -> the column holding it.
    column_of: [[u8; 9]; 9],
}

impl Reading {
    fn new(cell: impl Fn(usize, usize) -> u8) -> Reading {
        let mut reading = Reading {
            cells: [[0; 9]; 9],
            column_of: [[0; 9]; 9],
        };
        for r in 0..9 {
            for c in 0..9 {
                let d = cell(r, c);
                reading.cells[r][c] = d;
                reading.column_of[r][d as usize] = c as u8;
            }
        }
        reading
    }

    /// Column x -> the column of row `a` holding the digit row `r` holds
    /// at x: row `r` relabelled by row `a`.
    fn relabelled(&self, a: usize, r: usize) -> [u8; 9] {
        std::array::from_fn(|x| self.column_of[a][self.cells[r][x] as usize])
    }
}

/// The minlex form of a grid and the arrangement that reads it.
pub(super) struct Minlex {
    /// The form, row-major, digits 1..=9.
    pub values: [u8; 81],
    /// Whether the input is read transposed.
    pub transposed: bool,
    /// Output row -> input row (of the transposed input when `transposed`).
    pub rows: [usize; 9],
    /// Output column -> input column.
    pub cols: [usize; 9],
    /// Input digit d becomes `digits[d - 1]`.
    pub digits: [u8; 9],
}

/// The minlex form of a full, valid 9x9 grid given row-major as digits
/// 1..=9 (the caller checks both: the search relies on every row, column
/// and box holding each digit once).
pub(super) fn minlex(values: &[u8]) -> Minlex {
    debug_assert_eq!(values.len(), 81);
    let mut search = Search {
        readings: [
            Reading::new(|r, c| values[r * 9 + c] - 1),
            Reading::new(|r, c| values[c * 9 + r] - 1),
        ],
        best: [u64::MAX; 8],
        reading: 0,
        rows: [0; 9],
        cols: [0; 9],
    };
    for reading in 0..2 {
        for band in 0..3 {
            let first = 3 * band;
            for a in first..first + 3 {
                for b in (first..first + 3).filter(|&b| b != a) {
                    search.first_band(reading, [a, b, 3 * first + 3 - a - b]);
                }
            }
        }
    }
    search.finish()
}

/// An output row as a number that sorts like the row: its 0-based labels
/// as 4-bit digits, the first one highest.
type RowKey = u64;

/// The best arrangement so far.
struct Search {
    readings: [Reading; 2],
    /// Output rows 2 to 9 of the best arrangement (row 1 reads 0..9).
    best: [RowKey; 8],
    reading: usize,
    rows: [usize; 9],
    cols: [usize; 9],
}

impl Search {
    /// Tries the column orders that give first-band rows `rows` (input
    /// rows of one band, in output order) the smallest start of row 2.
    fn first_band(&mut self, reading: usize, rows: [usize; 3]) {
        let r = &self.readings[reading];
        let second = r.relabelled(rows[0], rows[1]);
        let third = r.relabelled(rows[0], rows[2]);
        for stack in 0..3 {
            let base = 3 * stack;
            for x0 in base..base + 3 {
                for x1 in base..base + 3 {
                    let (c0, c1) = (second[x0] as usize, second[x1] as usize);
                    if x1 == x0 || c0 / 3 != c1 / 3 {
                        continue;
                    }
                    let x2 = 3 * base + 3 - x0 - x1;
                    // The third column of output stack 1.
                    let y = 9 * (c0 / 3) + 3 - c0 - c1;
                    let z = second[x2] as usize;
                    if z == y {
                        let [d0, d1, dy] = [c0, c1, y].map(|c| second[c] as usize);
                        let cols = [x0, x1, x2, c0, c1, y, d0, d1, dy];
                        self.try_columns(reading, rows, cols, &second, &third);
                        continue;
                    }
                    // Output stack 2 starts with z. Row 2 shows its other
                    // two columns' digits in output stack 1, and takes the
                    // first one shown as 8.
                    let last = z / 3;
                    let shown = [c0, c1, y].map(|c| second[c] as usize);
                    let z1 = shown
                        .into_iter()
                        .find(|&d| d / 3 == last)
                        .expect("output stack 1 sends two digits to the last stack");
                    let z2 = 9 * last + 3 - z - z1;
                    let cols = [x0, x1, x2, c0, c1, y, z, z1, z2];
                    self.try_columns(reading, rows, cols, &second, &third);
                }
            }
        }
    }

    /// Reads rows 2 and 3 with output column order `cols` and, unless that
    /// is already larger than the best, completes the arrangement.
    fn try_columns(
        &mut self,
        reading: usize,
        rows: [usize; 3],
        cols: [usize; 9],
        second: &[u8; 9],
        third: &[u8; 9],
    ) {
        let mut label = [0u8; 9];
        for (j, &c) in cols.iter().enumerate() {
            label[c] = j as u8;
        }
        let key = |row: &[u8; 9]| row_key(&cols, |c| label[row[c] as usize]);
        let mut keys = [0; 8];
        keys[0] = key(second);
        if keys[0] > self.best[0] {
            return;
        }
        keys[1] = key(third);
        let order = keys[..2].cmp(&self.best[..2]);
        if order != Ordering::Greater {
            self.complete(reading, rows, cols, label, keys, order);
        }
    }

    /// Puts the other two bands in order under the column order `cols`
    /// (with `label`, input column of row 1 -> output label) and keeps the
    /// arrangement if it reads smaller than the best.
    fn complete(
        &mut self,
        reading: usize,
        rows: [usize; 3],
        cols: [usize; 9],
        label: [u8; 9],
        mut keys: [RowKey; 8],
        mut order: Ordering,
    ) {
        let r = &self.readings[reading];
        let a = rows[0];
        let label_at =
            |row: usize, c: usize| label[r.column_of[a][r.cells[row][c] as usize] as usize];
        let band = a / 3;
        let mut rest = [0usize; 6];
        let mut firsts = [0u8; 6];
        for (k, other) in (0..3).filter(|&b| b != band).enumerate() {
            let mut trio =
                [3 * other, 3 * other + 1, 3 * other + 2].map(|row| (label_at(row, cols[0]), row));
            // Three compare-and-swaps sort them by their first labels.
            for (i, j) in [(0, 1), (1, 2), (0, 1)] {
                if trio[j].0 < trio[i].0 {
                    trio.swap(i, j);
                }
            }
            for (i, (f, row)) in trio.into_iter().enumerate() {
                firsts[3 * k + i] = f;
                rest[3 * k + i] = row;
            }
        }
        if firsts[3] < firsts[0] {
            rest.rotate_left(3);
        }
        for (i, &row) in rest.iter().enumerate() {
            keys[2 + i] = row_key(&cols, |c| label_at(row, c));
            if order == Ordering::Equal {
                order = keys[2 + i].cmp(&self.best[2 + i]);
                if order == Ordering::Greater {
                    return;
                }
            }
        }
        if order == Ordering::Less {
            self.best = keys;
            self.reading = reading;
            self.rows[..3].copy_from_slice(&rows);
            self.rows[3..].copy_from_slice(&rest);
            self.cols = cols;
        }
    }

    /// The best arrangement, spelled out.
    fn finish(&self) -> Minlex {
        let mut values = [0u8; 81];
        for (c, v) in values[..9].iter_mut().enumerate() {
            *v = c as u8 + 1;
        }
        for (row, &key) in values[9..].chunks_mut(9).zip(&self.best) {
            for (j, v) in row.iter_mut().enumerate() {
                *v = (key >> (4 * (8 - j)) & 15) as u8 + 1;
            }
        }
        let r = &self.readings[self.reading];
        let mut digits = [0u8; 9];
        for (j, &c) in self.cols.iter().enumerate() {
            digits[r.cells[self.rows[0]][c] as usize] = j as u8 + 1;
        }
        Minlex {
            values,
            transposed: self.reading == 1,
            rows: self.rows,
            cols: self.cols,
            digits,
        }
    }
}

/// The key of the row that shows `label_of(c)` at each column `c` of `cols`.
#[inline]
fn row_key(cols: &[usize; 9], label_of: impl Fn(usize) -> u8) -> RowKey {
    cols.iter()
        .fold(0, |key, &c| key << 4 | RowKey::from(label_of(c)))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::engine::fill::{FillMethod, fill};
    use crate::engine::geometry::Shape;
    use crate::engine::grid::Grid;
    use crate::engine::symmetry::Transform;

    /// Every order of 0, 1, 2.
    const ORDERS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];

    /// The definition, computed by rows, independently of the search: for
    /// every reading, first row and column order (2 x 9 x 1,296) the first
    /// row fixes the labels, and the smallest string puts the first row's
    /// two band mates in order, then the other two bands, each sorted, in
    /// order.
    fn by_rows(values: &[u8]) -> Vec<u8> {
        let mut best = vec![u8::MAX; 81];
        for transposed in [false, true] {
            let cell = |r: usize, c: usize| {
                if transposed {
                    values[c * 9 + r]
                } else {
                    values[r * 9 + c]
                }
            };
            for first in 0..9 {
                for stacks in ORDERS {
                    for inside in 0..216 {
                        let cols: Vec<usize> = (0..9)
                            .map(|j| {
                                let within = ORDERS[inside / [1, 6, 36][j / 3] % 6][j % 3];
                                3 * stacks[j / 3] + within
                            })
                            .collect();
                        let mut label = [0u8; 10];
                        for (j, &c) in cols.iter().enumerate() {
                            label[cell(first, c) as usize] = j as u8 + 1;
                        }
                        let row = |r: usize| -> Vec<u8> {
                            cols.iter().map(|&c| label[cell(r, c) as usize]).collect()
                        };
                        let band = first / 3;
                        let mut mates: Vec<Vec<u8>> = (3 * band..3 * band + 3)
                            .filter(|&r| r != first)
                            .map(row)
                            .collect();
                        mates.sort();
                        let mut bands: Vec<Vec<Vec<u8>>> = (0..3)
                            .filter(|&b| b != band)
                            .map(|b| {
                                let mut rows: Vec<Vec<u8>> = (3 * b..3 * b + 3).map(row).collect();
                                rows.sort();
                                rows
                            })
                            .collect();
                        bands.sort();
                        let s: Vec<u8> = std::iter::once(row(first))
                            .chain(mates)
                            .chain(bands.into_iter().flatten())
                            .flatten()
                            .collect();
                        best = best.min(s);
                    }
                }
            }
        }
        best
    }

    /// Grids with many symmetries, where many arrangements tie: the one
    /// whose rows are shifts of `123456789`, and Red Ed's smallest minlex
    /// grid; then random grids.
    fn grids(random: usize) -> Vec<Grid> {
        let shape = Shape::for_size(9).unwrap();
        let shifts: Vec<u8> = (0..81)
            .map(|i| ((i / 9 % 3 * 3 + i / 27 + i % 9) % 9 + 1) as u8)
            .collect();
        let smallest =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
        let mut grids = vec![
            Grid::from_values(shape, shifts).unwrap(),
            Grid::parse(smallest, None).unwrap(),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(99);
        for g in grids.clone() {
            grids.push(Transform::random(shape, &mut rng).apply(&g).unwrap());
        }
        grids.extend((0..random).map(|_| fill(shape, FillMethod::default(), &mut rng)));
        grids
    }

    #[test]
    fn the_form_is_the_smallest_string_and_the_arrangement_reads_it() {
        for grid in grids(12) {
            let v = grid.values();
            let m = minlex(v);
            assert_eq!(m.values.to_vec(), by_rows(v), "{grid:?}");
            for (i, &out) in m.values.iter().enumerate() {
                let (r, c) = (m.rows[i / 9], m.cols[i % 9]);
                let from = if m.transposed { c * 9 + r } else { r * 9 + c };
                assert_eq!(out, m.digits[v[from] as usize - 1], "cell {i} of {grid:?}");
            }
        }
    }
}
