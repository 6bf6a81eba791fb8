//! `fdoku serve`: the browser page and its JSON API (`fdoku_web`), on a
//! tokio runtime. Glue only: it reads the flags, binds, prints the URL and
//! serves until Ctrl-C (the first one shuts down gracefully, finishing the
//! requests in flight; a second quits at once).

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Context;

use crate::cli::ServeArgs;
use crate::error::BadInput;

/// Runs `fdoku serve`; returns the exit code.
pub fn run(args: &ServeArgs, cancel: &Arc<AtomicBool>, out: &mut dyn Write) -> anyhow::Result<u8> {
    if !args.deadline.is_finite() || args.deadline <= 0.0 {
        return Err(BadInput(format!(
            "--deadline {}: expected a positive number of seconds",
            args.deadline
        ))
        .into());
    }
    let mut config = fdoku_web::Config {
        deadline: Duration::from_secs_f64(args.deadline.min(86_400.0)),
        ..fdoku_web::Config::default()
    };
    if let Some(n) = args.max_concurrent {
        config.max_concurrent = n as usize;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
            .await
            .map_err(|e| BadInput(format!("cannot listen on {}:{}: {e}", args.host, args.port)))?;
        let addr = listener.local_addr()?;
        writeln!(out, "fdoku serving on http://{addr}/  (Ctrl-C stops)")?;
        out.flush()?;
        let flag = Arc::clone(cancel);
        let shutdown = async move {
            while !flag.load(Ordering::Relaxed) {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        };
        fdoku_web::serve(listener, config, shutdown).await?;
        anyhow::Ok(0)
    })
}
