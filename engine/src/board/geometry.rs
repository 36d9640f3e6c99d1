//! Board shapes and the geometry derived from them (units, peers, cell
//! coordinates). Everything here is computed once per shape and cached, so the
//! solver, the techniques and the UI can ask for it in hot paths for free.

use std::fmt;
use std::sync::OnceLock;

use super::house::House;

/// The box shapes tudoku supports, as (box_rows, box_cols). The first entry for
/// a given n is that size's default shape.
pub const SUPPORTED_SHAPES: [(u8, u8); 10] = [
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (4, 2),
    (3, 3),
    (3, 4),
    (4, 3),
    (4, 4),
    (5, 5),
];

/// Board sides tudoku supports (n for an n x n board).
pub const SUPPORTED_SIZES: [usize; 7] = [4, 6, 8, 9, 12, 16, 25];

/// The shape of a board: boxes are `box_rows` tall and `box_cols` wide, and the
/// board is n x n with n = box_rows * box_cols.
///
/// Read from a file, only a supported shape is accepted (anything else is
/// an error naming the shape), so no `Shape` is ever one tudoku can't play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ShapeFields"))]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

/// A shape as a file holds it, before it is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct ShapeFields {
    box_rows: u8,
    box_cols: u8,
}

#[cfg(feature = "serde")]
impl TryFrom<ShapeFields> for Shape {
    type Error = UnsupportedShape;

    fn try_from(fields: ShapeFields) -> Result<Shape, UnsupportedShape> {
        Shape::new(fields.box_rows.into(), fields.box_cols.into())
    }
}

/// A shape that tudoku cannot play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unsupported box shape {rows}x{cols}: supported are 2x2, 2x3, 3x2, 2x4, 4x2, 3x3, 3x4, 4x3, 4x4, 5x5"
)]
pub struct UnsupportedShape {
    /// Box rows asked for.
    pub rows: usize,
    /// Box columns asked for.
    pub cols: usize,
}

impl Shape {
    /// A supported shape with boxes `box_rows` tall and `box_cols` wide.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, UnsupportedShape> {
        SUPPORTED_SHAPES
            .iter()
            .find(|&&(r, c)| r as usize == box_rows && c as usize == box_cols)
            .map(|&(r, c)| Shape {
                box_rows: r,
                box_cols: c,
            })
            .ok_or(UnsupportedShape {
                rows: box_rows,
                cols: box_cols,
            })
    }

    /// The default shape for an n x n board, if n is supported.
    pub fn for_size(n: usize) -> Option<Shape> {
        SUPPORTED_SHAPES
            .iter()
            .find(|&&(r, c)| r as usize * c as usize == n)
            .map(|&(r, c)| Shape {
                box_rows: r,
                box_cols: c,
            })
    }

    /// The default shape whose board has `cells` cells (a puzzle line's length).
    pub fn for_cell_count(cells: usize) -> Option<Shape> {
        SUPPORTED_SIZES
            .iter()
            .find(|&&n| n * n == cells)
            .and_then(|&n| Shape::for_size(n))
    }

    /// Every supported shape, defaults first within each size.
    pub fn all() -> impl Iterator<Item = Shape> {
        SUPPORTED_SHAPES.iter().map(|&(r, c)| Shape {
            box_rows: r,
            box_cols: c,
        })
    }

    /// How many rows a box spans.
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// How many columns a box spans.
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// Side of the board, also the number of digits.
    pub fn n(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// n*n: the number of cells.
    pub fn cell_count(self) -> usize {
        self.n() * self.n()
    }

    /// How players name the board: `9x9`, with the box shape added when it
    /// is not the size's default (`6x6 3x2`).
    pub fn board_name(self) -> String {
        let n = self.n();
        if Shape::for_size(n) == Some(self) {
            format!("{n}x{n}")
        } else {
            format!("{n}x{n} {self}")
        }
    }

    /// True when boxes are square, so that transposing keeps boxes as boxes.
    pub fn is_square(self) -> bool {
        self.box_rows == self.box_cols
    }

    /// The shape with rows and columns swapped (what a transpose produces).
    pub fn transposed(self) -> Shape {
        Shape {
            box_rows: self.box_cols,
            box_cols: self.box_rows,
        }
    }

    /// The cached geometry of this shape.
    pub fn geometry(self) -> &'static Geometry {
        static CACHE: [OnceLock<Geometry>; SUPPORTED_SHAPES.len()] =
            [const { OnceLock::new() }; SUPPORTED_SHAPES.len()];
        let index = SUPPORTED_SHAPES
            .iter()
            .position(|&(r, c)| r == self.box_rows && c == self.box_cols)
            .expect("Shape values are only built from SUPPORTED_SHAPES");
        CACHE[index].get_or_init(|| Geometry::build(self))
    }
}

impl fmt::Display for Shape {
    /// `RxC`, the form `--box` takes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl std::str::FromStr for Shape {
    type Err = String;

    /// Parses `RxC` (as given to `--box`).
    fn from_str(s: &str) -> Result<Shape, String> {
        let (r, c) = s
            .split_once(['x', 'X'])
            .ok_or_else(|| format!("box shape '{s}' is not of the form RxC, e.g. 3x3 or 2x3"))?;
        let parse = |part: &str| {
            part.trim()
                .parse::<usize>()
                .map_err(|_| format!("box shape '{s}' is not of the form RxC, e.g. 3x3 or 2x3"))
        };
        Shape::new(parse(r)?, parse(c)?).map_err(|e| e.to_string())
    }
}

/// What kind of unit a unit index refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Col,
    /// A box.
    Box,
    /// A jigsaw region, in place of the boxes.
    Region,
    /// A long diagonal of Sudoku X.
    Diagonal,
    /// A window of windoku.
    Window,
}

