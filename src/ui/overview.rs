//! The overview: every box of the board as one tile, with its number and
//! how many of its cells are filled, the cursor's box marked and the boxes
//! the viewport shows set apart. On a board too large for the terminal it
//! says where the viewport is; arrows there move a box at a time.

use std::ops::Range;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::board::Arms;
use super::layout::Weight;
use super::theme::Theme;
use crate::game::Game;

/// A tile's inside: `b12` over `17/25`.
const TILE_W: u16 = 7;
const TILE_H: u16 = 2;

/// The overview of a game; `shown` are the rows and columns the board view
/// shows (all of them when no viewport is needed).
pub struct Overview<'a> {
    pub game: &'a Game,
    pub shown: (Range<usize>, Range<usize>),
    pub theme: &'a Theme,
    /// Draw the lines between tiles in ASCII, as the board does with
    /// `ascii_borders`.
    pub ascii: bool,
}

impl Widget for &Overview<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (game, theme) = (self.game, self.theme);
        let shape = game.shape();
        let g = game.geometry();
        let (bands, stacks) = (shape.box_cols(), shape.box_rows());
        let width = stacks as u16 * (TILE_W + 1) + 1;
        let height = bands as u16 * (TILE_H + 1) + 1;
        let left = area.x + area.width.saturating_sub(width) / 2;
        let top = area.y + area.height.saturating_sub(height) / 2;
        let area = Rect::new(left, top, width, height).intersection(area);
        let mut filled = vec![0; shape.n()];
        for cell in 0..g.cell_count() {
            if game.value(cell) != 0 {
                filled[g.box_of(cell)] += 1;
            }
        }
        let cursor = g.box_of(game.selected());
        for (b, &count) in filled.iter().enumerate() {
            let (band, stack) = (b / stacks, b % stacks);
            let x = area.x + 1 + stack as u16 * (TILE_W + 1);
            let y = area.y + 1 + band as u16 * (TILE_H + 1);
            let (row, col) = (band * shape.box_rows(), stack * shape.box_cols());
            let in_view = self.shown.0.contains(&row) && self.shown.1.contains(&col);
            let mut style = theme.note;
            if in_view {
                style = style.patch(theme.peer);
            }
            if b == cursor {
                style = style.patch(theme.selected);
            }
            let tile = Rect::new(x, y, TILE_W, TILE_H).intersection(area);
            if tile.is_empty() {
                continue; // off a screen too small to hold every tile
            }
            buf.set_style(tile, Theme::fill(style));
            let mark = if b == cursor { '>' } else { ' ' };
            let lines = [
                format!("{mark}b{}", b + 1),
                format!(" {count}/{}", shape.n()),
            ];
            for (dy, line) in (0..).zip(lines) {
                if tile.height > dy {
                    buf.set_stringn(x, y + dy, line, tile.width as usize, style);
                }
            }
        }
        // the frame and the lines between tiles, heavy as the board's box lines
        let (w, h) = (area.width as usize, area.height as usize);
        for (i, y) in (area.y..area.bottom()).enumerate() {
            for (j, x) in (area.x..area.right()).enumerate() {
                let on_row = (i as u16).is_multiple_of(TILE_H + 1);
                let on_col = (j as u16).is_multiple_of(TILE_W + 1);
                if !on_row && !on_col {
                    continue;
                }
                let heavy = |on: bool| if on { Weight::Heavy } else { Weight::None };
                let arms = Arms {
                    up: heavy(on_col && i > 0),
                    down: heavy(on_col && i + 1 < h),
                    left: heavy(on_row && j > 0),
                    right: heavy(on_row && j + 1 < w),
                };
                let glyph = if self.ascii {
                    arms.ascii()
                } else {
                    arms.unicode()
                };
                buf[(x, y)].set_char(glyph).set_style(theme.box_line);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::Widget;

    use super::{Overview, Theme};
    use crate::engine::{Difficulty, Shape};
    use crate::game::Game;

    /// Every glyph the overview of a 9x9 game draws, in one string.
    fn drawn(ascii: bool) -> String {
        let game = Game::generate(
            Shape::new(3, 3).unwrap(),
            Difficulty::Easy,
            7,
            Instant::now(),
        );
        let theme = Theme::default();
        let map = Overview {
            game: &game,
            shown: (0..9, 0..9),
            theme: &theme,
            ascii,
        };
        let area = Rect::new(0, 0, 40, 14);
        let mut buf = Buffer::empty(area);
        (&map).render(area, &mut buf);
        buf.content().iter().map(|c| c.symbol()).collect()
    }

    #[test]
    fn the_lines_follow_the_boards_choice_of_glyphs() {
        let unicode = drawn(false);
        // 3x3 tiles: four corners, a crossing per inner corner of tiles
        for corner in ['┏', '┓', '┗', '┛'] {
            assert_eq!(unicode.matches(corner).count(), 1, "{corner}:\n{unicode}");
        }
        assert_eq!(unicode.matches('╋').count(), 4, "{unicode}");
        assert!(!unicode.contains(['+', '|']), "{unicode}");
        let ascii = drawn(true);
        assert!(ascii.is_ascii(), "{ascii}");
        assert_eq!(ascii.matches('+').count(), 16, "{ascii}");
    }
}
