//! The 9x9 solver: the search `Solver` runs for 3x3 boxes, several times
//! faster than the generic band solver on hard puzzles.
//!
//! It follows the approach of Tom Dillon's tdoku (its write-up "Nerd
//! Sniped: A Sudoku Story"): Sudoku as clauses over cells and "triads" (a
//! digit in a mini-row or mini-column of a box), which make locked
//! candidates a unit propagation; boxes and bands held as vectors of nine-bit
//! digit sets so that one instruction updates a whole box (`propagate.rs`);
//! and branching on the way a digit lies in a band (two or three ways when
//! it can), not on a cell. The vectors run on AVX2 when the processor has it
//! (`avx2.rs`, found at run time, with AVX-512's 256-bit instructions when
//! it has those too) and on plain arrays otherwise (`lanes.rs`), with the
//! same results.

use super::search::{Job, Search};
use crate::board::digits::DigitSet;
use crate::board::grid::Grid;

#[cfg(target_arch = "x86_64")]
mod avx2;
mod lanes;
mod propagate;
mod tables;

use lanes::{Half, Lanes, Portable};
use propagate::State;

/// All nine digits.
const ALL: u16 = 0x1ff;

/// The 9x9 search, on the fastest backend the processor runs, keeping its
/// stack of open branches between puzzles.
pub(super) struct Nine(Backend);

/// A backend and its stack.
enum Backend {
    #[cfg(target_arch = "x86_64")]
    Avx2(Vec<State<avx2::Avx2<false>>>),
    #[cfg(target_arch = "x86_64")]
    Avx512(Vec<State<avx2::Avx2<true>>>),
    Portable(Vec<State<Portable>>),
}

impl Nine {
    /// The AVX2 backend when the processor has it (with the bit-counting
    /// instructions that come with it), on AVX-512's 256-bit instructions
    /// when it has those too, else the portable one.
    pub(super) fn new() -> Nine {
        #[cfg(target_arch = "x86_64")]
        if has_avx512() {
            return Nine(Backend::Avx512(Vec::new()));
        } else if has_avx2() {
            return Nine(Backend::Avx2(Vec::new()));
        }
        Nine::portable()
    }

    /// The x86 backends the processor runs, by name, each alone: for tests
    /// that run every backend on a machine that has AVX-512 too.
    #[cfg(all(test, target_arch = "x86_64"))]
    pub(super) fn x86_backends() -> Vec<(&'static str, Nine)> {
        let mut all = Vec::new();
        if has_avx2() {
            all.push(("avx2", Nine(Backend::Avx2(Vec::new()))));
        }
        if has_avx512() {
            all.push(("avx512", Nine(Backend::Avx512(Vec::new()))));
        }
        all
    }

    /// The backend without processor-specific instructions.
    pub(super) fn portable() -> Nine {
        Nine(Backend::Portable(Vec::new()))
    }
}

impl Search for Nine {
    fn run_job(&mut self, job: Job) -> u64 {
        match &mut self.0 {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Backend::Avx2` is only made when these features were detected.
            Backend::Avx2(stack) => unsafe { search_avx2(stack, job) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Backend::Avx512` is only made when these features were detected.
            Backend::Avx512(stack) => unsafe { search_avx512(stack, job) },
            Backend::Portable(stack) => search(stack, job),
        }
    }
}

/// [`search`] compiled with AVX2 enabled, so that the backend's intrinsics
/// inline into it, and with `popcnt` and `tzcnt` for the scalar counts.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,popcnt")]
fn search_avx2(stack: &mut Vec<State<avx2::Avx2<false>>>, job: Job) -> u64 {
    search(stack, job)
}

/// [`search`] compiled with AVX-512's 256-bit instructions enabled as well
/// (see `avx2.rs`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,popcnt,avx512f,avx512vl,avx512bw,avx512bitalg")]
fn search_avx512(stack: &mut Vec<State<avx2::Avx2<true>>>, job: Job) -> u64 {
    search(stack, job)
}

/// True when the processor runs [`search_avx2`].
#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("popcnt")
}

/// True when the processor runs [`search_avx512`].
#[cfg(target_arch = "x86_64")]
fn has_avx512() -> bool {
    has_avx2()
        && std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512vl")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512bitalg")
}

/// Depth-first search: propagate the state on top of the stack, then branch
/// on a digit of the band [`choose`] picks, pushing the state that takes
/// the digit's first configuration and leaving below it the one that rules
/// that configuration out. Returns the number of solutions found.
#[inline(always)]
fn search<L: Lanes>(stack: &mut Vec<State<L>>, mut job: Job) -> u64 {
    stack.clear();
    let Some(start) = start::<L>(job.grid, job.candidates) else {
        return 0;
    };
    stack.push(start);
    while let Some(state) = stack.last_mut() {
        if state.propagate() {
            match choose(state) {
                Choice::Branch(band, first, rest) => {
                    // The copy made in place on the stack rather than in a
                    // local pushed after (one copy of the state, not two:
                    // 2% of the hard sets' time).
                    let below = stack.len() - 1;
                    stack.extend_from_within(below..);
                    stack[below].rule_out(band, first);
                    stack[below + 1].rule_out(band, rest);
                    continue;
                }
                Choice::Solved => {
                    if job.solution(|grid| write_solution(state, grid)) {
                        return job.found;
                    }
                }
                Choice::Contradiction => {}
            }
        }
        stack.pop();
    }
    job.found
}

