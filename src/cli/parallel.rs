//! Running a batch on every core while keeping it a stream: items are read
//! as they are needed, handled on `jobs` threads, and handed back in input
//! order, with a bounded number in flight so that one slow item cannot make
//! the others pile up in memory. Every batch command goes through
//! [`map_in_order`]: the per-line commands by way of `batch::run_batch`,
//! `generate` directly.
//!
//! Plain scoped threads and channels rather than rayon: rayon's parallel
//! iterators want the whole input up front (or lose its order with
//! `par_bridge`), and order, streaming and a bound on memory are the whole
//! job here.

use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::ops::{ControlFlow, Range};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, mpsc};
use std::thread;
use std::time::{Duration, Instant};

/// `--jobs N`: how many threads a batch command uses.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct JobsArg {
    /// Threads to work on; the output is the same, in input order, for any N
    /// (1: one puzzle after another on one core) [default: every core].
    #[arg(long, short, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<NonZeroUsize>,
}

impl JobsArg {
    /// The number asked for, else every core the system offers us.
    pub fn count(self) -> usize {
        self.jobs
            .or_else(|| thread::available_parallelism().ok())
            .map_or(1, NonZeroUsize::get)
    }
}

/// The most threads `--jobs` takes: more than any machine's cores today,
/// and few enough that their stacks and the items in flight (a few per
/// thread) stay small. More is refused as bad usage, naming this.
pub const MAX_JOBS: usize = 1024;

pub fn parse_jobs(s: &str) -> Result<NonZeroUsize, String> {
    let jobs = s
        .trim()
        .parse::<NonZeroUsize>()
        .map_err(|_| format!("'{s}' is not a number of threads: give 1 to {MAX_JOBS}"))?;
    if jobs.get() > MAX_JOBS {
        return Err(format!("{jobs} threads are too many: give 1 to {MAX_JOBS}"));
    }
    Ok(jobs)
}

/// A batch's items as [`map_in_order`] reads them: an iterator that may
/// tell about how many items it has left. The last chunks are then cut
/// smaller and smaller, so that the threads run out of work together
/// rather than one finishing a full chunk while the others wait.
pub trait Items: Iterator {
    /// About how many items are left; `None` when that cannot be told
    /// (standard input).
    fn left(&self) -> Option<usize>;
}

/// `generate --count N`'s puzzle numbers.
impl Items for Range<usize> {
    fn left(&self) -> Option<usize> {
        Some(self.len())
    }
}

/// Set once the sink has stopped: work still under way is thrown away, so
/// long work (generation) may ask it and give up early.
pub type Stop = AtomicBool;

/// Items per chunk handed to a worker at most: with 256, `solve --jobs 2`
/// on 17_clue (2 µs a puzzle) woke the writer three times as often and
/// reached 1.66x instead of 1.74x.
const MAX_CHUNK: usize = 1024;

/// About how long a chunk should take to work on. Chunks start at one item
/// and grow (doubling at most) towards this from the time items have been
/// taking: a batch of slow items (25x25 puzzles) goes one item per chunk
/// and spreads over every thread to its last item, while fast ones
/// (2 µs 9x9 solves) go by the hundred and pay for the handing over (a few
/// wake-ups, tens of µs on a busy machine) once per hundred.
const CHUNK_TARGET: Duration = Duration::from_millis(2);

/// A chunk is at most this share of a thread's part of the items left
/// (when the input can tell how many are left): chunks shrink near the
/// end, as guided self-scheduling has them.
const SHARES_LEFT: usize = 2;

/// Chunks in flight per thread: read, being worked on, or done and waiting
/// for an earlier one. Bounds memory whatever the input's length.
const CHUNKS_PER_JOB: usize = 4;

