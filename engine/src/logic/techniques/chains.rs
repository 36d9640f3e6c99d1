//! Chains: a run of forced deductions that starts from "this cell is not z"
//! and ends in "that cell is z", so one of the two ends holds z and every
//! cell seeing both loses it.
//!
//! X-chain: one digit. Strong links (a unit where it fits two cells: if one
//! is not the digit the other is) alternate with weak links (two cells of a
//! unit: if one is the digit the other is not), strong at both ends.
//! XY-chain: cells with two candidates, each seeing the next and sharing a
//! digit with it: if a cell is not one of its digits it is the other, and the
//! next cell loses that one.
//!
//! Both search every start breadth first and keep the shortest chain found,
//! up to a bound; they run only when every simpler technique has failed. A
//! chain that comes back to force its own start needs no form of its own: a
//! shorter chain inside it already removes the candidate that loop would.

use super::board::{Board, cells_of};
use super::chain_search::{Graph, NONE, Search};
use super::has_two_bits;
use super::text;
use super::wings::shared_unit;
use crate::board::digits::DigitSet;
use crate::board::geometry::Geometry;
use crate::logic::step::{Step, Technique};

/// Most strong links in an X-chain (11 links in all).
const MAX_STRONG_LINKS: usize = 6;
/// Most cells in an XY-chain.
const MAX_XY_CELLS: usize = 8;

/// The shortest chain found so far, with what it needs to become a step.
struct Best {
    path: Vec<(u32, u32)>,
    start: usize,
    digit: u8,
}

/// The bound for the next search: shorter than the best chain so far.
fn bound(best: &Option<Best>, max: usize) -> usize {
    best.as_ref().map_or(max, |b| b.path.len() - 1)
}

/// X-chains on every digit; the shortest one that removes a candidate.
pub fn find_x_chain(b: &Board) -> Option<Step> {
    find_x_chain_among(b, DigitSet::full(b.n()))
}

/// `find_x_chain` on the digits of `digits` only.
pub(crate) fn find_x_chain_among(b: &Board, digits: DigitSet) -> Option<Step> {
    let geo = b.geometry();
    let cells = geo.cell_count();
    let mut links = StrongLinks {
        partners: vec![[NONE; 3]; cells],
        ends: Vec::new(),
    };
    let mut graph = Graph::default();
    let mut search = Search::default();
    let mut holding = Vec::new();
    let layout = b.layout();
    let mut end_bits = Vec::new();
    let mut best: Option<Best> = None;
    for digit in digits {
        links.find(b, digit);
        // one strong link alone removes what locked candidates would: a chain
        // worth finding has two
        if links.ends.len() < 4 {
            continue;
        }
        b.digit_bits(digit, &mut holding);
        let (partners, ends) = (&links.partners, &links.ends);
        end_bits.clear();
        end_bits.resize(layout.cell_words(), 0);
        for &z in ends {
            end_bits[z / 64] |= 1 << (z % 64);
        }
        // a state is a cell holding the digit: the cell is on, the cells
        // with a strong link that see it are off, so their partners are on
        graph.build(cells, ends.iter().copied(), |y, out| {
            for z in cells_of(both(layout.peer_bits(y), &end_bits)) {
                for &p in partners[z].iter().take_while(|&&p| p != NONE) {
                    if p as usize != y {
                        out.push((p, z as u32));
                    }
                }
            }
        });
        for &start in ends {
            let max = bound(&best, MAX_STRONG_LINKS);
            let mut first = [(NONE, NONE); 3];
            for (slot, &p) in first.iter_mut().zip(&partners[start]) {
                *slot = (p, start as u32);
            }
            let len = partners[start].iter().take_while(|&&p| p != NONE).count();
            let hit = |end: u32| {
                let e = end as usize;
                e != start && sees_both(b, &holding, start, e)
            };
            if let Some(path) = search.shortest(&graph, &first[..len], max, hit) {
                best = Some(Best { path, start, digit });
            }
        }
    }
    best.map(|best| x_chain_step(b, &best))
}

/// The words of the intersection of two sets of cells.
fn both<'a>(x: &'a [u64], y: &'a [u64]) -> impl Iterator<Item = u64> + 'a {
    x.iter().zip(y).map(|(p, q)| p & q)
}

