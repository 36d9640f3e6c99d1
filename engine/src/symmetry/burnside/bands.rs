//! The number of grids of a shape over n!, counted band by band (the method
//! of Felgenhauer and Jarvis, 2005): the identity's term of Burnside's sum.
//!
//! A band (h rows across the board) meets the bands below it only through
//! its columns: which digits each column holds. Call that the band's
//! pattern. A grid is w bands whose patterns split every column's digits
//! between them, so with f(P) the number of bands of pattern P,
//!
//!   grids = Σ over the first band's pattern P₁ of f(P₁) · rest(P₁),
//!
//! where rest(used) sums f(P) · rest(used ∪ P) over the patterns P that fit
//! the digits each column still lacks, and the last band's pattern is what
//! is left. All of this is unchanged by relabelling, so:
//! - f comes from listing the bands whose first row is 1..n (2,612,736 for
//!   9x9) by pattern up to relabelling: f(P) is that count times the
//!   number of relabellings that keep P;
//! - grids / n! is the sum, over those bands, of rest(their pattern), and
//!   rest is found once per pattern up to relabelling, column moves inside
//!   stacks and stack moves (which keep it too): 9x9's first bands fall
//!   into a few hundred such classes.

use std::collections::HashMap;

use super::{all_permutations, bits};
use crate::board::digits::subsets_of_size;
use crate::board::geometry::Shape;

/// The number of grids of `shape` over n!, counted on `jobs` threads.
pub(super) fn grids_over_relabellings(shape: Shape, jobs: usize) -> u128 {
    let counter = Counter::new(shape);
    let keys: Vec<(&Key, &(Columns, u64))> = counter.bands.iter().collect();
    let moved = spread(&keys, jobs, |(key, _)| counter.moved_least(key));
    let mut classes: HashMap<Key, (Columns, u128)> = HashMap::new();
    for ((_, (columns, bands)), class) in keys.iter().zip(moved) {
        classes.entry(class).or_insert((*columns, 0)).1 += u128::from(*bands);
    }
    let classes: Vec<(Columns, u128)> = classes.into_values().collect();
    spread(&classes, jobs, |(columns, bands)| {
        bands * counter.rest(columns, counter.w - 1, &mut HashMap::new())
    })
    .into_iter()
    .sum()
}

/// `f` of every item, the items cut into one run per thread.
fn spread<T: Sync, R: Send>(items: &[T], jobs: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let size = items.len().div_ceil(jobs.max(1)).max(1);
    std::thread::scope(|scope| {
        let runs: Vec<_> = items
            .chunks(size)
            .map(|run| scope.spawn(|| run.iter().map(&f).collect::<Vec<R>>()))
            .collect();
        runs.into_iter()
            .flat_map(|run| run.join().expect("a counting thread panicked"))
            .collect()
    })
}

/// A pattern or a set of filled bands: the digits of each column, as bits.
type Columns = [u16; 9];

/// Columns up to relabelling: per digit, the set of columns that hold it,
/// sorted (digits past n hold none).
type Key = [u16; 9];

struct Counter {
    /// Rows per box and columns per box.
    h: usize,
    w: usize,
    n: usize,
    /// Per pattern up to relabelling, one band of that pattern and how many
    /// bands with first row 1..n have it.
    bands: HashMap<Key, (Columns, u64)>,
    /// Column moves inside stacks and moves of whole stacks, as maps from
    /// a column to where it goes.
    moves: Vec<[u8; 9]>,
}

impl Counter {
    fn new(shape: Shape) -> Counter {
        let (h, w, n) = (shape.box_rows(), shape.box_cols(), shape.n());
        let mut counter = Counter {
            h,
            w,
            n,
            bands: HashMap::new(),
            moves: column_moves(h, w),
        };
        // The first row is 1..n: digit c in column c.
        let mut rows = vec![0u16; h];
        rows[0] = (1 << n) - 1;
        let mut columns = [0u16; 9];
        for (c, column) in columns.iter_mut().enumerate().take(n) {
            *column = 1 << c;
        }
        counter.list_bands(n, &mut rows, &mut columns);
        counter
    }

