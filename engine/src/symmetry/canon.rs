//! Canonical forms: one representative per class of boards that the symmetry
//! group (engine/symmetry/transform.rs) maps onto each other, so that "the same puzzle
//! in disguise" becomes "the same string".
//!
//! The rule, for every shape: the canonical form is the smallest string, read
//! row by row with empty cells as 0, over every band and stack order, row
//! order inside each band, column order inside each stack, digit relabelling
//! and, where boxes are square, transposition. For a fixed arrangement of the
//! cells the smallest relabelling numbers the digits in their order of first
//! appearance, so only the arrangement is searched. On 9x9 this is the
//! community's "minlex" form: a full grid always starts `123456789`, and
//! Gordon Royle's list of essentially different 17-clue puzzles is printed in
//! it (every line of that list is its own canonical form).
//!
//! Rectangular boxes (2x3, 3x4, ...) are not transposed: a transposed board
//! has boxes of the other shape (3x2, 4x3), a different game whose boards get
//! canonical forms of their own.
//!
//! The search is a branch and bound over the output, cell by cell in reading
//! order, against the best string found so far: a branch ends as soon as its
//! prefix is larger. Choices are made only when a cell needs them. Input rows
//! are picked row by row; an input column is pinned to an output position only
//! when that position first shows a digit that tells columns apart. Until
//! then a position is *open*: either still empty in every row read so far
//! (any empty column of its stack fits, and all of them are alike so far), or
//! holding a digit seen for the first time in the row just read (any column
//! with an unseen digit fits, and it takes the next label whichever it is).
//! An open position is pinned when a later row reads it, or when a later row
//! shows the digit it holds (which then takes the smallest label it can). So
//! a full row of new digits costs no branching, and a 9x9 grid needs a few
//! hundred small steps instead of the group's 3,359,232 arrangements.
//!
//! Full 9x9 grids take a faster path to the same form (minlex9.rs): there
//! the first row fixes every label, so the first band decides almost all.

use super::minlex9;
use super::transform::{Parts, Transform};
use crate::board::geometry::Shape;
use crate::board::grid::Grid;
use crate::board::validate::is_consistent;

/// A board's canonical form and one symmetry that produces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The class's representative.
    pub grid: Grid,
    /// Maps the input board onto `grid`.
    pub transform: Transform,
}

/// The canonical form of `grid`; `None` when a digit repeats in a row, column
/// or box (such a board belongs to no puzzle, and the search relies on each
/// digit appearing once per row and column), and for a variant's rules,
/// whose disguises the transforms here (which move boxes as boxes) do not
/// cover yet.
pub fn canonical_form(grid: &Grid) -> Option<Canonical> {
    // the transforms move boxes as boxes; a variant's houses are not searched yet
    if !grid.rules().is_classic() {
        return None;
    }
    if grid.n() == 9 && grid.shape().is_square() && grid.is_full() {
        return full_nine(grid);
    }
    is_consistent(grid).then(|| search(grid))
}

/// A full 9x9 grid's form, by the faster search of minlex9.rs;
/// `None` when a digit repeats in a unit.
fn full_nine(grid: &Grid) -> Option<Canonical> {
    let shape = grid.shape();
    let m = minlex9::minlex(grid.values())?;
    let parts = Parts {
        transposed: m.transposed,
        rows: m.rows.to_vec(),
        cols: m.cols.to_vec(),
        digits: m.digits.to_vec(),
    };
    let transform = Transform::from_parts(shape, &parts).expect("the search keeps boxes together");
    let canonical = Grid::from_values(shape, m.values.to_vec()).expect("digits of a 9x9 board");
    debug_assert_eq!(transform.apply(grid).as_ref(), Some(&canonical));
    Some(Canonical {
        grid: canonical,
        transform,
    })
}

