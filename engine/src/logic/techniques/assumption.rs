//! A trial from one assumption: a candidate is placed and the singles that
//! follow are placed layer by layer (one layer of singles at a time), with
//! an easy technique step taken where they stall when asked. Each placement
//! remembers which earlier ones it needs (those that removed the cell's
//! other candidates, or the digit's other places in the unit), so a chain
//! to any fact the trial reaches names only the placements that lead to it,
//! not everything the singles filled in on the way. Contradiction chains
//! (`contradiction.rs`) follow a trial to a break, forcing chains
//! (`forcing.rs`) several trials to a fact they share.

use super::board::{MAX_CELL_WORDS, cells_of};
use super::contradiction::{NESTED_SCANS, find_inner_contradiction};
use super::text;
use super::{Board, StepFinder};
use crate::board::digits::DigitSet;
use crate::board::geometry::Geometry;
use crate::logic::difficulty::Difficulty;
use crate::logic::step::Step;

/// What a technique step in a trial costs, in board scans: a scan of every
/// technique up to Expert is far more than a layer of singles.
pub(super) const STEP_SCANS: usize = 40;

/// No placement of the trial removed this candidate: it was gone before.
pub(super) const BEFORE: u16 = u16::MAX;

/// Why a single holds a digit in a cell.
#[derive(Clone, Copy, Debug)]
pub(super) enum Why {
    /// The cell's other candidates are gone.
    Naked,
    /// The digit has no other place in the unit.
    Hidden(usize),
}

/// One placement of a trial, or a technique step taken when singles stall.
#[derive(Clone, Debug)]
pub(super) struct Link {
    pub(super) cell: usize,
    /// 0 for a technique step.
    pub(super) digit: u8,
    /// The earlier links it needs, as indices into the chain (a technique
    /// step needs all of them: what it reads is not tracked).
    pub(super) needs: Vec<u16>,
    /// The unit of a hidden single (`None` for a naked one).
    pub(super) hidden_in: Option<usize>,
    /// A technique step: its technique and units.
    pub(super) step: Option<Step>,
    /// The candidates the link needed gone (the cell's others for a naked
    /// single, the digit's other places in the unit for a hidden one): with
    /// the link itself, its nodes in Sudoku Explainer's count of a chain's
    /// size, which its rating grows with.
    pub(super) offs: u16,
}

/// What breaks: an empty cell without a candidate, or a digit without a
/// place in a unit.
#[derive(Clone, Copy, Debug)]
pub(super) enum Break {
    NoCandidate(usize),
    NoPlace(usize, u8),
}

/// A trial from one assumption: the board with its placements, which
/// placement removed each candidate, and the chain of placements. One trial
/// is reset for each assumption, keeping its buffers.
pub(super) struct Trial<'a> {
    pub(super) start: &'a Board,
    pub(super) board: Board,
    /// `removed_by[cell * n + digit - 1]`: the placement that removed the
    /// candidate, `BEFORE` when none did.
    pub(super) removed_by: Vec<u16>,
    /// The entries of `removed_by` this trial set, to reset.
    pub(super) marked: Vec<usize>,
    pub(super) chain: Vec<Link>,
    /// Finds the technique steps of this trial's board as it changes.
    pub(super) finder: StepFinder,
    /// What each trial's finder starts from (`seed_steps`).
    start_finder: StepFinder,
    /// What broke so far (each found when the link that broke it was made).
    pub(super) breaks: Vec<Break>,
    /// Where singles can have appeared since the last layer's were
    /// collected, since only a lost candidate makes one: the cells that
    /// lost one (a set of cells, see `Layout::cell_words`), and per unit
    /// the digits (bit d - 1) that lost a place there. A layer then scans
    /// only those, and finds what a scan of the whole board would.
    pub(super) changed_cells: [u64; MAX_CELL_WORDS],
    pub(super) changed_digits: Vec<u32>,
    /// Everything may hold singles: after a technique step, which can
    /// change anything.
    pub(super) all_changed: bool,
    /// Where the start board has singles (none where logic stalled), which
    /// every trial starts from: `changed_cells` and `changed_digits`.
    pub(super) start_cells: [u64; MAX_CELL_WORDS],
    pub(super) start_digits: Vec<u32>,
    /// The singles of a layer, kept for the buffer.
    pub(super) singles: Vec<(usize, u8, Why)>,
    /// Every digit the trial placed, as (cell, digit, link), in order.
    pub(super) placed: Vec<(usize, u8, u16)>,
    /// Where singles and technique steps stall, take a contradiction on
    /// singles found inside the trial (`find_inner_contradiction`): a
    /// nested chain.
    pub(super) nested: bool,
}

