//! Rating speed: puzzles rated per second on one thread, with mean and p99
//! time per puzzle, on the shared benchmark sets (top1465 and 16x16 basic),
//! plus the level distribution. Run with `cargo bench --bench rate`.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use tudoku_engine::{Difficulty, Grid, parse_puzzles};
use tudoku_engine::{rate, rate_with, unique_solution};

mod common;

fn load(name: &str) -> Option<Vec<Grid>> {
    let path = common::data_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| eprintln!("skipping {name}: {e}"))
        .ok()?;
    Some(
        parse_puzzles(&text, None)
            .filter_map(Result::ok)
            .map(|p| p.grid)
            .collect(),
    )
}

/// Passes over each set: the machines are shared, so one pass can be slowed
/// by a neighbour; the best and the median pass say what the code does.
const PASSES: usize = 5;

/// One pass: rates every puzzle, returning the time of each and the levels.
fn pass(puzzles: &[Grid]) -> (Duration, Vec<Duration>, BTreeMap<Difficulty, usize>, usize) {
    let mut times = Vec::with_capacity(puzzles.len());
    let mut levels: BTreeMap<Difficulty, usize> = BTreeMap::new();
    let mut failed = 0;
    let start = Instant::now();
    for p in puzzles {
        let t = Instant::now();
        match rate(p) {
            Ok(r) => *levels.entry(r.difficulty).or_default() += 1,
            Err(_) => failed += 1,
        }
        times.push(t.elapsed());
    }
    let total = start.elapsed();
    times.sort_unstable();
    (total, times, levels, failed)
}

fn bench(name: &str) {
    let Some(puzzles) = load(name) else { return };
    let count = puzzles.len() as f64;
    let mut rates = Vec::with_capacity(PASSES);
    for i in 1..=PASSES {
        let (total, times, levels, failed) = pass(&puzzles);
        let p99 = times[(times.len() * 99 / 100).min(times.len() - 1)];
        let rate = count / total.as_secs_f64();
        rates.push(rate);
        println!(
            "{name} pass {i}: {} puzzles in {:.3} s = {rate:.0} puzzles/s; mean {:?}, p99 {:?}, \
             max {:?}; not rated {failed}",
            puzzles.len(),
            total.as_secs_f64(),
            total / puzzles.len() as u32,
            p99,
            times.last().copied().unwrap_or(Duration::ZERO)
        );
        if i == 1 {
            println!("  levels: {levels:?}");
        }
    }
    rates.sort_by(f64::total_cmp);
    println!(
        "{name}: best {:.0} puzzles/s, median {:.0}, worst {:.0} over {PASSES} passes",
        rates[PASSES - 1],
        rates[PASSES / 2],
        rates[0]
    );
    // the same puzzles with their solutions known (as a generator has them)
    let solutions: Vec<Grid> = puzzles
        .iter()
        .filter_map(|p| unique_solution(p).ok())
        .collect();
    let t = Instant::now();
    for (p, s) in puzzles.iter().zip(&solutions) {
        std::hint::black_box(rate_with(p, s));
    }
    let with = t.elapsed();
    println!(
        "  rate_with (solution known): {:.0} puzzles/s, mean {:?}",
        solutions.len() as f64 / with.as_secs_f64(),
        with / solutions.len().max(1) as u32
    );
}

fn main() {
    bench("top1465.txt");
    bench("16x16_basic.txt");
}
