//! The lane shuffles of the 9x9 solver, built at compile time from one
//! table: the six ways a digit can lie in the three boxes of a band.
//!
//! A shuffle is given as a lane table (for each lane, the lane of the same
//! 128-bit half it takes, or [`Z`] for zero) and stored as the byte control
//! of x86's `pshufb`, which both backends read (see `lanes.rs`).

/// A lane that takes zero.
const Z: u8 = 0xff;

/// Where a digit sits in each box of a band under each of the band's six
/// configurations: `CONFIGS[k][p]` is the mini-row (horizontal band) or
/// mini-column (vertical band) of box `p` of the band. A digit goes once in
/// each row of a band and once in each box, so the three positions are a
/// permutation of 0, 1, 2: six of them.
pub(super) const CONFIGS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
    [0, 2, 1],
    [1, 0, 2],
];

/// Each digit's fewest givens per lane of a box: one candidate per cell
/// (lanes 4r+c), six digits absent from each mini-row (lanes 4r+3) and
/// mini-column (lanes 12+c) since three are in it; lane 15 is unused.
pub(super) const BOX_MINIMUMS: [u16; 16] = [1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0];

/// All nine digits in the 3x3 cell lanes of a box, none elsewhere.
pub(super) const CELL_LANES: [u16; 16] = {
    let mut lanes = [0; 16];
    let mut i = 0;
    while i < 16 {
        if i % 4 < 3 && i / 4 < 3 {
            lanes[i] = super::ALL;
        }
        i += 1;
    }
    lanes
};

/// The byte control of a shuffle of `LANES` lanes (`BYTES` = 2 * `LANES`).
const fn control<const LANES: usize, const BYTES: usize>(lanes: [u8; LANES]) -> [u8; BYTES] {
    assert!(BYTES == 2 * LANES);
    let mut bytes = [0; BYTES];
    let mut i = 0;
    while i < LANES {
        let (lo, hi) = byte_pair(lanes[i]);
        bytes[2 * i] = lo;
        bytes[2 * i + 1] = hi;
        i += 1;
    }
    bytes
}

/// The two control bytes that move one 16-bit lane (`pshufb` zeroes a byte
/// whose control has the top bit set).
const fn byte_pair(lane: u8) -> (u8, u8) {
    if lane == Z {
        (0x80, 0x80)
    } else {
        (2 * lane, 2 * lane + 1)
    }
}

/// The lane of `(p, e)` within its half in the 3x3 triad matrix of a band,
/// held in lanes 4p+e: rows 0 and 1 in the low half, row 2 in the high one.
const fn triad_lane(p: usize, e: usize) -> u8 {
    (4 * (p % 2) + e) as u8
}

/// Two shuffles of a band's configurations (copied into both halves) whose
/// union is the band's triad matrix: lane 4p+e holds the digits that may lie
/// in mini-row (or column) e of box p, those with a configuration putting
/// them there. Each place has exactly two configurations.
pub(super) const CONFIGS_TO_TRIADS: [[u8; 32]; 2] = {
    let mut tables = [[Z; 16]; 2];
    let mut p = 0;
    while p < 3 {
        let mut found = 0;
        let mut k = 0;
        while k < 6 {
            let e = CONFIGS[k][p];
            tables[found_slot(found, e)][4 * p + e] = k as u8;
            found += 1 << (2 * e);
            k += 1;
        }
        p += 1;
    }
    [control::<16, 32>(tables[0]), control::<16, 32>(tables[1])]
};

/// Which of the two tables the next configuration found for mini-row `e`
/// goes to, given `found` (two bits per mini-row counting those seen).
const fn found_slot(found: usize, e: usize) -> usize {
    (found >> (2 * e)) & 3
}

/// Rotations of the triad matrix within each row (lane 4p+e takes
/// 4p+(e+s)%3), for s = 1 and 2: together, the other two places of a box.
pub(super) const TRIAD_ROTATIONS: [[u8; 32]; 2] = [triad_rotation(1), triad_rotation(2)];

const fn triad_rotation(s: usize) -> [u8; 32] {
    let mut lanes = [Z; 16];
    let mut p = 0;
    while p < 3 {
        let mut e = 0;
        while e < 3 {
            lanes[4 * p + e] = triad_lane(p, (e + s) % 3);
            e += 1;
        }
        p += 1;
    }
    control::<16, 32>(lanes)
}

/// From triad lanes (rows 0 and 1 from the low half, row 2 from the high
/// half) to configurations: lane k of the `p`th table takes the triad that
/// configuration k uses in box p. A digit held out of that triad rules the
/// configuration out.
pub(super) const TRIADS_TO_CONFIGS: [[u8; 16]; 3] = [
    triads_to_configs(0),
    triads_to_configs(1),
    triads_to_configs(2),
];

const fn triads_to_configs(p: usize) -> [u8; 16] {
    let mut lanes = [Z; 8];
    let mut k = 0;
    while k < 6 {
        lanes[k] = triad_lane(p, CONFIGS[k][p]);
        k += 1;
    }
    control::<8, 16>(lanes)
}

