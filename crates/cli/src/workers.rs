//! The worker threads of a parallel command, and [`in_order`], which
//! spreads a batch over them item by item and writes the results in
//! order.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Mutex, PoisonError};

use crate::error::BadInput;

/// The most worker threads `-j/--threads` takes: more than the cores of
/// any machine fdoku runs on. Each thread costs memory and start-up time
/// and buys nothing past the cores; thousands take minutes to start.
pub const MAX_THREADS: usize = 1024;

/// A pool of `threads` workers (as [`count`] says); more than
/// [`MAX_THREADS`] is a usage error.
pub fn pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(count(threads)?)
        .build()?)
}

/// The variable that sets the default number of worker threads, as for
/// every program built on rayon.
pub const THREADS_VARIABLE: &str = "RAYON_NUM_THREADS";

/// How many worker threads `threads` asks for: when `None` or 0,
/// [`THREADS_VARIABLE`] if it holds a number above 0, else one per core;
/// more than [`MAX_THREADS`] is a usage error.
pub fn count(threads: Option<usize>) -> anyhow::Result<usize> {
    let (asked, source) = match threads.filter(|&n| n > 0) {
        Some(n) => (Some(n), "-j/--threads"),
        None => (from_variable(), THREADS_VARIABLE),
    };
    if let Some(n) = asked.filter(|&n| n > MAX_THREADS) {
        return Err(BadInput(format!(
            "{source} {n}: expected at most {MAX_THREADS} worker threads \
             (0 or none: one per core)"
        ))
        .into());
    }
    Ok(asked.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)))
}

/// The number [`THREADS_VARIABLE`] holds, when it is one above 0 (rayon
/// passes over anything else too).
fn from_variable() -> Option<usize> {
    let value = std::env::var(THREADS_VARIABLE).ok()?;
    value.trim().parse().ok().filter(|&n| n > 0)
}

/// Items in flight per worker in [`in_order`]: drawn and not yet written.
/// Many, so that while one worker spends long on one item (grading one
/// puzzle can take a hundred times another) the others go on past it;
/// bounded, so that memory does not grow with the input.
const IN_ORDER_WINDOW_PER_WORKER: usize = 256;

