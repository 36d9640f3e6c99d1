//! Singles: full house (the last empty cell of a unit), naked single (a cell
//! with one candidate) and hidden single (a digit with one place in a unit).

use super::board::Board;
use super::{placing, scan_order, text};
use crate::engine::digits::DigitSet;
use crate::engine::step::{Step, Technique};

/// A unit with exactly one empty cell: that cell takes the missing digit.
pub fn find_full_house(b: &Board) -> Option<Step> {
    let n = b.n();
    let geo = b.geometry();
    // most positions have no unit with one empty cell: check them all at once
    first_single_bit(b.all_open(), |m| m)?;
    for unit in scan_order(n) {
        let open = b.open(unit);
        if !is_single_bit(open) {
            continue;
        }
        let cell = b.cell_at(unit, open.trailing_zeros());
        let Some(digit) = (DigitSet::full(n) - b.placed(unit)).single_digit() else {
            continue;
        };
        let explanation = || {
            format!(
                "Full house: {} is the only empty cell in {}, so it must be {}",
                geo.cell_name(cell),
                geo.unit_name(unit),
                text::digit(digit)
            )
        };
        if b.candidates(cell).contains(digit) {
            return Some(placing(
                b,
                Technique::FullHouse,
                unit,
                cell,
                digit,
                explanation,
            ));
        }
    }
    None
}

/// A cell with a single candidate left.
pub fn find_naked_single(b: &Board) -> Option<Step> {
    let geo = b.geometry();
    let cands = b.all_candidates();
    first_single_bit(cands, DigitSet::bits).map(|cell| {
        let digit = cands[cell].bits().trailing_zeros() as u8 + 1;
        let explanation = || {
            format!(
                "Naked single: {} is the only candidate left for {}",
                text::digit(digit),
                geo.cell_name(cell)
            )
        };
        let unit = geo.cell_units[cell][2];
        placing(b, Technique::NakedSingle, unit, cell, digit, explanation)
    })
}

/// A digit that has one place left in a unit.
pub fn find_hidden_single(b: &Board) -> Option<Step> {
    let geo = b.geometry();
    let n = b.n();
    // a placed digit has no position left in the unit, so every digit's
    // mask can be tested without looking at what is placed; the scan order
    // is boxes, then rows and columns
    let (first, masks) = [2 * n..3 * n, 0..2 * n].into_iter().find_map(|units| {
        let masks = b.units_positions(units.clone());
        let i = first_single_bit(masks, |m| m)?;
        Some((units.start * n + i, masks[i]))
    })?;
    let (unit, digit, pos) = (first / n, (first % n) as u8 + 1, masks);
    let cell = b.cell_at(unit, pos.trailing_zeros());
    let explanation = || {
        format!(
            "Hidden single: {} can only go in {} within {}",
            text::digit(digit),
            geo.cell_name(cell),
            geo.unit_name(unit)
        )
    };
    Some(placing(
        b,
        Technique::HiddenSingle,
        unit,
        cell,
        digit,
        explanation,
    ))
}

/// Exactly one bit set (without a population count, which is slow on
/// baseline x86-64).
fn is_single_bit(mask: u32) -> bool {
    (mask != 0) & (mask & mask.wrapping_sub(1) == 0)
}

/// The index of the first item whose mask (`bits`) has exactly one bit
/// set. Tests eight at a time without branching (the compiler vectorizes
/// that), then finds the item in the first group that has one.
fn first_single_bit<T: Copy>(items: &[T], bits: impl Fn(T) -> u32) -> Option<usize> {
    let single = |&item: &T| is_single_bit(bits(item));
    let mut groups = items.chunks_exact(8);
    let mut start = 0;
    for group in groups.by_ref() {
        if group.iter().fold(false, |any, item| any | single(item)) {
            return group.iter().position(single).map(|i| start + i);
        }
        start += 8;
    }
    groups
        .remainder()
        .iter()
        .position(single)
        .map(|i| start + i)
}
