//! Puzzle generation speed per board and level: mean and p99 per puzzle,
//! release, one thread, in wall time and in this thread's CPU time (which
//! load from other processes stretches far less: compare runs by it). qqwing (Debian package `qqwing`), when installed,
//! is timed in the same run on the same machine for 9x9 (`any` and
//! `expert`); it is skipped with a note when absent.
//!
//! `cargo bench --bench generate [-- 9 16 ... expert any ...]` (sizes and
//! levels to run, `any` for no level asked; all by default).

use std::process::Command;
use std::time::{Duration, Instant};

#[path = "common/cpu.rs"]
mod cpu;
use cpu::thread_cpu;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tudoku_engine::{Difficulty, GenerateOptions, Shape, generate_with};

/// (size, level, puzzles to make); `None` is "any level".
const RUNS: &[(usize, Option<Difficulty>, usize)] = &[
    (9, None, 2000),
    (9, Some(Difficulty::Easy), 1000),
    (9, Some(Difficulty::Medium), 300),
    (9, Some(Difficulty::Hard), 200),
    (9, Some(Difficulty::Expert), 200),
    (9, Some(Difficulty::Extreme), 100),
    (16, Some(Difficulty::Easy), 50),
    (16, Some(Difficulty::Medium), 30),
    (16, Some(Difficulty::Hard), 20),
    (16, Some(Difficulty::Expert), 20),
    (16, Some(Difficulty::Extreme), 20),
    (25, Some(Difficulty::Easy), 10),
    (25, Some(Difficulty::Medium), 8),
    (25, Some(Difficulty::Hard), 8),
    (25, Some(Difficulty::Expert), 8),
    (25, Some(Difficulty::Extreme), 8),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let sizes: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let levels: Vec<Option<Difficulty>> = args
        .iter()
        .filter_map(|a| match a.as_str() {
            "any" => Some(None),
            _ => a.parse().ok().map(Some),
        })
        .collect();
    println!(
        "{:<8} {:<8} {:>6} {:>12} {:>12} {:>12} {:>12}",
        "board", "level", "count", "mean", "p99", "cpu mean", "cpu p99"
    );
    for &(n, level, count) in RUNS {
        if !sizes.is_empty() && !sizes.contains(&n)
            || !levels.is_empty() && !levels.contains(&level)
        {
            continue;
        }
        let shape = Shape::for_size(n).expect("supported size");
        let options = GenerateOptions {
            difficulty: level,
            ..GenerateOptions::new(shape)
        };
        let mut times = Vec::with_capacity(count);
        let mut cpu_times = Vec::with_capacity(count);
        let mut failed = 0;
        for seed in 0..count as u64 {
            let (start, cpu_start) = (Instant::now(), thread_cpu());
            failed +=
                usize::from(generate_with(&options, &mut ChaCha8Rng::seed_from_u64(seed)).is_err());
            times.push(start.elapsed());
            cpu_times.push(thread_cpu() - cpu_start);
        }
        let (mean, p99) = summary(&mut times);
        let (cpu_mean, cpu_p99) = summary(&mut cpu_times);
        let name = level.map_or("any", Difficulty::name);
        let note = if failed > 0 {
            format!("  ({failed} out of reach)")
        } else {
            String::new()
        };
        println!(
            "{:<8} {name:<8} {count:>6} {:>12} {:>12} {:>12} {:>12}{note}",
            shape.board_name(),
            show(mean),
            show(p99),
            show(cpu_mean),
            show(cpu_p99)
        );
    }
    if (sizes.is_empty() || sizes.contains(&9)) && levels.is_empty() {
        qqwing("any", 200);
        qqwing("expert", 100);
    }
}

fn summary(times: &mut [Duration]) -> (Duration, Duration) {
    times.sort_unstable();
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    let p99 = times[(times.len() * 99 / 100).min(times.len() - 1)];
    (mean, p99)
}

fn show(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1000.0 {
        format!("{us:.0} µs")
    } else if us < 1e6 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}

/// qqwing's own mean time per 9x9 puzzle at a level, by timing a whole batch.
fn qqwing(level: &str, count: usize) {
    let start = Instant::now();
    let run = Command::new("qqwing")
        .args([
            "--generate",
            &count.to_string(),
            "--difficulty",
            level,
            "--one-line",
        ])
        .output();
    match run {
        Ok(o) if o.status.success() => {
            let mean = start.elapsed() / count as u32;
            println!(
                "{:<8} {level:<8} {count:>6} {:>12} {:>12}  (qqwing, whole batch / count)",
                "9x9",
                show(mean),
                "-"
            );
        }
        _ => println!("qqwing not installed (apt install qqwing): skipped"),
    }
}
