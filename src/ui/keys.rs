//! Key bindings: one list of commands (`COMMANDS`) with their names, help
//! text and default keys; each command's keys are key strings such as
//! `"ctrl-z"`, `"F1"` or `"?"`, configurable in config.toml (a partial
//! `[keys]` table lays over the defaults). Digit keys are not bound here: the
//! symbols 1-9 and A-P of the board place values, and on boards of 10 and more
//! letters are values, so a plain letter bound to a command is shadowed there.
//! The defaults give every command a key that no board size shadows.

use std::fmt;
use std::str::FromStr;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde::{Deserialize, Serialize};

use crate::engine::value_of;
use crate::game::{Action, Direction, Jump};

/// One key with its modifiers, as written in config.toml.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeySpec {
    pub code: KeyCode,
    /// Only CONTROL and ALT; shift is part of the character itself.
    pub modifiers: KeyModifiers,
}

impl KeySpec {
    /// True when a key event is this key. Shift is ignored for characters
    /// (`?` is shift-/ on most layouts) and for back-tab.
    pub fn matches(&self, key: &KeyEvent) -> bool {
        normalize(key) == *self
    }

    /// True when a board of side `n` lets this key reach its command: a plain
    /// symbol of the board places a value instead, and with `note_modifier` it
    /// toggles a note.
    pub fn is_usable(&self, n: usize, note_modifier: KeyModifiers) -> bool {
        match self.code {
            KeyCode::Char(c) if is_value_symbol(c, n) => {
                !self.modifiers.is_empty() && self.modifiers != note_modifier
            }
            _ => true,
        }
    }
}

/// True when `c` names a value (1..=n) on a board of side `n`.
pub fn is_value_symbol(c: char, n: usize) -> bool {
    value_of(c).is_some_and(|v| v != 0 && v as usize <= n)
}

/// The event as a `KeySpec`, with shift folded into characters.
pub fn normalize(key: &KeyEvent) -> KeySpec {
    let modifiers = key.modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT);
    let code = match key.code {
        KeyCode::Tab if key.modifiers.contains(KeyModifiers::SHIFT) => KeyCode::BackTab,
        code => code,
    };
    KeySpec { code, modifiers }
}

/// A key string that does not name a key.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown key '{0}': use e.g. \"u\", \"?\", \"ctrl-z\", \"alt-n\", \"F1\", \"up\", \"pagedown\", \"delete\""
)]
pub struct BadKey(pub String);

impl FromStr for KeySpec {
    type Err = BadKey;

    fn from_str(s: &str) -> Result<KeySpec, BadKey> {
        let bad = || BadKey(s.to_string());
        let mut modifiers = KeyModifiers::NONE;
        let mut rest = s.trim();
        loop {
            let lower = rest.to_ascii_lowercase();
            if let Some(tail) = lower.strip_prefix("ctrl-").or(lower.strip_prefix("c-")) {
                modifiers |= KeyModifiers::CONTROL;
                rest = &rest[rest.len() - tail.len()..];
            } else if let Some(tail) = lower.strip_prefix("alt-").or(lower.strip_prefix("m-")) {
                modifiers |= KeyModifiers::ALT;
                rest = &rest[rest.len() - tail.len()..];
            } else {
                break;
            }
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => KeyCode::Char(c),
            _ => named_key(&rest.to_ascii_lowercase()).ok_or_else(bad)?,
        };
        Ok(KeySpec { code, modifiers })
    }
}

fn named_key(name: &str) -> Option<KeyCode> {
    Some(match name {
        "up" => KeyCode::Up,
        "down" => KeyCode::Down,
        "left" => KeyCode::Left,
        "right" => KeyCode::Right,
        "home" => KeyCode::Home,
        "end" => KeyCode::End,
        "pageup" => KeyCode::PageUp,
        "pagedown" => KeyCode::PageDown,
        "tab" => KeyCode::Tab,
        "backtab" | "shift-tab" => KeyCode::BackTab,
        "enter" | "return" => KeyCode::Enter,
        "esc" | "escape" => KeyCode::Esc,
        "backspace" => KeyCode::Backspace,
        "delete" | "del" => KeyCode::Delete,
        "insert" | "ins" => KeyCode::Insert,
        "space" => KeyCode::Char(' '),
        _ => {
            let number = name.strip_prefix('f')?.parse::<u8>().ok()?;
            (1..=24).contains(&number).then_some(KeyCode::F(number))?
        }
    })
}

