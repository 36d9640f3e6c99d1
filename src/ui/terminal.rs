//! The terminal's lifecycle: raw mode, the alternate screen, mouse capture and
//! a hidden cursor while the game runs, and their undoing exactly once however
//! the game ends (return, error, panic, a signal or console event: see
//! `super::signals`), plus suspend (Ctrl-Z or SIGTSTP) and resume.

use std::io::{self, Stdout, Write};
use std::mem::{self, ManuallyDrop};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

use crossterm::{cursor, event, execute, terminal};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use super::input::CONTROLLING_TERMINAL;
use super::signals;

/// True while the terminal is in game mode and owes a restore.
static ACTIVE: AtomicBool = AtomicBool::new(false);
static PANIC_HOOK: Once = Once::new();

/// Says why the game cannot be played here, if it cannot: output must go to
/// a terminal, and input come from one (standard input, or else the
/// process's controlling terminal, which crossterm reads instead). Checked
/// before any file is touched, so that `tudoku play` from cron or a pipe
/// changes nothing.
pub fn check_terminal() -> Result<(), String> {
    use std::io::IsTerminal;
    let input = io::stdin().is_terminal() || std::fs::File::open(CONTROLLING_TERMINAL).is_ok();
    if io::stdout().is_terminal() && input {
        Ok(())
    } else {
        Err(format!(
            "the game needs a terminal, and standard {} is not one; \
             solve, generate, rate and hint work without one",
            if input { "output" } else { "input" }
        ))
    }
}

/// Puts the terminal into game mode and restores it when dropped.
pub struct TerminalGuard {
    /// Never dropped with the guard: ratatui's `Drop` shows the cursor again,
    /// which `restore` has done already, and on a terminal that has gone away
    /// it reports the failure with `eprintln!` to a stderr that has gone too,
    /// which panics. The process ends soon after the guard does.
    pub terminal: ManuallyDrop<Terminal<CrosstermBackend<Stdout>>>,
    mouse: bool,
}

impl TerminalGuard {
    pub fn enter(mouse: bool) -> io::Result<TerminalGuard> {
        install_panic_hook();
        activate(mouse)?;
        let terminal = ManuallyDrop::new(Terminal::new(CrosstermBackend::new(io::stdout()))?);
        Ok(TerminalGuard { terminal, mouse })
    }

    /// Hands the terminal back to the shell, stops the process until it is
    /// continued (as the shell's job control expects), then takes it again.
    /// Without job control (Windows) there is nothing to hand back to.
    pub fn suspend(&mut self) -> io::Result<()> {
        if !signals::JOB_CONTROL {
            return Ok(());
        }
        restore();
        signals::stop_until_continued()?;
        activate(self.mouse)?;
        // A fresh terminal redraws everything on the next frame, at the size
        // the window has now (ratatui's `clear` would query the cursor).
        execute!(io::stdout(), terminal::Clear(terminal::ClearType::All))?;
        let fresh = ManuallyDrop::new(Terminal::new(CrosstermBackend::new(io::stdout()))?);
        // the old one goes while the terminal is known to be there
        drop(ManuallyDrop::into_inner(mem::replace(
            &mut self.terminal,
            fresh,
        )));
        Ok(())
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

fn activate(mouse: bool) -> io::Result<()> {
    terminal::enable_raw_mode()?;
    ACTIVE.store(true, Ordering::SeqCst);
    let mut out = io::stdout();
    execute!(out, terminal::EnterAlternateScreen, cursor::Hide)?;
    if mouse {
        execute!(out, event::EnableMouseCapture)?;
    }
    Ok(())
}

/// Leaves game mode if the terminal is in it; safe to call any number of
/// times and from the panic hook. Errors are ignored: there is nobody left
/// to report them to, and every step is still tried.
pub fn restore() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let mut out = io::stdout();
        let _ = execute!(
            out,
            event::DisableMouseCapture,
            terminal::LeaveAlternateScreen,
            cursor::Show
        );
        let _ = terminal::disable_raw_mode();
        let _ = out.flush();
    }
}

/// Restores the terminal before the panic message is printed, so the message
/// lands on a normal screen, and gives a failed autosave one more try.
fn install_panic_hook() {
    PANIC_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            crate::storage::autosave::write_pending_on_panic();
            previous(info);
        }));
    });
}
