//! The solver against independent oracles: known solution counts, the
//! validity check, the givens, public puzzle sets of known uniqueness, and a
//! naive brute-force counter on random small boards.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tudoku_engine::{Grid, Shape, parse_puzzles};
use tudoku_engine::{
    Outcome, SolutionCount, Solver, count, count_all, solve_unique, some_solution,
};
use tudoku_engine::{is_consistent, is_solution, is_solved};

fn load(file: &str) -> Vec<Grid> {
    let path = format!("tests/data/{file}");
    let text = std::fs::read_to_string(&path).expect("test data is in the repository");
    let grids: Vec<Grid> = parse_puzzles(&text, None)
        .map(|p| p.expect("test data parses").grid)
        .collect();
    assert!(!grids.is_empty(), "{file} holds puzzles");
    grids
}

/// Every `step`-th puzzle of the file (from the first) has exactly one
/// solution, and the solver finds it.
fn assert_all_unique(file: &str, step: usize) {
    let mut solver = Solver::new();
    for puzzle in load(file).into_iter().step_by(step) {
        let Outcome::Unique(solution) = solver.solve_unique(&puzzle) else {
            panic!("{file}: not uniquely solved: {puzzle}");
        };
        assert!(
            is_solution(&puzzle, &solution),
            "{file}: bad solution for {puzzle}"
        );
        assert_eq!(
            solver.count(&puzzle, 2),
            SolutionCount::Exactly(1),
            "{file}: {puzzle}"
        );
    }
}

/// Every fifth of top1465, to keep debug builds fast; the next test takes
/// them all.
#[test]
fn top1465_sample_solves_uniquely() {
    assert_all_unique("top1465.txt", 5);
}

/// Slow in debug builds; CI runs it with `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn all_of_top1465_solve_uniquely() {
    assert_all_unique("top1465.txt", 1);
}

#[test]
fn seventeen_clue_puzzles_solve_uniquely() {
    assert_all_unique("17_clue_sample.txt", 1);
}

/// Slow in debug builds; CI runs it with `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn hardest_puzzles_solve_uniquely() {
    assert_all_unique("hardest_1106.txt", 1);
}

#[test]
fn six_by_six_puzzles_solve_uniquely() {
    assert_all_unique("6x6.txt", 1);
}

#[test]
fn sixteen_by_sixteen_puzzles_solve_uniquely() {
    assert_all_unique("16x16_basic_sample.txt", 1);
}

#[test]
fn serg_puzzles_have_several_solutions() {
    let mut solver = Solver::new();
    for puzzle in load("serg_sample.txt") {
        assert_eq!(
            solver.count(&puzzle, 2),
            SolutionCount::AtLeast(2),
            "{puzzle}"
        );
        match solver.solve_unique(&puzzle) {
            Outcome::Multiple(solution) => assert!(is_solution(&puzzle, &solution)),
            other => panic!("{puzzle}: {other:?}"),
        }
    }
}

#[test]
fn known_counts_of_empty_boards() {
    let empty = Grid::empty(Shape::new(2, 2).unwrap());
    assert_eq!(count_all(&empty), SolutionCount::Exactly(288));
    assert_eq!(count(&empty, 288), SolutionCount::AtLeast(288));
    assert_eq!(count(&empty, 289), SolutionCount::Exactly(288));
}

#[test]
fn empty_six_by_six_has_28_200_960_solutions() {
    for shape in [Shape::new(2, 3).unwrap(), Shape::new(3, 2).unwrap()] {
        let empty = Grid::empty(shape);
        assert_eq!(count_all(&empty), SolutionCount::Exactly(28_200_960));
    }
}

/// Counting all solutions groups those that differ by relabelling unused
/// digits; a limit above the total forces the plain search, which must agree.
#[test]
fn counting_by_relabelling_agrees_with_plain_search() {
    for line in [
        "................",
        "12..............",
        "1.........2.....",
        "..3.....4.......",
    ] {
        let grid = Grid::parse(line, None).unwrap();
        let plain = count(&grid, u64::MAX);
        assert!(
            matches!(plain, SolutionCount::Exactly(k) if k > 0),
            "{line}"
        );
        assert_eq!(count_all(&grid), plain, "{line}");
    }
}