impl fmt::Display for KeySpec {
    /// The short form shown in the key bar and help: `^R`, `Alt-x`, `F5`, `Del`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ctrl = self.modifiers.contains(KeyModifiers::CONTROL);
        if self.modifiers.contains(KeyModifiers::ALT) {
            f.write_str("Alt-")?;
        }
        match self.code {
            KeyCode::Char(c) if ctrl => return write!(f, "^{}", c.to_ascii_uppercase()),
            _ if ctrl => f.write_str("Ctrl-")?,
            _ => {}
        }
        match self.code {
            KeyCode::Char(' ') => f.write_str("Space"),
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::F(k) => write!(f, "F{k}"),
            KeyCode::Up => f.write_str("Up"),
            KeyCode::Down => f.write_str("Down"),
            KeyCode::Left => f.write_str("Left"),
            KeyCode::Right => f.write_str("Right"),
            KeyCode::Home => f.write_str("Home"),
            KeyCode::End => f.write_str("End"),
            KeyCode::PageUp => f.write_str("PgUp"),
            KeyCode::PageDown => f.write_str("PgDn"),
            KeyCode::Tab => f.write_str("Tab"),
            KeyCode::BackTab => f.write_str("S-Tab"),
            KeyCode::Enter => f.write_str("Enter"),
            KeyCode::Esc => f.write_str("Esc"),
            KeyCode::Backspace => f.write_str("Bksp"),
            KeyCode::Delete => f.write_str("Del"),
            KeyCode::Insert => f.write_str("Ins"),
            other => write!(f, "{other:?}"),
        }
    }
}

impl Serialize for KeySpec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut text = String::new();
        if self.modifiers.contains(KeyModifiers::CONTROL) {
            text.push_str("ctrl-");
        }
        if self.modifiers.contains(KeyModifiers::ALT) {
            text.push_str("alt-");
        }
        match self.code {
            KeyCode::Char(' ') => text.push_str("space"),
            KeyCode::Char(c) => text.push(c),
            KeyCode::BackTab => text.push_str("backtab"),
            KeyCode::PageUp => text.push_str("pageup"),
            KeyCode::PageDown => text.push_str("pagedown"),
            KeyCode::Backspace => text.push_str("backspace"),
            KeyCode::Delete => text.push_str("delete"),
            KeyCode::Insert => text.push_str("insert"),
            _ => text.push_str(
                &KeySpec {
                    modifiers: KeyModifiers::NONE,
                    ..*self
                }
                .to_string()
                .to_lowercase(),
            ),
        }
        s.serialize_str(&text)
    }
}

impl<'de> Deserialize<'de> for KeySpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<KeySpec, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// Everything a key can do besides typing a symbol. Most are game actions,
/// applied as they are; the rest change what the screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A game action.
    Play(Action),
    /// Digit-first input on or off: pick a digit, then place it cell by cell.
    DigitFirst,
    /// The next symbol typed colours that note (in every selected cell).
    ColourNote,
    /// Pause, or resume a paused game.
    Pause,
    /// Back to the givens, after a yes.
    Restart,
    NewGame,
    /// Show the command line that opens this game's puzzle elsewhere.
    Share,
    /// The board's boxes at a glance instead of the board, or back.
    Overview,
    Saves,
    Stats,
    Help,
    /// Every message of the session about files and settings.
    Messages,
    /// Scroll a hint taller than the panel up a page, or down.
    HintUp,
    HintDown,
    Suspend,
    Quit,
    /// Yes, or go ahead, in a question or dialog.
    Confirm,
    /// No, or close, in a question or dialog.
    Cancel,
}

/// One command in the key map: its name in config.toml's `[keys]`, what the
/// help says it does, its short label in the key bar, and its default keys.
#[derive(Clone, Copy, Debug)]
pub struct CommandInfo {
    pub command: Command,
    pub name: &'static str,
    pub description: &'static str,
    pub label: &'static str,
    pub keys: &'static [&'static str],
}

const fn info(
    command: Command,
    name: &'static str,
    description: &'static str,
    label: &'static str,
    keys: &'static [&'static str],
) -> CommandInfo {
    CommandInfo {
        command,
        name,
        description,
        label,
        keys,
    }
}

use Action as A;
use Command as C;

