//! The Burnside count of essentially different grids, timed and checked
//! (`cargo bench --bench burnside`, release): 4x4, 6x6 and 9x9 by default,
//! 8x8 too with `--8x8` (`cargo bench --bench burnside -- --8x8`). Prints
//! wall and CPU time per board on `--jobs N` threads (default 2).
//!
//! The 9x9 table is checked against the one Russell and Jarvis published
//! (as the seed sudoku-symmetry-group prints it): the same 27 classes with
//! fixed grids, each with its size and count, and 5,472,730,538 essentially
//! different grids. It takes minutes, too long for CI's ignored tests, so it
//! lives here; the process exits non-zero when a count is off.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use tudoku::engine::Shape;
use tudoku::engine::census;

/// (class size, grids each member fixes up to relabelling), from the seed.
const SEED_TABLE: [(u64, u128); 27] = [
    (1, 18_383_222_420_692_992),
    (972, 449_445_888),
    (2916, 155_492_352),
    (1296, 30_258_432),
    (69984, 13_056),
    (16, 107_495_424),
    (96, 21_233_664),
    (192, 4_204_224),
    (3888, 27_648),
    (10368, 1_854),
    (144, 14_837_760),
    (864, 2_085_120),
    (1728, 294_912),
    (7776, 13_824),
    (15552, 1_728),
    (288, 5_184),
    (1728, 2_592),
    (3456, 1_296),
    (93312, 288),
    (64, 2_508_084),
    (1152, 6_342_480),
    (15552, 3_456),
    (31104, 6_480),
    (2304, 648),
    (5184, 323_928),
    (20736, 288),
    (20736, 162),
];

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
        // No published figure to check against: reported only.
        boards.push((2, 4, 0));
    }
    let mut ok = true;
    for (h, w, expected) in boards {
        let shape = Shape::new(h, w).expect("supported shape");
        let (wall, cpu) = (Instant::now(), cpu_time());
        let census = census(shape, jobs).expect("up to 9x9");
        let (wall, cpu) = (wall.elapsed(), cpu_time().saturating_sub(cpu));
        let (classes, remainder) = census.essentially_different();
        println!(
            "{:<8} {classes:>14} essentially different  wall {wall:>10.2?}  cpu {cpu:>10.2?}  ({jobs} threads)",
            shape.board_name()
        );
        ok &= remainder == 0 && (expected == 0 || classes == expected);
        if shape.n() == 9 {
            let mut found: Vec<(u64, u128)> = census
                .classes
                .iter()
                .filter(|c| c.fixed > 0)
                .map(|c| (c.class.size, c.fixed))
                .collect();
            let mut seed = SEED_TABLE.to_vec();
            found.sort_unstable();
            seed.sort_unstable();
            let same = found == seed && census.classes.len() == 275;
            println!("9x9 table matches the seed's, class by class: {same}");
            ok &= same;
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        println!("a count differs from the expected one");
        ExitCode::FAILURE
    }
}

/// User plus system time of this process so far, over all its threads.
fn cpu_time() -> Duration {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut usage = std::mem::zeroed::<libc::rusage>();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    time(usage.ru_utime) + time(usage.ru_stime)
}
