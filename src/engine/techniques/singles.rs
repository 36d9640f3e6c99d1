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
    (0..geo.cell_count()).find_map(|cell| {
        let cands = b.candidates(cell).bits();
        if !is_single_bit(cands) {
            return None;
        }
        let digit = cands.trailing_zeros() as u8 + 1;
        let explanation = || {
            format!(
                "Naked single: {} is the only candidate left for {}",
                text::digit(digit),
                geo.cell_name(cell)
            )
        };
        let unit = geo.cell_units[cell][2];
        Some(placing(
            b,
            Technique::NakedSingle,
            unit,
            cell,
            digit,
            explanation,
        ))
    })
}

/// A digit that has one place left in a unit.
pub fn find_hidden_single(b: &Board) -> Option<Step> {
    let geo = b.geometry();
    // a placed digit has no position left in the unit, so every digit's
    // mask can be tested without looking at what is placed
    let (unit, digit, pos) = scan_order(b.n()).find_map(|unit| {
        let masks = b.unit_positions(unit);
        let i = masks.iter().position(|&pos| is_single_bit(pos))?;
        Some((unit, i as u8 + 1, masks[i]))
    })?;
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
    mask != 0 && mask & (mask - 1) == 0
}
