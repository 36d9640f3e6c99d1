//! Key bindings: one named field per command, each a list of key strings such
//! as `"ctrl-z"`, `"F1"` or `"?"`, configurable in config.toml (a partial
//! `[keys]` table lays over the defaults). Digit keys are not bound here: the
//! symbols 1-9 and A-P of the board place values, and on boards of 10 and more
//! letters are values, so a plain letter bound to a command is shadowed there.
//! The defaults give every command a key that no board size shadows.

use std::fmt;
use std::str::FromStr;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde::{Deserialize, Serialize};

use crate::engine::grid::value_of;

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

/// Everything a key can do besides typing a symbol, in the order help lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    MoveUp,
    MoveDown,
    MoveLeft,
    MoveRight,
    RowStart,
    RowEnd,
    ColumnTop,
    ColumnBottom,
    NextEmpty,
    PrevEmpty,
    Erase,
    NotesMode,
    AutoNotes,
    ClearNotes,
    Undo,
    Redo,
    UndoMistakes,
    Hint,
    Check,
    Pause,
    Restart,
    NewGame,
    Saves,
    Stats,
    Help,
    Suspend,
    Quit,
}

impl Command {
    pub const ALL: [Command; 27] = [
        Command::MoveUp,
        Command::MoveDown,
        Command::MoveLeft,
        Command::MoveRight,
        Command::RowStart,
        Command::RowEnd,
        Command::ColumnTop,
        Command::ColumnBottom,
        Command::NextEmpty,
        Command::PrevEmpty,
        Command::Erase,
        Command::NotesMode,
        Command::AutoNotes,
        Command::ClearNotes,
        Command::Undo,
        Command::Redo,
        Command::UndoMistakes,
        Command::Hint,
        Command::Check,
        Command::Pause,
        Command::Restart,
        Command::NewGame,
        Command::Saves,
        Command::Stats,
        Command::Help,
        Command::Suspend,
        Command::Quit,
    ];

    /// What the command does, for the help overlay.
    pub fn description(self) -> &'static str {
        match self {
            Command::MoveUp => "move up",
            Command::MoveDown => "move down",
            Command::MoveLeft => "move left",
            Command::MoveRight => "move right",
            Command::RowStart => "start of row",
            Command::RowEnd => "end of row",
            Command::ColumnTop => "top of column",
            Command::ColumnBottom => "bottom of column",
            Command::NextEmpty => "next empty cell",
            Command::PrevEmpty => "previous empty cell",
            Command::Erase => "erase cell",
            Command::NotesMode => "notes mode on/off",
            Command::AutoNotes => "fill all notes",
            Command::ClearNotes => "clear all notes",
            Command::Undo => "undo",
            Command::Redo => "redo",
            Command::UndoMistakes => "undo to no mistakes",
            Command::Hint => "hint: more, then apply",
            Command::Check => "check entries",
            Command::Pause => "pause / resume",
            Command::Restart => "restart puzzle",
            Command::NewGame => "new game",
            Command::Saves => "save / load a slot",
            Command::Stats => "stats",
            Command::Help => "help",
            Command::Suspend => "suspend to shell",
            Command::Quit => "quit",
        }
    }

    /// The short label in the one-line key bar.
    pub fn label(self) -> &'static str {
        match self {
            Command::NotesMode => "notes",
            Command::Hint => "hint",
            Command::Undo => "undo",
            Command::Redo => "redo",
            Command::Check => "check",
            Command::Pause => "pause",
            Command::NewGame => "new",
            Command::Saves => "saves",
            Command::Help => "help",
            Command::Quit => "quit",
            Command::Erase => "erase",
            other => other.description(),
        }
    }
}

