//! Solver speed on the public puzzle sets: each puzzle is solved and the
//! search stops at a second solution (what uniqueness checks need), one
//! thread, puzzles per second per set, in CPU time, the best of
//! `TUDOKU_BENCH_ROUNDS` runs (default 3). On the 9x9 sets the same run
//! measures the peers side by side, with ratio = peer time / tudoku time
//! (above 1: tudoku is faster): the `sudoku` crate 0.8 always, and tdoku
//! when `TUDOKU_TDOKU` names its benchmark driver (build it with
//! `/work/shared/peers/tdoku/build.sh DIR`, then point this at
//! `DIR/tdoku-native` or `DIR/tdoku-portable`). tdoku's time is its whole
//! process (start-up, reading and writing included) against tudoku's search
//! alone, which flatters tudoku most on the short sets: `whole` compares
//! whole processes.
//!
//! Reads the sets from the folder named by `TUDOKU_BENCH_DATA` (default
//! `../shared/bench-data` beside the crate) and skips a missing file with a
//! note. Run with `cargo bench --bench solve`; names after `--` pick sets
//! (`count` is the empty 6x6 count). `TUDOKU_BENCH_LIMIT=k` keeps the first
//! k puzzles of each set (for runs under valgrind, which count instructions
//! rather than time).

use std::time::{Duration, Instant};

use tudoku_engine::{Grid, Shape, parse_puzzles};
use tudoku_engine::{Outcome, Solver};

mod common;
#[path = "common/cpu.rs"]
mod cpu;
#[path = "solve/peers.rs"]
mod peers;

use cpu::thread_cpu;

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
    let number = |var: &str, default: usize| {
        std::env::var(var)
            .ok()
            .and_then(|k| k.parse().ok())
            .unwrap_or(default)
    };
    let limit = number("TUDOKU_BENCH_LIMIT", usize::MAX);
    let rounds = number("TUDOKU_BENCH_ROUNDS", 3).max(1);
    let tdoku = peers::tdoku_driver();
    if tdoku.is_none() {
        println!("tdoku skipped: set TUDOKU_TDOKU to its benchmark driver to compare with it");
    }
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
        let (elapsed, [unique, multiple, unsolvable]) = peers::best_of(rounds, || {
            let start = thread_cpu();
            let mut tally = [0; 3];
            for puzzle in &puzzles {
                match solver.solve_unique(puzzle) {
                    Outcome::Unique(_) => tally[0] += 1,
                    Outcome::Multiple(_) => tally[1] += 1,
                    Outcome::Unsolvable => tally[2] += 1,
                }
            }
            (thread_cpu() - start, tally)
        });
        let rate = |d: Duration| puzzles.len() as f64 / d.as_secs_f64();
        println!(
            "{set:<20} {:>6} puzzles {:>10.0} puzzles/s  {:>8.1} us/puzzle  \
             (unique {unique}, several {multiple}, none {unsolvable})",
            puzzles.len(),
            rate(elapsed),
            micros(elapsed) / puzzles.len().max(1) as f64,
        );
        if puzzles.first().is_none_or(|p| p.n() != 9) {
            continue;
        }
        let ratio = |peer: Duration| peer.as_secs_f64() / elapsed.as_secs_f64();
        let (crate_time, crate_unique) = peers::best_of(rounds, || peers::sudoku_crate(&puzzles));
        println!(
            "{:<20} sudoku crate {:>10.0} puzzles/s  ratio {:.2}{}",
            "",
            rate(crate_time),
            ratio(crate_time),
            differs(crate_unique, unique),
        );
        let Some(driver) = &tdoku else { continue };
        let name = driver
            .file_name()
            .map_or("tdoku".into(), |n| n.to_string_lossy());
        let mut failed = None;
        let (tdoku_time, tdoku_unique) = peers::best_of(rounds, || {
            peers::tdoku(driver, set, &puzzles).unwrap_or_else(|e| {
                failed = Some(e);
                (Duration::MAX, 0)
            })
        });
        match failed {
            Some(e) => println!("{:<20} {name}: {e}", ""),
            None => println!(
                "{:<20} {name:<12} {:>10.0} puzzles/s  ratio {:.2}{}",
                "",
                rate(tdoku_time),
                ratio(tdoku_time),
                differs(tdoku_unique, unique),
            ),
        }
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

/// A warning when a peer found a different number of unique puzzles.
fn differs(peer_unique: usize, unique: usize) -> String {
    if peer_unique == unique {
        String::new()
    } else {
        format!("  (but {peer_unique} unique, not {unique}!)")
    }
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}
