//! Undo and redo. Every board change is an `Edit`: the before and after
//! state of each cell it touched, so one placement together with the notes
//! it removed from its peers undoes and redoes as one unit.
//!
//! The history is bounded by the size of its saved lines
//! (`MAX_HISTORY_BYTES`), so that any game, however long, saves inside the
//! limit the reader takes: past it, the oldest edits are forgotten (undo
//! then stops there). Ordinary games never come near it (10,000 moves are
//! about 100 kB).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{edit_line, serde_forms};
use crate::engine::DigitSet;

/// What one cell holds: a value (0 = empty), its notes (the corner marks
/// when corner and centre marks are on), its colour (0 = none), its notes'
/// colours (`NOTE_COLOUR_BITS` per digit, digit d at bit 2(d-1)) and its
/// centre marks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellState {
    pub value: u8,
    #[serde(with = "serde_forms::digit_set")]
    pub notes: DigitSet,
    #[serde(default)]
    pub colour: u8,
    #[serde(default)]
    pub note_colours: u64,
    #[serde(default, with = "serde_forms::digit_set")]
    pub centre: DigitSet,
}

/// One cell's change within an edit.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Change {
    pub cell: u16,
    pub before: CellState,
    pub after: CellState,
}

/// One undoable step: the changes of a single action, and the cell to select
/// when it is undone or redone. (Saved as one line, see `edit_line`; the
/// table form is how saves before format 2 wrote it.)
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Edit {
    pub focus: u16,
    pub changes: Vec<Change>,
}

/// The most bytes of saved history lines kept. Half the save file's limit
/// (`storage::files::SAVE_LIMIT`, 4 MB): the largest game's state without its
/// history (a 25x25 board's grids, notes and marks) is under 30 kB, so a save
/// always stays well inside the limit (a compile-time check there says so).
pub const MAX_HISTORY_BYTES: usize = 2 << 20;

/// When the bound is passed, the oldest edits go until the history is down
/// to this share of it, so that trimming is rare.
const TRIMMED_BYTES: usize = MAX_HISTORY_BYTES / 4 * 3;

/// Done and undone edits; a new edit clears the redo side. Saved as two
/// multi-line strings, one edit per line (`edit_line`), kept up to date as
/// edits come and go so that saving a long game costs no re-encoding.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    done: Stack,
    undone: Stack,
}

/// Edits in the order they were pushed, with their saved lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Stack {
    edits: Vec<Edit>,
    /// Every edit's line, each followed by a newline.
    text: String,
    /// Where each edit's line ends in `text`.
    ends: Vec<usize>,
}

impl Stack {
    fn from_edits(edits: Vec<Edit>) -> Stack {
        let mut stack = Stack::default();
        for edit in edits {
            stack.push(edit);
        }
        stack
    }

    fn push(&mut self, edit: Edit) {
        edit_line::write_line(&edit, &mut self.text);
        self.text.push('\n');
        self.ends.push(self.text.len());
        self.edits.push(edit);
    }

    fn pop(&mut self) -> Option<Edit> {
        let edit = self.edits.pop()?;
        self.ends.pop();
        self.text.truncate(self.ends.last().copied().unwrap_or(0));
        Some(edit)
    }

    fn clear(&mut self) {
        *self = Stack::default();
    }

    /// Forgets the oldest edits until the lines take at most `bytes`.
    fn keep_newest(&mut self, bytes: usize) {
        let excess = self.text.len().saturating_sub(bytes);
        if excess == 0 {
            return;
        }
        let gone = self.ends.partition_point(|&end| end < excess) + 1;
        let gone = gone.min(self.edits.len());
        let cut = self.ends[gone - 1];
        self.text.drain(..cut);
        self.ends.drain(..gone);
        for end in &mut self.ends {
            *end -= cut;
        }
        self.edits.drain(..gone);
    }
}

/// How `History` is saved.
#[derive(Serialize)]
struct SavedHistory<'a> {
    done: &'a str,
    undone: &'a str,
}

/// How `History` is read: format 2's lines, or format 1's tables.
#[derive(Deserialize)]
struct ReadHistory {
    done: Edits,
    undone: Edits,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Edits {
    Lines(String),
    Tables(Vec<Edit>),
}

impl Edits {
    fn into_stack(self) -> Result<Stack, String> {
        match self {
            Edits::Lines(text) => edit_line::decode_all(&text).map(Stack::from_edits),
            Edits::Tables(edits) => Ok(Stack::from_edits(edits)),
        }
    }
}

impl Serialize for History {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        SavedHistory {
            done: &self.done.text,
            undone: &self.undone.text,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for History {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<History, D::Error> {
        let read = ReadHistory::deserialize(d)?;
        let mut history = History {
            done: read.done.into_stack().map_err(serde::de::Error::custom)?,
            undone: read.undone.into_stack().map_err(serde::de::Error::custom)?,
        };
        // what loads must save again: a longer history (from another
        // writer) is cut as play would have cut it
        history.bound();
        Ok(history)
    }
}

impl History {
    /// Records a new edit (ignoring empty ones) and forgets what could be redone.
    pub fn record(&mut self, edit: Edit) {
        if !edit.changes.is_empty() {
            self.done.push(edit);
            self.undone.clear();
            self.bound();
        }
    }

