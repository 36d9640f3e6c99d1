//! `Game::apply`: how each action changes a game. Board changes go through
//! `commit`, which records them as one undoable edit and then checks for the win.

use std::time::Instant;

use super::action::{Action, Applied, Direction, Jump, Refusal};
use super::hint::{HintState, index, indexed};
use super::history::{CellState, Change, Edit};
use super::{COLOURS, Game, NOTE_COLOURS, note_colour, with_note_colour};
use crate::engine::techniques::Board;
use crate::engine::{DigitSet, Step, candidates, is_solved};
use crate::engine::{Hint, HintError, HintLevel, Unsolvable, next_hint};

impl Game {
    /// Applies one action at time `now`: what it did, or why it did nothing.
    pub fn apply(&mut self, action: Action, now: Instant) -> Result<Applied, Refusal> {
        let (before, was_won) = (self.history.position(), self.won);
        self.act(action, now)?;
        Ok(if self.won && !was_won {
            Applied::Won
        } else if action == Action::Check {
            Applied::Checked {
                wrong: self.checked_wrong.len(),
            }
        } else if self.history.position() != before {
            Applied::Changed
        } else {
            Applied::Unchanged
        })
    }

    fn act(&mut self, action: Action, now: Instant) -> Result<(), Refusal> {
        if self.paused
            && !matches!(
                action,
                Action::Pause | Action::Resume | Action::Hold | Action::Release
            )
        {
            return Err(Refusal::Paused);
        }
        match action {
            Action::Pause => {
                self.paused = true;
                self.clock.stop(now);
            }
            Action::Resume => {
                self.paused = false;
                if !self.won && !self.held {
                    self.clock.start(now);
                }
            }
            Action::Hold => {
                self.held = true;
                self.clock.stop(now);
            }
            Action::Release => {
                self.held = false;
                if !self.won && !self.paused {
                    self.clock.start(now);
                }
            }
            Action::Move(direction) => {
                self.also_selected.clear();
                self.selected = self.moved(direction);
            }
            Action::Jump(jump) => {
                self.also_selected.clear();
                self.selected = self.jumped(jump);
            }
            Action::Select(cell) if cell < self.values.values().len() => {
                self.also_selected.clear();
                self.selected = cell;
            }
            Action::SelectExtend(direction) => {
                let cell = self.moved(direction);
                self.add_to_selection(cell);
            }
            Action::SelectAdd(cell) if cell < self.values.values().len() => {
                self.add_to_selection(cell)
            }
            Action::Select(_) | Action::SelectAdd(_) => return Err(Refusal::OffBoard),
            Action::ToggleNotesMode => self.notes_mode = !self.notes_mode,
            _ if self.won => return Err(Refusal::Won),
            Action::Place(digit) => self.place(digit, now)?,
            Action::ToggleNote(digit) => self.toggle_mark(digit, false, now)?,
            Action::ToggleCentre(digit) => self.toggle_mark(digit, true, now)?,
            Action::CycleColour => self.cycle_colour(now),
            Action::CycleNoteColour(digit) => self.cycle_note_colour(digit, now)?,
            Action::Erase => self.erase(now)?,
            Action::AutoNotes => self.auto_notes(now),
            Action::ClearNotes => self.clear_notes(now),
            Action::Undo => self.undo(now)?,
            Action::Redo => self.redo(now)?,
            Action::UndoMistakes => self.undo_mistakes(now)?,
            Action::Check => self.check(),
            Action::Hint => self.next_hint(now)?,
            Action::Restart => self.restart(now),
        }
        Ok(())
    }

    /// Keeps the cursor's cell selected, and adds `cell` as the new cursor.
    fn add_to_selection(&mut self, cell: usize) {
        if !self.also_selected.contains(&self.selected) {
            self.also_selected.push(self.selected);
        }
        if !self.also_selected.contains(&cell) {
            self.also_selected.push(cell);
        }
        self.selected = cell;
    }

