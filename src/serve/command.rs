//! What a player asks for after `ssh HOST`: the words of an SSH command
//! (`ssh -t HOST race hard 6x6`), read into what the server does, or the
//! message that says why it cannot. A command is at most a line of words,
//! so nothing here is long; what comes from the network is never trusted
//! beyond that.

use std::time::Instant;

use crate::engine::{Difficulty, Shape, Variant, highest_level};
use crate::game::Game;
use crate::ui::makes;

/// The longest command read, in bytes; the rest is not looked at.
pub const MAX_COMMAND: usize = 80;

/// What a session asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// The player's own game, without the lobby.
    Play,
    /// A new room: a race, or one board everyone solves (`shared`).
    Open { puzzle: Asked, shared: bool },
    /// Playing in the room with this code.
    Join(String),
    /// Looking on at the room with this code.
    Watch(String),
    /// The name the others see, kept for the player's key.
    Name(String),
}

/// The puzzle a room is opened on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked {
    pub shape: Shape,
    pub variant: Variant,
    /// `None` for a variant, whose puzzles have no level yet.
    pub difficulty: Option<Difficulty>,
}

impl Default for Asked {
    /// An easy 9x9 classic puzzle, what a plain `race` opens.
    fn default() -> Asked {
        Asked {
            shape: Shape::for_size(9).expect("9x9 is a board"),
            variant: Variant::CLASSIC,
            difficulty: Some(Difficulty::Easy),
        }
    }
}

impl Asked {
    /// A new game on the puzzle asked for, from `seed`.
    pub fn game(self, seed: u64, now: Instant) -> Result<Game, String> {
        match self.difficulty {
            _ if !self.variant.is_classic() => {
                Game::generate_variant(self.shape, self.variant, seed, now)
            }
            Some(level) => Ok(Game::generate_fresh(self.shape, level, seed, &[], now)),
            None => Ok(Game::generate_fresh(
                self.shape,
                Difficulty::Easy,
                seed,
                &[],
                now,
            )),
        }
    }
}

/// What to type, as a refusal ends.
const USAGE: &str = "ssh in without a command for the lobby, or with `play` for your own game, \
     `race [LEVEL] [SIZE] [VARIANT]` to open a race, `share [...]` a shared board, `join CODE` to join one, `watch CODE` \
     to look on, `name NAME` to be called NAME";

/// Reads the command `text` (already cut to [`MAX_COMMAND`]).
pub fn parse(text: &str) -> Result<Command, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words[..] {
        [kind @ ("race" | "share"), ref options @ ..] => Ok(Command::Open {
            puzzle: asked(options)?,
            shared: kind == "share",
        }),
        ["play"] => Ok(Command::Play),
        ["join", code] => Ok(Command::Join(code.to_ascii_uppercase())),
        ["watch", code] => Ok(Command::Watch(code.to_ascii_uppercase())),
        ["name", name] => chosen_name(name).map(Command::Name),
        ["name", ..] => Err(format!(
            "a name is one word: {NAME_RULE}; `name ann` to be called ann"
        )),
        _ => Err(format!("no command '{text}' here: {USAGE}")),
    }
}

/// The puzzle `options` ask for, in any order: a level, a board size (`6`
/// or `6x6`) and a variant (`x`, `jigsaw`, `killer+x`, ...).
fn asked(options: &[&str]) -> Result<Asked, String> {
    let mut level = None;
    let mut size = None;
    let mut variant = None;
    for &word in options {
        if let Some(n) = board_size(word) {
            let shape = Shape::for_size(n).ok_or_else(|| {
                format!("no {n}x{n} board: 4, 6, 8, 9, 10, 12, 16, 20 or 25 a side")
            })?;
            size = Some(shape);
        } else if let Ok(difficulty) = word.parse::<Difficulty>() {
            level = Some(difficulty);
        } else if let Ok(parts) = word.parse::<Variant>() {
            variant = Some(parts);
        } else {
            return Err(format!(
                "no level, board or variant '{word}': a level is easy, medium, hard, expert or \
                 extreme; a board 4 to 25 (`9` or `9x9`); a variant x, windoku, jigsaw, killer \
                 or two joined by + (`killer+x`)"
            ));
        }
    }
    let mut puzzle = Asked::default();
    if let Some(shape) = size {
        puzzle.shape = shape;
    }
    let variant = variant.unwrap_or(Variant::CLASSIC);
    if !variant.is_classic() {
        if let Some(level) = level {
            return Err(format!(
                "{variant} puzzles are not made at a level yet: `{variant}` without `{level}` \
                 opens one"
            ));
        }
        if !makes(variant, puzzle.shape) {
            return Err(format!(
                "{variant} puzzles are not made on {} so far",
                puzzle.shape.board_name()
            ));
        }
        puzzle.variant = variant;
        puzzle.difficulty = None;
    } else if let Some(level) = level {
        let highest = highest_level(puzzle.shape);
        if level > highest {
            return Err(format!(
                "no {level} puzzle exists for {}: {highest} is the highest it reaches",
                puzzle.shape.board_name()
            ));
        }
        puzzle.difficulty = Some(level);
    }
    Ok(puzzle)
}

