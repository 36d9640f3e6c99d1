//! Canonical forms against independent oracles: a brute force over the whole
//! symmetry group on small boards, Gordon Royle's published list of
//! essentially different 17-clue puzzles (printed in minlex form), the
//! published smallest and largest minlex grids, and invariance under random
//! symmetries. Also the rest of the engine on a class: a random symmetry of
//! a puzzle gets the same rating and first hint, and its solution is the
//! original solution under the same symmetry.

use std::collections::{HashMap, HashSet};

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tudoku_engine::Solver;
use tudoku_engine::Transform;
use tudoku_engine::rate;
use tudoku_engine::{FillMethod, fill};
use tudoku_engine::{Grid, Shape, parse_puzzles};
use tudoku_engine::{Hint, next_hint};
use tudoku_engine::{canonical_form, mapping};

fn load(file: &str) -> Vec<Grid> {
    let path = format!("tests/data/{file}");
    let text = std::fs::read_to_string(&path).expect("test data is in the repository");
    parse_puzzles(&text, None)
        .map(|p| p.expect("test data parses").grid)
        .collect()
}

fn canon(grid: &Grid) -> Grid {
    canonical_form(grid).expect("a consistent board").grid
}

/// Every order of `0..k`.
fn orders(k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut all = Vec::new();
    for rest in orders(k - 1) {
        for at in 0..=rest.len() {
            let mut o = rest.clone();
            o.insert(at, k - 1);
            all.push(o);
        }
    }
    all
}

/// Every line order that keeps `groups` groups of `size` lines together.
fn line_orders(groups: usize, size: usize) -> Vec<Vec<usize>> {
    let mut all = vec![vec![]];
    for group_order in orders(groups) {
        let mut partial: Vec<Vec<usize>> = vec![vec![]];
        for &g in &group_order {
            partial = partial
                .iter()
                .flat_map(|p| {
                    orders(size).into_iter().map(move |inner| {
                        let mut q = p.clone();
                        q.extend(inner.iter().map(|&i| g * size + i));
                        q
                    })
                })
                .collect();
        }
        all.extend(partial);
    }
    all.retain(|o| !o.is_empty());
    all
}

/// The smallest string over the whole group, each arrangement relabelled by
/// first appearance: the definition, computed the slow way.
fn brute_force(grid: &Grid) -> Vec<u8> {
    let shape = grid.shape();
    let (n, h, w) = (shape.n(), shape.box_rows(), shape.box_cols());
    let rows = line_orders(w, h);
    let cols = line_orders(h, w);
    let flips: &[bool] = if shape.is_square() {
        &[false, true]
    } else {
        &[false]
    };
    let mut best = vec![u8::MAX; n * n];
    for &flip in flips {
        for rs in &rows {
            for cs in &cols {
                let mut labels = vec![0u8; n + 1];
                let mut next = 1;
                let s: Vec<u8> = (0..n * n)
                    .map(|i| {
                        let (r, c) = (rs[i / n], cs[i % n]);
                        let v = if flip {
                            grid.get(c * n + r)
                        } else {
                            grid.get(r * n + c)
                        };
                        if v != 0 && labels[v as usize] == 0 {
                            labels[v as usize] = next;
                            next += 1;
                        }
                        labels[v as usize]
                    })
                    .collect();
                best = best.min(s);
            }
        }
    }
    best
}

/// Every full grid of a shape, by plain backtracking.
fn all_grids(shape: Shape) -> Vec<Grid> {
    fn go(grid: &mut Grid, cell: usize, out: &mut Vec<Grid>) {
        if cell == grid.values().len() {
            out.push(grid.clone());
            return;
        }
        let g = grid.shape().geometry();
        for v in 1..=grid.n() as u8 {
            if g.peers[cell].iter().all(|&p| grid.get(p) != v) {
                grid.set(cell, v).unwrap();
                go(grid, cell + 1, out);
                grid.set(cell, 0).unwrap();
            }
        }
    }
    let mut out = Vec::new();
    go(&mut Grid::empty(shape), 0, &mut out);
    out
}

/// `grid` with each cell emptied with probability `p`.
fn holes(grid: &Grid, p: f64, rng: &mut ChaCha8Rng) -> Grid {
    let mut g = grid.clone();
    for cell in 0..g.values().len() {
        if rng.random_bool(p) {
            g.set(cell, 0).unwrap();
        }
    }
    g
}