    fn moved(&self, direction: Direction) -> usize {
        let g = self.geometry();
        let (r, c) = (g.row_of(self.selected), g.col_of(self.selected));
        let last = g.n - 1;
        let (r, c) = match direction {
            Direction::Up => (r.saturating_sub(1), c),
            Direction::Down => ((r + 1).min(last), c),
            Direction::Left => (r, c.saturating_sub(1)),
            Direction::Right => (r, (c + 1).min(last)),
        };
        g.cell(r, c)
    }

    fn jumped(&self, jump: Jump) -> usize {
        let g = self.geometry();
        let (r, c) = (g.row_of(self.selected), g.col_of(self.selected));
        let cells = g.cell_count();
        let empty_at = |offset: usize, forward: bool| {
            let cell = if forward {
                (self.selected + offset) % cells
            } else {
                (self.selected + cells - offset) % cells
            };
            (self.values.get(cell) == 0).then_some(cell)
        };
        match jump {
            Jump::RowStart => g.cell(r, 0),
            Jump::RowEnd => g.cell(r, g.n - 1),
            Jump::ColumnTop => g.cell(0, c),
            Jump::ColumnBottom => g.cell(g.n - 1, c),
            Jump::NextEmpty => (1..=cells)
                .find_map(|o| empty_at(o, true))
                .unwrap_or(self.selected),
            Jump::PrevEmpty => (1..=cells)
                .find_map(|o| empty_at(o, false))
                .unwrap_or(self.selected),
        }
    }

    fn check_digit(&self, digit: u8) -> Result<(), Refusal> {
        if digit == 0 || digit as usize > self.shape().n() {
            Err(Refusal::BadDigit)
        } else {
            Ok(())
        }
    }

    fn state(&self, cell: usize) -> CellState {
        CellState {
            value: self.values.get(cell),
            notes: self.notes[cell],
            colour: self.colours[cell],
            note_colours: self.note_colours[cell],
            centre: self.centre[cell],
        }
    }

    fn place(&mut self, digit: u8, now: Instant) -> Result<(), Refusal> {
        self.check_digit(digit)?;
        let cell = self.selected;
        if self.is_given(cell) {
            return Err(Refusal::GivenCell);
        }
        if self.values.get(cell) == digit {
            return Ok(());
        }
        let mut changes = self.taken_back(cell);
        for (c, after) in self.placement(cell, digit) {
            match changes.iter_mut().find(|(seen, _)| *seen == c) {
                Some((_, state)) if c != cell => state.notes.remove(digit),
                Some((_, state)) => *state = after,
                None => changes.push((c, after)),
            }
        }
        if digit != self.solution.get(cell) && self.count_mistakes {
            self.mistakes = self.mistakes.saturating_add(1);
        }
        self.commit(cell, changes, now);
        Ok(())
    }

    /// The cell states a placement leads to: the digit in, the cell's notes
    /// and marks gone (its colour stays), and the digit gone from the peers'
    /// notes.
    fn placement(&self, cell: usize, digit: u8) -> Vec<(usize, CellState)> {
        let mut changes = vec![(
            cell,
            CellState {
                value: digit,
                notes: DigitSet::EMPTY,
                centre: DigitSet::EMPTY,
                note_colours: 0,
                ..self.state(cell)
            },
        )];
        // A digit that clashes with a peer is a slip: leave the peers' notes
        // alone so fixing the slip does not lose them.
        let clashes = self
            .peers(cell)
            .iter()
            .any(|&p| self.values.get(p) == digit);
        if !clashes && (self.auto_remove_notes || self.live_notes) {
            for &peer in self.peers(cell) {
                let mut state = self.state(peer);
                if state.value == 0 && state.notes.contains(digit) {
                    state.notes.remove(digit);
                    changes.push((peer, state));
                }
            }
        }
        changes
    }

