//! Locked candidates, on every box/line crossing of any box shape. Pointing:
//! within a box a digit only fits the crossing with one line, so the rest of
//! the line loses it. Claiming: within a line a digit only fits the crossing
//! with one box, so the rest of the box loses it.

use super::bits;
use super::board::Board;
use super::text;
use crate::board::digits::DigitSet;
use crate::logic::step::{Step, Technique};

/// Pointing: the box's candidates lie inside the crossing, the line has others.
pub fn find_pointing(b: &Board) -> Option<Step> {
    find_locked(b, Technique::Pointing, DigitSet::full(b.n()))
}

/// Claiming: the line's candidates lie inside the crossing, the box has others.
pub fn find_claiming(b: &Board) -> Option<Step> {
    find_locked(b, Technique::Claiming, DigitSet::full(b.n()))
}

/// Pointing or claiming (`technique`) on the digits of `digits` only: each
/// digit's search reads that digit's positions alone, so the rater skips
/// digits that did not change since the last failure. The step is the first
/// in (crossing, digit) order.
pub(crate) fn find_locked(b: &Board, technique: Technique, digits: DigitSet) -> Option<Step> {
    let (x, digit) = if technique == Technique::Pointing {
        first_pointing(b, digits)
    } else {
        first_claiming(b, digits)
    }?;
    let c = &b.layout().intersections[x];
    let (source, target, target_mask) = if technique == Technique::Pointing {
        (c.box_unit, c.line_unit, c.line_mask)
    } else {
        (c.line_unit, c.box_unit, c.box_mask)
    };
    let inside = b.positions(source, digit);
    let outside = b.positions(target, digit) & !target_mask;
    Some(locked_step(
        b, technique, source, target, digit, inside, outside,
    ))
}

/// The first (crossing, digit) where a box's digit lies in one line's
/// crossing only and the line has it elsewhere. Crossings are numbered box
/// by box, so the first box with a hit holds the answer.
fn first_pointing(b: &Board, digits: DigitSet) -> Option<(usize, u8)> {
    let n = b.n();
    let layout = b.layout();
    for box_unit in 2 * n..3 * n {
        let positions = b.unit_positions(box_unit);
        let parts = layout.crossing_parts(box_unit);
        let mut best: Option<(usize, u8)> = None;
        // a placed digit has no position: skip it without a look
        for digit in digits - b.placed(box_unit) {
            let inside = positions[digit as usize - 1];
            // one position is a hidden single, not a locked candidate
            if inside & inside.wrapping_sub(1) == 0 {
                continue;
            }
            let first = inside.trailing_zeros();
            // the crossings at a box position: its row's, then its column's
            let [row, col] = parts[first as usize];
            let k = if inside & !row == 0 {
                0
            } else if inside & !col == 0 {
                1
            } else {
                continue;
            };
            let x = layout.crossings_at(box_unit, first)[k];
            if best.is_some_and(|hit| hit <= (x, digit)) {
                continue;
            }
            let c = &layout.intersections[x];
            if b.positions(c.line_unit, digit) & !c.line_mask != 0 {
                best = Some((x, digit));
            }
        }
        if best.is_some() {
            return best;
        }
    }
    None
}

/// The first (crossing, digit) where a line's digit lies in one box's
/// crossing only and the box has it elsewhere.
fn first_claiming(b: &Board, digits: DigitSet) -> Option<(usize, u8)> {
    let n = b.n();
    let layout = b.layout();
    let mut best: Option<(usize, u8)> = None;
    for line in 0..2 * n {
        let positions = b.unit_positions(line);
        let parts = layout.crossing_parts(line);
        for digit in digits - b.placed(line) {
            let inside = positions[digit as usize - 1];
            if inside & inside.wrapping_sub(1) == 0 {
                continue;
            }
            let first = inside.trailing_zeros();
            if inside & !parts[first as usize][0] != 0 {
                continue;
            }
            let x = layout.crossings_at(line, first)[0];
            if best.is_some_and(|hit| hit <= (x, digit)) {
                continue;
            }
            let c = &layout.intersections[x];
            if b.positions(c.box_unit, digit) & !c.box_mask != 0 {
                best = Some((x, digit));
            }
        }
    }
    best
}

fn locked_step(
    b: &Board,
    technique: Technique,
    source: usize,
    target: usize,
    digit: u8,
    inside: u32,
    outside: u32,
) -> Step {
    let geo = b.geometry();
    let cells = bits(inside)
        .map(|p| b.cell_at(source, p))
        .collect::<Vec<_>>();
    let eliminations: Vec<(usize, u8)> = bits(outside)
        .map(|p| (b.cell_at(target, p), digit))
        .collect();
    let explanation = b.explain(|| {
        format!(
            "{}: in {}, {} can only go in {} ({}), so {}",
            technique.name(),
            geo.unit_name(source),
            text::digit(digit),
            geo.unit_name(target),
            text::cells(geo, &cells),
            text::removals(geo, &eliminations)
        )
    });
    Step {
        technique,
        units: vec![source, target],
        cells,
        placements: vec![],
        eliminations,
        explanation,
    }
}
