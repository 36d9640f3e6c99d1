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
/// Copied, not boxed: a search builds hundreds of them.
#[derive(Clone, Copy)]
struct Als {
    cells: [usize; MAX_CELLS],
    len: usize,
    digits: DigitSet,
    unit: usize,
}

impl Als {
    fn cells(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

/// An ALS-XZ step: a bivalue cell and an ALS of one unit, the first of
/// those with the fewest cells.
pub fn find_als_xz(b: &Board) -> Option<Step> {
    let n = b.n();
    let geo = b.geometry();
    let most = if n <= 9 { MAX_CELLS } else { 2 };
    let sets = almost_locked_sets(b, most);
    let by_pair = ByPair::of(n, &sets);
    let pivots = (0..geo.cell_count()).filter(|&c| b.value(c) == 0 && b.candidates(c).len() == 2);
    // the smallest set's, as SE finds its wings, the smaller rated lower;
    // one pass, each set looked at only while smaller than the best so far
    let mut best: Option<(usize, Step)> = None;
    'pivots: for pivot in pivots {
        let pair = b.candidates(pivot);
        // the sets holding both of the pivot's digits, in `sets` order
        for set in by_pair.holding(pair).iter().map(|&i| &sets[i as usize]) {
            let smaller = best.as_ref().is_none_or(|found| set.len < found.0);
            if !smaller || set.cells().contains(&pivot) {
                continue;
            }
            for x in pair {
                // X restricted: every X of the set sees the bivalue cell
                let restricted = set
                    .cells()
                    .iter()
                    .filter(|&&c| b.candidates(c).contains(x))
                    .all(|&c| geo.sees(c, pivot));
                if !restricted {
                    continue;
                }
                let z = other(pair, x);
                // every Z of both sets sees a cell that loses Z: the common
                // peers of the Z cells (a cell is not its own peer)
                let mut holders = [0usize; MAX_CELLS + 1];
                let mut count = 0;
                for &c in set.cells().iter().filter(|&&c| b.candidates(c).contains(z)) {
                    holders[count] = c;
                    count += 1;
                }
                holders[count] = pivot;
                let eliminations = b.common_peers_with(&holders[..=count], z);
                if !eliminations.is_empty() {
                    best = Some((set.len, step(b, pivot, set, x, z, eliminations)));
                    if set.len == 2 {
                        break 'pivots;
                    }
                    break;
                }
            }
        }
    }
    best.map(|(_, step)| step)
}

/// The digit of a pair that is not `x`.
fn other(pair: DigitSet, x: u8) -> u8 {
    (pair - DigitSet::single(x)).first().unwrap_or(x)
}

/// The indices of the sets that hold each pair of digits, ascending: a
/// pivot looks only at the sets that can pair with it.
struct ByPair {
    n: usize,
    /// `start[p * n + q]..start[p * n + q + 1]` indexes `sets` for the
    /// digits p + 1 < q + 1.
    start: Vec<u32>,
    sets: Vec<u32>,
}

impl ByPair {
    fn of(n: usize, sets: &[Als]) -> ByPair {
        let pairs = |digits: DigitSet| {
            let bits = digits.bits();
            super::bits(bits).flat_map(move |p| {
                super::bits(bits & !((2 << p) - 1)).map(move |q| p as usize * n + q as usize)
            })
        };
        let mut start = vec![0u32; n * n + 1];
        for set in sets {
            for k in pairs(set.digits) {
                start[k + 1] += 1;
            }
        }
        for k in 0..n * n {
            start[k + 1] += start[k];
        }
        let mut fill = start.clone();
        let mut by = vec![0u32; start[n * n] as usize];
        for (i, set) in sets.iter().enumerate() {
            for k in pairs(set.digits) {
                by[fill[k] as usize] = i as u32;
                fill[k] += 1;
            }
        }
        ByPair { n, start, sets: by }
    }

