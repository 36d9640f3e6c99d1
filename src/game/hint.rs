//! Hints in play, a level at a time, from `engine::hint` (which finds them:
//! nothing here reasons about the puzzle). A step shows its technique and
//! units, then its cells, then is applied and shows its whole explanation; a
//! wrong entry is named first, and applying that hint erases it.
//!
//! The hint count rises once per hint, when it is first shown: asking for
//! more of the same hint is free.
//!
//! The engine reads a cell without notes as holding all its candidates, so a
//! step may eliminate candidates the player never wrote down. Applying it then
//! fills those cells' notes with their candidates (less the eliminated ones),
//! in the same undoable edit, and the text says which cells were filled.

use crate::engine::Geometry;
use crate::engine::hint::{Hint, HintLevel};
use crate::engine::techniques::text;

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
    /// A hint just found, at its first level.
    pub fn new(hint: Hint) -> HintState {
        HintState {
            hint,
            level: HintLevel::Technique,
            filled_notes: Vec::new(),
        }
    }

    /// True when the next press applies the hint: a step after its cells were
    /// shown, mistakes at once (their text names the cells from the start).
    pub fn applies_next(&self) -> bool {
        match self.hint {
            Hint::Mistakes(_) => self.level == HintLevel::Technique,
            _ => self.level == HintLevel::Cells,
        }
    }

    /// The line to show.
    pub fn text(&self, geo: &Geometry) -> String {
        let line = self.hint.text(geo, self.level);
        match (&self.hint, self.level) {
            (Hint::Mistakes(_), HintLevel::Full) => format!("Erased: {line}"),
            _ if self.filled_notes.is_empty() => line,
            _ => format!(
                "{line} ({} had no notes: candidates filled in first)",
                text::cells(geo, &self.filled_notes)
            ),
        }
    }

    /// The cells to highlight: the units' cells at the first level, then the
    /// cells the step looks at and changes.
    pub fn cells(&self, geo: &Geometry) -> Vec<usize> {
        let h = self.hint.highlight(self.level);
        let mut cells: Vec<usize> = if h.cells.is_empty() {
            h.units
                .iter()
                .flat_map(|&u| geo.units[u].iter().copied())
                .collect()
        } else {
            h.cells
        };
        cells.extend(h.placements.iter().chain(&h.eliminations).map(|&(c, _)| c));
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}