/// Every command, in the order the help lists them: the one list the key
/// map, the help, the key bar and config.toml's `[keys]` are made from.
/// The defaults give every command a key that no board size shadows.
#[rustfmt::skip]
pub const COMMANDS: [CommandInfo; 37] = [
    info(C::Play(A::Move(Direction::Up)), "move_up", "move up", "up", &["up", "k"]),
    info(C::Play(A::Move(Direction::Down)), "move_down", "move down", "down", &["down", "j"]),
    info(C::Play(A::Move(Direction::Left)), "move_left", "move left", "left", &["left", "h"]),
    info(C::Play(A::Move(Direction::Right)), "move_right", "move right", "right", &["right", "l"]),
    info(C::Play(A::Jump(Jump::RowStart)), "row_start", "start of row", "row start", &["home"]),
    info(C::Play(A::Jump(Jump::RowEnd)), "row_end", "end of row", "row end", &["end"]),
    info(C::Play(A::Jump(Jump::ColumnTop)), "column_top", "top of column", "top", &["pageup"]),
    info(C::Play(A::Jump(Jump::ColumnBottom)), "column_bottom", "bottom of column", "bottom", &["pagedown"]),
    info(C::Play(A::Jump(Jump::NextEmpty)), "next_empty", "next empty cell", "next empty", &["tab"]),
    info(C::Play(A::Jump(Jump::PrevEmpty)), "prev_empty", "previous empty cell", "previous empty", &["backtab"]),
    info(C::Play(A::Erase), "erase", "erase cell", "erase", &["delete", "backspace", "0", ".", "x"]),
    info(C::Play(A::ToggleNotesMode), "notes_mode", "notes mode on/off", "notes", &["n", "F2", "insert"]),
    info(C::Play(A::AutoNotes), "auto_notes", "fill all notes", "fill notes", &["F3", "+"]),
    info(C::Play(A::ClearNotes), "clear_notes", "clear all notes", "clear notes", &["F4", "-"]),
    info(C::Play(A::CycleColour), "colour", "colour cell(s): next", "colour", &[",", "ctrl-k"]),
    info(C::ColourNote, "colour_note", "colour a note: then digit", "colour note", &[";", "ctrl-y"]),
    info(C::Play(A::Undo), "undo", "undo", "undo", &["u", "ctrl-u"]),
    info(C::Play(A::Redo), "redo", "redo", "redo", &["ctrl-r", "r"]),
    info(C::Play(A::UndoMistakes), "undo_mistakes", "undo to no mistakes", "undo mistakes", &["b", "ctrl-g"]),
    info(C::Play(A::Hint), "hint", "hint: more, then apply", "hint", &["F5", "t"]),
    info(C::HintUp, "hint_up", "hint: page up", "hint up", &["[", "alt-up"]),
    info(C::HintDown, "hint_down", "hint: page down", "hint down", &["]", "alt-down"]),
    info(C::Play(A::Check), "check", "check entries", "check", &["F6", "v"]),
    info(C::DigitFirst, "digit_first", "digit-first input", "digit first", &["F10", "*"]),
    info(C::Pause, "pause", "pause / resume", "pause", &["F7", "p", "space"]),
    info(C::Restart, "restart", "restart puzzle", "restart", &["F8"]),
    info(C::NewGame, "new_game", "new game or practise", "new", &["F9", "ctrl-n"]),
    info(C::Share, "share", "share this puzzle", "share", &["F11", "ctrl-e"]),
    info(C::Overview, "overview", "box overview on/off", "overview", &["=", "ctrl-o"]),
    info(C::Saves, "saves", "save / load a slot", "saves", &["s", "ctrl-s"]),
    info(C::Stats, "stats", "stats", "stats", &["w", "ctrl-w"]),
    info(C::Help, "help", "help", "help", &["?", "F1"]),
    info(C::Messages, "messages", "show all messages", "messages", &["!", "F12"]),
    info(C::Suspend, "suspend", "suspend to shell", "suspend", &["ctrl-z"]),
    info(C::Quit, "quit", "quit", "quit", &["q", "ctrl-c"]),
    info(C::Confirm, "confirm", "yes (in dialogs)", "yes", &["enter", "y"]),
    info(C::Cancel, "cancel", "no, close (in dialogs)", "close", &["esc"]),
];

impl Command {
    /// Every command, in the order the help lists them.
    pub fn all() -> impl Iterator<Item = Command> {
        COMMANDS.iter().map(|c| c.command)
    }

    /// The command's entry in `COMMANDS`.
    pub fn info(self) -> &'static CommandInfo {
        COMMANDS
            .iter()
            .find(|c| c.command == self)
            .expect("every command is listed in COMMANDS")
    }

    fn index(self) -> usize {
        COMMANDS
            .iter()
            .position(|c| c.command == self)
            .expect("every command is listed in COMMANDS")
    }

    /// What the command does, for the help overlay.
    pub fn description(self) -> &'static str {
        self.info().description
    }

    /// The short label in the one-line key bar.
    pub fn label(self) -> &'static str {
        self.info().label
    }
}

