//! The lobby: what `ssh HOST` opens. It lists the races and shared boards
//! under way and takes the player to one of them or to their own game;
//! its prompt takes the words an SSH command would (`race hard 6`,
//! `join ABCD`, `name ann`, read by `super::command`), so what a player
//! learns in one place works in the other. It draws on the player's seat
//! with ratatui, as the game does, and hands the seat on to the game.

use std::sync::Arc;
use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::Frame;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::command::{self, Command, MAX_COMMAND};
use super::profile;
use super::rooms::{Room, Rooms, Summary};
use crate::storage::ConfigDir;
use crate::ui::{Input, Seat};

/// Where the player goes from the lobby.
pub enum Choice {
    /// Their own game: the one they left, or a new one.
    OwnGame,
    /// A room under way, to play in or (`watching`) to look on.
    Room { room: Arc<Room>, watching: bool },
    /// Nowhere: they left (`q`, Esc, Ctrl-C, a hang-up, the server
    /// stopping).
    Leave,
}

/// Who is in the lobby, and what it may do for them.
pub struct Visitor<'a> {
    /// The name the others see; `name NAME` changes it.
    pub name: &'a mut String,
    /// Their directory (`None`: signed in without a key).
    pub dir: Option<&'a ConfigDir>,
    /// What their own game is, for its line: `9x9 hard, 31/81 filled`.
    pub own_game: Option<String>,
    pub rooms: &'a Rooms,
    /// Rooms the server holds at most.
    pub most_rooms: usize,
}

/// The lobby's state between frames.
struct Lobby {
    listed: Vec<Summary>,
    /// 0 for the player's own game, then the rooms listed.
    selected: usize,
    typed: String,
    /// The last command's answer, and whether it is an error.
    said: Option<(String, bool)>,
}

/// How often the list of rooms is looked at again.
const REFRESH: Duration = Duration::from_secs(1);

/// Shows the lobby on `seat` until the player chooses.
pub fn run(seat: &mut impl Seat, visitor: &mut Visitor) -> Choice {
    let mut lobby = Lobby {
        listed: visitor.rooms.summaries(),
        selected: 0,
        typed: String::new(),
        said: None,
    };
    loop {
        if seat.quit_requested() {
            return Choice::Leave;
        }
        lobby.selected = lobby.selected.min(lobby.listed.len());
        if seat
            .terminal()
            .draw(|frame| lobby.draw(frame, visitor))
            .is_err()
        {
            return Choice::Leave;
        }
        match seat.next(REFRESH) {
            Some(Input::Event(Event::Key(key))) if key.kind == KeyEventKind::Press => {
                if let Some(choice) = lobby.on_key(key, seat, visitor) {
                    return choice;
                }
            }
            Some(Input::HangUp | Input::Failed(_)) => return Choice::Leave,
            Some(_) => {}
            None => lobby.listed = visitor.rooms.summaries(),
        }
    }
}

