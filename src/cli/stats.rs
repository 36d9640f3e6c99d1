//! `tudoku stats`: the stats file as a table, one row per board shape and
//! level, with a sparkline of recent finishing times; in JSON, one object
//! per row.

use std::process::ExitCode;

use crate::storage::stats::{Category, Stats, level_name};
use crate::storage::{ConfigDir, Loaded, Versioned, load};
use crate::ui::stats_lines;

use super::json::Object;
use super::output::{Output, Report};

pub fn run(dir: &ConfigDir, report: &Report) -> ExitCode {
    let loaded = load::<Stats>(&dir.stats_file());
    if let Some(message) = loaded.message(Stats::WHAT) {
        eprintln!("tudoku: {message}");
    }
    let failed = matches!(loaded, Loaded::Unreadable { .. } | Loaded::Newer { .. });
    let stats = loaded.ok().unwrap_or_default();
    let lines = if report.json() {
        let mut categories: Vec<&Category> = stats.categories.iter().collect();
        categories.sort_by_key(|c| (c.shape.n(), c.shape.box_rows(), c.difficulty));
        categories.into_iter().map(fields).collect()
    } else {
        stats_lines(&stats)
    };
    let mut out = Output::for_report(report);
    let result = lines
        .iter()
        .try_for_each(|line| out.line(line))
        .and_then(|()| out.finish());
    match result {
        Ok(()) if failed => ExitCode::FAILURE,
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.exit_code(),
    }
}

/// One row of the table as a JSON object; times in seconds, left out
/// when there is none yet.
fn fields(c: &Category) -> String {
    let mut object = Object::new()
        .str("board", &c.shape.board_name())
        .str("box", &c.shape.to_string())
        .str("level", level_name(c.difficulty))
        .num("played", c.started)
        .num("won", c.finished);
    if let Some(best) = c.best_secs {
        object = object.num("best_secs", best);
    }
    if let Some(average) = c.average_secs() {
        object = object.num("average_secs", average);
    }
    object
        .num("streak", c.streak)
        .num("best_streak", c.best_streak)
        .num("hints", c.hints)
        .num("perfect", c.perfect)
        .nums("recent_secs", c.recent_secs.iter().copied())
        .line()
}
