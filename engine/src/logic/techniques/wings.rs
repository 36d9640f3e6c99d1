//! Wings: short chains through bivalue cells that end in two cells of which
//! one must hold a digit z, so every cell seeing both ends loses z.
//! XY-wing: pivot {x,y} sees pincers {x,z} and {y,z}. XYZ-wing: pivot {x,y,z}
//! sees {x,z} and {y,z}, and only cells seeing all three lose z. W-wing: two
//! {x,y} cells joined by a strong link on x, so one of them is y.

use super::board::{Board, cells_of};
use super::single_digit::{Link, strong_links};
use super::text;
use crate::board::digits::DigitSet;
use crate::board::geometry::Geometry;
use crate::logic::step::{Step, Technique};

/// A unit two cells share, rows first (they must see each other).
pub fn shared_unit(geo: &Geometry, a: usize, b: usize) -> usize {
    let (ua, ub) = (geo.cell_units[a], geo.cell_units[b]);
    (0..3).find(|&k| ua[k] == ub[k]).map_or(ua[2], |k| ua[k])
}

/// Pivot {x,y} with bivalue pincers {x,z} and {y,z} that it sees.
pub fn find_xy_wing(b: &Board) -> Option<Step> {
    find_wing(b, 2)
}

/// Pivot {x,y,z} with bivalue pincers {x,z} and {y,z} that it sees.
pub fn find_xyz_wing(b: &Board) -> Option<Step> {
    find_wing(b, 3)
}

/// The pivot has `size` candidates; each pincer is bivalue, sees the pivot,
/// shares one digit with the pivot (XY) or lies inside it (XYZ), and the two
/// pincers share exactly the digit z.
fn find_wing(b: &Board, size: u32) -> Option<Step> {
    let layout = b.layout();
    // the bivalue cells and the possible pivots as sets of cells, so each
    // pivot looks at its bivalue peers only (both in ascending cell order,
    // as `peers` is)
    let words = layout.cell_words();
    let mut bivalue = vec![0u64; words];
    let mut pivots = vec![0u64; words];
    for (c, &cands) in b.all_candidates().iter().enumerate() {
        bivalue[c / 64] |= u64::from(cands.has_len(2)) << (c % 64);
        pivots[c / 64] |= u64::from(cands.has_len(size)) << (c % 64);
    }
    for pivot in cells_of(pivots.iter().copied()) {
        let pc = b.candidates(pivot);
        // a pivot has at most 64 peers (25x25); u16 keeps this small
        let mut pincers = [0u16; 64];
        let mut len = 0;
        let near = layout.peer_bits(pivot).iter().zip(&bivalue);
        for p in cells_of(near.map(|(peers, two)| peers & two)) {
            if (b.candidates(p) & pc).has_len(size - 1) {
                pincers[len] = p as u16;
                len += 1;
            }
        }
        let step = wing_among(b, size, pivot, &pincers[..len]);
        if step.is_some() {
            return step;
        }
    }
    None
}

/// The first XY- or XYZ-wing (`size`) of a pivot with two of its `pincers`.
fn wing_among(b: &Board, size: u32, pivot: usize, pincers: &[u16]) -> Option<Step> {
    let pc = b.candidates(pivot);
    pincers.iter().enumerate().find_map(|(i, &p1)| {
        pincers[i + 1..].iter().find_map(|&p2| {
            let (p1, p2) = (usize::from(p1), usize::from(p2));
            let (c1, c2) = (b.candidates(p1), b.candidates(p2));
            let z = (c1 & c2).single_digit()?;
            // XY: z is outside the pivot and the pincers cover it; XYZ: z inside
            let shape_ok = if size == 2 {
                !pc.contains(z) && (c1 | c2) - DigitSet::single(z) == pc
            } else {
                c1 | c2 == pc && c1 != c2
            };
            if !shape_ok {
                return None;
            }
            let ends: &[usize] = if size == 2 {
                &[p1, p2]
            } else {
                &[p1, p2, pivot]
            };
            let eliminations = b.common_peers_with(ends, z);
            (!eliminations.is_empty()).then(|| wing_step(b, size, pivot, p1, p2, eliminations))
        })
    })
}

