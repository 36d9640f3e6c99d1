//! Rating speed: puzzles rated per second on one thread, with mean and p99
//! time per puzzle, on the shared benchmark sets (top1465 and 16x16 basic),
//! plus the level distribution; then `rate` and the whole hint path
//! (`hint --all`) beside Sudoku Explainer: CPU ms per puzzle on
//! hardest_1106 and on each group of the SE sample
//! (engine/tests/data/se_sample.tsv), next to the CPU seconds SE took on the
//! same puzzles as recorded there when the sample was rated. Run with
//! `cargo bench --bench rate`.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use tudoku_engine::{Difficulty, Grid, parse_puzzles};
use tudoku_engine::{rate, rate_with, solve_path, unique_solution};

mod common;
#[path = "common/cpu.rs"]
mod cpu;

use cpu::thread_cpu;

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

/// Mean thread CPU time per puzzle of `work` over `puzzles`, best of
/// `PASSES` passes.
fn mean_cpu(puzzles: &[Grid], work: impl Fn(&Grid)) -> Duration {
    (0..PASSES)
        .map(|_| {
            let start = thread_cpu();
            puzzles.iter().for_each(&work);
            (thread_cpu() - start) / puzzles.len().max(1) as u32
        })
        .min()
        .unwrap_or(Duration::ZERO)
}

/// One row: `rate` and the hint path in ms per puzzle, and SE's seconds
/// when known.
fn beside_se(name: &str, puzzles: &[Grid], se_seconds: Option<f64>) {
    let rating = mean_cpu(puzzles, |p| {
        std::hint::black_box(rate(p).ok());
    });
    let hinting = mean_cpu(puzzles, |p| {
        std::hint::black_box(solve_path(p).ok());
    });
    let se = match se_seconds {
        Some(s) => format!(
            "{s:>8.2} s  {:>9.0}x  {:>9.0}x",
            s / rating.as_secs_f64(),
            s / hinting.as_secs_f64()
        ),
        None => format!("{:>10}", "-"),
    };
    println!(
        "{name:<16} {:>5} {:>9.2} {:>9.2}  {se}",
        puzzles.len(),
        rating.as_secs_f64() * 1e3,
        hinting.as_secs_f64() * 1e3
    );
}

/// The SE sample by source: its puzzles and the mean CPU seconds SE took.
fn se_sample() -> BTreeMap<String, (Vec<Grid>, f64)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/engine/tests/data/se_sample.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut groups: BTreeMap<String, (Vec<Grid>, f64)> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (Some(grid), Some(seconds)) = (
            fields.get(1).and_then(|p| tudoku_engine::parse(p).ok()),
            fields.get(4).and_then(|s| s.parse::<f64>().ok()),
        ) else {
            continue;
        };
        let group = groups.entry(fields[0].to_string()).or_default();
        group.0.push(grid);
        group.1 += seconds;
    }
    for (puzzles, seconds) in groups.values_mut() {
        *seconds /= puzzles.len() as f64;
    }
    groups
}

fn main() {
    bench("top1465.txt");
    bench("16x16_basic.txt");
    println!(
        "\nbeside Sudoku Explainer (CPU per puzzle, best of {PASSES}; SE's from the sample's runs)"
    );
    println!(
        "{:<16} {:>5} {:>9} {:>9}  {:>10}  {:>10}  {:>10}",
        "set", "count", "rate ms", "hints ms", "SE", "SE/rate", "SE/hints"
    );
    if let Some(puzzles) = load("hardest_1106.txt") {
        beside_se("hardest_1106", &puzzles, None);
    }
    for (source, (puzzles, seconds)) in se_sample() {
        beside_se(&source, &puzzles, Some(seconds));
    }
}