/// True when a cell of `holding` (a set of cells) sees both `a` and `b`:
/// a chain between them removes something.
fn sees_both(board: &Board, holding: &[u64], a: usize, b: usize) -> bool {
    let layout = board.layout();
    let (pa, pb) = (layout.peer_bits(a), layout.peer_bits(b));
    pa.iter()
        .zip(pb)
        .zip(holding)
        .any(|((x, y), h)| x & y & h != 0)
}

/// The strong links of one digit: for each cell, its partners in the units
/// where the digit fits two cells (`NONE` after the last), and the cells
/// with at least one, in cell order.
struct StrongLinks {
    partners: Vec<[u32; 3]>,
    ends: Vec<usize>,
}

impl StrongLinks {
    fn find(&mut self, b: &Board, digit: u8) {
        for &cell in &self.ends {
            self.partners[cell] = [NONE; 3];
        }
        self.ends.clear();
        for unit in 0..3 * b.n() {
            let pos = b.positions(unit, digit);
            if !has_two_bits(pos) {
                continue; // not exactly two places
            }
            let (p, q) = (
                b.cell_at(unit, pos.trailing_zeros()),
                b.cell_at(unit, 31 - pos.leading_zeros()),
            );
            self.link(p, q);
            self.link(q, p);
        }
        self.ends.sort_unstable();
    }

    /// Adds `to` to the partners of `from` (two units can link the same pair).
    fn link(&mut self, from: usize, to: usize) {
        let slots = &mut self.partners[from];
        if slots[0] == NONE {
            self.ends.push(from);
        }
        if let Some(slot) = slots.iter_mut().find(|s| **s == NONE || **s == to as u32) {
            *slot = to as u32;
        }
    }
}

/// The unit where `digit` fits only `a` and `b` (they share it).
fn strong_unit(b: &Board, digit: u8, a: usize, c: usize) -> usize {
    let geo = b.geometry();
    let (ua, uc) = (geo.cell_units[a], geo.cell_units[c]);
    (0..3)
        .map(|k| ua[k])
        .filter(|&u| u == uc[u / b.n()])
        .find(|&u| b.positions(u, digit).count_ones() == 2)
        .unwrap_or(ua[2])
}

fn x_chain_step(b: &Board, best: &Best) -> Step {
    let geo = b.geometry();
    let (start, digit) = (best.start, best.digit);
    // each strong link as (off cell, on cell); the first starts at `start`
    let links: Vec<(usize, usize)> = best
        .path
        .iter()
        .map(|&(on, via)| (via as usize, on as usize))
        .collect();
    let cells: Vec<usize> = links.iter().flat_map(|&(off, on)| [off, on]).collect();
    let units: Vec<usize> = links
        .iter()
        .map(|&(off, on)| strong_unit(b, digit, off, on))
        .collect();
    let end = cells.last().copied().unwrap_or(start);
    let eliminations = b.common_peers_with(&[start, end], digit);
    let explanation = b.explain(|| {
        let d = text::digit(digit);
        let story: Vec<String> = links
            .iter()
            .zip(&units)
            .enumerate()
            .map(|(i, (&(off, on), &unit))| {
                let (off, on, unit) = (geo.cell_name(off), geo.cell_name(on), geo.unit_name(unit));
                if i == 0 {
                    format!("if {off} is not {d} then {on} is {d} ({unit})")
                } else {
                    format!("so {off} is not {d} and {on} is {d} ({unit})")
                }
            })
            .collect();
        format!(
            "X-chain on {d}: {}; {}",
            story.join(", "),
            conclusion(geo, start, end, digit, &eliminations)
        )
    });
    Step {
        technique: Technique::XChain,
        units,
        cells,
        placements: vec![],
        eliminations,
        explanation,
    }
}

/// "so r1c1 or r4c2 is 5, and 5 can be removed from r2c2".
fn conclusion(
    geo: &Geometry,
    start: usize,
    end: usize,
    digit: u8,
    eliminations: &[(usize, u8)],
) -> String {
    format!(
        "so {} or {} is {}, and {}",
        geo.cell_name(start),
        geo.cell_name(end),
        text::digit(digit),
        text::removals(geo, eliminations)
    )
}

