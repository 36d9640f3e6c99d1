//! What a player can do to a game. The UI turns keys and clicks into these;
//! `Game::apply` is the only way the game changes.

use std::fmt;

/// A one-cell move of the selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

/// A longer jump of the selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jump {
    RowStart,
    RowEnd,
    ColumnTop,
    ColumnBottom,
    /// The next empty cell in reading order, wrapping around.
    NextEmpty,
    /// The previous empty cell in reading order, wrapping around.
    PrevEmpty,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Move(Direction),
    Jump(Jump),
    /// Select a cell directly (a mouse click).
    Select(usize),
    /// Move the cursor and keep the cells it leaves and reaches selected
    /// (shift+arrows).
    SelectExtend(Direction),
    /// Add a cell to the selection and put the cursor there (a mouse drag).
    SelectAdd(usize),
    /// The next colour (or none after the last) for every selected cell.
    CycleColour,
    /// The next colour of a note in every selected cell that has it.
    CycleNoteColour(u8),
    /// Add or remove a centre mark in every selected empty cell.
    ToggleCentre(u8),
    /// Place a digit in the selected cell (notes-mode aware callers decide
    /// between this and `ToggleNote`).
    Place(u8),
    /// Add or remove one note in every selected empty cell (added to all
    /// unless all have it).
    ToggleNote(u8),
    /// Clear each selected cell's value, or its notes and marks when it has
    /// no value, or its colour when it has neither.
    Erase,
    ToggleNotesMode,
    /// Fill every empty cell's notes with its candidates.
    AutoNotes,
    /// Remove every note on the board.
    ClearNotes,
    Undo,
    Redo,
    /// Undo back to the last position where every entry agrees with the
    /// solution ("where did I go wrong"); redo brings the moves back.
    UndoMistakes,
    /// Mark entries that contradict the solution.
    Check,
    /// Show the next hint level, apply the hint after its cells were shown,
    /// or start the next hint once it was applied.
    Hint,
    Pause,
    Resume,
    /// Stop the clock while something covers the board (help, a dialog),
    /// without pausing the game: a save made meanwhile is not paused.
    Hold,
    /// Start the clock again after `Hold` (unless paused or won).
    Release,
    /// Back to the givens (one undoable edit; the clock keeps running).
    Restart,
}

/// What an action did, so that the UI need not read the game back to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// The board is as it was: the selection, a mode, the clock or the
    /// hint shown moved.
    Unchanged,
    /// The board changed (an entry, a note, an undo, a hint applied).
    Changed,
    /// The board changed and is now solved.
    Won,
    /// A check marked this many entries wrong.
    Checked { wrong: usize },
}

/// Why an action did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Paused,
    Won,
    GivenCell,
    FilledCell,
    BadDigit,
    OffBoard,
    NothingToErase,
    NothingToUndo,
    NothingToRedo,
    NoMistakes,
    NoHint,
    /// Hints explain classic Sudoku only so far.
    NoVariantHint,
    NoNote,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::Paused => "The game is paused.",
            Refusal::Won => "The puzzle is solved.",
            Refusal::GivenCell => "That cell is a given.",
            Refusal::FilledCell => "Notes go in empty cells.",
            Refusal::BadDigit => "That digit is not on this board.",
            Refusal::OffBoard => "That cell is not on the board.",
            Refusal::NothingToErase => "Nothing to erase.",
            Refusal::NothingToUndo => "Nothing to undo.",
            Refusal::NothingToRedo => "Nothing to redo.",
            Refusal::NoMistakes => "Every entry is right: nothing to undo.",
            Refusal::NoHint => "No hint for this position.",
            Refusal::NoVariantHint => {
                "Hints are for classic Sudoku so far; Check marks wrong entries."
            }
            Refusal::NoNote => "No selected cell has that note to colour.",
        })
    }
}
