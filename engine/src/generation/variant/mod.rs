//! Making variant puzzles (jigsaw, X, windoku, killer and their mixes):
//! the rules first (random jigsaw regions), a random full grid under them,
//! then givens dug out while the grid stays the only solution, or, for
//! killer, random cages cut and merged until it is, with no givens.
//!
//! The classic generator's digging reads the boxes' geometry (singles by
//! row, column and box, unavoidable rectangles of two bands); this one asks
//! the search over the rules' houses for every check.

mod cages;
mod regions;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::dig::Symmetry;
use crate::board::geometry::Shape;
use crate::board::grid::Grid;
use crate::board::rules::{Rules, RulesError, RulesSpec, Variant};
use crate::solve::houses::HouseSearch;
use crate::solve::solver::Solver;

pub use regions::random_regions;

/// A variant puzzle and its one solution, both carrying the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPuzzle {
    /// The givens (none for killer) under the variant's rules.
    pub puzzle: Grid,
    /// The one grid that completes them.
    pub solution: Grid,
}

/// Why no variant puzzle came out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// The variant is classic Sudoku, which `generate` makes.
    #[error("classic puzzles come from the classic generator")]
    Classic,
    /// The variant's rules do not fit the board.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The board is larger than the generator makes the variant on (see
    /// [`largest_variant_side`]).
    #[error("{variant} puzzles are made for boards up to {largest}x{largest} so far, not {board}")]
    BoardTooLarge {
        /// The variant asked for.
        variant: Variant,
        /// The board asked for.
        board: String,
        /// The largest side the variant is made on.
        largest: usize,
    },
    /// No full grid under the rules turned up within the search's budget.
    #[error("no full {board} grid for {variant} turned up after {attempts} tries")]
    NoGrid {
        /// The board asked for.
        board: String,
        /// The variant asked for.
        variant: Variant,
        /// Grids tried.
        attempts: usize,
    },
}

/// Search nodes a random fill may take before it tries new regions or a
/// new order: a fill takes a few hundred at most when the regions allow
/// one at all.
const FILL_BUDGET: u64 = 20_000;

/// Fills tried before giving up.
const FILL_ATTEMPTS: usize = 200;

/// The largest killer cage, by board side: 9x9 cages of up to five cells,
/// as the killer books have.
fn largest_cage(n: usize) -> usize {
    (n / 2 + 1).clamp(2, 6)
}

/// The largest board side the generator makes `variant` on. Beyond it the
/// random fill under the variant's houses does not find a full grid within
/// its budget (a 16x16 jigsaw, X or windoku fill runs for minutes), so the
/// request is refused at once instead; killer cages are checked for
/// uniqueness by search, which 16x16 cages put out of reach.
pub fn largest_variant_side(variant: Variant) -> usize {
    if variant.windoku || (variant.jigsaw && variant.x) {
        9
    } else {
        12
    }
}

/// A puzzle of `variant` on a board of `shape` from `seed`, with exactly
/// one solution under its rules: the same arguments give the same puzzle on
/// every platform.
pub fn generate_variant(
    shape: Shape,
    variant: Variant,
    seed: u64,
) -> Result<VariantPuzzle, VariantError> {
    if variant.is_classic() {
        return Err(VariantError::Classic);
    }
    let largest = largest_variant_side(variant);
    if shape.n() > largest {
        return Err(VariantError::BoardTooLarge {
            variant,
            board: shape.board_name(),
            largest,
        });
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (base, solution) = rules_and_grid(shape, variant, &mut rng)?;
    if variant.killer {
        let cages = cages::unique_cages(&solution, &base, largest_cage(shape.n()), &mut rng)?;
        let rules = Rules::new(shape, RulesSpec { cages, ..base })?;
        let solution = solution.with_rules(rules.clone())?;
        let puzzle = Grid::empty(shape).with_rules(rules)?;
        return Ok(VariantPuzzle { puzzle, solution });
    }
    let puzzle = dug(&solution, &mut rng, &mut Solver::new());
    Ok(VariantPuzzle { puzzle, solution })
}

/// The houses of `variant` (random regions for jigsaw) and a random full
/// grid under them, carrying those rules.
fn rules_and_grid<R: Rng + ?Sized>(
    shape: Shape,
    variant: Variant,
    rng: &mut R,
) -> Result<(RulesSpec, Grid), VariantError> {
    for _ in 0..FILL_ATTEMPTS {
        let spec = RulesSpec {
            regions: variant.jigsaw.then(|| random_regions(shape, rng)),
            diagonals: variant.x,
            windows: variant.windoku,
            cages: Vec::new(),
        };
        let empty = Grid::empty(shape).with_rules(Rules::new(shape, spec.clone())?)?;
        if let Ok(Some(full)) = HouseSearch::random(rng.next_u64(), FILL_BUDGET).first(&empty) {
            return Ok((spec, full));
        }
    }
    Err(VariantError::NoGrid {
        board: shape.board_name(),
        variant,
        attempts: FILL_ATTEMPTS,
    })
}

/// Givens taken out of `solution` in random order, in pairs of cells a
/// half turn apart, keeping each removal that leaves one solution.
fn dug<R: Rng + ?Sized>(solution: &Grid, rng: &mut R, solver: &mut Solver) -> Grid {
    let mut groups = Symmetry::Rotational.groups(solution.shape());
    groups.shuffle(rng);
    let mut puzzle = solution.clone();
    for group in groups {
        for &cell in &group {
            puzzle.put(cell, 0);
        }
        if !solver.count(&puzzle, 2).is_unique() {
            for &cell in &group {
                puzzle.put(cell, solution.get(cell));
            }
        }
    }
    puzzle
}

#[cfg(test)]
mod tests;
