//! The save-slot dialog: the slots with their board, level, progress, play
//! time and date; Enter loads one, `s` saves the current game under a name,
//! `d` deletes one after a yes. The dialog only edits its own state and says
//! what was chosen; the App does the file work.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::keys::{Command, KeyBindings};
use super::theme::Theme;
use super::time::format_time;
use super::time::local_date;
use crate::game::{Action, Direction};
use crate::storage::saves::{MAX_SLOT_NAME, Slot, Summary};

/// One slot as the dialog lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotRow {
    pub name: String,
    /// What the file holds, or why it cannot be used.
    pub detail: Result<Summary, String>,
}

impl From<Slot> for SlotRow {
    fn from(slot: Slot) -> SlotRow {
        SlotRow {
            name: slot.name,
            detail: slot.summary,
        }
    }
}

/// Where the dialog is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavesStep {
    Browse,
    /// Typing the name to save the current game under. The name offered
    /// starts `selected`, as in any text field: typing replaces it, a
    /// Backspace clears it, an arrow key keeps it for editing.
    Name {
        name: String,
        selected: bool,
    },
    /// Waiting for a yes to delete this slot.
    ConfirmDelete(String),
    /// Waiting for a yes to save over the game in this slot.
    ConfirmOverwrite(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavesDialog {
    pub rows: Vec<SlotRow>,
    pub selected: usize,
    pub step: SavesStep,
    /// The name offered when saving with no slot selected.
    pub suggested: String,
}

/// What a key in the dialog asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavesOutcome {
    Editing,
    Close,
    Load(String),
    /// Save to a slot that is not there yet.
    Save(String),
    /// Save over the slot of that name, as the player confirmed.
    Overwrite(String),
    Delete(String),
}

impl SavesDialog {
    pub fn new(rows: Vec<SlotRow>, suggested: String) -> SavesDialog {
        SavesDialog {
            rows,
            selected: 0,
            step: SavesStep::Browse,
            suggested,
        }
    }

    fn selected_name(&self) -> Option<&str> {
        self.rows.get(self.selected).map(|r| r.name.as_str())
    }

    /// Takes a key: confirm and cancel as the key bindings say; `s` saves
    /// and `d` deletes, as the dialog's last line shows.
    pub fn on_key(&mut self, key: &KeyEvent, keys: &KeyBindings) -> SavesOutcome {
        let confirm = keys.is(Command::Confirm, key);
        let cancel = keys.is(Command::Cancel, key);
        match &mut self.step {
            SavesStep::Browse if cancel => return SavesOutcome::Close,
            SavesStep::Browse if confirm => {
                if let Some(row) = self.rows.get(self.selected)
                    && row.detail.is_ok()
                {
                    return SavesOutcome::Load(row.name.clone());
                }
            }
            SavesStep::Browse if keys.is(Command::Quit, key) => return SavesOutcome::Close,
            SavesStep::Browse if keys.is(Command::Play(Action::Move(Direction::Up)), key) => {
                self.selected = self.selected.saturating_sub(1);
            }
            SavesStep::Browse if keys.is(Command::Play(Action::Move(Direction::Down)), key) => {
                self.selected = (self.selected + 1).min(self.rows.len().saturating_sub(1));
            }
            SavesStep::Browse => match key.code {
                KeyCode::Char('s') => {
                    let name = match self.selected_name() {
                        Some(name) if name != crate::storage::saves::AUTOSAVE => name.to_string(),
                        _ => self.suggested.clone(),
                    };
                    self.step = SavesStep::Name {
                        name,
                        selected: true,
                    };
                }
                KeyCode::Char('d') | KeyCode::Delete => {
                    if let Some(name) = self.selected_name() {
                        self.step = SavesStep::ConfirmDelete(name.to_string());
                    }
                }
                _ => {}
            },
            SavesStep::Name { name, selected } => match key.code {
                KeyCode::Char(c)
                    if !key
                        .modifiers
                        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
                {
                    let fits = *selected || name.len() < MAX_SLOT_NAME;
                    if (c.is_ascii_alphanumeric() || c == '-' || c == '_') && fits {
                        if std::mem::take(selected) {
                            name.clear();
                        }
                        name.push(c);
                    }
                }
                _ if cancel => self.step = SavesStep::Browse,
                _ if confirm && !name.is_empty() => {
                    let name = name.clone();
                    if self.rows.iter().any(|r| r.name == name) {
                        self.step = SavesStep::ConfirmOverwrite(name);
                    } else {
                        return SavesOutcome::Save(name);
                    }
                }
                KeyCode::Backspace | KeyCode::Delete => {
                    if std::mem::take(selected) {
                        name.clear();
                    } else {
                        name.pop();
                    }
                }
                KeyCode::Left | KeyCode::Right | KeyCode::Home | KeyCode::End => *selected = false,
                _ => {}
            },
            SavesStep::ConfirmDelete(name) => {
                let name = name.clone();
                self.step = SavesStep::Browse;
                if confirm {
                    return SavesOutcome::Delete(name);
                }
            }
            SavesStep::ConfirmOverwrite(name) => {
                let name = name.clone();
                if confirm {
                    self.step = SavesStep::Browse;
                    return SavesOutcome::Overwrite(name);
                }
                self.step = SavesStep::Name {
                    name,
                    selected: false,
                };
            }
        }
        SavesOutcome::Editing
    }