/// The form found by the general search, for any consistent board.
fn search(grid: &Grid) -> Canonical {
    let shape = grid.shape();
    let mut boards = vec![Board::new(grid.values().to_vec(), shape.n())];
    if shape.is_square() {
        boards.push(Board::new(transposed(grid), shape.n()));
    }
    let mut search = Search::new(shape, boards);
    let (values, state) = search.run();
    let transform = search.transform(&state, grid);
    let canonical =
        Grid::from_values(shape, values).expect("canonical values are digits of the shape");
    debug_assert_eq!(transform.apply(grid).as_ref(), Some(&canonical));
    Canonical {
        grid: canonical,
        transform,
    }
}

/// The symmetry that maps `a` onto `b`, when they are the same board in
/// disguise; `None` when they are not (or either is inconsistent, or their
/// shapes differ).
pub fn mapping(a: &Grid, b: &Grid) -> Option<Transform> {
    let (ca, cb) = (canonical_form(a)?, canonical_form(b)?);
    (ca.grid == cb.grid).then(|| {
        ca.transform
            .then(&cb.transform.inverse())
            .expect("both transforms have the boards' shape")
    })
}

fn transposed(grid: &Grid) -> Vec<u8> {
    let n = grid.n();
    (0..n * n).map(|i| grid.get((i % n) * n + i / n)).collect()
}

/// Marks an unset entry in the `u8` tables below.
const NONE: u8 = u8::MAX;
/// The largest board side; fixed arrays keep the search state copyable.
const MAX_N: usize = 25;

/// Where one branch of the search stands.
#[derive(Clone)]
struct State {
    /// Which board is read: 0 the input, 1 its transpose.
    board: u8,
    /// Output row -> input row, for the rows read so far.
    rows: [u8; MAX_N],
    rows_used: u32,
    /// Output band -> input band.
    bands: [u8; MAX_N],
    bands_used: u32,
    /// Output position -> input column, `NONE` while the position is open.
    cols: [u8; MAX_N],
    cols_used: u32,
    /// For an open position: 0 while it has been empty in every row read,
    /// else the label of the digit it showed in the previous row.
    pending: [u8; MAX_N],
    /// Output stack -> input stack, `NONE` until a column is pinned in it.
    stacks: [u8; MAX_N],
    stacks_used: u32,
    /// Input stack -> output stack.
    slot_of: [u8; MAX_N],
    /// Per output stack, its empty cells in row 0 (they come first).
    zeros: [u8; MAX_N],
    /// Columns filled in some row read before the current one.
    seen: u32,
    /// Input digit -> output label, 0 while unseen.
    labels: [u8; MAX_N + 1],
    next_label: u8,
}

impl State {
    fn new() -> State {
        State {
            board: 0,
            rows: [NONE; MAX_N],
            rows_used: 0,
            bands: [NONE; MAX_N],
            bands_used: 0,
            cols: [NONE; MAX_N],
            cols_used: 0,
            pending: [0; MAX_N],
            stacks: [NONE; MAX_N],
            stacks_used: 0,
            slot_of: [NONE; MAX_N],
            zeros: [0; MAX_N],
            seen: 0,
            labels: [0; MAX_N + 1],
            next_label: 1,
        }
    }

    fn map(&mut self, slot: usize, stack: usize) {
        self.stacks[slot] = stack as u8;
        self.slot_of[stack] = slot as u8;
        self.stacks_used |= 1 << stack;
    }

    fn pin(&mut self, position: usize, col: usize) {
        self.cols[position] = col as u8;
        self.cols_used |= 1 << col;
        self.pending[position] = 0;
    }
}

/// How a digit read in the current row is labelled.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Label {
    /// Seen before: its label.
    Known(u8),
    /// Shown in the previous row by the open position given, whose label it
    /// would take.
    Open(u8, usize),
    /// Never seen: the next label.
    New,
}

/// Counters of the row being read.
#[derive(Clone, Copy, Default)]
struct RowCount {
    /// Open positions of the current output stack kept empty in this row.
    zeros: u32,
    /// Output stacks left unmapped (all empty) so far in this row.
    empty_stacks: u32,
}

/// One way of reading the input: as given, or transposed.
struct Board {
    /// Row-major values.
    values: Vec<u8>,
    /// Per row, the mask of its filled columns.
    filled: Vec<u32>,
    /// Per row, digit -> column (`NONE` when absent).
    column_of: Vec<[u8; MAX_N + 1]>,
}

