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
    scan_order(n).find_map(|unit| {
        let open = b.open(unit);
        if open.count_ones() != 1 {
            return None;
        }
        let cell = b.cell_at(unit, open.trailing_zeros());
        let digit = (DigitSet::full(n) - b.placed(unit)).single_digit()?;
        let explanation = || {
            format!(
                "Full house: {} is the only empty cell in {}, so it must be {}",
                geo.cell_name(cell),
                geo.unit_name(unit),
                text::digit(digit)
            )
        };
        b.candidates(cell)
            .contains(digit)
            .then(|| placing(b, Technique::FullHouse, unit, cell, digit, explanation))
    })
}

/// A cell with a single candidate left.
pub fn find_naked_single(b: &Board) -> Option<Step> {
    let geo = b.geometry();
    (0..geo.cell_count()).find_map(|cell| {
        let digit = b.candidates(cell).single_digit()?;
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
    let n = b.n();
    let geo = b.geometry();
    scan_order(n).find_map(|unit| {
        (DigitSet::full(n) - b.placed(unit))
            .iter()
            .find_map(|digit| {
                let pos = b.positions(unit, digit);
                (pos.count_ones() == 1).then(|| (b.cell_at(unit, pos.trailing_zeros()), digit))
            })
            .map(|(cell, digit)| {
                let explanation = || {
                    format!(
                        "Hidden single: {} can only go in {} within {}",
                        text::digit(digit),
                        geo.cell_name(cell),
                        geo.unit_name(unit)
                    )
                };
                placing(b, Technique::HiddenSingle, unit, cell, digit, explanation)
            })
    })
}
