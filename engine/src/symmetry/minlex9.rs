//! The minlex form of a full 9x9 grid, the fast way: the same form the
//! general search of canon.rs finds, far sooner, since a full grid
//! lets the first band decide almost everything.
//!
//! Output row 1 holds one input row with its digits relabelled `123456789`
//! in their output order, so once the column order is chosen the labels are
//! fixed. The first band's rows are one input band (or a transposed stack)
//! in one of its 6 orders: 36 candidates. For each, only column orders
//! reaching the smallest start of row 2 that some order of that output
//! stack 0 allows are tried: at most 2 per input stack put first, or 6 in
//! a rare kind of band.
//!
//! - Row 2 always starts `45`: the first two columns of output stack 1 are
//!   any two columns whose row-2 digits sit in one input stack of row 1 (a
//!   box row holds three digits from the other two stacks, so two of them
//!   share one), and that stack, ordered to show them as 4 and 5, comes
//!   second.
//! - When the third digit comes from that stack too (a "pure" band: row 2's
//!   box rows are whole box rows of row 1) row 2 reads `456789...`, and the
//!   last stack is ordered by where row 2 takes its digits.
//! - Otherwise row 2 reads `457`, the last stack starts with that digit's
//!   column, and output stack 1 shows one digit of output stack 0 and two
//!   of the last stack: the first of those reads 8, the other 9, and the
//!   order of the first two columns that shows the stack-0 digit soonest
//!   (or, shown last, as the smaller label) is the one worth trying.
//!
//! Three rounds then narrow the candidates: the smallest row 2, the
//! smallest row 3 among those, and the whole grid. With the columns and
//! labels fixed, the remaining rows are only put in order: output column 1
//! holds nine different labels, so each row's first label sorts the rows of
//! a band and the first rows sort the bands. Nothing is allocated: rows are
//! 9-byte tables and row keys 36-bit numbers.

use std::cmp::Ordering;

use super::canon::bits;

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

/// Every order of 0, 1, 2.
const ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

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

/// The minlex form of a full 9x9 grid given row-major as digits 1..=9;
/// `None` unless every row, column and box holds each digit once (the
/// search relies on it).
pub(super) fn minlex(values: &[u8]) -> Option<Minlex> {
    if !is_solved(values) {
        return None;
    }
    let readings = [
        Reading::new(|r, c| values[r * 9 + c] - 1),
        Reading::new(|r, c| values[c * 9 + r] - 1),
    ];
    let seconds = std::array::from_fn(|t| {
        let rows = candidate_rows(t);
        readings[t / 18].relabelled(rows[0], rows[1])
    });
    let mut search = Search {
        readings,
        seconds,
        best: [RowKey::MAX; 8],
        reading: 0,
        rows: [0; 9],
        cols: [0; 9],
    };
    search.run();
    Some(search.finish())
}

/// True when `values` are 81 digits 1..=9 and every row, column and box
/// holds each once: the seed's unit bitmasks (board/validate.rs), in one
/// pass over the cells.
fn is_solved(values: &[u8]) -> bool {
    if values.len() != 81 {
        return false;
    }
    let mut seen = [0u16; 27];
    for (i, &v) in values.iter().enumerate() {
        if !(1..=9).contains(&v) {
            return false;
        }
        for unit in [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3] {
            seen[unit] |= 1 << (v - 1);
        }
    }
    seen.iter().all(|&s| s == 0x1FF)
}

/// The input rows, in output order, of first-band candidate `t` (0..36):
/// candidates are numbered by reading, band and row order.
fn candidate_rows(t: usize) -> [usize; 3] {
    ORDERS[t % 6].map(|i| 3 * (t / 6 % 3) + i)
}

/// A column order worth trying for a first band.
struct ColumnOrder {
    /// Output column -> input column.
    cols: [usize; 9],
    /// Input column of row 1 -> output label.
    label: [u8; 9],
    /// The key of row 2.
    second: RowKey,
}

/// Calls `visit` with each column order worth trying for a first band
/// whose row 2, relabelled by row 1, is `second` (see the module notes).
fn each_column_order(second: &[u8; 9], mut visit: impl FnMut(ColumnOrder)) {
    let p = |c: usize| second[c] as usize;
    // Row 2's first six labels (`start`, as 4-bit digits) come with the
    // column order; the last three are read.
    let mut visit = |cols: [usize; 9], start: RowKey| {
        let mut label = [0u8; 9];
        for (j, &c) in cols.iter().enumerate() {
            label[c] = j as u8;
        }
        let end = row_key(&[cols[6], cols[7], cols[8]], |c| label[p(c)]);
        visit(ColumnOrder {
            cols,
            label,
            second: start << 12 | end,
        });
    };
    for stack in 0..3 {
        let base = 3 * stack;
        // The input stack of row 1 holding each digit row 2 shows in this
        // stack: two of them share one.
        let to = [0, 1, 2].map(|i| p(base + i) / 3);
        if to[0] == to[1] && to[1] == to[2] {
            // A pure band: row 2 starts 456789.
            for x in ORDERS.map(|o| o.map(|i| base + i)) {
                let c = x.map(p);
                let d = c.map(p);
                visit(
                    [x[0], x[1], x[2], c[0], c[1], c[2], d[0], d[1], d[2]],
                    0x345678,
                );
            }
            continue;
        }
        let odd = if to[0] == to[1] {
            2
        } else if to[0] == to[2] {
            1
        } else {
            0
        };
        let x2 = base + odd;
        let (u, v) = (base + (odd + 1) % 3, base + (odd + 2) % 3);
        for (x0, x1) in [(u, v), (v, u)] {
            // Row 2 starts 457. Output stack 1 is c0, c1, y: one of them
            // shows a digit of output stack 0, the other two digits of the
            // last stack (which starts with z): the first of those reads 8,
            // the other 9.
            let (c0, c1) = (p(x0), p(x1));
            let y = 9 * (c0 / 3) + 3 - c0 - c1;
            let shown = [c0, c1, y].map(p);
            // Not worth trying when the other order starts smaller: when
            // c1 shows the digit of output stack 0 (c0 would in the other),
            // or y does and it is x1 (it would read 1, not 2).
            if shown[1] / 3 == stack || shown[2] == x1 {
                continue;
            }
            let z = p(x2);
            // The label of a column of output stack 0.
            let label = |d: usize| RowKey::from(d == x1) + 2 * RowKey::from(d == x2);
            let (z1, fourth) = if shown[0] / 3 == stack {
                (shown[1], label(shown[0]) << 8 | 0x78)
            } else {
                (shown[0], 0x780 | label(shown[2]))
            };
            let z2 = 9 * (z / 3) + 3 - z - z1;
            visit([x0, x1, x2, c0, c1, y, z, z1, z2], 0x346000 | fourth);
        }
    }
}

