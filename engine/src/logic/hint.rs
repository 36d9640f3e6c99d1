//! Hints from a player's position. The hint is, in this order:
//! 1. the player's wrong entries (each named with its digit: "r3c4 is not 7:
//!    remove it first"), since nothing sound follows from a wrong digit;
//! 2. digits the player removed from a cell's notes though the cell can
//!    still hold them ("r5c2 can still be 8"): a cell's notes are *complete*
//!    when they hold every digit the cell takes in a solution of the puzzle,
//!    which for a puzzle with one solution is its digit there; notes that
//!    leave it out are named before any technique;
//! 3. the easiest next step, reasoned on the player's notes where the cell
//!    has any (they are complete by then) and on all the cell's candidates
//!    where it has none, saying which of the step's cells had no notes.
//!
//! Any deduction on candidates that all include the solution's digits keeps
//! the solution, so a step from complete notes is never wrong. A step is shown
//! a level at a time: first the technique and where to look, then the cells,
//! then the whole deduction.

use super::rate::{Unsolvable, unique_solution};
use super::step::{Step, Technique};
use super::techniques::{Board, find_step_with, solve_with, text};
use crate::board::cell::Cell;
use crate::board::digits::DigitSet;
use crate::board::geometry::Geometry;
use crate::board::grid::Grid;
use crate::board::house::House;
use crate::board::validate;

/// What the player should hear next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Entries that contradict the solution, as (cell, entry), by cell.
    Mistakes(Vec<(Cell, u8)>),
    /// Digits missing from notes, as (cell, the cell's digit), by cell:
    /// notes that leave out the cell's digit are not complete.
    MissingNotes(Vec<(Cell, u8)>),
    /// The easiest next deduction. `unnoted` lists the empty cells the step
    /// reads that have no notes, so all their candidates were used (none for
    /// singles, which read only the placed digits there).
    Step {
        /// The deduction.
        step: Step,
        /// The empty cells it reads that have no notes.
        unnoted: Vec<Cell>,
    },
    /// Every cell is filled correctly.
    Solved,
}

/// Why no hint can be given for a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HintError {
    /// The puzzle has not exactly one solution.
    #[error(transparent)]
    Unsolvable(#[from] Unsolvable),
    /// The entries, notes or solution given are not of the puzzle's board.
    #[error("the position does not fit the puzzle: {0}")]
    Mismatch(&'static str),
}

/// How much of a step a hint reveals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HintLevel {
    /// The technique and the units to look at.
    Technique = 1,
    /// The cells involved.
    Cells = 2,
    /// The full step, with what it places or removes.
    Full = 3,
}

impl HintLevel {
    /// The next, more revealing level (`Full` stays `Full`).
    pub fn next(self) -> HintLevel {
        match self {
            HintLevel::Technique => HintLevel::Cells,
            _ => HintLevel::Full,
        }
    }
}

/// What the board should highlight for a hint at some level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Highlight {
    /// Rows, columns and boxes to shade.
    pub houses: Vec<House>,
    /// Cells to mark.
    pub cells: Vec<Cell>,
    /// Digits to show placed, as (cell, digit).
    pub placed: Vec<(Cell, u8)>,
    /// Candidates to show struck, as (cell, digit).
    pub removed: Vec<(Cell, u8)>,
}