/// Runs a worker on every item on `jobs` threads and shows the results to
/// `sink` in item order, stopping when `sink` says `Break`: the [`Stop`]
/// each worker is given is then set, and the items not yet read are never
/// read. Each thread gets its own worker from `make_worker`, so workers can
/// keep state (a solver's buffers) without sharing it. With one job
/// everything runs on the calling thread, item by item.
///
/// The calling thread is one of the `jobs`: it works on chunks as the
/// others do, and between its chunks shows the results, its own and
/// theirs, so no thread waits to be woken for each chunk. A writer thread
/// of its own, a third on 2 cores, was often left runnable for
/// milliseconds behind a worker; the window of chunks in flight then
/// filled, and the worker waiting for room was woken onto the other
/// worker's core while its own stood idle (`solve --jobs 2` on
/// serg_benchmark had a third of a core idle).
///
/// The sink only borrows each result: a chunk's results go back to the
/// thread that made them to be freed there. Freed on the sink's thread,
/// each of their strings took the allocator's lock of the arena it came
/// from, while its worker allocated in it: `hint --jobs 2` on
/// serg_benchmark spent a quarter more CPU than `--jobs 1`, most of the
/// sink's thread's waits were on that lock.
pub fn map_in_order<I, R, W>(
    jobs: usize,
    items: impl Items<Item = I> + Send,
    make_worker: impl Fn() -> W + Sync,
    mut sink: impl FnMut(&R) -> ControlFlow<()>,
) where
    I: Send,
    R: Send,
    W: FnMut(I, &Stop) -> R,
{
    if jobs <= 1 {
        let stop = Stop::new(false);
        let mut work = make_worker();
        for item in items {
            if sink(&work(item, &stop)).is_break() {
                stop.store(true, Ordering::Relaxed);
                break;
            }
        }
        return;
    }
    let shared = Shared {
        feed: Mutex::new(Feed {
            items,
            next: 0,
            size: 1,
            ended: false,
        }),
        room: Condvar::new(),
        jobs,
        window: jobs * CHUNKS_PER_JOB,
        shown: AtomicUsize::new(0),
        stop: Stop::new(false),
        item_cost: AtomicU64::new(0),
    };
    let (done_tx, done_rx) = mpsc::channel::<Done<R>>();
    thread::scope(|scope| {
        let mut returns = Vec::with_capacity(jobs - 1);
        for worker in 0..jobs - 1 {
            let done_tx = done_tx.clone();
            let (return_tx, return_rx) = mpsc::channel::<Vec<R>>();
            returns.push(return_tx);
            let (shared, make_worker) = (&shared, &make_worker);
            scope.spawn(move || {
                let _guard = PanicGuard {
                    shared,
                    done: Some(&done_tx),
                };
                let mut work = make_worker();
                while let Some((index, chunk)) = shared.take_chunk(true) {
                    // the results shown meanwhile are freed here, where they were made
                    return_rx.try_iter().for_each(drop);
                    let results = shared.work_on(chunk, &mut work);
                    // the calling thread only goes before the end when it panicked
                    if done_tx
                        .send(Done::Chunk(index, Some(worker), results))
                        .is_err()
                    {
                        shared.stop();
                    }
                }
            });
        }
        drop(done_tx);
        // should the calling thread unwind (a panicking sink), the others
        // stop rather than wait for room that never comes
        let _guard = PanicGuard::<R, _> {
            shared: &shared,
            done: None,
        };
        let mut work = make_worker();
        let mut shown = Shown {
            waiting: BTreeMap::new(),
            next: 0,
            returns,
        };
        loop {
            // what the others finished meanwhile, without waiting
            for done in done_rx.try_iter() {
                shown.take(done, &shared);
            }
            if !shown.show(&shared, &mut sink) {
                break;
            }
            if let Some((index, chunk)) = shared.take_chunk(false) {
                let results = shared.work_on(chunk, &mut work);
                shown.take(Done::Chunk(index, None, results), &shared);
                continue;
            }
            // nothing to take (the window is full, or the input ended):
            // wait for what the others are working on
            match done_rx.recv() {
                Ok(done) => shown.take(done, &shared),
                Err(_) => {
                    // every other thread has ended: what is left is in order
                    shown.show(&shared, &mut sink);
                    break;
                }
            }
        }
        // stopped: let the other threads wind down
        for _ in done_rx {}
    });
}

/// What the threads of a batch share.
struct Shared<It> {
    feed: Mutex<Feed<It>>,
    /// Signalled as chunks are shown, for a thread waiting for room in the
    /// window, and on a stop.
    room: Condvar,
    jobs: usize,
    /// Chunks that may be in flight: read, worked on, or done and waiting
    /// for an earlier one. Bounds memory whatever the input's length.
    window: usize,
    /// Chunks shown so far.
    shown: AtomicUsize,
    stop: Stop,
    /// Nanoseconds per item in the chunk last done (0: none done yet).
    item_cost: AtomicU64,
}

