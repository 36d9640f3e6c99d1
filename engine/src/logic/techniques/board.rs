//! `Board`: the candidate view techniques reason on. Besides values and
//! candidates per cell it keeps, for every unit and digit, the mask of the
//! unit's positions that still allow the digit, so unit scans (hidden
//! singles, locked candidates, hidden subsets, fish) are single-word bit tests.
//! Every placement and elimination updates those masks incrementally.

use std::sync::OnceLock;

use crate::board::digits::DigitSet;
use crate::board::geometry::{Geometry, SUPPORTED_SHAPES, Shape};
use crate::board::grid::Grid;
use crate::logic::step::Step;

/// A box and a line (row or column) that cross it, with the crossing cells as
/// position masks in each of the two units. Locked candidates live here.
#[derive(Debug)]
pub struct Intersection {
    /// The box's unit index.
    pub box_unit: usize,
    /// The line's unit index.
    pub line_unit: usize,
    /// The crossing cells, as positions in the box.
    pub box_mask: u32,
    /// The crossing cells, as positions in the line.
    pub line_mask: u32,
}

/// Per-shape facts the board needs beyond `Geometry`, computed once.
#[derive(Debug)]
pub struct Layout {
    n: usize,
    /// For each cell, its position inside its row, column and box.
    pub slot: Vec<[u8; 3]>,
    /// `unit_cells[unit * n + position]`: the cell at a position of a unit,
    /// flat, so the hottest lookup is one load.
    unit_cells: Vec<u32>,
    /// For each cell, per unit (row, column, box): the unit, its first
    /// index in `Board::pos` and the cell's bit there; what clearing a
    /// candidate touches, in one load.
    clear_at: Vec<[(u32, u32, u32); 3]>,
    /// Every box/line crossing, boxes in order, rows before columns.
    pub intersections: Vec<Intersection>,
    /// `line_masks[box * 2n + line_unit]`: the positions of the line (row or
    /// column unit) that lie in the box (0-based box number), 0 when apart.
    line_masks: Vec<u32>,
    /// For each line unit (rows, then columns), the boxes it crosses as a mask.
    boxes_crossing: Vec<u32>,
    /// `crossings_at[unit * n + position]`: the indices in `intersections`
    /// of the crossings of the unit that hold the position, ascending (a box
    /// position lies in a row's and a column's, a line position in one box's).
    crossings_at: Vec<[usize; 2]>,
    /// 64-bit words in a set of cells.
    words: usize,
    /// `peer_bits[cell * words..][..words]`: the peers of a cell as a set.
    peer_bits: Vec<u64>,
    /// `crossing_parts[unit * n + position]`: the unit's positions in the
    /// crossings of `crossings_at`, same order (0 for a line's second).
    crossing_parts: Vec<[u32; 2]>,
}

