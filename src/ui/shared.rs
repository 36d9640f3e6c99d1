//! A shared board as the game sees it: several players on one board, each
//! with their own cursor, anyone's entry landing for all. The App puts the
//! cells its player changed on the board through its [`Partners`] after
//! every change, takes the cells the others changed when woken, and shows
//! who plays and where their cursors are; how the board is kept and passed
//! (`tudoku serve`'s rooms) is the partners' business.

use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::engine::Grid;
use crate::game::{CellState, Game};

/// The others at a shared board, as one of them sees them.
pub trait Partners: Send {
    /// The room's code, which another player joins with.
    fn code(&self) -> &str;
    /// The shared board's puzzle: a player on another puzzle has left it.
    fn puzzle(&self) -> &Grid;
    /// Puts the cells this player changed on the shared board, and where
    /// their cursor is.
    fn put(&self, cells: &[(usize, CellState)], cursor: usize);
    /// The shared board's cells now, in cell order.
    fn board(&self) -> Vec<CellState>;
    /// Everyone at the board, this player included, in the order they came.
    fn players(&self) -> Vec<Partner>;
}

/// A player at a shared board, as the panel lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partner {
    pub name: String,
    /// Their cursor's cell.
    pub cursor: usize,
    /// This is the player looking.
    pub me: bool,
}

/// What a game has seen of its shared board, to tell its player's changes
/// from the others'.
#[derive(Default)]
pub struct Sync {
    /// The board as this game last put or took it (empty: not yet).
    seen: Vec<CellState>,
    cursor: Option<usize>,
}

impl Sync {
    /// Puts `game`'s changes since the last sync on the board, then takes
    /// the others' into `game`.
    pub fn run(&mut self, game: &mut Game, partners: &dyn Partners, now: std::time::Instant) {
        if game.givens() != partners.puzzle() {
            return;
        }
        let mine = game.cell_states();
        if self.seen.len() != mine.len() {
            // the first sync: the board as it is wins (a new player's own
            // board is the puzzle's)
            self.seen = partners.board();
            let theirs: Vec<(usize, CellState)> = self.seen.iter().copied().enumerate().collect();
            game.take_partner_cells(&theirs, now);
            partners.put(&[], game.selected());
            self.cursor = Some(game.selected());
            return;
        }
        let changed: Vec<(usize, CellState)> = mine
            .iter()
            .zip(&self.seen)
            .enumerate()
            .filter(|(_, (now, seen))| now != seen)
            .map(|(cell, (&now, _))| (cell, now))
            .collect();
        if !changed.is_empty() || self.cursor != Some(game.selected()) {
            partners.put(&changed, game.selected());
            self.cursor = Some(game.selected());
        }
        let board = partners.board();
        let theirs: Vec<(usize, CellState)> = board
            .iter()
            .zip(&mine)
            .enumerate()
            .filter(|(_, (board, mine))| board != mine)
            .map(|(cell, (&board, _))| (cell, board))
            .collect();
        if !theirs.is_empty() {
            game.take_partner_cells(&theirs, now);
        }
        self.seen = board;
    }
}

/// The panel's lines for a shared board: its code and who plays, with the
/// cell each one's cursor is on.
pub fn shared_lines(partners: &dyn Partners, game: &Game, theme: &Theme) -> Vec<Line<'static>> {
    let players = partners.players();
    let mut lines = vec![
        Line::from(""),
        Line::from(vec![
            Span::styled(format!("{:<9}", "Shared"), theme.label),
            Span::styled(
                format!("{} ({})", partners.code(), players.len()),
                theme.value,
            ),
        ]),
    ];
    let g = game.geometry();
    for player in players {
        let mark = if player.me { '>' } else { ' ' };
        let name: String = player.name.chars().take(8).collect();
        let style = if player.me { theme.value } else { theme.label };
        lines.push(Line::from(Span::styled(
            format!("{mark}{name:<8} {}", g.cell_name(player.cursor)),
            style,
        )));
    }
    lines
}