impl Board {
    fn new(values: Vec<u8>, n: usize) -> Board {
        let filled = values
            .chunks(n)
            .map(|row| {
                row.iter()
                    .enumerate()
                    .filter(|&(_, &v)| v != 0)
                    .fold(0, |mask, (c, _)| mask | 1 << c)
            })
            .collect();
        let column_of = values
            .chunks(n)
            .map(|row| {
                let mut at = [NONE; MAX_N + 1];
                for (c, &v) in row.iter().enumerate().filter(|&(_, &v)| v != 0) {
                    at[v as usize] = c as u8;
                }
                at
            })
            .collect();
        Board {
            values,
            filled,
            column_of,
        }
    }
}

/// The search, row by row: every branch that reads the smallest string so
/// far is kept, and each output row is read from each of them; only the
/// branches whose row is the smallest go on to the next row. Inside a row,
/// a branch ends as soon as its row is larger than the smallest one found.
struct Search {
    n: usize,
    box_rows: usize,
    box_cols: usize,
    boards: Vec<Board>,
    /// The smallest string of the current row so far (all `NONE` at first).
    best: [u8; MAX_N],
    /// The current row of the branch being explored, up to its current cell.
    current: [u8; MAX_N],
    /// The branches that read the smallest string up to the current row.
    kept: Vec<State>,
    /// Counts improvements of `best`, so that a branch point knows when a
    /// child has found a row sharing its prefix.
    improvements: u64,
    /// The output row being read.
    row: usize,
}

impl Search {
    fn new(shape: Shape, boards: Vec<Board>) -> Search {
        Search {
            n: shape.n(),
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            boards,
            best: [NONE; MAX_N],
            current: [0; MAX_N],
            kept: Vec::new(),
            improvements: 0,
            row: 0,
        }
    }

    /// The canonical values and one branch that reads them.
    fn run(&mut self) -> (Vec<u8>, State) {
        let n = self.n;
        let mut values = Vec::with_capacity(n * n);
        let mut branches: Vec<State> = (0..self.boards.len())
            .map(|board| State {
                board: board as u8,
                ..State::new()
            })
            .collect();
        for r in 0..n {
            self.row = r;
            self.best = [NONE; MAX_N];
            self.kept.clear();
            for state in &branches {
                self.next_row(state, r);
            }
            values.extend_from_slice(&self.best[..n]);
            std::mem::swap(&mut branches, &mut self.kept);
        }
        let state = branches.swap_remove(0);
        (values, state)
    }

    fn board(&self, state: &State) -> &Board {
        &self.boards[state.board as usize]
    }

    /// A finished row: the branch is kept if its row is the smallest so far.
    fn row_done(&mut self, mut state: State, r: usize, tight: bool) {
        if !tight {
            self.best = self.current;
            self.kept.clear();
            self.improvements += 1;
        }
        state.seen |= self.board(&state).filled[state.rows[r] as usize];
        self.kept.push(state);
    }

    fn value(&self, state: &State, row: usize, col: usize) -> u8 {
        self.board(state).values[row * self.n + col]
    }

    fn filled(&self, state: &State, row: usize) -> u32 {
        self.board(state).filled[row]
    }

    /// The mask of the columns of input stack `stack`.
    fn stack_mask(&self, stack: usize) -> u32 {
        ((1u32 << self.box_cols) - 1) << (stack * self.box_cols)
    }

