//! Soundness over many puzzles: along whole solve paths, every technique that
//! fires at any position (not only the one the path takes) places only true
//! digits and never removes a true candidate, with the solver's solution as
//! the oracle. The debug run takes samples; `--ignored` (release) takes all.

mod techniques_common;

use std::collections::BTreeSet;
use techniques_common::load;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tudoku_engine::techniques::{Board, LOGICAL, find_step_with, find_technique};
use tudoku_engine::{
    GenerateOptions, Grid, Shape, Step, Symmetry, Technique, count, generate_with, some_solution,
};

/// Unique puzzles of a shape: the solver fills a grid from a random first row,
/// then clues go while `count(.., 2)` stays unique (minimal puzzles).
fn made(shape: Shape, how_many: u64) -> Vec<Grid> {
    (0..how_many)
        .map(|seed| {
            let options = GenerateOptions {
                symmetry: Symmetry::None,
                minimal: true,
                ..GenerateOptions::new(shape)
            };
            let g = generate_with(&options, &mut ChaCha8Rng::seed_from_u64(seed))
                .expect("a puzzle without a level is always made")
                .puzzle;
            assert!(count(&g, 2).is_unique());
            g
        })
        .collect()
}

fn check_step(step: &Step, solution: &Grid, context: &str) {
    let shape = solution.shape();
    for (cell, digit) in step.placed(shape) {
        assert_eq!(
            Some(digit),
            solution.at(cell),
            "{context}: {}",
            step.explanation
        );
    }
    for (cell, digit) in step.removed(shape) {
        assert_ne!(
            Some(digit),
            solution.at(cell),
            "{context}: {}",
            step.explanation
        );
    }
    assert!(
        step.placed(shape).count() + step.removed(shape).count() > 0,
        "{context}: empty step {}",
        step.explanation
    );
}

/// Walks the solve path of `puzzle`; at each position checks what every
/// technique offers when `every_technique`, else only the step taken. Adds the
/// techniques that fired to `seen`.
fn check_path(puzzle: &Grid, every_technique: bool, seen: &mut BTreeSet<Technique>) {
    let solution = some_solution(puzzle).expect("test puzzles have a solution");
    let mut board = Board::from_grid(puzzle);
    let context = puzzle.to_line(false);
    let mut guard = 0;
    while !board.is_solved() {
        if every_technique {
            for &t in LOGICAL {
                if let Some(step) = find_technique(&board, t) {
                    seen.insert(t);
                    assert_eq!(step.technique.difficulty(), t.difficulty());
                    check_step(&step, &solution, &context);
                }
            }
        }
        let step = find_step_with(&board, &solution).expect("a step until solved");
        check_step(&step, &solution, &context);
        seen.insert(step.technique);
        board.apply(&step);
        assert!(
            !board.is_broken(),
            "{context}: broken after {}",
            step.explanation
        );
        guard += 1;
        assert!(guard < 10_000, "{context}: no progress");
    }
    assert_eq!(board.to_grid(), solution);
}

/// Checks every `stride`-th puzzle; returns the techniques that fired.
fn check_all(puzzles: &[Grid], stride: usize, every_technique: bool) -> BTreeSet<Technique> {
    assert!(!puzzles.is_empty());
    let mut seen = BTreeSet::new();
    for p in puzzles.iter().step_by(stride) {
        check_path(p, every_technique, &mut seen);
    }
    eprintln!("fired: {seen:?}");
    seen
}

/// The techniques past the basic patterns: each must fire somewhere on 9x9
/// and on boxes that are not square.
const ADVANCED: [Technique; 7] = [
    Technique::FinnedXWing,
    Technique::FinnedSwordfish,
    Technique::XChain,
    Technique::XyChain,
    Technique::UniqueRectangle,
    Technique::UniqueRectangleType2,
    Technique::UniqueRectangleType4,
];

fn assert_fired(seen: &BTreeSet<Technique>, wanted: &[Technique], context: &str) {
    let missing: Vec<_> = wanted.iter().filter(|t| !seen.contains(t)).collect();
    assert!(missing.is_empty(), "{context}: never fired: {missing:?}");
}

#[test]
fn sound_on_top1465_sample() {
    let seen = check_all(&load("top1465.txt"), 29, true);
    assert_fired(&seen, &ADVANCED, "top1465 sample (9x9)");
}

#[test]
fn sound_on_hardest_sample() {
    let seen = check_all(&load("hardest_1106.txt"), 12, true);
    // the chains past the X- and XY-chains fire where those stall
    assert_fired(
        &seen,
        &[Technique::GroupedAic, Technique::AlsXyWing],
        "hardest_1106 sample",
    );
}

#[test]
fn sound_on_17_clue_sample() {
    check_all(&load("17_clue_sample.txt"), 20, true);
}

#[test]
fn sound_on_6x6_and_16x16() {
    check_all(&load("6x6.txt"), 1, true);
    check_all(&load("16x16_basic_sample.txt"), 10, true);
}

#[test]
fn sound_on_made_puzzles_of_other_shapes() {
    let (mut seen, mut not_square) = (BTreeSet::new(), BTreeSet::new());
    for (r, c, count) in [
        (2, 2, 20),
        (3, 2, 20),
        (2, 4, 10),
        (4, 2, 10),
        (3, 4, 3),
        (4, 3, 3),
    ] {
        let fired = check_all(&made(Shape::new(r, c).unwrap(), count), 1, true);
        if r != c {
            not_square.extend(fired.iter().copied());
        }
        seen.extend(fired);
    }
    // the minimal puzzles of these shapes exercise every technique
    assert_fired(&seen, LOGICAL, "made puzzles");
    assert_fired(&not_square, &ADVANCED, "boxes that are not square");
}

#[test]
#[ignore = "every puzzle of every set: run with cargo test --release -- --ignored"]
fn sound_on_every_test_puzzle() {
    for name in [
        "top1465.txt",
        "hardest_1106.txt",
        "17_clue_sample.txt",
        "6x6.txt",
        "16x16_basic_sample.txt",
    ] {
        check_all(&load(name), 1, true);
    }
}

#[test]
#[ignore = "slow on large boards: run with cargo test --release -- --ignored"]
fn sound_on_made_puzzles_of_every_shape() {
    for shape in Shape::all().filter(|s| s.n() < 16) {
        check_all(&made(shape, 30), 1, true);
    }
}
