//! Which search solves a 9x9 grid: the generic band search (JCZSolve's
//! way, cheap to set up and per branch cheap on easy grids) or the triad
//! search (`triad/`, tdoku's way, costlier to set up but faster per branch,
//! which wins when the search is long). The generic search always
//! propagates the givens first; on dense grids, and on grids that this
//! nearly solved, it goes on itself, and otherwise it hands the candidates
//! it narrowed to the triad search, which starts from them instead of from
//! the givens alone.

use crate::board::digits::DigitSet;
use crate::board::grid::Grid;

use super::search::{Core, Job, Search};
use super::triad::Nine;

/// How many givens make a 9x9 grid dense: from here the generic search,
/// whose setup is cheaper, finishes before the triad search has set up
/// (measured: generation's uniqueness checks on nearly full boards, and the
/// 34-35 given serg_benchmark set, 0.91 -> 1.08 of the `sudoku` crate's
/// speed; no sparser set changes).
const DENSE: usize = 30;

/// Sparse grids with at least this many givens (and fewer than `DENSE`) go
/// to the triad search straight from their givens, without the generic
/// search's propagation first: that propagation and the handover of its
/// candidates cost top1465 (20-28 givens but for a fifth) 1.3 µs a puzzle,
/// 13% of its time. Minimal 17-clue puzzles, which the generic propagation
/// mostly solves or nearly solves, keep the route below (measured: 17_clue
/// 2.1 -> 2.6 µs a puzzle on the triad search alone).
const DIRECT: usize = 18;

/// On sparser grids, when the generic search's propagation of the givens
/// leaves fewer unsolved cells than this, it goes on itself: such puzzles
/// need a few branches at most. With more left the search will be long,
/// and the triad search takes over. Measured on the public sets: a 17-clue
/// puzzle that propagation does not solve mostly has fewer than 45 cells
/// left and needs 3-12 generic nodes; a top1465 or harder puzzle mostly
/// has more than 45 left and needs 20-700. Handing over at the root rather
/// than after the generic search has failed a while wastes the least.
const HANDOVER: u32 = 45;

/// The generic search on 9x9 boards.
type Generic = Core<3, 3, 9, u32>;

/// 9x9 boards: the generic search where the search is short, the triad
/// search where it is long.
pub(super) struct NineBoard {
    /// The triad search, made when a grid first goes to it: picking its
    /// backend asks the processor for its features, with `cpuid`
    /// instructions that trap to the hypervisor on a virtual machine (7 of
    /// them, about 25 µs a process here), which a process that never needs
    /// the triad search (dense grids, generation's short searches) is
    /// spared.
    triad: Option<Nine>,
    /// How the triad search is made: [`Nine::new`], or the portable
    /// backend for tests.
    make_triad: fn() -> Nine,
    generic: Generic,
    /// The candidates handed over, kept between puzzles.
    candidates: Vec<DigitSet>,
    /// Sparse grids with this many unsolved cells or more after the root's
    /// propagation go to the triad search (`HANDOVER`, or never).
    handover: u32,
    /// Grids with this many givens or more, below `DENSE`, go to the triad
    /// search from their givens (`DIRECT`, or never).
    direct: usize,
}

/// Where [`NineBoard::route`] sends a grid.
enum Route {
    /// The givens contradict each other.
    Contradiction,
    /// The generic search goes on from its root.
    Generic,
    /// The triad search takes over from the root's candidates.
    Triad,
    /// The triad search starts from the givens; the generic search never ran.
    TriadDirect,
}

impl NineBoard {
    /// The triad search on the fastest backend the processor runs.
    pub(super) fn new() -> NineBoard {
        NineBoard::with(Nine::new)
    }

    /// The generic search for every grid: for searches known to be short
    /// (`Solver::for_short_searches`), where the triad search's setup costs
    /// more than it saves.
    pub(super) fn generic_only() -> NineBoard {
        NineBoard {
            handover: u32::MAX,
            direct: usize::MAX,
            ..NineBoard::new()
        }
    }

    fn with(make_triad: fn() -> Nine) -> NineBoard {
        NineBoard {
            triad: None,
            make_triad,
            generic: Generic::new(),
            candidates: Vec::new(),
            handover: HANDOVER,
            direct: DIRECT,
        }
    }

    /// Says which search takes the grid, having placed the givens on the
    /// generic search's root and propagated them, unless the triad search
    /// takes the grid from its givens: then the generic search never sees
    /// it (planting the givens only to count them was work top1465, which
    /// mostly takes this route, paid on every puzzle), and the triad search
    /// finds any clash among them itself.
    fn route(&mut self, grid: &Grid, candidates: &[DigitSet]) -> Route {
        if (self.direct..DENSE).contains(&count_givens(grid)) {
            return Route::TriadDirect;
        }
        let Some(givens) = self.generic.plant(grid) else {
            return Route::Contradiction;
        };
        if !self.generic.settle(grid, candidates) {
            return Route::Contradiction;
        }
        if givens >= DENSE || Generic::unsolved_count(self.generic.root()) < self.handover {
            Route::Generic
        } else {
            Route::Triad
        }
    }
}

