//! Hints, shown a level at a time: first the technique and the unit, then the
//! cells and the full explanation, then the step is applied. A wrong entry is
//! pointed out before any technique.
//!
//! `next_step` is a small stand-in (naked and hidden singles, else the
//! solution's digit for the most constrained cell) until `engine::hint` lands;
//! it is the one function to switch over.

use crate::engine::grid::symbol;
use crate::engine::{DigitSet, Grid, Step, Technique};

/// What a hint is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// A player's entry that contradicts the solution; applying erases it.
    WrongEntry { cell: usize },
    /// A deduction from the current position.
    Step(Step),
}

/// How much of the current hint has been shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintLevel {
    /// The technique and the unit it works in.
    Region,
    /// The cells and the whole explanation.
    Cells,
}

/// The hint in progress: asking again shows more, then applies it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintState {
    pub hint: Hint,
    pub level: HintLevel,
}

impl HintState {
    /// The line to show for the level reached.
    pub fn text(&self, givens: &Grid) -> String {
        let g = givens.shape().geometry();
        match (&self.hint, self.level) {
            (Hint::WrongEntry { cell }, HintLevel::Region) => {
                format!(
                    "A digit you placed in {} is wrong.",
                    g.unit_name(g.row_of(*cell))
                )
            }
            (Hint::WrongEntry { cell }, HintLevel::Cells) => {
                format!("{} is wrong: remove it first.", g.cell_name(*cell))
            }
            (Hint::Step(step), HintLevel::Region) => match step.units.first() {
                Some(&unit) => format!("{} in {}.", step.technique.name(), g.unit_name(unit)),
                None => format!("{}.", step.technique.name()),
            },
            (Hint::Step(step), HintLevel::Cells) => step.explanation.clone(),
        }
    }

    /// The cells to highlight for the level reached.
    pub fn cells(&self, givens: &Grid) -> Vec<usize> {
        let g = givens.shape().geometry();
        match (&self.hint, self.level) {
            (Hint::WrongEntry { cell }, HintLevel::Region) => g.rows()[g.row_of(*cell)].clone(),
            (Hint::WrongEntry { cell }, HintLevel::Cells) => vec![*cell],
            (Hint::Step(step), HintLevel::Region) => step
                .units
                .iter()
                .flat_map(|&u| g.units[u].iter().copied())
                .collect(),
            (Hint::Step(step), HintLevel::Cells) => step.cells.clone(),
        }
    }
}

/// The hint for a position: a wrong entry first, else the next step.
pub fn find_hint(givens: &Grid, values: &Grid, solution: &Grid) -> Option<Hint> {
    let wrong = (0..values.values().len())
        .find(|&c| givens.get(c) == 0 && values.get(c) != 0 && values.get(c) != solution.get(c));
    match wrong {
        Some(cell) => Some(Hint::WrongEntry { cell }),
        None => next_step(values, solution).map(Hint::Step),
    }
}

/// The candidates of every cell from the placed values alone (empty set for
/// filled cells).
pub fn candidates(values: &Grid) -> Vec<DigitSet> {
    let g = values.shape().geometry();
    (0..g.cell_count())
        .map(|cell| {
            if values.get(cell) != 0 {
                return DigitSet::EMPTY;
            }
            let seen: DigitSet = g.peers[cell]
                .iter()
                .map(|&p| values.get(p))
                .filter(|&v| v != 0)
                .collect();
            DigitSet::full(g.n) - seen
        })
        .collect()
}

/// The next step from a consistent position: a naked single, a hidden single,
/// or else the solution's digit for the empty cell with fewest candidates.
fn next_step(values: &Grid, solution: &Grid) -> Option<Step> {
    let g = values.shape().geometry();
    let cands = candidates(values);
    let empty = || (0..g.cell_count()).filter(|&c| values.get(c) == 0);
    let placing = |technique, unit, cell, digit, explanation| Step {
        technique,
        units: vec![unit],
        cells: vec![cell],
        placements: vec![(cell, digit)],
        eliminations: Vec::new(),
        explanation,
    };
    if let Some(cell) = empty().find(|&c| cands[c].len() == 1) {
        let digit = cands[cell].first()?;
        let why = format!(
            "Naked single: {} can only be {}.",
            g.cell_name(cell),
            symbol(digit)
        );
        return Some(placing(
            Technique::NakedSingle,
            g.cell_units[cell][2],
            cell,
            digit,
            why,
        ));
    }
    for unit in (2 * g.n..3 * g.n).chain(0..2 * g.n) {
        for digit in 1..=g.n as u8 {
            let mut places = g.units[unit]
                .iter()
                .copied()
                .filter(|&c| cands[c].contains(digit));
            if let (Some(cell), None) = (places.next(), places.next()) {
                let why = format!(
                    "Hidden single: {} can only go in {} within {}.",
                    symbol(digit),
                    g.cell_name(cell),
                    g.unit_name(unit)
                );
                return Some(placing(Technique::HiddenSingle, unit, cell, digit, why));
            }
        }
    }
    let cell = empty().min_by_key(|&c| cands[c].len())?;
    let digit = solution.get(cell);
    let why = format!(
        "No single here; trial and error shows {} is {}.",
        g.cell_name(cell),
        symbol(digit)
    );
    Some(placing(
        Technique::Backtrack,
        g.cell_units[cell][2],
        cell,
        digit,
        why,
    ))
}
