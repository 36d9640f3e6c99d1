//! Rating speed: puzzles rated per second on one thread, with mean and p99
//! time per puzzle, on the shared benchmark sets (top1465 and 16x16 basic),
//! plus the level distribution. Run with `cargo bench --bench rate`.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use tudoku::engine::rate::{rate, rate_with, unique_solution};
use tudoku::engine::{Difficulty, Grid, parse_puzzles};

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

fn bench(name: &str) {
    let Some(puzzles) = load(name) else { return };
    let mut times = Vec::with_capacity(puzzles.len());
    let mut levels: BTreeMap<Difficulty, usize> = BTreeMap::new();
    let mut failed = 0;
    let start = Instant::now();
    for p in &puzzles {
        let t = Instant::now();
        match rate(p) {
            Ok(r) => *levels.entry(r.difficulty).or_default() += 1,
            Err(_) => failed += 1,
        }
        times.push(t.elapsed());
    }
    let total = start.elapsed();
    times.sort_unstable();
    let p99 = times[(times.len() * 99 / 100).min(times.len() - 1)];
    let mean = total / puzzles.len() as u32;
    println!(
        "{name}: {} puzzles in {:.3} s = {:.0} puzzles/s; mean {:?}, p99 {:?}, max {:?}; \
         not rated {failed}",
        puzzles.len(),
        total.as_secs_f64(),
        puzzles.len() as f64 / total.as_secs_f64(),
        mean,
        p99,
        times.last().copied().unwrap_or(Duration::ZERO)
    );
    println!("  levels: {levels:?}");
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
