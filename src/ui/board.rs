//! The board: how big each cell is drawn (with a note grid, or compact), the
//! lines between cells (heavy between boxes, light or none inside), and the
//! widget that paints a game into a buffer. Painting only reads the game.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::config::Settings;
use super::theme::Theme;
use crate::engine::Shape;
use crate::engine::grid::symbol;
use crate::game::Game;

/// How notes appear in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotesView {
    /// A box_rows x box_cols grid with a space between digits.
    Spaced,
    /// The same grid without spaces.
    Dense,
    /// No grid: the cell shows its notes as a short row of digits.
    Compact,
}

/// One axis of the board: n cells of `cell` characters, grouped by `group`
/// (the box size along this axis), with a line between groups and, when
/// `inner`, between cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Axis {
    n: usize,
    group: usize,
    cell: u16,
    inner: bool,
}

/// The weight of a grid line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Weight {
    None,
    Light,
    Heavy,
}

impl Axis {
    fn lines_through(&self, i: usize) -> u16 {
        (if self.inner {
            i + 1
        } else {
            i / self.group + 1
        }) as u16
    }

    /// First position of cell `i`.
    fn start(&self, i: usize) -> u16 {
        i as u16 * self.cell + self.lines_through(i)
    }

    fn total(&self) -> u16 {
        self.n as u16 * self.cell + self.lines_through(self.n - 1) + 1
    }

    /// The line just before cell `i` (`i == n` is the closing line).
    fn line_before(&self, i: usize) -> Weight {
        if i.is_multiple_of(self.group) {
            Weight::Heavy
        } else if self.inner {
            Weight::Light
        } else {
            Weight::None
        }
    }

    /// What lies at `pos`: a cell (index, offset inside) or a line's weight.
    fn at(&self, pos: u16) -> Result<(usize, u16), Weight> {
        let mut start = 0u16;
        for i in 0..=self.n {
            let line = self.line_before(i);
            if line != Weight::None {
                if pos == start {
                    return Err(line);
                }
                start += 1;
            }
            if i == self.n {
                break;
            }
            if pos < start + self.cell {
                return Ok((i, pos - start));
            }
            start += self.cell;
        }
        Err(Weight::None)
    }
}

/// The drawn size of a board: chosen per terminal size from `BoardLayout::all`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    pub notes: NotesView,
    cols: Axis,
    rows: Axis,
}

impl BoardLayout {
    /// Every layout of a shape, largest first.
    pub fn all(shape: Shape) -> [BoardLayout; 5] {
        let (br, bc, n) = (shape.box_rows(), shape.box_cols(), shape.n());
        let make = |notes, cell_w: usize, cell_h: usize, inner| BoardLayout {
            notes,
            cols: Axis {
                n,
                group: bc,
                cell: cell_w as u16,
                inner,
            },
            rows: Axis {
                n,
                group: br,
                cell: cell_h as u16,
                inner,
            },
        };
        [
            make(NotesView::Spaced, 2 * bc - 1, br, true),
            make(NotesView::Dense, bc, br, true),
            make(NotesView::Compact, 3, 1, true),
            make(NotesView::Compact, 3, 1, false),
            make(NotesView::Compact, 2, 1, false),
        ]
    }

    /// The largest layout that fits in `width` x `height`.
    pub fn fit(shape: Shape, width: u16, height: u16) -> Option<BoardLayout> {
        BoardLayout::all(shape)
            .into_iter()
            .find(|l| l.width() <= width && l.height() <= height)
    }

    /// The smallest layout: what a terminal must at least hold.
    pub fn smallest(shape: Shape) -> BoardLayout {
        BoardLayout::all(shape)[4]
    }

    pub fn width(&self) -> u16 {
        self.cols.total()
    }

    pub fn height(&self) -> u16 {
        self.rows.total()
    }

    /// The cell at a position relative to the board's top-left corner.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<usize> {
        let (c, _) = self.cols.at(x).ok()?;
        let (r, _) = self.rows.at(y).ok()?;
        Some(r * self.cols.n + c)
    }
}