    /// Keeps the saved lines within `MAX_HISTORY_BYTES`: the oldest done
    /// edits go first, then the farthest redo.
    fn bound(&mut self) {
        let total = self.done.text.len() + self.undone.text.len();
        if total <= MAX_HISTORY_BYTES {
            return;
        }
        let undone = self.undone.text.len();
        self.done.keep_newest(TRIMMED_BYTES.saturating_sub(undone));
        let done = self.done.text.len();
        self.undone.keep_newest(TRIMMED_BYTES.saturating_sub(done));
    }

    /// The edit to revert, moved to the redo side.
    pub fn undo(&mut self) -> Option<&Edit> {
        let edit = self.done.pop()?;
        self.undone.push(edit);
        self.undone.edits.last()
    }

    /// The edit to re-apply, moved back to the undo side.
    pub fn redo(&mut self) -> Option<&Edit> {
        let edit = self.undone.pop()?;
        self.done.push(edit);
        self.done.edits.last()
    }

    /// How many edits are on each side: it moves with every change of the
    /// board, so comparing it says whether an action changed the board.
    pub fn position(&self) -> (usize, usize) {
        (self.done.edits.len(), self.undone.edits.len())
    }

    pub fn can_undo(&self) -> bool {
        !self.done.edits.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.edits.is_empty()
    }

    /// The edits that undo would revert, newest first.
    pub fn done_newest_first(&self) -> impl Iterator<Item = &Edit> {
        self.done.edits.iter().rev()
    }

    /// Every recorded edit, for validating a loaded game.
    pub fn edits(&self) -> impl Iterator<Item = &Edit> {
        self.done.edits.iter().chain(&self.undone.edits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(k: u16) -> Edit {
        Edit {
            focus: k,
            changes: vec![Change {
                cell: k,
                before: CellState::default(),
                after: CellState {
                    value: (k % 9 + 1) as u8,
                    notes: DigitSet::EMPTY,
                    ..CellState::default()
                },
            }],
        }
    }

    /// An edit of many cells (an auto-notes press), a few hundred bytes.
    fn big(k: u32) -> Edit {
        Edit {
            focus: (k % 600) as u16,
            changes: (0..40)
                .map(|c| Change {
                    cell: c,
                    before: CellState::default(),
                    after: CellState {
                        notes: DigitSet(k | 1),
                        ..CellState::default()
                    },
                })
                .collect(),
        }
    }

    /// The kept lines always equal the lines of the edits written afresh.
    #[test]
    fn the_saved_lines_follow_every_undo_redo_and_record() {
        let mut history = History::default();
        let check = |h: &History| {
            assert_eq!(h.done, Stack::from_edits(h.done.edits.clone()));
            assert_eq!(h.undone, Stack::from_edits(h.undone.edits.clone()));
        };
        for k in 0..30u16 {
            match k % 5 {
                0..=2 => history.record(edit(k)),
                3 => {
                    history.undo();
                }
                _ => {
                    history.redo();
                    history.undo();
                    history.undo();
                }
            }
            check(&history);
        }
        let text = toml::to_string(&history).unwrap();
        let back: History = toml::from_str(&text).unwrap();
        assert_eq!(back, history);
        while history.undo().is_some() {}
        check(&history);
        assert!(history.done.text.is_empty());
    }

    /// Past the bound the oldest edits go, the newest stay in order, and
    /// the kept lines still match the edits.
    #[test]
    fn the_history_is_bounded_and_keeps_the_newest_edits() {
        let mut history = History::default();
        let mut k = 0u32;
        while history.done.text.len() <= MAX_HISTORY_BYTES / 2 {
            history.record(big(k));
            k += 1;
        }
        // then far past the bound: it never holds more
        let pushed = k * 3;
        while k < pushed {
            history.record(big(k));
            assert!(history.done.text.len() <= MAX_HISTORY_BYTES);
            k += 1;
        }
        assert_eq!(history.done, Stack::from_edits(history.done.edits.clone()));
        assert!(history.done.text.len() >= TRIMMED_BYTES - 20);
        let newest = history.done.edits.last().unwrap().clone();
        assert_eq!(newest, big(k - 1));
        // the edits kept are the last ones pushed, in order
        let kept = history.done.edits.len() as u32;
        for (i, e) in history.done.edits.iter().enumerate() {
            assert_eq!(*e, big(k - kept + i as u32));
        }
        // a loaded history past the bound is cut the same way (`bound`
        // runs on every load)
        let long = History {
            done: Stack::from_edits((0..k).map(big).collect()),
            ..History::default()
        };
        assert!(long.done.text.len() > MAX_HISTORY_BYTES);
        let mut back = long.clone();
        back.bound();
        assert!(back.done.text.len() <= MAX_HISTORY_BYTES);
        assert_eq!(back.done.edits.last(), long.done.edits.last());
    }
}
