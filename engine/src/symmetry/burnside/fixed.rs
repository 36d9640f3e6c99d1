//! How many grids one symmetry fixes up to relabelling, the number Burnside's
//! lemma averages over the group.
//!
//! A grid X is fixed by a cell permutation π up to relabelling when moving
//! its cells by π gives X again with the digits renamed by some σ:
//! `X[π(c)] = σ(X[c])` for every cell c. Relabelling X by τ turns σ into
//! τστ⁻¹, so summing over one σ per cycle type and dividing each count by
//! the order of σ's centraliser gives the number of relabelling classes that
//! π fixes (each class is counted once whatever σ it needs; a grid uses all
//! n digits, so at most one σ works for it).
//!
//! For one pair (π, σ) the count is a search over π's orbits of cells: a
//! digit d put in cell c puts σ(d) in π(c), σ²(d) in π²(c), and so on round
//! the orbit. These cuts make it fast enough for 9x9:
//! - a unit that π maps to itself after k steps holds all n digits, so π^k
//!   on its cells and σ^k on digits have the same cycle type; a σ failing
//!   that for any unit is never searched;
//! - digits of σ-cycles no cell holds yet are interchangeable (the
//!   centraliser of σ moves one such cycle onto another of the same length
//!   and rotates them), so a branch tries one of them and counts it as many
//!   times as there are;
//! - the next orbit filled is the one with the fewest candidate digits;
//! - the count below each position is remembered (`Memo`), one count for
//!   all the positions that a relabelling commuting with σ turns into one
//!   another: most of 9x9's positions come back only renamed.

use std::hash::{Hash, Hasher};

use crate::board::geometry::Shape;

use super::{bits, cycle_type};

/// The search for one cell permutation and one digit permutation.
pub(super) struct Plan {
    n: usize,
    /// The orbits: `cells[starts[i]..starts[i + 1]]` is
    /// orbit i, each cell as its row, column and box unit indices, in the
    /// order c, π(c), π²(c), ...
    cells: Vec<[u8; 3]>,
    starts: Vec<usize>,
    /// Per orbit, the digits whose σ-cycle fits it (length dividing the
    /// orbit's, never twice in a unit the orbit crosses twice).
    fits: Vec<u16>,
    /// `powers[k * n + d]` is σ^k(d).
    powers: Vec<u8>,
    /// `preimages[k << n | m]` is the set of d with σ^k(d) in the set m.
    preimages: Vec<u16>,
    /// The digits of d's σ-cycle, per digit.
    cycle_of: Vec<u16>,
    /// The digits in σ-cycles of each length, one entry per length present.
    by_length: Vec<u16>,
    /// σ's cycles, each as d, σ(d), σ²(d), ..., grouped by length in the
    /// order of `by_length`: the relabellings that commute with σ move
    /// cycles within a group and turn them round.
    cycles: Vec<Vec<Vec<u8>>>,
    /// The order of σ's centraliser in the symmetric group on the digits.
    centraliser: u64,
}

/// A partial search: the orbits filled first with the digit that starts
/// each, and how many interchangeable branches that choice stands for.
#[derive(Clone, Debug)]
pub(super) struct Prefix {
    path: Vec<(u16, u8)>,
    weight: u64,
}

/// The searches that can find grids `source` fixes up to relabelling, one per
/// digit cycle type that passes the unit test. `source[c]` is the cell whose
/// value moves to cell c (`Transform`'s convention), so π = `source`.
pub(super) fn plans(shape: Shape, source: &[usize]) -> Vec<Plan> {
    let n = shape.n();
    partitions(n)
        .into_iter()
        .map(|lengths| digit_cycles(&lengths))
        .filter(|sigma| units_allow(shape, source, sigma))
        .map(|sigma| Plan::new(shape, source, &sigma))
        .collect()
}

/// The permutation of 0..n with consecutive cycles of the given lengths.
fn digit_cycles(lengths: &[usize]) -> Vec<u8> {
    let mut sigma = Vec::new();
    for &len in lengths {
        let start = sigma.len();
        sigma.extend((1..len).map(|i| (start + i) as u8));
        sigma.push(start as u8);
    }
    sigma
}

