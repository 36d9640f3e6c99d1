//! Human solving techniques on a candidate `Board`, one file per family. Each
//! `find_*` is pure: it reads the board and returns the first `Step` of its
//! kind, or `None`. `find_step` tries them simplest first, so a pair is never
//! offered while a single is on the board, and falls back to the backtracking
//! solver ("no logical step found") when none applies. All of them work on
//! every supported shape, rectangular boxes included.

pub mod board;
mod chain_search;
mod chains;
mod coloring;
mod finned_fish;
mod fish;
mod locked;
mod single_digit;
mod singles;
mod subsets;
pub mod text;
mod uniqueness;
mod wings;

pub use board::Board;
pub use chains::{find_x_chain, find_xy_chain};
pub use coloring::find_simple_coloring;
pub use finned_fish::find_finned_fish;
pub use fish::find_fish;
pub use locked::{find_claiming, find_pointing};
pub use single_digit::{find_skyscraper, find_two_string_kite};
pub use singles::{find_full_house, find_hidden_single, find_naked_single};
pub use subsets::{find_hidden_subset, find_naked_subset};
pub use uniqueness::{
    find_unique_rectangle, find_unique_rectangle_type_2, find_unique_rectangle_type_4,
};
pub use wings::{find_w_wing, find_xy_wing, find_xyz_wing};

use super::difficulty::Difficulty;
use super::grid::Grid;
use super::solver;
use super::step::{Step, Technique};

/// The logical techniques, in the order `find_step` tries them: every
/// technique but the last, `Backtrack`.
pub const LOGICAL: &[Technique] = match Technique::ALL.split_last() {
    Some((_, logical)) => logical,
    None => &[],
};

/// The first step of one technique (`None` for `Backtrack`, which needs the
/// solution: see `find_backtrack`).
pub fn find_technique(b: &Board, technique: Technique) -> Option<Step> {
    use Technique::*;
    match technique {
        FullHouse => find_full_house(b),
        NakedSingle => find_naked_single(b),
        HiddenSingle => find_hidden_single(b),
        Pointing => find_pointing(b),
        Claiming => find_claiming(b),
        NakedPair => find_naked_subset(b, 2),
        HiddenPair => find_hidden_subset(b, 2),
        NakedTriple => find_naked_subset(b, 3),
        HiddenTriple => find_hidden_subset(b, 3),
        NakedQuad => find_naked_subset(b, 4),
        HiddenQuad => find_hidden_subset(b, 4),
        XWing => find_fish(b, 2),
        XyWing => find_xy_wing(b),
        Swordfish => find_fish(b, 3),
        Jellyfish => find_fish(b, 4),
        XyzWing => find_xyz_wing(b),
        WWing => find_w_wing(b),
        SimpleColoring => find_simple_coloring(b),
        Skyscraper => find_skyscraper(b),
        TwoStringKite => find_two_string_kite(b),
        FinnedXWing => find_finned_fish(b, 2),
        FinnedSwordfish => find_finned_fish(b, 3),
        XChain => find_x_chain(b),
        XyChain => find_xy_chain(b),
        UniqueRectangle => find_unique_rectangle(b),
        UniqueRectangleType2 => find_unique_rectangle_type_2(b),
        UniqueRectangleType4 => find_unique_rectangle_type_4(b),
        Backtrack => None,
    }
}

/// The easiest logical step on the board, if any technique applies.
pub fn find_logical_step(b: &Board) -> Option<Step> {
    LOGICAL.iter().find_map(|&t| find_technique(b, t))
}

/// The easiest logical step that holds for every solution (no technique
/// that assumes a unique solution). Those techniques come last in `LOGICAL`,
/// so this, then `find_uniqueness_step`, tries them in `find_logical_step`'s order.
pub fn find_step_for_any_solution(b: &Board) -> Option<Step> {
    find_sound_step_up_to(b, Difficulty::Extreme)
}

/// Like `find_step_for_any_solution`, with techniques no harder than `max`:
/// the generator digs with this to hit a level and to prove uniqueness at
/// once (a puzzle these steps complete has exactly one solution).
pub fn find_sound_step_up_to(b: &Board, max: Difficulty) -> Option<Step> {
    LOGICAL
        .iter()
        .filter(|t| !t.assumes_unique_solution() && t.difficulty() <= max)
        .find_map(|&t| find_technique(b, t))
}

pub fn find_uniqueness_step(b: &Board) -> Option<Step> {
    LOGICAL
        .iter()
        .filter(|t| t.assumes_unique_solution())
        .find_map(|&t| find_technique(b, t))
}

/// The easiest step: a logical one, else one cell of the solution of the
/// board's values (found by the backtracking solver). `None` when the board
/// is solved or its values have no solution.
pub fn find_step(b: &Board) -> Option<Step> {
    find_logical_step(b).or_else(|| find_backtrack(b, &solver::solve(&b.to_grid())?))
}

/// The easiest step, taking a backtracking step from the known `solution`.
pub fn find_step_with(b: &Board, solution: &Grid) -> Option<Step> {
    find_logical_step(b).or_else(|| find_backtrack(b, solution))
}

/// The last resort: the empty cell with the fewest candidates takes its
/// digit from the solution.
pub fn find_backtrack(b: &Board, solution: &Grid) -> Option<Step> {
    let geo = b.geometry();
    let cell = (0..geo.cell_count())
        .filter(|&c| b.value(c) == 0)
        .min_by_key(|&c| b.candidates(c).len())?;
    let digit = solution.get(cell);
    let explanation = || {
        format!(
            "No logical step found; {} must be {}",
            geo.cell_name(cell),
            text::digit(digit)
        )
    };
    let unit = geo.cell_units[cell][2];
    (digit != 0).then(|| placing(b, Technique::Backtrack, unit, cell, digit, explanation))
}

/// A step that places `digit` in `cell`, reasoned about in `unit`.
fn placing(
    b: &Board,
    technique: Technique,
    unit: usize,
    cell: usize,
    digit: u8,
    explanation: impl FnOnce() -> String,
) -> Step {
    Step {
        technique,
        units: vec![unit],
        cells: vec![cell],
        placements: vec![(cell, digit)],
        eliminations: vec![],
        explanation: b.explain(explanation),
    }
}

/// Solves the board step by step with the easiest step each time, calling
/// `on_step` before applying each one. Stops when solved or when no step
/// makes progress (a solution that does not fit the board).
pub fn solve_with(b: &mut Board, solution: &Grid, mut on_step: impl FnMut(&Step)) {
    while !b.is_solved() {
        let Some(step) = find_step_with(b, solution) else {
            return;
        };
        on_step(&step);
        b.apply(&step);
    }
}

/// The set bit indices of a mask, ascending.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros();
            mask &= mask - 1;
            i
        })
    })
}

/// Units in the order players scan them: boxes, rows, columns.
pub(crate) fn scan_order(n: usize) -> impl Iterator<Item = usize> {
    (2 * n..3 * n).chain(0..2 * n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logical_order_is_technique_order_with_uniqueness_last() {
        // the fallback comes last, so LOGICAL (ALL without it) is the rest
        assert_eq!(Technique::ALL.last(), Some(&Technique::Backtrack));
        assert!(!LOGICAL.contains(&Technique::Backtrack));
        assert!(LOGICAL.windows(2).all(|w| w[0] < w[1]));
        let first = LOGICAL
            .iter()
            .position(|t| t.assumes_unique_solution())
            .expect("unique rectangle is a logical technique");
        assert!(LOGICAL[first..].iter().all(|t| t.assumes_unique_solution()));
    }
}