/// The key map: the keys of each command (in the order of `COMMANDS`),
/// read from and written to config.toml's `[keys]` by the commands' names;
/// a partial table lays over the defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyBindings {
    keys: Vec<Vec<KeySpec>>,
    /// Held with a symbol, toggles that note without switching to notes mode
    /// (or places the value while in notes mode): "alt" or "ctrl".
    pub note_modifier: NoteModifier,
}

/// The name of the note modifier in config.toml's `[keys]`.
const NOTE_MODIFIER: &str = "note_modifier";

/// The modifier that swaps placing and noting for one key press.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NoteModifier {
    Alt,
    Ctrl,
}

impl NoteModifier {
    pub fn modifiers(self) -> KeyModifiers {
        match self {
            NoteModifier::Alt => KeyModifiers::ALT,
            NoteModifier::Ctrl => KeyModifiers::CONTROL,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            NoteModifier::Alt => "Alt",
            NoteModifier::Ctrl => "Ctrl",
        }
    }
}

impl Default for KeyBindings {
    fn default() -> KeyBindings {
        let parse = |spec: &&str| spec.parse().expect("default key strings parse");
        KeyBindings {
            keys: COMMANDS
                .iter()
                .map(|c| c.keys.iter().map(parse).collect())
                .collect(),
            note_modifier: NoteModifier::Alt,
        }
    }
}

impl Serialize for KeyBindings {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(COMMANDS.len() + 1))?;
        for (info, keys) in COMMANDS.iter().zip(&self.keys) {
            map.serialize_entry(info.name, keys)?;
        }
        map.serialize_entry(NOTE_MODIFIER, &self.note_modifier)?;
        map.end()
    }
}

impl<'de> Deserialize<'de> for KeyBindings {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<KeyBindings, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = KeyBindings;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a table of command names and key lists")
            }

            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                mut map: M,
            ) -> Result<KeyBindings, M::Error> {
                let mut bindings = KeyBindings::default();
                while let Some(name) = map.next_key::<String>()? {
                    if name == NOTE_MODIFIER {
                        bindings.note_modifier = map.next_value()?;
                    } else if let Some(i) = COMMANDS.iter().position(|c| c.name == name) {
                        bindings.keys[i] = map.next_value()?;
                    } else {
                        return Err(serde::de::Error::custom(format!(
                            "unknown command '{name}'"
                        )));
                    }
                }
                Ok(bindings)
            }
        }
        d.deserialize_map(Visitor)
    }
}

impl KeyBindings {
    /// The keys bound to a command.
    pub fn keys(&self, command: Command) -> &[KeySpec] {
        &self.keys[command.index()]
    }

    /// True when the key runs `command` (whatever the board).
    pub fn is(&self, command: Command, key: &KeyEvent) -> bool {
        self.keys(command).iter().any(|k| k.matches(key))
    }

    /// The keys of a command that work on a board of side `n`.
    pub fn usable_keys(&self, command: Command, n: usize) -> impl Iterator<Item = &KeySpec> {
        let note = self.note_modifier.modifiers();
        self.keys(command)
            .iter()
            .filter(move |k| k.is_usable(n, note))
    }

    /// The command a key runs on a board of side `n`, if any.
    pub fn command_for(&self, key: &KeyEvent, n: usize) -> Option<Command> {
        Command::all().find(|&cmd| self.usable_keys(cmd, n).any(|k| k.matches(key)))
    }

    /// `"Enter/y"`: every key of a command joined for display, for the
    /// commands that dialogs read whatever the board.
    pub fn names(&self, command: Command) -> String {
        let names: Vec<String> = self.keys(command).iter().map(|k| k.to_string()).collect();
        names.join("/")
    }

    /// `"u/^U"`: the usable keys of a command joined for display.
    pub fn describe(&self, command: Command, n: usize) -> String {
        self.usable_keys(command, n)
            .map(|k| k.to_string())
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// The range of value symbols on a board of side `n`: `1-9`, `1-9 A-G`.
pub fn value_keys(n: usize) -> String {
    let last = crate::engine::symbol(n as u8);
    match n {
        0..=9 => format!("1-{last}"),
        10 => "1-9 A".to_string(),
        _ => format!("1-9 A-{last}"),
    }
}