/// Every partition of n, parts in falling order.
fn partitions(n: usize) -> Vec<Vec<usize>> {
    fn extend(rest: usize, largest: usize, parts: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if rest == 0 {
            out.push(parts.clone());
        }
        for part in (1..=largest.min(rest)).rev() {
            parts.push(part);
            extend(rest - part, part, parts, out);
            parts.pop();
        }
    }
    let mut out = Vec::new();
    extend(n, n, &mut Vec::new(), &mut out);
    out
}

/// The unit test of the module doc: for each unit, the first power of π
/// that maps it onto itself has the cycle type on its cells that the same
/// power of σ has on digits.
fn units_allow(shape: Shape, source: &[usize], sigma: &[u8]) -> bool {
    let geometry = shape.geometry();
    let power = |k: usize, mut x: usize, map: &dyn Fn(usize) -> usize| {
        for _ in 0..k {
            x = map(x);
        }
        x
    };
    geometry.units.iter().all(|unit| {
        let image_is_unit = |k: usize| {
            let mut image: Vec<usize> = unit.iter().map(|&c| power(k, c, &|x| source[x])).collect();
            image.sort_unstable();
            image == *unit
        };
        let Some(k) = (1..=source.len()).find(|&k| image_is_unit(k)) else {
            return false;
        };
        let cells = cycle_type(unit, |c| power(k, c, &|x| source[x]));
        let digits: Vec<usize> = (0..sigma.len()).collect();
        cells == cycle_type(&digits, |d| power(k, d, &|x| sigma[x] as usize))
    })
}

