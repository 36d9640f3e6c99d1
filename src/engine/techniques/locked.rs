//! Locked candidates, on every box/line crossing of any box shape. Pointing:
//! within a box a digit only fits the crossing with one line, so the rest of
//! the line loses it. Claiming: within a line a digit only fits the crossing
//! with one box, so the rest of the box loses it.

use super::bits;
use super::board::{Board, Intersection};
use super::text;
use crate::engine::digits::DigitSet;
use crate::engine::step::{Step, Technique};

/// Pointing: the box's candidates lie inside the crossing, the line has others.
pub fn find_pointing(b: &Board) -> Option<Step> {
    find_locked(b, Technique::Pointing)
}

/// Claiming: the line's candidates lie inside the crossing, the box has others.
pub fn find_claiming(b: &Board) -> Option<Step> {
    find_locked(b, Technique::Claiming)
}

fn find_locked(b: &Board, technique: Technique) -> Option<Step> {
    let n = b.n();
    b.layout()
        .intersections
        .iter()
        .find_map(|x: &Intersection| {
            // `source` holds the digit only inside the crossing; `target` loses it outside
            let (source, source_mask, target, target_mask) = match technique {
                Technique::Pointing => (x.box_unit, x.box_mask, x.line_unit, x.line_mask),
                _ => (x.line_unit, x.line_mask, x.box_unit, x.box_mask),
            };
            (DigitSet::full(n) - b.placed(source))
                .iter()
                .find_map(|digit| {
                    let inside = b.positions(source, digit);
                    let outside = b.positions(target, digit) & !target_mask;
                    // one position is a hidden single, not a locked candidate
                    (inside.count_ones() >= 2 && inside & !source_mask == 0 && outside != 0)
                        .then(|| locked_step(b, technique, source, target, digit, inside, outside))
                })
        })
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
