//! The 9x9 search state and its propagation: boxes and bands that narrow
//! each other until neither learns more.
//!
//! A box is a 4x4 matrix of nine-bit digit sets: the 3x3 cells (lane
//! 4r+c), then for each mini-row r (lane 4r+3) and mini-column c (lane
//! 12+c) the digits that may be absent from it. Each row and column of the
//! matrix holds each digit exactly once (a digit is in one cell of a
//! mini-row, or absent from it), each cell holds one digit and each mini-row
//! and mini-column lacks six, so one pass of lane-parallel operations finds
//! naked singles, hidden singles in the box, and locked candidates.
//!
//! A band (three boxes in a row or column) holds, for each of the six ways a
//! digit can lie in its boxes (`tables::CONFIGS`), the digits that may still
//! lie that way. Boxes tell their two bands which configurations their
//! placements rule out; a band turns its configurations back into the
//! digits each mini-row (column) of its boxes may hold, and restricts them.
//! A band also places the three digits of a mini-row when only three remain
//! possible there.

use super::ALL;
use super::lanes::{Half, Lanes};
use super::tables::{
    BAND_FREE, BOX_MINIMUMS, BOX_TO_BANDS, CELL_LANES, CELL_ROTATIONS, CONFIGS_TO_TRIADS,
    GATHER_ROW_LANES, TRIAD_ROTATIONS, TRIADS_TO_BOX, TRIADS_TO_CONFIGS,
};

/// One band: its configurations (lanes 0..6, a digit set each), and every
/// configuration ever ruled out for it, applied when the band is next
/// updated.
#[derive(Clone, Copy)]
pub(super) struct Band<H> {
    pub(super) configs: H,
    pub(super) ruled_out: H,
}

/// The whole board: box b is row b / 3, column b % 3 of boxes; bands 0..3
/// are the rows of boxes, 3..6 the columns.
#[derive(Clone, Copy)]
pub(super) struct State<L: Lanes> {
    pub(super) boxes: [L; 9],
    pub(super) bands: [Band<L::Half>; 6],
    /// The bands with configurations ruled out since their last update.
    pub(super) dirty: u8,
}

impl<L: Lanes> State<L> {
    /// Every digit possible everywhere.
    #[inline(always)]
    pub(super) fn open() -> Self {
        let mut lanes = [ALL; 16];
        lanes[15] = 0;
        let configs = L::Half::from_array([ALL, ALL, ALL, ALL, ALL, ALL, 0, 0]);
        State {
            boxes: [L::from_array(lanes); 9],
            bands: [Band {
                configs,
                ruled_out: L::Half::from_array([0; 8]),
            }; 6],
            dirty: 0,
        }
    }

    /// Rules out configurations of a band, to be propagated.
    #[inline(always)]
    pub(super) fn rule_out(&mut self, band: usize, configs: L::Half) {
        let band_state = &mut self.bands[band];
        band_state.ruled_out = band_state.ruled_out.or(configs);
        self.dirty |= 1 << band;
    }

    /// Updates the dirty bands, and the boxes they restrict, until nothing
    /// changes; false on a contradiction. The bands are visited in turn,
    /// rows of boxes then columns, round and round, each one's update
    /// compiled on its own (so that its boxes, their bands and their tables
    /// are known at compile time) behind its own test of its dirty bit. A
    /// jump to the next dirty band's update through a table, as before, was
    /// an indirect branch the processor mostly guessed wrong (cachegrind:
    /// 86% of them), and cost the hard sets about 1% of their time. Rows
    /// and columns interleaved (0, 3, 1, 4, 2, 5) did more work: 4% slower.
    #[inline(always)]
    pub(super) fn propagate(&mut self) -> bool {
        while self.dirty != 0 {
            let consistent = self.update_if_dirty::<0>()
                && self.update_if_dirty::<1>()
                && self.update_if_dirty::<2>()
                && self.update_if_dirty::<3>()
                && self.update_if_dirty::<4>()
                && self.update_if_dirty::<5>();
            if !consistent {
                return false;
            }
        }
        true
    }

    /// Updates band `BAND` if it is dirty; false on a contradiction.
    #[inline(always)]
    fn update_if_dirty<const BAND: usize>(&mut self) -> bool {
        if self.dirty & 1 << BAND == 0 {
            return true;
        }
        self.dirty &= !(1 << BAND);
        self.update_band::<BAND>()
    }