/// The board of a game, drawn with a layout, theme and settings.
pub struct BoardView<'a> {
    pub game: &'a Game,
    pub layout: BoardLayout,
    pub theme: &'a Theme,
    pub settings: &'a Settings,
}

impl Widget for &BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let layout = self.layout;
        if area.width < layout.width() || area.height < layout.height() {
            return;
        }
        self.render_lines(area, buf);
        let cells = self.cell_marks();
        let n = layout.cols.n;
        for (cell, marks) in cells.iter().enumerate() {
            let x = area.x + layout.cols.start(cell % n);
            let y = area.y + layout.rows.start(cell / n);
            self.render_cell(
                cell,
                *marks,
                Rect::new(x, y, layout.cols.cell, layout.rows.cell),
                buf,
            );
        }
    }
}

/// What sets a cell apart when drawn.
#[derive(Clone, Copy, Default)]
struct Marks {
    peer: bool,
    conflict: bool,
    hint: bool,
}

impl BoardView<'_> {
    fn cell_marks(&self) -> Vec<Marks> {
        let game = self.game;
        let g = game.geometry();
        let mut marks = vec![Marks::default(); g.cell_count()];
        if self.settings.highlight_peers {
            for &unit in &g.cell_units[game.selected()] {
                for &cell in &g.units[unit] {
                    marks[cell].peer = true;
                }
            }
        }
        if self.settings.show_conflicts {
            for cell in game.conflicts() {
                marks[cell].conflict = true;
            }
        }
        for cell in game.hint_cells() {
            marks[cell].hint = true;
        }
        marks
    }

    fn render_cell(&self, cell: usize, marks: Marks, rect: Rect, buf: &mut Buffer) {
        let (game, theme) = (self.game, self.theme);
        let value = game.value(cell);
        let selected_value = game.value(game.selected());
        let same = self.settings.highlight_same_digit && value != 0 && value == selected_value;
        // With mistake checking on, every entry off the solution shows at once.
        let wrong = game.is_marked_wrong(cell)
            || (self.settings.check_mistakes
                && value != 0
                && !game.is_given(cell)
                && value != game.solution().get(cell));
        let mut style = match (value, game.is_given(cell)) {
            (0, _) => theme.note,
            (_, true) => theme.given,
            (_, false) => theme.entry,
        };
        for (on, layer) in [
            (marks.peer, theme.peer),
            (marks.hint, theme.hint),
            (same, theme.same_digit),
            (marks.conflict, theme.conflict),
            (wrong, theme.wrong),
            (cell == game.selected(), theme.selected),
        ] {
            if on {
                style = style.patch(layer);
            }
        }
        buf.set_style(rect, Theme::fill(style));
        let (cx, cy) = (rect.x + rect.width / 2, rect.y + rect.height / 2);
        if value != 0 {
            buf[(cx, cy)].set_char(symbol(value)).set_style(style);
            if theme.markers && (marks.conflict || wrong) && rect.width >= 3 {
                buf[(cx - 1, cy)].set_char('!').set_style(style);
                buf[(cx + 1, cy)].set_char('!').set_style(style);
            }
            return;
        }
        let notes = game.notes(cell);
        if notes.is_empty() {
            return;
        }
        let note_style = |d: u8| {
            if self.settings.highlight_same_digit && d == selected_value {
                style.patch(theme.note_match)
            } else {
                style
            }
        };
        let bc = game.shape().box_cols();
        match self.layout.notes {
            NotesView::Spaced | NotesView::Dense => {
                let step = if self.layout.notes == NotesView::Spaced {
                    2
                } else {
                    1
                };
                for d in notes {
                    let i = d as usize - 1;
                    let x = rect.x + (i % bc) as u16 * step;
                    let y = rect.y + (i / bc) as u16;
                    buf[(x, y)].set_char(symbol(d)).set_style(note_style(d));
                }
            }
            NotesView::Compact => {
                // Without lines between cells, keep a blank first column so
                // notes of neighbouring cells stay apart.
                let left = u16::from(!self.layout.cols.inner && rect.width >= 3);
                let room = (rect.width - left) as usize;
                let shown = if notes.len() as usize > room {
                    room - 1
                } else {
                    room
                };
                let x0 = rect.x + left;
                for (i, d) in notes.iter().take(shown).enumerate() {
                    buf[(x0 + i as u16, cy)]
                        .set_char(symbol(d))
                        .set_style(note_style(d));
                }
                if notes.len() as usize > room {
                    buf[(x0 + shown as u16, cy)].set_char('+').set_style(style);
                }
            }
        }
    }

    fn render_lines(&self, area: Rect, buf: &mut Buffer) {
        let (cols, rows) = (self.layout.cols, self.layout.rows);
        let (w, h) = (cols.total(), rows.total());
        let downs: Vec<Option<Weight>> = (0..w).map(|x| cols.at(x).err()).collect();
        for y in 0..h {
            let across = rows.at(y).err();
            for (x, &down) in (0..w).zip(&downs) {
                let (v, hz) = (down.unwrap_or(Weight::None), across.unwrap_or(Weight::None));
                if v == Weight::None && hz == Weight::None {
                    continue;
                }
                let arms = Arms {
                    up: y > 0 && v != Weight::None,
                    down: y + 1 < h && v != Weight::None,
                    left: x > 0 && hz != Weight::None,
                    right: x + 1 < w && hz != Weight::None,
                    v_heavy: v == Weight::Heavy,
                    h_heavy: hz == Weight::Heavy,
                };
                let glyph = if self.settings.ascii_borders {
                    arms.ascii()
                } else {
                    arms.unicode()
                };
                let heavy = (arms.up || arms.down) && arms.v_heavy
                    || (arms.left || arms.right) && arms.h_heavy;
                let style: Style = if heavy {
                    self.theme.box_line
                } else {
                    self.theme.cell_line
                };
                buf[(area.x + x, area.y + y)]
                    .set_char(glyph)
                    .set_style(style);
            }
        }
    }
}