/// The side of a board written `9` or `9x9`.
fn board_size(word: &str) -> Option<usize> {
    let side = match word.split_once(['x', 'X']) {
        Some((rows, cols)) if rows == cols => rows,
        Some(_) => return None,
        None => word,
    };
    if side.is_empty() || !side.bytes().all(|b| b.is_ascii_digit()) || side.len() > 3 {
        return None;
    }
    side.parse().ok()
}

/// The longest name, in characters.
const NAME_LENGTH: usize = 16;

const NAME_RULE: &str = "letters, digits and - _ . up to 16";

/// A name a player picked, when it is one: [`NAME_RULE`].
pub fn chosen_name(name: &str) -> Result<String, String> {
    let fits = !name.is_empty()
        && name.chars().count() <= NAME_LENGTH
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || "-_.".contains(c));
    if fits {
        Ok(name.to_string())
    } else {
        Err(format!("no name '{name}': a name is {NAME_RULE}"))
    }
}

/// The name of a player who signed in as `user` and picked none: what is
/// left of `user` under [`NAME_RULE`], or `player`.
pub fn user_name(user: &str) -> String {
    let name: String = user
        .chars()
        .filter(|c| c.is_alphanumeric() || "-_.".contains(*c))
        .take(NAME_LENGTH)
        .collect();
    if name.is_empty() {
        "player".to_string()
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(text: &str) -> Asked {
        match parse(text) {
            Ok(Command::Open { puzzle, .. }) => puzzle,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn a_room_is_opened_on_the_puzzle_the_words_ask_for_in_any_order() {
        assert_eq!(open("race"), Asked::default());
        let six = Shape::for_size(6).unwrap();
        let hard_six = open("race 6x6 hard");
        assert_eq!(hard_six, open("race hard 6"));
        assert_eq!(hard_six.shape, six);
        assert_eq!(hard_six.difficulty, Some(Difficulty::Hard));
        let killer = open("share killer+x");
        assert_eq!(killer.variant, "killer+x".parse().unwrap());
        assert_eq!(killer.difficulty, None);
        assert_eq!(killer.shape.n(), 9);
        let jigsaw = open("race 12 jigsaw");
        assert!(jigsaw.variant.jigsaw);
        assert_eq!(jigsaw.shape.n(), 12);
        assert!(matches!(
            parse("share 25 extreme"),
            Ok(Command::Open { shared: true, .. })
        ));
    }

    #[test]
    fn what_cannot_be_made_is_refused_with_what_can() {
        for (text, says) in [
            ("race 7", "no 7x7 board"),
            ("race 9x6", "no level, board or variant '9x6'"),
            ("race impossible", "a level is easy"),
            ("race 4 hard", "easy is the highest"),
            ("race killer hard", "not made at a level"),
            ("race windoku 6", "not made on 6x6"),
            ("race 99999999999999999999", "no level, board or variant"),
            ("ls -la", "no command 'ls -la' here"),
            ("name", "a name is one word"),
            ("race 16 jigsaw", "not made on 16x16"),
            ("name two words", "a name is one word"),
            ("name seventeen-letters", "no name 'seventeen-letters'"),
            ("name a/b", "no name 'a/b'"),
            ("join", "no command"),
        ] {
            let why = parse(text).expect_err(text);
            assert!(why.contains(says), "{text}: {why}");
        }
    }

    #[test]
    fn codes_are_read_in_either_case_and_names_kept_as_typed() {
        assert_eq!(parse("join abcd"), Ok(Command::Join("ABCD".into())));
        assert_eq!(parse("watch WXYZ"), Ok(Command::Watch("WXYZ".into())));
        assert_eq!(parse("name Ann_2"), Ok(Command::Name("Ann_2".into())));
        assert_eq!(parse(" play "), Ok(Command::Play));
    }

    #[test]
    fn a_user_name_keeps_what_a_name_may_hold() {
        assert_eq!(user_name("ann"), "ann");
        assert_eq!(user_name("a\u{1b}[2Jb"), "a2Jb");
        assert_eq!(user_name("../../"), "....");
        assert_eq!(user_name("\u{7}\u{7}"), "player");
        assert_eq!(user_name(&"x".repeat(40)).len(), 16);
        assert!(chosen_name(&user_name("ann!@#")).is_ok());
    }
}
