//! How many essentially different grids a shape has, by Burnside's lemma
//! (seed sudoku-symmetry-group): two grids are the same in essence when a
//! symmetry of the board (`symmetry::Transform`: band, stack, row and column
//! moves, transposition where boxes are square) followed by a relabelling
//! turns one into the other. The number of classes is the average, over the
//! cell symmetries g, of the number of grids g fixes up to relabelling, and
//! that number is the same for conjugate symmetries, so one count per
//! conjugacy class does (`classes`), weighted by the class size. Each count
//! is a search (`fixed`), spread over threads.
//!
//! The identity fixes every grid: its count is the number of grids over n!,
//! counted band by band (`bands`, Felgenhauer and Jarvis's method).

mod bands;
mod classes;
mod fixed;

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::transform::Transform;
use crate::board::geometry::Shape;
use crate::generation::permutation::next_permutation;

pub use classes::{SymmetryClass, symmetry_classes};

/// One class of the census: the class and how many grids each of its
/// members fixes up to relabelling.
#[derive(Clone, Debug)]
pub struct ClassCount {
    /// The conjugacy class.
    pub class: SymmetryClass,
    /// How many grids one member of the class fixes.
    pub fixed: u128,
}

/// The Burnside table of a shape: every conjugacy class with its count.
#[derive(Clone, Debug)]
pub struct Census {
    /// The board.
    pub shape: Shape,
    /// Every class, the identity first, including those that fix nothing.
    pub classes: Vec<ClassCount>,
}

impl Census {
    /// The number of cell symmetries: the sum of the class sizes.
    pub fn group_order(&self) -> u128 {
        self.classes.iter().map(|c| u128::from(c.class.size)).sum()
    }

    /// The sum over every cell symmetry of the grids it fixes up to
    /// relabelling: the numerator of Burnside's lemma.
    pub fn fixed_sum(&self) -> u128 {
        self.classes
            .iter()
            .map(|c| u128::from(c.class.size) * c.fixed)
            .sum()
    }

    /// The number of essentially different grids. Burnside's lemma says the
    /// division is exact; a remainder would mean a wrong count, so it is
    /// returned too.
    pub fn essentially_different(&self) -> (u128, u128) {
        let (sum, order) = (self.fixed_sum(), self.group_order());
        (sum / order, sum % order)
    }
}

/// Why a shape has no census.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "counting essentially different grids stops at 9x9 (the {} board is out of reach)",
    .0.board_name()
)]
pub struct TooLarge(pub Shape);

/// The published number of grids of a shape, where the solver cannot count
/// them one by one: 9x9 from Felgenhauer and Jarvis (2005), 8x8
/// (2x4 boxes either way round) from Pettersen's count (OEIS A114288).
pub fn published_grid_count(shape: Shape) -> Option<u128> {
    match (shape.box_rows().min(shape.box_cols()), shape.n()) {
        (3, 9) => Some(6_670_903_752_021_072_936_960),
        (2, 8) => Some(29_136_487_207_403_520),
        _ => None,
    }
}

/// The Burnside table of `shape`, counted on `jobs` threads (at least one).
pub fn census(shape: Shape, jobs: usize) -> Result<Census, TooLarge> {
    census_by_class(shape, jobs, |_| {})
}

/// `census`, calling `each` with every class as soon as it is counted, in
/// table order: for a caller that times the classes or shows progress.
pub fn census_by_class(
    shape: Shape,
    jobs: usize,
    mut each: impl FnMut(&ClassCount),
) -> Result<Census, TooLarge> {
    if shape.n() > 9 {
        return Err(TooLarge(shape));
    }
    let mut memos: Vec<fixed::Memo> = (0..jobs.max(1)).map(|_| fixed::Memo::default()).collect();
    let mut classes = Vec::new();
    for (i, class) in symmetry_classes(shape).into_iter().enumerate() {
        let fixed = if i == 0 {
            bands::grids_over_relabellings(shape, jobs)
        } else {
            fixed_count(shape, &class.representative, &mut memos)
        };
        let count = ClassCount { class, fixed };
        each(&count);
        classes.push(count);
    }
    Ok(Census { shape, classes })
}

/// How many grids `symmetry` fixes up to relabelling, counted on one
/// thread per memo: one search per digit cycle type that can go with it,
/// each cut into prefixes that the threads take in turn.
fn fixed_count(shape: Shape, symmetry: &Transform, memos: &mut [fixed::Memo]) -> u128 {
    let plans = fixed::plans(shape, &cell_sources(symmetry));
    let tasks: Vec<(usize, fixed::Prefix)> = plans
        .iter()
        .enumerate()
        .flat_map(|(p, plan)| plan.split(SPLIT_DEPTH).into_iter().map(move |x| (p, x)))
        .collect();
    let totals = Mutex::new(vec![0u64; plans.len()]);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for memo in memos {
            let (plans, tasks, totals, next) = (&plans, &tasks, &totals, &next);
            scope.spawn(move || {
                let mut mine = vec![0u64; plans.len()];
                let mut plan = usize::MAX;
                while let Some((p, prefix)) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if plan != *p {
                        plan = *p;
                        memo.start();
                    }
                    mine[*p] += plans[*p].count_after(prefix, memo);
                }
                let mut totals = totals.lock().unwrap_or_else(|e| e.into_inner());
                for (t, m) in totals.iter_mut().zip(mine) {
                    *t += m;
                }
            });
        }
    });
    let totals = totals.into_inner().unwrap_or_else(|e| e.into_inner());
    plans
        .iter()
        .zip(totals)
        .map(|(plan, total)| u128::from(total / plan.centraliser()))
        .sum()
}

/// How deep each search is cut into pieces for the threads: three orbits
/// give enough pieces to keep two to eight threads busy to the end.
const SPLIT_DEPTH: usize = 3;

/// `t`'s cell map: cell i of the output takes the value of input cell
/// `cell_sources(t)[i]`.
fn cell_sources(t: &Transform) -> Vec<usize> {
    let cells: Vec<usize> = (0..t.shape().cell_count()).collect();
    t.apply_cells(&cells).expect("one entry per cell")
}

/// Every order of 0..len, the identity first.
fn all_permutations(len: usize) -> Vec<Vec<usize>> {
    let mut p: Vec<usize> = (0..len).collect();
    let mut out = vec![p.clone()];
    while next_permutation(&mut p) {
        out.push(p.clone());
    }
    out
}

/// The positions of the set bits, lowest first.
fn bits(mut set: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let d = set.trailing_zeros() as u8;
            set &= set - 1;
            d
        })
    })
}

/// The lengths of the cycles of `f` on `items` (which `f` maps onto
/// themselves), longest first.
fn cycle_type(items: &[usize], f: impl Fn(usize) -> usize) -> Vec<usize> {
    let mut seen = vec![false; items.iter().max().map_or(0, |&m| m + 1)];
    let mut lengths = Vec::new();
    for &start in items {
        let mut len = 0;
        let mut x = start;
        while !seen[x] {
            seen[x] = true;
            x = f(x);
            len += 1;
        }
        if len > 0 {
            lengths.push(len);
        }
    }
    lengths.sort_unstable_by(|a, b| b.cmp(a));
    lengths
}