impl Plan {
    fn new(shape: Shape, source: &[usize], sigma: &[u8]) -> Plan {
        let n = shape.n();
        let geometry = shape.geometry();
        let orbits = orbits(source);
        let longest = orbits.iter().map(Vec::len).max().unwrap_or(1);
        let mut powers: Vec<u8> = (0..n as u8).collect();
        for k in 1..longest {
            let previous = (k - 1) * n;
            for d in 0..n {
                powers.push(sigma[powers[previous + d] as usize]);
            }
        }
        let mut preimages = vec![0u16; longest << n];
        for k in 0..longest {
            for m in 0..1usize << n {
                preimages[k << n | m] = (0..n)
                    .filter(|&d| m >> powers[k * n + d] & 1 == 1)
                    .fold(0, |set, d| set | 1 << d);
            }
        }
        let cycle_of: Vec<u16> = (0..n)
            .map(|d| {
                let mut set = 1u16 << d;
                let mut e = sigma[d] as usize;
                while e != d {
                    set |= 1 << e;
                    e = sigma[e] as usize;
                }
                set
            })
            .collect();
        let mut by_length: Vec<u16> = Vec::new();
        let mut lengths: Vec<u32> = cycle_of.iter().map(|c| c.count_ones()).collect();
        lengths.sort_unstable();
        lengths.dedup();
        for len in &lengths {
            by_length.push(
                (0..n)
                    .filter(|&d| cycle_of[d].count_ones() == *len)
                    .fold(0, |set, d| set | 1 << d),
            );
        }
        let cycles = by_length
            .iter()
            .map(|&same| {
                bits(same)
                    .filter(|&d| cycle_of[d as usize].trailing_zeros() == u32::from(d))
                    .map(|d| {
                        std::iter::successors(Some(d), |&e| Some(sigma[e as usize]))
                            .take(cycle_of[d as usize].count_ones() as usize)
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let centraliser = lengths
            .iter()
            .map(|&len| {
                let count =
                    cycle_of.iter().filter(|c| c.count_ones() == len).count() as u64 / len as u64;
                (len as u64).pow(count as u32) * (1..=count).product::<u64>()
            })
            .product();
        let fits = orbits
            .iter()
            .map(|orbit| {
                (0..n)
                    .filter(|&d| {
                        let len = cycle_of[d].count_ones() as usize;
                        orbit.len() % len == 0
                            && orbit.iter().enumerate().all(|(i, &a)| {
                                orbit[i + 1..]
                                    .iter()
                                    .enumerate()
                                    .all(|(j, &b)| (j + 1) % len != 0 || !geometry.sees(a, b))
                            })
                    })
                    .fold(0, |set, d| set | 1 << d)
            })
            .collect();
        let mut starts = vec![0];
        let mut cells = Vec::new();
        for orbit in &orbits {
            cells.extend(
                orbit
                    .iter()
                    .map(|&c| geometry.cell_units[c].map(|u| u as u8)),
            );
            starts.push(cells.len());
        }
        Plan {
            n,
            cells,
            starts,
            fits,
            powers,
            preimages,
            cycle_of,
            by_length,
            cycles,
            centraliser,
        }
    }

    /// The order of σ's centraliser, which divides every count of this plan.
    pub(super) fn centraliser(&self) -> u64 {
        self.centraliser
    }

    /// The searches below every way of filling the first `depth` orbits,
    /// for sharing one count among threads; their `count_after`s add up to
    /// `count`.
    pub(super) fn split(&self, depth: usize) -> Vec<Prefix> {
        let mut memo = Memo::default();
        let mut search = Search::new(self, &mut memo);
        let mut out = Vec::new();
        search.collect(&mut Vec::new(), 1, depth.min(self.fits.len()), &mut out);
        out
    }

    /// The number of grids that extend one prefix, times its weight.
    /// `memo` keeps the counts of positions met before; share one among
    /// the prefixes of this plan only.
    pub(super) fn count_after(&self, prefix: &Prefix, memo: &mut Memo) -> u64 {
        let mut search = Search::new(self, memo);
        for (filled, &(orbit, d)) in prefix.path.iter().enumerate() {
            search.place_next(filled, orbit, d);
        }
        prefix.weight * search.count(prefix.path.len())
    }
}

/// π's orbits, each from its smallest cell: c, π(c), π²(c), ...
fn orbits(source: &[usize]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; source.len()];
    let mut out = Vec::new();
    for start in 0..source.len() {
        let mut orbit = Vec::new();
        let mut c = start;
        while !seen[c] {
            seen[c] = true;
            orbit.push(c);
            c = source[c];
        }
        if !orbit.is_empty() {
            out.push(orbit);
        }
    }
    out
}

/// The state of one search: the digits still free in each unit, the
/// digits whose σ-cycle some cell already holds, and which orbits are
/// filled (the first `filled` of `order`).
struct Search<'a, 'm> {
    plan: &'a Plan,
    free: Vec<u16>,
    /// `free` the other way round: per digit, the units it is free in.
    signature: [u32; 9],
    touched: u16,
    order: Vec<u16>,
    /// The filled orbits as a set, for `memo`'s keys.
    filled_set: u128,
    memo: &'m mut Memo,
}

/// Counts of the positions a search met, by position: the digits free in
/// each unit and which orbits are filled fix how many ways remain, however
/// the search got there, and so does the same position with its digits
/// renamed by a relabelling that commutes with σ (it maps the grids below
/// one onto the grids below the other). Keys are positions in a canonical
/// form under those relabellings (`Search::position`), so different first
/// bands that leave the same columns to fill up to renaming share a count.
///
/// Slots chosen by a key's hash, a new count taking the place of the old:
/// memory stays bounded however long the search runs. The slots start few
/// and grow fourfold, up to [`MEMO_SLOTS`], each time the inserts since
/// the last growth outnumber them, so that a 4x4 or 6x6 count does not
/// take the 64 MiB a 9x9 one needs. One memo serves a thread from plan to
/// plan: `start` makes the counts of earlier plans stale without touching
/// the slots.
#[derive(Default)]
pub(super) struct Memo {
    slots: Vec<Slot>,
    plan: u32,
    /// Inserts since the slots last grew.
    inserts: usize,
}

/// One memo slot: a position, its count and the plan it belongs to (0 for
/// none yet).
#[derive(Clone, Copy)]
struct Slot {
    position: Position,
    count: u64,
    plan: u32,
}

impl Memo {
    /// Forgets every count: a new plan begins.
    pub(super) fn start(&mut self) {
        self.plan += 1;
    }

    /// The slot of a position among `len` (a power of two).
    fn slot(position: &Position, len: usize) -> usize {
        let mut hash = Mix::default();
        position.hash(&mut hash);
        (hash.finish() >> 32) as usize & (len - 1)
    }

    fn get(&self, position: &Position) -> Option<u64> {
        if self.slots.is_empty() {
            return None;
        }
        let slot = &self.slots[Memo::slot(position, self.slots.len())];
        (slot.plan == self.plan && slot.position == *position).then_some(slot.count)
    }

    fn insert(&mut self, position: Position, count: u64) {
        self.inserts += 1;
        if self.inserts > self.slots.len() && self.slots.len() < MEMO_SLOTS {
            self.grow();
        }
        let plan = self.plan;
        let at = Memo::slot(&position, self.slots.len());
        self.slots[at] = Slot {
            position,
            count,
            plan,
        };
    }

    /// Four times the slots (at least [`MEMO_FIRST_SLOTS`]), keeping the
    /// current plan's counts.
    fn grow(&mut self) {
        let empty = Slot {
            position: Position([0; 3]),
            count: 0,
            plan: 0,
        };
        let len = (self.slots.len() * 4).clamp(MEMO_FIRST_SLOTS, MEMO_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![empty; len]);
        for slot in old.into_iter().filter(|s| s.plan == self.plan) {
            self.slots[Memo::slot(&slot.position, len)] = slot;
        }
        self.inserts = 0;
    }
}

/// A position packed: each digit's signature (the units it is free in) in
/// 27 bits, four to a `u128`, the ninth beside the filled orbits.
#[derive(Clone, Copy, Eq)]
struct Position([u128; 3]);

/// Equality and hashing by whole words: the derived ones go through
/// `memcmp` and bytes, which showed in profiles.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        (self.0[0] ^ other.0[0]) | (self.0[1] ^ other.0[1]) | (self.0[2] ^ other.0[2]) == 0
    }
}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for word in self.0 {
            state.write_u128(word);
        }
    }
}