    /// Reads output row `r` from `state` with every input row that may
    /// come there.
    fn next_row(&mut self, state: &State, r: usize) {
        let h = self.box_rows;
        let band = r / h;
        let bands = if r.is_multiple_of(h) {
            !state.bands_used & ((1 << (self.n / h)) - 1)
        } else {
            1 << state.bands[band]
        };
        let mut candidates = [0u8; MAX_N];
        let mut count = 0;
        for b in bits(bands) {
            let mut empty_tried = false;
            for row in b * h..b * h + h {
                if state.rows_used & 1 << row != 0 {
                    continue;
                }
                // Two empty rows of one band are interchangeable.
                if self.filled(state, row) == 0 {
                    if empty_tried {
                        continue;
                    }
                    empty_tried = true;
                }
                candidates[count] = row as u8;
                count += 1;
            }
        }
        // Rows with fewer clues tend to give smaller strings: trying them
        // first finds a good bound early.
        candidates[..count].sort_by_key(|&row| self.filled(state, row as usize).count_ones());
        for &row in &candidates[..count] {
            let row = row as usize;
            let mut next = state.clone();
            next.rows[r] = row as u8;
            next.rows_used |= 1 << row;
            if r.is_multiple_of(h) {
                next.bands[band] = (row / h) as u8;
                next.bands_used |= 1 << (row / h);
            }
            if r == 0 {
                self.first_row(next);
            } else {
                self.walk(next, r, 0, RowCount::default(), true);
            }
        }
    }

    /// Reads output row 0. Every digit in it is new, so the row is fixed by
    /// how many empty cells each stack has: the emptiest stacks come first,
    /// their empty cells first. No stack or column needs choosing yet: each
    /// output stack only records how many leading empty cells it showed.
    fn first_row(&mut self, mut state: State) {
        let mut tight = true;
        let (n, w) = (self.n, self.box_cols);
        let row = state.rows[0] as usize;
        let mut empties: Vec<u8> = (0..n / w)
            .map(|t| (self.stack_mask(t) & !self.filled(&state, row)).count_ones() as u8)
            .collect();
        empties.sort_unstable_by(|a, b| b.cmp(a));
        for (slot, &zeros) in empties.iter().enumerate() {
            state.zeros[slot] = zeros;
            for p in slot * w..slot * w + w {
                let symbol = if p - slot * w < zeros as usize {
                    0
                } else {
                    state.pending[p] = state.next_label;
                    state.next_label += 1;
                    state.pending[p]
                };
                if !self.emit(p, symbol, &mut tight) {
                    return;
                }
            }
        }
        self.row_done(state, 0, tight);
    }

    /// True when input stack `t` may fill output stack `slot`, both still
    /// unmapped: `t` showed as many empty cells in row 0 as `slot` did, and
    /// is empty in every later row read.
    fn fits(&self, state: &State, t: usize, slot: usize) -> bool {
        let mask = self.stack_mask(t);
        let first = self.filled(state, state.rows[0] as usize);
        state.stacks_used & 1 << t == 0
            && state.seen & mask == first & mask
            && (mask & !first).count_ones() == state.zeros[slot] as u32
    }

    /// Writes `symbol` at output cell `index`; false when that makes the
    /// string larger than the best, which ends the branch.
    fn emit(&mut self, index: usize, symbol: u8, tight: &mut bool) -> bool {
        if *tight {
            let best = self.best[index];
            if symbol > best {
                return false;
            }
            *tight = symbol == best;
        }
        self.current[index] = symbol;
        true
    }

    /// How digit `d`, read in output row `r`, would be labelled; `exclude`
    /// is an open position being pinned right now, which can't take it.
    fn label_of(&self, state: &State, r: usize, d: u8, exclude: usize) -> Label {
        let known = state.labels[d as usize];
        if known != 0 {
            return Label::Known(known);
        }
        let previous = state.rows[r - 1] as usize;
        let col = self.board(state).column_of[previous][d as usize];
        if col == NONE || state.cols_used & 1 << col != 0 {
            return Label::New;
        }
        // The digit sits at an open position of the previous row, in the
        // output stack its column's stack is mapped to (or, after row 0, the
        // first unmapped one it fits); the smallest open label there is the
        // one it can take.
        let w = self.box_cols;
        let stack = col as usize / w;
        let slot = match state.slot_of[stack] {
            NONE => (0..self.n / w)
                .find(|&s| state.stacks[s] == NONE && self.fits(state, stack, s))
                .expect("a column filled in a row read has an output stack"),
            slot => slot as usize,
        };
        let position = (slot * w..slot * w + w)
            .filter(|&q| q != exclude && state.cols[q] == NONE && state.pending[q] != 0)
            .min_by_key(|&q| state.pending[q])
            .expect("an open column of the previous row has an open position");
        Label::Open(state.pending[position], position)
    }