    /// With live notes, the notes the digit in `cell` took from its peers
    /// when it was placed (the latest edit that put it there says which),
    /// put back where the digit can still go: the peers' states after that.
    fn taken_back(&self, cell: usize) -> Vec<(usize, CellState)> {
        let digit = self.values.get(cell);
        if !self.live_notes || digit == 0 || self.is_given(cell) {
            return Vec::new();
        }
        let Some(placing) = self.placing(cell, digit) else {
            return Vec::new();
        };
        notes_taken(placing, cell, digit)
            .filter(|&peer| {
                self.values.get(peer) == 0
                    && !self.notes[peer].contains(digit)
                    && self
                        .peers(peer)
                        .iter()
                        .all(|&p| p == cell || self.values.get(p) != digit)
            })
            .map(|peer| {
                let mut state = self.state(peer);
                state.notes.insert(digit);
                (peer, state)
            })
            .collect()
    }

    /// Toggles a note (or a centre mark) in every selected empty cell: on
    /// in all of them unless all have it, then off in all.
    fn toggle_mark(&mut self, digit: u8, centre: bool, now: Instant) -> Result<(), Refusal> {
        self.check_digit(digit)?;
        let cells: Vec<usize> = self
            .selection()
            .into_iter()
            .filter(|&c| self.values.get(c) == 0)
            .collect();
        if cells.is_empty() {
            return Err(Refusal::FilledCell);
        }
        let marks = |c: usize| {
            if centre {
                self.centre[c]
            } else {
                self.notes[c]
            }
        };
        let all_have = cells.iter().all(|&c| marks(c).contains(digit));
        let changes = cells
            .iter()
            .map(|&c| {
                let mut state = self.state(c);
                let set = if centre {
                    &mut state.centre
                } else {
                    &mut state.notes
                };
                if all_have {
                    set.remove(digit);
                    state.note_colours = with_note_colour(state.note_colours, digit, 0);
                } else {
                    set.insert(digit);
                }
                (c, state)
            })
            .collect();
        self.commit(self.selected, changes, now);
        Ok(())
    }

    /// Gives every selected cell the colour after the cursor cell's.
    fn cycle_colour(&mut self, now: Instant) {
        let next = (self.colours[self.selected] + 1) % (COLOURS + 1);
        let changes = self
            .selection()
            .into_iter()
            .map(|c| {
                (
                    c,
                    CellState {
                        colour: next,
                        ..self.state(c)
                    },
                )
            })
            .collect();
        self.commit(self.selected, changes, now);
    }

    /// Gives a note, in every selected cell that has it (as a note or a
    /// centre mark), the colour after its colour in the first such cell.
    fn cycle_note_colour(&mut self, digit: u8, now: Instant) -> Result<(), Refusal> {
        self.check_digit(digit)?;
        let cells: Vec<usize> = self
            .selection()
            .into_iter()
            .filter(|&c| {
                self.values.get(c) == 0
                    && (self.notes[c].contains(digit) || self.centre[c].contains(digit))
            })
            .collect();
        let first = *cells.first().ok_or(Refusal::NoNote)?;
        let next = (note_colour(self.note_colours[first], digit) + 1) % (NOTE_COLOURS + 1);
        let changes = cells
            .into_iter()
            .map(|c| {
                let mut state = self.state(c);
                state.note_colours = with_note_colour(state.note_colours, digit, next);
                (c, state)
            })
            .collect();
        self.commit(self.selected, changes, now);
        Ok(())
    }

    /// Erases in every selected cell: an entry (putting back, with live
    /// notes, the notes it took), else notes and marks, else the colour.
    fn erase(&mut self, now: Instant) -> Result<(), Refusal> {
        let mut changes: Vec<(usize, CellState)> = Vec::new();
        let mut given = false;
        for cell in self.selection() {
            let state = self.state(cell);
            let cleared = if self.is_given(cell) {
                given = true;
                if state.colour == 0 {
                    continue;
                }
                CellState { colour: 0, ..state }
            } else if state.value != 0 {
                for (peer, back) in self.taken_back(cell) {
                    match changes.iter_mut().find(|(c, _)| *c == peer) {
                        Some((_, s)) => s.notes.insert(state.value),
                        None => changes.push((peer, back)),
                    }
                }
                CellState { value: 0, ..state }
            } else if !state.notes.is_empty() || !state.centre.is_empty() {
                CellState {
                    colour: state.colour,
                    ..CellState::default()
                }
            } else if state.colour != 0 {
                CellState::default()
            } else {
                continue;
            };
            changes.push((cell, cleared));
        }
        if changes.is_empty() {
            return Err(if given {
                Refusal::GivenCell
            } else {
                Refusal::NothingToErase
            });
        }
        self.commit(self.selected, changes, now);
        Ok(())
    }

