//! Where things go on the screen. A board can be drawn in many sizes: cells
//! big enough for every note in a fixed slot (a mini-grid the shape of a box,
//! or a flatter grid such as 2 lines x 5 columns), with or without thin lines
//! between cells, down to one character row per cell with the notes left to
//! the side panel. `screen` tries them best first and takes the first that
//! fits the terminal with the panel beside the board, or else below it.

use std::sync::OnceLock;

use ratatui::layout::Rect;

use crate::engine::Shape;

/// The least gap between the board and the panel beside it, and the most.
const GAP_MIN: u16 = 1;
const GAP_MAX: u16 = 2;
/// The panel's width: at least (so its lines read) and at most (beside the board).
const PANEL_MIN: u16 = 23;
const PANEL_MAX: u16 = 34;
/// The panel's height beside the board, and below it.
const PANEL_MIN_HEIGHT: u16 = 14;
const PANEL_BELOW_MIN_HEIGHT: u16 = 9;
/// The one-line key bar at the bottom.
const BAR: u16 = 1;
/// Blank columns and rows around a cell's note slots, at most, on a 9x9
/// board; smaller boards may pad their cells more, so that they grow with
/// the terminal as far as 9x9 does.
const PAD_X_MAX: u16 = 4;
const PAD_Y_MAX: u16 = 2;
/// The row labels left of a viewport's grid (`25 `), and the column labels
/// above it.
const LABEL_W: u16 = 3;
const LABEL_H: u16 = 1;

/// Where each note digit goes inside a cell: digit d fills slot d-1 of a
/// `rows` x `cols` grid, row by row, `step` columns apart (2 leaves a space
/// between digits), starting `x`, `y` from the cell's top-left corner. A slot
/// never moves, so a note's place alone says which digit it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slots {
    pub rows: u16,
    pub cols: u16,
    pub step: u16,
    pub x: u16,
    pub y: u16,
}

impl Slots {
    /// The slot of `digit` (1-based) relative to the cell's top-left corner.
    pub fn position(&self, digit: u8) -> (u16, u16) {
        let i = u16::from(digit) - 1;
        (self.x + i % self.cols * self.step, self.y + i / self.cols)
    }

    fn width(&self) -> u16 {
        (self.cols - 1) * self.step + 1
    }
}

/// How a cell shows its notes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotesView {
    /// Every note in its fixed slot.
    Slots(Slots),
    /// The cell is too small: it shows that it has notes, and the side
    /// panel shows the selected cell's notes in full.
    Compact,
}

/// The weight of a grid line, lightest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Weight {
    None,
    Light,
    Heavy,
}

/// What lies at a place along an axis of the grid: a line, just before the
/// board's cell (row or column) of this index (n: the closing line), or a
/// cell of this index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Line(usize),
    Cell(usize),
}

/// One axis of the board as drawn: n cells of `cell` characters from cell
/// `first` on (all of them, or a viewport's whole boxes), grouped by `group`
/// (the box size along this axis), with a heavy line between groups and,
/// when `inner`, a light line between cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Axis {
    n: usize,
    group: usize,
    cell: u16,
    inner: bool,
    /// The first cell shown: a multiple of `group`.
    first: usize,
}

impl Axis {
    fn lines_through(&self, i: usize) -> u16 {
        (if self.inner {
            i + 1
        } else {
            i / self.group + 1
        }) as u16
    }

    /// True when cell `i` of the board is drawn.
    fn shows(&self, i: usize) -> bool {
        (self.first..self.first + self.n).contains(&i)
    }

    /// First position of the board's cell `i` (one that `shows`).
    fn start(&self, i: usize) -> u16 {
        let i = i - self.first;
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

    /// What lies at each position along the axis, from the first line.
    fn parts(&self) -> Vec<Part> {
        let mut parts = Vec::with_capacity(usize::from(self.total()));
        for i in 0..=self.n {
            if self.line_before(i) != Weight::None {
                parts.push(Part::Line(self.first + i));
            }
            if i < self.n {
                parts.extend((0..self.cell).map(|_| Part::Cell(self.first + i)));
            }
        }
        parts
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
                return Ok((self.first + i, pos - start));
            }
            start += self.cell;
        }
        Err(Weight::None)
    }
}

/// The drawn size of a board: cell size, note slots and lines; and, for a
/// viewport, which whole boxes are shown, with row and column labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    pub notes: NotesView,
    cols: Axis,
    rows: Axis,
    /// The board's side (the axes may show fewer cells).
    board_n: usize,
    /// A viewport: labels left of and above the grid.
    labels: bool,
}