    /// The dialog's text.
    /// The dialog's lines for a screen `width` columns wide: the slot
    /// names get the room the other columns leave (cut with `…` only when
    /// even that is too little), and dates are in local time.
    pub fn lines(&self, theme: &Theme, keys: &KeyBindings, width: u16) -> Vec<Line<'static>> {
        let (confirm, cancel) = (keys.names(Command::Confirm), keys.names(Command::Cancel));
        // the popup's border and margins, the marker, the other columns
        const OTHERS: usize = 4 + 2 + 1 + 5 + 1 + 7 + 1 + 5 + 1 + 8 + 2 + 16;
        let longest = self.rows.iter().map(|r| r.name.chars().count()).max();
        let name_w = longest
            .unwrap_or(0)
            .clamp(4, usize::from(width).saturating_sub(OTHERS).max(8));
        let dates: Vec<Option<(String, bool)>> = self
            .rows
            .iter()
            .map(|r| r.detail.as_ref().ok().map(|s| local_date(s.saved_at)))
            .collect();
        let local = dates.iter().flatten().all(|(_, local)| *local);
        let mut lines = Vec::new();
        if self.rows.is_empty() {
            lines.push(Line::from("No saved games yet."));
        } else {
            lines.push(Line::from(Span::styled(
                format!(
                    "  {:<name_w$} {:<5} {:<7} {:>5} {:>8}  {:<16}",
                    "slot",
                    "board",
                    "level",
                    "done",
                    "time",
                    if local { "saved" } else { "saved (UTC)" }
                ),
                theme.label,
            )));
        }
        for (i, row) in self.rows.iter().enumerate() {
            let chosen = i == self.selected && self.step == SavesStep::Browse;
            let text = match &row.detail {
                Ok(s) => {
                    let n = s.shape.n();
                    let done = if s.won {
                        "won".to_string()
                    } else {
                        format!("{}%", s.percent())
                    };
                    let date = dates[i].as_ref().map_or("", |(d, _)| d.as_str());
                    format!(
                        "{:<name_w$} {:<5} {:<7} {:>5} {:>8}  {:<16}",
                        clip(&row.name, name_w),
                        format!("{n}x{n}"),
                        s.label,
                        done,
                        format_time(s.time),
                        date
                    )
                }
                Err(why) => format!(
                    "{:<name_w$} {}",
                    clip(&row.name, name_w),
                    clip(why, usize::from(width).saturating_sub(name_w + 8).max(20))
                ),
            };
            let marker = if chosen { "> " } else { "  " };
            let style = if chosen {
                theme.selected
            } else {
                Style::default()
            };
            lines.push(Line::from(vec![
                Span::raw(marker),
                Span::styled(text, style),
            ]));
        }
        lines.push(Line::from(""));
        lines.push(match &self.step {
            SavesStep::Browse => Line::from(format!(
                "{confirm}: load   s: save this game   d: delete   {cancel}: close"
            )),
            SavesStep::Name { name, selected } => {
                let name = if *selected {
                    Span::styled(name.clone(), theme.selected)
                } else {
                    Span::raw(format!("{name}_"))
                };
                Line::from(vec![
                    Span::raw("Save as: "),
                    name,
                    Span::raw(format!("   {confirm}: save   {cancel}: back")),
                ])
            }
            SavesStep::ConfirmDelete(name) => Line::from(format!(
                "Delete slot '{name}'? {confirm}: yes   other key: no"
            )),
            SavesStep::ConfirmOverwrite(name) => Line::from(format!(
                "Slot '{name}' holds a game: replace it? {confirm}: yes   other key: no"
            )),
        });
        lines
    }
}

/// At most `width` characters of `text`.
fn clip(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}
