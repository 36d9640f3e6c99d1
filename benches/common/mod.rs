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