    fn auto_notes(&mut self, now: Instant) {
        let candidates = candidates(&self.values);
        let changes = (0..self.notes.len())
            .filter(|&cell| self.values.get(cell) == 0)
            .map(|cell| {
                let notes = candidates[cell];
                (
                    cell,
                    CellState {
                        notes,
                        ..self.state(cell)
                    },
                )
            })
            .collect();
        self.commit(self.selected, changes, now);
    }

    fn clear_notes(&mut self, now: Instant) {
        let changes = (0..self.notes.len())
            .map(|cell| {
                let state = CellState {
                    notes: DigitSet::EMPTY,
                    centre: DigitSet::EMPTY,
                    note_colours: 0,
                    ..self.state(cell)
                };
                (cell, state)
            })
            .collect();
        self.commit(self.selected, changes, now);
    }

    fn restart(&mut self, now: Instant) {
        let changes = (0..self.notes.len())
            .map(|cell| {
                let given = CellState {
                    value: self.givens.get(cell),
                    ..CellState::default()
                };
                (cell, given)
            })
            .collect();
        self.commit(self.selected, changes, now);
    }

    fn check(&mut self) {
        self.checked_wrong = (0..self.notes.len())
            .filter(|&c| {
                !self.is_given(c)
                    && self.values.get(c) != 0
                    && self.values.get(c) != self.solution.get(c)
            })
            .collect();
    }

    /// Shows the next level of the hint, applies it, or finds a new one
    /// (counted once, when first shown).
    fn next_hint(&mut self, now: Instant) -> Result<(), Refusal> {
        match self.hint.take() {
            Some(state) if state.applies_next() => self.apply_hint(state, now),
            Some(state) if state.level != HintLevel::Full => {
                self.hint = Some(HintState {
                    level: state.level.next(),
                    ..state
                });
            }
            _ => {
                let hint = next_hint(
                    &self.givens,
                    &self.values,
                    Some(&self.notes),
                    Some(&self.solution),
                )
                .map_err(|e| match e {
                    HintError::Unsolvable(Unsolvable::VariantRules { .. }) => {
                        Refusal::NoVariantHint
                    }
                    _ => Refusal::NoHint,
                })?;
                if hint == Hint::Solved {
                    return Err(Refusal::NoHint);
                }
                self.hints_used = self.hints_used.saturating_add(1);
                self.hint = Some(HintState::new(hint, self.check_mistakes));
            }
        }
        Ok(())
    }

    /// Applies a hint as one undoable edit and keeps it shown, fully.
    fn apply_hint(&mut self, mut state: HintState, now: Instant) {
        let geo = self.geometry();
        let (focus, changes) = match &state.hint {
            Hint::Mistakes(wrong) => {
                let wrong = indexed(geo, wrong.iter().copied());
                (wrong[0].0, self.erasures(&wrong))
            }
            Hint::MissingNotes(missing) => {
                let missing = indexed(geo, missing.iter().copied());
                let restored = missing
                    .iter()
                    .map(|&(c, d)| {
                        let mut state = self.state(c);
                        state.notes.insert(d);
                        (c, state)
                    })
                    .collect();
                (missing[0].0, restored)
            }
            Hint::Step { step, .. } => {
                let (changes, filled) = self.step_changes(step);
                state.filled_notes = filled;
                let first = step.placed(geo.shape).next().map(|(c, _)| c);
                let focus = first.or(step.cells(geo.shape).next());
                let focus = focus.map(|c| index(geo, c));
                (focus.unwrap_or(self.selected), changes)
            }
            Hint::Solved => return,
        };
        self.commit(focus, changes, now);
        self.selected = focus;
        self.hint = Some(HintState {
            level: HintLevel::Full,
            ..state
        });
    }