/// The state with the givens placed and the empty cells limited to
/// `candidates` (when given), propagated within each box; `None` when a box
/// contradicts itself.
#[inline(always)]
fn start<L: Lanes>(grid: &Grid, candidates: &[DigitSet]) -> Option<State<L>> {
    let mut state = State::<L>::open();
    for b in 0..9 {
        let mut allowed = [ALL; 16];
        for r in 0..3 {
            for c in 0..3 {
                let cell = (b / 3 * 3 + r) * 9 + b % 3 * 3 + c;
                let digit = grid.get(cell);
                let open = candidates
                    .get(cell)
                    .map_or(ALL, |set| set.bits() as u16 & ALL);
                // Given or empty by a mask, not a branch: cell by cell that
                // is a coin toss, which the processor mostly guesses wrong.
                let given = 1 << (digit.wrapping_sub(1) & 15);
                let is_given = u16::from(digit != 0).wrapping_neg();
                allowed[4 * r + c] = given & is_given | open & !is_given;
            }
        }
        if !state.restrict(b, L::from_array(allowed)) {
            return None;
        }
    }
    Some(state)
}

/// What the search does with a propagated state.
enum Choice<H> {
    /// Every digit lies one way in every band: the boxes hold a solution.
    Solved,
    /// Some band has a digit that lies no way.
    Contradiction,
    /// Branch on a digit of this band: the configuration to rule out for
    /// the first branch, and those to rule out for the second.
    Branch(usize, H, H),
}

/// Picks, among the bands not settled, the one with the lowest score: its
/// configurations left, plus one and a half for each digit not yet fixed
/// to one (in halves: twice the one, plus three times the other). In it, a
/// digit with two configurations left (else three, else the fewest above),
/// as tdoku does.
///
/// tdoku takes the band with fewest configurations. Counting its unfixed
/// digits too prefers a band nearer to settled, where fixing one more
/// digit leaves the others fewer ways: the hard sets branch less
/// (hardest_1905_11plus 61.75 -> 59.90 branches a puzzle, the same set
/// with its digits relabelled at random 64.70 -> 62.33, hardest_1106
/// 110.7 -> 105.5) and top1465 as before (9.01), while the 17-clue puzzles
/// that the generic search hands over branch more (4.00 -> 4.43), which
/// costs 17_clue under 1%. Weights from 1 to 3 for an unfixed digit
/// branched within 2% of each other on the hard sets; 1.5 alone kept
/// top1465's count.
#[inline(always)]
fn choose<L: Lanes>(state: &State<L>) -> Choice<L::Half> {
    let mut best: Option<(usize, u32)> = None;
    for (band, b) in state.bands.iter().enumerate() {
        let [lo, hi] = b.configs.to_words();
        let (once, twice) = digits_in_lanes(lo, hi);
        if once != ALL {
            return Choice::Contradiction;
        }
        let unfixed = twice.count_ones();
        let score = 2 * (lo.count_ones() + hi.count_ones()) + 3 * unfixed;
        if unfixed > 0 && best.is_none_or(|(_, lowest)| score < lowest) {
            best = Some((band, score));
        }
    }
    let Some((band, _)) = best else {
        return Choice::Solved;
    };
    let configs = state.bands[band].configs;
    let [lo, hi] = configs.to_words();
    let lanes: [u16; 6] = std::array::from_fn(|k| {
        let word = if k < 4 { lo } else { hi };
        (word >> (16 * (k % 4))) as u16
    });
    // Digits with at least one, two, three and four configurations.
    let (mut one, mut two, mut three, mut four) = (0u16, 0u16, 0u16, 0u16);
    for lane in lanes {
        four |= three & lane;
        three |= two & lane;
        two |= one & lane;
        one |= lane;
    }
    let pick = [two & !three, three & !four, four]
        .into_iter()
        .find(|&set| set != 0)
        .expect("a band with more than nine configurations has a digit with two");
    let digit = pick & pick.wrapping_neg();
    // The digit's bit in each configuration lane that has it: the first
    // such lane for the first branch, the others for the second. Made in
    // words, not lane by lane in memory, which the vector load after would
    // wait for.
    let every_lane = u64::from(digit) * 0x0001_0001_0001_0001;
    let digit_lanes = u128::from(lo & every_lane) | u128::from(hi & every_lane) << 64;
    let first = digit_lanes & digit_lanes.wrapping_neg();
    let words = |lanes: u128| [lanes as u64, (lanes >> 64) as u64];
    Choice::Branch(
        band,
        L::Half::from_words(words(first)),
        L::Half::from_words(words(digit_lanes ^ first)),
    )
}

/// The digits in at least one and in at least two of a band's six
/// configuration lanes, given as words of four lanes (the second word's
/// last two lanes empty): lanes k and k + 4 merged, then k and k + 2, then
/// 0 and 1, so that lane 0 ends with the whole band's answer. `choose`
/// needs both for every band at every node, and this takes a dozen word
/// operations, with no lane taken out on its own.
#[inline(always)]
fn digits_in_lanes(lo: u64, hi: u64) -> (u16, u16) {
    let (mut once, mut twice) = (lo | hi, lo & hi);
    // lanes 2 and 3 of `twice` are empty: `hi` has no lanes 6 and 7
    twice |= once & once >> 32;
    once |= once >> 32;
    twice |= twice >> 16 | once & once >> 16;
    once |= once >> 16;
    (once as u16 & ALL, twice as u16 & ALL)
}

/// Copies a solved state into a grid.
fn write_solution<L: Lanes>(state: &State<L>, grid: &mut Grid) {
    for (b, cells) in state.boxes.iter().enumerate() {
        let lanes = cells.to_array();
        for r in 0..3 {
            for c in 0..3 {
                let cell = (b / 3 * 3 + r) * 9 + b % 3 * 3 + c;
                grid.put(cell, lanes[4 * r + c].trailing_zeros() as u8 + 1);
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests;