impl Lobby {
    fn on_key(
        &mut self,
        key: KeyEvent,
        seat: &mut impl Seat,
        visitor: &mut Visitor,
    ) -> Option<Choice> {
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('c' | 'd') if control => return Some(Choice::Leave),
            KeyCode::Char('q') if self.typed.is_empty() => return Some(Choice::Leave),
            KeyCode::Char(c)
                if !control
                    && !c.is_control()
                    && self.typed.len() + c.len_utf8() <= MAX_COMMAND =>
            {
                self.typed.push(c);
            }
            KeyCode::Backspace => {
                self.typed.pop();
            }
            KeyCode::Esc if self.typed.is_empty() => return Some(Choice::Leave),
            KeyCode::Esc => self.typed.clear(),
            KeyCode::Up => self.selected = self.selected.saturating_sub(1),
            KeyCode::Down => self.selected = (self.selected + 1).min(self.listed.len()),
            KeyCode::Enter if self.typed.trim().is_empty() => {
                self.typed.clear();
                return match self.selected {
                    0 => Some(Choice::OwnGame),
                    n => self.go_to_room(visitor, &self.listed[n - 1].code.clone(), false),
                };
            }
            KeyCode::Enter => {
                let typed = std::mem::take(&mut self.typed);
                return self.command(&typed, seat, visitor);
            }
            _ => {}
        }
        None
    }

    /// Does what the typed command asks.
    fn command(
        &mut self,
        typed: &str,
        seat: &mut impl Seat,
        visitor: &mut Visitor,
    ) -> Option<Choice> {
        match command::parse(typed) {
            Ok(Command::Play) => Some(Choice::OwnGame),
            Ok(Command::Join(code)) => self.go_to_room(visitor, &code, false),
            Ok(Command::Watch(code)) => self.go_to_room(visitor, &code, true),
            Ok(Command::Name(name)) => {
                match profile::keep_name(visitor.dir, &name) {
                    Ok(said) => {
                        *visitor.name = name;
                        self.said = Some((said, false));
                    }
                    Err(why) => self.said = Some((why, true)),
                }
                None
            }
            Ok(Command::Open { puzzle, shared }) => {
                self.said = Some(("making the puzzle...".into(), false));
                let _ = seat.terminal().draw(|frame| self.draw(frame, visitor));
                match visitor.rooms.open_new(puzzle, shared, visitor.most_rooms) {
                    Ok(room) => Some(Choice::Room {
                        room,
                        watching: false,
                    }),
                    Err(why) => {
                        self.said = Some((why, true));
                        None
                    }
                }
            }
            Err(why) => {
                self.said = Some((why, true));
                None
            }
        }
    }

    /// The room `code`, if it is still under way; else why not, and the
    /// list looked at again.
    fn go_to_room(&mut self, visitor: &Visitor, code: &str, watching: bool) -> Option<Choice> {
        match visitor.rooms.under_way(code) {
            Ok(room) => Some(Choice::Room { room, watching }),
            Err(why) => {
                self.said = Some((why, true));
                self.listed = visitor.rooms.summaries();
                None
            }
        }
    }

    fn draw(&self, frame: &mut Frame, visitor: &Visitor) {
        let area = frame.area();
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let picked = Style::default().add_modifier(Modifier::REVERSED);
        let mark = |i: usize| if i == self.selected { "> " } else { "  " };
        let style = |i: usize| {
            if i == self.selected {
                picked
            } else {
                Style::default()
            }
        };
        let mut top = vec![
            Line::from(vec![
                Span::styled("tudoku", bold),
                Span::raw(format!("  you are {}", visitor.name)),
            ]),
            Line::raw(""),
            Line::styled(
                format!(
                    "{}Your own game: {}",
                    mark(0),
                    visitor.own_game.as_deref().unwrap_or("a new one")
                ),
                style(0),
            ),
            Line::raw(""),
            Line::styled(
                format!("Races and shared boards under way ({})", self.listed.len()),
                bold,
            ),
        ];
        let mut bottom = vec![
            Line::raw(""),
            Line::raw("Up/Down pick, Enter goes there; or type a command and Enter:"),
            Line::raw("  race [LEVEL] [SIZE] [VARIANT]   share [...]   join CODE   watch CODE"),
            Line::raw("  name NAME   (q or Esc leaves)"),
            Line::from(vec![
                Span::styled("> ", bold),
                Span::raw(self.typed.clone()),
                Span::styled(" ", picked),
            ]),
        ];
        if let Some((said, error)) = &self.said {
            let style = if *error {
                Style::default().add_modifier(Modifier::BOLD)
            } else {
                Style::default()
            };
            bottom.push(Line::styled(said.clone(), style));
        }
        let room_for = usize::from(area.height).saturating_sub(top.len() + bottom.len());
        if self.listed.is_empty() {
            top.push(Line::raw("  none yet: `race` opens one"));
        }
        // the rooms around the one picked, as many as fit
        let first = self
            .selected
            .saturating_sub(room_for.max(1))
            .min(self.listed.len());
        for (i, room) in self.listed.iter().enumerate().skip(first).take(room_for) {
            let kind = if room.shared { "shared" } else { "race" };
            let players = room.players.join(", ");
            top.push(Line::styled(
                format!(
                    "{}{}  {kind:<6}  {:<14}  {} playing: {players}",
                    mark(i + 1),
                    room.code,
                    room.puzzle,
                    room.players.len()
                ),
                style(i + 1),
            ));
        }
        top.extend(bottom);
        frame.render_widget(Paragraph::new(top), area);
    }
}
