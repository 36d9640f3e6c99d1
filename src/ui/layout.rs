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
const PANEL_MIN: u16 = 24;
const PANEL_MAX: u16 = 34;
/// The panel's height beside the board, and below it.
const PANEL_MIN_HEIGHT: u16 = 14;
const PANEL_BELOW_MIN_HEIGHT: u16 = 9;
/// The one-line key bar at the bottom.
const BAR: u16 = 1;
/// Blank columns and rows around a cell's note slots, at most.
const PAD_X_MAX: u16 = 4;
const PAD_Y_MAX: u16 = 2;

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

/// The weight of a grid line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    None,
    Light,
    Heavy,
}

/// One axis of the board: n cells of `cell` characters, grouped by `group`
/// (the box size along this axis), with a heavy line between groups and,
/// when `inner`, a light line between cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Axis {
    n: usize,
    group: usize,
    cell: u16,
    inner: bool,
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

/// The drawn size of a board: cell size, note slots and lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    pub notes: NotesView,
    cols: Axis,
    rows: Axis,
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
            },
            rows: Axis {
                n,
                group: br,
                cell: cell_h,
                inner: inner_rows,
            },
        };
        let mut ranked = Vec::new();
        for (rows, cols) in arrangements(shape) {
            let box_shaped = (rows as usize, cols as usize) == (br, bc);
            for step in [1, 2] {
                for (px, py) in pads() {
                    let slots = Slots {
                        rows,
                        cols,
                        step,
                        x: px,
                        y: py,
                    };
                    let (w, h) = (slots.width() + 2 * px, rows + 2 * py);
                    // cells no wider than about square on screen (a
                    // character is twice as tall as it is wide)
                    if w > 2 * h + 3 && px > 0 {
                        continue;
                    }
                    for inner_rows in [true, false] {
                        // dense digits of neighbouring cells would run together
                        for inner_cols in [true, false].into_iter().filter(|&l| l || px > 0) {
                            let rank = (true, box_shaped, inner_rows, step == 2, w * h, inner_cols);
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
                (false, false, true, false, w, true),
                make(NotesView::Compact, w, 1, true, true),
            ));
        }
        ranked.push((
            (false, false, false, false, 3, false),
            make(NotesView::Compact, 3, 1, false, false),
        ));
        ranked.push((
            (false, false, false, false, 2, false),
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

    pub fn width(&self) -> u16 {
        self.cols.total()
    }

    pub fn height(&self) -> u16 {
        self.rows.total()
    }

    /// The side of the board.
    pub fn n(&self) -> usize {
        self.cols.n
    }

    /// A cell's rectangle relative to the board's top-left corner.
    pub fn cell_rect(&self, cell: usize) -> Rect {
        let n = self.cols.n;
        Rect::new(
            self.cols.start(cell % n),
            self.rows.start(cell / n),
            self.cols.cell,
            self.rows.cell,
        )
    }

    /// Where a cell's value is drawn inside its rectangle: the middle, or
    /// just above it when the cell has an even height.
    pub fn value_offset(&self) -> (u16, u16) {
        (self.cols.cell / 2, (self.rows.cell - 1) / 2)
    }

    /// The cell at a position relative to the board's top-left corner.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<usize> {
        let (c, _) = self.cols.at(x).ok()?;
        let (r, _) = self.rows.at(y).ok()?;
        Some(r * self.cols.n + c)
    }

    /// The lines across the board: the weight of the vertical line at each
    /// column and of the horizontal line at each row (`None` in cells).
    pub fn line_weights(&self) -> (Vec<Weight>, Vec<Weight>) {
        let weights = |axis: &Axis| {
            (0..axis.total())
                .map(|pos| axis.at(pos).err().unwrap_or(Weight::None))
                .collect()
        };
        (weights(&self.cols), weights(&self.rows))
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

/// Blank columns and rows around the note slots a cell may have.
fn pads() -> impl Iterator<Item = (u16, u16)> {
    (0..=PAD_Y_MAX).flat_map(|py| (0..=PAD_X_MAX).map(move |px| (px, py)))
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

/// The screen for a board shape in `area`: the best layout that fits with
/// the panel beside the board or, failing that, below it; centred.
pub fn screen(area: Rect, shape: Shape) -> Screen {
    BoardLayout::all(shape)
        .iter()
        .find_map(|&layout| place(area, layout))
        .unwrap_or(Screen::TooSmall {
            need: beside_need(BoardLayout::smallest(shape)),
        })
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
