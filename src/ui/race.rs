//! A race as the game sees it: others playing the same puzzle at the same
//! time, each on a board of their own. The App tells its [`Rivals`] how its
//! player stands after every change and shows everyone's standing in the
//! panel; who the others are and how their standings reach this game
//! (`tudoku serve`'s rooms) is the rivals' business.

use std::time::{Duration, Instant};

use ratatui::text::{Line, Span};

use super::theme::Theme;
use super::time::format_time;
use crate::engine::Grid;
use crate::game::Game;

/// The other players of a race, as one of them sees them.
pub trait Rivals: Send {
    /// The room's code, which another player joins with.
    fn code(&self) -> &str;
    /// The puzzle of the race: a player on another puzzle has left it.
    fn puzzle(&self) -> &Grid;
    /// Tells the others how this player stands now.
    fn report(&self, standing: Standing);
    /// Everyone in the race, this player included, in the order they joined.
    fn standings(&self) -> Vec<Rival>;
}

/// How one player stands in a race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Cells filled, givens included, of `cells`.
    pub filled: usize,
    pub cells: usize,
    pub mistakes: u32,
    pub hints: u32,
    /// The time it took, once solved.
    pub finished: Option<Duration>,
    /// False once the player has moved on to another puzzle.
    pub racing: bool,
}

impl Standing {
    /// Where `game` stands in a race on `puzzle`.
    pub fn of(game: &Game, puzzle: &Grid, now: Instant) -> Standing {
        Standing {
            filled: game.filled_count(),
            cells: game.shape().cell_count(),
            mistakes: game.mistakes(),
            hints: game.hints_used(),
            finished: game.is_won().then(|| game.elapsed(now)),
            racing: game.givens() == puzzle,
        }
    }
}

/// A player of a race, as the panel lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rival {
    pub name: String,
    pub standing: Standing,
    /// 1 for the first to finish, and so on.
    pub place: Option<usize>,
    /// This is the player looking.
    pub me: bool,
}

/// The panel's lines for a race, `width` wide: its code and how many
/// play, then each player, those who finished first in the order they did,
/// then the others by cells filled, then those who left; mistakes and
/// hints where the width has room.
pub fn race_lines(rivals: &dyn Rivals, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let mut standings = rivals.standings();
    standings.sort_by_key(|r| {
        (
            r.place.unwrap_or(usize::MAX),
            !r.standing.racing,
            usize::MAX - r.standing.filled,
        )
    });
    let mut lines = vec![
        Line::from(""),
        Line::from(vec![
            Span::styled(format!("{:<9}", "Race"), theme.label),
            Span::styled(
                format!("{} ({})", rivals.code(), standings.len()),
                theme.value,
            ),
        ]),
    ];
    for rival in standings {
        let s = rival.standing;
        let how = match (rival.place, s.finished, s.racing) {
            (Some(place), Some(time), _) => {
                format!("{} {}", ordinal(place), format_time(time))
            }
            (_, _, false) => "left".to_string(),
            _ => format!("{}/{}", s.filled, s.cells),
        };
        let mark = if rival.me { '>' } else { ' ' };
        let name: String = rival.name.chars().take(NAME_WIDTH).collect();
        let mut row = format!("{mark}{name:<NAME_WIDTH$} {how}");
        let counts = format!(" x{} ?{}", s.mistakes, s.hints);
        if row.chars().count() + counts.len() <= width {
            row.push_str(&counts);
        }
        let style = if rival.me { theme.value } else { theme.label };
        lines.push(Line::from(Span::styled(row, style)));
    }
    lines
}

/// The characters of a name the panel shows.
const NAME_WIDTH: usize = 8;

fn ordinal(place: usize) -> String {
    let suffix = match (place % 10, place % 100) {
        (1, n) if n != 11 => "st",
        (2, n) if n != 12 => "nd",
        (3, n) if n != 13 => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::ordinal;

    #[test]
    fn places_read_as_english() {
        let read: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            read,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }
}
