//! A new game's puzzle made on a background thread (a 25x25 board takes up
//! to a second or so), so that the loop keeps drawing and taking keys. Dropping
//! the `Generation` (Esc, another new game, quitting) tells the thread to
//! stop: the classic generator checks between steps and the thread ends soon
//! after; a variant's (at most a second or so, on a 12x12 jigsaw) runs to its
//! end and its puzzle is dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;

use crate::engine::{Difficulty, Grid, Rating, Shape, Technique, Variant, generate_variant};
use crate::game::{fresh_practice_cancellable, fresh_puzzle_cancellable};

/// The puzzle being made, and the way to stop it.
#[derive(Debug)]
pub struct Generation {
    receiver: Receiver<Made>,
    cancelled: Arc<AtomicBool>,
}

/// A puzzle made for a new game.
#[derive(Debug, PartialEq)]
pub struct Made {
    /// The puzzle, carrying its rules.
    pub puzzle: Grid,
    pub solution: Grid,
    /// The classic puzzle's rating; a variant's is made without one.
    pub rating: Option<Rating>,
    /// The seed that made it.
    pub seed: u64,
}

/// What the thread has to show so far.
#[derive(Debug)]
pub enum Progress {
    Working,
    /// The puzzle.
    Done(Box<Made>),
    /// The thread ended without a puzzle (it was stopped, or it died).
    Gone,
}

impl Generation {
    /// Starts making the puzzle `new_puzzle` makes for these arguments, or,
    /// when the player solved that one in any disguise, the next seed's
    /// (`fresh_puzzle_cancellable`): `solved` holds their `solved_key`s.
    /// With a `technique`, a 9x9 puzzle for practising it instead
    /// (`fresh_practice_cancellable`; `shape` and `difficulty` unused). A
    /// `variant` other than classic makes its puzzle (`generate_variant`),
    /// without a level or a technique.
    pub fn start(
        shape: Shape,
        variant: Variant,
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
            let classic = |(made, seed): (crate::engine::Generated, u64)| Made {
                puzzle: made.puzzle,
                solution: made.solution,
                rating: Some(made.rating),
                seed,
            };
            let made = if !variant.is_classic() {
                generate_variant(shape, variant, seed)
                    .ok()
                    .map(|made| Made {
                        puzzle: made.puzzle,
                        solution: made.solution,
                        rating: None,
                        seed,
                    })
                    .filter(|_| !stop())
            } else {
                match technique {
                    Some(t) => fresh_practice_cancellable(t, seed, &solved, &stop),
                    None => fresh_puzzle_cancellable(shape, difficulty, seed, &solved, &stop),
                }
                .map(classic)
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
            Ok(made) => Progress::Done(Box::new(made)),
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
        let generation = Generation::start(
            shape,
            Variant::CLASSIC,
            Difficulty::Medium,
            None,
            3,
            Vec::new(),
        );
        let Progress::Done(made) = wait(&generation) else {
            panic!("no puzzle came");
        };
        let expected = crate::game::new_puzzle(shape, Difficulty::Medium, 3);
        assert_eq!(made.seed, 3);
        assert_eq!(made.puzzle, expected.puzzle);
        assert_eq!(made.rating, Some(expected.rating));
    }

    #[test]
    fn a_variant_generation_delivers_the_variant_s_seeded_puzzle() {
        let shape = Shape::for_size(6).unwrap();
        let jigsaw: Variant = "jigsaw".parse().unwrap();
        let generation = Generation::start(shape, jigsaw, Difficulty::Hard, None, 5, Vec::new());
        let Progress::Done(made) = wait(&generation) else {
            panic!("no puzzle came");
        };
        let expected = generate_variant(shape, jigsaw, 5).unwrap();
        assert_eq!(made.puzzle.rules().variant(), jigsaw);
        assert_eq!(made.puzzle, expected.puzzle);
        assert_eq!(made.rating, None);
    }

    #[test]
    fn a_cancelled_generation_ends_its_thread_without_a_puzzle() {
        // a 16x16 extreme puzzle takes seconds in a debug build: had the
        // thread not stopped, it would deliver one instead of ending
        let generation = Generation::start(
            Shape::for_size(16).unwrap(),
            Variant::CLASSIC,
            Difficulty::Extreme,
            None,
            1,
            Vec::new(),
        );
        generation.cancel();
        assert!(matches!(wait(&generation), Progress::Gone));
    }
}