/// The hint for a position: `givens` the puzzle, `entries` the digits the
/// player typed (0 elsewhere; entries on givens are ignored), `notes` the
/// player's candidate marks per cell (an empty set means none), `solution`
/// when known (otherwise the givens are solved, and must have one solution).
pub fn next_hint(
    givens: &Grid,
    entries: &Grid,
    notes: Option<&[DigitSet]>,
    solution: Option<&Grid>,
) -> Result<Hint, HintError> {
    Unsolvable::for_rules(givens)?;
    let shape = givens.shape();
    if entries.shape() != shape {
        return Err(HintError::Mismatch(
            "the entries are for another board size",
        ));
    }
    if notes.is_some_and(|n| n.len() != shape.cell_count()) {
        return Err(HintError::Mismatch("the notes are for another board size"));
    }
    let solution = match solution {
        Some(s) => {
            if !validate::is_solution(givens, s) {
                return Err(HintError::Mismatch(
                    "the solution does not solve the givens",
                ));
            }
            s.clone()
        }
        None => unique_solution(givens)?,
    };
    let open = |c: usize| givens.get(c) == 0;
    let mistakes: Vec<(Cell, u8)> = (0..shape.cell_count())
        .filter(|&c| open(c) && entries.get(c) != 0 && entries.get(c) != solution.get(c))
        .filter_map(|c| Some((Cell::from_index(c, shape)?, entries.get(c))))
        .collect();
    if !mistakes.is_empty() {
        return Ok(Hint::Mistakes(mistakes));
    }
    let empty = |c: usize| open(c) && entries.get(c) == 0;
    let notes = notes.unwrap_or(&[]);
    let noted = |c: usize| notes.get(c).is_some_and(|n| !n.is_empty());
    let missing: Vec<(Cell, u8)> = (0..shape.cell_count())
        .filter(|&c| empty(c) && noted(c) && !notes[c].contains(solution.get(c)))
        .filter_map(|c| Some((Cell::from_index(c, shape)?, solution.get(c))))
        .collect();
    if !missing.is_empty() {
        return Ok(Hint::MissingNotes(missing));
    }
    let mut position = givens.clone();
    for c in (0..shape.cell_count()).filter(|&c| open(c)) {
        position.put(c, entries.get(c));
    }
    let mut board = Board::from_grid(&position);
    if board.is_solved() {
        return Ok(Hint::Solved);
    }
    for c in (0..shape.cell_count()).filter(|&c| empty(c) && noted(c)) {
        board.restrict(c, notes[c]);
    }
    let step = find_step_with(&board, &solution)
        .ok_or(HintError::Mismatch("no step fits the solution"))?;
    let mut unnoted: Vec<usize> = if reads_candidates(step.technique) {
        step.cells
            .iter()
            .chain(step.eliminations.iter().map(|(c, _)| c))
            .copied()
            .filter(|&c| empty(c) && !noted(c))
            .collect()
    } else {
        Vec::new()
    };
    unnoted.sort_unstable();
    unnoted.dedup();
    let unnoted = unnoted
        .into_iter()
        .filter_map(|c| Cell::from_index(c, shape))
        .collect();
    Ok(Hint::Step { step, unnoted })
}

/// False for the singles, which a player sees from the placed digits alone.
fn reads_candidates(technique: Technique) -> bool {
    !matches!(
        technique,
        Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
    )
}

/// Every step of a solve from `grid`, easiest first each time (`hint --all`).
pub fn solve_path(grid: &Grid) -> Result<Vec<Step>, Unsolvable> {
    Unsolvable::for_rules(grid)?;
    let solution = unique_solution(grid)?;
    let mut board = Board::from_grid(grid);
    let mut steps = Vec::new();
    solve_with(&mut board, &solution, |s| steps.push(s.clone()));
    Ok(steps)
}

impl Hint {
    /// The hint's text at a level. Mistakes are only counted at the first
    /// level (a player who hides mistakes asks to be told where next).
    pub fn text(&self, geo: &Geometry, level: HintLevel) -> String {
        match self {
            Hint::Mistakes(wrong) if level == HintLevel::Technique => match wrong.len() {
                1 => "There is a mistake on the board".to_string(),
                k => format!("There are {k} mistakes on the board"),
            },
            Hint::Mistakes(wrong) => format!(
                "{}: remove {} first",
                text::wrong_entries(geo, &indexed(geo, wrong)),
                if wrong.len() == 1 { "it" } else { "them" }
            ),
            Hint::MissingNotes(missing) if level == HintLevel::Technique => format!(
                "Check your notes in {}: {}",
                text::units(geo, &missing_boxes(geo, missing)),
                if missing.len() == 1 {
                    "a cell's notes leave out a digit it can still be"
                } else {
                    "some notes leave out digits their cells can still be"
                }
            ),
            Hint::MissingNotes(missing) => format!(
                "{}, but your notes leave {} out",
                text::can_still_be(geo, &indexed(geo, missing)),
                if missing.len() == 1 { "it" } else { "them" }
            ),
            Hint::Step { step, unnoted } => {
                let line = step_text(step, geo, level);
                let unnoted: Vec<usize> =
                    unnoted.iter().filter_map(|c| c.index(geo.shape)).collect();
                match unnoted.len() {
                    _ if level == HintLevel::Technique => line,
                    0 => line,
                    1 => format!(
                        "{line} ({} has no notes, so all its candidates count)",
                        text::cells(geo, &unnoted)
                    ),
                    _ => format!(
                        "{line} ({} have no notes, so all their candidates count)",
                        text::cells(geo, &unnoted)
                    ),
                }
            }
            Hint::Solved => "The puzzle is solved".to_string(),
        }
    }