fn wing_step(
    b: &Board,
    size: u32,
    pivot: usize,
    p1: usize,
    p2: usize,
    eliminations: Vec<(usize, u8)>,
) -> Step {
    let geo = b.geometry();
    let technique = if size == 2 {
        Technique::XyWing
    } else {
        Technique::XyzWing
    };
    let z = eliminations[0].1;
    let who = if size == 2 {
        "one of the pincers"
    } else {
        "the pivot or a pincer"
    };
    Step {
        technique,
        units: vec![shared_unit(geo, pivot, p1), shared_unit(geo, pivot, p2)],
        cells: vec![pivot, p1, p2],
        placements: vec![],
        explanation: b.explain(|| {
            format!(
                "{}: pivot {} {} with pincers {} {} and {} {}: {who} is {}, so {}",
                technique.name(),
                geo.cell_name(pivot),
                text::candidates(b.candidates(pivot)),
                geo.cell_name(p1),
                text::candidates(b.candidates(p1)),
                geo.cell_name(p2),
                text::candidates(b.candidates(p2)),
                text::digit(z),
                text::removals(geo, &eliminations)
            )
        }),
        eliminations,
    }
}

/// Two cells holding only {x,y} that do not see each other, and a unit where
/// x fits only two cells, one seeing each: one of the pair is y.
pub fn find_w_wing(b: &Board) -> Option<Step> {
    let geo = b.geometry();
    let n = b.n();
    let bivalue: Vec<usize> = (0..geo.cell_count())
        .filter(|&c| b.candidates(c).has_len(2))
        .collect();
    if bivalue.len() < 2 {
        return None;
    }
    // the strong links of each digit, in every unit, found the first time a
    // pair needs them (most boards have few pairs to join)
    let mut strong: Vec<Option<Vec<Link>>> = vec![None; n];
    bivalue.iter().enumerate().find_map(|(i, &a)| {
        let pair = b.candidates(a);
        bivalue[i + 1..].iter().find_map(|&c| {
            if b.candidates(c) != pair || geo.sees(a, c) {
                return None;
            }
            pair.iter().find_map(|x| {
                let y = (pair - DigitSet::single(x)).first()?;
                // what the wing would remove does not depend on the link:
                // most pairs have nothing to remove, and need no link
                let eliminations = b.common_peers_with(&[a, c], y);
                if eliminations.is_empty() {
                    return None;
                }
                let links = strong[x as usize - 1].get_or_insert_with(|| {
                    let mut out = Vec::new();
                    strong_links(b, x, 0..3 * n, &mut out);
                    out
                });
                links.iter().find_map(|&(unit, p, q)| {
                    if [p, q].iter().any(|e| *e == a || *e == c) {
                        return None;
                    }
                    let (pa, qc) = if geo.sees(p, a) && geo.sees(q, c) {
                        (p, q)
                    } else if geo.sees(q, a) && geo.sees(p, c) {
                        (q, p)
                    } else {
                        return None;
                    };
                    Some(Step {
                        technique: Technique::WWing,
                        units: vec![unit],
                        cells: vec![a, c, pa, qc],
                        placements: vec![],
                        explanation: b.explain(|| format!(
                            "W-wing: {} and {} both hold only {}, and in {}, {} must go in {} or {}; \
                             so one of {} and {} is {}, and {}",
                            geo.cell_name(a),
                            geo.cell_name(c),
                            text::candidates(pair),
                            geo.unit_name(unit),
                            text::digit(x),
                            geo.cell_name(pa),
                            geo.cell_name(qc),
                            geo.cell_name(a),
                            geo.cell_name(c),
                            text::digit(y),
                            text::removals(geo, &eliminations)
                        )),
                        eliminations: eliminations.clone(),
                    })
                })
            })
        })
    })
}
