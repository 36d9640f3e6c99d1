//! What a player or a batch user waits for on 16x16 and 25x25 boards, per
//! level, over tudoku's own puzzles: time per puzzle (mean, p99, worst) of
//! - `solve`: the batch solve, first solution and uniqueness proof;
//! - `hint`: the batch hint from the givens (the proof, then a step);
//! - `rate`;
//! - `check`: the game checking the entries (Action::Check) and hinting
//!   (Action::Hint) at the start, where it knows the solution;
//! - `stalled`: the game's hint where the rater's logic stalls (only puzzles
//!   that stall, extreme ones), which falls back to a contradiction.
//!
//! The puzzles (seeds 0..count) are generated once and cached under
//! target/bench-large/, keyed by size, level and seed; generation is not
//! timed. Times are the thread's CPU time. `TUDOKU_BENCH_COUNT=k` takes k puzzles per level (default 1000);
//! `TUDOKU_BENCH_SLOWEST=k` also names each job's k slowest puzzles by seed,
//! to find what a worst case needs; names after `--` pick sizes (`16`,
//! `25`). Run with `cargo bench --bench large`.

include!("common/app.rs");

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use crate::game::{Action, Game};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tudoku_engine::techniques::{Board, StepFinder};
use tudoku_engine::{
    Difficulty, DigitSet, GenerateOptions, Grid, Shape, Solver, generate_with, next_hint, rate,
    solve_unique_with,
};

#[path = "common/cpu.rs"]
mod cpu;

fn main() {
    let picked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let count = env_number("TUDOKU_BENCH_COUNT").unwrap_or(1000);
    let slowest = env_number("TUDOKU_BENCH_SLOWEST").unwrap_or(0) as usize;
    for n in [16, 25] {
        if !picked.is_empty() && !picked.iter().any(|p| p == &n.to_string()) {
            continue;
        }
        let shape = Shape::for_size(n).expect("16 and 25 are supported sizes");
        println!("{n}x{n}, {count} puzzles per level: ms per puzzle (mean / p99 / worst)");
        for level in Difficulty::ALL {
            let puzzles = puzzles(shape, level, count);
            println!("  {level:<8}{}", measure(&puzzles, slowest));
        }
    }
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|k| k.parse().ok())
}

/// Times per puzzle of each job, as (ms, the puzzle's seed).
#[derive(Default)]
struct Times {
    solve: Vec<(f64, u64)>,
    hint: Vec<(f64, u64)>,
    rate: Vec<(f64, u64)>,
    check: Vec<(f64, u64)>,
    stalled: Vec<(f64, u64)>,
}

/// One line of figures per level, then each job's `slowest` puzzles.
fn measure(puzzles: &[(u64, Grid, Grid)], slowest: usize) -> String {
    let mut times = Times::default();
    let mut solver = Solver::new();
    for &(seed, ref puzzle, ref solution) in puzzles {
        let empty = Grid::empty(puzzle.shape());
        let ok = timed(&mut times.solve, seed, || {
            solve_unique_with(&mut solver, puzzle).solution() == Some(solution)
        });
        assert!(ok, "solve disagrees with the generator: {puzzle}");
        timed(&mut times.hint, seed, || {
            next_hint(puzzle, &empty, None, None).is_ok()
        });
        timed(&mut times.rate, seed, || rate(puzzle).is_ok());
        let mut game = Game::new(
            puzzle.clone(),
            solution.clone(),
            Some(Difficulty::Easy),
            None,
            Instant::now(),
        )
        .expect("a generated puzzle makes a game");
        timed(&mut times.check, seed, || {
            let now = Instant::now();
            game.apply(Action::Check, now).is_ok() && game.apply(Action::Hint, now).is_ok()
        });
        if let Some((entries, notes)) = stalled_position(puzzle) {
            timed(&mut times.stalled, seed, || {
                next_hint(puzzle, &entries, Some(&notes), Some(solution)).is_ok()
            });
        }
    }
    let (mut line, mut names) = (String::new(), String::new());
    for (name, t) in [
        ("solve", &mut times.solve),
        ("hint", &mut times.hint),
        ("rate", &mut times.rate),
        ("check+hint", &mut times.check),
        ("stalled hint", &mut times.stalled),
    ] {
        if t.is_empty() {
            continue;
        }
        t.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mean = t.iter().map(|(ms, _)| ms).sum::<f64>() / t.len() as f64;
        let p99 = t[(t.len() * 99 / 100).min(t.len() - 1)].0;
        let worst = t[t.len() - 1].0;
        let _ = write!(line, "  {name} {mean:.2}/{p99:.2}/{worst:.2}");
        if name == "stalled hint" {
            let _ = write!(line, " ({} stalled)", t.len());
        }
        if slowest > 0 {
            let _ = write!(names, "\n    slowest {name}:");
            for (ms, seed) in t.iter().rev().take(slowest) {
                let _ = write!(names, " seed {seed} {ms:.2}");
            }
        }
    }
    line + &names
}

