//! Hints from a player's position. A wrong entry is pointed out before any
//! technique; otherwise the hint is the easiest next step, shown a level at a
//! time: first the technique and where to look, then the cells, then the
//! whole deduction. The player's notes are used only where they still allow
//! the cell's true digit, so a wrong note can never lead to a wrong step.

use super::digits::DigitSet;
use super::geometry::Geometry;
use super::grid::Grid;
use super::rate::{Unsolvable, unique_solution};
use super::step::{Step, Technique};
use super::techniques::{Board, find_step_with, solve_with, text};
use super::validate;

/// What the player should hear next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// These entries contradict the solution (all of them, sorted).
    Mistakes(Vec<usize>),
    /// The easiest next deduction.
    Step(Step),
    /// Every cell is filled correctly.
    Solved,
}

/// Why no hint can be given for a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HintError {
    #[error(transparent)]
    Unsolvable(#[from] Unsolvable),
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
    /// Level 1, 2 or 3.
    pub fn from_number(level: u8) -> Option<HintLevel> {
        match level {
            1 => Some(HintLevel::Technique),
            2 => Some(HintLevel::Cells),
            3 => Some(HintLevel::Full),
            _ => None,
        }
    }

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
    pub units: Vec<usize>,
    pub cells: Vec<usize>,
    pub placements: Vec<(usize, u8)>,
    pub eliminations: Vec<(usize, u8)>,
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
            let fits = s.shape() == shape
                && validate::is_solved(s)
                && (0..shape.cell_count()).all(|c| givens.get(c) == 0 || givens.get(c) == s.get(c));
            if !fits {
                return Err(HintError::Mismatch(
                    "the solution does not solve the givens",
                ));
            }
            s.clone()
        }
        None => unique_solution(givens)?,
    };
    let mistakes: Vec<usize> = (0..shape.cell_count())
        .filter(|&c| givens.get(c) == 0 && entries.get(c) != 0 && entries.get(c) != solution.get(c))
        .collect();
    if !mistakes.is_empty() {
        return Ok(Hint::Mistakes(mistakes));
    }
    let mut position = givens.clone();
    for c in 0..shape.cell_count() {
        if position.get(c) == 0 {
            position.set(c, entries.get(c));
        }
    }
    let mut board = Board::from_grid(&position);
    if let Some(notes) = notes {
        for (cell, &marks) in notes.iter().enumerate() {
            if board.value(cell) == 0 && marks.contains(solution.get(cell)) {
                board.restrict(cell, marks);
            }
        }
    }
    if board.is_solved() {
        return Ok(Hint::Solved);
    }
    find_step_with(&board, &solution)
        .map(Hint::Step)
        .ok_or(HintError::Mismatch("no step fits the solution"))
}

/// Every step of a solve from `grid`, easiest first each time (`hint --all`).
pub fn solve_path(grid: &Grid) -> Result<Vec<Step>, Unsolvable> {
    let solution = unique_solution(grid)?;
    let mut board = Board::from_grid(grid);
    let mut steps = Vec::new();
    solve_with(&mut board, &solution, |s| steps.push(s.clone()));
    Ok(steps)
}

impl Hint {
    /// The hint's text at a level. Mistakes read the same at every level.
    pub fn text(&self, geo: &Geometry, level: HintLevel) -> String {
        match self {
            Hint::Mistakes(cells) => format!(
                "{} {} wrong",
                text::cells(geo, cells),
                if cells.len() == 1 { "is" } else { "are" }
            ),
            Hint::Step(step) => step_text(step, geo, level),
            Hint::Solved => "The puzzle is solved".to_string(),
        }
    }

    /// What to highlight at a level.
    pub fn highlight(&self, level: HintLevel) -> Highlight {
        match self {
            Hint::Mistakes(cells) => Highlight {
                cells: cells.clone(),
                ..Highlight::default()
            },
            Hint::Step(step) => step_highlight(step, level),
            Hint::Solved => Highlight::default(),
        }
    }
}

/// A step's text at a level: "Look at box 5: there is a hidden single",
/// "Hidden single in box 5: look at r5c3", then the full explanation.
pub fn step_text(step: &Step, geo: &Geometry, level: HintLevel) -> String {
    let name = step.technique.name();
    let units = text::units(geo, &step.units);
    match level {
        HintLevel::Technique if step.technique == Technique::Backtrack => {
            format!("Look at {units}: no logical step is left, so a guess is needed")
        }
        HintLevel::Technique => {
            let article = if name.starts_with('X') { "an" } else { "a" };
            format!("Look at {units}: there is {article} {}", in_sentence(name))
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

/// A technique name inside a sentence: "hidden single", but "X-wing" and
/// "XY-wing" keep their capitals.
fn in_sentence(name: &str) -> String {
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if !(second == '-' || second.is_uppercase()) => {
            first.to_lowercase().chain(name.chars().skip(1)).collect()
        }
        _ => name.to_string(),
    }
}

/// Level 1 shows the units, level 2 adds the cells, level 3 what changes.
pub fn step_highlight(step: &Step, level: HintLevel) -> Highlight {
    let mut h = Highlight {
        units: step.units.clone(),
        ..Highlight::default()
    };
    if level >= HintLevel::Cells {
        h.cells = step.cells.clone();
    }
    if level == HintLevel::Full {
        h.placements = step.placements.clone();
        h.eliminations = step.eliminations.clone();
    }
    h
}
