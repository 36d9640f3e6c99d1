//! Properties of full-grid generation, Π layers and symmetry transforms,
//! checked against oracles independent of the code under test: the
//! validator, the solver's solution counts, the geometry's rows, columns and
//! boxes, and a brute-force list of the 288 4x4 grids.
//!
//! Case counts are modest on large shapes so the debug suite stays fast.
//! `SeedRejection` is property-tested in debug only up to 6x6. Its cost
//! grows with the number of layers |Π| (each dead end costs 20·|Π| draws, see
//! `rejection_bound`): 8x8 (|Π| = 9,216) takes about half a second a grid in
//! debug and 9x9 (46,656) seconds, so those run in an ignored test that CI
//! runs in release; at 16x16 a grid needs about 10^11 draws, hours, so it is
//! not tested at all.

use std::collections::HashMap;

use proptest::prelude::*;
use proptest::sample::select;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tudoku_engine::PiLayer;
use tudoku_engine::Transform;
use tudoku_engine::count;
use tudoku_engine::is_solved;
use tudoku_engine::random_permutation;
use tudoku_engine::{FillMethod, fill};
use tudoku_engine::{Grid, Shape};

fn shape(h: usize, w: usize) -> Shape {
    Shape::new(h, w).unwrap()
}

/// Every shape up to 12x12.
fn small_shapes() -> Vec<Shape> {
    Shape::all().filter(|s| s.n() <= 12).collect()
}

/// 16x16 and 25x25.
fn large_shapes() -> Vec<Shape> {
    Shape::all().filter(|s| s.n() > 12).collect()
}

/// Shapes where `SeedRejection` finishes quickly even in debug builds.
fn rejection_shapes() -> Vec<Shape> {
    Shape::all().filter(|s| s.n() <= 6).collect()
}

/// True when `values` holds each of 0..values.len() once.
fn each_once(values: impl Iterator<Item = usize>, n: usize) -> bool {
    let mut seen = vec![0; n];
    for v in values {
        seen[v] += 1;
    }
    seen.iter().all(|&c| c == 1)
}

