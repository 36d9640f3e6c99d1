//! A new game's puzzle made on a background thread (a 25x25 board takes up
//! to a second or so), so that the loop keeps drawing and taking keys. Dropping
//! the `Generation` (Esc, another new game, quitting) tells the thread to
//! stop: the generator checks between steps and the thread ends soon after.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use crate::engine::{Difficulty, Generated, Shape, Technique};
use crate::game::{fresh_practice_cancellable, fresh_puzzle_cancellable};

/// The puzzle being made, and the way to stop it.
#[derive(Debug)]
pub struct Generation {
    receiver: Receiver<(Generated, u64)>,
    cancelled: Arc<AtomicBool>,
}

/// What the thread has to show so far.
#[derive(Debug)]
pub enum Progress {
    Working,
    /// The puzzle and the seed that made it.
    Done(Box<Generated>, u64),
    /// The thread ended without a puzzle (it was stopped, or it died).
    Gone,
}

impl Generation {
    /// Starts making the puzzle `new_puzzle` makes for these arguments, or,
    /// when the player solved that one in any disguise, the next seed's
    /// (`fresh_puzzle_cancellable`): `solved` holds their `solved_key`s.
    /// With a `technique`, a 9x9 puzzle for practising it instead
    /// (`fresh_practice_cancellable`; `shape` and `difficulty` unused).
    pub fn start(
        shape: Shape,
        difficulty: Difficulty,
        technique: Option<Technique>,
        seed: u64,
        solved: Vec<String>,
    ) -> Generation {
        let (sender, receiver) = mpsc::channel();
        let cancelled = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancelled);
        thread::spawn(move || {
            let stop = || flag.load(Ordering::Relaxed);
            let made = match technique {
                Some(t) => fresh_practice_cancellable(t, seed, &solved, &stop),
                None => fresh_puzzle_cancellable(shape, difficulty, seed, &solved, &stop),
            };
            if let Some(made) = made {
                // The App may have gone on without it (Esc, quit): nobody to tell.
                let _ = sender.send(made);
            }
        });
        Generation {
            receiver,
            cancelled,
        }
    }

    /// The puzzle, once the thread is done; never blocks.
    pub fn poll(&self) -> Progress {
        match self.receiver.try_recv() {
            Ok((made, seed)) => Progress::Done(Box::new(made), seed),
            Err(TryRecvError::Empty) => Progress::Working,
            Err(TryRecvError::Disconnected) => Progress::Gone,
        }
    }

    /// Tells the thread to stop; it ends without a puzzle.
    fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }
}

impl Drop for Generation {
    fn drop(&mut self) {
        self.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// Polls until the thread is done or gone (the deadline only keeps a
    /// broken build from hanging; no timing is asserted).
    fn wait(generation: &Generation) -> Progress {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            match generation.poll() {
                Progress::Working if Instant::now() < deadline => {
                    thread::sleep(Duration::from_millis(5))
                }
                progress => return progress,
            }
        }
    }

    #[test]
    fn a_started_generation_delivers_the_seeded_puzzle() {
        let shape = Shape::for_size(6).unwrap();
        let generation = Generation::start(shape, Difficulty::Medium, None, 3, Vec::new());
        let Progress::Done(made, 3) = wait(&generation) else {
            panic!("no puzzle came");
        };
        let expected = crate::game::new_puzzle(shape, Difficulty::Medium, 3);
        assert_eq!(*made, expected);
    }

    #[test]
    fn a_cancelled_generation_ends_its_thread_without_a_puzzle() {
        // a 16x16 extreme puzzle takes seconds in a debug build: had the
        // thread not stopped, it would deliver one instead of ending
        let generation = Generation::start(
            Shape::for_size(16).unwrap(),
            Difficulty::Extreme,
            None,
            1,
            Vec::new(),
        );
        generation.cancel();
        assert!(matches!(wait(&generation), Progress::Gone));
    }
}
