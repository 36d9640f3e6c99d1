//! The 9x9 solver on both backends, alone and behind the 9x9 dispatch
//! (`nine.rs`, which hands the generic search's candidates to it), against
//! independent oracles: validity and the givens for every solution, a known
//! count (a deadly pattern has two solutions), and the generic search, whose
//! counts up to a limit and unique solutions must be the same on sets,
//! random and broken puzzles.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::board::geometry::Shape;
use crate::board::reader::parse_puzzles;
use crate::board::validate::is_solution;
use crate::generation::fill::{FillMethod, fill};
use crate::solve::nine::{generic_nine, portable_nine_board};

/// The backends this machine runs, by name, alone and behind the 9x9
/// dispatch: always the portable one.
fn backends() -> Vec<(&'static str, Box<dyn Search>)> {
    #[cfg_attr(not(target_arch = "x86_64"), expect(unused_mut))]
    let mut all: Vec<(&str, Box<dyn Search>)> = vec![
        ("portable", Box::new(Nine::portable())),
        ("dispatch, portable", Box::new(portable_nine_board())),
    ];
    #[cfg(target_arch = "x86_64")]
    for (name, nine) in Nine::x86_backends() {
        all.push((name, Box::new(nine)));
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        use crate::solve::nine::NineBoard;
        all.push(("dispatch, fastest", Box::new(NineBoard::new())));
    }
    all
}

/// Solutions found up to `limit` and the first one.
pub(in crate::solve) fn run(
    search: &mut dyn Search,
    grid: &Grid,
    candidates: &[DigitSet],
    limit: u64,
) -> (u64, Grid) {
    let mut first = Grid::empty(grid.shape());
    let found = search.run(grid, candidates, limit, Some(&mut first), &mut |_| {});
    (found, first)
}

/// Both backends find as many solutions as the generic search up to
/// `limit`, a valid first solution that keeps the givens, and the same one
/// when there is only one.
fn assert_agrees(grid: &Grid, candidates: &[DigitSet], limit: u64) {
    let (expected, oracle) = run(&mut generic_nine(), grid, candidates, limit);
    for (name, mut nine) in backends() {
        let (found, first) = run(&mut *nine, grid, candidates, limit);
        assert_eq!(found, expected, "{name}, limit {limit}: {grid}");
        if found > 0 {
            assert!(is_solution(grid, &first), "{name}: {first} for {grid}");
            let kept = candidates
                .iter()
                .zip(first.values())
                .all(|(set, &v)| set.contains(v));
            assert!(kept, "{name}: {first} leaves the candidates of {grid}");
        }
        if found == 1 && limit != 1 {
            assert_eq!(first, oracle, "{name}: {grid}");
        }
    }
}

/// Every `step`th puzzle of a file in tests/data.
pub(in crate::solve) fn sample(file: &str, step: usize) -> Vec<Grid> {
    // tests run in their package's directory, in the repository and unpacked
    let path = format!("tests/data/{file}");
    let text = std::fs::read_to_string(&path).expect("test data is in the repository");
    let grids: Vec<Grid> = parse_puzzles(&text, None)
        .step_by(step)
        .map(|p| p.expect("test data parses").grid)
        .collect();
    assert!(!grids.is_empty(), "{file} holds puzzles");
    grids
}

pub(in crate::solve) fn nine_by_nine() -> Shape {
    Shape::new(3, 3).expect("3x3 boxes are supported")
}

#[test]
fn agrees_with_the_generic_search_on_public_sets() {
    for (file, step) in [
        ("17_clue_sample.txt", 25),
        ("top1465.txt", 40),
        ("hardest_1106.txt", 15),
        ("serg_sample.txt", 5),
    ] {
        for puzzle in sample(file, step) {
            assert_agrees(&puzzle, &[], 2);
        }
    }
}

#[test]
fn agrees_on_random_puzzles_with_many_or_no_solutions() {
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let mut cells: Vec<usize> = (0..81).collect();
    for round in 0..300 {
        let full = fill(nine_by_nine(), FillMethod::Backtracking, &mut rng);
        let mut puzzle = full.clone();
        cells.shuffle(&mut rng);
        let blanks = rng.random_range(20..=64);
        cells[..blanks].iter().for_each(|&c| puzzle.put(c, 0));
        if round % 3 == 0 {
            // A given changed at random: often no solution at all, at times
            // a contradiction among the givens themselves.
            let cell = rng.random_range(0..81);
            puzzle.put(cell, rng.random_range(1..=9));
        }
        let limit = [1, 2, 3, 17, 100][round % 5];
        assert_agrees(&puzzle, &[], limit);
    }
}

#[test]
fn random_givens_that_clash_have_no_solution() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..200 {
        let mut puzzle = Grid::empty(nine_by_nine());
        for _ in 0..rng.random_range(8..30) {
            puzzle.put(rng.random_range(0..81), rng.random_range(1..=9));
        }
        assert_agrees(&puzzle, &[], 2);
    }
}

