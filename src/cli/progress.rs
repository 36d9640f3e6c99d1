//! Progress on stderr for long batches, shown only when stderr is a terminal
//! (never in pipes or logs) and cleared when the batch ends: a bar for
//! `generate`, a running count for `solve --count`.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const REDRAW_EVERY: Duration = Duration::from_millis(100);
const BAR_WIDTH: usize = 30;

/// One line of stderr redrawn in place, at most every [`REDRAW_EVERY`].
struct StatusLine {
    shown: bool,
    last_draw: Option<Instant>,
}

impl StatusLine {
    fn new(shown: bool) -> StatusLine {
        StatusLine {
            shown,
            last_draw: None,
        }
    }

    /// Draws `text()` over the line, unless it was drawn very recently.
    fn draw(&mut self, text: impl FnOnce() -> String) {
        if !self.shown || self.last_draw.is_some_and(|t| t.elapsed() < REDRAW_EVERY) {
            return;
        }
        self.last_draw = Some(Instant::now());
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K{}", text());
        let _ = err.flush();
    }

    /// Clears the line if it was drawn, and draws no more.
    fn clear(&mut self) {
        if self.shown && self.last_draw.is_some() {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
        }
        self.shown = false;
    }
}

impl Drop for StatusLine {
    fn drop(&mut self) {
        self.clear();
    }
}

/// A bar for a batch of known size.
pub struct Progress {
    total: usize,
    done: usize,
    line: StatusLine,
}

impl Progress {
    /// A bar for `total` items; silent unless `wanted` (no `--no-progress`),
    /// stderr is a terminal and the batch has more than one item.
    pub fn new(total: usize, wanted: bool) -> Progress {
        Progress {
            total,
            done: 0,
            line: StatusLine::new(wanted && total > 1 && std::io::stderr().is_terminal()),
        }
    }

    /// Clears the bar for a message, and shows it no more.
    pub fn clear(&mut self) {
        self.line.clear();
    }

    pub fn advance(&mut self) {
        self.done += 1;
        let (done, total) = (self.done, self.total);
        self.line.draw(|| {
            let filled = BAR_WIDTH * done / total.max(1);
            format!(
                "[{}{}] {done}/{total}",
                "#".repeat(filled),
                " ".repeat(BAR_WIDTH - filled),
            )
        });
    }
}

/// The running count of a long `solve --count`: the solutions found so far
/// and the time spent, so that a count of millions shows it is at work.
/// Shared by the threads that count.
pub struct Tally {
    started: Instant,
    line: Mutex<StatusLine>,
}

impl Tally {
    /// A count display; silent unless `wanted` and stderr is a terminal.
    pub fn new(wanted: bool) -> Tally {
        Tally {
            started: Instant::now(),
            line: Mutex::new(StatusLine::new(wanted && std::io::stderr().is_terminal())),
        }
    }

    /// Tells that the puzzle being counted has `found` solutions so far.
    pub fn update(&self, found: u64) {
        let seconds = self.started.elapsed().as_secs();
        if let Ok(mut line) = self.line.lock() {
            line.draw(|| format!("counting: {found} solutions so far ({seconds} s)"));
        }
    }
}
