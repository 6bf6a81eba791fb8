//! Expensive work off the async runtime, bounded in number and in time.
//!
//! Every solver call runs on tokio's blocking pool, so the runtime keeps
//! answering (health, the page, the 503s) while the CPU works. Around it:
//!
//! * **a concurrency limit** — a semaphore with [`crate::Config::max_concurrent`]
//!   permits; a request that finds none free gets 503 at once instead of
//!   queueing. The permit travels with the job and is released when the
//!   job really ends, so the limit counts busy CPUs, not waiting clients;
//! * **a deadline** — the job gets a [`Budget`] with the request's
//!   deadline and a cancel flag. The library's solvers poll it and stop, so
//!   the CPU goes idle; the job then answers [`ApiError::Deadline`]. Should
//!   a job overrun anyway (a step that polls nothing), the handler stops
//!   waiting a little after the deadline, raises the cancel flag and
//!   answers 503; a dropped request (client gone) raises the flag too;
//! * **panics** — a job that panics is a 500; the server goes on.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use fdoku_fd::Budget;

use crate::AppState;
use crate::error::{ApiError, ApiResult};

/// How long past the deadline a handler waits for a job that has not
/// noticed it.
const GRACE: Duration = Duration::from_millis(500);

/// Raises the cancel flag when dropped: when the handler returns, times out
/// or is dropped with its connection.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl AppState {
    /// Runs `job` on the blocking pool with a budget bound to this
    /// request's deadline, if a concurrency permit is free (else 503).
    pub(crate) async fn run<T, F>(&self, job: F) -> ApiResult<T>
    where
        F: FnOnce(&Budget) -> ApiResult<T> + Send + 'static,
        T: Send + 'static,
    {
        let permit = Arc::clone(&self.permits)
            .try_acquire_owned()
            .map_err(|_| ApiError::Busy)?;
        let deadline = self.config.deadline;
        let cancel = Arc::new(AtomicBool::new(false));
        let _guard = CancelOnDrop(Arc::clone(&cancel));
        let budget = Budget::unlimited()
            .with_timeout(deadline)
            .with_cancel_flag(cancel);
        let handle = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job(&budget)
        });
        let deadline_error = ApiError::Deadline(deadline.as_millis());
        match tokio::time::timeout(deadline.saturating_add(GRACE), handle).await {
            Ok(Ok(Err(ApiError::Deadline(_)))) | Err(_) => Err(deadline_error),
            Ok(Ok(result)) => result,
            Ok(Err(join)) if join.is_panic() => Err(ApiError::Internal(
                "internal error: the request's work panicked (the server goes on)".to_owned(),
            )),
            Ok(Err(_)) => Err(ApiError::Internal(
                "the request's work was cancelled".to_owned(),
            )),
        }
    }
}

/// The error for a budget that ran out: the deadline (the handler fills in
/// its length).
pub(crate) fn stopped() -> ApiError {
    ApiError::Deadline(0)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use tokio::sync::Semaphore;

    use crate::error::ApiError;
    use crate::{AppState, Config};

    fn state(permits: usize) -> AppState {
        AppState {
            config: Arc::new(Config {
                deadline: Duration::from_millis(200),
                max_concurrent: permits,
                body_limit: 1024,
                ..Config::default()
            }),
            permits: Arc::new(Semaphore::new(permits)),
        }
    }

    #[tokio::test]
    async fn a_panicking_job_is_a_500_and_frees_its_permit() {
        let state = state(1);
        let result: Result<(), ApiError> = state.run(|_| panic!("a library bug")).await;
        let error = result.unwrap_err();
        assert_eq!(error.status(), 500);
        assert!(error.message().contains("panicked"));
        assert_eq!(state.run(|_| Ok(7)).await, Ok(7));
    }

    #[tokio::test]
    async fn a_job_that_ignores_its_budget_is_cut_off_and_cancelled() {
        let state = state(1);
        let (tx, rx) = std::sync::mpsc::channel();
        let result: Result<(), ApiError> = state
            .run(move |budget| {
                // Sees the deadline, then overruns it by a second: the
                // handler gives up after the grace period.
                let budget = budget.clone();
                while budget.out_of_time().is_none() {
                    std::thread::sleep(Duration::from_millis(5));
                }
                std::thread::sleep(Duration::from_secs(1));
                let _ = tx.send(());
                Ok(())
            })
            .await;
        assert_eq!(result, Err(ApiError::Deadline(200)));
        // The job is still finishing: its permit is held, so: busy.
        assert_eq!(state.run(|_| Ok(())).await, Err(ApiError::Busy));
        rx.recv_timeout(Duration::from_secs(5)).unwrap();
    }
}