/// A full grid with the four cells of a deadly pattern emptied (two rows,
/// two columns, two boxes, holding a and b crosswise) has exactly the two
/// solutions that swap a and b.
#[test]
fn a_deadly_pattern_has_exactly_two_solutions() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut checked = 0;
    while checked < 20 {
        let full = fill(nine_by_nine(), FillMethod::Backtracking, &mut rng);
        let at = |r: usize, c: usize| full.get(r * 9 + c);
        let (r1, r2) = (rng.random_range(0..9), rng.random_range(0..9));
        let (c1, c2) = (rng.random_range(0..9), rng.random_range(0..9));
        let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
        if r1 == r2
            || c1 == c2
            || !two_boxes
            || at(r1, c1) != at(r2, c2)
            || at(r1, c2) != at(r2, c1)
        {
            continue;
        }
        let mut puzzle = full.clone();
        for (r, c) in [(r1, c1), (r1, c2), (r2, c1), (r2, c2)] {
            puzzle.put(r * 9 + c, 0);
        }
        for (name, mut nine) in backends() {
            assert_eq!(run(&mut *nine, &puzzle, &[], 0).0, 2, "{name}: {puzzle}");
            let (found, first) = run(&mut *nine, &puzzle, &[], 1);
            assert!(
                found == 1 && is_solution(&puzzle, &first),
                "{name}: {puzzle}"
            );
        }
        checked += 1;
    }
}

#[test]
fn candidates_limit_the_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for puzzle in sample("top1465.txt", 97) {
        let (_, solution) = run(&mut generic_nine(), &puzzle, &[], 1);
        // Random candidates that keep the solution: the same unique solution.
        let keeping: Vec<DigitSet> = (0..81)
            .map(|c| DigitSet(rng.random_range(0..512)) | DigitSet::single(solution.get(c)))
            .collect();
        assert_agrees(&puzzle, &keeping, 2);
        // Candidates that leave out the solution's digit in an empty cell:
        // none, since the puzzle has only that solution.
        let empty = (0..81)
            .find(|&c| puzzle.get(c) == 0)
            .expect("an empty cell");
        let mut without = vec![DigitSet::full(9); 81];
        without[empty].remove(solution.get(empty));
        assert_agrees(&puzzle, &without, 2);
        for (name, mut nine) in backends() {
            assert_eq!(run(&mut *nine, &puzzle, &without, 2).0, 0, "{name}");
        }
    }
}

#[test]
fn the_empty_grid_counts_up_to_the_limit() {
    let empty = Grid::empty(nine_by_nine());
    for limit in [1, 2, 1000] {
        assert_agrees(&empty, &[], limit);
    }
}

#[test]
fn counts_every_solution_as_the_generic_search_does() {
    // Five rows given leave a few solutions; count them all.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..5 {
        let mut puzzle = fill(nine_by_nine(), FillMethod::Backtracking, &mut rng);
        (45..81).for_each(|c| puzzle.put(c, 0));
        assert_agrees(&puzzle, &[], 0);
    }
}

/// Four rows given leave some 10^5 solutions: slow in a debug build.
#[test]
#[ignore = "counts many solutions: run in release, as CI does with --ignored"]
fn counting_reports_progress_as_the_generic_search_does() {
    let mut puzzle = fill(
        nine_by_nine(),
        FillMethod::Backtracking,
        &mut ChaCha8Rng::seed_from_u64(1),
    );
    (36..81).for_each(|c| puzzle.put(c, 0));
    let mut expected = Vec::new();
    let total = generic_nine().run(&puzzle, &[], 0, None, &mut |k| expected.push(k));
    assert!(!expected.is_empty(), "{total} solutions: too few to report");
    for (name, mut nine) in backends() {
        let mut reported = Vec::new();
        let found = nine.run(&puzzle, &[], 0, None, &mut |k| reported.push(k));
        assert_eq!((found, &reported), (total, &expected), "{name}");
    }
}

/// `choose`'s word-wise fold finds, for random bands (six lanes of
/// nine-bit digit sets, the last two of eight empty), the digits that a
/// lane-by-lane count finds in at least one and at least two lanes.
#[test]
fn the_lane_fold_counts_digits_as_lane_by_lane() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for round in 0..5000 {
        // sparse lanes too, so that digits in exactly one lane are common
        let density = [512, 64, 8][round % 3];
        let lanes: [u16; 8] = std::array::from_fn(|k| {
            if k < 6 {
                rng.random_range(0..512) & rng.random_range(0..density)
            } else {
                0
            }
        });
        let word = |k: usize| (0..4).fold(0u64, |w, i| w | u64::from(lanes[k + i]) << (16 * i));
        let (once, twice) = digits_in_lanes(word(0), word(4));
        for d in 0..9 {
            let lanes_with_d = lanes.iter().filter(|&&lane| lane >> d & 1 != 0).count();
            assert_eq!(
                once >> d & 1 != 0,
                lanes_with_d >= 1,
                "digit {d} of {lanes:?}"
            );
            assert_eq!(
                twice >> d & 1 != 0,
                lanes_with_d >= 2,
                "digit {d} of {lanes:?}"
            );
        }
        assert_eq!((once | twice) & !ALL, 0, "{lanes:?}");
    }
}

