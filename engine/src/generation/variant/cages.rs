//! Random killer cages for a full grid: grown at random over the board,
//! then cut where the grid is not yet the only one that fits them, then
//! merged two at a time while it stays the only one. The puzzle has no
//! givens, as killer puzzles are printed; a cell alone in its cage (its sum
//! its digit) is the most a puzzle gives away.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngExt};

use crate::board::grid::Grid;
use crate::board::rules::{Cage, Rules, RulesError, RulesSpec, beside as sides, cut_off};
use crate::solve::houses::{HouseSearch, OutOfBudget};

/// Search nodes a uniqueness check may take: a change to the cages stays
/// only when a search this short proves the solution still unique.
const CHECK_BUDGET: u64 = 1000;

/// Killer cages for `solution` on top of `base` (the houses: boxes or
/// regions, diagonals), such that `solution` is the one grid that fits
/// them (proved by a search of at most `CHECK_BUDGET` nodes), and no two
/// cages side by side can be merged into one of at most `largest` cells
/// with such a proof.
pub fn unique_cages<R: Rng + ?Sized>(
    solution: &Grid,
    base: &RulesSpec,
    largest: usize,
    rng: &mut R,
) -> Result<Vec<Cage>, RulesError> {
    let n = solution.n();
    let mut cages = grown(solution, largest.min(4), rng);
    // cut until the solution is the only one
    let mut search = HouseSearch::budgeted(CHECK_BUDGET);
    loop {
        let cell = match another_solution(&blank(solution, base, &cages)?, solution, &mut search) {
            Ok(None) => break,
            Ok(Some(other)) => {
                let differ: Vec<usize> = (0..n * n)
                    .filter(|&c| other.get(c) != solution.get(c))
                    .collect();
                *differ
                    .choose(rng)
                    .expect("another solution differs somewhere")
            }
            // too long a search to tell: cut anywhere, the puzzle gets easier
            Err(OutOfBudget) => rng.random_range(0..n * n),
        };
        cut(&mut cages, cell, n);
    }
    // merge pairs of neighbouring cages while the solution stays unique
    let mut pairs = neighbours(&cages, n);
    pairs.shuffle(rng);
    for (a, b) in pairs {
        let (Some(ka), Some(kb)) = (find(&cages, a), find(&cages, b)) else {
            continue;
        };
        if ka == kb || cages[ka].len() + cages[kb].len() > largest {
            continue;
        }
        let digits = |k: usize| {
            cages[k]
                .iter()
                .map(|&c| solution.get(c))
                .collect::<Vec<u8>>()
        };
        let (da, db) = (digits(ka), digits(kb));
        if da.iter().any(|d| db.contains(d)) {
            continue;
        }
        let mut merged = cages.clone();
        let moved = merged.swap_remove(kb.max(ka));
        let keep = kb.min(ka);
        merged[keep].extend(moved);
        if let Ok(None) = another_solution(&blank(solution, base, &merged)?, solution, &mut search)
        {
            cages = merged;
        }
    }
    Ok(summed(solution, &cages))
}

/// Whether `puzzle` has a solution other than `solution` (which it has):
/// `Ok(None)` when the search proves it has not, `Ok(Some(other))` when
/// it finds one, `Err` when the search ran out of budget first.
fn another_solution(
    puzzle: &Grid,
    solution: &Grid,
    search: &mut HouseSearch,
) -> Result<Option<Grid>, OutOfBudget> {
    let two = search.solutions(puzzle, 2)?;
    Ok(two
        .into_iter()
        .find(|found| found.values() != solution.values()))
}

/// Cages of up to `largest` cells grown from random cells over neighbours
/// whose digits the cage does not have yet.
fn grown<R: Rng + ?Sized>(solution: &Grid, largest: usize, rng: &mut R) -> Vec<Vec<usize>> {
    let n = solution.n();
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(rng);
    let mut taken = vec![false; n * n];
    let mut cages = Vec::new();
    for start in order {
        if taken[start] {
            continue;
        }
        let size = rng.random_range(2..=largest.max(2));
        let mut cage = vec![start];
        taken[start] = true;
        while cage.len() < size {
            let open: Vec<usize> = cage
                .iter()
                .flat_map(|&c| sides(n, c))
                .filter(|&s| !taken[s] && cage.iter().all(|&c| solution.get(c) != solution.get(s)))
                .collect();
            let Some(&next) = open.choose(rng) else {
                break;
            };
            taken[next] = true;
            cage.push(next);
        }
        cages.push(cage);
    }
    cages
}

/// Takes `cell` out of its cage into one of its own; what is left of the
/// cage becomes one cage per connected piece.
fn cut(cages: &mut Vec<Vec<usize>>, cell: usize, n: usize) {
    let k = find(cages, cell).expect("every cell is caged");
    if cages[k].len() == 1 {
        return;
    }
    let mut rest = cages.swap_remove(k);
    rest.retain(|&c| c != cell);
    rest.sort_unstable();
    cages.push(vec![cell]);
    while !rest.is_empty() {
        let piece: Vec<usize> = connected_piece(&rest, n);
        rest.retain(|c| !piece.contains(c));
        cages.push(piece);
    }
}

/// The cells of `cells` (sorted) joined to the first by side-by-side steps.
fn connected_piece(cells: &[usize], n: usize) -> Vec<usize> {
    let mut piece = vec![cells[0]];
    let mut at = 0;
    while at < piece.len() {
        let c = piece[at];
        for side in sides(n, c) {
            if cells.binary_search(&side).is_ok() && !piece.contains(&side) {
                piece.push(side);
            }
        }
        at += 1;
    }
    piece.sort_unstable();
    piece
}

/// Every pair of cells side by side in different cages, as (cell, cell).
fn neighbours(cages: &[Vec<usize>], n: usize) -> Vec<(usize, usize)> {
    let mut cage_of = vec![usize::MAX; n * n];
    for (k, cage) in cages.iter().enumerate() {
        for &c in cage {
            cage_of[c] = k;
        }
    }
    (0..n * n)
        .flat_map(|c| [(c, c + 1), (c, c + n)])
        .filter(|&(a, b)| b < n * n && (b != a + 1 || b % n != 0) && cage_of[a] != cage_of[b])
        .collect()
}

fn find(cages: &[Vec<usize>], cell: usize) -> Option<usize> {
    cages.iter().position(|cage| cage.contains(&cell))
}

/// The cages with the sums `solution` gives them.
fn summed(solution: &Grid, cages: &[Vec<usize>]) -> Vec<Cage> {
    let mut made: Vec<Cage> = cages
        .iter()
        .map(|cells| {
            let sum = cells.iter().map(|&c| u16::from(solution.get(c))).sum();
            Cage::new(cells.clone(), sum)
        })
        .collect();
    made.sort_by_key(Cage::anchor);
    made
}

/// The empty board under `base` and these cages.
fn blank(solution: &Grid, base: &RulesSpec, cages: &[Vec<usize>]) -> Result<Grid, RulesError> {
    let shape = solution.shape();
    let spec = RulesSpec {
        cages: summed(solution, cages),
        ..base.clone()
    };
    debug_assert!(cages.iter().all(|cage| {
        let mut sorted = cage.clone();
        sorted.sort_unstable();
        cut_off(shape, &sorted).is_none()
    }));
    Grid::empty(shape).with_rules(Rules::new(shape, spec)?)
}