    /// The symbol a label gives.
    fn symbol(state: &State, label: Label) -> u8 {
        match label {
            Label::Known(l) | Label::Open(l, _) => l,
            Label::New => state.next_label,
        }
    }

    /// Gives digit `d` (read in row `r`) its label and returns it, pinning
    /// the open position that showed it in the previous row if there is one.
    fn take(&self, state: &mut State, r: usize, d: u8) -> u8 {
        match self.label_of(state, r, d, usize::MAX) {
            Label::Known(l) => l,
            Label::Open(l, position) => {
                let previous = state.rows[r - 1] as usize;
                let col = self.board(state).column_of[previous][d as usize] as usize;
                let slot = position / self.box_cols;
                if state.stacks[slot] == NONE {
                    state.map(slot, col / self.box_cols);
                }
                state.pin(position, col);
                state.labels[d as usize] = l;
                l
            }
            Label::New => {
                let l = state.next_label;
                state.labels[d as usize] = l;
                state.next_label += 1;
                l
            }
        }
    }

    /// The symbol of input column `col` read in output row `r`, with its
    /// label taken.
    fn read(&self, state: &mut State, r: usize, col: usize) -> u8 {
        let row = state.rows[r] as usize;
        match self.value(state, row, col) {
            0 => 0,
            d => self.take(state, r, d),
        }
    }

    /// Pins position `p`, open since the previous row, to column `col`: the
    /// digit it showed there takes its label. Returns the symbol of row `r`.
    fn pin_open(&self, state: &mut State, r: usize, p: usize, col: usize) -> u8 {
        let previous = state.rows[r - 1] as usize;
        let d = self.value(state, previous, col);
        state.labels[d as usize] = state.pending[p];
        state.pin(p, col);
        self.read(state, r, col)
    }

    /// Pins position `p` to column `col` and returns the symbol row `r`
    /// reads there; `open` when the position showed a digit in the previous
    /// row, which then takes the position's label.
    fn pin_and_read(&self, state: &mut State, r: usize, p: usize, col: usize, open: bool) -> u8 {
        if open {
            self.pin_open(state, r, p, col)
        } else {
            state.pin(p, col);
            self.read(state, r, col)
        }
    }

    /// Pins position `p` to the columns of `ties` (they read the same
    /// symbol there). With one column, returns the pinned state to go on
    /// with, or `None` when it is larger than the best row; with several,
    /// reads the rest of the row from each in turn and returns `None`.
    fn pin_ties(
        &mut self,
        mut state: State,
        p: usize,
        ties: u32,
        count: RowCount,
        tight: &mut bool,
        open: bool,
    ) -> Option<State> {
        let r = self.row;
        if ties.count_ones() == 1 {
            let symbol = self.pin_and_read(&mut state, r, p, ties.trailing_zeros() as usize, open);
            return self.emit(p, symbol, tight).then_some(state);
        }
        for col in bits(ties) {
            let mut next = state.clone();
            let symbol = self.pin_and_read(&mut next, r, p, col, open);
            let mut child_tight = *tight;
            if !self.emit(p, symbol, &mut child_tight) {
                continue;
            }
            let before = self.improvements;
            self.walk(next, r, p + 1, count, child_tight);
            *tight |= self.improvements != before;
        }
        None
    }

