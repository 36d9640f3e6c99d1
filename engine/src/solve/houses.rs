//! The search for boards whose rules are not classic (seed
//! sudoku-graph-coloring: any house set is a constraint graph): jigsaw
//! regions, the diagonals of X, windoku's windows, killer cages. The band
//! search behind classic boards knows rectangular boxes by heart; this one
//! reads every house and cage from the grid's [`Rules`], so it keeps one
//! candidate mask per cell and propagates by
//!
//! - naked singles: a placed digit leaves its peers (house and cage mates);
//! - hidden singles: a digit with one place left in a house goes there;
//! - cage sums: a cage's digits stay inside the digit sets that make its
//!   sum and hold its placed digits, and a digit every such set has goes in
//!   the cage's one cell that can take it;
//!
//! then branches on a cell with the fewest candidates (DSatur). Each branch
//! copies the node above it onto a stack on the heap, so no board overflows
//! the call stack.

use crate::board::digits::DigitSet;
use crate::board::grid::Grid;

use super::search::{Job, Search};

/// Marks a cell whose single digit has been taken out of its peers.
const DONE: u32 = 1 << 31;

/// The search's buffers, kept between puzzles: nodes of one mask per cell,
/// root first, and the cells waiting to be placed.
#[derive(Default)]
pub(crate) struct HouseSearch {
    nodes: Vec<u32>,
    queue: Vec<usize>,
    /// For each cage, its cells' masks the last time restricting it
    /// changed nothing, one after another: a cage whose masks are those
    /// again is skipped, since its restriction reads nothing else.
    settled_cages: Vec<u32>,
    /// When set, branches try a cell's digits in an order drawn from this
    /// state (xorshift), to fill a board at random.
    shuffle: Option<u64>,
    /// Nodes each search may visit before it gives up, when limited.
    budget: Option<u64>,
}

/// Why a search stopped before finishing.
#[derive(Debug)]
pub(crate) struct OutOfBudget;

impl Search for HouseSearch {
    fn run_job(&mut self, mut job: Job) -> u64 {
        let (grid, candidates) = (job.grid, job.candidates);
        // a search without a budget always finishes
        let _ = self.search(grid, candidates, &mut |node| {
            job.solution(|first| write_values(node, first))
        });
        job.found
    }
}

/// Writes a node whose cells are all placed into `grid`.
fn write_values(node: &[u32], grid: &mut Grid) {
    for (cell, &mask) in node.iter().enumerate() {
        grid.put(cell, ((mask & !DONE).trailing_zeros() + 1) as u8);
    }
}

impl HouseSearch {
    /// A search that tries digits in an order drawn from `seed` and gives
    /// up after `budget` nodes: what fills an empty board of a variant at
    /// random (a jigsaw layout may have no solution, or take long to
    /// prove it).
    pub(crate) fn random(seed: u64, budget: u64) -> HouseSearch {
        HouseSearch {
            shuffle: Some(seed | 1),
            budget: Some(budget),
            ..HouseSearch::default()
        }
    }

    /// A search in the usual order that gives up after `budget` nodes:
    /// generation keeps a change only when a short search proves the
    /// puzzle still unique, which keeps its time bounded.
    pub(crate) fn budgeted(budget: u64) -> HouseSearch {
        HouseSearch {
            budget: Some(budget),
            ..HouseSearch::default()
        }
    }

    /// The first solution of `grid` under its rules, `Ok(None)` when it
    /// has none, or `Err` when the budget ran out first.
    pub(crate) fn first(&mut self, grid: &Grid) -> Result<Option<Grid>, OutOfBudget> {
        Ok(self.solutions(grid, 1)?.pop())
    }

    /// Up to `limit` solutions of `grid` under its rules (`Err` when the
    /// budget ran out first): generation asks for two, to see where they
    /// differ.
    pub(crate) fn solutions(
        &mut self,
        grid: &Grid,
        limit: usize,
    ) -> Result<Vec<Grid>, OutOfBudget> {
        let mut found = Vec::new();
        self.search(grid, &[], &mut |node| {
            let mut solution = grid.blank_like();
            write_values(node, &mut solution);
            found.push(solution);
            found.len() >= limit
        })?;
        Ok(found)
    }

