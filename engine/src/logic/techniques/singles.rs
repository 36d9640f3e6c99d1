//! Singles: full house (the last empty cell of a unit), naked single (a cell
//! with one candidate) and hidden single (a digit with one place in a unit).
//! Each is found as a `Single` first: the rater places it at once, and only
//! a step someone will read is built from it.

use super::board::Board;
use super::{placing, scan_order, text};
use crate::board::digits::DigitSet;
use crate::logic::se::Er;
use crate::logic::step::{Step, Technique};

/// A single found on a board: `cell` (reasoned about in `unit`) must be `digit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Single {
    pub technique: Technique,
    pub unit: usize,
    pub cell: usize,
    pub digit: u8,
}

/// The techniques `single` finds, in the order Sudoku Explainer tries them
/// (the rater's order; hints offer a naked single before a hidden one).
pub(crate) const SINGLES: [Technique; 3] = [
    Technique::FullHouse,
    Technique::HiddenSingle,
    Technique::NakedSingle,
];

/// The first single of one of the `SINGLES` techniques (`None` for any other).
pub(crate) fn single(b: &Board, technique: Technique) -> Option<Single> {
    match technique {
        Technique::FullHouse => full_house(b),
        Technique::NakedSingle => naked_single(b),
        Technique::HiddenSingle => hidden_single(b),
        _ => None,
    }
}

/// A unit with exactly one empty cell: that cell takes the missing digit.
pub fn find_full_house(b: &Board) -> Option<Step> {
    full_house(b).map(|s| s.step(b))
}

/// A cell with a single candidate left.
pub fn find_naked_single(b: &Board) -> Option<Step> {
    naked_single(b).map(|s| s.step(b))
}

/// A digit that has one place left in a unit.
pub fn find_hidden_single(b: &Board) -> Option<Step> {
    hidden_single(b).map(|s| s.step(b))
}

impl Single {
    /// Its rating on Sudoku Explainer's scale: a hidden single in a row or
    /// column rates 1.5, in a box 1.2 (units are rows, columns, then boxes).
    pub fn er(self, n: usize) -> Er {
        match self.technique {
            Technique::HiddenSingle if self.unit < 2 * n => Er(15),
            t => t.er(),
        }
    }

    /// The step that places this single, explained.
    pub fn step(self, b: &Board) -> Step {
        let geo = b.geometry();
        let Single {
            technique,
            unit,
            cell,
            digit,
        } = self;
        let explanation = || match technique {
            Technique::FullHouse => format!(
                "Full house: {} is the only empty cell in {}, so it must be {}",
                geo.cell_name(cell),
                geo.unit_name(unit),
                text::digit(digit)
            ),
            Technique::NakedSingle => format!(
                "Naked single: every other digit is ruled out for {}, so it must be {}",
                geo.cell_name(cell),
                text::digit(digit)
            ),
            _ => format!(
                "Hidden single: {} fits no other cell of {}, so {} must be {}",
                text::digit(digit),
                geo.unit_name(unit),
                geo.cell_name(cell),
                text::digit(digit)
            ),
        };
        placing(b, technique, unit, cell, digit, explanation)
    }
}

fn full_house(b: &Board) -> Option<Single> {
    let n = b.n();
    // most positions have no unit with one empty cell: check them all at once
    first_single_bit(b.all_open(), |m| m)?;
    scan_order(n).find_map(|unit| {
        let open = b.open(unit);
        if !is_single_bit(open) {
            return None;
        }
        let cell = b.cell_at(unit, open.trailing_zeros());
        let digit = (DigitSet::full(n) - b.placed(unit)).single_digit()?;
        b.candidates(cell).contains(digit).then_some(Single {
            technique: Technique::FullHouse,
            unit,
            cell,
            digit,
        })
    })
}

fn naked_single(b: &Board) -> Option<Single> {
    let cands = b.all_candidates();
    first_single_bit(cands, DigitSet::bits).map(|cell| Single {
        technique: Technique::NakedSingle,
        unit: b.geometry().cell_units[cell][2],
        cell,
        digit: cands[cell].bits().trailing_zeros() as u8 + 1,
    })
}

fn hidden_single(b: &Board) -> Option<Single> {
    let n = b.n();
    // a placed digit has no position left in the unit, so every digit's
    // mask can be tested without looking at what is placed; the scan order
    // is boxes, then rows and columns
    let (first, pos) = [2 * n..3 * n, 0..2 * n].into_iter().find_map(|units| {
        let masks = b.units_positions(units.clone());
        let i = first_single_bit(masks, |m| m)?;
        Some((units.start * n + i, masks[i]))
    })?;
    let unit = first / n;
    Some(Single {
        technique: Technique::HiddenSingle,
        unit,
        cell: b.cell_at(unit, pos.trailing_zeros()),
        digit: (first % n) as u8 + 1,
    })
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
