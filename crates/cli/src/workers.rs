//! The worker threads of a parallel command.

use crate::error::BadInput;

/// The most worker threads `-j/--threads` takes: more than the cores of
/// any machine fdoku runs on. Each thread costs memory and start-up time
/// and buys nothing past the cores; thousands take minutes to start.
pub const MAX_THREADS: usize = 1024;

/// A pool of `threads` workers (all cores when `None` or 0); more than
/// [`MAX_THREADS`] is a usage error.
pub fn pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(count(threads)?)
        .build()?)
}

/// How many worker threads `threads` asks for: all cores when `None` or 0;
/// more than [`MAX_THREADS`] is a usage error.
pub fn count(threads: Option<usize>) -> anyhow::Result<usize> {
    if let Some(n) = threads.filter(|&n| n > MAX_THREADS) {
        return Err(BadInput(format!(
            "-j/--threads {n}: expected at most {MAX_THREADS} worker threads \
             (0 or none: one per core)"
        ))
        .into());
    }
    Ok(match threads {
        Some(n) if n > 0 => n,
        _ => std::thread::available_parallelism().map_or(1, usize::from),
    })
}