impl BoardLayout {
    /// Every layout of a shape, best first: fixed-slot notes before compact
    /// cells; among those, slots shaped like a box before flatter ones,
    /// light lines between rows of cells, spaced slots, then the larger cell.
    pub fn all(shape: Shape) -> &'static [BoardLayout] {
        static ALL: OnceLock<Vec<(Shape, Vec<BoardLayout>)>> = OnceLock::new();
        let all = ALL.get_or_init(|| Shape::all().map(|s| (s, BoardLayout::ranked(s))).collect());
        all.iter()
            .find(|(s, _)| *s == shape)
            .map(|(_, layouts)| layouts.as_slice())
            .expect("every supported shape has its layouts")
    }

    /// `all`, worked out.
    fn ranked(shape: Shape) -> Vec<BoardLayout> {
        let (br, bc, n) = (shape.box_rows(), shape.box_cols(), shape.n());
        let make = |notes, cell_w: u16, cell_h: u16, inner_cols, inner_rows| BoardLayout {
            notes,
            cols: Axis {
                n,
                group: bc,
                cell: cell_w,
                inner: inner_cols,
                first: 0,
            },
            rows: Axis {
                n,
                group: br,
                cell: cell_h,
                inner: inner_rows,
                first: 0,
            },
            board_n: n,
            labels: false,
        };
        let mut ranked = Vec::new();
        for (rows, cols) in arrangements(shape) {
            let box_shaped = (rows as usize, cols as usize) == (br, bc);
            for step in [1, 2] {
                for (ex, ey) in pads(n) {
                    let slots = Slots {
                        rows,
                        cols,
                        step,
                        x: ex / 2,
                        y: ey / 2,
                    };
                    let (w, h) = (slots.width() + ex, rows + ey);
                    // cells no wider than about square on screen (a
                    // character is twice as tall as it is wide)
                    if w > 2 * h + 3 && ex > 0 {
                        continue;
                    }
                    for inner_rows in [true, false] {
                        // dense digits of neighbouring cells would run together
                        for inner_cols in [true, false].into_iter().filter(|&l| l || ex > 0) {
                            // lines between cells before the notes' shape,
                            // so that small boards keep them where 9x9 does
                            let rank = (true, inner_cols, inner_rows, box_shaped, step == 2, w * h);
                            let layout =
                                make(NotesView::Slots(slots), w, h, inner_cols, inner_rows);
                            ranked.push((rank, layout));
                        }
                    }
                }
            }
        }
        for w in [7, 5, 3] {
            ranked.push((
                (false, true, true, false, false, w),
                make(NotesView::Compact, w, 1, true, true),
            ));
        }
        ranked.push((
            (false, false, false, false, false, 3),
            make(NotesView::Compact, 3, 1, false, false),
        ));
        ranked.push((
            (false, false, false, false, false, 2),
            make(NotesView::Compact, 2, 1, false, false),
        ));
        ranked.sort_by_key(|entry| std::cmp::Reverse(entry.0));
        ranked.into_iter().map(|(_, layout)| layout).collect()
    }

    /// The smallest layout: what a terminal must at least hold.
    pub fn smallest(shape: Shape) -> BoardLayout {
        *BoardLayout::all(shape)
            .last()
            .expect("every shape has layouts")
    }

    /// This layout showing only `bands` x `stacks` boxes, the ones around
    /// the cell `around` (as near the middle as the board's edges allow),
    /// with labels.
    pub fn viewport(&self, bands: usize, stacks: usize, around: usize) -> BoardLayout {
        let n = self.board_n;
        let first = |axis: &Axis, count: usize, at: usize| {
            let boxes = n / axis.group;
            let start = (at / axis.group).saturating_sub((count - 1) / 2);
            start.min(boxes - count) * axis.group
        };
        let rows = Axis {
            n: bands * self.rows.group,
            first: first(&self.rows, bands, around / n),
            ..self.rows
        };
        let cols = Axis {
            n: stacks * self.cols.group,
            first: first(&self.cols, stacks, around % n),
            ..self.cols
        };
        BoardLayout {
            rows,
            cols,
            labels: true,
            ..*self
        }
    }

    /// True when only part of the board is shown.
    pub fn is_viewport(&self) -> bool {
        self.labels
    }

    /// Where the grid starts inside the layout: after the labels, if any.
    pub fn grid_origin(&self) -> (u16, u16) {
        if self.labels {
            (LABEL_W, LABEL_H)
        } else {
            (0, 0)
        }
    }

    pub fn width(&self) -> u16 {
        self.cols.total() + self.grid_origin().0
    }

    pub fn height(&self) -> u16 {
        self.rows.total() + self.grid_origin().1
    }

    /// The grid's size, without labels.
    pub fn grid_size(&self) -> (u16, u16) {
        (self.cols.total(), self.rows.total())
    }

    /// The side of the board.
    pub fn n(&self) -> usize {
        self.board_n
    }

    /// A cell's width and height.
    pub fn cell_size(&self) -> (u16, u16) {
        (self.cols.cell, self.rows.cell)
    }

    /// True when the cell is drawn.
    pub fn shows(&self, cell: usize) -> bool {
        let n = self.board_n;
        self.rows.shows(cell / n) && self.cols.shows(cell % n)
    }

    /// The rows and the columns drawn.
    pub fn shown(&self) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let range = |a: &Axis| a.first..a.first + a.n;
        (range(&self.rows), range(&self.cols))
    }

    /// A cell's rectangle relative to the board's top-left corner (for a
    /// cell that `shows`).
    pub fn cell_rect(&self, cell: usize) -> Rect {
        let n = self.board_n;
        let (x, y) = self.grid_origin();
        Rect::new(
            x + self.cols.start(cell % n),
            y + self.rows.start(cell / n),
            self.cols.cell,
            self.rows.cell,
        )
    }

    /// Where the label of a shown row goes (its y), and of a shown column
    /// (its x), relative to the board's top-left corner.
    pub fn row_label_y(&self, row: usize) -> u16 {
        self.grid_origin().1 + self.rows.start(row) + (self.rows.cell - 1) / 2
    }

    pub fn col_label_x(&self, col: usize) -> u16 {
        self.grid_origin().0 + self.cols.start(col)
    }

    /// Where a cell's value is drawn inside its rectangle: the middle, or
    /// just above it when the cell has an even height.
    pub fn value_offset(&self) -> (u16, u16) {
        (self.cols.cell / 2, (self.rows.cell - 1) / 2)
    }

    /// The cell at a position relative to the board's top-left corner.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<usize> {
        let (gx, gy) = self.grid_origin();
        let (c, _) = self.cols.at(x.checked_sub(gx)?).ok()?;
        let (r, _) = self.rows.at(y.checked_sub(gy)?).ok()?;
        Some(r * self.board_n + c)
    }

    /// What lies at each column of the grid and at each of its rows, from
    /// the grid's origin: lines and cells.
    pub fn grid_parts(&self) -> (Vec<Part>, Vec<Part>) {
        (self.cols.parts(), self.rows.parts())
    }

    /// True when a line runs between every two cells side by side, both
    /// ways: what a board needs to show jigsaw regions and killer cages.
    pub fn has_all_lines(&self) -> bool {
        self.cols.inner && self.rows.inner
    }
}

