//! Undo and redo without limit. Every board change is an `Edit`: the before and
//! after state of each cell it touched, so one placement together with the
//! notes it removed from its peers undoes and redoes as one unit.

use serde::{Deserialize, Serialize};

use super::serde_forms;
use crate::engine::DigitSet;

/// What one cell holds: a value (0 = empty) and its notes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellState {
    pub value: u8,
    #[serde(with = "serde_forms::digit_set")]
    pub notes: DigitSet,
}

/// One cell's change within an edit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    pub cell: u16,
    pub before: CellState,
    pub after: CellState,
}

/// One undoable step: the changes of a single action, and the cell to select
/// when it is undone or redone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edit {
    pub focus: u16,
    pub changes: Vec<Change>,
}

/// Done and undone edits; a new edit clears the redo side.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    done: Vec<Edit>,
    undone: Vec<Edit>,
}

impl History {
    /// Records a new edit (ignoring empty ones) and forgets what could be redone.
    pub fn record(&mut self, edit: Edit) {
        if !edit.changes.is_empty() {
            self.done.push(edit);
            self.undone.clear();
        }
    }

    /// The edit to revert, moved to the redo side.
    pub fn undo(&mut self) -> Option<&Edit> {
        let edit = self.done.pop()?;
        self.undone.push(edit);
        self.undone.last()
    }

    /// The edit to re-apply, moved back to the undo side.
    pub fn redo(&mut self) -> Option<&Edit> {
        let edit = self.undone.pop()?;
        self.done.push(edit);
        self.done.last()
    }

    /// How many edits are on each side: it moves with every change of the
    /// board, so comparing it says whether an action changed the board.
    pub fn position(&self) -> (usize, usize) {
        (self.done.len(), self.undone.len())
    }

    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Every recorded edit, for validating a loaded game.
    pub fn edits(&self) -> impl Iterator<Item = &Edit> {
        self.done.iter().chain(&self.undone)
    }
}