    /// Searches `grid` with its empty cells limited to `candidates` (when
    /// given), handing each solution's node to `solved`, which says whether
    /// to stop; `Err` when the budget ran out.
    fn search(
        &mut self,
        grid: &Grid,
        candidates: &[DigitSet],
        solved: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), OutOfBudget> {
        let rules = grid.rules();
        let cells = grid.shape().cell_count();
        let full = DigitSet::full(grid.n()).bits();
        self.settled_cages.clear();
        let caged = rules.cages().iter().map(|cage| cage.len()).sum();
        self.settled_cages.resize(caged, 0);
        self.nodes.clear();
        self.nodes
            .extend((0..cells).map(|cell| match grid.get(cell) {
                0 => candidates.get(cell).map_or(full, |set| set.bits() & full),
                v => DigitSet::single(v).bits(),
            }));
        let mut depth = 0;
        let mut left = self.budget.unwrap_or(u64::MAX);
        loop {
            if left == 0 {
                return Err(OutOfBudget);
            }
            left -= 1;
            let node = depth * cells..(depth + 1) * cells;
            let settled = propagate(
                &mut self.nodes[node.clone()],
                &mut self.queue,
                &mut self.settled_cages,
                grid,
            );
            let branch = settled.then(|| fewest_candidates(&self.nodes[node.clone()]));
            match branch {
                Some(Some(cell)) => {
                    let mask = self.nodes[node.start + cell];
                    let digit = self.pick(mask);
                    // the branch above gets the digit, this node keeps the rest
                    self.nodes.extend_from_within(node.clone());
                    self.nodes[node.end + cell] = digit;
                    self.nodes[node.start + cell] = mask & !digit;
                    depth += 1;
                    continue;
                }
                Some(None) if solved(&self.nodes[node.clone()]) => return Ok(()),
                _ => {}
            }
            // back to the node below, which lost the digit just searched
            if depth == 0 {
                return Ok(());
            }
            self.nodes.truncate(node.start);
            depth -= 1;
        }
    }

    /// The digit a branch tries first: the lowest, or one drawn at random.
    fn pick(&mut self, mask: u32) -> u32 {
        let Some(state) = &mut self.shuffle else {
            return mask & mask.wrapping_neg();
        };
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        let mut skip = (*state % u64::from(mask.count_ones())) as u32;
        let mut rest = mask;
        while skip > 0 {
            rest &= rest - 1;
            skip -= 1;
        }
        rest & rest.wrapping_neg()
    }
}

/// The unplaced cell with the fewest candidates, `None` when every cell is
/// placed.
fn fewest_candidates(node: &[u32]) -> Option<usize> {
    let mut best = None;
    let mut fewest = u32::MAX;
    for (cell, &mask) in node.iter().enumerate() {
        if mask & DONE == 0 {
            let count = mask.count_ones();
            if count < fewest {
                fewest = count;
                best = Some(cell);
                if count == 2 {
                    break;
                }
            }
        }
    }
    best
}

/// Applies the rules to a node until nothing changes; false on a
/// contradiction (a cell with no digit, a house missing one, a cage whose
/// sum no digits left make).
fn propagate(
    node: &mut [u32],
    queue: &mut Vec<usize>,
    settled_cages: &mut [u32],
    grid: &Grid,
) -> bool {
    let (shape, rules) = (grid.shape(), grid.rules());
    let full = DigitSet::full(shape.n()).bits();
    queue.clear();
    for (cell, &mask) in node.iter().enumerate() {
        if mask == 0 {
            return false;
        }
        if mask & DONE == 0 && mask.is_power_of_two() {
            queue.push(cell);
        }
    }
    loop {
        while let Some(cell) = queue.pop() {
            if node[cell] & DONE != 0 {
                continue;
            }
            let digit = node[cell];
            node[cell] |= DONE;
            for &peer in rules.peers(shape, cell) {
                let mask = node[peer];
                if mask & digit != 0 {
                    if mask & DONE != 0 {
                        return false;
                    }
                    let left = mask & !digit;
                    if left == 0 {
                        return false;
                    }
                    node[peer] = left;
                    if left.is_power_of_two() {
                        queue.push(peer);
                    }
                }
            }
        }
        let mut changed = false;
        for house in 0..rules.house_count(shape) {
            let cells = rules.house_cells(shape, house);
            let (mut once, mut twice) = (0u32, 0u32);
            for &cell in cells {
                let mask = node[cell] & !DONE;
                twice |= once & mask;
                once |= mask;
            }
            if once != full {
                return false;
            }
            let hidden = once & !twice;
            if hidden != 0 {
                for &cell in cells {
                    let mask = node[cell];
                    if mask & DONE == 0 && mask & hidden != 0 {
                        let only = mask & hidden;
                        if !only.is_power_of_two() {
                            return false;
                        }
                        node[cell] = only;
                        queue.push(cell);
                        changed = true;
                    }
                }
            }
        }
        // cages cost more than houses: they wait until singles are done
        if changed || !queue.is_empty() {
            continue;
        }
        let mut seen = &mut settled_cages[..];
        for (k, cage) in rules.cages().iter().enumerate() {
            let (last, rest) = seen.split_at_mut(cage.len());
            seen = rest;
            let cells = cage.cells();
            if cells.iter().zip(last.iter()).all(|(&c, &m)| node[c] == m) {
                continue;
            }
            match restrict_cage(node, cells, rules.cage_digit_sets(k), queue) {
                Some(more) => changed |= more,
                None => return false,
            }
            for (&c, m) in cells.iter().zip(last.iter_mut()) {
                *m = node[c];
            }
        }
        if !changed && queue.is_empty() {
            return true;
        }
    }
}

