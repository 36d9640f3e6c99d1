//! Hints in play, a level at a time, from `engine::hint` (which finds them:
//! nothing here reasons about the puzzle). A step shows its technique and
//! units, then its cells, then is applied and shows its whole explanation.
//! Wrong entries come first: a player who checks mistakes is told at once
//! which they are, any other first hears that there is one; applying that
//! hint erases them. Digits missing from notes come next, and applying that
//! hint puts them back.
//!
//! The hint count rises once per hint, when it is first shown: asking for
//! more of the same hint is free.
//!
//! The engine reads a cell without notes as holding all its candidates, so a
//! step may eliminate candidates the player never wrote down. Applying it then
//! fills those cells' notes with their candidates (less the eliminated ones),
//! in the same undoable edit, and the text says which cells were filled.
//! Before that, the engine's text already names the step's cells without
//! notes ("so all their candidates count").

use crate::engine::techniques::text;
use crate::engine::{Cell, Geometry};
use crate::engine::{Hint, HintLevel};

/// The hint being shown and how far it has gone. `Full` means applied: the
/// explanation stays on screen until the board changes or the next hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintState {
    pub hint: Hint,
    pub level: HintLevel,
    /// Cells whose notes were empty and were filled with their candidates so
    /// that the step's eliminations had notes to remove.
    pub filled_notes: Vec<usize>,
}

impl HintState {
    /// A hint just found, at its first level; wrong entries start named
    /// when the player checks mistakes (`check_mistakes`), as the board
    /// already marks them.
    pub fn new(hint: Hint, check_mistakes: bool) -> HintState {
        let named = check_mistakes && matches!(hint, Hint::Mistakes(_));
        HintState {
            hint,
            level: if named {
                HintLevel::Cells
            } else {
                HintLevel::Technique
            },
            filled_notes: Vec::new(),
        }
    }

    /// True when the next press applies the hint: once its cells are shown.
    pub fn applies_next(&self) -> bool {
        self.level == HintLevel::Cells
    }

    /// The line to show.
    pub fn text(&self, geo: &Geometry) -> String {
        let applied = self.level == HintLevel::Full;
        match &self.hint {
            Hint::Mistakes(wrong) if applied => {
                format!(
                    "Erased: {}",
                    text::wrong_entries(geo, &indexed(geo, wrong.iter().copied()))
                )
            }
            Hint::MissingNotes(missing) if applied => {
                format!(
                    "Put back in the notes: {}",
                    text::can_still_be(geo, &indexed(geo, missing.iter().copied()))
                )
            }
            _ if self.filled_notes.is_empty() => self.hint.text(geo, self.level),
            _ => format!(
                "{}; notes filled in first for {}",
                self.hint.text(geo, self.level),
                text::cells(geo, &self.filled_notes)
            ),
        }
    }

    /// The cells to highlight: the units' cells at the first level, then the
    /// cells the step looks at and changes.
    pub fn cells(&self, geo: &Geometry) -> Vec<usize> {
        let h = self.hint.highlight(geo, self.level);
        let mut cells: Vec<usize> = if h.cells.is_empty() {
            h.houses
                .iter()
                .filter_map(|house| house.unit(geo.shape))
                .flat_map(|u| geo.units[u].iter().copied())
                .collect()
        } else {
            h.cells.iter().map(|&c| index(geo, c)).collect()
        };
        cells.extend(
            h.placed
                .iter()
                .chain(&h.removed)
                .map(|&(c, _)| index(geo, c)),
        );
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}

impl HintState {
    /// The cells the hint changes at its level: where it places a digit or
    /// removes a candidate (none before it is applied).
    pub fn changes(&self, geo: &Geometry) -> Vec<usize> {
        let h = self.hint.highlight(geo, self.level);
        h.placed
            .iter()
            .chain(&h.removed)
            .map(|&(c, _)| index(geo, c))
            .collect()
    }
}

/// A cell of the engine's hints as the game counts cells: its row-major
/// index on the board of `geo` (the board the hint was found on).
pub fn index(geo: &Geometry, cell: Cell) -> usize {
    geo.cell(cell.row(), cell.col())
}

/// (cell, digit) pairs of the engine's hints by index on the board of `geo`.
pub fn indexed(geo: &Geometry, pairs: impl IntoIterator<Item = (Cell, u8)>) -> Vec<(usize, u8)> {
    pairs
        .into_iter()
        .map(|(cell, digit)| (index(geo, cell), digit))
        .collect()
}