impl Layout {
    fn build(g: &Geometry) -> Layout {
        let n = g.n;
        let mut slot = vec![[0u8; 3]; n * n];
        for (unit, cells) in g.units.iter().enumerate() {
            for (i, &cell) in cells.iter().enumerate() {
                slot[cell][unit / n] = i as u8;
            }
        }
        let mut intersections = Vec::new();
        let mut line_masks = vec![0u32; n * 2 * n];
        for box_unit in 2 * n..3 * n {
            for line_unit in 0..2 * n {
                let (mut box_mask, mut line_mask) = (0u32, 0u32);
                for &cell in &g.units[box_unit] {
                    if g.cell_units[cell][line_unit / n] == line_unit {
                        box_mask |= 1 << slot[cell][2];
                        line_mask |= 1 << slot[cell][line_unit / n];
                    }
                }
                line_masks[(box_unit - 2 * n) * 2 * n + line_unit] = line_mask;
                if box_mask != 0 {
                    intersections.push(Intersection {
                        box_unit,
                        line_unit,
                        box_mask,
                        line_mask,
                    });
                }
            }
        }
        let boxes_crossing = (0..2 * n)
            .map(|line| {
                (0..n)
                    .filter(|&bx| line_masks[bx * 2 * n + line] != 0)
                    .fold(0u32, |m, bx| m | 1 << bx)
            })
            .collect();
        let mut crossings_at = vec![[usize::MAX; 2]; 3 * n * n];
        for (i, x) in intersections.iter().enumerate() {
            for p in 0..n {
                if x.box_mask & 1 << p != 0 {
                    let at = &mut crossings_at[x.box_unit * n + p];
                    at[usize::from(at[0] != usize::MAX)] = i;
                }
                if x.line_mask & 1 << p != 0 {
                    crossings_at[x.line_unit * n + p][0] = i;
                }
            }
        }
        let clear_at = (0..n * n)
            .map(|cell| {
                let units = g.cell_units[cell];
                [0, 1, 2].map(|k| {
                    let unit = units[k] as u32;
                    (unit, unit * n as u32, 1u32 << slot[cell][k])
                })
            })
            .collect();
        let words = (n * n).div_ceil(64);
        let mut peer_bits = vec![0u64; n * n * words];
        for (cell, peers) in g.peers.iter().enumerate() {
            for &p in peers {
                peer_bits[cell * words + p / 64] |= 1 << (p % 64);
            }
        }
        let unit_cells = g.units.iter().flatten().map(|&c| c as u32).collect();
        let crossing_parts = crossings_at
            .iter()
            .enumerate()
            .map(|(at, xs)| {
                xs.map(|x| {
                    intersections.get(x).map_or(0, |c: &Intersection| {
                        if at / n < 2 * n {
                            c.line_mask
                        } else {
                            c.box_mask
                        }
                    })
                })
            })
            .collect();
        Layout {
            n,
            slot,
            unit_cells,
            clear_at,
            intersections,
            line_masks,
            boxes_crossing,
            crossings_at,
            words,
            peer_bits,
            crossing_parts,
        }
    }

    /// The positions of a line (a row or column unit) inside a box (0-based
    /// box number): where a fin box meets a base or cover line.
    pub fn line_mask_in_box(&self, box_index: usize, line_unit: usize) -> u32 {
        self.line_masks[box_index * 2 * self.n + line_unit]
    }

    /// The boxes (0-based box numbers, as a mask) a line unit crosses.
    pub fn boxes_crossing(&self, line_unit: usize) -> u32 {
        self.boxes_crossing[line_unit]
    }

    /// The indices in `intersections` of the crossings of `unit` that hold
    /// `position`, ascending; `usize::MAX` fills the second for a line.
    pub fn crossings_at(&self, unit: usize, position: u32) -> [usize; 2] {
        self.crossings_at[unit * self.n + position as usize]
    }

    /// The 64-bit words of a set of cells on this shape (bit c % 64 of word
    /// c / 64 is cell c): chains test "some cell sees both" with them.
    pub fn cell_words(&self) -> usize {
        self.words
    }

    /// The peers of a cell as a set of cells.
    pub fn peer_bits(&self, cell: usize) -> &[u64] {
        &self.peer_bits[cell * self.words..(cell + 1) * self.words]
    }

    /// The cached layout of a shape.
    pub fn of(shape: Shape) -> &'static Layout {
        static CACHE: [OnceLock<Layout>; SUPPORTED_SHAPES.len()] =
            [const { OnceLock::new() }; SUPPORTED_SHAPES.len()];
        let index = SUPPORTED_SHAPES
            .iter()
            .position(|&(r, c)| r as usize == shape.box_rows() && c as usize == shape.box_cols())
            .expect("Shape values are only built from SUPPORTED_SHAPES");
        CACHE[index].get_or_init(|| Layout::build(shape.geometry()))
    }

    /// For each position of `unit`, its positions in the crossings of
    /// `crossings_at` there: a digit whose positions all lie in one is locked
    /// in that crossing, a single mask test.
    pub fn crossing_parts(&self, unit: usize) -> &[[u32; 2]] {
        &self.crossing_parts[unit * self.n..(unit + 1) * self.n]
    }
}

/// The most 64-bit words a set of cells needs (25x25: 625 cells).
pub(crate) const MAX_CELL_WORDS: usize = 10;

