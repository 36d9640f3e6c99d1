//! The new-game dialog: pick a box shape, a level and an optional seed. A
//! level the board cannot reach is named, and the highest it reaches offered.

use crossterm::event::{KeyCode, KeyEvent};

use super::keys::{Command, KeyBindings};
use crate::engine::{Difficulty, Shape, highest_level};

/// The dialog's fields, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Shape,
    Difficulty,
    Seed,
}

/// What a key did to the dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogOutcome {
    Editing,
    Cancel,
    Start {
        shape: Shape,
        difficulty: Difficulty,
        seed: Option<u64>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    pub field: Field,
    pub shape: Shape,
    pub difficulty: Difficulty,
    /// Digits typed so far; empty means a random seed.
    pub seed: String,
    /// What became of the unfinished game (kept in a slot), shown at the
    /// top of the form for as long as it is open.
    pub note: Option<String>,
}

impl NewGameForm {
    pub fn new(shape: Shape, difficulty: Difficulty) -> NewGameForm {
        NewGameForm {
            field: Field::Shape,
            shape,
            difficulty,
            seed: String::new(),
            note: None,
        }
    }

    /// Takes a key: confirm and cancel as the key bindings say.
    pub fn on_key(&mut self, key: &KeyEvent, keys: &KeyBindings) -> DialogOutcome {
        if keys.is(Command::Cancel, key) {
            return DialogOutcome::Cancel;
        }
        if keys.is(Command::Confirm, key) {
            return DialogOutcome::Start {
                shape: self.shape,
                difficulty: self.difficulty.min(highest_level(self.shape)),
                seed: self.seed.parse().ok(),
            };
        }
        match key.code {
            KeyCode::Up | KeyCode::BackTab => self.field = self.field_step(-1),
            KeyCode::Down | KeyCode::Tab => self.field = self.field_step(1),
            KeyCode::Left => self.change(-1),
            KeyCode::Right | KeyCode::Char(' ') => self.change(1),
            KeyCode::Char(c)
                if c.is_ascii_digit() && self.field == Field::Seed && self.seed.len() < 19 =>
            {
                self.seed.push(c);
            }
            KeyCode::Backspace | KeyCode::Delete if self.field == Field::Seed => {
                self.seed.pop();
            }
            _ => {}
        }
        DialogOutcome::Editing
    }

    /// What the dialog says when the board cannot reach the level chosen:
    /// Enter then starts the highest level it reaches.
    pub fn out_of_reach(&self) -> Option<String> {
        let highest = highest_level(self.shape);
        (self.difficulty > highest).then(|| {
            format!(
                "No {} puzzle exists for {}: Enter starts {highest}, the highest it reaches.",
                self.difficulty,
                self.shape.board_name()
            )
        })
    }

    fn field_step(&self, step: isize) -> Field {
        const FIELDS: [Field; 3] = [Field::Shape, Field::Difficulty, Field::Seed];
        let i = FIELDS.iter().position(|&f| f == self.field).unwrap_or(0) as isize;
        FIELDS[(i + step).rem_euclid(3) as usize]
    }

    fn change(&mut self, step: isize) {
        match self.field {
            Field::Shape => {
                let shapes: Vec<Shape> = Shape::all().collect();
                self.shape = cycle(&shapes, self.shape, step);
            }
            Field::Difficulty => {
                self.difficulty = cycle(&Difficulty::ALL, self.difficulty, step);
            }
            Field::Seed => {}
        }
    }
}

/// The item `step` places after `current` in `items`, wrapping around.
fn cycle<T: Copy + PartialEq>(items: &[T], current: T, step: isize) -> T {
    let i = items.iter().position(|&x| x == current).unwrap_or(0) as isize;
    items[(i + step).rem_euclid(items.len() as isize) as usize]
}
