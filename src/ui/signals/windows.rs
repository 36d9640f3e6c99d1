//! Console control events on Windows, through SetConsoleCtrlHandler. The
//! handler runs on a thread the system starts for each event; it can only
//! reach statics, so the flags and the loop's channel are kept in some.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::Duration;

use windows_sys::Win32::System::Console::{
    CTRL_BREAK_EVENT, CTRL_C_EVENT, CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT,
    SetConsoleCtrlHandler,
};
use windows_sys::core::BOOL;

use crate::ui::input::Input;

/// Windows has no job control: nothing stops the process.
pub const JOB_CONTROL: bool = false;

/// The quit flag of the registered `Signals`.
static QUIT: OnceLock<Arc<AtomicBool>> = OnceLock::new();
/// Where the event loop listens, while it does.
static LOOP: Mutex<Option<Sender<Input>>> = Mutex::new(None);
/// Set (and notified) once the game has saved.
static FINISHED: (Mutex<bool>, Condvar) = (Mutex::new(false), Condvar::new());
/// How long a close, logoff or shutdown event waits for the save: the
/// system ends the process 5 s after a close.
const SAVE_WAIT: Duration = Duration::from_millis(4500);

pub fn register(quit: &Arc<AtomicBool>, _suspend: &Arc<AtomicBool>) -> io::Result<()> {
    if QUIT.set(Arc::clone(quit)).is_err() {
        return Err(io::Error::other("console events are handled already"));
    }
    // SAFETY: `handle` is a function that lives for the whole process.
    if unsafe { SetConsoleCtrlHandler(Some(handle), 1) } == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

unsafe extern "system" fn handle(event: u32) -> BOOL {
    match event {
        CTRL_C_EVENT | CTRL_BREAK_EVENT => {
            request_quit();
            1
        }
        CTRL_CLOSE_EVENT | CTRL_LOGOFF_EVENT | CTRL_SHUTDOWN_EVENT => {
            request_quit();
            let (done, saved) = &FINISHED;
            if let Ok(guard) = done.lock() {
                let _ = saved.wait_timeout_while(guard, SAVE_WAIT, |done| !*done);
            }
            1
        }
        _ => 0,
    }
}

fn request_quit() {
    if let Some(quit) = QUIT.get() {
        quit.store(true, Ordering::SeqCst);
    }
    if let Ok(to) = LOOP.lock()
        && let Some(to) = to.as_ref()
    {
        let _ = to.send(Input::Signal);
    }
}

/// Stops passing events to the event loop when dropped.
pub struct Forward(());

impl Drop for Forward {
    fn drop(&mut self) {
        if let Ok(mut to) = LOOP.lock() {
            *to = None;
        }
    }
}

pub fn forward(to: Sender<Input>) -> io::Result<Forward> {
    let mut slot = LOOP
        .lock()
        .map_err(|_| io::Error::other("console events' channel is poisoned"))?;
    *slot = Some(to);
    Ok(Forward(()))
}

/// Nothing to do: a suspend only pauses the game.
pub fn stop_until_continued() -> io::Result<()> {
    Ok(())
}

/// Lets a waiting close, logoff or shutdown event end the process.
pub fn finished() {
    let (done, saved) = &FINISHED;
    if let Ok(mut done) = done.lock() {
        *done = true;
        saved.notify_all();
    }
}
