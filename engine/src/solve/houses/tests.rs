use super::*;
use crate::board::geometry::Shape;
use crate::board::rules::{Cage, Rules, RulesSpec};
use crate::board::validate::is_solution;
use crate::solve::solver::{SolutionCount, Solver, count};

/// Counts solutions up to `limit` by trying each digit in each cell in
/// reading order, checking the rules from their spec by coordinates alone:
/// the houses as rows, columns, labels, diagonals and windows, the cages by
/// their sums once full. It shares no table with the search. A limit of 0
/// counts them all.
fn brute_count(shape: Shape, spec: &RulesSpec, givens: &[u8], limit: u64) -> u64 {
    let limit = if limit == 0 { u64::MAX } else { limit };
    let n = shape.n();
    let (h, w) = (shape.box_rows(), shape.box_cols());
    let k = shape.box_rows();
    let window = |c: usize| {
        let (r, c) = (c / n, c % n);
        let at = |x: usize| (!x.is_multiple_of(k + 1)).then(|| x / (k + 1));
        spec.windows.then(|| Some((at(r)?, at(c)?))).flatten()
    };
    let region = |c: usize| match &spec.regions {
        Some(labels) => labels[c] as usize,
        None => (c / n / h) * (n / w) + (c % n) / w,
    };
    let sees = |a: usize, b: usize| {
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        ra == rb
            || ca == cb
            || region(a) == region(b)
            || (spec.diagonals && ra == ca && rb == cb)
            || (spec.diagonals && ra + ca == n - 1 && rb + cb == n - 1)
            || (window(a).is_some() && window(a) == window(b))
            || spec
                .cages
                .iter()
                .any(|cage| cage.cells().contains(&a) && cage.cells().contains(&b))
    };
    let sums_hold = |grid: &[u8]| {
        spec.cages.iter().all(|cage| {
            let values: Vec<u16> = cage.cells().iter().map(|&c| u16::from(grid[c])).collect();
            values.contains(&0) || values.iter().sum::<u16>() == cage.sum()
        })
    };
    fn walk(
        grid: &mut Vec<u8>,
        cell: usize,
        n: usize,
        fits: &dyn Fn(&[u8], usize, u8) -> bool,
        sums_hold: &dyn Fn(&[u8]) -> bool,
        found: &mut u64,
        limit: u64,
    ) {
        if *found >= limit {
            return;
        }
        if cell == grid.len() {
            *found += 1;
            return;
        }
        if grid[cell] != 0 {
            return walk(grid, cell + 1, n, fits, sums_hold, found, limit);
        }
        for v in 1..=n as u8 {
            if fits(grid, cell, v) {
                grid[cell] = v;
                if sums_hold(grid) {
                    walk(grid, cell + 1, n, fits, sums_hold, found, limit);
                }
                grid[cell] = 0;
            }
        }
    }
    let fits = |grid: &[u8], cell: usize, v: u8| {
        (0..n * n).all(|other| grid[other] != v || !sees(cell, other))
    };
    let mut grid = givens.to_vec();
    // givens must agree among themselves too
    for cell in 0..n * n {
        let v = grid[cell];
        if v != 0 {
            grid[cell] = 0;
            if !fits(&grid, cell, v) {
                return 0;
            }
            grid[cell] = v;
        }
    }
    if !sums_hold(&grid) {
        return 0;
    }
    let mut found = 0;
    walk(&mut grid, 0, n, &fits, &sums_hold, &mut found, limit);
    found
}

/// A small deterministic generator, so failures repeat.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % bound as u64) as usize
    }
}

