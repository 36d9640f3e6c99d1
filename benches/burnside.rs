//! The Burnside count of essentially different grids, timed and checked
//! (`cargo bench --bench burnside`, release): 4x4, 6x6 and 9x9 by default,
//! 8x8 too with `--8x8` (`cargo bench --bench burnside -- --8x8`). Prints
//! wall and CPU time per board on `--jobs N` threads (default 2), and the
//! slowest classes' times.
//!
//! Each board's total is checked (2, 49, 5,472,730,538 and 8x8's published
//! 1,673,187) and the process
//! exits non-zero when one is off; the 9x9 table class by class is checked
//! by the ignored test in tests/burnside_9x9.rs.

use std::process::ExitCode;
use std::time::Instant;

use tudoku_engine::{Shape, census_by_class};

#[path = "common/cpu.rs"]
mod cpu;

/// How many of the slowest classes each board's report lists.
const SLOWEST: usize = 5;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let jobs = args
        .iter()
        .position(|a| a == "--jobs")
        .and_then(|i| args.get(i + 1))
        .and_then(|j| j.parse().ok())
        .unwrap_or(2);
    let mut boards = vec![(2, 2, 2), (2, 3, 49), (3, 3, 5_472_730_538)];
    if args.iter().any(|a| a == "--8x8") {
        // kjellfp and Red Ed's figure (enjoysudoku forum, 2006).
        boards.push((2, 4, 1_673_187));
    }
    let mut ok = true;
    for (h, w, expected) in boards {
        let shape = Shape::new(h, w).expect("supported shape");
        let (wall, cpu) = (Instant::now(), cpu::process_cpu());
        // Per class: (number, wall, cpu), for the slowest classes' lines.
        let mut times = Vec::new();
        let mut last = (wall, cpu);
        let census = census_by_class(shape, jobs, |_| {
            let now = (Instant::now(), cpu::process_cpu());
            times.push((
                times.len() + 1,
                now.0 - last.0,
                now.1.saturating_sub(last.1),
            ));
            last = now;
        })
        .expect("up to 9x9");
        let (wall, cpu) = (wall.elapsed(), cpu::process_cpu().saturating_sub(cpu));
        let (classes, remainder) = census.essentially_different();
        println!(
            "{:<8} {classes:>14} essentially different  wall {wall:>10.2?}  cpu {cpu:>10.2?}  ({jobs} threads)",
            shape.board_name()
        );
        ok &= remainder == 0 && classes == expected;
        times.sort_by_key(|&(_, _, cpu)| std::cmp::Reverse(cpu));
        for (class, wall, cpu) in times.iter().take(SLOWEST) {
            println!("  class {class:>3}  wall {wall:>10.2?}  cpu {cpu:>10.2?}");
        }
    }
    println!("peak RSS {} MiB", cpu::peak_memory_kib() / 1024);
    if ok {
        ExitCode::SUCCESS
    } else {
        println!("a count differs from the expected one");
        ExitCode::FAILURE
    }
}