    /// The sets holding both digits of `pair` (a set of two).
    fn holding(&self, pair: DigitSet) -> &[u32] {
        let bits = pair.bits();
        let (p, q) = (
            bits.trailing_zeros() as usize,
            31 - bits.leading_zeros() as usize,
        );
        let k = p * self.n + q;
        &self.sets[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

/// Every ALS of 2 to `most` cells in one unit (the bivalue cells are the
/// one-cell ones, found apart).
fn almost_locked_sets(b: &Board, most: usize) -> Vec<Als> {
    let geo = b.geometry();
    let mut sets = Vec::new();
    let mut open = Vec::with_capacity(b.n());
    for (unit, cells) in geo.units.iter().enumerate() {
        open.clear();
        open.extend(cells.iter().copied().filter(|&c| b.value(c) == 0));
        let mut chosen = Als {
            cells: [0; MAX_CELLS],
            len: 0,
            digits: DigitSet::EMPTY,
            unit,
        };
        grow(b, &open, 0, most, &mut chosen, &mut |set| {
            if set.len >= 2 && set.digits.len() as usize == set.len + 1 {
                sets.push(*set);
            }
        });
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
    chosen: &mut Als,
    visit: &mut impl FnMut(&Als),
) {
    let digits = chosen.digits;
    for i in from..open.len() {
        let with = digits | b.candidates(open[i]);
        if with.len() as usize > most + 1 {
            continue;
        }
        chosen.cells[chosen.len] = open[i];
        chosen.len += 1;
        chosen.digits = with;
        visit(chosen);
        if chosen.len < most {
            grow(b, open, i + 1, most, chosen, visit);
        }
        chosen.len -= 1;
    }
    chosen.digits = digits;
}

fn step(b: &Board, pivot: usize, set: &Als, x: u8, z: u8, eliminations: Vec<(usize, u8)>) -> Step {
    let geo = b.geometry();
    let mut cells = vec![pivot];
    cells.extend(set.cells());
    let explanation = b.explain(|| {
        format!(
            "{}: {} holds {} and {} in {} holds {} (one digit more than cells); {} \
             can be in only one of them, since every {} of the set sees {}, so the other is locked \
             and one of them holds {}: {}",
            Technique::AlsXz.name(),
            geo.cell_name(pivot),
            text::join_or(b.candidates(pivot)),
            text::cells(geo, set.cells()),
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

/// Cells an ALS of an ALS-XY-wing may have: three sets multiply the search.
const MAX_WING_CELLS: usize = 3;

/// The first ALS-XY-wing (HoDoKu's): three almost locked sets A, B and C,
/// bivalue cells counted, B sharing a restricted common digit X with A and
/// another, Y, with C. B holds X or Y (it loses at most one digit), so A
/// loses X or C loses Y, and that set is locked: a digit Z of both A and C
/// is in one of them, and a cell that sees every Z of both loses it.
pub fn find_als_xy_wing(b: &Board) -> Option<Step> {
    let n = b.n();
    let geo = b.geometry();
    let most = if n <= 9 { MAX_WING_CELLS } else { 2 };
    let mut sets: Vec<Als> = (0..geo.cell_count())
        .filter(|&c| b.value(c) == 0 && b.candidates(c).len() == 2)
        .map(|c| Als {
            cells: [c, 0, 0, 0],
            len: 1,
            digits: b.candidates(c),
            unit: geo.cell_units[c][2],
        })
        .collect();
    sets.extend(almost_locked_sets(b, most));
    // by set, the sets it shares a restricted common digit with
    let mut restricted: Vec<Vec<(usize, u8)>> = vec![Vec::new(); sets.len()];
    for (i, p) in sets.iter().enumerate() {
        for (j, q) in sets.iter().enumerate().skip(i + 1) {
            if (p.digits & q.digits).is_empty() || overlap(p, q) {
                continue;
            }
            for x in p.digits & q.digits {
                if is_restricted(b, p, q, x) {
                    restricted[i].push((j, x));
                    restricted[j].push((i, x));
                }
            }
        }
    }
    for (pivot, links) in restricted.iter().enumerate() {
        for (k, &(a, x)) in links.iter().enumerate() {
            for &(c, y) in &links[k + 1..] {
                let (sa, sc) = (&sets[a], &sets[c]);
                if x == y || a == c || overlap(sa, sc) {
                    continue;
                }
                let zs = (sa.digits & sc.digits) - DigitSet::single(x) - DigitSet::single(y);
                for z in zs {
                    let mut holders = [0usize; 2 * MAX_WING_CELLS];
                    let mut count = 0;
                    for &cell in sa.cells().iter().chain(sc.cells()) {
                        if b.candidates(cell).contains(z) {
                            holders[count] = cell;
                            count += 1;
                        }
                    }
                    let eliminations = b.common_peers_with(&holders[..count], z);
                    if !eliminations.is_empty() {
                        let wing = [sa, &sets[pivot], sc];
                        return Some(wing_step(b, wing, [x, y, z], eliminations));
                    }
                }
            }
        }
    }
    None
}

fn overlap(p: &Als, q: &Als) -> bool {
    p.cells().iter().any(|c| q.cells().contains(c))
}

/// Whether every X of `p` sees every X of `q`: X is in at most one of them.
fn is_restricted(b: &Board, p: &Als, q: &Als, x: u8) -> bool {
    let geo = b.geometry();
    let with = |s: &Als| {
        s.cells
            .into_iter()
            .take(s.len)
            .filter(move |&c| b.candidates(c).contains(x))
    };
    with(p).all(|c| with(q).all(|d| geo.sees(c, d)))
}

/// The step of an ALS-XY-wing [A, B, C] with digits [X, Y, Z], spelled as
/// the chain it is: A's Zs off, so A locked holds X; B's Xs off, so B holds
/// Y; C's Ys off, so C holds Z.
fn wing_step(b: &Board, wing: [&Als; 3], xyz: [u8; 3], eliminations: Vec<(usize, u8)>) -> Step {
    let geo = b.geometry();
    let [x, y, z] = xyz;
    let mut cells = Vec::new();
    for set in wing {
        cells.extend(set.cells());
    }
    let explanation = b.explain(|| {
        let holding = |set: &Als, d: u8| {
            let of: Vec<usize> = set
                .cells()
                .iter()
                .copied()
                .filter(|&c| b.candidates(c).contains(d))
                .collect();
            super::grouped::node_name(geo, &of)
        };
        let node = |set: &Als, d: u8, on: bool| {
            let sign = if on { "=" } else { "≠" };
            format!("{}{sign}{}", holding(set, d), text::digit(d))
        };
        let named: Vec<String> = ["A", "B", "C"]
            .iter()
            .zip(wing)
            .map(|(name, set)| {
                format!(
                    "{name} = {} {}",
                    text::cells(geo, set.cells()),
                    text::candidates(set.digits)
                )
            })
            .collect();
        let [a, pivot, c] = wing;
        let chain = [
            node(a, z, false),
            node(a, x, true),
            node(pivot, x, false),
            node(pivot, y, true),
            node(c, y, false),
            node(c, z, true),
        ];
        format!(
            "{}: almost locked sets {}; {} and {} are restricted common digits \
             (every {} of A sees every {} of B, every {} of B every {} of C): {}; \
             so {} or {} is {}, and {}",
            Technique::AlsXyWing.name(),
            text::join_and(&named),
            text::digit(x),
            text::digit(y),
            text::digit(x),
            text::digit(x),
            text::digit(y),
            text::digit(y),
            chain.join(" → "),
            holding(a, z),
            holding(c, z),
            text::digit(z),
            text::removals(geo, &eliminations)
        )
    });
    Step {
        technique: Technique::AlsXyWing,
        units: wing.iter().map(|s| s.unit).collect(),
        cells,
        placements: vec![],
        eliminations,
        explanation,
    }
}
