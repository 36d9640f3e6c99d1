//! Locked candidates, on every box/line crossing of any box shape. Pointing:
//! within a box a digit only fits the crossing with one line, so the rest of
//! the line loses it. Claiming: within a line a digit only fits the crossing
//! with one box, so the rest of the box loses it.

use super::bits;
use super::board::Board;
use super::text;
use crate::engine::digits::DigitSet;
use crate::engine::step::{Step, Technique};

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
/// digits that did not change since the last failure.
pub(crate) fn find_locked(b: &Board, technique: Technique, digits: DigitSet) -> Option<Step> {
    let n = b.n();
    let layout = b.layout();
    let pointing = technique == Technique::Pointing;
    // `source` holds the digit only inside the crossing; `target` loses it
    // outside. Such a crossing holds the digit's first position, so each
    // (source, digit) has at most two crossings to test, and the step is the
    // first in (crossing, digit) order.
    let sources = if pointing { 2 * n..3 * n } else { 0..2 * n };
    let mut best: Option<(usize, u8)> = None;
    for source in sources {
        let positions = b.unit_positions(source);
        for digit in digits {
            let inside = positions[digit as usize - 1];
            // one position is a hidden single, not a locked candidate
            if inside & inside.wrapping_sub(1) == 0 {
                continue;
            }
            for x in layout.crossings_at(source, inside.trailing_zeros()) {
                if x == usize::MAX || best.is_some_and(|first| first <= (x, digit)) {
                    break;
                }
                let c = &layout.intersections[x];
                let (source_mask, target, target_mask) = if pointing {
                    (c.box_mask, c.line_unit, c.line_mask)
                } else {
                    (c.line_mask, c.box_unit, c.box_mask)
                };
                // two or more positions fit inside at most one crossing
                if inside & !source_mask == 0 {
                    if b.positions(target, digit) & !target_mask != 0 {
                        best = Some((x, digit));
                    }
                    break;
                }
            }
        }
        // crossings are numbered box by box: a box's hit beats later boxes'
        if pointing && best.is_some() {
            break;
        }
    }
    let (x, digit) = best?;
    let c = &layout.intersections[x];
    let (source, target, target_mask) = if pointing {
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
