//! `House`: a row, column, box or a variant's house (jigsaw region,
//! diagonal, windoku window) named by its kind and number, as players and
//! hints name them ("row 3", "box 5", "region 4", "diagonal"). Inside the
//! engine a house is a unit index (rows, then columns, then boxes or
//! regions, then the variant's extra houses), which is what the tables
//! want; `House` is how the index meets the outside.

use std::fmt;

use super::geometry::{Shape, UnitKind};

/// A house, numbered from 0: rows top to bottom, columns left to right,
/// boxes in reading order from the top left, jigsaw regions by their first
/// cell in reading order, windows in reading order. Shown from 1, the way
/// hints write it ("box 1" is the top-left box).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum House {
    /// The row of this number.
    Row(u8),
    /// The column of this number.
    Column(u8),
    /// The box of this number.
    Box(u8),
    /// The jigsaw region of this number, in place of the boxes.
    Region(u8),
    /// The long diagonal from the top left to the bottom right (Sudoku X).
    Diagonal,
    /// The long diagonal from the top right to the bottom left (Sudoku X).
    AntiDiagonal,
    /// The windoku window of this number.
    Window(u8),
}

impl House {
    /// Which kind of house it is.
    pub fn kind(self) -> UnitKind {
        match self {
            House::Row(_) => UnitKind::Row,
            House::Column(_) => UnitKind::Col,
            House::Box(_) => UnitKind::Box,
            House::Region(_) => UnitKind::Region,
            House::Diagonal | House::AntiDiagonal => UnitKind::Diagonal,
            House::Window(_) => UnitKind::Window,
        }
    }

    /// Its number among the houses of its kind, counted from 0 (the
    /// anti-diagonal is diagonal 1).
    pub fn number(self) -> usize {
        match self {
            House::Row(k)
            | House::Column(k)
            | House::Box(k)
            | House::Region(k)
            | House::Window(k) => k as usize,
            House::Diagonal => 0,
            House::AntiDiagonal => 1,
        }
    }

    /// Its unit index on a board of `shape` under classic rules (rows
    /// 0..n, then columns, then boxes, as
    /// [`Geometry::units`](crate::Geometry::units) counts them; a region
    /// takes its box's place), or `None` when the house is off that board
    /// or is a diagonal or window, which only a variant's
    /// [`Rules`](crate::Rules) number.
    pub fn unit(self, shape: Shape) -> Option<usize> {
        let n = shape.n();
        let first = match self.kind() {
            UnitKind::Row => 0,
            UnitKind::Col => n,
            UnitKind::Box | UnitKind::Region => 2 * n,
            UnitKind::Diagonal | UnitKind::Window => return None,
        };
        (self.number() < n).then(|| first + self.number())
    }

    /// The house of a unit index on a board of `shape`, or `None` when the
    /// index is off that board.
    pub fn from_unit(unit: usize, shape: Shape) -> Option<House> {
        let n = shape.n();
        // n <= 25, so the number fits in a u8.
        let number = (unit % n) as u8;
        match unit / n {
            0 => Some(House::Row(number)),
            1 => Some(House::Column(number)),
            2 => Some(House::Box(number)),
            _ => None,
        }
    }
}

impl fmt::Display for House {
    /// "row 3", "column 5", "box 9", "region 4", "window 2", counted from
    /// 1, or "diagonal" and "anti-diagonal", as hints write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self {
            House::Row(_) => "row",
            House::Column(_) => "column",
            House::Box(_) => "box",
            House::Region(_) => "region",
            House::Window(_) => "window",
            House::Diagonal => return f.write_str("diagonal"),
            House::AntiDiagonal => return f.write_str("anti-diagonal"),
        };
        write!(f, "{kind} {}", self.number() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_and_its_house_name_each_other_on_every_shape() {
        for shape in Shape::all() {
            let geo = shape.geometry();
            for unit in 0..3 * shape.n() {
                let house = House::from_unit(unit, shape).unwrap();
                assert_eq!(house.kind(), geo.unit_kind(unit));
                assert_eq!(house.to_string(), geo.unit_name(unit));
                assert_eq!(house.unit(shape), Some(unit));
            }
            assert_eq!(House::from_unit(3 * shape.n(), shape), None);
            assert_eq!(House::Box(shape.n() as u8).unit(shape), None);
        }
    }

    #[test]
    fn houses_are_numbered_from_zero_and_written_from_one() {
        let nine = Shape::new(3, 3).unwrap();
        assert_eq!(House::from_unit(0, nine), Some(House::Row(0)));
        assert_eq!(House::from_unit(9, nine), Some(House::Column(0)));
        assert_eq!(House::from_unit(26, nine), Some(House::Box(8)));
        assert_eq!(House::Box(8).to_string(), "box 9");
        assert_eq!(House::Column(24).to_string(), "column 25");
        assert_eq!(House::Region(3).to_string(), "region 4");
        assert_eq!(House::AntiDiagonal.to_string(), "anti-diagonal");
        assert_eq!(House::Window(1).to_string(), "window 2");
        assert_eq!(House::Region(3).unit(nine), Some(21));
        assert_eq!(House::Diagonal.unit(nine), None);
    }
}
