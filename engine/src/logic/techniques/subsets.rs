//! Naked and hidden subsets (pairs, triples, quads). Both, and the fish, are
//! one search: choose k items (cells, digits or lines) whose masks together
//! cover exactly k bits.

use super::board::Board;
use super::{bits, scan_order, text};
use crate::board::digits::DigitSet;
use crate::logic::step::{Step, Technique};

/// Calls `found` with each choice of `k` (at most 4) items whose masks
/// together cover exactly `k` bits, with the union, until it returns `Some`.
/// Callers pass only items of 2..=k bits. Choices come in lexicographic
/// order of indices and are pruned as soon as the union grows past `k`
/// bits; the search is a loop over an index stack (no recursion, no
/// allocation), since most calls find nothing and pay only for the walk.
pub fn find_locked_set<R>(
    masks: &[u32],
    k: usize,
    found: &mut impl FnMut(&[usize], u32) -> Option<R>,
) -> Option<R> {
    debug_assert!(k <= 4);
    let len = masks.len();
    if len < k {
        return None;
    }
    let mut chosen = [0usize; 4];
    // unions[d]: the union of the first d chosen masks
    let mut unions = [0u32; 4];
    let mut depth = 0;
    let mut i = 0;
    loop {
        // too few items left to fill the choice: back up one level
        if i + (k - depth) > len {
            if depth == 0 {
                return None;
            }
            depth -= 1;
            i = chosen[depth] + 1;
            continue;
        }
        let u = unions[depth] | masks[i];
        if at_most_bits(u, k) {
            chosen[depth] = i;
            if depth + 1 == k {
                // at most k bits and not at most k - 1: exactly k
                if !at_most_bits(u, k - 1)
                    && let Some(r) = found(&chosen[..k], u)
                {
                    return Some(r);
                }
            } else {
                depth += 1;
                unions[depth] = u;
            }
        }
        i += 1;
    }
}

/// Whether `mask` has at most `k` bits set, without `count_ones` (no
/// popcnt on baseline x86-64): clear the lowest bit `k` times.
pub(crate) fn at_most_bits(mut mask: u32, k: usize) -> bool {
    for _ in 0..k {
        mask &= mask.wrapping_sub(1);
    }
    mask == 0
}

/// Whether `mask` has 2..=k bits set: what subset and fish items need.
pub(crate) fn is_item(mask: u32, k: usize) -> bool {
    let rest = mask & mask.wrapping_sub(1);
    rest != 0 && at_most_bits(rest, k - 1)
}