/// Where a trial ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// Something broke: the assumption is false.
    Broken,
    /// Nothing more follows (or the board is full).
    Stalled,
    /// The layers or the work allowed ran out first.
    Unfinished,
}

/// A contradiction found: the chain that leads to it and what breaks.
pub(super) struct Found {
    /// The placements the break needs, in the order they were made (the
    /// assumption first).
    pub(super) links: Vec<Link>,
    /// Where each of `links` stands in the trial's chain (what `needs` says).
    pub(super) indices: Vec<u16>,
    pub(super) broken: Break,
}

impl<'a> Trial<'a> {
    /// A trial ready to `reset` and `run`.
    pub(super) fn new(start: &'a Board) -> Trial<'a> {
        let n = start.n();
        let mut start_cells = [0u64; MAX_CELL_WORDS];
        for cell in (0..n * n).filter(|&c| start.candidates(c).len() == 1) {
            start_cells[cell / 64] |= 1 << (cell % 64);
        }
        let start_digits = (0..3 * n)
            .map(|unit| {
                let positions = start.unit_positions(unit).iter().enumerate();
                positions
                    .filter(|(_, pos)| pos.count_ones() == 1)
                    .fold(0, |digits, (i, _)| digits | 1 << i)
            })
            .collect();
        Trial {
            start,
            board: start.clone(),
            removed_by: vec![BEFORE; n * n * n],
            marked: Vec::new(),
            chain: Vec::new(),
            finder: StepFinder::default(),
            start_finder: StepFinder::default(),
            breaks: Vec::new(),
            changed_cells: [0; MAX_CELL_WORDS],
            changed_digits: vec![0; 3 * n],
            all_changed: false,
            start_cells,
            start_digits,
            singles: Vec::new(),
            placed: Vec::new(),
            nested: false,
        }
    }

    /// Back to the start board, for the next assumption.
    pub(super) fn reset(&mut self) {
        self.board.clone_from(self.start);
        for &s in &self.marked {
            self.removed_by[s] = BEFORE;
        }
        self.marked.clear();
        self.chain.clear();
        self.finder.clone_from(&self.start_finder);
        self.breaks.clear();
        self.placed.clear();
        self.changed_cells = self.start_cells;
        self.changed_digits.clone_from(&self.start_digits);
        self.all_changed = false;
    }

    /// Looks for a technique step no harder than `max` on the start board,
    /// where every trial begins, so that each trial's technique steps are
    /// looked for only where its board changed from there (`StepFinder`):
    /// where logic stalled, where trials start, every technique failed.
    pub(super) fn seed_steps(&mut self, max: Difficulty) {
        self.start_finder = StepFinder::default();
        self.start_finder.sound_step_up_to(self.start, max);
    }

    pub(super) fn slot(&self, cell: usize, digit: u8) -> usize {
        cell * self.board.n() + digit as usize - 1
    }

    /// Records that link `index` removed a candidate.
    pub(super) fn mark(&mut self, cell: usize, digit: u8, index: u16) {
        let s = self.slot(cell, digit);
        self.removed_by[s] = index;
        self.marked.push(s);
    }

    /// Records the candidates placing `digit` in `cell` removes as removed
    /// by link `index`; returns the peers that lose the digit, as a set of
    /// cells (found from the units' places for the digit, not by testing
    /// every peer).
    pub(super) fn mark_placement(
        &mut self,
        cell: usize,
        digit: u8,
        index: u16,
    ) -> [u64; MAX_CELL_WORDS] {
        self.placed.push((cell, digit, index));
        for d in self.board.candidates(cell) {
            if d != digit {
                self.mark(cell, d, index);
            }
        }
        let mut losing = [0u64; MAX_CELL_WORDS];
        for unit in self.board.geometry().cell_units[cell] {
            let mut places = self.board.positions(unit, digit);
            while places != 0 {
                let peer = self.board.cell_at(unit, places.trailing_zeros());
                places &= places - 1;
                if peer != cell {
                    losing[peer / 64] |= 1 << (peer % 64);
                }
            }
        }
        let words = self.board.layout().cell_words();
        for peer in cells_of(losing[..words].iter().copied()) {
            self.mark(peer, digit, index);
        }
        losing
    }

    /// Places a digit, recording the candidates it removes, where singles
    /// can appear and what breaks.
    pub(super) fn place(
        &mut self,
        cell: usize,
        digit: u8,
        needs: Vec<u16>,
        why: Option<Why>,
        offs: u16,
    ) {
        let index = self.chain.len() as u16;
        let losing = self.mark_placement(cell, digit, index);
        let lost = self.board.candidates(cell) - DigitSet::single(digit);
        let geo = self.board.geometry();
        let words = self.board.layout().cell_words();
        for unit in geo.cell_units[cell] {
            self.changed_digits[unit] |= self.board.candidates(cell).bits();
        }
        for peer in cells_of(losing[..words].iter().copied()) {
            for unit in geo.cell_units[peer] {
                self.changed_digits[unit] |= DigitSet::single(digit).bits();
            }
        }
        for (changed, lose) in self.changed_cells.iter_mut().zip(&losing[..words]) {
            *changed |= lose;
        }
        self.board.place(cell, digit);
        self.chain.push(Link {
            cell,
            digit,
            needs,
            hidden_in: match why {
                Some(Why::Hidden(unit)) => Some(unit),
                _ => None,
            },
            step: None,
            offs,
        });
        // only what the placement touched can break: the cell's units for
        // the digits it lost, the peers that lost the digit and their units
        let b = &self.board;
        for d in lost {
            for unit in geo.cell_units[cell] {
                if b.positions(unit, d) == 0 && !b.placed(unit).contains(d) {
                    self.breaks.push(Break::NoPlace(unit, d));
                }
            }
        }
        for peer in cells_of(losing[..words].iter().copied()) {
            if b.candidates(peer).is_empty() {
                self.breaks.push(Break::NoCandidate(peer));
            }
            for unit in geo.cell_units[peer] {
                if b.positions(unit, digit) == 0 && !b.placed(unit).contains(digit) {
                    self.breaks.push(Break::NoPlace(unit, digit));
                }
            }
        }
    }

    /// Takes a technique step, recording what it removes and places, and
    /// every break on the board after it.
    pub(super) fn take(&mut self, step: &Step) {
        let index = self.chain.len() as u16;
        for &(cell, digit) in &step.eliminations {
            if self.board.candidates(cell).contains(digit) {
                self.mark(cell, digit, index);
            }
        }
        for &(cell, digit) in &step.placements {
            self.mark_placement(cell, digit, index);
        }
        self.board.apply(step);
        self.all_changed = true;
        self.chain.push(Link {
            cell: step.cells.first().copied().unwrap_or(0),
            digit: 0,
            needs: (0..index).collect(),
            hidden_in: None,
            step: Some(step.clone()),
            offs: (step.eliminations.len() + step.placements.len()) as u16,
        });
        let (b, geo) = (&self.board, self.board.geometry());
        for cell in 0..geo.cell_count() {
            if b.value(cell) == 0 && b.candidates(cell).is_empty() {
                self.breaks.push(Break::NoCandidate(cell));
            }
        }
        for unit in 0..3 * b.n() {
            for digit in 1..=b.n() as u8 {
                if b.positions(unit, digit) == 0 && !b.placed(unit).contains(digit) {
                    self.breaks.push(Break::NoPlace(unit, digit));
                }
            }
        }
    }

    /// The placements that removed these candidates (of the start board).
    pub(super) fn removers(&self, candidates: impl Iterator<Item = (usize, u8)>) -> Vec<u16> {
        let mut needs: Vec<u16> = candidates
            .filter(|&(c, d)| self.start.candidates(c).contains(d))
            .map(|(c, d)| self.removed_by[self.slot(c, d)])
            .filter(|&i| i != BEFORE)
            .collect();
        needs.sort_unstable();
        needs.dedup();
        needs
    }

    /// What a cell's digit or a unit's place needs, or a break needs.
    pub(super) fn needs_of_cell(&self, cell: usize, but: u8) -> Vec<u16> {
        let others = self
            .start
            .candidates(cell)
            .into_iter()
            .filter(|&d| d != but);
        self.removers(others.map(|d| (cell, d)))
    }

    pub(super) fn needs_of_unit(&self, unit: usize, digit: u8, but: Option<usize>) -> Vec<u16> {
        let cells = self.board.geometry().units[unit].iter().copied();
        self.removers(cells.filter(|&c| Some(c) != but).map(|c| (c, digit)))
    }

    /// Every placement `needs` leads back to, the assumption included.
    pub(super) fn closure(&self, needs: &[u16]) -> Vec<u16> {
        let mut seen = vec![false; self.chain.len()];
        let mut stack: Vec<u16> = needs.to_vec();
        while let Some(i) = stack.pop() {
            if !std::mem::replace(&mut seen[i as usize], true) {
                stack.extend(&self.chain[i as usize].needs);
            }
        }
        seen[0] = true;
        (0..self.chain.len() as u16)
            .filter(|&i| seen[i as usize])
            .collect()
    }

    /// The break needing the fewest placements, if the board is broken.
    pub(super) fn best_break(&self) -> Option<Found> {
        let mut best: Option<(Vec<u16>, Break)> = None;
        for &broken in &self.breaks {
            let needs = match broken {
                Break::NoCandidate(cell) => self.needs_of_cell(cell, 0),
                Break::NoPlace(unit, digit) => self.needs_of_unit(unit, digit, None),
            };
            let links = self.closure(&needs);
            if best.as_ref().is_none_or(|(l, _)| links.len() < l.len()) {
                best = Some((links, broken));
            }
        }
        best.map(|(indices, broken)| Found {
            links: indices
                .iter()
                .map(|&i| self.chain[i as usize].clone())
                .collect(),
            indices,
            broken,
        })
    }

    /// Places every single of the board at once (one layer); false when
    /// there was none. Singles are collected cells first, then units, each
    /// in order, looking only where they can have appeared.
    pub(super) fn spread(&mut self) -> bool {
        let geo = self.board.geometry();
        let n = self.board.n();
        let words = self.board.layout().cell_words();
        let mut singles = std::mem::take(&mut self.singles);
        singles.clear();
        if self.all_changed {
            self.changed_cells[..words].fill(u64::MAX);
            self.changed_digits.fill(u32::MAX);
        }
        for cell in cells_of(self.changed_cells[..words].iter().copied()) {
            if cell < geo.cell_count()
                && let Some(d) = self.board.candidates(cell).single_digit()
            {
                singles.push((cell, d, Why::Naked));
            }
        }
        for unit in 0..3 * n {
            let positions = self.board.unit_positions(unit);
            let mut digits = self.changed_digits[unit] & DigitSet::full(n).bits();
            while digits != 0 {
                let i = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let pos = positions[i];
                if pos.count_ones() == 1 {
                    let cell = self.board.cell_at(unit, pos.trailing_zeros());
                    singles.push((cell, i as u8 + 1, Why::Hidden(unit)));
                }
            }
        }
        self.changed_cells = [0; MAX_CELL_WORDS];
        self.changed_digits.fill(0);
        self.all_changed = false;
        let any = !singles.is_empty();
        for &(cell, digit, why) in &singles {
            if self.board.value(cell) != 0 || !self.board.candidates(cell).contains(digit) {
                continue;
            }
            let (needs, offs) = match why {
                Why::Hidden(unit) => (
                    self.needs_of_unit(unit, digit, Some(cell)),
                    self.start.positions(unit, digit).count_ones() - 1,
                ),
                Why::Naked => (
                    self.needs_of_cell(cell, digit),
                    self.start.candidates(cell).len() - 1,
                ),
            };
            self.place(cell, digit, needs, Some(why), offs as u16);
        }
        self.singles = singles;
        any
    }

    /// Follows singles from `cell` = `digit` until something breaks, within
    /// `layers` layers and the board scans left; where they stall, takes a
    /// technique step no harder than `logic` (none when `None`).
    pub(super) fn run(
        &mut self,
        cell: usize,
        digit: u8,
        layers: usize,
        logic: Option<Difficulty>,
        scans_left: &mut usize,
    ) -> Option<Found> {
        match self.follow(cell, digit, layers, logic, scans_left) {
            Outcome::Broken => self.best_break(),
            _ => None,
        }
    }

    /// Like `run`, but goes on until something breaks or nothing more
    /// follows, and says which; the trial's board, chain and `placed` then
    /// hold everything it found.
    pub(super) fn follow(
        &mut self,
        cell: usize,
        digit: u8,
        layers: usize,
        logic: Option<Difficulty>,
        scans_left: &mut usize,
    ) -> Outcome {
        self.place(cell, digit, Vec::new(), None, 0);
        for _ in 0..layers {
            if !self.breaks.is_empty() {
                return Outcome::Broken;
            }
            if spend(scans_left, 1).is_none() {
                return Outcome::Unfinished;
            }
            if !self.spread() {
                let step = match logic {
                    Some(logic) => {
                        if spend(scans_left, STEP_SCANS).is_none() {
                            return Outcome::Unfinished;
                        }
                        self.finder.sound_step_up_to(&self.board, logic)
                    }
                    None => None,
                };
                let step = step.or_else(|| {
                    if !self.nested {
                        return None;
                    }
                    spend(scans_left, NESTED_SCANS)?;
                    find_inner_contradiction(&self.board)
                });
                let Some(step) = step else {
                    return Outcome::Stalled;
                };
                self.take(&step);
            }
        }
        if self.breaks.is_empty() {
            Outcome::Unfinished
        } else {
            Outcome::Broken
        }
    }
}

/// Takes `scans` from the budget; `None`, and nothing left, when it has
/// fewer.
pub(super) fn spend(scans_left: &mut usize, scans: usize) -> Option<()> {
    let rest = scans_left.checked_sub(scans);
    *scans_left = rest.unwrap_or(0);
    rest.map(|_| ())
}

/// One link of a spelled chain: "r2c9=3", "r4c9=5 (hidden in row 4)", or a
/// technique step taken where the singles stall ("a pointing in box 3").
pub(super) fn spelled_link(geo: &Geometry, link: &Link) -> String {
    match (&link.step, link.hidden_in) {
        // a chain inside the chain: what it found
        (Some(step), _) if step.technique.is_contradiction() => {
            let found = match (step.placements.first(), step.eliminations.first()) {
                (Some(&(c, d)), _) => format!("{}={}", geo.cell_name(c), text::digit(d)),
                (None, Some(&(c, d))) => format!("{}≠{}", geo.cell_name(c), text::digit(d)),
                (None, None) => String::new(),
            };
            format!(
                "{found} (by {})",
                text::with_article(&step.technique.name().to_lowercase())
            )
        }
        (Some(step), _) => format!(
            "{} in {}",
            text::with_article(&step.technique.name().to_lowercase()),
            text::units(geo, &step.units)
        ),
        (None, Some(unit)) => format!(
            "{}={} (hidden in {})",
            geo.cell_name(link.cell),
            text::digit(link.digit),
            geo.unit_name(unit)
        ),
        (None, None) => format!("{}={}", geo.cell_name(link.cell), text::digit(link.digit)),
    }
}