/// The AVX2 backend computes what the portable one does, lane for lane, on
/// random vectors of nine-bit lanes (the solver's only kind), and so do the
/// AVX-512 forms of its counts and comparisons where the processor has them.
#[cfg(target_arch = "x86_64")]
#[test]
fn the_backends_agree_lane_for_lane() {
    use super::avx2::{Avx2, Avx2Half};
    use super::lanes::PortableHalf;
    use super::tables::{CELL_ROTATIONS, CONFIGS_TO_TRIADS, TRIADS_TO_CONFIGS};
    if !std::arch::is_x86_feature_detected!("avx2") {
        eprintln!("no AVX2 here: only the portable backend runs");
        return;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..1000 {
        let a: [u16; 16] = std::array::from_fn(|_| rng.random_range(0..512));
        let b: [u16; 16] = std::array::from_fn(|i| {
            if i % 3 == 0 {
                a[i]
            } else {
                rng.random_range(0..512)
            }
        });
        let (pa, pb) = (Portable::from_array(a), Portable::from_array(b));
        let (xa, xb) = (Avx2::<false>::from_array(a), Avx2::from_array(b));
        if super::has_avx512() {
            let (wa, wb) = (Avx2::<true>::from_array(a), Avx2::<true>::from_array(b));
            assert_eq!(pa.counts().to_array(), wa.counts().to_array(), "{a:?}");
            assert_eq!(pa.any_below(pb), wa.any_below(wb), "{a:?}, {b:?}");
            assert_eq!(pb.any_below(pa), wb.any_below(wa), "{a:?}, {b:?}");
        }
        let pairs: [(Portable, Avx2<false>); 14] = [
            (pa.and(pb), xa.and(xb)),
            (pa.or(pb), xa.or(xb)),
            (pa.xor(pb), xa.xor(xb)),
            (pa.and_not(pb), xa.and_not(xb)),
            (pa.counts(), xa.counts()),
            (pa.equal(pb), xa.equal(xb)),
            (pa.and(pb).nonzero(), xa.and(xb).nonzero()),
            (
                pa.shuffle(&CELL_ROTATIONS[0]),
                xa.shuffle(&CELL_ROTATIONS[0]),
            ),
            (
                pa.shuffle(&CONFIGS_TO_TRIADS[1]),
                xa.shuffle(&CONFIGS_TO_TRIADS[1]),
            ),
            (pa.rotate_rows(), xa.rotate_rows()),
            (pa.rotate_rows2(), xa.rotate_rows2()),
            (pa.rotate_cols(), xa.rotate_cols()),
            (pa.rotate_cols2(), xa.rotate_cols2()),
            (
                Portable::join(pa.hi(), pb.lo()),
                Avx2::join(xa.hi(), xb.lo()),
            ),
        ];
        for (i, (p, x)) in pairs.into_iter().enumerate() {
            assert_eq!(p.to_array(), x.to_array(), "operation {i} on {a:?}, {b:?}");
        }
        let (ph, xh) = (pa.lo().and_not(pb.hi()), xa.lo().and_not(xb.hi()));
        assert_eq!(ph.to_words(), xh.to_words());
        let (ph, xh) = (pa.hi().or(pb.lo()), xa.hi().or(xb.lo()));
        assert_eq!(ph.to_words(), xh.to_words());
        // the words' lanes, read back the other way, as each backend reads them
        let words = ph.to_words();
        assert_eq!(PortableHalf::from_words(words).to_words(), words);
        assert_eq!(PortableHalf::from_words(words), ph);
        assert_eq!(Avx2Half::from_words(words).to_words(), words);
        let control = &TRIADS_TO_CONFIGS[2];
        assert_eq!(
            ph.shuffle(control).to_words(),
            xh.shuffle(control).to_words()
        );
        assert_eq!(ph.intersects(pa.lo()), xh.intersects(xa.lo()));
        let (pz, xz) = (pa.and_not(pb), xa.and_not(xb));
        assert_eq!(pa.any_below(pb), xa.any_below(xb));
        assert_eq!(pz.intersects(pb), xz.intersects(xb));
        assert_eq!(pz.subset_of(pa), xz.subset_of(xa));
        assert_eq!(pa.subset_of(pb), xa.subset_of(xb));
        assert_eq!(pa.intersects(pb), xa.intersects(xb));
    }
}