/// An output row as a number that sorts like the row: its 0-based labels
/// as 4-bit digits, the first one highest.
type RowKey = u64;

/// The search, in three rounds over the 36 first-band candidates, each
/// round over those that reached the best so far: the smallest start of row
/// 2, then the smallest rows 2 and 3, then the whole grid.
struct Search {
    readings: [Reading; 2],
    /// Per candidate, its row 2 relabelled by its row 1.
    seconds: [[u8; 9]; 36],
    /// Output rows 2 to 9 of the best arrangement (row 1 reads 0..9).
    best: [RowKey; 8],
    reading: usize,
    rows: [usize; 9],
    cols: [usize; 9],
}

impl Search {
    fn run(&mut self) {
        // Round 1: the smallest row 2.
        let mut second = RowKey::MAX;
        let mut reached = 0u64;
        for (t, relabelled) in self.seconds.iter().enumerate() {
            each_column_order(relabelled, |order| {
                if order.second < second {
                    second = order.second;
                    reached = 0;
                }
                if order.second == second {
                    reached |= 1 << t;
                }
            });
        }
        // Round 2: the smallest row 3 after it.
        let mut third = RowKey::MAX;
        let mut third_reached = 0u64;
        for t in bits(reached) {
            let relabelled = self.third(t);
            each_column_order(&self.seconds[t], |order| {
                if order.second == second {
                    let key = row_key(&order.cols, |c| order.label[relabelled[c] as usize]);
                    if key < third {
                        third = key;
                        third_reached = 0;
                    }
                    if key == third {
                        third_reached |= 1 << t;
                    }
                }
            });
        }
        // Round 3: the whole grid.
        self.best[..2].copy_from_slice(&[second, third]);
        for t in bits(third_reached) {
            let (relabelled_second, relabelled) = (self.seconds[t], self.third(t));
            each_column_order(&relabelled_second, |order| {
                if order.second == second
                    && row_key(&order.cols, |c| order.label[relabelled[c] as usize]) == third
                {
                    self.complete(t, order.cols, order.label);
                }
            });
        }
    }

    /// Candidate `t`'s row 3 relabelled by its row 1.
    fn third(&self, t: usize) -> [u8; 9] {
        let rows = candidate_rows(t);
        self.readings[t / 18].relabelled(rows[0], rows[2])
    }

    /// Puts the other two bands of candidate `t` in order under column
    /// order `cols` (with `label`, input column of row 1 -> output label)
    /// and keeps the arrangement if it reads smaller than the best.
    fn complete(&mut self, t: usize, cols: [usize; 9], label: [u8; 9]) {
        let (reading, rows) = (t / 18, candidate_rows(t));
        let mut keys = self.best;
        let mut order = Ordering::Equal;
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
fn row_key(cols: &[usize], label_of: impl Fn(usize) -> u8) -> RowKey {
    cols.iter()
        .fold(0, |key, &c| key << 4 | RowKey::from(label_of(c)))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::{FillMethod, Grid, Shape, Transform, fill};

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
            let m = minlex(v).unwrap();
            assert_eq!(m.values.to_vec(), by_rows(v), "{grid:?}");
            for (i, &out) in m.values.iter().enumerate() {
                let (r, c) = (m.rows[i / 9], m.cols[i % 9]);
                let from = if m.transposed { c * 9 + r } else { r * 9 + c };
                assert_eq!(out, m.digits[v[from] as usize - 1], "cell {i} of {grid:?}");
            }
        }
    }

    #[test]
    fn a_repeated_digit_has_no_form() {
        let grid = grids(0).remove(0);
        let mut swapped = grid.values().to_vec();
        // Two cells of row 1 from different stacks: columns 1 and 4 repeat.
        swapped.swap(0, 3);
        assert!(minlex(&swapped).is_none());
        let same_rows: Vec<u8> = (0..81).map(|i| (i % 9 + 1) as u8).collect();
        assert!(minlex(&same_rows).is_none());
        assert!(minlex(&grid.values()[..80]).is_none());
    }
}
