//! ALS-XZ with a bivalue cell: an almost locked set (ALS) is a group of k
//! cells of one unit holding k + 1 digits between them; a cell with two
//! candidates is the smallest. If two of them share a digit X only in
//! cells that all see each other (a restricted common), X is in at most
//! one of them, so the other is locked: every other digit Z they share is
//! in one of the two sets, and any cell that sees every Z of both loses Z.
//! With a bivalue cell and an ALS of three cells this is SukakuExplainer's
//! WXYZ-wing, of four its VWXYZ-wing; SE rates them from 5.5.

use super::board::Board;
use super::text;
use crate::board::digits::DigitSet;
use crate::logic::step::{Step, Technique};

/// Cells an ALS may have: past this the sets multiply and the search slows,
/// and SE's wings stop at five cells with the bivalue one.
const MAX_CELLS: usize = 4;

/// An almost locked set: its cells, their digits, and the unit it lies in.
struct Als {
    cells: Vec<usize>,
    digits: DigitSet,
    unit: usize,
}

/// The first ALS-XZ step: a bivalue cell and an ALS of one unit.
pub fn find_als_xz(b: &Board) -> Option<Step> {
    let n = b.n();
    let geo = b.geometry();
    let most = if n <= 9 { MAX_CELLS } else { 2 };
    let sets = almost_locked_sets(b, most);
    let pivots = (0..geo.cell_count()).filter(|&c| b.value(c) == 0 && b.candidates(c).len() == 2);
    for pivot in pivots {
        let pair = b.candidates(pivot);
        for set in sets.iter().filter(|s| !s.cells.contains(&pivot)) {
            let shared = pair & set.digits;
            if shared.len() < 2 {
                continue;
            }
            for x in shared {
                // X restricted: every X of the set sees the bivalue cell
                let restricted = set
                    .cells
                    .iter()
                    .filter(|&&c| b.candidates(c).contains(x))
                    .all(|&c| geo.sees(c, pivot));
                if !restricted {
                    continue;
                }
                let Some(z) = (shared - DigitSet::single(x)).first() else {
                    continue;
                };
                let mut holders: Vec<usize> = set
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| b.candidates(c).contains(z))
                    .collect();
                holders.push(pivot);
                let eliminations: Vec<(usize, u8)> = (0..geo.cell_count())
                    .filter(|&c| b.value(c) == 0 && b.candidates(c).contains(z))
                    .filter(|c| !holders.contains(c) && !set.cells.contains(c))
                    .filter(|&c| holders.iter().all(|&h| geo.sees(c, h)))
                    .map(|c| (c, z))
                    .collect();
                if !eliminations.is_empty() {
                    return Some(step(b, pivot, set, x, z, eliminations));
                }
            }
        }
    }
    None
}

/// Every ALS of 2 to `most` cells in one unit (the bivalue cells are the
/// one-cell ones, found apart).
fn almost_locked_sets(b: &Board, most: usize) -> Vec<Als> {
    let geo = b.geometry();
    let mut sets = Vec::new();
    for (unit, cells) in geo.units.iter().enumerate() {
        let open: Vec<usize> = cells.iter().copied().filter(|&c| b.value(c) == 0).collect();
        let mut chosen = Vec::new();
        grow(
            b,
            &open,
            0,
            most,
            DigitSet::EMPTY,
            &mut chosen,
            &mut |cells, digits| {
                if cells.len() >= 2 && digits.len() as usize == cells.len() + 1 {
                    sets.push(Als {
                        cells: cells.to_vec(),
                        digits,
                        unit,
                    });
                }
            },
        );
    }
    sets
}

/// Visits every subset of `open[from..]` added to `chosen`, up to `most`
/// cells, whose digits stay few enough to make an ALS.
fn grow(
    b: &Board,
    open: &[usize],
    from: usize,
    most: usize,
    digits: DigitSet,
    chosen: &mut Vec<usize>,
    visit: &mut impl FnMut(&[usize], DigitSet),
) {
    for i in from..open.len() {
        let with = digits | b.candidates(open[i]);
        if with.len() as usize > most + 1 {
            continue;
        }
        chosen.push(open[i]);
        visit(chosen, with);
        if chosen.len() < most {
            grow(b, open, i + 1, most, with, chosen, visit);
        }
        chosen.pop();
    }
}

fn step(b: &Board, pivot: usize, set: &Als, x: u8, z: u8, eliminations: Vec<(usize, u8)>) -> Step {
    let geo = b.geometry();
    let mut cells = vec![pivot];
    cells.extend(&set.cells);
    let explanation = b.explain(|| {
        format!(
            "{}: {} holds {} and {} in {} holds {} (one digit more than cells); {} \
             can be in only one of them, since every {} of the set sees {}, so the other is locked \
             and one of them holds {}: {}",
            Technique::AlsXz.name(),
            geo.cell_name(pivot),
            text::join_or(b.candidates(pivot)),
            text::cells(geo, &set.cells),
            geo.unit_name(set.unit),
            text::digits(set.digits),
            text::digit(x),
            text::digit(x),
            geo.cell_name(pivot),
            text::digit(z),
            text::removals(geo, &eliminations)
        )
    });
    Step {
        technique: Technique::AlsXz,
        units: vec![set.unit],
        cells,
        placements: vec![],
        eliminations,
        explanation,
    }
}