/// `grid` with `blanks` random cells emptied.
fn blank(grid: &Grid, blanks: usize, rng: &mut ChaCha8Rng) -> Grid {
    let mut puzzle = grid.clone();
    for cell in random_permutation(grid.shape().cell_count(), rng)
        .into_iter()
        .take(blanks)
    {
        puzzle.set(cell, 0).unwrap();
    }
    puzzle
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn backtracking_fills_small_shapes_validly(s in select(small_shapes()), seed: u64) {
        let grid = fill(s, FillMethod::Backtracking, &mut ChaCha8Rng::seed_from_u64(seed));
        prop_assert_eq!(grid.shape(), s);
        prop_assert!(is_solved(&grid), "{:?}", grid);
    }

    #[test]
    fn seed_rejection_fills_validly(s in select(rejection_shapes()), seed: u64) {
        let grid = fill(s, FillMethod::SeedRejection, &mut ChaCha8Rng::seed_from_u64(seed));
        prop_assert_eq!(grid.shape(), s);
        prop_assert!(is_solved(&grid), "{:?}", grid);
    }

    #[test]
    fn every_pi_layer_has_one_cell_per_row_column_and_box(
        s in select(Shape::all().collect::<Vec<_>>()),
        seed: u64,
    ) {
        let layer = PiLayer::random(s, &mut ChaCha8Rng::seed_from_u64(seed));
        let g = s.geometry();
        let cells: Vec<usize> = layer.cells().collect();
        prop_assert_eq!(cells.len(), g.n);
        prop_assert!(each_once(cells.iter().map(|&c| g.row_of(c)), g.n));
        prop_assert!(each_once(cells.iter().map(|&c| g.col_of(c)), g.n));
        prop_assert!(each_once(cells.iter().map(|&c| g.box_of(c)), g.n));
    }

    #[test]
    fn grids_and_puzzles_survive_format_then_parse(
        s in select(Shape::all().collect::<Vec<_>>()),
        seed: u64,
        blank_share in 0.0..1.0f64,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let grid = fill(s, FillMethod::Backtracking, &mut rng);
        let puzzle = blank(&grid, (blank_share * s.cell_count() as f64) as usize, &mut rng);
        for g in [&grid, &puzzle] {
            for zeros in [false, true] {
                prop_assert_eq!(&Grid::parse(&g.to_line(zeros), Some(s)).unwrap(), g);
            }
        }
        // Default shapes also round-trip without naming the shape.
        if Shape::for_size(s.n()) == Some(s) {
            prop_assert_eq!(&Grid::parse(&puzzle.to_line(false), None).unwrap(), &puzzle);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn backtracking_fills_large_shapes_validly(s in select(large_shapes()), seed: u64) {
        let grid = fill(s, FillMethod::Backtracking, &mut ChaCha8Rng::seed_from_u64(seed));
        prop_assert!(is_solved(&grid), "{:?}", grid);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn transforms_keep_grids_valid_and_solution_counts_equal(
        s in select(Shape::all().filter(|s| s.n() <= 16).collect::<Vec<_>>()),
        seed: u64,
        blank_share in 0.0..0.6f64,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let grid = fill(s, FillMethod::Backtracking, &mut rng);
        let t = Transform::random(s, &mut rng);
        prop_assert!(is_solved(&t.apply(&grid).unwrap()));
        // The whole 4x4 space can be counted; elsewhere the count is capped,
        // which keeps it a function of the true count and so still invariant.
        let (blanks, limit) = if s.n() == 4 { (s.cell_count(), u64::MAX) } else { (s.cell_count() / 2, 20) };
        let puzzle = blank(&grid, (blank_share * blanks as f64) as usize, &mut rng);
        let moved = t.apply(&puzzle).unwrap();
        prop_assert_eq!(moved.filled_count(), puzzle.filled_count());
        prop_assert_eq!(count(&moved, limit), count(&puzzle, limit));
    }
}

#[test]
fn transforms_keep_25x25_grids_valid() {
    let s = shape(5, 5);
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    let grid = fill(s, FillMethod::Backtracking, &mut rng);
    for _ in 0..4 {
        assert!(is_solved(
            &Transform::random(s, &mut rng).apply(&grid).unwrap()
        ));
    }
}

#[test]
fn fills_are_reproducible_from_the_seed() {
    for method in [FillMethod::Backtracking, FillMethod::SeedRejection] {
        let s = shape(2, 3);
        let draw = |seed| fill(s, method, &mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(draw(1), draw(1), "{method:?}");
        assert_ne!(draw(1), draw(2), "{method:?}");
    }
}

#[test]
#[ignore = "9x9 SeedRejection takes seconds per grid in debug; CI runs it in release"]
fn seed_rejection_fills_9x9_validly() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..5 {
        assert!(is_solved(&fill(
            shape(3, 3),
            FillMethod::SeedRejection,
            &mut rng
        )));
    }
}

/// All 4x4 grids, by brute force: cell after cell, each digit not already
/// in the cell's row, column or 2x2 box.
fn all_4x4_grids() -> Vec<Grid> {
    fn extend(cells: &mut [u8; 16], at: usize, out: &mut Vec<Grid>) {
        if at == 16 {
            out.push(Grid::from_values(shape(2, 2), cells.to_vec()).unwrap());
            return;
        }
        let (r, c) = (at / 4, at % 4);
        for d in 1..=4 {
            let clash = (0..at).any(|o| {
                let (orow, ocol) = (o / 4, o % 4);
                cells[o] == d && (orow == r || ocol == c || (orow / 2, ocol / 2) == (r / 2, c / 2))
            });
            if !clash {
                cells[at] = d;
                extend(cells, at + 1, out);
            }
        }
        cells[at] = 0;
    }
    let mut out = Vec::new();
    extend(&mut [0; 16], 0, &mut out);
    out
}

#[test]
fn random_transforms_reach_the_two_4x4_classes_of_96_and_192_grids() {
    let grids = all_4x4_grids();
    assert_eq!(grids.len(), 288);
    assert!(grids.iter().all(is_solved));
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let orbit = |g: &Grid, rng: &mut ChaCha8Rng| {
        (0..20_000)
            .map(|_| Transform::random(g.shape(), rng).apply(g).unwrap())
            .collect::<std::collections::HashSet<_>>()
    };
    let first = orbit(&grids[0], &mut rng);
    let outside = grids.iter().find(|g| !first.contains(g)).unwrap();
    let second = orbit(outside, &mut rng);
    let mut sizes = [first.len(), second.len()];
    sizes.sort_unstable();
    assert_eq!(sizes, [96, 192]);
    assert!(first.is_disjoint(&second));
}

/// Pearson's chi-square of `draws` grids against the uniform distribution on
/// all 288 4x4 grids (287 degrees of freedom).
fn chi_square_over_4x4_grids(method: FillMethod, draws: u32, seed: u64) -> f64 {
    let mut counts: HashMap<Grid, u32> = all_4x4_grids().into_iter().map(|g| (g, 0)).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..draws {
        let grid = fill(shape(2, 2), method, &mut rng);
        *counts
            .get_mut(&grid)
            .expect("every fill is one of the 288 grids") += 1;
    }
    assert!(
        counts.values().all(|&c| c > 0),
        "{method:?} misses some grids"
    );
    let expected = f64::from(draws) / 288.0;
    counts
        .values()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum()
}

#[test]
#[ignore = "draws 200,000 grids; CI runs it in release"]
fn both_methods_spread_over_all_288_4x4_grids() {
    for method in [FillMethod::Backtracking, FillMethod::SeedRejection] {
        let chi2 = chi_square_over_4x4_grids(method, 100_000, 288);
        println!("4x4 {method:?}: chi-square {chi2:.1} over 288 grids (df 287)");
        // Uniform would give 287 ± 24; the bound only catches a method stuck
        // on a small part of the space.
        assert!(chi2 < 20_000.0, "{method:?}: chi-square {chi2:.1}");
    }
}