/// XY-chains through every cell with two candidates; the shortest one that
/// removes a candidate.
pub fn find_xy_chain(b: &Board) -> Option<Step> {
    let geo = b.geometry();
    let cells = geo.cell_count();
    // state 2c + i: cell c holds its i-th (0 = lower) digit
    let state = |c: usize, digit: u8| {
        let low = b.candidates(c).first().unwrap_or(0);
        (2 * c + usize::from(digit != low)) as u32
    };
    let on_digit = |s: u32| {
        let cands = b.candidates(s as usize / 2);
        let low = cands.first().unwrap_or(0);
        if s.is_multiple_of(2) {
            low
        } else {
            (cands - DigitSet::single(low)).first().unwrap_or(0)
        }
    };
    let words = b.layout().cell_words();
    // sets of cells: [0] those with two candidates, [d] those holding digit d
    let mut sets = vec![0u64; (b.n() + 1) * words];
    for c in 0..cells {
        let cands = b.candidates(c);
        let (w, bit) = (c / 64, 1u64 << (c % 64));
        if has_two_bits(cands.bits()) {
            sets[w] |= bit;
        }
        for d in cands {
            sets[d as usize * words + w] |= bit;
        }
    }
    let bivalue = &sets[..words];
    let holding = |z: u8| &sets[z as usize * words..][..words];
    let mut graph = Graph::default();
    let active = cells_of(bivalue.iter().copied()).flat_map(|c| [2 * c, 2 * c + 1]);
    graph.build(2 * cells, active, |s, out| {
        let x = s / 2;
        let v = on_digit(s as u32);
        for y in cells_of(both(b.layout().peer_bits(x), bivalue)) {
            let cands = b.candidates(y);
            if cands.contains(v) {
                let w = (cands - DigitSet::single(v)).first().unwrap_or(0);
                out.push((state(y, w), NONE));
            }
        }
    });
    let mut search = Search::default();
    // the cells a chain from the current start could end in
    let mut ends = vec![0u64; words];
    let mut best: Option<Best> = None;
    for start in cells_of(bivalue.iter().copied()) {
        for z in b.candidates(start) {
            let held = holding(z);
            ends.fill(0);
            for e in cells_of(both(bivalue, held)) {
                if e != start && sees_both(b, held, start, e) {
                    ends[e / 64] |= 1 << (e % 64);
                }
            }
            // no cell to end in: nothing to search
            if ends.iter().all(|&w| w == 0) {
                continue;
            }
            let other = (b.candidates(start) - DigitSet::single(z))
                .first()
                .unwrap_or(0);
            let max = bound(&best, MAX_XY_CELLS);
            let hit = |s: u32| {
                let e = s as usize / 2;
                ends[e / 64] & 1 << (e % 64) != 0 && on_digit(s) == z
            };
            let first = [(state(start, other), NONE)];
            if let Some(path) = search.shortest(&graph, &first, max, hit) {
                best = Some(Best {
                    path,
                    start,
                    digit: z,
                });
            }
        }
    }
    best.map(|best| xy_chain_step(b, &best, on_digit))
}

fn xy_chain_step(b: &Board, best: &Best, on_digit: impl Fn(u32) -> u8) -> Step {
    let geo = b.geometry();
    let (start, z) = (best.start, best.digit);
    // each cell of the chain with the digit it is forced to hold
    let chain: Vec<(usize, u8)> = best
        .path
        .iter()
        .map(|&(s, _)| (s as usize / 2, on_digit(s)))
        .collect();
    let cells: Vec<usize> = chain.iter().map(|&(c, _)| c).collect();
    let units: Vec<usize> = cells
        .windows(2)
        .map(|w| shared_unit(geo, w[0], w[1]))
        .collect();
    let end = cells.last().copied().unwrap_or(start);
    let eliminations = b.common_peers_with(&[start, end], z);
    let explanation = b.explain(|| {
        let d = text::digit(z);
        let story: Vec<String> = chain
            .iter()
            .enumerate()
            .map(|(i, &(cell, on))| {
                let named = format!(
                    "{} {}",
                    geo.cell_name(cell),
                    text::candidates(b.candidates(cell))
                );
                let on = text::digit(on);
                if i == 0 {
                    format!("if {named} is not {d} it is {on}")
                } else {
                    format!("so {named} is {on}")
                }
            })
            .collect();
        format!(
            "XY-chain: {}; {}",
            story.join(", "),
            conclusion(geo, start, end, z, &eliminations)
        )
    });
    Step {
        technique: Technique::XyChain,
        units,
        cells,
        placements: vec![],
        eliminations,
        explanation,
    }
}