    /// Output row `r` (after row 0) reaches unmapped output stack `slot`:
    /// leaves it unmapped while it can stay empty, else tries each input
    /// stack that fits it and gives the most empty cells in this row.
    /// Returns the position to go on from when the stack stays unmapped.
    fn unmapped_stack(
        &mut self,
        state: &State,
        r: usize,
        slot: usize,
        count: &mut RowCount,
        tight: &mut bool,
    ) -> Option<usize> {
        let w = self.box_cols;
        let row = state.rows[r] as usize;
        let p = slot * w;
        let fitting = (0..self.n / w).filter(|&t| self.fits(state, t, slot));
        let blank = |t: usize| self.filled(state, row) & self.stack_mask(t) == 0;
        if state.zeros[slot] as usize == w
            && fitting.clone().filter(|&t| blank(t)).count() as u32 > count.empty_stacks
        {
            // An input stack empty in every row so far, this one included,
            // is left for it.
            for q in p..p + w {
                if !self.emit(q, 0, tight) {
                    return None;
                }
            }
            count.empty_stacks += 1;
            return Some(p + w);
        }
        // Its positions open so far are empty in every row but row 0: the
        // input stack with the most empty cells there in this row gives the
        // most leading zeros; ties are tried in turn. Stacks blank in this
        // row are kept for the stacks left unmapped before.
        let first = self.filled(state, state.rows[0] as usize);
        let choices: Vec<(usize, u32)> = fitting
            .filter(|&t| state.zeros[slot] as usize != w || !blank(t))
            .map(|t| {
                (
                    t,
                    (self.stack_mask(t) & !first & !self.filled(state, row)).count_ones(),
                )
            })
            .collect();
        let most = choices.iter().map(|&(_, z)| z).max()?;
        for (t, zeros) in choices {
            if zeros != most {
                continue;
            }
            let mut next = state.clone();
            next.map(slot, t);
            let before = self.improvements;
            self.walk(next, r, p, *count, *tight);
            *tight |= self.improvements != before;
        }
        None
    }

    /// Reads output row `r` (after row 0) from position `p` on, then the
    /// rows after it.
    fn walk(
        &mut self,
        mut state: State,
        r: usize,
        mut p: usize,
        mut count: RowCount,
        mut tight: bool,
    ) {
        let n = self.n;
        let w = self.box_cols;
        let row = state.rows[r] as usize;
        let previous_filled = self.filled(&state, state.rows[r - 1] as usize);
        while p < n {
            let slot = p / w;
            if p.is_multiple_of(w) {
                count.zeros = 0;
            }
            if state.stacks[slot] == NONE {
                match self.unmapped_stack(&state, r, slot, &mut count, &mut tight) {
                    Some(next) => {
                        p = next;
                        continue;
                    }
                    None => return,
                }
            }
            let stack_cols = self.stack_mask(state.stacks[slot] as usize) & !state.cols_used;
            if state.cols[p] != NONE {
                let col = state.cols[p] as usize;
                let symbol = self.read(&mut state, r, col);
                if !self.emit(p, symbol, &mut tight) {
                    return;
                }
                p += 1;
                continue;
            }
            if state.pending[p] != 0 {
                // Open since the previous row: this row tells its columns apart.
                let candidates = stack_cols & previous_filled;
                let (least, ties) =
                    smallest(candidates, |col| match self.value(&state, row, col) {
                        0 => 0,
                        d => Self::symbol(&state, self.label_of(&state, r, d, p)),
                    });
                if tight && least > self.best[p] {
                    return;
                }
                let Some(next) = self.pin_ties(state, p, ties, count, &mut tight, true) else {
                    return;
                };
                state = next;
                p += 1;
                continue;
            }
            // Empty in every row so far: stays empty while this row has an
            // empty column left for it.
            let open_cols = stack_cols & !state.seen;
            let zeros = (open_cols & !self.filled(&state, row)).count_ones();
            if count.zeros < zeros {
                count.zeros += 1;
                if !self.emit(p, 0, &mut tight) {
                    return;
                }
                p += 1;
                continue;
            }
            let candidates = open_cols & self.filled(&state, row);
            let (least, ties) = smallest(candidates, |col| {
                let d = self.value(&state, row, col);
                Self::symbol(&state, self.label_of(&state, r, d, usize::MAX))
            });
            if tight && least > self.best[p] {
                return;
            }
            if least == state.next_label {
                // Only unseen digits are left: whichever comes here takes the
                // next label, so the position stays open.
                state.pending[p] = least;
                state.next_label += 1;
                if !self.emit(p, least, &mut tight) {
                    return;
                }
                p += 1;
                continue;
            }
            let Some(next) = self.pin_ties(state, p, ties, count, &mut tight, false) else {
                return;
            };
            state = next;
            p += 1;
        }
        self.row_done(state, r, tight);
    }