#[test]
fn four_by_four_matches_the_brute_force_exactly() {
    let shape = Shape::new(2, 2).unwrap();
    let grids = all_grids(shape);
    assert_eq!(grids.len(), 288);
    let mut classes = HashSet::new();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for grid in &grids {
        let c = canon(grid);
        assert_eq!(c.values(), brute_force(grid), "{grid:?}");
        classes.insert(c);
        for p in [0.3, 0.6, 0.85] {
            let puzzle = holes(grid, p, &mut rng);
            assert_eq!(canon(&puzzle).values(), brute_force(&puzzle), "{puzzle:?}");
        }
    }
    assert_eq!(classes.len(), 2, "4x4 has two essentially different grids");
}

#[test]
fn rectangular_boxes_match_the_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for (r, c) in [(2, 3), (3, 2), (2, 4)] {
        let shape = Shape::new(r, c).unwrap();
        // 8x8 has 442,368 arrangements to try per board: one round.
        let (rounds, rates): (usize, &[f64]) = if r * c == 8 {
            (1, &[0.5])
        } else {
            (20, &[0.0, 0.4, 0.7])
        };
        for _ in 0..rounds {
            let grid = fill(shape, FillMethod::default(), &mut rng);
            for &p in rates {
                let puzzle = holes(&grid, p, &mut rng);
                assert_eq!(
                    canon(&puzzle).values(),
                    brute_force(&puzzle),
                    "{shape} {puzzle:?}"
                );
            }
        }
    }
}

#[test]
fn royles_seventeen_clue_list_holds_one_puzzle_per_class() {
    // The list holds essentially different puzzles, most printed in minlex
    // form (about 3% of its lines are printed in another form).
    let puzzles = load("17_clue_sample.txt");
    assert!(puzzles.len() > 1000);
    let mut seen = HashSet::new();
    let mut fixed = 0;
    for puzzle in &puzzles {
        let c = canon(puzzle);
        fixed += usize::from(&c == puzzle);
        assert!(seen.insert(c), "the list holds no two equivalent puzzles");
    }
    assert!(
        fixed * 100 > puzzles.len() * 90,
        "{fixed} lines in minlex form"
    );
}

