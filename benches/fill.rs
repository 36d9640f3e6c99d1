//! Full-grid generation speed (`cargo bench --bench fill`, release).
//!
//! For each shape: mean time per grid with the default method (targets: 9x9
//! <= 50 µs, 16x16 <= 5 ms, 25x25 <= 250 ms), then the seed's rejection
//! method at 4x4, 6x6, 8x8, 9x9 and, bounded to 200 million draws (about a
//! minute), 16x16, where a grid would take hours.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tudoku_engine::Shape;
use tudoku_engine::is_solved;
use tudoku_engine::{FillMethod, FillStats, fill_with_stats, seed_rejection_within};

/// Runs `one` until `budget` has passed (at least `min_runs` times) and
/// returns the runs, total time and summed stats.
fn measure(
    budget: Duration,
    min_runs: u32,
    mut one: impl FnMut() -> FillStats,
) -> (u32, Duration, FillStats) {
    let start = Instant::now();
    let mut runs = 0;
    let mut total = FillStats::default();
    while runs < min_runs || start.elapsed() < budget {
        let s = one();
        total.restarts += s.restarts;
        total.steps += s.steps;
        runs += 1;
    }
    (runs, start.elapsed(), total)
}

fn report(label: &str, runs: u32, elapsed: Duration, total: FillStats) {
    let mean = elapsed / runs;
    println!(
        "{label:<14} {runs:>8} grids  mean {mean:>10.2?}  restarts/grid {:>8.4} ({} in all)  steps/grid {:>10.1}",
        total.restarts as f64 / runs as f64,
        total.restarts,
        total.steps as f64 / runs as f64,
    );
}

fn main() {
    let shape = |h, w| Shape::new(h, w).expect("supported shape");
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    println!("Backtracking (default):");
    for s in [
        shape(2, 2),
        shape(2, 3),
        shape(2, 4),
        shape(3, 3),
        shape(3, 4),
        shape(4, 4),
        shape(5, 5),
    ] {
        let (runs, elapsed, total) = measure(Duration::from_secs(2), 5, || {
            let (grid, stats) = fill_with_stats(s, FillMethod::Backtracking, &mut rng);
            assert!(is_solved(&grid));
            stats
        });
        report(&format!("{}x{} ({s})", s.n(), s.n()), runs, elapsed, total);
    }

    println!("SeedRejection (seed Algorithm 8 + restart):");
    for (s, seconds) in [
        (shape(2, 2), 3),
        (shape(2, 3), 3),
        (shape(2, 4), 5),
        (shape(3, 3), 30),
    ] {
        let (runs, elapsed, total) = measure(Duration::from_secs(seconds), 3, || {
            let (grid, stats) = fill_with_stats(s, FillMethod::SeedRejection, &mut rng);
            assert!(is_solved(&grid));
            stats
        });
        report(&format!("{}x{} ({s})", s.n(), s.n()), runs, elapsed, total);
    }

    // 16x16 cannot finish: bound the attempt in draws and report how far it got.
    let s = shape(4, 4);
    let max_draws = 200_000_000;
    let start = Instant::now();
    let (grid, stats) = seed_rejection_within(s, max_draws, &mut rng);
    let elapsed = start.elapsed();
    println!(
        "16x16 ({s}): {} after {} draws in {elapsed:.1?} ({:.0} draws/s), {} restarts",
        if grid.is_some() { "a grid" } else { "no grid" },
        stats.steps,
        stats.steps as f64 / elapsed.as_secs_f64(),
        stats.restarts,
    );
}
