//! Solver speed on the public puzzle sets: each puzzle is solved and the
//! search stops at a second solution (what uniqueness checks need), one
//! thread, puzzles per second per set. Reads the sets from the folder named by
//! `TUDOKU_BENCH_DATA` (default `../shared/bench-data` beside the crate) and
//! skips a missing file with a note. Run with `cargo bench --bench solve`;
//! names after `--` pick sets (`count` is the empty 6x6 count).
//! `TUDOKU_BENCH_LIMIT=k` keeps the first k puzzles of each set (for runs
//! under valgrind, which count instructions rather than time).

use std::time::{Duration, Instant};

use tudoku::engine::{Grid, Shape, parse_puzzles};
use tudoku::engine::{Outcome, Solver};

mod common;

const SETS: [&str; 8] = [
    "17_clue",
    "top1465",
    "hardest_1905_11plus",
    "hardest_1106",
    "serg_benchmark",
    "6x6",
    "16x16_basic",
    "16x16_intermediate",
];

fn main() {
    let dir = common::data_dir();
    let picked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wanted = |name: &str| picked.is_empty() || picked.iter().any(|p| p == name);
    let limit = std::env::var("TUDOKU_BENCH_LIMIT")
        .ok()
        .and_then(|k| k.parse().ok())
        .unwrap_or(usize::MAX);
    let mut solver = Solver::new();
    for set in SETS.into_iter().filter(|s| wanted(s)) {
        let path = dir.join(format!("{set}.txt"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("{set:<20} skipped: cannot read {}", path.display());
            continue;
        };
        let puzzles: Vec<Grid> = parse_puzzles(&text, None)
            .filter_map(|p| p.ok().map(|p| p.grid))
            .take(limit)
            .collect();
        let start = Instant::now();
        let (mut unique, mut multiple, mut unsolvable) = (0, 0, 0);
        for puzzle in &puzzles {
            match solver.solve_unique(puzzle) {
                Outcome::Unique(_) => unique += 1,
                Outcome::Multiple(_) => multiple += 1,
                Outcome::Unsolvable => unsolvable += 1,
            }
        }
        let elapsed = start.elapsed();
        println!(
            "{set:<20} {:>6} puzzles {:>10.0} puzzles/s  {:>8.1} us/puzzle  \
             (unique {unique}, several {multiple}, none {unsolvable})",
            puzzles.len(),
            puzzles.len() as f64 / elapsed.as_secs_f64(),
            micros(elapsed) / puzzles.len().max(1) as f64,
        );
    }
    if !wanted("count") {
        return;
    }
    let empty = Grid::empty(Shape::new(2, 3).expect("2x3 is a supported shape"));
    let start = Instant::now();
    let count = solver.count(&empty, 0);
    println!(
        "count empty 6x6 (2x3)  {count:?} in {:.2} s",
        start.elapsed().as_secs_f64()
    );
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}
