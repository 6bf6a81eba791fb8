//! `fdoku serve`: the browser page and its JSON API (`fdoku_web`), on a
//! tokio runtime. Glue only: it reads the flags (limits, timeouts, the
//! host names answered), binds, prints the URL and serves until Ctrl-C (the first one shuts down gracefully, finishing the
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
    let mut config = fdoku_web::Config {
        deadline: seconds("--deadline", args.deadline)?,
        header_timeout: seconds("--header-timeout", args.header_timeout)?,
        body_timeout: seconds("--body-timeout", args.body_timeout)?,
        idle_timeout: seconds("--idle-timeout", args.idle_timeout)?,
        max_connections: args.max_connections as usize,
        hosts: hosts(args),
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

/// The duration `value` seconds of `flag`: positive and finite (a day at
/// most).
fn seconds(flag: &str, value: f64) -> Result<Duration, BadInput> {
    if !value.is_finite() || value <= 0.0 {
        return Err(BadInput(format!(
            "{flag} {value}: expected a positive number of seconds"
        )));
    }
    Ok(Duration::from_secs_f64(value.min(86_400.0)))
}

/// The hosts answered: any with `--any-host`; else the `--allow-host`
/// names and the `--host` name (when it is a name, not an address), besides
/// localhost and IP addresses.
fn hosts(args: &ServeArgs) -> fdoku_web::HostCheck {
    if args.any_host {
        return fdoku_web::HostCheck::Any;
    }
    let mut names: Vec<String> = args
        .allow_host
        .iter()
        .map(|name| name.trim().trim_end_matches('.').to_ascii_lowercase())
        .collect();
    if args.host.parse::<std::net::IpAddr>().is_err() {
        names.push(args.host.to_ascii_lowercase());
    }
    fdoku_web::HostCheck::Allow(names)
}