/// The note grids that hold a board's n digits, as (rows, columns): the
/// shape of a box first, then every flatter grid that has no empty row.
fn arrangements(shape: Shape) -> Vec<(u16, u16)> {
    let n = shape.n() as u16;
    let mut all = vec![(shape.box_rows() as u16, shape.box_cols() as u16)];
    for rows in 1..=n {
        let cols = n.div_ceil(rows);
        if rows <= cols && n.div_ceil(cols) == rows && !all.contains(&(rows, cols)) {
            all.push((rows, cols));
        }
    }
    all
}

/// The blank columns and rows a cell may add around its note slots on a
/// board of side `n`, split as evenly as they go (the odd one after the
/// slots): up to twice the pads on each side, more on boards smaller than
/// 9x9, in proportion, and on those one at a time so that they grow with
/// the terminal in small steps; 9x9 and larger keep the slots centred.
fn pads(n: usize) -> impl Iterator<Item = (u16, u16)> {
    let scale = |most: u16| 2 * most * 9 / (n as u16).min(9);
    let (x_max, y_max) = (scale(PAD_X_MAX), scale(PAD_Y_MAX));
    let step = if n < 9 { 1 } else { 2 };
    (0..=y_max)
        .step_by(step)
        .flat_map(move |ey| (0..=x_max).step_by(step).map(move |ex| (ex, ey)))
}

/// Where things go on a screen of a given size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The terminal cannot hold the smallest layout: it needs this size.
    TooSmall { need: (u16, u16) },
    Fits {
        board: Rect,
        layout: BoardLayout,
        panel: Rect,
        bar: Rect,
    },
}