/// The plain search over all 28,200,960: slow in debug builds; CI runs it
/// with `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn plain_search_counts_the_empty_six_by_six() {
    let empty = Grid::empty(Shape::new(2, 3).unwrap());
    assert_eq!(count(&empty, u64::MAX), SolutionCount::Exactly(28_200_960));
}

#[test]
fn empty_boards_of_every_shape_solve() {
    let mut solver = Solver::new();
    for shape in Shape::all() {
        let empty = Grid::empty(shape);
        let solution = solver.solve(&empty).expect("an empty board has solutions");
        assert!(is_solved(&solution), "{shape}");
        assert!(matches!(solver.solve_unique(&empty), Outcome::Multiple(_)));
    }
}

#[test]
fn nearly_empty_25x25_is_solution() {
    let shape = Shape::new(5, 5).unwrap();
    let mut puzzle = Grid::empty(shape);
    // The first row reversed and a few digits down the first column.
    for col in 0..25 {
        puzzle.set(col, 25 - col as u8).unwrap();
    }
    for (row, value) in [(3, 1), (7, 2), (12, 3), (24, 4)] {
        puzzle.set(row * 25, value).unwrap();
    }
    let solution = some_solution(&puzzle).expect("solvable");
    assert!(is_solution(&puzzle, &solution));
}

#[test]
fn clashing_givens_have_no_solution() {
    // A hard puzzle with a second 5 put in its first row.
    let mut puzzle = Grid::parse(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        None,
    )
    .unwrap();
    puzzle.set(1, 5).unwrap();
    assert!(!is_consistent(&puzzle));
    assert_eq!(some_solution(&puzzle), None);
    assert_eq!(count_all(&puzzle), SolutionCount::Exactly(0));
    assert_eq!(solve_unique(&puzzle), Outcome::Unsolvable);
}

#[test]
fn contradiction_found_only_by_propagation_has_no_solution() {
    // Row 1 needs 4 in r1c4, but column 4 already holds a 4: no two givens
    // clash, the contradiction shows once the single is placed.
    let puzzle = Grid::parse("123............4", None).unwrap();
    assert!(is_consistent(&puzzle));
    assert_eq!(count_all(&puzzle), SolutionCount::Exactly(0));
    // 9x9: r1c1..r1c8 hold 1..8 and r6c9 holds a 9.
    let mut puzzle = Grid::empty(Shape::new(3, 3).unwrap());
    for col in 0..8 {
        puzzle.set(col, col as u8 + 1).unwrap();
    }
    puzzle.set(5 * 9 + 8, 9).unwrap();
    assert!(is_consistent(&puzzle));
    assert_eq!(some_solution(&puzzle), None);
    assert_eq!(solve_unique(&puzzle), Outcome::Unsolvable);
}

/// Counts solutions by trying every digit in every empty cell in reading
/// order, checking each against the grid's rows, columns and boxes: no
/// candidates, no propagation, nothing shared with the solver.
fn brute_force_count(grid: &mut Grid) -> u64 {
    let n = grid.n();
    let (h, w) = (grid.shape().box_rows(), grid.shape().box_cols());
    let Some(cell) = grid.values().iter().position(|&v| v == 0) else {
        return 1;
    };
    let (row, col) = (cell / n, cell % n);
    let allowed = |grid: &Grid, digit: u8| {
        (0..n).all(|i| grid.get(row * n + i) != digit && grid.get(i * n + col) != digit)
            && (0..n).all(|i| {
                let r = row / h * h + i / w;
                let c = col / w * w + i % w;
                grid.get(r * n + c) != digit
            })
    };
    let mut total = 0;
    for digit in 1..=n as u8 {
        if allowed(grid, digit) {
            grid.set(cell, digit).unwrap();
            total += brute_force_count(grid);
            grid.set(cell, 0).unwrap();
        }
    }
    total
}