/// Runs `work` on every item of `items` on `workers` threads and hands each
/// result to `write`, on the calling thread, in the order of `items`.
///
/// The calling thread draws the items as room frees up and queues them;
/// each worker takes the next one as soon as it is done with its own, so
/// uneven items spread over every worker. At most
/// [`IN_ORDER_WINDOW_PER_WORKER`] items per worker are drawn and not yet
/// written, so memory stays flat however many items there are. When
/// `write` breaks off or fails, no more items are drawn and the workers
/// stop after the item in hand; a worker that panics is an error.
pub fn in_order<T: Send, R: Send>(
    workers: usize,
    items: impl Iterator<Item = T>,
    work: impl Fn(T) -> R + Sync,
    write: impl FnMut(R) -> anyhow::Result<ControlFlow<()>>,
) -> anyhow::Result<()> {
    let workers = workers.max(1);
    let stop = AtomicBool::new(false);
    let (queue, queued) = channel::<(usize, T)>();
    let queued = Mutex::new(queued);
    let (done, results) = channel::<(usize, Option<R>)>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let (stop, queued, work, done) = (&stop, &queued, &work, done.clone());
            scope.spawn(move || {
                loop {
                    // The queue is locked only while taking an item.
                    let next = queued.lock().unwrap_or_else(PoisonError::into_inner).recv();
                    let Ok((slot, item)) = next else { return };
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    // A panic is reported by the hook as it happens and
                    // sent on as the missing result.
                    let result = catch_unwind(AssertUnwindSafe(|| work(item))).ok();
                    if done.send((slot, result)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done);
        let window = workers.saturating_mul(IN_ORDER_WINDOW_PER_WORKER);
        let written = write_in_order(window, items, &queue, &results, write);
        stop.store(true, Ordering::Relaxed);
        drop(queue);
        written
    })
}

/// The calling thread's side of [`in_order`]: queues items on `queue`,
/// at most `window` of them unwritten, and writes the results from
/// `results` in order.
fn write_in_order<T, R>(
    window: usize,
    mut items: impl Iterator<Item = T>,
    queue: &Sender<(usize, T)>,
    results: &Receiver<(usize, Option<R>)>,
    mut write: impl FnMut(R) -> anyhow::Result<ControlFlow<()>>,
) -> anyhow::Result<()> {
    let stopped = || anyhow::anyhow!("internal error: a worker thread stopped");
    // The results from the first unwritten item on, as they come.
    let mut waiting: VecDeque<Option<R>> = VecDeque::new();
    let (mut first, mut drawn) = (0, false);
    loop {
        while !drawn && waiting.len() < window {
            match items.next() {
                Some(item) => {
                    queue
                        .send((first + waiting.len(), item))
                        .map_err(|_| stopped())?;
                    waiting.push_back(None);
                }
                None => drawn = true,
            }
        }
        match waiting.front() {
            None => return Ok(()),
            Some(Some(_)) => {
                if let Some(Some(result)) = waiting.pop_front() {
                    first += 1;
                    if write(result)?.is_break() {
                        return Ok(());
                    }
                }
            }
            Some(None) => {
                let (slot, result) = results.recv().map_err(|_| stopped())?;
                waiting[slot - first] = Some(result.ok_or_else(stopped)?);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use super::*;

    /// A slow first item: the other workers go on past it up to the
    /// window, never further, and the results still come in order.
    #[test]
    fn a_slow_item_holds_up_no_worker_and_the_window_bounds_the_rest() {
        let (workers, items) = (3, 5_000);
        let window = workers * IN_ORDER_WINDOW_PER_WORKER;
        let (drawn, done) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let (mut written, mut most_ahead) = (Vec::new(), 0);
        in_order(
            workers,
            (0..items).inspect(|_| {
                drawn.fetch_add(1, Ordering::SeqCst);
            }),
            |i| {
                // The first item waits until the others have filled the
                // window behind it.
                while i == 0 && done.load(Ordering::SeqCst) < window - 1 {
                    std::thread::yield_now();
                }
                done.fetch_add(1, Ordering::SeqCst);
                i * 2
            },
            |doubled| {
                let ahead = drawn.load(Ordering::SeqCst) - written.len();
                most_ahead = most_ahead.max(ahead);
                written.push(doubled);
                Ok(ControlFlow::Continue(()))
            },
        )
        .unwrap();
        assert_eq!(written, (0..items).map(|i| i * 2).collect::<Vec<_>>());
        assert_eq!(most_ahead, window);
    }

    /// Breaking off stops the drawing; a panic in the work is an error,
    /// not a hang.
    #[test]
    fn breaking_off_stops_and_a_panic_is_an_error() {
        let drawn = AtomicUsize::new(0);
        let mut written = Vec::new();
        let counted = (0..1_000_000).inspect(|_| {
            drawn.fetch_add(1, Ordering::SeqCst);
        });
        in_order(
            2,
            counted,
            |i| i,
            |i| {
                written.push(i);
                Ok(match i {
                    9 => ControlFlow::Break(()),
                    _ => ControlFlow::Continue(()),
                })
            },
        )
        .unwrap();
        assert_eq!(written, (0..10).collect::<Vec<_>>());
        assert!(drawn.load(Ordering::SeqCst) <= 10 + 2 * IN_ORDER_WINDOW_PER_WORKER);
        let panicked = in_order(
            2,
            0..100,
            |i| if i == 50 { panic!("item {i}") } else { i },
            |_| Ok(ControlFlow::Continue(())),
        );
        assert!(panicked.is_err());
    }
}
