//! The new-game dialog: pick a box shape, the rules (classic or a variant),
//! a level, an optional seed and an optional technique to practise. A level
//! the board cannot reach is named, and the highest it reaches offered. A
//! technique picked makes a classic 9x9 game of that technique's level whose
//! hardest step is it. A variant is made without a level, on the boards its
//! generator makes (`largest_variant_side`; windoku on square boxes).

use crossterm::event::{KeyCode, KeyEvent};

use super::keys::{Command, KeyBindings};
use crate::engine::{
    Difficulty, Shape, Technique, Variant, highest_level, largest_variant_side, why_none_known,
};

/// The dialog's fields, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Shape,
    Variant,
    Difficulty,
    Seed,
    Technique,
}

/// The techniques the dialog offers to practise: every one tudoku names.
/// Those random digging seldom ends on come from the engine's seed list
/// (`practice_seeds`); a technique it holds no puzzle for is still listed,
/// and the dialog says so and why (`out_of_reach`).
pub fn practised_techniques() -> impl Iterator<Item = Technique> {
    Technique::ALL.iter().copied()
}

/// What a key did to the dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogOutcome {
    Editing,
    Cancel,
    Start {
        shape: Shape,
        /// Classic, or the variant to make (then `difficulty` is unused).
        variant: Variant,
        difficulty: Difficulty,
        seed: Option<u64>,
        /// A technique to practise: then the board is 9x9 and the level
        /// the technique's.
        technique: Option<Technique>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    pub field: Field,
    pub shape: Shape,
    pub variant: Variant,
    pub difficulty: Difficulty,
    /// Digits typed so far; empty means a random seed.
    pub seed: String,
    /// The technique to practise; `None` for any.
    pub technique: Option<Technique>,
    /// What became of the unfinished game (kept in a slot), shown at the
    /// top of the form for as long as it is open.
    pub note: Option<String>,
}

impl NewGameForm {
    pub fn new(shape: Shape, variant: Variant, difficulty: Difficulty) -> NewGameForm {
        NewGameForm {
            field: Field::Shape,
            shape,
            variant,
            difficulty,
            seed: String::new(),
            technique: None,
            note: None,
        }
    }

    /// Takes a key: confirm and cancel as the key bindings say.
    pub fn on_key(&mut self, key: &KeyEvent, keys: &KeyBindings) -> DialogOutcome {
        if keys.is(Command::Cancel, key) {
            return DialogOutcome::Cancel;
        }
        if keys.is(Command::Confirm, key) {
            let seed = self.seed.parse().ok();
            return match self.technique {
                Some(t) => DialogOutcome::Start {
                    shape: Shape::for_size(9).expect("9x9 is a board"),
                    variant: Variant::CLASSIC,
                    difficulty: t.difficulty(),
                    seed,
                    technique: Some(t),
                },
                None => DialogOutcome::Start {
                    shape: self.shape,
                    variant: self.variant,
                    difficulty: self.difficulty.min(highest_level(self.shape)),
                    seed,
                    technique: None,
                },
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
        if let Some(t) = self.technique {
            if let Some(why) = why_none_known(t) {
                return Some(format!(
                    "No puzzle is known whose hardest step is {}: {why}. Enter starts a 9x9 {} game.",
                    t.name(),
                    t.difficulty()
                ));
            }
            return Some(format!(
                "To practise {}, Enter starts a 9x9 {} game.",
                t.name(),
                t.difficulty()
            ));
        }
        if !self.variant.is_classic() {
            return Some(format!(
                "{} puzzles are made without a level so far.",
                capitalised(&self.variant.to_string())
            ));
        }
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
        const FIELDS: [Field; 5] = [
            Field::Shape,
            Field::Variant,
            Field::Difficulty,
            Field::Seed,
            Field::Technique,
        ];
        cycle(&FIELDS, self.field, step)
    }

    fn change(&mut self, step: isize) {
        match self.field {
            Field::Shape => {
                let shapes: Vec<Shape> = Shape::all()
                    .filter(|&shape| makes(self.variant, shape))
                    .collect();
                self.shape = cycle(&shapes, self.shape, step);
            }
            Field::Variant => {
                self.variant = cycle(&Variant::OFFERED, self.variant, step);
                if !self.variant.is_classic() {
                    self.technique = None;
                }
                if !makes(self.variant, self.shape) {
                    self.shape = Shape::for_size(9).expect("9x9 is a board");
                }
            }
            Field::Difficulty => {
                self.difficulty = cycle(&Difficulty::ALL, self.difficulty, step);
            }
            Field::Seed => {}
            Field::Technique => {
                let choices: Vec<Option<Technique>> = std::iter::once(None)
                    .chain(practised_techniques().map(Some))
                    .collect();
                self.technique = cycle(&choices, self.technique, step);
                // practising a technique is classic Sudoku
                if self.technique.is_some() {
                    self.variant = Variant::CLASSIC;
                }
            }
        }
    }
}

/// Whether the game makes `variant` on a board of `shape`: every board for
/// classic; up to the variant generator's largest side, and windoku on
/// square boxes only.
pub fn makes(variant: Variant, shape: Shape) -> bool {
    variant.is_classic()
        || (shape.n() <= largest_variant_side(variant) && (!variant.windoku || shape.is_square()))
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The item `step` places after `current` in `items`, wrapping around.
fn cycle<T: Copy + PartialEq>(items: &[T], current: T, step: isize) -> T {
    let i = items.iter().position(|&x| x == current).unwrap_or(0) as isize;
    items[(i + step).rem_euclid(items.len() as isize) as usize]
}