/// The screen for a board shape in `area` with the cell `selected`: the
/// best layout of the whole board that fits with the panel beside the board
/// or, failing that, below it; centred. Where no layout of the whole board
/// fits, a viewport: as many whole boxes around the selected cell as fit,
/// each in the best layout that fits them.
///
/// With `outlined` (a board of jigsaw regions or killer cages, whose
/// outlines may run between any two cells), only layouts with a line
/// between every two cells.
pub fn screen(area: Rect, shape: Shape, selected: usize, outlined: bool) -> Screen {
    let all: Vec<BoardLayout> = BoardLayout::all(shape)
        .iter()
        .copied()
        .filter(|l| !outlined || l.has_all_lines())
        .collect();
    let smallest = *all.last().expect("every shape has layouts with every line");
    all.iter()
        .find_map(|&layout| place(area, layout))
        .or_else(|| {
            viewports(shape).into_iter().find_map(|(bands, stacks)| {
                all.iter()
                    .find_map(|layout| place(area, layout.viewport(bands, stacks, selected)))
            })
        })
        .unwrap_or(Screen::TooSmall {
            need: beside_need(smallest.viewport(1, 1, 0)),
        })
}

/// The viewports of a shape, as (bands, stacks) of boxes shown: the most
/// cells first, and among equals the squarer on screen.
fn viewports(shape: Shape) -> Vec<(usize, usize)> {
    let (bands, stacks) = (shape.box_cols(), shape.box_rows());
    let mut all: Vec<(usize, usize)> = (1..=bands)
        .flat_map(|b| (1..=stacks).map(move |s| (b, s)))
        .filter(|&(b, s)| (b, s) != (bands, stacks))
        .collect();
    let cells = |&(b, s): &(usize, usize)| b * shape.box_rows() * s * shape.box_cols();
    all.sort_by_key(|v| (std::cmp::Reverse(cells(v)), v.0.abs_diff(v.1)));
    all
}

/// The smallest terminal that holds a layout with the panel beside it.
fn beside_need(layout: BoardLayout) -> (u16, u16) {
    (
        layout.width() + GAP_MIN + PANEL_MIN,
        layout.height().max(PANEL_MIN_HEIGHT) + BAR,
    )
}

/// The smallest terminal that holds a layout with the panel below it.
fn below_need(layout: BoardLayout) -> (u16, u16) {
    (
        layout.width().max(PANEL_MIN),
        layout.height() + PANEL_BELOW_MIN_HEIGHT + BAR,
    )
}

/// The terminal sizes from which a shape's notes get fixed slots with the
/// panel beside the board, narrowest first: each is the least height for
/// its width (a terminal at least as large as one of them shows slots).
pub fn slots_needs(shape: Shape) -> Vec<(u16, u16)> {
    let needs: Vec<(u16, u16)> = BoardLayout::all(shape)
        .iter()
        .filter(|l| matches!(l.notes, NotesView::Slots(_)))
        .map(|&l| beside_need(l))
        .collect();
    let mut frontier: Vec<(u16, u16)> = needs
        .iter()
        .copied()
        .filter(|&(w, h)| {
            !needs
                .iter()
                .any(|&(w2, h2)| w2 <= w && h2 <= h && (w2, h2) != (w, h))
        })
        .collect();
    frontier.sort_unstable();
    frontier.dedup();
    frontier
}

/// The layout placed in `area`, if it fits there beside or below the panel.
fn place(area: Rect, layout: BoardLayout) -> Option<Screen> {
    let fits = |(w, h): (u16, u16)| w <= area.width && h <= area.height;
    let main_height = area.height.checked_sub(BAR)?;
    let bar = Rect::new(area.x, area.y + main_height, area.width, BAR);
    let (w, h) = (layout.width(), layout.height());
    if fits(beside_need(layout)) {
        let spare = area.width - w - PANEL_MIN;
        let gap = spare.min(GAP_MAX);
        let panel_width = PANEL_MAX.min(area.width - w - gap);
        let total = w + gap + panel_width;
        let left = area.x + (area.width - total) / 2;
        let top = area.y + (main_height - h) / 2;
        let board = Rect::new(left, top, w, h);
        // the panel starts level with the board unless that leaves it too short
        let panel_top = if area.y + main_height - top >= PANEL_MIN_HEIGHT {
            top
        } else {
            area.y
        };
        let panel = Rect::new(
            left + w + gap,
            panel_top,
            panel_width,
            area.y + main_height - panel_top,
        );
        return Some(Screen::Fits {
            board,
            layout,
            panel,
            bar,
        });
    }
    if fits(below_need(layout)) {
        let board = Rect::new(area.x + (area.width - w) / 2, area.y, w, h);
        let panel_width = w.max(PANEL_MIN);
        let panel = Rect::new(
            area.x + (area.width - panel_width) / 2,
            area.y + h,
            panel_width,
            main_height - h,
        );
        return Some(Screen::Fits {
            board,
            layout,
            panel,
            bar,
        });
    }
    None
}
