//! The hint as the side panel shows it. A chain (`engine::link_lines` takes
//! the engine's text apart) shows a link per line, each branch of a forcing
//! chain on lines of its own: `if r8c2=4`, then `→ r8c6≠4` below it, a link
//! that is too long for the panel going on indented under itself. Other
//! hints wrap as one paragraph. A hint taller than the room the panel has
//! for it shows a window of its rows, which the hint's scroll keys move.

use ratatui::text::{Line, Span};

use super::theme::Theme;
use super::view::wrap_words;
use crate::engine::{Geometry, link_cells, link_lines};

/// One row of the hint on screen, with the cells its link names when the
/// link starts on it (none for prose): the board highlights those of the
/// rows shown.
pub struct HintRow {
    pub line: Line<'static>,
    pub cells: Vec<usize>,
    /// False for a link's further rows: a page starts best where this is true.
    pub starts: bool,
}

/// The hint's text as rows of at most `width` columns, on the board of `geo`.
pub fn hint_rows(text: &str, width: usize, geo: &Geometry, theme: &Theme) -> Vec<HintRow> {
    let mut rows: Vec<HintRow> = Vec::new();
    let prose = |text: &str, rows: &mut Vec<HintRow>| {
        for line in wrap_words(text, width) {
            rows.push(HintRow {
                line: Line::from(line),
                cells: Vec::new(),
                starts: true,
            });
        }
    };
    let lines = link_lines(text);
    if lines.first().is_none_or(|(lead, _)| !lead.is_empty()) {
        prose("Hint:", &mut rows);
    }
    for (i, (lead, text)) in lines.iter().enumerate() {
        if lead.is_empty() {
            let text = if i == 0 {
                format!("Hint: {text}")
            } else {
                text.clone()
            };
            prose(&text, &mut rows);
            continue;
        }
        // a link's further rows stand under its text; its cells are
        // named where it starts
        let indent = lead.chars().count();
        let cells = link_cells(text, geo);
        for (k, piece) in wrap_words(text, width.saturating_sub(indent).max(1))
            .into_iter()
            .enumerate()
        {
            let start = if k == 0 {
                Span::styled(*lead, theme.label)
            } else {
                Span::raw(" ".repeat(indent))
            };
            rows.push(HintRow {
                line: Line::from(vec![start, Span::raw(piece)]),
                cells: if k == 0 { cells.clone() } else { Vec::new() },
                starts: k == 0,
            });
        }
    }
    // "Hint:" stands out, as a title
    if let Some(first) = rows.first_mut() {
        let text: String = first
            .line
            .spans
            .iter()
            .map(|s| s.content.as_ref())
            .collect();
        if let Some(rest) = text.strip_prefix("Hint:") {
            first.line = Line::from(vec![
                Span::styled("Hint:", theme.title),
                Span::raw(rest.to_string()),
            ]);
        }
    }
    rows
}

/// Which of a hint's rows show in `room` rows of the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintWindow {
    /// The first row shown.
    pub top: usize,
    /// How many rows show: all of them, or a page and a line saying where
    /// the page is.
    pub shown: usize,
    pub total: usize,
    /// The furthest `top` goes (0 when the whole hint shows).
    pub last_top: usize,
}

impl HintWindow {
    /// The window of `total` rows in `room` rows from row `top` (moved back
    /// as far as needed to fill the page).
    pub fn new(total: usize, room: usize, top: usize) -> HintWindow {
        if total <= room {
            return HintWindow {
                top: 0,
                shown: total,
                total,
                last_top: 0,
            };
        }
        // a line of the room says where the page is
        let page = room.saturating_sub(1).max(1);
        let last_top = total - page;
        HintWindow {
            top: top.min(last_top),
            shown: page,
            total,
            last_top,
        }
    }

    /// The first row of the page after this one (`down`) or before it: a
    /// page on, less a row, moved back to where a link starts (`starts`
    /// says which rows start one) so that no page opens halfway through a
    /// link, where one starts on the way; the last page as it is.
    pub fn next_top(&self, down: bool, starts: &[bool]) -> usize {
        let starts_at = |row: usize| starts.get(row).copied().unwrap_or(true);
        let top = if down {
            (self.top + self.step()).min(self.last_top)
        } else {
            self.top.saturating_sub(self.step())
        };
        if top == self.last_top {
            return top;
        }
        let least = if down { self.top + 1 } else { 0 };
        (least..=top)
            .rev()
            .find(|&row| starts_at(row))
            .unwrap_or(top)
    }

    /// True when only part of the hint shows.
    pub fn is_part(&self) -> bool {
        self.shown < self.total
    }

    /// How far a scroll key moves: a page less a row, so that a row stays
    /// in sight.
    pub fn step(&self) -> usize {
        self.shown.saturating_sub(1).max(1)
    }

    /// "1-8/41  ] more ↓", "9-16/41  [↑ ]↓", "34-41/41  [↑": where the
    /// page is (its rows of the hint's), and the keys that scroll on from
    /// it; short enough for the narrowest panel.
    pub fn status(&self, up: &str, down: &str) -> String {
        let at = format!("{}-{}/{}", self.top + 1, self.top + self.shown, self.total);
        match (self.top > 0, self.top < self.last_top) {
            (false, _) => format!("{at}  {down} more ↓"),
            (true, true) => format!("{at}  {up}↑ {down}↓"),
            (true, false) => format!("{at}  {up}↑"),
        }
    }
}
