//! The worker threads of a parallel command.

/// A pool of `threads` workers (all cores when `None`).
pub fn pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()?)
}
