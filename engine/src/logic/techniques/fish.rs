//! Basic fish: X-wing (2 lines), swordfish (3), jellyfish (4). When a digit's
//! places in k rows all fall in k columns, those k rows take the digit once in
//! each of the columns, so the rest of the columns lose it (and the same with
//! rows and columns swapped).

use super::board::Board;
use super::subsets::find_locked_set;
use super::{bits, text};
use crate::board::digits::DigitSet;
use crate::logic::step::{Step, Technique};

fn technique(k: usize) -> Technique {
    match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    }
}

/// A fish of size `k` (2..=4) on any digit, rows as base first, then columns.
pub fn find_fish(b: &Board, k: usize) -> Option<Step> {
    find_fish_among(b, k, DigitSet::full(b.n()))
}

/// `find_fish` on the digits of `digits` only.
pub(crate) fn find_fish_among(b: &Board, k: usize, digits: DigitSet) -> Option<Step> {
    let n = b.n();
    let mut masks = [0u32; 32];
    let mut lines = [0usize; 32];
    digits.iter().find_map(|digit| {
        // base units: rows (cover columns), then columns (cover rows)
        [(0, n), (n, 0)].into_iter().find_map(|(base, cover)| {
            let mut len = 0;
            for line in 0..n {
                let c = b.positions(base + line, digit).count_ones() as usize;
                if (2..=k).contains(&c) {
                    masks[len] = b.positions(base + line, digit);
                    lines[len] = line;
                    len += 1;
                }
            }
            find_locked_set(&masks[..len], k, &mut |chosen, union| {
                // in a cover line, position i is base line i
                let base_mask = chosen.iter().fold(0u32, |m, &i| m | 1 << lines[i]);
                let eliminations: Vec<(usize, u8)> = bits(union)
                    .flat_map(|c| {
                        bits(b.positions(cover + c as usize, digit) & !base_mask)
                            .map(move |p| (b.cell_at(cover + c as usize, p), digit))
                    })
                    .collect();
                if eliminations.is_empty() {
                    return None;
                }
                let base_units: Vec<usize> = chosen.iter().map(|&i| base + lines[i]).collect();
                let cover_units: Vec<usize> = bits(union).map(|c| cover + c as usize).collect();
                let cells: Vec<usize> = base_units
                    .iter()
                    .flat_map(|&u| bits(b.positions(u, digit)).map(move |p| b.cell_at(u, p)))
                    .collect();
                let geo = b.geometry();
                let explanation = b.explain(|| {
                    format!(
                        "{}: in {}, {} can only go in {}, so {}",
                        technique(k).name(),
                        text::units(geo, &base_units),
                        text::digit(digit),
                        text::units(geo, &cover_units),
                        text::removals(geo, &eliminations)
                    )
                });
                Some(Step {
                    technique: technique(k),
                    units: base_units.into_iter().chain(cover_units).collect(),
                    cells,
                    placements: vec![],
                    eliminations,
                    explanation,
                })
            })
        })
    })
}
