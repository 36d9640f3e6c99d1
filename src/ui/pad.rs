//! The number pad at the top of the side panel: every symbol of the board
//! with how many are still to place below it, a completed one greyed, the
//! picked one (digit-first input) marked. Clicking a symbol picks it. The
//! pad wraps onto more rows when the panel is narrower than the board's
//! symbols; `digit_at` maps a click back through the same geometry.

use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::engine::symbol;

/// Where the pad goes in a panel (below its title line), and its geometry.
pub fn pad_area(panel: Rect, n: usize) -> (Rect, Pad) {
    let pad = Pad::new(n, panel.width);
    let area = Rect::new(panel.x, panel.y + 1, panel.width, pad.height());
    (area.intersection(panel), pad)
}

/// The pad's geometry for a board of side `n` in a panel `width` wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pad {
    n: usize,
    /// Columns per symbol: room for a count of up to two digits and a gap.
    step: u16,
    per_row: usize,
}

impl Pad {
    pub fn new(n: usize, width: u16) -> Pad {
        let step = if n <= 9 { 2 } else { 3 };
        let most = ((width + 1) / step).max(1) as usize;
        // rows as even as they can be: 12 symbols in two rows of 6, not 11 and 1
        let per_row = n.div_ceil(n.div_ceil(most));
        Pad { n, step, per_row }
    }

    /// Lines the pad takes: a row of symbols and a row of counts per group.
    pub fn height(&self) -> u16 {
        2 * self.n.div_ceil(self.per_row) as u16
    }

    /// The symbol under a position relative to the pad's top-left corner.
    pub fn digit_at(&self, x: u16, y: u16) -> Option<u8> {
        let column = (x / self.step) as usize;
        if x % self.step == self.step - 1 || column >= self.per_row {
            return None; // the gap between symbols
        }
        let index = (y / 2) as usize * self.per_row + column;
        (index < self.n).then(|| index as u8 + 1)
    }

    /// The pad's lines: `remaining[d]` symbols d are still to place.
    pub fn lines(
        &self,
        remaining: &[usize],
        picked: Option<u8>,
        theme: &Theme,
    ) -> Vec<Line<'static>> {
        let width = (self.step - 1) as usize;
        let mut lines = Vec::new();
        for first in (1..=self.n).step_by(self.per_row) {
            let (mut symbols, mut counts) = (Vec::new(), Vec::new());
            let last = (first + self.per_row - 1).min(self.n);
            for (d, &left) in remaining.iter().enumerate().take(last + 1).skip(first) {
                let style: Style = if Some(d as u8) == picked {
                    theme.selected
                } else if left == 0 {
                    theme.done
                } else {
                    theme.value
                };
                symbols.push(Span::styled(format!("{:<width$}", symbol(d as u8)), style));
                let count = if left == 0 {
                    String::new()
                } else {
                    left.to_string()
                };
                counts.push(Span::styled(format!("{count:<width$}"), theme.label));
                if d < last {
                    symbols.push(Span::raw(" "));
                    counts.push(Span::raw(" "));
                }
            }
            lines.push(Line::from(symbols));
            lines.push(Line::from(counts));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_map_to_the_symbol_drawn_there() {
        for (n, width) in [(4, 24), (9, 24), (16, 24), (25, 34), (25, 24)] {
            let pad = Pad::new(n, width);
            let theme = Theme::default();
            let remaining = vec![1; n + 1];
            let lines = pad.lines(&remaining, None, &theme);
            assert_eq!(lines.len() as u16, pad.height());
            for (y, line) in lines.iter().enumerate().step_by(2) {
                let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
                assert!(text.chars().count() <= width as usize + 1, "{n}: {text}");
                let mut seen = 0;
                for (x, c) in text.chars().enumerate() {
                    let at = pad.digit_at(x as u16, y as u16);
                    if c != ' ' {
                        assert_eq!(at.map(symbol), Some(c), "{n}: {x},{y}");
                        seen += 1;
                    } else if x as u16 % pad.step == pad.step - 1 {
                        assert_eq!(at, None, "{n}: gap at {x},{y}");
                    }
                }
                assert!(seen > 0);
            }
        }
    }
}