/// The cells of a set of cells (see `Layout::cell_words`), ascending.
pub(crate) fn cells_of(set: impl IntoIterator<Item = u64>) -> impl Iterator<Item = usize> {
    set.into_iter().enumerate().flat_map(|(w, mut bits)| {
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                w * 64 + c
            })
        })
    })
}

/// Values and candidates of a position, with per-unit digit position masks.
#[derive(Debug)]
pub struct Board {
    geo: &'static Geometry,
    layout: &'static Layout,
    values: Vec<u8>,
    /// Candidates of empty cells; filled cells hold none.
    cands: Vec<DigitSet>,
    /// `pos[unit * n + digit - 1]`: positions in the unit whose cell allows the digit.
    pos: Vec<u32>,
    /// Positions of the empty cells of each unit.
    open: Vec<u32>,
    /// Digits placed in each unit.
    placed: Vec<DigitSet>,
    empty: usize,
    /// For each digit, how many times a cell lost it as a candidate: a
    /// search that reads one digit's candidates only need not run again
    /// while this count stays.
    changes: Vec<u32>,
    /// For each unit, how many times one of its cells changed (lost a
    /// candidate or took a value): the same for searches within one unit.
    unit_changes: Vec<u32>,
    /// Whether steps found on this board carry their explanation text.
    explain: bool,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            geo: self.geo,
            layout: self.layout,
            values: self.values.clone(),
            cands: self.cands.clone(),
            pos: self.pos.clone(),
            open: self.open.clone(),
            placed: self.placed.clone(),
            empty: self.empty,
            changes: self.changes.clone(),
            unit_changes: self.unit_changes.clone(),
            explain: self.explain,
        }
    }

    /// Copies into this board's buffers rather than new ones: a search for
    /// contradictions resets its trial board hundreds of times per hint.
    fn clone_from(&mut self, source: &Board) {
        self.geo = source.geo;
        self.layout = source.layout;
        self.values.clone_from(&source.values);
        self.cands.clone_from(&source.cands);
        self.pos.clone_from(&source.pos);
        self.open.clone_from(&source.open);
        self.placed.clone_from(&source.placed);
        self.empty = source.empty;
        self.changes.clone_from(&source.changes);
        self.unit_changes.clone_from(&source.unit_changes);
        self.explain = source.explain;
    }
}

impl Board {
    /// The board with every cell empty and every candidate open.
    pub fn empty(shape: Shape) -> Board {
        let geo = shape.geometry();
        let n = geo.n;
        let all = (1u32 << n) - 1;
        Board {
            geo,
            layout: Layout::of(shape),
            values: vec![0; n * n],
            cands: vec![DigitSet::full(n); n * n],
            pos: vec![all; 3 * n * n],
            open: vec![all; 3 * n],
            placed: vec![DigitSet::EMPTY; 3 * n],
            empty: n * n,
            changes: vec![0; n],
            unit_changes: vec![0; 3 * n],
            explain: true,
        }
    }

    /// The board of a grid's values, candidates narrowed by peer elimination.
    /// Built in one pass over the units rather than by placing each value,
    /// which clears every peer's candidate one at a time: on a puzzle's
    /// givens that was a quarter of the rater's board work.
    pub fn from_grid(grid: &Grid) -> Board {
        let mut board = Board::empty(grid.shape());
        let n = board.n();
        for (cell, &v) in grid.values().iter().enumerate() {
            if v == 0 || v as usize > n {
                continue;
            }
            board.values[cell] = v;
            board.empty -= 1;
            let slots = board.layout.slot[cell];
            for (k, unit) in board.geo.cell_units[cell].into_iter().enumerate() {
                board.open[unit] &= !(1 << slots[k]);
                board.placed[unit].insert(v);
            }
        }
        for cell in 0..n * n {
            let [row, column, box_unit] = board.geo.cell_units[cell];
            board.cands[cell] = if board.values[cell] == 0 {
                DigitSet::full(n)
                    - board.placed[row]
                    - board.placed[column]
                    - board.placed[box_unit]
            } else {
                DigitSet::EMPTY
            };
        }
        board.pos.fill(0);
        for (cell, at) in board.layout.clear_at.iter().enumerate() {
            for d in board.cands[cell] {
                for &(_, base, bit) in at {
                    board.pos[base as usize + d as usize - 1] |= bit;
                }
            }
        }
        board
    }

