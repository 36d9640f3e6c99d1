//! Contradictions: when no pattern applies, a candidate is ruled out by
//! assuming it and following singles until a cell has no candidate left or a
//! unit has no place left for a digit. Every candidate the solution does not
//! use is tried, the singles spread breadth-first (one layer of singles at a
//! time), and the contradiction that needs the fewest placements wins, so the
//! explanation is short: "r2c5=7 → r2c9=3 → r4c9=5 → r4c5 has no
//! candidate left, so r2c5 is not 7".
//!
//! Each placement in a trial remembers which earlier ones it needs (those
//! that removed the cell's other candidates, or the digit's other places in
//! the unit), so the explanation names only the placements that lead to the
//! contradiction, not everything the singles filled in on the way.
//!
//! On the hardest positions singles alone break no trial. Then the trials
//! run again, taking the easiest technique step that holds for every
//! solution each time the singles stall.
//!
//! The chain is spelled link by link, every link a single or a named step
//! a player can check, and
//! named as Sudoku Explainer names it: a Nishio chain when it stays on the
//! assumed digit, a contradiction chain on singles, a dynamic one with
//! technique steps inside; rated on SE's scale by kind and size.

use super::board::{MAX_CELL_WORDS, cells_of};
use super::text;
use super::{Board, StepFinder};
use crate::board::digits::DigitSet;
use crate::board::geometry::Geometry;
use crate::board::grid::Grid;
use crate::logic::difficulty::Difficulty;
use crate::logic::se::{self, Er};
use crate::logic::step::{Step, Technique};

/// Layers of singles a trial follows before giving up: contradictions found
/// deeper are too long to read in a hint.
const MAX_LAYERS: usize = 81;

/// Trials with technique steps tried before giving up: each can cost a
/// whole solve's searches, too slow past this for a hint on a large board.
const MAX_LOGIC_TRIALS: usize = 160;

/// The work one contradiction search may do, in cells scanned: each layer
/// of singles scans the board, and a technique step counts as
/// `STEP_SCANS` scans. Past it the search keeps the best contradiction
/// found so far, or gives up (the hint then names a digit of the solution),
/// so a hint stays quick on the largest board: a count of work, not a
/// clock, so the same position always gets the same hint. About a quarter
/// of a million cells: some thousand layers on 16x16, 400 on 25x25.
const BUDGET_CELLS: usize = 250_000;

/// The budget on boards up to 9x9, four times the above: there a search
/// still takes about 10 ms at worst, and fewer hints fall back to naming
/// the solution's digit (measured over the solve paths of hardest_1106:
/// 179 of about 13,700 contradiction searches instead of 470 of 12,200,
/// the worst search 9.7-11.2 ms instead of 5.2 on a loaded machine).
const SMALL_BOARD_BUDGET_CELLS: usize = 4 * BUDGET_CELLS;

/// What a technique step in a trial costs, in board scans: a scan of every
/// technique up to Expert is far more than a layer of singles.
const STEP_SCANS: usize = 40;

/// No placement of the trial removed this candidate: it was gone before.
const BEFORE: u16 = u16::MAX;

/// Why a single holds a digit in a cell.
#[derive(Clone, Copy, Debug)]
enum Why {
    /// The cell's other candidates are gone.
    Naked,
    /// The digit has no other place in the unit.
    Hidden(usize),
}

/// One placement of a trial, or a technique step taken when singles stall.
#[derive(Clone, Debug)]
struct Link {
    cell: usize,
    /// 0 for a technique step.
    digit: u8,
    /// The earlier links it needs, as indices into the chain (a technique
    /// step needs all of them: what it reads is not tracked).
    needs: Vec<u16>,
    /// The unit of a hidden single (`None` for a naked one).
    hidden_in: Option<usize>,
    /// A technique step: its technique and units.
    step: Option<(Technique, Vec<usize>)>,
    /// The candidates the link needed gone (the cell's others for a naked
    /// single, the digit's other places in the unit for a hidden one): with
    /// the link itself, its nodes in Sudoku Explainer's count of a chain's
    /// size, which its rating grows with.
    offs: u16,
}

/// What breaks: an empty cell without a candidate, or a digit without a
/// place in a unit.
#[derive(Clone, Copy, Debug)]
enum Break {
    NoCandidate(usize),
    NoPlace(usize, u8),
}