/// The memo's slots per thread at the most (64 bytes each: 64 MiB).
const MEMO_SLOTS: usize = 1 << 20;

/// The memo's slots when it first stores a count (64 KiB).
const MEMO_FIRST_SLOTS: usize = 1 << 10;

/// Positions with fewer open orbits than this are counted, not looked up:
/// their searches cost less than a lookup.
const MEMO_MIN_OPEN: usize = 4;

/// A multiply-rotate hash (FxHash's): positions are already well mixed
/// bits, and SipHash would cost more than the searches it saves.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u128(&mut self, word: u128) {
        self.write_u64(word as u64);
        self.write_u64((word >> 64) as u64);
    }
}

impl<'a, 'm> Search<'a, 'm> {
    fn new(plan: &'a Plan, memo: &'m mut Memo) -> Search<'a, 'm> {
        Search {
            plan,
            free: vec![(1u16 << plan.n) - 1; 3 * plan.n],
            signature: [(1u32 << (3 * plan.n)) - 1; 9],
            touched: 0,
            order: (0..plan.fits.len() as u16).collect(),
            filled_set: 0,
            memo,
        }
    }

    /// The position in canonical form: the signatures of each group of
    /// same-length σ-cycles, each cycle's turned round to its least, the
    /// cycles sorted; any relabelling commuting with σ gives the same form.
    fn position(&self) -> Position {
        let mut words = [0u128, 0, self.filled_set << 27];
        let mut at = 0;
        for group in &self.plan.cycles {
            let len = group[0].len();
            let mut turned = [[0u32; 9]; 9];
            for (cycle, out) in group.iter().zip(&mut turned) {
                let signature = |i: usize| self.signature[usize::from(cycle[i % len])];
                *out = (0..len)
                    .map(|start| {
                        std::array::from_fn(|i| if i < len { signature(start + i) } else { 0 })
                    })
                    .min()
                    .unwrap_or_default();
            }
            let turned = &mut turned[..group.len()];
            turned.sort_unstable();
            for sig in turned.iter().flat_map(|t| &t[..len]) {
                words[at / 4] |= u128::from(*sig) << (at % 4 * 27);
                at += 1;
            }
        }
        Position(words)
    }