impl<It> Shared<It> {
    fn feed(&self) -> MutexGuard<'_, Feed<It>> {
        self.feed.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Stops the batch, waking whoever waits for room.
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wake();
    }

    /// Wakes whoever waits for room, to look again.
    fn wake(&self) {
        // taken and let go first, so that no thread is between its look
        // and its wait
        drop(self.feed());
        self.room.notify_all();
    }
}

impl<I, It: Items<Item = I>> Shared<It> {
    /// The next numbered chunk, once the window has room for it (waiting
    /// for room when `wait`, else `None` at once); `None` at the end of the
    /// items and once the batch has stopped.
    fn take_chunk(&self, wait: bool) -> Option<(usize, Vec<I>)> {
        let mut feed = self.feed();
        loop {
            if self.stopped() || feed.ended {
                return None;
            }
            if feed.next < self.shown.load(Ordering::Acquire) + self.window {
                break;
            }
            if !wait {
                return None;
            }
            feed = self.room.wait(feed).unwrap_or_else(|e| e.into_inner());
        }
        let size = guided(feed.size, feed.items.left(), self.jobs);
        let chunk: Vec<I> = feed.items.by_ref().take(size).collect();
        if chunk.is_empty() {
            feed.ended = true;
            return None;
        }
        let index = feed.next;
        feed.next += 1;
        feed.size = next_chunk_size(size, self.item_cost.load(Ordering::Relaxed));
        Some((index, chunk))
    }

    /// `work` on each item of `chunk`, timed for the size of the chunks
    /// to come.
    fn work_on<R>(&self, chunk: Vec<I>, work: &mut impl FnMut(I, &Stop) -> R) -> Vec<R> {
        let started = Instant::now();
        let results: Vec<R> = chunk
            .into_iter()
            .map(|item| work(item, &self.stop))
            .collect();
        let each = started.elapsed().as_nanos() / results.len().max(1) as u128;
        self.item_cost.store(each.max(1) as u64, Ordering::Relaxed);
        results
    }
}

/// The calling thread's side: chunks done and not yet shown.
struct Shown<R> {
    /// By chunk number: the thread that made it (`None`: the calling
    /// thread) and its results.
    waiting: BTreeMap<usize, (Option<usize>, Vec<R>)>,
    /// The next chunk to show.
    next: usize,
    /// Where each other thread's results go back to be freed.
    returns: Vec<mpsc::Sender<Vec<R>>>,
}

impl<R> Shown<R> {
    fn take<It>(&mut self, done: Done<R>, shared: &Shared<It>) {
        match done {
            Done::Chunk(index, worker, results) => {
                self.waiting.insert(index, (worker, results));
            }
            Done::Panicked => shared.stop(),
        }
    }

    /// Shows the chunks that are next in order; false once the batch has
    /// stopped (the sink said `Break`, or a thread panicked).
    fn show<It>(
        &mut self,
        shared: &Shared<It>,
        sink: &mut impl FnMut(&R) -> ControlFlow<()>,
    ) -> bool {
        if shared.stopped() {
            return false;
        }
        let before = self.next;
        while let Some((worker, results)) = self.waiting.remove(&self.next) {
            self.next += 1;
            let shown = results.iter().try_for_each(&mut *sink);
            // a thread that has ended leaves its results to be freed here
            if let Some(worker) = worker {
                let _ = self.returns[worker].send(results);
            }
            if shown.is_break() {
                self.waiting.clear();
                shared.stop();
                return false;
            }
        }
        if self.next != before {
            shared.shown.store(self.next, Ordering::Release);
            shared.wake();
        }
        true
    }
}

/// The input as the threads share it: each takes its next chunk from it
/// under the lock, so no thread of its own reads ahead (on a machine with
/// as many cores as workers, a reader thread would take turns with them,
/// and a worker waiting for it would stand idle).
struct Feed<It> {
    items: It,
    /// The next chunk's number.
    next: usize,
    /// The next chunk's size.
    size: usize,
    /// The items have run out.
    ended: bool,
}

/// What a worker sends back.
enum Done<R> {
    /// The results of chunk `index` from worker `worker` (`None`: the
    /// calling thread), in item order.
    Chunk(usize, Option<usize>, Vec<R>),
    /// A worker panicked: its chunk will never come, so the batch stops
    /// (and the scope then passes the panic on) instead of waiting forever.
    Panicked,
}

