//! The worker threads of a parallel command.

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