/// From one row of a band's triad matrix (lanes `base`..`base`+3 of both
/// halves) to the candidates it allows in that box, for a horizontal (0)
/// and a vertical (1) band, as two shuffles to unite: the cells of mini-row
/// (column) e may hold the digits of triad e; "not in mini-row e" may hold
/// those of the two other triads. The other orientation's lanes take zero
/// here and are opened by [`BAND_FREE`].
pub(super) const TRIADS_TO_BOX: [[[[u8; 32]; 2]; 2]; 2] = [
    [triads_to_box(0, 0), triads_to_box(0, 4)],
    [triads_to_box(1, 0), triads_to_box(1, 4)],
];

const fn triads_to_box(vertical: usize, base: u8) -> [[u8; 32]; 2] {
    let mut tables = [[Z; 16]; 2];
    let mut r = 0;
    while r < 3 {
        let mut c = 0;
        while c < 3 {
            let e = if vertical == 1 { c } else { r } as u8;
            tables[0][4 * r + c] = base + e;
            tables[1][4 * r + c] = base + e;
            c += 1;
        }
        // The absent-digit lane of mini-row (column) r.
        let lane = if vertical == 1 { 12 + r } else { 4 * r + 3 };
        tables[0][lane] = base + ((r + 1) % 3) as u8;
        tables[1][lane] = base + ((r + 2) % 3) as u8;
        r += 1;
    }
    [control::<16, 32>(tables[0]), control::<16, 32>(tables[1])]
}

/// The lanes a band does not constrain, for a horizontal (0) and a vertical
/// (1) band: the absent-digit lanes of the other orientation.
pub(super) const BAND_FREE: [[u16; 16]; 2] = {
    let mut free = [[0; 16]; 2];
    let mut i = 0;
    while i < 3 {
        free[0][12 + i] = super::ALL;
        free[1][4 * i + 3] = super::ALL;
        i += 1;
    }
    free
};

/// Rotations of a box's 3x3 cells within each row (lane 4r+c takes
/// 4r+(c+1)%3, then (c+2)%3), leaving the absent-digit lanes in place.
pub(super) const CELL_ROTATIONS: [[u8; 32]; 2] = [cell_rotation(1), cell_rotation(2)];

const fn cell_rotation(s: usize) -> [u8; 32] {
    let mut lanes = [0; 16];
    let mut i = 0;
    while i < 16 {
        let (r, c) = (i / 4, i % 4);
        let from = if r < 3 && c < 3 {
            4 * r + (c + s) % 3
        } else {
            i
        };
        lanes[i] = (from % 8) as u8;
        i += 1;
    }
    control::<16, 32>(lanes)
}

/// Gathers a box's absent-digit lanes for the messages to its bands: the
/// mini-row lanes (3, 7 and 11) to lanes 4, 5 and 6 of the two halves,
/// which are then united (lane 11 lies in the high half).
pub(super) const GATHER_ROW_LANES: [u8; 32] = {
    let mut lanes = [Z; 16];
    lanes[4] = 3;
    lanes[5] = 7;
    lanes[8 + 6] = 3;
    control::<16, 32>(lanes)
};

/// For each box, three shuffles from its gathered absent-digit lanes (lanes
/// 4..7 of the low half: mini-rows; of the high half: mini-columns) to the
/// configurations they rule out in its horizontal band (low half) and
/// vertical band (high half). For a digit newly known absent from mini-row e
/// (the first table) the configurations putting it at e go; for a digit
/// newly placed in mini-row e (the other two) those putting it at e+1 and
/// e+2 go.
pub(super) const BOX_TO_BANDS: [[[u8; 32]; 3]; 9] = {
    let mut tables = [[[0; 32]; 3]; 9];
    let mut b = 0;
    while b < 9 {
        let mut shift = 0;
        while shift < 3 {
            let mut lanes = [Z; 16];
            let mut k = 0;
            while k < 6 {
                // Box b is box b % 3 of its horizontal band, b / 3 of its vertical one.
                lanes[k] = (4 + (CONFIGS[k][b % 3] + shift) % 3) as u8;
                lanes[8 + k] = (4 + (CONFIGS[k][b / 3] + shift) % 3) as u8;
                k += 1;
            }
            tables[b][shift] = control::<16, 32>(lanes);
            shift += 1;
        }
        b += 1;
    }
    tables
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configurations_are_the_six_permutations() {
        for (i, a) in CONFIGS.iter().enumerate() {
            let mut seen = [false; 3];
            a.iter().for_each(|&e| seen[e] = true);
            assert_eq!(seen, [true; 3], "{a:?}");
            assert!(CONFIGS[..i].iter().all(|b| b != a), "{a:?} twice");
        }
    }

    #[test]
    fn every_triad_has_two_configurations() {
        for (p, e) in (0..3).flat_map(|p| (0..3).map(move |e| (p, e))) {
            let lane = 4 * p + e;
            let picks: Vec<u8> = CONFIGS_TO_TRIADS.iter().map(|t| t[2 * lane] / 2).collect();
            let expected: Vec<u8> = (0..6u8).filter(|&k| CONFIGS[k as usize][p] == e).collect();
            assert_eq!(picks, expected, "triad ({p}, {e})");
        }
    }
}
