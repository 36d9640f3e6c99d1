//! A one-line progress bar on stderr for long batches, shown only when stderr
//! is a terminal (never in pipes or logs) and cleared when the batch ends.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

pub struct Progress {
    total: usize,
    done: usize,
    shown: bool,
    last_draw: Option<Instant>,
}

const REDRAW_EVERY: Duration = Duration::from_millis(100);
const BAR_WIDTH: usize = 30;

impl Progress {
    /// A bar for `total` items; silent unless stderr is a terminal and the
    /// batch has more than one item.
    pub fn new(total: usize) -> Progress {
        Progress {
            total,
            done: 0,
            shown: total > 1 && std::io::stderr().is_terminal(),
            last_draw: None,
        }
    }

    pub fn advance(&mut self) {
        self.done += 1;
        if !self.shown || self.last_draw.is_some_and(|t| t.elapsed() < REDRAW_EVERY) {
            return;
        }
        self.last_draw = Some(Instant::now());
        let filled = BAR_WIDTH * self.done / self.total.max(1);
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r[{}{}] {}/{}",
            "#".repeat(filled),
            " ".repeat(BAR_WIDTH - filled),
            self.done,
            self.total
        );
        let _ = err.flush();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if self.shown && self.last_draw.is_some() {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
        }
    }
}