#[test]
#[ignore = "a brute force over 3,359,232 arrangements per puzzle: run with --release"]
fn nine_by_nine_matches_the_brute_force() {
    let mut boards = load("17_clue_sample.txt");
    // The first line the list prints in another form, and two that it
    // prints in minlex form.
    let other = boards
        .iter()
        .position(|p| canon(p) != *p)
        .expect("the sample holds a line not in minlex form");
    let mut picked = vec![
        boards.swap_remove(other),
        boards[0].clone(),
        boards[1].clone(),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    picked.push(fill(
        Shape::for_size(9).unwrap(),
        FillMethod::default(),
        &mut rng,
    ));
    picked.push(load("top1465.txt").remove(3));
    for board in &picked {
        assert_eq!(canon(board).values(), brute_force(board), "{board:?}");
    }
}

#[test]
#[ignore = "a brute force over 3,359,232 arrangements per grid: run with --release"]
fn full_nine_by_nine_grids_match_the_brute_force() {
    // Full grids take their own path (symmetry/minlex9.rs): random ones, and
    // disguises of Red Ed's smallest and largest minlex grids, the first with
    // many symmetries (so many arrangements tie).
    let shape = Shape::for_size(9).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(81);
    let mut grids: Vec<Grid> = (0..12)
        .map(|_| fill(shape, FillMethod::default(), &mut rng))
        .collect();
    for line in [
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
        "123456789457893612986217354274538196531964827698721435342685971715349268869172543",
    ] {
        let grid = Grid::parse(line, None).unwrap();
        grids.push(Transform::random(shape, &mut rng).apply(&grid).unwrap());
    }
    for grid in &grids {
        assert_eq!(canon(grid).values(), brute_force(grid), "{grid:?}");
    }
}

#[test]
fn published_extreme_minlex_grids_are_their_own_canonical_forms() {
    // Red Ed's smallest and largest minlex grids (Sudoku Players' Forum, 2007).
    for line in [
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
        "123456789457893612986217354274538196531964827698721435342685971715349268869172543",
    ] {
        let grid = Grid::parse(line, None).unwrap();
        assert_eq!(canon(&grid), grid);
    }
}

#[test]
fn random_symmetries_leave_the_canonical_form_unchanged() {
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    let mut boards: Vec<Grid> = Vec::new();
    boards.extend(load("top1465.txt").into_iter().take(150));
    boards.extend(load("17_clue_sample.txt").into_iter().take(150));
    boards.extend(load("16x16_basic_sample.txt").into_iter().take(10));
    boards.extend(load("6x6.txt"));
    for shape in Shape::all() {
        let grid = fill(shape, FillMethod::default(), &mut rng);
        boards.push(holes(&grid, 0.5, &mut rng));
        boards.push(grid);
    }
    for board in &boards {
        let c = canonical_form(board).unwrap();
        assert_eq!(c.transform.apply(board).as_ref(), Some(&c.grid));
        for _ in 0..3 {
            let moved = Transform::random(board.shape(), &mut rng)
                .apply(board)
                .unwrap();
            assert_eq!(canon(&moved), c.grid, "{board:?} moved to {moved:?}");
            let map = mapping(board, &moved).expect("the same board in disguise");
            assert_eq!(map.apply(board).as_ref(), Some(&moved));
        }
    }
}

#[test]
fn inequivalent_boards_get_different_forms() {
    // Two 9x9 grids told apart by a count the group preserves: how many
    // rows of the first band hold box 1's first row as a box row of box 2.
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let shape = Shape::for_size(9).unwrap();
    let mut by_form: HashMap<Grid, Vec<u8>> = HashMap::new();
    for _ in 0..200 {
        let grid = fill(shape, FillMethod::default(), &mut rng);
        let c = canon(&grid);
        // A random grid is almost surely alone in its class among 200.
        assert!(by_form.insert(c, grid.values().to_vec()).is_none());
    }
    // A puzzle and the same puzzle with one more clue are never equivalent.
    let puzzle = load("top1465.txt").remove(0);
    let mut more = puzzle.clone();
    let cell = (0..81).find(|&c| puzzle.get(c) == 0).unwrap();
    let solution = Solver::new()
        .solve_unique(&puzzle)
        .solution()
        .cloned()
        .unwrap();
    more.set(cell, solution.get(cell)).unwrap();
    assert_ne!(canon(&puzzle), canon(&more));
    assert!(mapping(&puzzle, &more).is_none());
}

#[test]
fn inconsistent_boards_and_shape_mismatches_have_no_form() {
    let clash = Grid::parse("11..............", None).unwrap();
    assert!(canonical_form(&clash).is_none());
    let four = Grid::empty(Shape::new(2, 2).unwrap());
    let nine = Grid::empty(Shape::new(3, 3).unwrap());
    assert!(mapping(&four, &nine).is_none());
    assert_eq!(canon(&four), four, "the empty board is canonical");
}

fn first_technique(puzzle: &Grid) -> String {
    match next_hint(puzzle, &Grid::empty(puzzle.shape()), None, None) {
        Ok(Hint::Step { step, .. }) => step.technique.name().to_string(),
        other => panic!("a unique puzzle has a next step: {other:?}"),
    }
}

fn check(puzzle: &Grid, seed: u64) {
    let t = Transform::random(puzzle.shape(), &mut ChaCha8Rng::seed_from_u64(seed));
    let moved = t.apply(puzzle).unwrap();
    let (a, b) = (rate(puzzle).unwrap(), rate(&moved).unwrap());
    assert_eq!(
        a.difficulty, b.difficulty,
        "level of {puzzle:?} and {moved:?}"
    );
    assert_eq!(a.score, b.score, "score of {puzzle:?} and {moved:?}");
    assert_eq!(first_technique(puzzle), first_technique(&moved));
    let mut solver = Solver::new();
    let solution = solver.solve_unique(puzzle).solution().cloned().unwrap();
    let moved_solution = solver.solve_unique(&moved).solution().cloned().unwrap();
    assert_eq!(t.apply(&solution).unwrap(), moved_solution);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn nine_by_nine_puzzles_rate_hint_and_solve_alike(index in 0usize..1465, seed in any::<u64>()) {
        let puzzles = load("top1465.txt");
        check(&puzzles[index], seed);
    }

    #[test]
    fn six_by_six_puzzles_rate_hint_and_solve_alike(index in 0usize..50, seed in any::<u64>()) {
        check(&load("6x6.txt")[index], seed);
    }
}