/// Stops the batch when the thread it lives on unwinds, and from a worker
/// says so to the calling thread.
struct PanicGuard<'a, R, It> {
    shared: &'a Shared<It>,
    done: Option<&'a mpsc::Sender<Done<R>>>,
}

impl<R, It> Drop for PanicGuard<'_, R, It> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.shared.stop();
            if let Some(done) = self.done {
                let _ = done.send(Done::Panicked);
            }
        }
    }
}

/// A chunk's size: `planned` (by [`next_chunk_size`]), but towards the
/// end of a batch with `left` items left no more than a share of each of
/// the `jobs` threads' part of them.
fn guided(planned: usize, left: Option<usize>, jobs: usize) -> usize {
    left.map_or(planned, |left| {
        planned.min(left / (SHARES_LEFT * jobs)).max(1)
    })
}

/// The size of the next chunk after one of `size` items, with items taking
/// `cost` nanoseconds each (0: not known yet): as many as fill
/// [`CHUNK_TARGET`], but at most double the last and at most [`MAX_CHUNK`].
fn next_chunk_size(size: usize, cost: u64) -> usize {
    let fits = match cost {
        0 => MAX_CHUNK,
        _ => usize::try_from(CHUNK_TARGET.as_nanos() as u64 / cost).unwrap_or(MAX_CHUNK),
    };
    fits.min(size * 2).clamp(1, MAX_CHUNK)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::time::Duration;

    /// Items that cannot tell how many are left, as standard input.
    struct Untold<I>(I);

    impl<I: Iterator> Iterator for Untold<I> {
        type Item = I::Item;
        fn next(&mut self) -> Option<I::Item> {
            self.0.next()
        }
    }

    impl<I: Iterator> Items for Untold<I> {
        fn left(&self) -> Option<usize> {
            None
        }
    }

    /// Squares 0..n on `jobs` threads, collecting what the sink got.
    fn squares(jobs: usize, n: u64, stop_after: Option<usize>) -> Vec<u64> {
        let mut got = Vec::new();
        map_in_order(
            jobs,
            Untold(0..n),
            || {
                |i: u64, _: &Stop| {
                    // uneven work, so that later items often finish first
                    if i.is_multiple_of(7) {
                        thread::sleep(Duration::from_micros(200));
                    }
                    i * i
                }
            },
            |r| {
                got.push(*r);
                match stop_after {
                    Some(k) if got.len() == k => ControlFlow::Break(()),
                    _ => ControlFlow::Continue(()),
                }
            },
        );
        got
    }

    #[test]
    fn chunks_grow_for_fast_items_and_stay_single_for_slow_ones() {
        let mut size = 1;
        let fast = 3_000; // 3 µs an item
        let sizes: Vec<usize> = (0..10)
            .map(|_| {
                size = next_chunk_size(size, fast);
                size
            })
            .collect();
        // doubling until 2 ms of them, 666
        assert_eq!(sizes, [2, 4, 8, 16, 32, 64, 128, 256, 512, 666]);
        // 1 µs items: up to the cap
        assert_eq!(next_chunk_size(1024, 1_000), MAX_CHUNK);
        // 2 ms over 50 µs items: 40 a chunk
        assert_eq!(next_chunk_size(256, 50_000), 40);
        // items slower than the target: one at a time
        assert_eq!(next_chunk_size(64, 5_000_000), 1);
        // before any is timed: doubling
        assert_eq!(next_chunk_size(4, 0), 8);
    }

    #[test]
    fn the_last_chunks_shrink_to_a_share_of_what_is_left() {
        // far from the end, the planned size
        assert_eq!(guided(1024, Some(100_000), 2), 1024);
        // 2,000 left for 2 threads: at most a quarter of them
        assert_eq!(guided(1024, Some(2_000), 2), 500);
        assert_eq!(guided(1024, Some(2_000), 4), 250);
        // the last few go one at a time, never none
        assert_eq!(guided(1024, Some(3), 2), 1);
        assert_eq!(guided(1024, Some(0), 2), 1);
        // not told: the planned size to the end
        assert_eq!(guided(1024, None, 2), 1024);
    }

    #[test]
    fn items_that_tell_what_is_left_come_in_order_to_the_last() {
        for jobs in [2, 3, 8] {
            let mut got = Vec::new();
            map_in_order(
                jobs,
                0..10_000usize,
                || |i: usize, _: &Stop| i * 3,
                |r| {
                    got.push(*r);
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(
                got,
                (0..10_000).map(|i| i * 3).collect::<Vec<_>>(),
                "{jobs} jobs"
            );
        }
    }

    #[test]
    fn results_come_in_input_order_for_any_number_of_jobs() {
        let expected: Vec<u64> = (0..1000).map(|i| i * i).collect();
        for jobs in [1, 2, 3, 8] {
            assert_eq!(squares(jobs, 1000, None), expected, "{jobs} jobs");
        }
        assert!(squares(4, 0, None).is_empty());
    }

    #[test]
    fn a_stopping_sink_gets_nothing_more_and_reading_stops() {
        for jobs in [1, 4] {
            assert_eq!(
                squares(jobs, 1000, Some(10)),
                (0..10).map(|i| i * i).collect::<Vec<_>>()
            );
            // an endless input ends too
            let read = AtomicUsize::new(0);
            let endless = std::iter::repeat_with(|| read.fetch_add(1, Ordering::Relaxed));
            let mut got = 0;
            map_in_order(
                jobs,
                Untold(endless),
                || |i: usize, _: &Stop| i,
                |_| {
                    got += 1;
                    if got == 100 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            // no more read than the window of chunks allows
            let bound = 100 + jobs * CHUNKS_PER_JOB * MAX_CHUNK + MAX_CHUNK;
            assert!(
                read.load(Ordering::Relaxed) <= bound,
                "{}",
                read.load(Ordering::Relaxed)
            );
        }
    }

    #[test]
    fn items_in_flight_stay_within_the_window() {
        // the first item is slow: everything after it must wait, not pile up
        let in_flight_max = AtomicUsize::new(0);
        let read = AtomicUsize::new(0);
        let written = AtomicUsize::new(0);
        let items = (0..10_000usize).inspect(|_| {
            let r = read.fetch_add(1, Ordering::SeqCst) + 1;
            let w = written.load(Ordering::SeqCst);
            in_flight_max.fetch_max(r - w, Ordering::SeqCst);
        });
        map_in_order(
            2,
            Untold(items),
            || {
                |i: usize, _: &Stop| {
                    if i == 0 {
                        thread::sleep(Duration::from_millis(50));
                    }
                    i
                }
            },
            |_| {
                written.fetch_add(1, Ordering::SeqCst);
                ControlFlow::Continue(())
            },
        );
        let bound = 2 * CHUNKS_PER_JOB * MAX_CHUNK;
        let max = in_flight_max.load(Ordering::SeqCst);
        assert!(max <= bound, "{max} in flight, bound {bound}");
    }

    #[test]
    fn work_under_way_sees_the_stop() {
        // the sink breaks on item 0 once item 1 is under way; item 1 then
        // waits for the stop that the break sets
        let started = AtomicBool::new(false);
        let seen = AtomicBool::new(false);
        let patience = Duration::from_secs(10);
        map_in_order(
            2,
            Untold(0..2u32),
            || {
                |i: u32, stop: &Stop| {
                    if i == 1 {
                        started.store(true, Ordering::SeqCst);
                        let waited = Instant::now();
                        while !stop.load(Ordering::SeqCst) && waited.elapsed() < patience {
                            thread::yield_now();
                        }
                        seen.store(stop.load(Ordering::SeqCst), Ordering::SeqCst);
                    }
                }
            },
            |()| {
                let waited = Instant::now();
                while !started.load(Ordering::SeqCst) && waited.elapsed() < patience {
                    thread::yield_now();
                }
                ControlFlow::Break(())
            },
        );
        assert!(seen.load(Ordering::SeqCst));
    }

    #[test]
    #[should_panic = "sink fails on purpose"]
    fn a_panicking_sink_ends_the_batch_with_its_panic() {
        map_in_order(
            2,
            Untold(0..100_000u32),
            || |i: u32, _: &Stop| i,
            |i| {
                assert!(*i != 10, "sink fails on purpose");
                ControlFlow::Continue(())
            },
        );
    }

    #[test]
    #[should_panic]
    fn a_panicking_worker_ends_the_batch_with_its_panic() {
        map_in_order(
            2,
            Untold(0..1000u32),
            || {
                |i: u32, _: &Stop| {
                    assert!(i != 500, "worker fails on purpose");
                    i
                }
            },
            |_| ControlFlow::Continue(()),
        );
    }
}
