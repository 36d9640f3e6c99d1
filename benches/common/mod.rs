//! Where the benchmarks find the public puzzle sets: `TUDOKU_BENCH_DATA`, or
//! `../shared/bench-data` beside the crate. Never used by tests (CI has no
//! ../shared); tests read their copies in tests/data.

use std::path::PathBuf;

pub fn data_dir() -> PathBuf {
    match std::env::var_os("TUDOKU_BENCH_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/bench-data"),
    }
}

/// This thread's CPU time: unlike the wall clock, not stretched by other
/// processes sharing the cores, so rates stay comparable on a busy machine.
#[allow(dead_code)] // not every bench reports CPU time
pub fn thread_cpu() -> std::time::Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    std::time::Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}