/// A trial from one assumption: the board with its placements, which
/// placement removed each candidate, and the chain of placements. One trial
/// is reset for each assumption, keeping its buffers.
struct Trial<'a> {
    start: &'a Board,
    board: Board,
    /// `removed_by[cell * n + digit - 1]`: the placement that removed the
    /// candidate, `BEFORE` when none did.
    removed_by: Vec<u16>,
    /// The entries of `removed_by` this trial set, to reset.
    marked: Vec<usize>,
    chain: Vec<Link>,
    /// Finds the technique steps of this trial's board as it changes.
    finder: StepFinder,
    /// What broke so far (each found when the link that broke it was made).
    breaks: Vec<Break>,
    /// Where singles can have appeared since the last layer's were
    /// collected, since only a lost candidate makes one: the cells that
    /// lost one (a set of cells, see `Layout::cell_words`), and per unit
    /// the digits (bit d - 1) that lost a place there. A layer then scans
    /// only those, and finds what a scan of the whole board would.
    changed_cells: [u64; MAX_CELL_WORDS],
    changed_digits: Vec<u32>,
    /// Everything may hold singles: after a technique step, which can
    /// change anything.
    all_changed: bool,
    /// Where the start board has singles (none where logic stalled), which
    /// every trial starts from: `changed_cells` and `changed_digits`.
    start_cells: [u64; MAX_CELL_WORDS],
    start_digits: Vec<u32>,
    /// The singles of a layer, kept for the buffer.
    singles: Vec<(usize, u8, Why)>,
}

/// A contradiction found: the chain that leads to it and what breaks.
struct Found {
    /// The placements the break needs, in the order they were made (the
    /// assumption first).
    links: Vec<Link>,
    /// Where each of `links` stands in the trial's chain (what `needs` says).
    indices: Vec<u16>,
    broken: Break,
}

impl<'a> Trial<'a> {
    /// A trial ready to `reset` and `run`.
    fn new(start: &'a Board) -> Trial<'a> {
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
            breaks: Vec::new(),
            changed_cells: [0; MAX_CELL_WORDS],
            changed_digits: vec![0; 3 * n],
            all_changed: false,
            start_cells,
            start_digits,
            singles: Vec::new(),
        }
    }

    /// Back to the start board, for the next assumption.
    fn reset(&mut self) {
        self.board.clone_from(self.start);
        for &s in &self.marked {
            self.removed_by[s] = BEFORE;
        }
        self.marked.clear();
        self.chain.clear();
        self.finder = StepFinder::default();
        self.breaks.clear();
        self.changed_cells = self.start_cells;
        self.changed_digits.clone_from(&self.start_digits);
        self.all_changed = false;
    }

    fn slot(&self, cell: usize, digit: u8) -> usize {
        cell * self.board.n() + digit as usize - 1
    }

    /// Records that link `index` removed a candidate.
    fn mark(&mut self, cell: usize, digit: u8, index: u16) {
        let s = self.slot(cell, digit);
        self.removed_by[s] = index;
        self.marked.push(s);
    }