/// The givens of a 9x9 grid, counted in bytes: 81 cells cannot carry one
/// over, so the compiler adds many cells at once, where `filled_count`'s
/// count in `usize` widens every cell first (measured, whole process:
/// serg_benchmark 21.78 -> 21.39 ms, 17_clue 113.0 -> 111.3 ms; neither
/// takes the direct route, so the count is all they pay for it).
fn count_givens(grid: &Grid) -> usize {
    let cells: &[u8; 81] = grid.values().try_into().expect("a 9x9 grid has 81 cells");
    usize::from(cells.iter().fold(0u8, |count, &v| count + u8::from(v != 0)))
}

impl Search for NineBoard {
    fn run_job(&mut self, job: Job) -> u64 {
        match self.route(job.grid, job.candidates) {
            Route::Contradiction => 0,
            Route::Generic => self.generic.search(job),
            Route::Triad => {
                Generic::candidates(self.generic.root(), &mut self.candidates);
                let candidates = &self.candidates;
                let triad = self.triad.get_or_insert_with(self.make_triad);
                triad.run_job(Job { candidates, ..job })
            }
            Route::TriadDirect => self.triad.get_or_insert_with(self.make_triad).run_job(job),
        }
    }
}

/// The generic search for 9x9 boards alone: the oracle that the 9x9
/// searches' tests compare with.
#[cfg(test)]
pub(super) fn generic_nine() -> impl Search {
    Generic::new()
}

/// The dispatch with the portable triad backend, for tests that run both.
#[cfg(test)]
pub(super) fn portable_nine_board() -> NineBoard {
    NineBoard::with(Nine::portable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::validate::is_solution;
    use crate::solve::triad::tests::{nine_by_nine, run, sample};

    fn route_name(route: &Route) -> &'static str {
        match route {
            Route::Contradiction => "contradiction",
            Route::Generic => "generic",
            Route::Triad => "triad",
            Route::TriadDirect => "triad from the givens",
        }
    }

    /// The public sets take every route (so that the tests that run the
    /// dispatch on them test each), and a clash among the givens ends at
    /// the root.
    #[test]
    fn the_public_sets_take_every_route() {
        let mut board = NineBoard::new();
        let mut taken = std::collections::BTreeSet::new();
        for (file, step) in [
            ("17_clue_sample.txt", 5),
            ("top1465.txt", 20),
            ("serg_sample.txt", 5),
        ] {
            for puzzle in sample(file, step) {
                taken.insert(route_name(&board.route(&puzzle, &[])));
            }
        }
        let mut clash = Grid::empty(nine_by_nine());
        clash.put(0, 5);
        clash.put(80, 5);
        clash.put(8, 5);
        taken.insert(route_name(&board.route(&clash, &[])));
        assert_eq!(
            taken.into_iter().collect::<Vec<_>>(),
            ["contradiction", "generic", "triad", "triad from the givens"]
        );
    }

    /// The generic-only dispatch never hands a grid over, and counts as the
    /// default dispatch does on the grids that one hands over.
    #[test]
    fn generic_only_keeps_every_grid_and_counts_the_same() {
        let (mut board, mut generic_only) = (NineBoard::new(), NineBoard::generic_only());
        let mut handed = 0;
        for puzzle in sample("top1465.txt", 10)
            .into_iter()
            .chain(sample("17_clue_sample.txt", 5))
        {
            let route = route_name(&generic_only.route(&puzzle, &[]));
            assert_ne!(route, "triad", "{puzzle}");
            if route_name(&board.route(&puzzle, &[])) == "triad" {
                handed += 1;
            }
            let (found, solution) = run(&mut generic_only, &puzzle, &[], 2);
            assert_eq!(
                (found, solution),
                run(&mut NineBoard::new(), &puzzle, &[], 2),
                "{puzzle}"
            );
        }
        assert!(
            handed > 0,
            "the sample must hold grids the default hands over"
        );
    }

    /// The candidates handed over keep the solution: each cell's set holds
    /// its digit in the unique solution, a given's set only the given.
    /// (The generic search's root, and so its candidates, are made on every
    /// route but the direct one.)
    #[test]
    fn handed_over_candidates_keep_the_solution() {
        let mut board = NineBoard::new();
        let mut handed = Vec::new();
        let mut checked = 0;
        for puzzle in sample("top1465.txt", 5) {
            let (found, solution) = run(&mut generic_nine(), &puzzle, &[], 2);
            assert!(found == 1 && is_solution(&puzzle, &solution), "{puzzle}");
            match board.route(&puzzle, &[]) {
                Route::Contradiction => panic!("{puzzle} has a solution"),
                Route::TriadDirect => continue,
                Route::Generic | Route::Triad => checked += 1,
            }
            Generic::candidates(board.generic.root(), &mut handed);
            for (cell, set) in handed.iter().enumerate() {
                assert!(set.contains(solution.get(cell)), "{puzzle} cell {cell}");
                let given = puzzle.get(cell);
                assert!(given == 0 || set.len() == 1, "{puzzle} cell {cell}");
            }
        }
        assert!(checked >= 20, "only {checked} puzzles took a generic route");
    }
}