/// Runs `job` (which must return true), adding its time in ms to `times`
/// with the puzzle's seed: CPU time of this thread, which other processes
/// on a loaded machine do not inflate.
fn timed(times: &mut Vec<(f64, u64)>, seed: u64, job: impl FnOnce() -> bool) -> bool {
    let start = cpu::thread_cpu();
    let ok = job();
    times.push(((cpu::thread_cpu() - start).as_secs_f64() * 1e3, seed));
    ok
}

/// The position where sound logic up to Expert stalls, when it stalls
/// before the end, as a player with complete notes would have it: the
/// entries, and the notes (the logic's candidates; none on filled cells).
fn stalled_position(puzzle: &Grid) -> Option<(Grid, Vec<DigitSet>)> {
    let mut board = Board::from_grid(puzzle).without_explanations();
    let mut finder = StepFinder::default();
    while !board.is_solved()
        && finder
            .take_sound_step_up_to(&mut board, Difficulty::Expert)
            .is_some()
    {}
    if board.is_solved() {
        return None;
    }
    let mut entries = board.to_grid();
    for cell in (0..puzzle.shape().cell_count()).filter(|&c| puzzle.get(c) != 0) {
        entries.set(cell, 0).unwrap();
    }
    Some((entries, board.all_candidates().to_vec()))
}

/// Puzzles with their seeds and solutions for seeds 0..count, from the
/// cache file, generating (on every core) and adding the missing ones.
fn puzzles(shape: Shape, level: Difficulty, count: u64) -> Vec<(u64, Grid, Grid)> {
    let n = shape.n();
    let path = cache_dir().join(format!("{n}x{n}-{level}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut cached: Vec<(u64, Grid, Grid)> = text.lines().filter_map(parse_cached).collect();
    let have: Vec<u64> = cached.iter().map(|(seed, ..)| *seed).collect();
    let missing: Vec<u64> = (0..count).filter(|s| !have.contains(s)).collect();
    if !missing.is_empty() {
        eprintln!("  generating {} {n}x{n} {level} puzzles...", missing.len());
        cached.extend(generate_seeds(shape, level, &missing));
        let mut out = String::new();
        for (seed, puzzle, solution) in &cached {
            let _ = writeln!(
                out,
                "{seed} {} {}",
                puzzle.to_line(false),
                solution.to_line(false)
            );
        }
        std::fs::create_dir_all(cache_dir()).expect("target/ is writable");
        std::fs::write(&path, out).expect("target/ is writable");
    }
    cached.sort_by_key(|(seed, ..)| *seed);
    cached.retain(|(seed, ..)| *seed < count);
    cached
}

fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-large")
}

/// `seed puzzle solution`, as the cache writes it.
fn parse_cached(line: &str) -> Option<(u64, Grid, Grid)> {
    let mut words = line.split(' ');
    let seed = words.next()?.parse().ok()?;
    let puzzle = Grid::parse(words.next()?, None).ok()?;
    let solution = Grid::parse(words.next()?, None).ok()?;
    Some((seed, puzzle, solution))
}

fn generate_seeds(shape: Shape, level: Difficulty, seeds: &[u64]) -> Vec<(u64, Grid, Grid)> {
    let threads = std::thread::available_parallelism().map_or(1, |k| k.get());
    let options = GenerateOptions {
        difficulty: Some(level),
        ..GenerateOptions::new(shape)
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = seeds
            .chunks(seeds.len().div_ceil(threads))
            .map(|chunk| {
                let options = &options;
                scope.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|&seed| {
                            let made = generate_with(options, &mut ChaCha8Rng::seed_from_u64(seed))
                                .ok()?;
                            Some((seed, made.puzzle, made.solution))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a generating thread"))
            .collect()
    })
}
