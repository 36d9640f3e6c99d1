//! Lookup tables for the band updates, one set per box shape, built once
//! per process.

use std::sync::OnceLock;

use crate::board::geometry::{SUPPORTED_SHAPES, Shape};

use super::solver::shape_index;

/// Cells in a band of the largest board (25x25), rounded up to a power of
/// two so that reducing an index modulo it is a mask.
pub(super) const MAX_BAND: usize = 128;

/// For each cell of a band of `h` x `w` boxes, the cells of its row and box
/// in the band.
pub(super) const fn band_peers(h: usize, w: usize) -> [u128; MAX_BAND] {
    let n = h * w;
    let mut peers = [0; MAX_BAND];
    let mut at = 0;
    while at < h * n {
        let (i, k) = (at / n, at % n / w);
        let mut cells = ((1 << n) - 1) << (i * n);
        let mut r = 0;
        while r < h {
            cells |= ((1 << w) - 1) << (r * n + k * w);
            r += 1;
        }
        peers[at] = cells;
        at += 1;
    }
    peers
}

/// Row patterns are looked up `PATTERN_BITS` columns at a time.
pub(super) const PATTERN_BITS: usize = 12;
pub(super) const PATTERNS: usize = 1 << PATTERN_BITS;
/// Row-box matrices of boxes up to 3 rows tall.
pub(super) const MATRICES: usize = 1 << 9;
/// Sets of boxes in a row of boxes up to 5 wide.
pub(super) const BOX_SETS: usize = 1 << 5;

/// Lookup tables for one box shape, built once per process. Fixed sizes and
/// indices reduced modulo them let the lookups go without bounds checks.
pub(super) struct Tables {
    /// For each pattern of `PATTERN_BITS` columns, the boxes it has cells
    /// in, bit k for box k, counting only whole boxes.
    pub(super) boxes: [u8; PATTERNS],
    /// For each pattern, its columns that are the only one of their box.
    pub(super) single_columns: [u16; PATTERNS],
    /// Boxes of up to 3 rows: for each row-box matrix (bit i * H + k for
    /// row i, box k), the band cells of its crossings that lie on a
    /// matching of rows to boxes; 0 when there is none.
    pub(super) on_matchings: [u64; MATRICES],
    /// Taller boxes: the matchings, as matrices.
    pub(super) permutations: Vec<u32>,
    /// For each set of boxes, the row's cells in them.
    pub(super) spread: [u32; BOX_SETS],
}

impl Tables {
    fn new(h: usize, w: usize) -> Tables {
        let box_row = (1u32 << w) - 1;
        let in_box = |pattern: usize, k: usize| pattern as u16 >> (k * w) & box_row as u16;
        let whole_boxes = 0..PATTERN_BITS / w;
        // A row has `h * w` columns: on boards below 12 columns the patterns
        // past its width are never looked up, and are left 0 (9x9: an eighth
        // of the work, which every `tudoku solve` process does at start).
        let used = PATTERNS.min(1 << (h * w));
        let boxes = std::array::from_fn(|pattern| {
            if pattern >= used {
                return 0;
            }
            let boxes = whole_boxes.clone();
            boxes.fold(0, |boxes, k| boxes | u8::from(in_box(pattern, k) != 0) << k)
        });
        let single_columns = std::array::from_fn(|pattern| {
            if pattern >= used {
                return 0;
            }
            let singles = whole_boxes
                .clone()
                .filter(|&k| in_box(pattern, k).count_ones() == 1);
            singles.fold(0, |columns, k| columns | in_box(pattern, k) << (k * w))
        });
        let spread: [u32; BOX_SETS] = std::array::from_fn(|boxes| {
            (0..h)
                .filter(|&k| boxes >> k & 1 == 1)
                .fold(0, |row, k| row | box_row << (k * w))
        });
        let permutations = permutations(h);
        let mut on_matchings_table = [0; MATRICES];
        if h * h <= MATRICES.trailing_zeros() as usize {
            for (matrix, cells) in on_matchings_table.iter_mut().enumerate() {
                let allowed = on_matchings(&permutations, matrix as u32) as usize;
                *cells = (0..h).fold(0, |cells, i| {
                    let boxes = allowed >> (i * h) & ((1 << h) - 1);
                    cells | u64::from(spread[boxes]) << (i * h * w)
                });
            }
        }
        Tables {
            boxes,
            single_columns,
            on_matchings: on_matchings_table,
            permutations,
            spread,
        }
    }
}

/// The tables for boxes of `h` rows by `w` columns.
pub(super) fn tables(h: usize, w: usize) -> &'static Tables {
    static CACHE: [OnceLock<Tables>; SUPPORTED_SHAPES.len()] =
        [const { OnceLock::new() }; SUPPORTED_SHAPES.len()];
    let index = shape_index(Shape::new(h, w).expect("cores exist for supported shapes only"));
    CACHE[index].get_or_init(|| Tables::new(h, w))
}

/// The crossings of `allowing` (bit i * h + k: row i, box k) that lie on one
/// of the matchings `perms`; 0 when there is none.
pub(super) fn on_matchings(perms: &[u32], allowing: u32) -> u32 {
    perms
        .iter()
        .filter(|&&p| allowing & p == p)
        .fold(0, |all, &p| all | p)
}

/// The `h` x `h` permutation matrices, as masks with bit i * h + k set when
/// row i goes to column k.
pub(super) fn permutations(h: usize) -> Vec<u32> {
    fn extend(h: usize, row: usize, used: u32, matrix: u32, out: &mut Vec<u32>) {
        if row == h {
            out.push(matrix);
            return;
        }
        for k in (0..h).filter(|&k| used & 1 << k == 0) {
            extend(h, row + 1, used | 1 << k, matrix | 1 << (row * h + k), out);
        }
    }
    let mut out = Vec::new();
    extend(h, 0, 0, 0, &mut out);
    out
}