/// Cages cut at random from a board: each cell joins a cage beside it or
/// starts one, cages of one to four cells, summed from `solution`.
fn random_cages(shape: Shape, solution: &Grid, rng: &mut Lcg) -> Vec<Cage> {
    let n = shape.n();
    let mut cage_of: Vec<Option<usize>> = vec![None; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for cell in 0..n * n {
        let mut beside = vec![];
        if cell % n > 0 {
            beside.push(cell - 1);
        }
        if cell >= n {
            beside.push(cell - n);
        }
        let pick = beside[..].get(rng.below(beside.len() + 1)).copied();
        let joined = pick.and_then(|other| cage_of[other]).filter(|&k| {
            cages[k].len() < 4
                && cages[k]
                    .iter()
                    .all(|&c| solution.get(c) != solution.get(cell))
        });
        match joined {
            Some(k) => {
                cages[k].push(cell);
                cage_of[cell] = Some(k);
            }
            None => {
                cage_of[cell] = Some(cages.len());
                cages.push(vec![cell]);
            }
        }
    }
    cages
        .into_iter()
        .map(|cells| {
            let sum = cells.iter().map(|&c| u16::from(solution.get(c))).sum();
            Cage::new(cells, sum)
        })
        .collect()
}

fn ruled(shape: Shape, spec: RulesSpec, values: &[u8]) -> Grid {
    let rules = Rules::new(shape, spec).unwrap();
    Grid::from_values(shape, values.to_vec())
        .unwrap()
        .with_rules(rules)
        .unwrap()
}

/// The counts of the search and of brute force agree, up to `limit`.
fn agrees(shape: Shape, spec: &RulesSpec, values: &[u8], limit: u64) -> u64 {
    let grid = ruled(shape, spec.clone(), values);
    let expected = brute_count(shape, spec, values, limit);
    let found = count(&grid, limit).found();
    assert_eq!(found, expected, "{grid:?}");
    if let Some(solution) = Solver::new().solve(&grid) {
        assert!(is_solution(&grid, &solution), "{grid:?} {solution:?}");
        assert_eq!(solution.rules(), grid.rules());
    } else {
        assert_eq!(expected, 0);
    }
    expected
}

#[test]
fn empty_4x4_variants_count_as_brute_force_does() {
    let four = Shape::new(2, 2).unwrap();
    let empty = [0u8; 16];
    let x = RulesSpec {
        diagonals: true,
        ..RulesSpec::default()
    };
    let windoku = RulesSpec {
        windows: true,
        ..RulesSpec::default()
    };
    let both = RulesSpec {
        diagonals: true,
        windows: true,
        ..RulesSpec::default()
    };
    let counted: Vec<u64> = [x, windoku, both]
        .iter()
        .map(|spec| agrees(four, spec, &empty, 0))
        .collect();
    assert!(counted.iter().all(|&k| k > 0 && k < 288), "{counted:?}");
}

/// Puzzles made by clearing cells of a random solution under `spec`.
fn cleared_puzzles(shape: Shape, spec: &RulesSpec, seed: u64, keep_one_in: usize) -> Vec<Vec<u8>> {
    let grid = ruled(shape, spec.clone(), &vec![0; shape.cell_count()]);
    let mut rng = Lcg(seed);
    (0..8)
        .filter_map(|round| {
            let full = HouseSearch::random(seed + round, 1_000_000)
                .first(&grid)
                .ok()??;
            Some(
                full.values()
                    .iter()
                    .map(|&v| if rng.below(keep_one_in) == 0 { v } else { 0 })
                    .collect(),
            )
        })
        .collect()
}

#[test]
fn jigsaw_x_and_windoku_puzzles_count_as_brute_force_does() {
    let six = Shape::new(2, 3).unwrap();
    let labels: Vec<u8> = ["aaabbb", "aacbbb", "acccdd", "eccddd", "eeefdf", "eeffff"]
        .concat()
        .bytes()
        .map(|b| b - b'a')
        .collect();
    let specs = [
        (
            six,
            RulesSpec {
                regions: Some(labels.clone()),
                ..RulesSpec::default()
            },
        ),
        (
            six,
            RulesSpec {
                regions: Some(labels),
                diagonals: true,
                ..RulesSpec::default()
            },
        ),
        (
            six,
            RulesSpec {
                diagonals: true,
                ..RulesSpec::default()
            },
        ),
        (
            Shape::new(2, 2).unwrap(),
            RulesSpec {
                windows: true,
                diagonals: true,
                ..RulesSpec::default()
            },
        ),
    ];
    let mut made = 0;
    for (seed, (shape, spec)) in specs.iter().enumerate() {
        for puzzle in cleared_puzzles(*shape, spec, seed as u64 * 31 + 5, 3) {
            agrees(*shape, spec, &puzzle, 50);
            made += 1;
        }
    }
    assert!(made >= 24, "only {made} random fills");
}

#[test]
fn killer_puzzles_count_as_brute_force_does() {
    let mut rng = Lcg(99);
    let mut unique = 0;
    for shape in [Shape::new(2, 2).unwrap(), Shape::new(2, 3).unwrap()] {
        let plain = ruled(shape, RulesSpec::default(), &vec![0; shape.cell_count()]);
        for _ in 0..20 {
            let solution = crate::solve::solver::solve(&plain).unwrap();
            // a different classic solution each round: relabel the digits
            let mut labels: Vec<u8> = (1..=shape.n() as u8).collect();
            for i in (1..labels.len()).rev() {
                labels.swap(i, rng.below(i + 1));
            }
            let relabelled: Vec<u8> = solution
                .values()
                .iter()
                .map(|&v| labels[v as usize - 1])
                .collect();
            let solution = Grid::from_values(shape, relabelled).unwrap();
            let spec = RulesSpec {
                cages: random_cages(shape, &solution, &mut rng),
                ..RulesSpec::default()
            };
            let empty = vec![0; shape.cell_count()];
            let found = agrees(shape, &spec, &empty, 20);
            assert!(found >= 1, "cages cut from a solution keep it");
            unique += usize::from(found == 1);
        }
    }
    assert!(unique > 0, "some random cagings are unique");
}

#[test]
fn one_cell_cages_are_givens() {
    // a classic puzzle and the killer whose one-cell cages hold its givens
    // have the same solutions
    let lines = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "1...............",
        "1.3..4..........",
    ];
    for line in lines {
        let puzzle = Grid::parse(line, None).unwrap();
        let shape = puzzle.shape();
        let cages = (0..shape.cell_count())
            .filter(|&c| puzzle.get(c) != 0)
            .map(|c| Cage::new(vec![c], u16::from(puzzle.get(c))))
            .collect();
        let killer = ruled(
            shape,
            RulesSpec {
                cages,
                ..RulesSpec::default()
            },
            &vec![0; shape.cell_count()],
        );
        assert_eq!(count(&killer, 30), count(&puzzle, 30), "{line}");
        let mut solver = Solver::new();
        let solution = solver.solve(&killer).unwrap();
        assert!(is_solution(&puzzle, &solution), "{line}");
    }
}

#[test]
fn a_random_fill_gives_up_when_its_budget_runs_out() {
    let nine = Shape::new(3, 3).unwrap();
    let x = RulesSpec {
        diagonals: true,
        windows: true,
        ..RulesSpec::default()
    };
    let grid = ruled(nine, x, &[0; 81]);
    assert!(HouseSearch::random(3, 1).first(&grid).is_err());
    let full = HouseSearch::random(3, 1_000_000)
        .first(&grid)
        .ok()
        .flatten()
        .unwrap();
    assert!(crate::board::validate::is_solved(&full));
    assert_eq!(count(&full, 2), SolutionCount::Exactly(1));
}