/// Open cells of a cage up to which each is kept to the digits it takes in
/// some way of filling the cage; larger cages are kept to the union of
/// their open digit sets. Measured on 9x9 killer generation (mean per
/// puzzle): union alone 51 ms, exact up to 3 cells 37 ms, up to 5 116 ms —
/// the walk costs more than the nodes it saves past three.
const EXACT_CAGE: usize = 3;

/// Keeps each of a cage's open cells to the digits it takes in some way of
/// filling the cage with one of the digit sets that make its sum (and hold
/// its placed digits), each open cell a different digit of its candidates.
/// `Some(changed)`, or `None` when there is no such way.
fn restrict_cage(
    node: &mut [u32],
    cells: &[usize],
    sets: &[u32],
    queue: &mut Vec<usize>,
) -> Option<bool> {
    let (mut placed, mut reach) = (0u32, 0u32);
    let (mut open, mut masks) = ([0usize; 32], [0u32; 32]);
    let mut count = 0;
    for &cell in cells {
        let mask = node[cell] & !DONE;
        reach |= mask;
        if mask.is_power_of_two() {
            placed |= mask;
        } else {
            open[count] = cell;
            masks[count] = mask;
            count += 1;
        }
    }
    let (open, masks) = (&open[..count], &masks[..count]);
    let mut support = [0u32; 32];
    let mut any = false;
    for &set in sets {
        if set & placed == placed && set & !reach == 0 {
            let left = set & !placed;
            if masks.iter().all(|&m| m & left == left) {
                // every open cell can take every digit: any order fills it
                any = true;
                support[..count].iter_mut().for_each(|s| *s |= left);
            } else if count <= EXACT_CAGE {
                any |= fillings(masks, left, &mut support[..count]);
            } else {
                any = true;
                support[..count].iter_mut().for_each(|s| *s |= left);
            }
        }
    }
    if !any {
        return None;
    }
    let mut changed = false;
    for (i, &cell) in open.iter().enumerate() {
        let kept = masks[i] & support[i];
        if kept != masks[i] {
            if kept == 0 {
                return None;
            }
            node[cell] = kept;
            if kept.is_power_of_two() {
                queue.push(cell);
            }
            changed = true;
        }
    }
    Some(changed)
}

/// Whether the open cells (their candidates `masks`, at most
/// [`EXACT_CAGE`]) can take the digits of `left` (as many as cells), a
/// different one each, adding to `support` each digit a cell takes in some
/// such filling. A depth-first walk that remembers which sets of digits
/// the cells after a point can or cannot take: what is left says how many
/// cells are left, so each set is walked once, and the supports it gives
/// those cells were added the first time.
fn fillings(masks: &[u32], left: u32, support: &mut [u32]) -> bool {
    let mut known = [Known::Unseen; 1 << EXACT_CAGE];
    walk(masks, left, left, 0, support, &mut known)
}

/// What [`fillings`] found for one set of digits left.
#[derive(Clone, Copy, PartialEq)]
enum Known {
    Unseen,
    Fits,
    Fails,
}

/// The cells from `at` on take `left`, one digit each; `all` numbers the
/// digits for the memo.
fn walk(
    masks: &[u32],
    all: u32,
    left: u32,
    at: usize,
    support: &mut [u32],
    known: &mut [Known],
) -> bool {
    if at == masks.len() {
        return true;
    }
    let key = compress(left, all);
    match known[key] {
        Known::Fits => return true,
        Known::Fails => return false,
        Known::Unseen => {}
    }
    let mut choices = masks[at] & left;
    let mut fits = false;
    while choices != 0 {
        let digit = choices & choices.wrapping_neg();
        choices &= choices - 1;
        if walk(masks, all, left & !digit, at + 1, support, known) {
            support[at] |= digit;
            fits = true;
        }
    }
    known[key] = if fits { Known::Fits } else { Known::Fails };
    fits
}

/// The bits of `part` renumbered within `all`: the i-th digit of `all` is
/// bit i.
fn compress(part: u32, all: u32) -> usize {
    let (mut key, mut rest, mut bit) = (0, all, 0);
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        if part & low != 0 {
            key |= 1 << bit;
        }
        bit += 1;
        rest &= rest - 1;
    }
    key
}

#[cfg(test)]
mod tests;
