//! Where a game is played: a screen to draw on and the player's inputs,
//! given to `App::run` as a value. The terminal tudoku was started in is
//! one seat ([`LocalSeat`]); a session of `tudoku serve` is another, with a
//! screen that is bytes on an SSH channel and keys that come from it. The
//! App knows neither: nothing in `src/ui` but this file and `terminal`
//! touches the process's own terminal.

use std::io;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::layout::Size;

use super::input::{Input, Inputs};
use super::signals::Signals;
use super::terminal::TerminalGuard;

/// A screen and its player's inputs.
pub trait Seat {
    type Backend: Backend<Error = io::Error>;

    /// The screen, at the size the player's window has now.
    fn terminal(&mut self) -> &mut Terminal<Self::Backend>;

    /// The size of the player's window, in cells.
    fn size(&mut self) -> io::Result<Size>;

    /// The next input, or `None` when `timeout` passes first. A seat whose
    /// window changes size resizes its terminal before it hands on the
    /// `Resize` event.
    fn next(&mut self, timeout: Duration) -> Option<Input>;

    /// True once someone other than the player has asked the game to end
    /// (a signal, the server shutting down).
    fn quit_requested(&self) -> bool;

    /// True once per request from outside to suspend (SIGTSTP).
    fn take_suspend(&mut self) -> bool;

    /// Hands the screen back until the player returns, where there is a
    /// shell to hand it to; elsewhere it returns at once.
    fn suspend(&mut self) -> io::Result<()>;

    /// True when the player's end has gone away (an error drawing or
    /// reading is then the hang-up, not something to report).
    fn hung_up(&self) -> bool;
}

/// The terminal tudoku runs in: raw mode and the alternate screen while the
/// seat lives (see `terminal`), keys read on threads of their own (see
/// `input`), and the process's signals.
pub struct LocalSeat<'s> {
    guard: TerminalGuard,
    inputs: Inputs,
    signals: &'s Signals,
}

impl<'s> LocalSeat<'s> {
    /// Takes the terminal. `signals` must be registered first, so that no
    /// signal finds the terminal taken and unhandled.
    pub fn take(mouse: bool, signals: &'s Signals) -> io::Result<LocalSeat<'s>> {
        let guard = TerminalGuard::enter(mouse)?;
        let inputs = Inputs::start(signals)?;
        Ok(LocalSeat {
            guard,
            inputs,
            signals,
        })
    }
}

impl Seat for LocalSeat<'_> {
    type Backend = CrosstermBackend<io::Stdout>;

    fn terminal(&mut self) -> &mut Terminal<Self::Backend> {
        &mut self.guard.terminal
    }

    fn size(&mut self) -> io::Result<Size> {
        self.guard.terminal.size()
    }

    fn next(&mut self, timeout: Duration) -> Option<Input> {
        self.inputs.next(timeout)
    }

    fn quit_requested(&self) -> bool {
        self.signals.quit_requested()
    }

    fn take_suspend(&mut self) -> bool {
        self.signals.take_suspend()
    }

    fn suspend(&mut self) -> io::Result<()> {
        self.guard.suspend()
    }

    fn hung_up(&self) -> bool {
        self.inputs.hung_up()
    }
}
