//! The messages overlay (`!`): the hint shown, a link per line as the side
//! panel shows it and paged with the same keys, above the session's notices,
//! newest last. Everything fits the screen: a hint taller than its share
//! shows a page and where it is, and notices that don't fit leave out the
//! oldest and say how many, so the line that says how to close always shows.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::app::App;
use super::hint_panel::{HintWindow, hint_rows};
use super::keys::Command;
use super::view::wrap_words;

/// The overlay's border and the line that says how to close it.
const FRAME_ROWS: usize = 3;
/// The fewest rows the hint gets beside notices: a page of two and where
/// it is.
const MIN_HINT_ROWS: usize = 3;

/// The overlay's lines on a screen of `area`, and the hint's window in it.
pub(super) struct MessagesText {
    pub lines: Vec<Line<'static>>,
    pub window: Option<HintWindow>,
    /// Which of the hint's rows start a link or a line of prose.
    pub hint_starts: Vec<bool>,
}

impl App {
    /// The width of the overlay's text on a screen `area` wide.
    fn messages_width(area: Rect) -> usize {
        usize::from(area.width.saturating_sub(6)).clamp(20, 76)
    }

    /// What the messages overlay shows on a screen of `area`.
    pub(super) fn messages_text(&self, area: Rect) -> MessagesText {
        let width = Self::messages_width(area);
        let theme = &self.config.theme;
        let room = usize::from(area.height).saturating_sub(FRAME_ROWS);
        let notices: Vec<Vec<String>> = self
            .old_notices
            .iter()
            .chain(&self.notices)
            .map(|n| wrap_words(n, width))
            .collect();
        let notice_rows: usize = notices.iter().map(|n| n.len() + 1).sum();
        let hint = self
            .game
            .hint_text()
            .map(|text| hint_rows(&text, width, self.game.geometry(), theme));
        let mut lines: Vec<Line<'static>> = Vec::new();
        let (mut window, mut hint_starts) = (None, Vec::new());
        let mut notices_room = room;
        if let Some(rows) = hint {
            // the hint takes what the notices leave, and half the room at
            // the least when they don't all fit
            let wanted = rows.len() + 1;
            let share = room.saturating_sub(notice_rows.max(1)).max(room / 2);
            let hint_room = wanted.min(share).saturating_sub(1).max(MIN_HINT_ROWS);
            let shown = HintWindow::new(rows.len(), hint_room, self.hint_top());
            let page = &rows[shown.top..shown.top + shown.shown];
            lines.extend(page.iter().map(|row| row.line.clone()));
            if shown.is_part() {
                let status = self.hint_page_status(&shown);
                // as wide as the hint's widest row, so that the overlay
                // keeps its width from page to page
                let widest = rows.iter().map(|row| row.line.width()).max().unwrap_or(0);
                let status = format!("{status:<widest$}");
                lines.push(Line::from(Span::styled(status, theme.label)));
            }
            lines.push(Line::from(""));
            notices_room = room.saturating_sub(lines.len());
            hint_starts = rows.iter().map(|row| row.starts).collect();
            window = Some(shown);
        }
        if notices.is_empty() {
            lines.push(Line::from("No messages."));
        }
        // the newest that fit, oldest first; a line says how many are left out
        let mut kept = 0;
        let mut used = 0;
        for notice in notices.iter().rev() {
            let left_out_line = usize::from(kept + 1 < notices.len());
            if used + notice.len() + 1 + left_out_line > notices_room {
                break;
            }
            used += notice.len() + 1;
            kept += 1;
        }
        let left_out = notices.len() - kept;
        if left_out > 0 {
            let text = match (left_out, kept) {
                (1, 0) => "(1 message: a taller terminal shows it)".to_string(),
                (k, 0) => format!("({k} messages: a taller terminal shows them)"),
                (1, _) => "(1 older message left out)".to_string(),
                (k, _) => format!("({k} older messages left out)"),
            };
            lines.push(Line::from(Span::styled(text, theme.label)));
        }
        for notice in &notices[left_out..] {
            lines.extend(
                notice
                    .iter()
                    .map(|l| Line::from(Span::styled(l.clone(), theme.message))),
            );
            lines.push(Line::from(""));
        }
        lines.push(Line::from(self.closes(Command::Messages)));
        MessagesText {
            lines,
            window,
            hint_starts,
        }
    }

    /// Moves the overlay's hint a page down or up, where it is taller than
    /// its share of the overlay.
    pub(super) fn scroll_messages_hint(&mut self, down: bool) {
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        let shown = self.messages_text(area);
        let (Some(text), Some(window)) = (self.game.hint_text(), shown.window) else {
            return;
        };
        self.set_hint_top(text, window.next_top(down, &shown.hint_starts));
    }
}
