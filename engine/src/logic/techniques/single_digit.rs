//! Single-digit patterns built from strong links (a unit where a digit fits
//! exactly two cells, so one of them holds it). Skyscraper: two parallel
//! strong links whose one pair of ends shares a line. Two-string kite: a row
//! link and a column link whose one pair of ends shares a box. Either way, one
//! of the two far ends holds the digit, and cells seeing both lose it.

use std::ops::Range;

use super::board::Board;
use super::has_two_bits;
use super::text;
use crate::board::digits::DigitSet;
use crate::logic::step::{Step, Technique};

/// A strong link: the unit and its two cells, in unit order.
pub type Link = (usize, usize, usize);

/// The strong links of `digit` in `units`, into `out`.
pub fn strong_links(b: &Board, digit: u8, units: Range<usize>, out: &mut Vec<Link>) {
    out.clear();
    for unit in units {
        let pos = b.positions(unit, digit);
        if has_two_bits(pos) {
            let p = b.cell_at(unit, pos.trailing_zeros());
            let q = b.cell_at(unit, 31 - pos.leading_zeros());
            out.push((unit, p, q));
        }
    }
}

/// Two rows (or two columns) where the digit fits two cells each, with one
/// end of each in the same column (row) and the other ends apart.
pub fn find_skyscraper(b: &Board) -> Option<Step> {
    find_skyscraper_among(b, DigitSet::full(b.n()))
}

/// `find_skyscraper` on the digits of `digits` only.
pub(crate) fn find_skyscraper_among(b: &Board, digits: DigitSet) -> Option<Step> {
    let n = b.n();
    let geo = b.geometry();
    let mut found = Vec::new();
    digits.iter().find_map(|digit| {
        [(0, 1), (n, 0)].into_iter().find_map(|(base, cross)| {
            // cross = 1: the shared line of a row link is a column (cell_units[1])
            strong_links(b, digit, base..base + n, &mut found);
            found.iter().enumerate().find_map(|(i, &(u1, a1, b1))| {
                found[i + 1..].iter().find_map(|&(u2, a2, b2)| {
                    let line = |c: usize| geo.cell_units[c][cross];
                    // pick the ends that share a line; the others must not
                    let ((base1, end1), (base2, end2)) = [(a1, b1), (b1, a1)]
                        .into_iter()
                        .flat_map(|e1| [(a2, b2), (b2, a2)].into_iter().map(move |e2| (e1, e2)))
                        .find(|&((s1, t1), (s2, t2))| {
                            line(s1) == line(s2) && line(t1) != line(t2)
                        })?;
                    let eliminations = b.common_peers_with(&[end1, end2], digit);
                    (!eliminations.is_empty()).then(|| Step {
                        technique: Technique::Skyscraper,
                        units: vec![u1, u2, line(base1)],
                        cells: vec![base1, end1, base2, end2],
                        placements: vec![],
                        explanation: b.explain(|| {
                            format!(
                                "Skyscraper: {} fits only two cells in each of {}, and {} and {} \
                             share {}; so {} or {} is {}, and {}",
                                text::digit(digit),
                                text::units(geo, &[u1, u2]),
                                geo.cell_name(base1),
                                geo.cell_name(base2),
                                geo.unit_name(line(base1)),
                                geo.cell_name(end1),
                                geo.cell_name(end2),
                                text::digit(digit),
                                text::removals(geo, &eliminations)
                            )
                        }),
                        eliminations,
                    })
                })
            })
        })
    })
}

/// A row and a column where the digit fits two cells each, with one end of
/// each in the same box (the four cells distinct).
pub fn find_two_string_kite(b: &Board) -> Option<Step> {
    find_two_string_kite_among(b, DigitSet::full(b.n()))
}

/// `find_two_string_kite` on the digits of `digits` only.
pub(crate) fn find_two_string_kite_among(b: &Board, digits: DigitSet) -> Option<Step> {
    let n = b.n();
    let geo = b.geometry();
    let (mut rows, mut cols) = (Vec::new(), Vec::new());
    digits.iter().find_map(|digit| {
        strong_links(b, digit, 0..n, &mut rows);
        strong_links(b, digit, n..2 * n, &mut cols);
        rows.iter().find_map(|&(row, r1, r2)| {
            cols.iter().find_map(|&(col, c1, c2)| {
                let ((ra, rb), (ca, cb)) = [(r1, r2), (r2, r1)]
                    .into_iter()
                    .flat_map(|r| [(c1, c2), (c2, c1)].into_iter().map(move |c| (r, c)))
                    .find(|&((ra, rb), (ca, cb))| {
                        let distinct = ra != ca && ra != cb && rb != ca && rb != cb;
                        distinct && geo.box_of(ra) == geo.box_of(ca)
                    })?;
                let eliminations = b.common_peers_with(&[rb, cb], digit);
                let boxu = geo.cell_units[ra][2];
                (!eliminations.is_empty()).then(|| {
                    Step {
                    technique: Technique::TwoStringKite,
                    units: vec![row, col, boxu],
                    cells: vec![ra, rb, ca, cb],
                    placements: vec![],
                    explanation: b.explain(|| format!(
                        "Two-string kite: {} fits only {} and {} in {}, and only {} and {} in {}; \
                         {} and {} share {}, so {} or {} is {}, and {}",
                        text::digit(digit),
                        geo.cell_name(ra),
                        geo.cell_name(rb),
                        geo.unit_name(row),
                        geo.cell_name(ca),
                        geo.cell_name(cb),
                        geo.unit_name(col),
                        geo.cell_name(ra),
                        geo.cell_name(ca),
                        geo.unit_name(boxu),
                        geo.cell_name(rb),
                        geo.cell_name(cb),
                        text::digit(digit),
                        text::removals(geo, &eliminations)
                    )),
                    eliminations,
                }
                })
            })
        })
    })
}
