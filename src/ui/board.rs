//! The board widget: paints a game into a buffer with a `BoardLayout` (cell
//! size, note slots, lines), heavy lines between boxes and light ones between
//! cells where the layout has them, in box-drawing glyphs or ASCII. Painting
//! only reads the game.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

use super::config::Settings;
use super::layout::{BoardLayout, NotesView, Part, Weight};
use super::theme::Theme;
use crate::engine::{House, symbol};
use crate::game::Game;

/// The board of a game, drawn with a layout, theme and settings.
pub struct BoardView<'a> {
    pub game: &'a Game,
    pub layout: BoardLayout,
    pub theme: &'a Theme,
    pub settings: &'a Settings,
    /// The digit picked for digit-first input, highlighted everywhere.
    pub picked: Option<u8>,
    /// The cells the hint points at (those of the part of it on screen).
    pub hint_cells: Vec<usize>,
    /// The other players' cursors on a shared board: cell, and the cell
    /// colour (1-based) each is drawn in.
    pub partner_cursors: Vec<(usize, u8)>,
}

impl Widget for &BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let layout = self.layout;
        if area.width < layout.width() || area.height < layout.height() {
            return;
        }
        self.render_lines(area, buf);
        if layout.is_viewport() {
            self.render_labels(area, buf);
        }
        let marks = self.cell_marks();
        let (rows, cols) = layout.shown();
        let n = layout.n();
        for row in rows {
            for cell in cols.clone().map(|col| row * n + col) {
                let rect = layout.cell_rect(cell);
                let rect = Rect::new(area.x + rect.x, area.y + rect.y, rect.width, rect.height);
                self.render_cell(cell, marks[cell], rect, buf);
            }
        }
    }
}

/// What an empty cell with notes shows when the layout has no room for them.
const NOTES_MARK: char = '.';

/// The first corner of a cell's rectangle with nothing drawn in it.
fn free_corner(rect: Rect, buf: &Buffer) -> Option<(u16, u16)> {
    [
        (rect.x, rect.y),
        (rect.right() - 1, rect.y),
        (rect.x, rect.bottom() - 1),
        (rect.right() - 1, rect.bottom() - 1),
    ]
    .into_iter()
    .find(|&at| buf[at].symbol() == " ")
}