    /// Keeps only `allowed` in box `b` and propagates within the box, telling
    /// its bands what it placed; false on a contradiction.
    #[inline(always)]
    pub(super) fn restrict(&mut self, b: usize, allowed: L) -> bool {
        let mut cells = self.boxes[b];
        if cells.subset_of(allowed) {
            return true;
        }
        let minimums = L::from_array(BOX_MINIMUMS);
        let mut eliminating = cells.and_not(allowed);
        let (mut asserted, mut spread);
        loop {
            cells = cells.and_not(eliminating);
            let counts = cells.counts();
            if counts.any_below(minimums) {
                return false;
            }
            // Lanes at their minimum keep all they hold; a digit in one
            // lane only of a matrix row or column is there.
            asserted = cells
                .and(counts.equal(minimums))
                .or(cells.and_not(repeated(cells, L::rotate_rows)))
                .or(cells.and_not(repeated(cells, L::rotate_cols)));
            let placed = asserted.and(L::from_array(CELL_LANES));
            let in_row = placed.or(placed.rotate_rows());
            let in_row = in_row.or(in_row.rotate_rows2());
            let in_col = placed.or(placed.rotate_cols());
            let in_col = in_col.or(in_col.rotate_cols2());
            // A placed digit leaves the other cells of the box, the absent
            // lanes of its mini-row and mini-column, and its cell keeps it
            // alone.
            spread = in_col
                .or(in_col.shuffle(&CELL_ROTATIONS[0]))
                .or(in_col.shuffle(&CELL_ROTATIONS[1]))
                .or(in_row)
                .or(placed.nonzero());
            eliminating = eliminating.or(spread.xor(placed));
            if !eliminating.intersects(cells) {
                break;
            }
        }
        self.boxes[b] = cells;
        // Digits known absent from a mini-row (column), and those placed in
        // one, rule out configurations of the bands. What the box asserts
        // only grows as it narrows, so the last round's assertions hold
        // every earlier round's.
        let absent = absent_lanes(asserted);
        let present = absent_lanes(spread);
        let message = absent
            .shuffle(&BOX_TO_BANDS[b][0])
            .or(present.shuffle(&BOX_TO_BANDS[b][1]))
            .or(present.shuffle(&BOX_TO_BANDS[b][2]));
        self.rule_out(b / 3, message.lo());
        self.rule_out(3 + b % 3, message.hi());
        true
    }

    /// Applies a band's ruled-out configurations, places the digits of
    /// mini-rows (columns) left with three, and restricts its boxes.
    #[inline(always)]
    fn update_band<const BAND: usize>(&mut self) -> bool {
        let band = BAND;
        let Band { configs, ruled_out } = self.bands[band];
        if !configs.intersects(ruled_out) {
            return true;
        }
        let configs = configs.and_not(ruled_out);
        let possible: L = triads(configs);
        let full = possible.and(possible.counts().equal(L::splat(3)));
        let elsewhere = full
            .shuffle(&TRIAD_ROTATIONS[0])
            .or(full.shuffle(&TRIAD_ROTATIONS[1]));
        let removing = elsewhere
            .lo()
            .shuffle(&TRIADS_TO_CONFIGS[0])
            .or(elsewhere.lo().shuffle(&TRIADS_TO_CONFIGS[1]))
            .or(elsewhere.hi().shuffle(&TRIADS_TO_CONFIGS[2]));
        // Mostly nothing goes, and the triads are those already made (2% of
        // the hard sets' time).
        let triads: L = if configs.intersects(removing) {
            triads(configs.and_not(removing))
        } else {
            possible
        };
        let configs = configs.and_not(removing);
        self.bands[band].configs = configs;
        self.restrict_from::<BAND, 0>(triads)
            && self.restrict_from::<BAND, 1>(triads)
            && self.restrict_from::<BAND, 2>(triads)
    }

    /// Restricts box `P` of band `BAND` to the digits its `triads` allow.
    #[inline(always)]
    fn restrict_from<const BAND: usize, const P: usize>(&mut self, triads: L) -> bool {
        let (vertical, index) = (BAND / 3, BAND % 3);
        let free = L::from_array(BAND_FREE[vertical]);
        let row = if P == 2 { triads.hi() } else { triads.lo() };
        let both = L::join(row, row);
        let [first, second] = &TRIADS_TO_BOX[vertical][P % 2];
        let allowed = both.shuffle(first).or(both.shuffle(second)).or(free);
        let b = if vertical == 1 {
            3 * P + index
        } else {
            3 * index + P
        };
        self.restrict(b, allowed)
    }
}

/// The digits found in two or more lanes of each group that `rotate`
/// cycles through (a matrix row or column), in every lane of the group.
#[inline(always)]
fn repeated<L: Lanes>(lanes: L, rotate: impl Fn(L) -> L) -> L {
    let mut rotated = rotate(lanes);
    let mut twice = lanes.and(rotated);
    let mut once = lanes.or(rotated);
    for _ in 0..2 {
        rotated = rotate(rotated);
        twice = twice.or(once.and(rotated));
        once = once.or(rotated);
    }
    twice
}

/// A band's triad matrix: lane 4p+e holds the digits that may lie in
/// mini-row (column) e of its box p.
#[inline(always)]
fn triads<L: Lanes>(configs: L::Half) -> L {
    let both = L::join(configs, configs);
    both.shuffle(&CONFIGS_TO_TRIADS[0])
        .or(both.shuffle(&CONFIGS_TO_TRIADS[1]))
}

/// A box's absent-digit lanes in lanes 4..7 of each half: mini-rows in the
/// low half, mini-columns in the high one (the other lanes hold junk that
/// the band shuffles do not read).
#[inline(always)]
fn absent_lanes<L: Lanes>(lanes: L) -> L {
    let gathered = lanes.shuffle(&GATHER_ROW_LANES);
    L::join(gathered.lo().or(gathered.hi()), lanes.hi())
}