    /// The symmetry of the best arrangement: open positions take the
    /// remaining columns of their stacks (any fit: they read alike),
    /// unmapped stacks the remaining stacks, and digits absent from the
    /// board the remaining labels.
    fn transform(&self, state: &State, grid: &Grid) -> Transform {
        let transposed = state.board == 1;
        let (n, w) = (self.n, self.box_cols);
        let mut state = state.clone();
        let last = state.rows[n - 1] as usize;
        let values = if transposed {
            self::transposed(grid)
        } else {
            grid.values().to_vec()
        };
        let last_filled = values[last * n..last * n + n]
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != 0)
            .fold(0u32, |mask, (c, _)| mask | 1 << c);
        for slot in 0..n / w {
            if state.stacks[slot] == NONE {
                let t = (0..n / w)
                    .find(|&t| state.stacks_used & 1 << t == 0)
                    .expect("as many stacks as slots");
                state.stacks[slot] = t as u8;
                state.stacks_used |= 1 << t;
            }
            let free = self.stack_mask(state.stacks[slot] as usize) & !state.cols_used;
            let mut shown = bits(free & last_filled);
            let mut blank = bits(free & !last_filled);
            for p in slot * w..slot * w + w {
                if state.cols[p] != NONE {
                    continue;
                }
                if state.pending[p] != 0 {
                    let col = shown.next().expect("an open column per open position");
                    state.labels[values[last * n + col] as usize] = state.pending[p];
                    state.pin(p, col);
                } else {
                    let col = blank.next().expect("an empty column per empty position");
                    state.pin(p, col);
                }
            }
        }
        let mut spare = (1..=n as u8).filter(|l| !state.labels[1..=n].contains(l));
        let digits: Vec<u8> = (1..=n)
            .map(|d| match state.labels[d] {
                0 => spare.next().expect("as many labels as digits"),
                l => l,
            })
            .collect();
        let parts = Parts {
            transposed,
            rows: state.rows[..n].iter().map(|&r| r as usize).collect(),
            cols: state.cols[..n].iter().map(|&c| c as usize).collect(),
            digits,
        };
        Transform::from_parts(grid.shape(), &parts)
            .expect("the search keeps bands and stacks together and labels are a permutation")
    }
}

/// The smallest `symbol` over the columns of `candidates` (at least one),
/// and the mask of the columns that give it.
fn smallest(candidates: u32, symbol: impl Fn(usize) -> u8) -> (u8, u32) {
    let mut least = NONE;
    let mut ties = 0;
    for col in bits(candidates) {
        let s = symbol(col);
        if s < least {
            least = s;
            ties = 0;
        }
        if s == least {
            ties |= 1 << col;
        }
    }
    debug_assert!(ties != 0, "a position always has a column left");
    (least, ties)
}

/// The set bits of `mask`, lowest first.
pub(super) fn bits(mask: impl Into<u64>) -> impl Iterator<Item = usize> {
    let mut mask = mask.into();
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::{FillMethod, fill};

    /// Full 9x9 grids: the fast path and the general search agree on the
    /// form, and both transforms produce it.
    fn agree_on(count: usize, seed: u64) {
        let shape = Shape::for_size(9).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..count {
            let grid = fill(shape, FillMethod::default(), &mut rng);
            let (fast, general) = (full_nine(&grid).unwrap(), search(&grid));
            assert_eq!(fast.grid, general.grid, "{grid:?}");
            assert_eq!(fast.transform.apply(&grid), Some(fast.grid));
        }
    }

    #[test]
    fn full_grids_take_the_fast_path_to_the_same_form() {
        agree_on(500, 1);
    }

    #[test]
    #[ignore = "20,000 grids through the general search: run with --release"]
    fn full_grids_take_the_fast_path_to_the_same_form_many_times() {
        agree_on(20_000, 2);
    }
}