    /// What to highlight at a level: nothing for mistakes at the first
    /// level (it only counts them), the boxes of missing notes, then cells.
    pub fn highlight(&self, geo: &Geometry, level: HintLevel) -> Highlight {
        match self {
            Hint::Mistakes(pairs) | Hint::MissingNotes(pairs) if level > HintLevel::Technique => {
                Highlight {
                    cells: pairs.iter().map(|&(c, _)| c).collect(),
                    ..Highlight::default()
                }
            }
            Hint::MissingNotes(missing) => Highlight {
                houses: missing_boxes(geo, missing)
                    .into_iter()
                    .filter_map(|unit| House::from_unit(unit, geo.shape))
                    .collect(),
                ..Highlight::default()
            },
            Hint::Step { step, .. } => step_highlight(step, geo, level),
            Hint::Solved | Hint::Mistakes(_) => Highlight::default(),
        }
    }
}

/// Cell pairs as index pairs, leaving out any off the board of `geo`: a
/// cell off it, or a digit it has not.
fn indexed(geo: &Geometry, pairs: &[(Cell, u8)]) -> Vec<(usize, u8)> {
    pairs
        .iter()
        .filter(|&&(_, digit)| (1..=geo.n).contains(&(digit as usize)))
        .filter_map(|&(cell, digit)| Some((cell.index(geo.shape)?, digit)))
        .collect()
}

/// The boxes (as units) holding the cells of missing notes, ascending.
fn missing_boxes(geo: &Geometry, missing: &[(Cell, u8)]) -> Vec<usize> {
    let mut boxes: Vec<usize> = indexed(geo, missing)
        .into_iter()
        .map(|(c, _)| geo.cell_units[c][2])
        .collect();
    boxes.sort_unstable();
    boxes.dedup();
    boxes
}

/// A step's text at a level: "Look at box 5 for a hidden single",
/// "Hidden single in box 5: look at r5c3", then the full explanation.
pub fn step_text(step: &Step, geo: &Geometry, level: HintLevel) -> String {
    let name = step.technique.name();
    let units = text::units(geo, &step.units);
    match level {
        HintLevel::Technique if step.technique == Technique::Backtrack => {
            format!(
                "Look at {units}: no pattern is left, so try a candidate there and follow where it leads"
            )
        }
        HintLevel::Technique => {
            format!("Look at {units} for {}", text::with_article(name))
        }
        // a chain can hold dozens of cells: name where it starts
        HintLevel::Cells if step.technique.is_forcing() => {
            let start = step
                .cells
                .first()
                .map_or(String::new(), |&c| geo.cell_name(c));
            format!(
                "{name} in {units}: assume each choice there in turn, starting at {start}, and follow each chain to what they share"
            )
        }
        HintLevel::Cells if step.technique.is_contradiction() => {
            let start = step
                .cells
                .first()
                .map_or(String::new(), |&c| geo.cell_name(c));
            format!("{name} in {units}: assume a candidate of {start} and follow the chain")
        }
        HintLevel::Cells if step.technique == Technique::Backtrack => {
            let start = step
                .cells
                .first()
                .map_or(String::new(), |&c| geo.cell_name(c));
            format!("{name} in {units}: try a candidate of {start} and follow the singles")
        }
        HintLevel::Cells => {
            format!(
                "{name} in {units}: look at {}",
                text::cells(geo, &step.cells)
            )
        }
        HintLevel::Full => step.explanation.clone(),
    }
}

/// Level 1 shows the houses, level 2 adds the cells, level 3 what
/// changes; `geo` is the board of the puzzle the step came from.
pub fn step_highlight(step: &Step, geo: &Geometry, level: HintLevel) -> Highlight {
    let shape = geo.shape;
    let mut h = Highlight {
        houses: step.houses(shape).collect(),
        ..Highlight::default()
    };
    if level >= HintLevel::Cells {
        h.cells = step.cells(shape).collect();
    }
    if level == HintLevel::Full {
        h.placed = step.placed(shape).collect();
        h.removed = step.removed(shape).collect();
    }
    h
}