    /// Records the candidates placing `digit` in `cell` removes as removed
    /// by link `index`; returns the peers that lose the digit, as a set of
    /// cells (found from the units' places for the digit, not by testing
    /// every peer).
    fn mark_placement(&mut self, cell: usize, digit: u8, index: u16) -> [u64; MAX_CELL_WORDS] {
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
    fn place(&mut self, cell: usize, digit: u8, needs: Vec<u16>, why: Option<Why>, offs: u16) {
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
    fn take(&mut self, step: &Step) {
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
            step: Some((step.technique, step.units.clone())),
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
    fn removers(&self, candidates: impl Iterator<Item = (usize, u8)>) -> Vec<u16> {
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
    fn needs_of_cell(&self, cell: usize, but: u8) -> Vec<u16> {
        let others = self
            .start
            .candidates(cell)
            .into_iter()
            .filter(|&d| d != but);
        self.removers(others.map(|d| (cell, d)))
    }

    fn needs_of_unit(&self, unit: usize, digit: u8, but: Option<usize>) -> Vec<u16> {
        let cells = self.board.geometry().units[unit].iter().copied();
        self.removers(cells.filter(|&c| Some(c) != but).map(|c| (c, digit)))
    }

    /// Every placement `needs` leads back to, the assumption included.
    fn closure(&self, needs: &[u16]) -> Vec<u16> {
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
    fn best_break(&self) -> Option<Found> {
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
    fn spread(&mut self) -> bool {
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
    fn run(
        &mut self,
        cell: usize,
        digit: u8,
        layers: usize,
        logic: Option<Difficulty>,
        scans_left: &mut usize,
    ) -> Option<Found> {
        self.place(cell, digit, Vec::new(), None, 0);
        for _ in 0..layers {
            if let Some(found) = self.best_break() {
                return Some(found);
            }
            spend(scans_left, 1)?;
            if !self.spread() {
                let logic = logic?;
                spend(scans_left, STEP_SCANS)?;
                let step = self.finder.sound_step_up_to(&self.board, logic)?;
                self.take(&step);
            }
        }
        self.best_break()
    }
}

/// Takes `scans` from the budget; `None`, and nothing left, when it has
/// fewer.
fn spend(scans_left: &mut usize, scans: usize) -> Option<()> {
    let rest = scans_left.checked_sub(scans);
    *scans_left = rest.unwrap_or(0);
    rest.map(|_| ())
}

/// The shortest contradiction from a candidate the solution does not use,
/// as a step: it removes the candidate, or places the cell's other digit
/// when it had two. `None` when no trial breaks within `MAX_LAYERS`.
pub fn find_contradiction(b: &Board, solution: &Grid) -> Option<Step> {
    find_chain(b, solution).map(|(step, _)| step)
}

/// `find_contradiction`'s step with its rating on Sudoku Explainer's scale:
/// the chain's kind (`Technique::is_contradiction`) and its size.
pub fn find_chain(b: &Board, solution: &Grid) -> Option<(Step, Er)> {
    let budget = if b.n() <= 9 {
        SMALL_BOARD_BUDGET_CELLS
    } else {
        BUDGET_CELLS
    };
    find_chain_within(b, solution, budget, LOGIC_SHARE * budget)
}

/// What the trials with technique steps may spend, in budgets: where the
/// singles' trials break nothing, a hint spends more rather than fall back
/// to trial and error (on hardest_1106, 122 such steps instead of 171, for
/// 20% more time).
const LOGIC_SHARE: usize = 4;

/// The rater's share of a hint's budget: a rating needs a chain's kind and
/// size, not the best chain to show, and looks at several stalls a puzzle.
const RATING_SHARE: usize = 8;

/// `find_chain` on the rater's smaller budget: the same chain when it is
/// found soon, which the shortest ones are; otherwise a longer one, or none
/// (trial and error, which the hardest puzzles rate near anyway).
pub fn find_chain_to_rate(b: &Board, solution: &Grid) -> Option<(Step, Er)> {
    let budget = BUDGET_CELLS / RATING_SHARE;
    find_chain_within(b, solution, budget, budget)
}

/// The singles' trials get `budget` cells of work, the trials with
/// technique steps `logic_budget`, each their own.
fn find_chain_within(
    b: &Board,
    solution: &Grid,
    budget: usize,
    logic_budget: usize,
) -> Option<(Step, Er)> {
    let cells = b.geometry().cell_count();
    let logic = Some(Difficulty::Extreme);
    shortest_contradiction(b, solution, None, &mut (budget / cells))
        .or_else(|| shortest_contradiction(b, solution, logic, &mut (logic_budget / cells)))
        .map(|(cell, digit, found)| contradiction_step(b, cell, digit, &found))
}

/// The trial of every candidate the solution does not use, with singles and
/// technique steps up to `logic`: the shortest that breaks (the first, with
/// technique steps), as its assumption and what it found.
fn shortest_contradiction(
    b: &Board,
    solution: &Grid,
    logic: Option<Difficulty>,
    scans_left: &mut usize,
) -> Option<(usize, u8, Found)> {
    let geo = b.geometry();
    // trials take technique steps whose text nobody reads
    let quiet = b.clone().without_explanations();
    // cells with the fewest candidates first: ruling out one of two places
    // the other, which a player can take at once
    let mut cells: Vec<usize> = (0..geo.cell_count()).filter(|&c| b.value(c) == 0).collect();
    cells.sort_by_key(|&c| b.candidates(c).len());
    let mut best: Option<(usize, usize, u8, Found)> = None;
    let wrong = cells.iter().flat_map(|&cell| {
        let right = solution.get(cell);
        let digits = b.candidates(cell).into_iter().filter(move |&d| d != right);
        digits.map(move |d| (cell, d))
    });
    let budget = if logic.is_some() {
        MAX_LOGIC_TRIALS
    } else {
        usize::MAX
    };
    let mut trial = Trial::new(&quiet);
    for (cell, digit) in wrong.take(budget) {
        if *scans_left == 0 {
            break;
        }
        let layers = best.as_ref().map_or(MAX_LAYERS, |(k, ..)| k - 1);
        trial.reset();
        let Some(found) = trial.run(cell, digit, layers, logic, scans_left) else {
            continue;
        };
        if best.as_ref().is_none_or(|(k, ..)| found.links.len() < *k) {
            best = Some((found.links.len(), cell, digit, found));
        }
        // with technique steps the first will do: searching every trial
        // with techniques costs seconds
        if logic.is_some() {
            break;
        }
    }
    best.map(|(_, cell, digit, found)| (cell, digit, found))
}

impl Found {
    /// The kind of chain: with technique steps inside, a dynamic chain;
    /// with every link one of two (`is_static`), a forcing chain; on one
    /// digit only (hidden singles of the assumed digit), Nishio; otherwise
    /// a contradiction chain on singles.
    fn technique(&self, digit: u8, start: &Board) -> Technique {
        if self.links.iter().any(|l| l.step.is_some()) {
            Technique::DynamicChain
        } else if self.is_static(start) {
            Technique::ForcingChain
        } else if self.links.iter().all(|l| l.digit == digit) {
            Technique::NishioChain
        } else {
            Technique::ContradictionChain
        }
    }

    /// Whether every link follows from the one before alone, through a cell
    /// with two candidates or a digit with two places in a unit, and the
    /// break is the same: a chain a player follows one link at a time, with
    /// nothing to remember (SE's static forcing chain).
    fn is_static(&self, start: &Board) -> bool {
        let linked = self
            .links
            .iter()
            .enumerate()
            .skip(1)
            .all(|(i, l)| l.offs == 1 && l.needs == [self.indices[i - 1]]);
        let broken = match self.broken {
            Break::NoCandidate(cell) => start.candidates(cell).len() == 2,
            Break::NoPlace(unit, digit) => start.positions(unit, digit).count_ones() == 2,
        };
        linked && broken
    }

    /// Its size as Sudoku Explainer counts a chain: every fact on the way,
    /// the placements and the candidates they needed gone, and the break's.
    fn size(&self, start: &Board) -> usize {
        let links: usize = self.links.iter().map(|l| 1 + l.offs as usize).sum();
        let broken = match self.broken {
            Break::NoCandidate(cell) => start.candidates(cell).len() as usize,
            Break::NoPlace(unit, digit) => start.positions(unit, digit).count_ones() as usize,
        };
        links + broken
    }
}

/// One link of a spelled chain: "r2c9=3", "r4c9=5 (hidden in row 4)", or a
/// technique step taken where the singles stall ("a pointing in box 3").
fn spelled_link(geo: &Geometry, link: &Link) -> String {
    match (&link.step, link.hidden_in) {
        (Some((technique, units)), _) => format!(
            "{} in {}",
            text::with_article(&technique.name().to_lowercase()),
            text::units(geo, units)
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

fn contradiction_step(b: &Board, cell: usize, digit: u8, found: &Found) -> (Step, Er) {
    let geo = b.geometry();
    let technique = found.technique(digit, b);
    let er = se::chain(technique.er(), found.size(b));
    let others = b.candidates(cell) - DigitSet::single(digit);
    let (placements, eliminations) = match others.single_digit() {
        Some(other) => (vec![(cell, other)], vec![]),
        None => (vec![], vec![(cell, digit)]),
    };
    let mut cells: Vec<usize> = found.links.iter().map(|l| l.cell).collect();
    cells.dedup();
    let mut units = vec![geo.cell_units[cell][2]];
    let broken = match found.broken {
        Break::NoCandidate(c) => {
            cells.push(c);
            format!("{} has no candidate left", geo.cell_name(c))
        }
        Break::NoPlace(unit, d) => {
            units.push(unit);
            format!(
                "{} has no place left in {}",
                text::digit(d),
                geo.unit_name(unit)
            )
        }
    };
    let explanation = b.explain(|| {
        let conclusion = match placements.first() {
            Some(&(_, other)) => format!(
                "so {} is not {}: it is {}",
                geo.cell_name(cell),
                text::digit(digit),
                text::digit(other)
            ),
            None => format!("so {} is not {}", geo.cell_name(cell), text::digit(digit)),
        };
        let chain: Vec<String> = found.links.iter().map(|l| spelled_link(geo, l)).collect();
        format!(
            "{} (SE {er}): {} → {broken}, {conclusion}",
            technique.name(),
            chain.join(" → "),
        )
    });
    let step = Step {
        technique,
        units,
        cells,
        placements,
        eliminations,
        explanation,
    };
    (step, er)
}