/// The mark of the houses a variant adds that `cell` lies in: the slant
/// of its diagonal (a cross where both meet), or a square for a window;
/// `None` for a cell in none.
fn extra_house_mark(game: &Game, cell: usize, ascii: bool) -> Option<char> {
    let (mut main, mut anti, mut window) = (false, false, false);
    for house in game.extra_houses(cell) {
        match house {
            House::Diagonal => main = true,
            House::AntiDiagonal => anti = true,
            _ => window = true,
        }
    }
    let (glyph, plain) = match (main, anti, window) {
        (true, true, _) => ('╳', 'X'),
        (true, false, _) => ('╲', '\\'),
        (false, true, _) => ('╱', '/'),
        (false, false, true) => ('▪', '#'),
        (false, false, false) => return None,
    };
    Some(if ascii { plain } else { glyph })
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
            for cell in game.house_mates(game.selected()) {
                marks[cell].peer = true;
            }
        }
        if self.settings.show_conflicts {
            for cell in game.conflicts() {
                marks[cell].conflict = true;
            }
        }
        for &cell in &self.hint_cells {
            marks[cell].hint = true;
        }
        marks
    }

    fn render_cell(&self, cell: usize, marks: Marks, rect: Rect, buf: &mut Buffer) {
        let (game, theme) = (self.game, self.theme);
        let value = game.value(cell);
        // the digit picked for digit-first input, else the selected cell's
        let selected_value = self.picked.unwrap_or(game.value(game.selected()));
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
        let selected = cell == game.selected();
        let colour = game.colour(cell);
        let extra = extra_house_mark(game, cell, self.settings.ascii_borders);
        // another player's cursor: in their colour, and underlined, which
        // shows without colour too
        let partner = self.partner_cursors.iter().find(|&&(c, _)| c == cell);
        let partner_style = partner.map_or_else(Style::default, |&(_, colour)| {
            theme.colour(colour).add_modifier(Modifier::UNDERLINED)
        });
        for (on, layer) in [
            (extra.is_some(), theme.extra_house),
            (marks.peer, theme.peer),
            (colour != 0, theme.colour(colour)),
            (marks.hint, theme.hint),
            (same, theme.same_digit),
            (marks.conflict, theme.conflict),
            (wrong, theme.wrong),
            (partner.is_some(), partner_style),
            (selected || game.is_also_selected(cell), theme.selected),
        ] {
            if on {
                style = style.patch(layer);
            }
        }
        // the cursor's colours must not hide that its digit is wrong or
        // clashes: the digit takes the warning's colour, underlined, and
        // `!` marks stand beside it whatever the theme
        let warned = marks.conflict || wrong;
        if selected && warned {
            let warning = if wrong { theme.wrong } else { theme.conflict };
            let colour = warning.bg.or(warning.fg);
            style = Style {
                fg: colour.or(style.fg),
                ..style
            }
            .add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
        }
        buf.set_style(rect, Theme::fill(style));
        let markers = (theme.markers || selected) && warned;
        self.render_contents(cell, value, style, rect, markers, buf);
        // Without colour, what a tint says is a mark in a free corner: the
        // diagonal or window a cell lies in, then its colour as a letter.
        if theme.markers || self.settings.ascii_borders {
            let letter = (colour != 0).then(|| char::from(b'a' + colour - 1));
            for mark in [extra, letter].into_iter().flatten() {
                if let Some(at) = free_corner(rect, buf) {
                    buf[at].set_char(mark).set_style(style);
                }
            }
        }
    }

    /// A cell's value, or its notes and centre marks.
    fn render_contents(
        &self,
        cell: usize,
        value: u8,
        style: Style,
        rect: Rect,
        markers: bool,
        buf: &mut Buffer,
    ) {
        let (game, theme) = (self.game, self.theme);
        let selected_value = self.picked.unwrap_or(game.value(game.selected()));
        let (dx, dy) = self.layout.value_offset();
        let (cx, cy) = (rect.x + dx, rect.y + dy);
        if value != 0 {
            buf[(cx, cy)].set_char(symbol(value)).set_style(style);
            if markers && rect.width >= 3 {
                buf[(cx - 1, cy)].set_char('!').set_style(style);
                buf[(cx + 1, cy)].set_char('!').set_style(style);
            }
            return;
        }
        let (notes, centre) = (game.notes(cell), game.centre(cell));
        if notes.is_empty() && centre.is_empty() {
            return;
        }
        let note_style = |d: u8| {
            let mut s = style;
            if self.settings.highlight_same_digit && d == selected_value {
                s = s.patch(theme.note_match);
            }
            match game.note_colour(cell, d) {
                0 => s,
                c => s.patch(theme.note_colour(c)),
            }
        };
        match self.layout.notes {
            NotesView::Slots(slots) => {
                for d in notes {
                    let (x, y) = slots.position(d);
                    buf[(rect.x + x, rect.y + y)]
                        .set_char(symbol(d))
                        .set_style(note_style(d));
                }
                // centre marks: the cell's middle row, bold, centred
                if !centre.is_empty() {
                    let digits: Vec<u8> = centre.into_iter().collect();
                    let shown = digits.len().min(usize::from(rect.width));
                    let x0 = rect.x + (rect.width - shown as u16) / 2;
                    for x in rect.x..rect.right() {
                        buf[(x, cy)].set_char(' ');
                    }
                    for (i, &d) in digits.iter().take(shown).enumerate() {
                        buf[(x0 + i as u16, cy)]
                            .set_char(symbol(d))
                            .set_style(note_style(d).add_modifier(Modifier::BOLD));
                    }
                }
            }
            // Too small for the notes: a mark says the cell has some, and
            // the panel shows the selected cell's in full.
            NotesView::Compact => {
                let mark_style = if self.settings.highlight_same_digit
                    && selected_value != 0
                    && (notes | centre).contains(selected_value)
                {
                    style.patch(theme.note_match)
                } else {
                    style
                };
                buf[(cx, cy)].set_char(NOTES_MARK).set_style(mark_style);
            }
        }
    }

    /// A viewport's coordinates: row numbers at the left, column numbers
    /// above, and each box's number in the line above it.
    fn render_labels(&self, area: Rect, buf: &mut Buffer) {
        let (layout, style) = (self.layout, self.theme.label);
        let (rows, cols) = layout.shown();
        let shape = self.game.shape();
        for row in rows.clone() {
            let y = area.y + layout.row_label_y(row);
            buf.set_stringn(area.x, y, format!("{:>2}", row + 1), 2, style);
        }
        let width = layout.cell_size().0 as usize;
        // narrow cells: every other column, so that the numbers stay apart
        let every = if width < 3 { 2 } else { 1 };
        for col in cols.clone().step_by(every) {
            let x = area.x + layout.col_label_x(col);
            let label = (col + 1).to_string();
            // centred over the cell, where it fits
            let x = x + width.saturating_sub(label.len()) as u16 / 2;
            buf.set_stringn(x, area.y, &label, width.max(label.len()), style);
        }
        let gx = layout.grid_origin().0;
        for row in rows.step_by(shape.box_rows()) {
            for col in cols.clone().step_by(shape.box_cols()) {
                let cell = layout.cell_rect(row * layout.n() + col);
                let b = shape.geometry().box_of(row * layout.n() + col) + 1;
                // on the heavy line just above the box, after its corner
                let y = area.y + cell.y - 1;
                let x = area.x + cell.x.max(gx + 1);
                buf.set_string(x, y, format!("b{b}"), style);
            }
        }
    }

    /// The grid's lines, each piece weighed by what it parts: the board's
    /// frame and the lines between boxes (or jigsaw regions) heavy, a killer
    /// cage's outline dashed, no line between the cells of one cage (a
    /// broken heavy one where the cage spans two boxes), light lines
    /// between other cells.
    fn render_lines(&self, area: Rect, buf: &mut Buffer) {
        let layout = self.layout;
        let (gx, gy) = layout.grid_origin();
        let (x0, y0) = (area.x + gx, area.y + gy);
        let (columns, rows) = layout.grid_parts();
        // the piece of line at a column line and a row of cells, or a row
        // line and a column of cells
        let down = |line: usize, row: usize| self.edge(row, line.wrapping_sub(1), row, line);
        let across = |line: usize, col: usize| self.edge(line.wrapping_sub(1), col, line, col);
        let cell_row = |y: Option<usize>| match y.and_then(|y| rows.get(y)) {
            Some(&Part::Cell(r)) => Some(r),
            _ => None,
        };
        let cell_col = |x: Option<usize>| match x.and_then(|x| columns.get(x)) {
            Some(&Part::Cell(c)) => Some(c),
            _ => None,
        };
        for (y, &row_part) in rows.iter().enumerate() {
            for (x, &col_part) in columns.iter().enumerate() {
                let (glyph, edges) = match (col_part, row_part) {
                    (Part::Cell(_), Part::Cell(_)) => continue,
                    (Part::Line(line), Part::Cell(row)) => {
                        let e = down(line, row);
                        (self.straight(e, true), vec![e])
                    }
                    (Part::Cell(col), Part::Line(line)) => {
                        let e = across(line, col);
                        (self.straight(e, false), vec![e])
                    }
                    (Part::Line(v), Part::Line(h)) => {
                        let arm = |e: Option<Edge>| e.unwrap_or(Edge::Open);
                        let up = arm(cell_row(y.checked_sub(1)).map(|r| down(v, r)));
                        let below = arm(cell_row(Some(y + 1)).map(|r| down(v, r)));
                        let left = arm(cell_col(x.checked_sub(1)).map(|c| across(h, c)));
                        let right = arm(cell_col(Some(x + 1)).map(|c| across(h, c)));
                        let arms = Arms {
                            up: up.weight(),
                            down: below.weight(),
                            left: left.weight(),
                            right: right.weight(),
                        };
                        let glyph = if self.settings.ascii_borders {
                            arms.ascii()
                        } else {
                            arms.unicode()
                        };
                        (glyph, vec![up, below, left, right])
                    }
                };
                let style: Style = if edges.iter().any(|e| e.weight() == Weight::Heavy) {
                    self.theme.box_line
                } else {
                    self.theme.cell_line
                };
                buf[(x0 + x as u16, y0 + y as u16)]
                    .set_char(glyph)
                    .set_style(style);
            }
        }
        self.render_cage_sums(area, buf);
    }

    /// A straight piece of line of weight `e`, down or across.
    fn straight(&self, e: Edge, down: bool) -> char {
        let ascii = self.settings.ascii_borders;
        match (e, down, ascii) {
            (Edge::Open, ..) => ' ',
            (Edge::Dashed, _, true) => '.',
            (Edge::Dashed, true, false) => '┆',
            (Edge::Dashed, false, false) => '┄',
            (Edge::Crossed, true, true) => '!',
            (Edge::Crossed, false, true) => '~',
            (Edge::Crossed, true, false) => '┇',
            (Edge::Crossed, false, false) => '┅',
            (Edge::Light | Edge::Heavy, _, _) => {
                let w = e.weight();
                let arms = if down {
                    Arms {
                        up: w,
                        down: w,
                        left: Weight::None,
                        right: Weight::None,
                    }
                } else {
                    Arms {
                        up: Weight::None,
                        down: Weight::None,
                        left: w,
                        right: w,
                    }
                };
                if ascii { arms.ascii() } else { arms.unicode() }
            }
        }
    }

    /// What parts the cell at (r1, c1) from its neighbour at (r2, c2) (a
    /// row or column off the board, `usize::MAX` or n, is the frame).
    fn edge(&self, r1: usize, c1: usize, r2: usize, c2: usize) -> Edge {
        let n = self.layout.n();
        if r1 >= n || c1 >= n || r2 >= n || c2 >= n {
            return Edge::Heavy;
        }
        let (a, b) = (r1 * n + c1, r2 * n + c2);
        let rules = self.game.rules();
        let region = |cell: usize| match rules.regions() {
            Some(regions) => usize::from(regions[cell]),
            None => self.game.geometry().box_of(cell),
        };
        let one_cage = matches!(
            (rules.cage_index(a), rules.cage_index(b)),
            (Some(x), Some(y)) if x == y
        );
        match (region(a) == region(b), one_cage) {
            (false, false) => Edge::Heavy,
            (false, true) => Edge::Crossed,
            (true, true) => Edge::Open,
            (true, false) if rules.cage_of(a).or(rules.cage_of(b)).is_some() => Edge::Dashed,
            (true, false) => Edge::Light,
        }
    }

    /// Each killer cage's sum, on the line above its first cell (always
    /// the cage's outline there: the cell above comes earlier).
    fn render_cage_sums(&self, area: Rect, buf: &mut Buffer) {
        let style = self.theme.label.add_modifier(Modifier::BOLD);
        for cage in self.game.rules().cages() {
            let cell = cage.anchor();
            if !self.layout.shows(cell) {
                continue;
            }
            let rect = self.layout.cell_rect(cell);
            let sum = cage.sum().to_string();
            buf.set_stringn(
                area.x + rect.x,
                area.y + rect.y - 1,
                &sum,
                usize::from(rect.width),
                style,
            );
        }
    }
}