    /// The latest edit that put `digit` in `cell`: what undoing that entry
    /// would undo.
    fn placing(&self, cell: usize, digit: u8) -> Option<&Edit> {
        self.history.done_newest_first().find(|edit| {
            edit.changes.iter().any(|ch| {
                ch.cell as usize == cell && ch.after.value == digit && ch.before.value != digit
            })
        })
    }

    /// The cell states that erase wrong entries as undoing them would: each
    /// cell back to the notes it had before the entry, and the digit put
    /// back in the notes of the peers its placement took it from (those
    /// still empty), so that the next hint does not blame the player's
    /// notes for what the wrong entry removed.
    fn erasures(&self, wrong: &[(usize, u8)]) -> Vec<(usize, CellState)> {
        let mut states: Vec<(usize, CellState)> = Vec::new();
        for &(cell, digit) in wrong {
            let placement = self.placing(cell, digit);
            let notes_before = placement
                .and_then(|edit| edit.changes.iter().find(|ch| ch.cell as usize == cell))
                .map_or(DigitSet::EMPTY, |ch| ch.before.notes);
            set_in(
                &mut states,
                cell,
                CellState {
                    value: 0,
                    notes: notes_before,
                    ..self.state(cell)
                },
            );
            let taken = placement
                .into_iter()
                .flat_map(|edit| notes_taken(edit, cell, digit));
            for peer in taken {
                let mut state = states
                    .iter()
                    .find(|(c, _)| *c == peer)
                    .map_or_else(|| self.state(peer), |&(_, s)| s);
                if state.value == 0 {
                    state.notes.insert(digit);
                    set_in(&mut states, peer, state);
                }
            }
        }
        states
    }

    /// The cell states a step leads to, and the cells whose empty notes were
    /// filled with their candidates first so its eliminations show (the
    /// engine reads a cell without notes as holding all its candidates).
    fn step_changes(&self, step: &Step) -> (Vec<(usize, CellState)>, Vec<usize>) {
        let geo = self.geometry();
        let mut states: Vec<(usize, CellState)> = Vec::new();
        for (cell, digit) in indexed(geo, step.placed(geo.shape)) {
            for (c, after) in self.placement(cell, digit) {
                match states.iter_mut().find(|(seen, _)| *seen == c) {
                    None => states.push((c, after)),
                    Some((_, state)) if c == cell => *state = after,
                    Some((_, state)) => state.notes.remove(digit),
                }
            }
        }
        let mut board = Board::from_grid(&self.values);
        board.apply(step);
        let mut filled = Vec::new();
        for (cell, digit) in indexed(geo, step.removed(geo.shape)) {
            let index = match states.iter().position(|&(c, _)| c == cell) {
                Some(i) => i,
                None => {
                    states.push((cell, self.state(cell)));
                    states.len() - 1
                }
            };
            let state = &mut states[index].1;
            if state.value != 0 {
                continue;
            }
            if state.notes.is_empty() {
                state.notes = board.candidates(cell);
                filled.push(cell);
            }
            state.notes.remove(digit);
        }
        filled.sort_unstable();
        filled.dedup();
        (states, filled)
    }

    fn undo(&mut self, now: Instant) -> Result<(), Refusal> {
        let edit = self.history.undo().ok_or(Refusal::NothingToUndo)?.clone();
        for change in edit.changes.iter().rev() {
            self.set_state(change.cell as usize, change.before);
        }
        self.after_change(edit.focus as usize, &edit, now);
        Ok(())
    }

    /// Undoes edits until no entry contradicts the solution.
    fn undo_mistakes(&mut self, now: Instant) -> Result<(), Refusal> {
        if !self.has_wrong_entry() {
            return Err(Refusal::NoMistakes);
        }
        while self.has_wrong_entry() && self.history.can_undo() {
            self.undo(now)?;
        }
        Ok(())
    }

