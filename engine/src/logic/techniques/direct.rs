//! Sudoku Explainer's "direct" techniques: a pointing, claiming or hidden
//! pair whose eliminations leave a digit one place in a unit (for a
//! pointing another box, for a claiming another line, as SE's are), taken
//! as the hidden single they lead to. SE tries them before a naked single and rates
//! them lower (1.7, 1.9, 2.0 against 2.3), so a puzzle they solve is easy on
//! its scale; the rater follows it (`StepFinder::take`), the hints keep to
//! the plain patterns, which say the same thing in two steps.

use super::bits;
use super::board::Board;
use crate::logic::se::Er;
use crate::logic::step::Technique;

/// The most cells a unit has: its positions are the bits of a `u32`.
const MAX_SIDE: usize = 32;

/// A direct step: the pattern, its rating, and the hidden single it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Direct {
    pub technique: Technique,
    pub er: Er,
    pub cell: usize,
    pub digit: u8,
}

/// The first direct step, the lowest rated kind first.
pub(crate) fn find_direct(b: &Board) -> Option<Direct> {
    direct_locked(b, Technique::Pointing)
        .or_else(|| direct_locked(b, Technique::Claiming))
        .or_else(|| direct_hidden_pair(b))
}

/// A pointing (a box's digit confined to one line) or claiming (a line's
/// digit confined to one box) whose eliminations leave the digit one place
/// in another unit of an eliminated cell.
fn direct_locked(b: &Board, technique: Technique) -> Option<Direct> {
    let pointing = technique == Technique::Pointing;
    let n = b.n();
    for c in &b.layout().intersections {
        let (source, source_mask, target, target_mask) = if pointing {
            (c.box_unit, c.box_mask, c.line_unit, c.line_mask)
        } else {
            (c.line_unit, c.line_mask, c.box_unit, c.box_mask)
        };
        for digit in 1..=n as u8 {
            let inside = b.positions(source, digit);
            if inside.count_ones() < 2 || inside & !source_mask != 0 {
                continue;
            }
            let outside = b.positions(target, digit) & !target_mask;
            if outside == 0 {
                continue;
            }
            // at most a line's or a box's cells, kept off the heap: this runs
            // before every naked single the rater takes
            let mut gone = [0usize; MAX_SIDE];
            let mut count = 0;
            for p in bits(outside) {
                gone[count] = b.cell_at(target, p);
                count += 1;
            }
            if let Some(cell) = single_left(b, &gone[..count], source / n, digit) {
                let er = if pointing { Er(17) } else { Er(19) };
                return Some(Direct {
                    technique,
                    er,
                    cell,
                    digit,
                });
            }
        }
    }
    None
}

/// The cell where `digit` has its one place left in a unit of a `gone`
/// cell of the `kind` (0 rows, 1 columns, 2 boxes) once it is removed from
/// the `gone` cells. As SE's direct pointing and claiming do, only a unit
/// of the pattern's own kind counts: another box for a pointing, another
/// line the same way for a claiming (the single is in the second box or
/// line the digit is locked out of).
fn single_left(b: &Board, gone: &[usize], kind: usize, digit: u8) -> Option<usize> {
    let geo = b.geometry();
    gone.iter()
        .map(|&cell| geo.cell_units[cell][kind])
        .find_map(|unit| {
            let mut left = bits(b.positions(unit, digit))
                .map(|p| b.cell_at(unit, p))
                .filter(|cell| !gone.contains(cell));
            let first = left.next()?;
            left.next().is_none().then_some(first)
        })
}

/// Two digits confined to the same two cells of a unit, with a third digit
/// that has one place in the unit outside them.
fn direct_hidden_pair(b: &Board) -> Option<Direct> {
    let n = b.n();
    for unit in 0..3 * n {
        let positions = b.unit_positions(unit);
        for (i, &pair) in positions.iter().enumerate() {
            if pair.count_ones() != 2 || !positions[i + 1..].contains(&pair) {
                continue;
            }
            let hit = positions
                .iter()
                .position(|&p| p & pair != 0 && p != pair && (p & !pair).count_ones() == 1);
            if let Some(j) = hit {
                let place = (positions[j] & !pair).trailing_zeros();
                return Some(Direct {
                    technique: Technique::HiddenPair,
                    er: Er(20),
                    cell: b.cell_at(unit, place),
                    digit: j as u8 + 1,
                });
            }
        }
    }
    None
}
