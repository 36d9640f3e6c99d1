//! Lookup tables for the band updates, one set per box shape, made at
//! compile time.

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

/// The most matchings of rows to boxes in a band: 5! for 5x5 boxes.
const MAX_PERMUTATIONS: usize = 120;

/// Lookup tables for one box shape, made at compile time. Fixed sizes and
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
    /// Taller boxes: the matchings, as matrices, in the first
    /// `permutation_count`.
    permutations: [u32; MAX_PERMUTATIONS],
    permutation_count: usize,
    /// For each set of boxes, the row's cells in them.
    pub(super) spread: [u32; BOX_SETS],
}

impl Tables {
    /// The tables for boxes of `h` rows by `w` columns. A `const fn`: the
    /// search takes them as a constant (`Core::TABLES`), so that no process
    /// builds them at start and their addresses are known at compile time.
    pub(super) const fn new(h: usize, w: usize) -> Tables {
        let box_row = (1u32 << w) - 1;
        let whole_boxes = PATTERN_BITS / w;
        // A row has `h * w` columns: on boards below 12 columns the patterns
        // past its width are never looked up, and are left 0.
        let used = if h * w < PATTERN_BITS {
            1 << (h * w)
        } else {
            PATTERNS
        };
        let mut boxes = [0; PATTERNS];
        let mut single_columns = [0; PATTERNS];
        let mut pattern = 0;
        while pattern < used {
            let mut k = 0;
            while k < whole_boxes {
                let in_box = (pattern as u32 >> (k * w)) & box_row;
                if in_box != 0 {
                    boxes[pattern] |= 1 << k;
                }
                if in_box.count_ones() == 1 {
                    single_columns[pattern] |= (in_box << (k * w)) as u16;
                }
                k += 1;
            }
            pattern += 1;
        }
        let mut spread = [0; BOX_SETS];
        let mut set = 0;
        while set < BOX_SETS {
            let mut k = 0;
            while k < h {
                if set >> k & 1 == 1 {
                    spread[set] |= box_row << (k * w);
                }
                k += 1;
            }
            set += 1;
        }
        let (permutations, permutation_count) = permutations(h);
        let mut on_matchings_table = [0; MATRICES];
        if h * h <= MATRICES.trailing_zeros() as usize {
            let mut matrix = 0;
            while matrix < MATRICES {
                let allowed =
                    on_matchings_of(&permutations, permutation_count, matrix as u32) as usize;
                let mut cells = 0;
                let mut i = 0;
                while i < h {
                    let boxes = allowed >> (i * h) & ((1 << h) - 1);
                    cells |= (spread[boxes] as u64) << (i * h * w);
                    i += 1;
                }
                on_matchings_table[matrix] = cells;
                matrix += 1;
            }
        }
        Tables {
            boxes,
            single_columns,
            on_matchings: on_matchings_table,
            permutations,
            permutation_count,
            spread,
        }
    }

    /// The matchings of rows to boxes, as matrices.
    pub(super) fn permutations(&self) -> &[u32] {
        &self.permutations[..self.permutation_count]
    }
}

/// The crossings of `allowing` (bit i * h + k: row i, box k) that lie on one
/// of the matchings `perms`; 0 when there is none.
pub(super) fn on_matchings(perms: &[u32], allowing: u32) -> u32 {
    perms
        .iter()
        .filter(|&&p| allowing & p == p)
        .fold(0, |all, &p| all | p)
}

/// [`on_matchings`] for the first `count` of `perms`, at compile time.
const fn on_matchings_of(perms: &[u32; MAX_PERMUTATIONS], count: usize, allowing: u32) -> u32 {
    let mut all = 0;
    let mut i = 0;
    while i < count {
        if allowing & perms[i] == perms[i] {
            all |= perms[i];
        }
        i += 1;
    }
    all
}

/// The `h` x `h` permutation matrices, as masks with bit i * h + k set when
/// row i goes to column k, and how many there are (`h!`): every choice of a
/// column for each row in turn, columns not taken before, as an odometer.
pub(super) const fn permutations(h: usize) -> ([u32; MAX_PERMUTATIONS], usize) {
    let mut out = [0; MAX_PERMUTATIONS];
    let mut count = 0;
    // The column of each row; the odometer counts through every h-digit
    // number in base h, and keeps those whose digits differ.
    let mut columns = [0usize; 5];
    loop {
        let mut used = 0u32;
        let mut matrix = 0;
        let mut distinct = true;
        let mut row = 0;
        while row < h {
            distinct &= used & 1 << columns[row] == 0;
            used |= 1 << columns[row];
            matrix |= 1 << (row * h + columns[row]);
            row += 1;
        }
        if distinct {
            out[count] = matrix;
            count += 1;
        }
        // the next number, the last row's digit fastest
        let mut row = h;
        loop {
            if row == 0 {
                return (out, count);
            }
            row -= 1;
            columns[row] += 1;
            if columns[row] < h {
                break;
            }
            columns[row] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every box height's matchings are its h! permutation matrices: each
    /// distinct, with one bit in every row and every column.
    #[test]
    fn permutations_are_every_permutation_matrix() {
        for (h, factorial) in [(2, 2), (3, 6), (4, 24), (5, 120)] {
            let (perms, count) = permutations(h);
            assert_eq!(count, factorial, "h = {h}");
            let perms = &perms[..count];
            for (i, &p) in perms.iter().enumerate() {
                for line in 0..h {
                    let row = (0..h).filter(|&k| p >> (line * h + k) & 1 == 1).count();
                    let column = (0..h).filter(|&i| p >> (i * h + line) & 1 == 1).count();
                    assert_eq!((row, column), (1, 1), "h = {h}: {p:b}");
                }
                assert!(!perms[..i].contains(&p), "h = {h}: {p:b} twice");
            }
        }
    }
}
