//! `House`: a row, column or box named by its kind and number, as players
//! and hints name them ("row 3", "box 5"). Inside the engine a house is a
//! unit index (rows, then columns, then boxes), which is what the tables
//! want; `House` is how the index meets the outside.

use std::fmt;

use super::geometry::{Shape, UnitKind};

/// A row, column or box, numbered from 0: rows top to bottom, columns left
/// to right, boxes in reading order from the top left. Shown from 1, the
/// way hints write it ("box 1" is the top-left box).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum House {
    /// The row of this number.
    Row(u8),
    /// The column of this number.
    Column(u8),
    /// The box of this number.
    Box(u8),
}

impl House {
    /// Whether it is a row, a column or a box.
    pub fn kind(self) -> UnitKind {
        match self {
            House::Row(_) => UnitKind::Row,
            House::Column(_) => UnitKind::Col,
            House::Box(_) => UnitKind::Box,
        }
    }

    /// Its number among the houses of its kind, counted from 0.
    pub fn number(self) -> usize {
        match self {
            House::Row(k) | House::Column(k) | House::Box(k) => k as usize,
        }
    }

    /// Its unit index on a board of `shape` (rows 0..n, then columns, then
    /// boxes, as [`Geometry::units`](crate::Geometry::units) counts them),
    /// or `None` when the house is off that board.
    pub fn unit(self, shape: Shape) -> Option<usize> {
        let n = shape.n();
        let first = match self.kind() {
            UnitKind::Row => 0,
            UnitKind::Col => n,
            UnitKind::Box => 2 * n,
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
    /// "row 3", "column 5" or "box 9", counted from 1, as hints write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind() {
            UnitKind::Row => "row",
            UnitKind::Col => "column",
            UnitKind::Box => "box",
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
    }
}
