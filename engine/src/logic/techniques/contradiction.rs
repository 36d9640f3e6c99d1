//! Contradictions: when no pattern applies, a candidate is ruled out by
//! assuming it and following singles until a cell has no candidate left or a
//! unit has no place left for a digit. Every candidate the solution does not
//! use is tried, the singles spread breadth-first (one layer of singles at a
//! time), and the contradiction that needs the fewest placements wins, so the
//! explanation is short: "r2c5=7 → r2c9=3 → r4c9=5 → r4c5 has no
//! candidate left, so r2c5 is not 7". Each link names only the placements
//! it needs (`assumption.rs`). A forcing chain from a cell or region
//! (`forcing.rs`) is taken instead where SE rates it lower.
//!
//! On the hardest positions singles alone break no trial. Then the trials
//! run again, taking the easiest technique step up to Hard that holds for
//! every solution each time the singles stall; where even that breaks
//! nothing, nested: taking a short contradiction found inside the trial.
//!
//! The chain is spelled link by link, every link a single, a named step or
//! an inner chain's finding, and named as Sudoku Explainer names it: a
//! Nishio chain when it stays on the assumed digit, a contradiction chain
//! on singles, a dynamic one with technique steps inside, a nested one with
//! chains inside; rated on SE's scale by kind and size.

use super::Board;
use super::assumption::{Break, Found, Link, Trial, spelled_link};
use super::forcing::find_forcing;
use super::text;
use crate::board::digits::DigitSet;
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

/// The singles' trials get `budget` cells of work, the later trials
/// `logic_budget` each. In Sudoku Explainer's order: on singles, the chain
/// SE rates lowest of the shortest contradiction and the best forcing chain
/// from a cell or region (looked for only when the contradiction is not a
/// static chain, which rates below any forcing chain); then the first
/// contradiction with technique steps; then the first nested one, whose
/// trials take contradictions found inside them, on singles, then with
/// technique steps too.
fn find_chain_within(
    b: &Board,
    solution: &Grid,
    budget: usize,
    logic_budget: usize,
) -> Option<(Step, Er)> {
    let cells = b.geometry().cell_count();
    let right = |cell| solution.get(cell);
    let contradiction = Hunt::SHORTEST
        .run(b, right, &mut (budget / cells))
        .map(|(cell, digit, found)| contradiction_step(b, cell, digit, &found));
    let below_forcing = |er: Er| er < Technique::CellForcingChain.er();
    if let Some(found) = contradiction.as_ref().filter(|(_, er)| below_forcing(*er)) {
        return Some(found.clone());
    }
    let forcing = find_forcing(b, solution, &mut (budget / cells));
    let on_singles = match (contradiction, forcing) {
        (Some(c), Some(f)) => Some(if f.1 < c.1 { f } else { c }),
        (c, f) => c.or(f),
    };
    let first = |hunt: Hunt| {
        let share = if hunt.nested { NESTED_SHARE } else { 1 };
        hunt.run(b, right, &mut (share * logic_budget / cells))
            .map(|(cell, digit, found)| contradiction_step(b, cell, digit, &found))
    };
    on_singles
        .or_else(|| first(Hunt::WITH_STEPS))
        .or_else(|| first(Hunt::NESTED))
        .or_else(|| first(Hunt::NESTED_WITH_STEPS))
}

/// What the nested hunts may spend, in the later trials' budgets: each
/// inner search costs `NESTED_SCANS`, and on hardest_1106 a third of the
/// budget left 12 positions to trial and error, the whole of it none.
const NESTED_SHARE: usize = 3;

/// The work an inner contradiction search may do, in board scans: fixed,
/// so the same board always gets the same inner step.
pub(super) const NESTED_SCANS: usize = 1_000;

/// The first contradiction on singles from any candidate of `b`, within
/// `Hunt::INNER`'s layers and `NESTED_SCANS` scans, as a step: what a
/// nested chain takes as one link where its trial's singles and technique
/// steps stall.
pub fn find_inner_contradiction(b: &Board) -> Option<Step> {
    let mut scans = NESTED_SCANS;
    Hunt::INNER
        .run(b, |_| 0, &mut scans)
        .map(|(cell, digit, found)| contradiction_step(b, cell, digit, &found).0)
}

