//! The stats as a text table, one row per board shape and level with a
//! sparkline of recent finishing times: the same lines for `tudoku stats`
//! and the stats screen in the game.

use std::time::Duration;

use super::time::format_time;
use crate::storage::stats::{Category, Stats, level_name};

/// The table's lines, header first; one line when there are no games yet.
pub fn stats_lines(stats: &Stats) -> Vec<String> {
    if stats.categories.is_empty() {
        return vec!["No games played yet.".to_string()];
    }
    let mut lines = vec![format!(
        "{:<10} {:<8} {:>6} {:>6} {:>8} {:>8} {:>6} {:>5}  recent",
        "board", "level", "played", "won", "best", "average", "streak", "hints"
    )];
    let mut categories: Vec<&Category> = stats.categories.iter().collect();
    categories.sort_by_key(|c| (c.shape.n(), c.shape.box_rows(), c.difficulty));
    for c in categories {
        lines.push(format!(
            "{:<10} {:<8} {:>6} {:>6} {:>8} {:>8} {:>6} {:>5}  {}",
            c.shape.board_name(),
            level_name(c.difficulty),
            c.started,
            c.finished,
            c.best_secs.map_or("-".into(), clock),
            c.average_secs().map_or("-".into(), clock),
            c.streak,
            c.hints,
            sparkline(&c.recent_secs)
        ));
    }
    lines
}

fn clock(secs: u64) -> String {
    format_time(Duration::from_secs(secs))
}

/// Recent times as bar heights, lowest bar for the fastest.
pub fn sparkline(secs: &[u64]) -> String {
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let (Some(&lo), Some(&hi)) = (secs.iter().min(), secs.iter().max()) else {
        return String::new();
    };
    // in u128: a stats file may hold times up to u64::MAX, which times 7
    // would overflow
    let span = u128::from((hi - lo).max(1));
    secs.iter()
        .map(|&s| BARS[(u128::from(s - lo) * 7 / span) as usize])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sparkline_bars() {
        assert_eq!(sparkline(&[10, 80, 45]), "▁█▄");
        assert_eq!(sparkline(&[5, 5]), "▁▁");
        assert_eq!(sparkline(&[]), "");
        assert_eq!(sparkline(&[0, u64::MAX / 2, u64::MAX]), "▁▄█");
    }
}