/// What a piece of grid line parts: nothing (two cells of one cage), two
/// cells, a killer cage from what is around it, two boxes or regions, or
/// two boxes or regions that one cage spans (a broken heavy line, so the
/// cage still reads as one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edge {
    Open,
    Light,
    Dashed,
    Heavy,
    Crossed,
}

impl Edge {
    /// The weight its arm takes where lines meet (a dashed line meets
    /// others as a light one).
    fn weight(self) -> Weight {
        match self {
            Edge::Open => Weight::None,
            Edge::Light | Edge::Dashed => Weight::Light,
            Edge::Heavy | Edge::Crossed => Weight::Heavy,
        }
    }
}

/// The box-drawing glyph of every mix of arms, at `up * 27 + down * 9 +
/// left * 3 + right` (0 none, 1 light, 2 heavy): read off the Unicode names
/// of U+2500 to U+257F ("BOX DRAWINGS UP HEAVY AND DOWN LIGHT"...).
const GLYPHS: [char; 81] = [
    ' ', '╶', '╺', '╴', '─', '╼', '╸', '╾', '━', '╷', '┌', '┍', '┐', '┬', '┮', '┑', '┭', '┯', '╻',
    '┎', '┏', '┒', '┰', '┲', '┓', '┱', '┳', '╵', '└', '┕', '┘', '┴', '┶', '┙', '┵', '┷', '│', '├',
    '┝', '┤', '┼', '┾', '┥', '┽', '┿', '╽', '┟', '┢', '┧', '╁', '╆', '┪', '╅', '╈', '╹', '┖', '┗',
    '┚', '┸', '┺', '┛', '┹', '┻', '╿', '┞', '┡', '┦', '╀', '╄', '┩', '╃', '╇', '┃', '┠', '┣', '┨',
    '╂', '╊', '┫', '╉', '╋',
];

/// The arms of a line glyph where lines meet, each with its weight
/// (`Weight::None` for no arm).
pub(super) struct Arms {
    pub up: Weight,
    pub down: Weight,
    pub left: Weight,
    pub right: Weight,
}

impl Arms {
    pub fn unicode(&self) -> char {
        let k = |w: Weight| match w {
            Weight::None => 0,
            Weight::Light => 1,
            Weight::Heavy => 2,
        };
        GLYPHS[k(self.up) * 27 + k(self.down) * 9 + k(self.left) * 3 + k(self.right)]
    }

    /// The same lines in ASCII: heavy ones as `|` and `=`, light ones as
    /// `:` and `-`, `+` where lines of one weight cross or turn; where a
    /// heavy line crosses a light one, the heavy one runs through.
    pub fn ascii(&self) -> char {
        let vertical = self.up.max(self.down);
        let horizontal = self.left.max(self.right);
        match (vertical, horizontal) {
            (Weight::None, Weight::None) => ' ',
            (v, h) if v != Weight::None && h != Weight::None && v == h => '+',
            (Weight::Heavy, _) => '|',
            (_, Weight::Heavy) => '=',
            (Weight::Light, _) => ':',
            (_, Weight::Light) => '-',
        }
    }
}