/// How a search for a contradiction runs its trials.
#[derive(Clone, Copy)]
struct Hunt {
    /// The technique steps a trial takes where singles stall.
    logic: Option<Difficulty>,
    /// Whether a trial takes an inner contradiction where those stall.
    nested: bool,
    /// The layers a trial may follow.
    layers: usize,
    /// The first trial that breaks will do; else the shortest is kept.
    first: bool,
}

impl Hunt {
    const SHORTEST: Hunt = Hunt {
        logic: None,
        nested: false,
        layers: MAX_LAYERS,
        first: false,
    };
    // searching every trial with technique steps costs seconds: the first
    // that breaks will do
    const WITH_STEPS: Hunt = Hunt {
        logic: Some(Difficulty::Hard),
        first: true,
        ..Hunt::SHORTEST
    };
    const NESTED: Hunt = Hunt {
        nested: true,
        first: true,
        ..Hunt::SHORTEST
    };
    const NESTED_WITH_STEPS: Hunt = Hunt {
        nested: true,
        ..Hunt::WITH_STEPS
    };
    /// Inside a trial on a wrong assumption short contradictions abound.
    const INNER: Hunt = Hunt {
        layers: 12,
        first: true,
        ..Hunt::SHORTEST
    };

    /// The trial of every candidate `right` does not put in its cell
    /// (every candidate, where it gives 0), cells with the fewest
    /// candidates first: the shortest that breaks, or the first, as its
    /// assumption and what it found.
    fn run(
        self,
        b: &Board,
        right: impl Fn(usize) -> u8,
        scans_left: &mut usize,
    ) -> Option<(usize, u8, Found)> {
        let geo = b.geometry();
        // trials take technique steps whose text nobody reads
        let quiet = b.clone().without_explanations();
        // ruling out one of two candidates places the other, which a
        // player can take at once
        let mut cells: Vec<usize> = (0..geo.cell_count()).filter(|&c| b.value(c) == 0).collect();
        cells.sort_by_key(|&c| b.candidates(c).len());
        let mut best: Option<(usize, usize, u8, Found)> = None;
        let wrong = cells.iter().flat_map(|&cell| {
            let right = right(cell);
            let digits = b.candidates(cell).into_iter().filter(move |&d| d != right);
            digits.map(move |d| (cell, d))
        });
        let trials = if self.logic.is_some() || self.nested {
            MAX_LOGIC_TRIALS
        } else {
            usize::MAX
        };
        let mut trial = Trial::new(&quiet);
        trial.nested = self.nested;
        for (cell, digit) in wrong.take(trials) {
            if *scans_left == 0 {
                break;
            }
            let layers = best.as_ref().map_or(self.layers, |(k, ..)| k - 1);
            trial.reset();
            let Some(found) = trial.run(cell, digit, layers, self.logic, scans_left) else {
                continue;
            };
            if best.as_ref().is_none_or(|(k, ..)| found.links.len() < *k) {
                best = Some((found.links.len(), cell, digit, found));
            }
            if self.first {
                break;
            }
        }
        best.map(|(_, cell, digit, found)| (cell, digit, found))
    }
}

impl Found {
    /// The kind of chain: with technique steps inside, a dynamic chain;
    /// with every link one of two (`is_static`), a forcing chain; on one
    /// digit only (hidden singles of the assumed digit), Nishio; otherwise
    /// a contradiction chain on singles.
    fn technique(&self, digit: u8, start: &Board) -> Technique {
        let inner = |l: &Link| {
            l.step
                .as_ref()
                .is_some_and(|s| s.technique.is_contradiction())
        };
        if self.links.iter().any(inner) {
            Technique::NestedChain
        } else if self.links.iter().any(|l| l.step.is_some()) {
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

fn contradiction_step(b: &Board, cell: usize, digit: u8, found: &Found) -> (Step, Er) {
    let geo = b.geometry();
    let technique = found.technique(digit, b);
    // trial and error rates above every chain
    let er = se::chain(technique.er(), found.size(b)).min(Er(Technique::Backtrack.er().0 - 1));
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