/// The key map. Each field lists the keys for one command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct KeyBindings {
    pub move_up: Vec<KeySpec>,
    pub move_down: Vec<KeySpec>,
    pub move_left: Vec<KeySpec>,
    pub move_right: Vec<KeySpec>,
    pub row_start: Vec<KeySpec>,
    pub row_end: Vec<KeySpec>,
    pub column_top: Vec<KeySpec>,
    pub column_bottom: Vec<KeySpec>,
    pub next_empty: Vec<KeySpec>,
    pub prev_empty: Vec<KeySpec>,
    pub erase: Vec<KeySpec>,
    pub notes_mode: Vec<KeySpec>,
    pub auto_notes: Vec<KeySpec>,
    pub clear_notes: Vec<KeySpec>,
    pub undo: Vec<KeySpec>,
    pub redo: Vec<KeySpec>,
    pub undo_mistakes: Vec<KeySpec>,
    pub hint: Vec<KeySpec>,
    pub check: Vec<KeySpec>,
    pub pause: Vec<KeySpec>,
    pub restart: Vec<KeySpec>,
    pub new_game: Vec<KeySpec>,
    pub saves: Vec<KeySpec>,
    pub stats: Vec<KeySpec>,
    pub help: Vec<KeySpec>,
    pub suspend: Vec<KeySpec>,
    pub quit: Vec<KeySpec>,
    /// Held with a symbol, toggles that note without switching to notes mode
    /// (or places the value while in notes mode): "alt" or "ctrl".
    pub note_modifier: NoteModifier,
}

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

fn keys(specs: &[&str]) -> Vec<KeySpec> {
    specs
        .iter()
        .map(|s| s.parse().expect("default key strings parse"))
        .collect()
}

impl Default for KeyBindings {
    #[rustfmt::skip]
    fn default() -> KeyBindings {
        KeyBindings {
            move_up:       keys(&["up", "k"]),
            move_down:     keys(&["down", "j"]),
            move_left:     keys(&["left", "h"]),
            move_right:    keys(&["right", "l"]),
            row_start:     keys(&["home"]),
            row_end:       keys(&["end"]),
            column_top:    keys(&["pageup"]),
            column_bottom: keys(&["pagedown"]),
            next_empty:    keys(&["tab"]),
            prev_empty:    keys(&["backtab"]),
            erase:         keys(&["delete", "backspace", "0", ".", "x"]),
            notes_mode:    keys(&["n", "F2", "insert"]),
            auto_notes:    keys(&["F3", "+"]),
            clear_notes:   keys(&["F4", "-"]),
            undo:          keys(&["u", "ctrl-u"]),
            redo:          keys(&["ctrl-r", "r"]),
            undo_mistakes: keys(&["b", "ctrl-g"]),
            hint:          keys(&["F5", "t"]),
            check:         keys(&["F6", "v"]),
            pause:         keys(&["F7", "p", "space"]),
            restart:       keys(&["F8"]),
            new_game:      keys(&["F9", "ctrl-n"]),
            saves:         keys(&["s", "ctrl-s"]),
            stats:         keys(&["w", "ctrl-w"]),
            help:          keys(&["?", "F1"]),
            suspend:       keys(&["ctrl-z"]),
            quit:          keys(&["q", "ctrl-c"]),
            note_modifier: NoteModifier::Alt,
        }
    }
}

impl KeyBindings {
    /// The keys bound to a command.
    pub fn keys(&self, command: Command) -> &[KeySpec] {
        match command {
            Command::MoveUp => &self.move_up,
            Command::MoveDown => &self.move_down,
            Command::MoveLeft => &self.move_left,
            Command::MoveRight => &self.move_right,
            Command::RowStart => &self.row_start,
            Command::RowEnd => &self.row_end,
            Command::ColumnTop => &self.column_top,
            Command::ColumnBottom => &self.column_bottom,
            Command::NextEmpty => &self.next_empty,
            Command::PrevEmpty => &self.prev_empty,
            Command::Erase => &self.erase,
            Command::NotesMode => &self.notes_mode,
            Command::AutoNotes => &self.auto_notes,
            Command::ClearNotes => &self.clear_notes,
            Command::Undo => &self.undo,
            Command::Redo => &self.redo,
            Command::UndoMistakes => &self.undo_mistakes,
            Command::Hint => &self.hint,
            Command::Check => &self.check,
            Command::Pause => &self.pause,
            Command::Restart => &self.restart,
            Command::NewGame => &self.new_game,
            Command::Saves => &self.saves,
            Command::Stats => &self.stats,
            Command::Help => &self.help,
            Command::Suspend => &self.suspend,
            Command::Quit => &self.quit,
        }
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
        Command::ALL
            .into_iter()
            .find(|&cmd| self.usable_keys(cmd, n).any(|k| k.matches(key)))
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
    let last = crate::engine::grid::symbol(n as u8);
    match n {
        0..=9 => format!("1-{last}"),
        10 => "1-9 A".to_string(),
        _ => format!("1-9 A-{last}"),
    }
}