    /// Stops steps found on this board from carrying explanation text: the
    /// rater never shows them, and formatting is a good part of its time.
    pub fn without_explanations(mut self) -> Board {
        self.explain = false;
        self
    }

    /// `text()` when this board explains its steps, else an empty string.
    pub fn explain(&self, text: impl FnOnce() -> String) -> String {
        if self.explain { text() } else { String::new() }
    }

    /// The board's box shape.
    pub fn shape(&self) -> Shape {
        self.geo.shape
    }

    /// The board's units and peers.
    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    /// The board's box-line crossings.
    pub fn layout(&self) -> &'static Layout {
        self.layout
    }

    /// The board's side.
    pub fn n(&self) -> usize {
        self.geo.n
    }

    /// The value of a cell, 0 when empty.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of an empty cell (none for a filled one).
    pub fn candidates(&self, cell: usize) -> DigitSet {
        self.cands[cell]
    }

    /// Positions inside `unit` where `digit` can still go.
    pub fn positions(&self, unit: usize, digit: u8) -> u32 {
        self.pos[unit * self.geo.n + digit as usize - 1]
    }

    /// `positions(unit, d)` for every digit d = 1..=n, in order: hot scans
    /// read a unit's digits as one slice (a placed digit has no position).
    pub fn unit_positions(&self, unit: usize) -> &[u32] {
        self.units_positions(unit..unit + 1)
    }

    /// `unit_positions` of consecutive units, one after the other.
    pub fn units_positions(&self, units: std::ops::Range<usize>) -> &[u32] {
        let n = self.geo.n;
        &self.pos[units.start * n..units.end * n]
    }

    /// `open(unit)` of every unit, in unit order.
    pub fn all_open(&self) -> &[u32] {
        &self.open
    }

    /// The candidates of every cell, in cell order.
    pub fn all_candidates(&self) -> &[DigitSet] {
        &self.cands
    }

    /// For each digit d (at d - 1), how many times a cell lost it as a
    /// candidate on this board.
    pub fn digit_changes(&self) -> &[u32] {
        &self.changes
    }

    /// For each unit, how many times one of its cells changed on this board.
    pub fn unit_changes(&self) -> &[u32] {
        &self.unit_changes
    }

    /// Positions of the empty cells of `unit`.
    pub fn open(&self, unit: usize) -> u32 {
        self.open[unit]
    }

    /// Digits already placed in `unit`.
    pub fn placed(&self, unit: usize) -> DigitSet {
        self.placed[unit]
    }

    /// The cell at a position of a unit.
    pub fn cell_at(&self, unit: usize, position: u32) -> usize {
        self.layout.unit_cells[unit * self.geo.n + position as usize] as usize
    }

    /// Number of empty cells.
    pub fn empty_count(&self) -> usize {
        self.empty
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.empty == 0
    }

    /// The values as a grid.
    pub fn to_grid(&self) -> Grid {
        Grid::from_values(self.geo.shape, self.values.clone())
            .expect("board values always fit their shape")
    }

    /// Puts `digit` in an empty cell and removes it from the peers' candidates.
    /// Does nothing on a filled cell or a digit out of range.
    pub fn place(&mut self, cell: usize, digit: u8) {
        let n = self.geo.n;
        if self.values[cell] != 0 || digit == 0 || digit as usize > n {
            return;
        }
        for d in self.cands[cell] {
            self.clear_position(cell, d);
        }
        self.cands[cell] = DigitSet::EMPTY;
        self.values[cell] = digit;
        self.empty -= 1;
        let units = self.geo.cell_units[cell];
        let slots = self.layout.slot[cell];
        for k in 0..3 {
            self.open[units[k]] &= !(1 << slots[k]);
            self.placed[units[k]].insert(digit);
            self.unit_changes[units[k]] += 1;
        }
        // the peers that still allow the digit, found from the unit masks
        // rather than by testing all peers: a cell in two of the units loses
        // it in the first, and the second's mask no longer holds it
        for unit in units {
            let mut peers = self.pos[unit * n + digit as usize - 1];
            while peers != 0 {
                let peer = self.cell_at(unit, peers.trailing_zeros());
                self.cands[peer].remove(digit);
                self.clear_position(peer, digit);
                peers &= peers - 1;
            }
        }
    }

    /// Removes a candidate; true when it was there.
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        if digit == 0 || digit as usize > self.geo.n || !self.cands[cell].contains(digit) {
            return false;
        }
        self.cands[cell].remove(digit);
        self.clear_position(cell, digit);
        true
    }

    /// Narrows an empty cell's candidates to `allowed` (for example the
    /// player's notes).
    pub fn restrict(&mut self, cell: usize, allowed: DigitSet) {
        for d in self.cands[cell] - allowed {
            self.eliminate(cell, d);
        }
    }

    // every elimination and placement comes through here: inlined, it
    // costs the rater a tenth less than as a call
    #[inline(always)]
    fn clear_position(&mut self, cell: usize, digit: u8) {
        for (unit, base, bit) in self.layout.clear_at[cell] {
            self.pos[(base as usize) + digit as usize - 1] &= !bit;
            self.unit_changes[unit as usize] += 1;
        }
        self.changes[digit as usize - 1] += 1;
    }

    /// Applies a step's placements, then its eliminations.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, digit) in &step.placements {
            self.place(cell, digit);
        }
        for &(cell, digit) in &step.eliminations {
            self.eliminate(cell, digit);
        }
    }

    /// True when an empty cell has no candidate or a unit has no place left
    /// for a digit it still needs: no solution extends this position.
    pub fn is_broken(&self) -> bool {
        let n = self.geo.n;
        (0..n * n).any(|c| self.values[c] == 0 && self.cands[c].is_empty())
            || (0..3 * n).any(|u| {
                (DigitSet::full(n) - self.placed[u])
                    .into_iter()
                    .any(|d| self.positions(u, d) == 0)
            })
    }

    /// The cells that still allow `digit`, as a set of cells (see
    /// `Layout::cell_words`), into `out`.
    pub fn digit_bits(&self, digit: u8, out: &mut Vec<u64>) {
        out.clear();
        out.resize(self.layout.words, 0);
        let n = self.geo.n;
        for row in 0..n {
            let mut pos = self.positions(row, digit);
            while pos != 0 {
                let cell = row * n + pos.trailing_zeros() as usize;
                out[cell / 64] |= 1 << (cell % 64);
                pos &= pos - 1;
            }
        }
    }

    /// The cells among `cells`' common peers that still allow `digit`: what a
    /// chain ending in `cells` ("one of them is `digit`") eliminates. In cell
    /// order; found by intersecting peer sets, as wings test it for many pairs.
    pub fn common_peers_with(&self, cells: &[usize], digit: u8) -> Vec<(usize, u8)> {
        let Some((&first, rest)) = cells.split_first() else {
            return Vec::new();
        };
        let mut common = [0u64; MAX_CELL_WORDS];
        let common = &mut common[..self.layout.words];
        common.copy_from_slice(self.layout.peer_bits(first));
        // a cell is not its own peer, so none of `cells` is left in the set
        for &cell in rest {
            for (word, peers) in common.iter_mut().zip(self.layout.peer_bits(cell)) {
                *word &= peers;
            }
        }
        cells_of(common.iter().copied())
            .filter(|&p| self.cands[p].contains(digit))
            .map(|p| (p, digit))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_masks(b: &Board) {
        let g = b.geometry();
        for (u, cells) in g.units.iter().enumerate() {
            for d in 1..=g.n as u8 {
                let expect = cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| b.candidates(c).contains(d))
                    .fold(0u32, |m, (i, _)| m | 1 << i);
                assert_eq!(b.positions(u, d), expect, "unit {u} digit {d}");
            }
            let open = cells
                .iter()
                .enumerate()
                .filter(|&(_, &c)| b.value(c) == 0)
                .fold(0u32, |m, (i, _)| m | 1 << i);
            assert_eq!(b.open(u), open);
        }
    }

    #[test]
    fn masks_follow_placements_and_eliminations_on_every_shape() {
        for shape in Shape::all() {
            let mut b = Board::empty(shape);
            let n = shape.n();
            b.place(0, 1);
            b.place(n * n - 1, 2);
            b.eliminate(n + 2, 3);
            check_masks(&b);
            assert_eq!(b.empty_count(), n * n - 2);
            // a peer of cell 0 lost digit 1, a non-peer kept it
            assert!(!b.candidates(1).contains(1));
            let far = shape.box_rows() * n + shape.box_cols();
            assert!(b.candidates(far).contains(1));
        }
    }

    #[test]
    fn from_grid_matches_placing_each_value_on_every_shape() {
        for shape in Shape::all() {
            let full = crate::solve::solver::solve(&Grid::empty(shape)).unwrap();
            let mut grid = full.clone();
            // keep every third cell, and one clash: a row's first digit again
            for cell in 0..shape.cell_count() {
                if cell % 3 != 0 {
                    grid.put(cell, 0);
                }
            }
            grid.put(1, full.get(0));
            let built = Board::from_grid(&grid);
            let mut placed = Board::empty(shape);
            for (cell, &v) in grid.values().iter().enumerate() {
                if v != 0 {
                    placed.place(cell, v);
                }
            }
            check_masks(&built);
            assert_eq!(built.to_grid(), placed.to_grid());
            assert_eq!(built.all_candidates(), placed.all_candidates());
            assert_eq!(built.all_open(), placed.all_open());
            assert_eq!(built.empty_count(), placed.empty_count());
            for u in 0..3 * shape.n() {
                assert_eq!(built.placed(u), placed.placed(u));
                assert_eq!(built.unit_positions(u), placed.unit_positions(u));
            }
        }
    }

    #[test]
    fn clone_from_copies_every_part() {
        // into a board of another shape and position, and back to a copy
        let mut source = Board::empty(Shape::for_size(9).unwrap());
        source.place(0, 1);
        source.eliminate(40, 5);
        let mut copy = Board::empty(Shape::for_size(4).unwrap());
        copy.place(3, 2);
        copy.clone_from(&source);
        check_masks(&copy);
        assert_eq!(copy.shape(), source.shape());
        assert_eq!(copy.to_grid(), source.to_grid());
        assert_eq!(copy.all_candidates(), source.all_candidates());
        assert_eq!(copy.all_open(), source.all_open());
        assert_eq!(copy.empty_count(), source.empty_count());
        assert_eq!(copy.digit_changes(), source.digit_changes());
        assert_eq!(copy.unit_changes(), source.unit_changes());
        for u in 0..27 {
            assert_eq!(copy.placed(u), source.placed(u));
        }
    }

    #[test]
    fn intersections_cover_each_box_row_and_column() {
        // a 2x3 box meets 2 rows (3 cells each) and 3 columns (2 cells each)
        let shape = Shape::new(2, 3).unwrap();
        let lay = Layout::of(shape);
        let g = shape.geometry();
        let of_box: Vec<_> = lay
            .intersections
            .iter()
            .filter(|i| i.box_unit == 2 * 6)
            .collect();
        assert_eq!(of_box.len(), 5);
        assert_eq!(of_box[0].line_unit, 0);
        assert_eq!(of_box[0].box_mask, 0b000111);
        assert_eq!(of_box[0].line_mask, 0b000111);
        assert_eq!(of_box[2].line_unit, 6);
        assert_eq!(of_box[2].box_mask, 0b001001);
        assert_eq!(of_box[2].line_mask, 0b000011);
        assert_eq!(g.units[of_box[2].line_unit][1], g.cell(1, 0));
    }
}
