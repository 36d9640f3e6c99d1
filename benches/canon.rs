//! Canonical-form speed on one thread: puzzles (and full grids) per second,
//! by the wall clock and by the thread's CPU time (the figure that holds on
//! a busy machine), and the slowest one, with the number of classes each
//! set holds. Sets come
//! from the shared benchmark folder (`TUDOKU_BENCH_DATA`, default
//! `../shared/bench-data`); full grids are the solver's solutions of those
//! puzzles; 25x25 boards, which no set holds, are random fills with half
//! their cells emptied (seeded). Run with `cargo bench --bench canon`; names
//! after `--` pick sets.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tudoku_engine::Solver;
use tudoku_engine::canonical_form;
use tudoku_engine::{FillMethod, fill};
use tudoku_engine::{Grid, Shape, parse_puzzles};

mod common;
#[path = "common/cpu.rs"]
mod cpu;

const SETS: [&str; 4] = ["17_clue", "top1465", "16x16_basic", "16x16_intermediate"];

fn main() {
    let picked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wanted = |name: &str| picked.is_empty() || picked.iter().any(|p| p == name);
    let mut solver = Solver::new();
    for set in SETS.into_iter().filter(|s| wanted(s)) {
        let path = common::data_dir().join(format!("{set}.txt"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("{set:<22} skipped: cannot read {}", path.display());
            continue;
        };
        let puzzles: Vec<Grid> = parse_puzzles(&text, None)
            .filter_map(|p| p.ok().map(|p| p.grid))
            .collect();
        report(set, "puzzles", &puzzles);
        let grids: Vec<Grid> = puzzles
            .iter()
            .filter_map(|p| solver.solve_unique(p).solution().cloned())
            .collect();
        report(&format!("{set} solutions"), "grids", &grids);
    }
    if wanted("25x25") {
        let shape = Shape::new(5, 5).expect("5x5 boxes are supported");
        let mut rng = ChaCha8Rng::seed_from_u64(25);
        let grids: Vec<Grid> = (0..20)
            .map(|_| fill(shape, FillMethod::default(), &mut rng))
            .collect();
        let puzzles: Vec<Grid> = grids
            .iter()
            .map(|g| {
                let mut p = g.clone();
                for cell in 0..p.values().len() {
                    if rng.random_bool(0.5) {
                        p.set(cell, 0).unwrap();
                    }
                }
                p
            })
            .collect();
        report("25x25 random", "puzzles", &puzzles);
        report("25x25 random", "grids", &grids);
    }
}

/// Canonicalises every board of a set once and prints the rate, the
/// slowest board and the number of classes.
fn report(set: &str, what: &str, boards: &[Grid]) {
    let mut classes = HashSet::new();
    let mut slowest = Duration::ZERO;
    let (start, cpu_start) = (Instant::now(), cpu::thread_cpu());
    for board in boards {
        let t = Instant::now();
        if let Some(c) = canonical_form(board) {
            classes.insert(c.grid);
        }
        slowest = slowest.max(t.elapsed());
    }
    let (elapsed, cpu) = (start.elapsed(), cpu::thread_cpu() - cpu_start);
    let rate = |time: Duration| boards.len() as f64 / time.as_secs_f64();
    println!(
        "{set:<30} {:>6} {what:<7} {:>9.0} {what}/s ({:>9.0}/s of CPU)  slowest {:>8.3} ms  {} classes",
        boards.len(),
        rate(elapsed),
        rate(cpu),
        slowest.as_secs_f64() * 1e3,
        classes.len(),
    );
}
