//! `tudoku stats`: the stats file as a table, one row per board shape and
//! level, with a sparkline of recent finishing times.

use std::process::ExitCode;

use tudoku::storage::stats::Stats;
use tudoku::storage::{ConfigDir, Loaded, Versioned, load};
use tudoku::ui::stats_lines;

use super::output::Output;

pub fn run(dir: &ConfigDir) -> ExitCode {
    let loaded = load::<Stats>(&dir.stats_file());
    if let Some(message) = loaded.message(Stats::WHAT) {
        eprintln!("tudoku: {message}");
    }
    let failed = matches!(loaded, Loaded::Unreadable { .. } | Loaded::Newer { .. });
    let stats = loaded.ok().unwrap_or_default();
    let mut out = Output::new();
    let result = stats_lines(&stats)
        .iter()
        .try_for_each(|line| out.line(line))
        .and_then(|()| out.finish());
    match result {
        Ok(()) if failed => ExitCode::FAILURE,
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.exit_code(),
    }
}