    /// Fills the band's rows after the first, cell by cell from `at` (row
    /// `at / n`), and counts each finished band under its key.
    fn list_bands(&mut self, at: usize, rows: &mut [u16], columns: &mut Columns) {
        let n = self.n;
        if at == self.h * n {
            let key = key(columns, n);
            self.bands.entry(key).or_insert((*columns, 0)).1 += 1;
            return;
        }
        let (r, c) = (at / n, at % n);
        let stack = c / self.w;
        let in_box = (stack * self.w..(stack + 1) * self.w).fold(0, |m, c| m | columns[c]);
        let mut free = !(rows[r] | in_box) & self.full();
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            rows[r] |= bit;
            columns[c] |= bit;
            self.list_bands(at + 1, rows, columns);
            rows[r] ^= bit;
            columns[c] ^= bit;
        }
    }

    fn full(&self) -> u16 {
        (1 << self.n) - 1
    }

    /// How many bands have `pattern`: the listed count under its key times
    /// the relabellings that keep it (those that swap digits held by the
    /// same columns).
    fn bands_of(&self, pattern: &Columns) -> u128 {
        let key = key(pattern, self.n);
        let Some((_, listed)) = self.bands.get(&key) else {
            return 0;
        };
        let mut keeping = 1u128;
        let mut run = 0;
        for (i, sig) in key[..self.n].iter().enumerate() {
            run = if i > 0 && key[i - 1] == *sig {
                run + 1
            } else {
                1
            };
            keeping *= run;
        }
        keeping * u128::from(*listed)
    }

    /// The number of ways to fill `left` more bands below the bands whose
    /// columns hold `used`, remembered by `used` up to relabelling.
    fn rest(&self, used: &Columns, left: usize, memo: &mut HashMap<Key, u128>) -> u128 {
        if left == 1 {
            let mut last = [0u16; 9];
            for (l, u) in last.iter_mut().zip(used).take(self.n) {
                *l = !u & self.full();
            }
            return self.bands_of(&last);
        }
        let at = key(used, self.n);
        if let Some(&count) = memo.get(&at) {
            return count;
        }
        let mut fits = Vec::new();
        self.fits(used, 0, 0, &mut [0u16; 9], &mut fits);
        let mut total = 0;
        for pattern in &fits {
            let bands = self.bands_of(pattern);
            if bands > 0 {
                let mut below = *used;
                for (b, p) in below.iter_mut().zip(pattern) {
                    *b |= p;
                }
                total += bands * self.rest(&below, left - 1, memo);
            }
        }
        memo.insert(at, total);
        total
    }

    /// Every pattern that fits below `used`: each column h digits it lacks,
    /// each stack's columns disjoint. `taken` is the digits of the current
    /// stack's columns so far.
    fn fits(
        &self,
        used: &Columns,
        c: usize,
        taken: u16,
        pattern: &mut Columns,
        out: &mut Vec<Columns>,
    ) {
        if c == self.n {
            out.push(*pattern);
            return;
        }
        let taken = if c.is_multiple_of(self.w) { 0 } else { taken };
        let free = !(used[c] | taken) & self.full();
        for subset in subsets_of_size(u32::from(free), self.h) {
            let subset = subset as u16; // a submask of a u16
            pattern[c] = subset;
            self.fits(used, c + 1, taken | subset, pattern, out);
        }
    }

    /// The least key of `key`'s columns moved by each column move: one key
    /// for all the patterns that column moves and relabelling turn into
    /// one another.
    fn moved_least(&self, key: &Key) -> Key {
        self.moves
            .iter()
            .map(|to| {
                let mut moved = [0u16; 9];
                for (m, &sig) in moved.iter_mut().zip(key).take(self.n) {
                    *m = bits(sig).fold(0, |set, c| set | 1 << to[usize::from(c)]);
                }
                moved[..self.n].sort_unstable();
                moved
            })
            .min()
            .unwrap_or(*key)
    }
}

/// The key of `columns` on a board of side n: per digit the columns
/// holding it, sorted.
fn key(columns: &Columns, n: usize) -> Key {
    let mut sigs = [0u16; 9];
    for (c, &digits) in columns.iter().enumerate() {
        for d in bits(digits) {
            sigs[usize::from(d)] |= 1 << c;
        }
    }
    sigs[..n].sort_unstable();
    sigs
}

/// Every map of columns that permutes the columns inside each stack and
/// the stacks as wholes.
fn column_moves(h: usize, w: usize) -> Vec<[u8; 9]> {
    let inside = all_permutations(w);
    let mut out = Vec::new();
    for stacks in all_permutations(h) {
        let mut choice = vec![0; h];
        loop {
            let mut to = [0u8; 9];
            for s in 0..h {
                for (i, &j) in inside[choice[s]].iter().enumerate() {
                    to[s * w + i] = (stacks[s] * w + j) as u8;
                }
            }
            out.push(to);
            let Some(k) = (0..h).find(|&k| choice[k] + 1 < inside.len()) else {
                break;
            };
            choice[k] += 1;
            choice[..k].fill(0);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Grid, SolutionCount, count_all};

    /// The band count against the solver's count of every grid, on the
    /// boards small enough to count that way.
    #[test]
    fn small_boards_match_the_solvers_grid_count() {
        for (h, w) in [(2, 2), (2, 3), (3, 2)] {
            let shape = Shape::new(h, w).unwrap();
            let SolutionCount::Exactly(grids) = count_all(&Grid::empty(shape)) else {
                panic!("{shape}: the solver's count stopped");
            };
            let factorial: u128 = (1..=shape.n() as u128).product();
            assert_eq!(
                grids_over_relabellings(shape, 2) * factorial,
                u128::from(grids),
                "{shape}"
            );
        }
    }
}