    fn has_wrong_entry(&self) -> bool {
        self.values
            .values()
            .iter()
            .zip(self.solution.values())
            .any(|(&value, &right)| value != 0 && value != right)
    }

    fn redo(&mut self, now: Instant) -> Result<(), Refusal> {
        let edit = self.history.redo().ok_or(Refusal::NothingToRedo)?.clone();
        for change in &edit.changes {
            self.set_state(change.cell as usize, change.after);
        }
        self.after_change(edit.focus as usize, &edit, now);
        Ok(())
    }

    /// Every cell's state, in cell order: what the players of a shared
    /// board pass between them.
    pub fn cell_states(&self) -> Vec<CellState> {
        (0..self.givens.shape().cell_count())
            .map(|cell| self.state(cell))
            .collect()
    }

    /// Puts a partner's cells on this board (a shared board's): not an
    /// edit of this player's, so nothing to undo here; the cursor stays
    /// where it is, and a board the partner solved is won.
    pub fn take_partner_cells(&mut self, cells: &[(usize, CellState)], now: Instant) {
        let theirs: Vec<(usize, CellState)> = cells
            .iter()
            .copied()
            .filter(|&(cell, _)| !self.is_given(cell))
            .collect();
        self.change_cells(self.selected, theirs.into_iter(), now);
    }

    fn set_state(&mut self, cell: usize, state: CellState) {
        self.values
            .set(cell, state.value)
            .expect("a cell state holds a digit of the board");
        self.notes[cell] = state.notes;
        self.colours[cell] = state.colour;
        self.note_colours[cell] = state.note_colours;
        self.centre[cell] = state.centre;
    }

    /// Applies new cell states as one undoable edit.
    fn commit(&mut self, focus: usize, states: Vec<(usize, CellState)>, now: Instant) {
        let edit = self.change_cells(focus, states.into_iter(), now);
        self.history.record(edit);
    }

    /// Puts new cell states on the board, selecting `focus`; the edit they
    /// make (the cells that changed, before and after).
    fn change_cells(
        &mut self,
        focus: usize,
        states: impl Iterator<Item = (usize, CellState)>,
        now: Instant,
    ) -> Edit {
        let changes: Vec<Change> = states
            .filter(|&(cell, after)| self.state(cell) != after)
            .map(|(cell, after)| Change {
                cell: cell as u16,
                before: self.state(cell),
                after,
            })
            .collect();
        for change in &changes {
            self.set_state(change.cell as usize, change.after);
        }
        let edit = Edit {
            focus: focus as u16,
            changes,
        };
        self.after_change(focus, &edit, now);
        edit
    }

    /// What follows any board change: the hint and check marks of changed
    /// cells no longer hold, and the board may now be solved.
    fn after_change(&mut self, focus: usize, edit: &Edit, now: Instant) {
        if edit.changes.is_empty() {
            return;
        }
        self.selected = focus;
        self.hint = None;
        self.checked_wrong
            .retain(|&c| edit.changes.iter().all(|ch| ch.cell as usize != c));
        if is_solved(&self.values) {
            self.won = true;
            self.clock.stop(now);
        }
    }
}

/// Sets `cell`'s state in a list of cell states, adding it if absent.
/// The peers whose notes lost `digit` when `placing` put it in `cell`.
fn notes_taken(placing: &Edit, cell: usize, digit: u8) -> impl Iterator<Item = usize> + '_ {
    placing
        .changes
        .iter()
        .filter(move |ch| {
            ch.cell as usize != cell
                && ch.before.notes.contains(digit)
                && !ch.after.notes.contains(digit)
        })
        .map(|ch| ch.cell as usize)
}

fn set_in(states: &mut Vec<(usize, CellState)>, cell: usize, state: CellState) {
    match states.iter_mut().find(|(c, _)| *c == cell) {
        Some((_, s)) => *s = state,
        None => states.push((cell, state)),
    }
}