/// Precomputed facts about one shape. Cells are indexed row-major
/// (`cell = row * n + col`); units are indexed rows first (0..n), then columns
/// (n..2n), then boxes (2n..3n), boxes numbered row-major from the top left.
#[derive(Debug)]
pub struct Geometry {
    /// The shape these tables are for.
    pub shape: Shape,
    /// The board's side.
    pub n: usize,
    /// The cells of each unit, in reading order.
    pub units: Vec<Vec<usize>>,
    /// For each cell, its row, column and box unit indices.
    pub cell_units: Vec<[usize; 3]>,
    /// For each cell, every other cell sharing a unit with it (sorted).
    pub peers: Vec<Vec<usize>>,
}

impl Geometry {
    fn build(shape: Shape) -> Geometry {
        let n = shape.n();
        let (h, w) = (shape.box_rows(), shape.box_cols());
        let box_of = |r: usize, c: usize| (r / h) * (n / w) + c / w;
        let mut units = vec![Vec::with_capacity(n); 3 * n];
        let mut cell_units = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                let cell = r * n + c;
                let b = box_of(r, c);
                units[r].push(cell);
                units[n + c].push(cell);
                units[2 * n + b].push(cell);
                cell_units.push([r, n + c, 2 * n + b]);
            }
        }
        let peers = (0..n * n)
            .map(|cell| {
                let mut p: Vec<usize> = cell_units[cell]
                    .iter()
                    .flat_map(|&u| units[u].iter().copied())
                    .filter(|&other| other != cell)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        Geometry {
            shape,
            n,
            units,
            cell_units,
            peers,
        }
    }

    /// n*n: the number of cells.
    pub fn cell_count(&self) -> usize {
        self.n * self.n
    }

    /// The index of the cell at `row` and `col` (from 0).
    pub fn cell(&self, row: usize, col: usize) -> usize {
        row * self.n + col
    }

    /// The row of a cell index.
    pub fn row_of(&self, cell: usize) -> usize {
        cell / self.n
    }

    /// The column of a cell index.
    pub fn col_of(&self, cell: usize) -> usize {
        cell % self.n
    }

    /// Box number of a cell, 0-based, row-major from the top left.
    pub fn box_of(&self, cell: usize) -> usize {
        self.cell_units[cell][2] - 2 * self.n
    }

    /// Whether a unit index is a row, a column or a box.
    pub fn unit_kind(&self, unit: usize) -> UnitKind {
        match unit / self.n {
            0 => UnitKind::Row,
            1 => UnitKind::Col,
            _ => UnitKind::Box,
        }
    }

    /// Human name of a unit, 1-based, as hints print it: "row 3", "column 5", "box 9".
    pub fn unit_name(&self, unit: usize) -> String {
        House::from_unit(unit, self.shape).map_or_else(String::new, |house| house.to_string())
    }

    /// `rNcM`, 1-based, as hints print cells.
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", self.row_of(cell) + 1, self.col_of(cell) + 1)
    }

    /// The rows' cells, top to bottom.
    pub fn rows(&self) -> &[Vec<usize>] {
        &self.units[..self.n]
    }

    /// The columns' cells, left to right.
    pub fn cols(&self) -> &[Vec<usize>] {
        &self.units[self.n..2 * self.n]
    }

    /// The boxes' cells, in reading order.
    pub fn boxes(&self) -> &[Vec<usize>] {
        &self.units[2 * self.n..]
    }

    /// True when two distinct cells share a row, column or box.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && {
            let (ua, ub) = (&self.cell_units[a], &self.cell_units[b]);
            ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_has_consistent_units_and_peers() {
        for shape in Shape::all() {
            let g = shape.geometry();
            let n = g.n;
            assert_eq!(g.units.len(), 3 * n);
            for unit in &g.units {
                assert_eq!(unit.len(), n);
            }
            // each cell lies in exactly three units
            let mut membership = vec![0; n * n];
            for unit in &g.units {
                for &c in unit {
                    membership[c] += 1;
                }
            }
            assert!(membership.iter().all(|&m| m == 3), "{shape}");
            // peer count: row + col + box minus overlaps
            let expected = 3 * (n - 1) - (shape.box_rows() - 1) - (shape.box_cols() - 1);
            for cell in 0..n * n {
                assert_eq!(g.peers[cell].len(), expected, "{shape} cell {cell}");
                for &p in &g.peers[cell] {
                    assert!(g.sees(cell, p));
                }
            }
        }
    }

    #[test]
    fn boxes_are_box_rows_tall() {
        let g = Shape::new(2, 3).unwrap().geometry();
        // box 0 of a 2x3 shape covers rows 0-1, columns 0-2
        assert_eq!(g.boxes()[0], vec![0, 1, 2, 6, 7, 8]);
        assert_eq!(g.box_of(g.cell(5, 5)), 5);
        assert_eq!(g.box_of(g.cell(2, 3)), 3);
    }

    #[test]
    fn shapes_parse_and_default() {
        assert_eq!("3x2".parse::<Shape>().unwrap(), Shape::new(3, 2).unwrap());
        assert!("3x5".parse::<Shape>().is_err());
        assert!("3by3".parse::<Shape>().is_err());
        assert_eq!(Shape::for_size(6), Some(Shape::new(2, 3).unwrap()));
        assert_eq!(Shape::for_cell_count(625), Some(Shape::new(5, 5).unwrap()));
        assert_eq!(Shape::for_cell_count(100), None);
        assert_eq!(Shape::new(2, 3).unwrap().board_name(), "6x6");
        assert_eq!(Shape::new(3, 2).unwrap().board_name(), "6x6 3x2");
    }
}