/// A random grid with `givens` digits placed one by one where they clash
/// with nothing already placed; many such grids have no solution.
fn random_partial_grid(shape: Shape, givens: usize, rng: &mut ChaCha8Rng) -> Grid {
    let n = shape.n();
    let mut grid = Grid::empty(shape);
    let mut cells: Vec<usize> = (0..n * n).collect();
    cells.shuffle(rng);
    for &cell in cells.iter().take(givens) {
        let digit = rng.random_range(1..=n as u8);
        grid.set(cell, digit).unwrap();
        if !is_consistent(&grid) {
            grid.set(cell, 0).unwrap();
        }
    }
    grid
}

#[test]
fn counts_agree_with_brute_force_on_small_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut solver = Solver::new();
    let cases = [
        (Shape::new(2, 2).unwrap(), 0..=8),
        (Shape::new(2, 3).unwrap(), 12..=20),
        (Shape::new(3, 2).unwrap(), 12..=20),
    ];
    let (mut solvable, mut unsolvable) = (0, 0);
    for (shape, givens) in cases {
        for _ in 0..60 {
            let k = rng.random_range(givens.clone());
            let mut grid = random_partial_grid(shape, k, &mut rng);
            let expected = brute_force_count(&mut grid);
            assert_eq!(
                solver.count(&grid, 0),
                SolutionCount::Exactly(expected),
                "{grid}"
            );
            let limited = if expected >= 2 {
                SolutionCount::AtLeast(2)
            } else {
                SolutionCount::Exactly(expected)
            };
            assert_eq!(solver.count(&grid, 2), limited, "{grid}");
            match (solver.solve(&grid), expected) {
                (None, 0) => unsolvable += 1,
                (Some(solution), 1..) => {
                    assert!(is_solution(&grid, &solution), "{grid}");
                    solvable += 1;
                }
                (found, _) => panic!("{grid}: solve gave {found:?}, expected {expected}"),
            }
        }
    }
    // The random grids exercise both answers.
    assert!(
        solvable > 20 && unsolvable > 20,
        "{solvable} / {unsolvable}"
    );
}

/// Every shape up to 12x12, so each box height and band width the solver
/// specialises on: a full grid with random cells emptied, and in every
/// other round a few empty cells given digits that clash with no given
/// (often leaving no solution), counted by the solver and by brute force.
#[test]
fn counts_agree_with_brute_force_on_every_shape_up_to_12x12() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut solver = Solver::new();
    let mut counts = Vec::new();
    for shape in Shape::all().filter(|shape| shape.n() <= 12) {
        let n = shape.n();
        let full = std::iter::repeat_with(|| random_partial_grid(shape, n, &mut rng))
            .find_map(|seed| solver.solve(&seed))
            .expect("some random seeds are solvable");
        assert!(is_solved(&full), "{shape}");
        // Brute force slows down quickly with more empty cells on 12x12.
        let empty = if n < 12 {
            n * n * 3 / 5
        } else {
            n * n * 9 / 20
        };
        for round in 0..6 {
            let mut grid = full.clone();
            let mut cells: Vec<usize> = (0..n * n).collect();
            cells.shuffle(&mut rng);
            for &cell in &cells[..empty] {
                grid.set(cell, 0).unwrap();
            }
            if round % 2 == 1 {
                for &cell in &cells[..3] {
                    grid.set(cell, rng.random_range(1..=n as u8)).unwrap();
                    if !is_consistent(&grid) {
                        grid.set(cell, 0).unwrap();
                    }
                }
            }
            let expected = brute_force_count(&mut grid);
            assert_eq!(
                solver.count(&grid, 0),
                SolutionCount::Exactly(expected),
                "{grid}"
            );
            counts.push(expected);
        }
    }
    // The grids exercise no, one and several solutions.
    assert!(counts.contains(&0) && counts.contains(&1) && counts.iter().any(|&k| k > 1));
}