/// The arms of a line glyph and their weights; a line has one weight along
/// its whole length, so the vertical arms share one and the horizontal another.
struct Arms {
    up: bool,
    down: bool,
    left: bool,
    right: bool,
    v_heavy: bool,
    h_heavy: bool,
}

impl Arms {
    fn unicode(&self) -> char {
        // Each row: light/light, light vertical + heavy horizontal,
        // heavy vertical + light horizontal, heavy/heavy.
        let set: [char; 4] = match (self.up, self.down, self.left, self.right) {
            (true, true, true, true) => ['┼', '┿', '╂', '╋'],
            (false, true, true, true) => ['┬', '┯', '┰', '┳'],
            (true, false, true, true) => ['┴', '┷', '┸', '┻'],
            (true, true, false, true) => ['├', '┝', '┠', '┣'],
            (true, true, true, false) => ['┤', '┥', '┨', '┫'],
            (false, true, false, true) => ['┌', '┍', '┎', '┏'],
            (false, true, true, false) => ['┐', '┑', '┒', '┓'],
            (true, false, false, true) => ['└', '┕', '┖', '┗'],
            (true, false, true, false) => ['┘', '┙', '┚', '┛'],
            (_, _, false, false) => ['│', '│', '┃', '┃'],
            _ => ['─', '━', '─', '━'],
        };
        set[self.v_heavy as usize * 2 + self.h_heavy as usize]
    }

    /// Heavy lines as `|`, `-` and `+`; light lines as blank space.
    fn ascii(&self) -> char {
        let vertical = (self.up || self.down) && self.v_heavy;
        let horizontal = (self.left || self.right) && self.h_heavy;
        match (vertical, horizontal) {
            (true, true) => '+',
            (true, false) => '|',
            (false, true) => '-',
            (false, false) => ' ',
        }
    }
}