    fn orbit(&self, i: u16) -> &'a [[u8; 3]] {
        let i = usize::from(i);
        &self.plan.cells[self.plan.starts[i]..self.plan.starts[i + 1]]
    }

    /// The digits that can start orbit i.
    fn candidates(&self, i: u16) -> u16 {
        let plan = self.plan;
        let mut set = plan.fits[usize::from(i)];
        for (k, units) in self.orbit(i).iter().enumerate() {
            let free = units
                .iter()
                .fold(u16::MAX, |m, &u| m & self.free[u as usize]);
            set &= plan.preimages[k << plan.n | free as usize];
            if set == 0 {
                break;
            }
        }
        set
    }

    /// Moves the open orbit with the fewest candidates (the first in cell
    /// order among equals) to `order[filled]` and returns its candidates.
    /// Any order gives the same count; this one meets dead ends soonest,
    /// and breaking ties the same way each time makes the same positions
    /// come back for the memo.
    fn choose(&mut self, filled: usize) -> u16 {
        let (mut best, mut best_set, mut best_key) = (filled, 0, (u32::MAX, u16::MAX));
        for j in filled..self.order.len() {
            let orbit = self.order[j];
            let set = self.candidates(orbit);
            let key = (set.count_ones(), orbit);
            if key < best_key {
                (best, best_set, best_key) = (j, set, key);
                if set == 0 {
                    break;
                }
            }
        }
        self.order.swap(filled, best);
        best_set
    }

    /// The branches for a set of candidates: each digit of an already
    /// touched cycle once, and one digit for each length of untouched
    /// cycle, weighted by how many untouched candidates of that length
    /// there are (all of them or none: nothing tells them apart yet).
    fn branches(&self, candidates: u16) -> impl Iterator<Item = (u8, u64)> + use<'a> {
        let touched = candidates & self.touched;
        let fresh = candidates & !self.touched;
        bits(touched).map(|d| (d, 1)).chain(
            self.plan
                .by_length
                .iter()
                .map(move |&same| fresh & same)
                .filter(|&set| set != 0)
                .map(|set| (set.trailing_zeros() as u8, u64::from(set.count_ones()))),
        )
    }

    /// Puts d at the start of orbit i and its σ-images round the orbit, or
    /// takes them out again (the same toggle).
    fn toggle(&mut self, i: u16, d: u8) {
        let plan = self.plan;
        for (k, units) in self.orbit(i).iter().enumerate() {
            let digit = plan.powers[k * plan.n + d as usize];
            for &u in units {
                self.free[u as usize] ^= 1 << digit;
                self.signature[usize::from(digit)] ^= 1 << u;
            }
        }
    }

    fn place(&mut self, i: u16, d: u8) {
        self.toggle(i, d);
        self.touched |= self.plan.cycle_of[d as usize];
        self.filled_set |= 1 << i;
    }

    fn unplace(&mut self, i: u16, d: u8, touched: u16) {
        self.toggle(i, d);
        self.touched = touched;
        self.filled_set &= !(1 << i);
    }

    /// Fills orbit i as the next one: moves it to `order[filled]`.
    fn place_next(&mut self, filled: usize, i: u16, d: u8) {
        let at = self.order.iter().position(|&o| o == i).unwrap_or(filled);
        self.order.swap(filled, at);
        self.place(i, d);
    }

    /// The weighted number of ways to fill the open orbits.
    fn count(&mut self, filled: usize) -> u64 {
        if filled == self.order.len() {
            return 1;
        }
        let remembered = self.order.len() - filled >= MEMO_MIN_OPEN;
        let position = remembered.then(|| self.position());
        if let Some(count) = position.and_then(|p| self.memo.get(&p)) {
            return count;
        }
        let total = self.search(filled);
        if let Some(position) = position {
            self.memo.insert(position, total);
        }
        total
    }

    /// `count` without the memo.
    fn search(&mut self, filled: usize) -> u64 {
        let candidates = self.choose(filled);
        if filled + 1 == self.order.len() {
            return self.branches(candidates).map(|(_, w)| w).sum();
        }
        let orbit = self.order[filled];
        let touched = self.touched;
        let mut total = 0;
        for (d, weight) in self.branches(candidates) {
            self.place(orbit, d);
            total += weight * self.count(filled + 1);
            self.unplace(orbit, d, touched);
        }
        total
    }

    fn collect(
        &mut self,
        path: &mut Vec<(u16, u8)>,
        weight: u64,
        depth: usize,
        out: &mut Vec<Prefix>,
    ) {
        let filled = path.len();
        if filled == depth {
            out.push(Prefix {
                path: path.clone(),
                weight,
            });
            return;
        }
        let candidates = self.choose(filled);
        let orbit = self.order[filled];
        let touched = self.touched;
        for (d, w) in self.branches(candidates) {
            self.place(orbit, d);
            path.push((orbit, d));
            self.collect(path, weight * w, depth, out);
            path.pop();
            self.unplace(orbit, d, touched);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::permutation::random_permutation;
    use crate::symmetry::burnside::{cell_sources, symmetry_classes};
    use rand::{Rng, RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// On every 9x9 search, a random partial fill and the same fill renamed
    /// by a relabelling that commutes with σ get one memo key, and counted
    /// with separate memos, one count: the premise of the memo's canonical
    /// keys, checked by counting rather than by the key code's own logic.
    #[test]
    fn renamed_positions_share_a_key_and_a_count() {
        let shape = Shape::new(3, 3).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(15);
        let (mut memo, mut renamed_memo) = (Memo::default(), Memo::default());
        let mut nonzero = 0;
        for class in &symmetry_classes(shape)[1..] {
            for plan in plans(shape, &cell_sources(&class.representative)) {
                let path = random_fill(&plan, OPEN_AFTER_FILL, &mut rng);
                let tau = commuting_relabelling(&plan, &mut rng);
                let renamed: Vec<(u16, u8)> = path
                    .iter()
                    .map(|&(i, d)| (i, tau[usize::from(d)]))
                    .collect();
                memo.start();
                renamed_memo.start();
                let (mut one, mut other) = (
                    Search::new(&plan, &mut memo),
                    Search::new(&plan, &mut renamed_memo),
                );
                for (filled, (&(i, d), &(j, e))) in path.iter().zip(&renamed).enumerate() {
                    one.place_next(filled, i, d);
                    other.place_next(filled, j, e);
                }
                assert!(one.position() == other.position());
                let count = one.count(path.len());
                assert_eq!(count, other.count(path.len()));
                nonzero += usize::from(count > 0);
            }
        }
        assert!(nonzero > 10, "too few fills lead to a grid: {nonzero}");
    }

    /// Open orbits left by `random_fill`: few enough to count in a debug build.
    const OPEN_AFTER_FILL: usize = 12;

    /// A random path down the search until `open` orbits are left or a dead
    /// end.
    fn random_fill(plan: &Plan, open: usize, rng: &mut impl Rng) -> Vec<(u16, u8)> {
        let mut memo = Memo::default();
        let mut search = Search::new(plan, &mut memo);
        let mut path = Vec::new();
        while search.order.len() - path.len() > open {
            let filled = path.len();
            let candidates: Vec<u8> = bits(search.choose(filled)).collect();
            if candidates.is_empty() {
                break;
            }
            let d = candidates[rng.random_range(0..candidates.len())];
            let orbit = search.order[filled];
            search.place(orbit, d);
            path.push((orbit, d));
        }
        path
    }

    /// A random relabelling that commutes with σ: each length's cycles moved
    /// onto one another in a random order, each turned round at random.
    fn commuting_relabelling(plan: &Plan, rng: &mut impl Rng) -> Vec<u8> {
        let mut tau = vec![0u8; plan.n];
        for group in &plan.cycles {
            let len = group[0].len();
            for (from, to) in group.iter().zip(random_permutation(group.len(), rng)) {
                let turn = rng.random_range(0..len);
                for (i, &d) in from.iter().enumerate() {
                    tau[usize::from(d)] = group[to][(i + turn) % len];
                }
            }
        }
        tau
    }
}
