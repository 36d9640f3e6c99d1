//! Whole-process speed: `tudoku solve --jobs 1 FILE` as users run it,
//! against the peers run the same way, each as its own process reading the
//! same file and writing to /dev/null: the `sudoku` crate 0.8 (this bench
//! binary itself, run as `whole --sudoku-crate FILE`: it reads the file,
//! solves each line with the crate stopping at a second solution, and writes
//! the solution, as `tudoku solve` does) and tdoku's benchmark driver when
//! `TUDOKU_TDOKU` names it (build it with `/work/shared/peers/tdoku/build.sh
//! DIR`, then point this at `DIR/tdoku-native`).
//!
//! The figure is the CPU time (user and system) of the whole process, from
//! start-up to exit, the best of `TUDOKU_BENCH_ROUNDS` runs (default 7);
//! the programs take turns within each round, so that a change in the
//! machine's load hits them alike. The ratio is peer time / tudoku time:
//! above 1, tudoku is faster. The load average is printed before and after.
//!
//! `TUDOKU_BASELINE` names another tudoku binary (an older build) to run
//! in the same rounds: its time and the ratio baseline / tudoku are added,
//! to give a change's before and after from one run.
//!
//! Run with `cargo bench --bench whole`; names after `--` pick sets. Reads
//! the sets from `TUDOKU_BENCH_DATA` (default `../shared/bench-data`).

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::Duration;

use sudoku::Sudoku;

mod common;
#[path = "common/cpu.rs"]
mod cpu;

use cpu::children_cpu;

const SETS: [&str; 5] = [
    "17_clue",
    "top1465",
    "hardest_1905_11plus",
    "hardest_1106",
    "serg_benchmark",
];

/// The flag that makes this binary the `sudoku` crate's whole-process peer.
const PEER_FLAG: &str = "--sudoku-crate";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == PEER_FLAG) {
        return match args.get(i + 1) {
            Some(file) => sudoku_crate_solve(Path::new(file)),
            None => ExitCode::from(2),
        };
    }
    let picked: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let rounds = std::env::var("TUDOKU_BENCH_ROUNDS")
        .ok()
        .and_then(|k| k.parse().ok())
        .unwrap_or(7usize)
        .max(1);
    let tudoku = env!("CARGO_BIN_EXE_tudoku");
    let me = std::env::current_exe().expect("the bench knows its own path");
    let tdoku = std::env::var_os("TUDOKU_TDOKU");
    let baseline = std::env::var_os("TUDOKU_BASELINE");
    if tdoku.is_none() {
        println!("tdoku skipped: set TUDOKU_TDOKU to its benchmark driver to compare with it");
    }
    println!("load average before: {}", load_average());
    println!(
        "{:<20} {:>12} {:>12} {:>12} {:>8} {:>8} {:>12} {:>8}",
        "set",
        "tudoku ms",
        "sudoku ms",
        "tdoku ms",
        "vs crate",
        "vs tdoku",
        "baseline ms",
        "speedup"
    );
    let dir = common::data_dir();
    for set in SETS {
        if !picked.is_empty() && !picked.iter().any(|p| *p == set) {
            continue;
        }
        let path = dir.join(format!("{set}.txt"));
        if !path.is_file() {
            println!("{set:<20} skipped: no {}", path.display());
            continue;
        }
        let file = path.as_os_str();
        let mut programs: Vec<Command> = Vec::new();
        let mut ours = Command::new(tudoku);
        ours.args(["solve", "--jobs", "1"]).arg(file);
        programs.push(ours);
        let mut crate_peer = Command::new(&me);
        crate_peer.arg(PEER_FLAG).arg(file);
        programs.push(crate_peer);
        let mut peer = Command::new(tdoku.as_deref().unwrap_or(file));
        peer.arg(file);
        programs.push(peer);
        let mut old = Command::new(baseline.as_deref().unwrap_or(file));
        old.args(["solve", "--jobs", "1"]).arg(file);
        programs.push(old);
        let present = [true, true, tdoku.is_some(), baseline.is_some()];
        let mut best = vec![Duration::MAX; programs.len()];
        for _ in 0..rounds {
            for ((program, best), _) in programs
                .iter_mut()
                .zip(&mut best)
                .zip(present)
                .filter(|(_, present)| *present)
            {
                *best = (*best).min(cpu_time_of(program));
            }
        }
        let ms = |d: Duration| format!("{:.1}", d.as_secs_f64() * 1e3);
        let ratio = |peer: Duration| format!("{:.2}", peer.as_secs_f64() / best[0].as_secs_f64());
        let column = |i: usize| match present[i] {
            true => (ms(best[i]), ratio(best[i])),
            false => ("-".into(), "-".into()),
        };
        let (tdoku_ms, vs_tdoku) = column(2);
        let (baseline_ms, speedup) = column(3);
        println!(
            "{set:<20} {:>12} {:>12} {:>12} {:>8} {:>8} {:>12} {:>8}",
            ms(best[0]),
            ms(best[1]),
            tdoku_ms,
            ratio(best[1]),
            vs_tdoku,
            baseline_ms,
            speedup
        );
    }
    println!("load average after: {}", load_average());
    ExitCode::SUCCESS
}

/// Runs `program` to its end with its output thrown away, and returns the
/// CPU time it used (user and system), read from the kernel's tally of
/// waited-for children.
fn cpu_time_of(program: &mut Command) -> Duration {
    let before = children_cpu().expect("the children's CPU time can be read");
    let status = program
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("the program starts");
    // tudoku exits 1 on serg_benchmark's puzzles with several solutions only
    // when one fails; any status is fine here, the time is what counts
    let _ = status;
    children_cpu().expect("the children's CPU time can be read") - before
}

/// The first three fields of /proc/loadavg, or `unknown`.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// The `sudoku` crate as a whole-process peer of `tudoku solve`: each line
/// of `file` solved, stopping at a second solution, and its first solution
/// written (or `no solution`), buffered.
fn sudoku_crate_solve(file: &Path) -> ExitCode {
    let Ok(input) = std::fs::File::open(file) else {
        return ExitCode::from(2);
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut solutions = [[0u8; 81]; 2];
    for line in BufReader::new(input).lines() {
        let Ok(line) = line else {
            return ExitCode::from(2);
        };
        let Ok(sudoku) = Sudoku::from_str_line(&line) else {
            let _ = writeln!(out, "invalid");
            continue;
        };
        if sudoku.solutions_up_to_buffer(&mut solutions, 2) == 0 {
            let _ = writeln!(out, "no solution");
            continue;
        }
        let text: String = solutions[0].iter().map(|&d| char::from(b'0' + d)).collect();
        let _ = writeln!(out, "{text}");
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}