fn naked_technique(k: usize) -> Technique {
    match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

fn hidden_technique(k: usize) -> Technique {
    match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

/// k cells of a unit whose candidates together are k digits: the other cells
/// of the unit lose those digits. Only units with at least 2k empty cells are
/// searched: with fewer, the other cells form a smaller hidden subset with
/// the same eliminations, which `find_step` tries first.
pub fn find_naked_subset(b: &Board, k: usize) -> Option<Step> {
    find_naked_subset_among(b, k, u128::MAX)
}

/// `find_naked_subset` in the units of `units` (bit u for unit u) only.
pub(crate) fn find_naked_subset_among(b: &Board, k: usize, units: u128) -> Option<Step> {
    let geo = b.geometry();
    let mut masks = [0u32; 32];
    let mut slots = [0u32; 32];
    scan_order(b.n()).find_map(|unit| {
        let open = b.open(unit);
        if units & 1 << unit == 0 || (open.count_ones() as usize) < 2 * k {
            return None;
        }
        let mut len = 0;
        for p in bits(open) {
            let cands = b.candidates(b.cell_at(unit, p)).bits();
            if is_item(cands, k) {
                masks[len] = cands;
                slots[len] = p;
                len += 1;
            }
        }
        find_locked_set(&masks[..len], k, &mut |chosen, union| {
            let inside = chosen.iter().fold(0u32, |m, &i| m | 1 << slots[i]);
            let others = || bits(open & !inside).map(|p| b.cell_at(unit, p));
            if !others().any(|c| b.candidates(c).bits() & union != 0) {
                return None;
            }
            let set: Vec<usize> = bits(inside).map(|p| b.cell_at(unit, p)).collect();
            let digits = DigitSet(union);
            let eliminations: Vec<(usize, u8)> = others()
                .flat_map(|c| (b.candidates(c) & digits).iter().map(move |d| (c, d)))
                .collect();
            Some(Step {
                technique: naked_technique(k),
                explanation: b.explain(|| {
                    format!(
                        "{}: in {}, {} hold only {}, so {}",
                        naked_technique(k).name(),
                        geo.unit_name(unit),
                        text::cells(geo, &set),
                        text::digits(digits),
                        text::removals(geo, &eliminations)
                    )
                }),
                units: vec![unit],
                cells: set,
                placements: vec![],
                eliminations,
            })
        })
    })
}

/// k digits of a unit that fit only k cells: those cells lose every other
/// digit. Only units with at least 2k + 1 empty cells are searched: with
/// fewer, the other cells form a naked subset of at most k cells with the
/// same eliminations, which `find_step` tries first.
pub fn find_hidden_subset(b: &Board, k: usize) -> Option<Step> {
    find_hidden_subset_among(b, k, u128::MAX)
}

/// `find_hidden_subset` in the units of `units` (bit u for unit u) only.
pub(crate) fn find_hidden_subset_among(b: &Board, k: usize, units: u128) -> Option<Step> {
    let geo = b.geometry();
    let n = b.n();
    let mut masks = [0u32; 32];
    let mut digits = [0u8; 32];
    scan_order(n).find_map(|unit| {
        if units & 1 << unit == 0 || (b.open(unit).count_ones() as usize) < 2 * k + 1 {
            return None;
        }
        let mut len = 0;
        // placed digits have no positions, so they are never items
        for (d, &pos) in (1..).zip(b.unit_positions(unit)) {
            if is_item(pos, k) {
                masks[len] = pos;
                digits[len] = d;
                len += 1;
            }
        }
        find_locked_set(&masks[..len], k, &mut |chosen, union| {
            let set: DigitSet = chosen.iter().map(|&i| digits[i]).collect();
            let cells = || bits(union).map(|p| b.cell_at(unit, p));
            if cells().all(|c| (b.candidates(c) - set).is_empty()) {
                return None;
            }
            let eliminations: Vec<(usize, u8)> = cells()
                .flat_map(|c| (b.candidates(c) - set).iter().map(move |d| (c, d)))
                .collect();
            let cells: Vec<usize> = cells().collect();
            Some(Step {
                technique: hidden_technique(k),
                explanation: b.explain(|| {
                    format!(
                        "{}: in {}, {} can only go in {}, so {}",
                        hidden_technique(k).name(),
                        geo.unit_name(unit),
                        text::digits(set),
                        text::cells(geo, &cells),
                        text::removals(geo, &eliminations)
                    )
                }),
                units: vec![unit],
                cells,
                placements: vec![],
                eliminations,
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force over all k-subsets, as the oracle for the pruned search.
    fn brute(masks: &[u32], k: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for bitset in 0u32..1 << masks.len() {
            if bitset.count_ones() as usize == k {
                let idx: Vec<usize> = bits(bitset).map(|i| i as usize).collect();
                let u = idx.iter().fold(0, |a, &i| a | masks[i]);
                if u.count_ones() as usize == k {
                    out.push(idx);
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn locked_set_search_matches_brute_force() {
        let masks = [0b0011, 0b0110, 0b0011, 0b1100, 0b0101, 0b1001, 0b0111];
        for k in 2..=4 {
            let mut got = Vec::new();
            find_locked_set::<()>(&masks, k, &mut |c, _| {
                got.push(c.to_vec());
                None
            });
            got.sort();
            assert_eq!(got, brute(&masks, k), "k = {k}");
        }
    }
}
