//! The server under load, on loopback: 50 clients keep expensive requests
//! coming (each would search for minutes; the deadline stops it) while
//! slow sockets trickle headers, stop halfway through a body or sit idle.
//! Throughout, `/api/health` answers within 100 ms and the process's
//! memory stays within a bound.
//!
//! Only `max_concurrent` requests work at once, so "expensive" means each
//! working request holds its slot to the deadline; the others are told
//! "busy" at once and retry. The health route never waits for a slot. One
//! slot: on a 2-core machine a core stays for the server's event loop, as `--max-concurrent` should
//! leave one where health must answer at once.
//!
//! A test binary of its own: it times answers, so it must not share the
//! cores with the rest of the suite (cargo runs test binaries one after
//! another, and the tests inside one binary side by side).
#![allow(clippy::unwrap_used)]

#[path = "it/socket.rs"]
#[allow(dead_code)] // the raw clients the other socket tests use too
mod socket;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use fdoku_web::Config;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::socket::{Server, exchange, health, post_request};

/// How long the load lasts.
const LOAD: Duration = Duration::from_secs(4);
/// The slowest health answer allowed.
const HEALTH_WITHIN: Duration = Duration::from_millis(100);
/// How much the process may grow under the load.
const MEMORY_GROWTH_BOUND: u64 = 64 * 1024 * 1024;

/// The resident memory of this process, in bytes (Linux).
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_answers_fast_under_expensive_requests_and_slow_sockets() {
    let server = Server::start(Config {
        deadline: Duration::from_secs(1),
        max_concurrent: 1,
        header_timeout: Duration::from_secs(2),
        body_timeout: Duration::from_secs(2),
        idle_timeout: Duration::from_secs(2),
        max_connections: 512,
        ..Config::default()
    });
    let addr = server.addr;
    let memory_before = resident_bytes();
    let running = Arc::new(AtomicBool::new(true));
    let (stopped, busy) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let slowest_busy = Arc::new(AtomicUsize::new(0));

    // 50 clients, each sending an expensive request again as soon as it is
    // answered: counting the solutions of the empty 25×25 without
    // propagation never ends before the deadline.
    let expensive = json!({"puzzle": ".".repeat(625), "strength": "check"}).to_string();
    let mut clients = Vec::new();
    for _ in 0..50 {
        let (running, stopped, busy) = (running.clone(), stopped.clone(), busy.clone());
        let slowest_busy = slowest_busy.clone();
        let request = post_request(addr, "/api/solve", &expensive);
        clients.push(tokio::spawn(async move {
            while running.load(Ordering::Relaxed) {
                let (status, body, took) = exchange(addr, &request).await;
                assert_eq!(status, 503, "{body}");
                if body.contains("busy") {
                    // "Busy" itself shows the request did not queue for the
                    // slot (a queued one would have worked to the deadline);
                    // how long the answer took is only reported: on a loaded
                    // 2-core machine connecting alone can take a while.
                    slowest_busy.fetch_max(took.as_millis() as usize, Ordering::Relaxed);
                    busy.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(Duration::from_millis(50)).await;
                } else {
                    assert!(body.contains("deadline"), "{body}");
                    stopped.fetch_add(1, Ordering::Relaxed);
                }
            }
        }));
    }

    // Slow sockets, opened again as the server closes them: 40 trickling
    // headers, 40 with half a body, 40 silent.
    let mut slow = Vec::new();
    for i in 0..120 {
        let running = running.clone();
        slow.push(tokio::spawn(async move {
            while running.load(Ordering::Relaxed) {
                let Ok(mut stream) = TcpStream::connect(addr).await else {
                    return;
                };
                let start = match i % 3 {
                    0 => "POST /api/solve HTTP/1.1\r\nX-Slow: ".to_owned(),
                    1 => format!(
                        "POST /api/solve HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
                         Content-Length: 4000\r\n\r\n{{\"puzzle\": \""
                    ),
                    _ => {
                        // Silent until the server closes it.
                        let mut buf = [0u8; 64];
                        while running.load(Ordering::Relaxed) {
                            let wait = Duration::from_millis(250);
                            if tokio::time::timeout(wait, stream.read(&mut buf)).await.is_ok() {
                                break;
                            }
                        }
                        continue;
                    }
                };
                if stream.write_all(start.as_bytes()).await.is_err() {
                    continue;
                }
                let pause = Duration::from_millis(if i % 3 == 0 { 100 } else { 250 });
                while running.load(Ordering::Relaxed) && stream.write_all(b"a").await.is_ok() {
                    tokio::time::sleep(pause).await;
                }
            }
        }));
    }

    // Health, on a new connection every 20 ms, timed from connect to the
    // end of the answer; and the memory.
    let started = Instant::now();
    let mut latencies = Vec::new();
    let mut memory_peak = memory_before;
    while started.elapsed() < LOAD {
        let (status, took) = health(addr).await;
        assert_eq!(status, 200);
        latencies.push(took);
        memory_peak = memory_peak.max(resident_bytes());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    running.store(false, Ordering::Relaxed);
    for client in clients {
        client.await.unwrap();
    }
    for socket in slow {
        socket.abort();
    }

    latencies.sort();
    let worst = *latencies.last().unwrap();
    let median = latencies[latencies.len() / 2];
    let (stopped, busy) = (
        stopped.load(Ordering::Relaxed),
        busy.load(Ordering::Relaxed),
    );
    let growth = memory_peak
        .zip(memory_before)
        .map(|(peak, before)| peak.saturating_sub(before));
    eprintln!(
        "load: {} health answers, median {median:?}, worst {worst:?}; {stopped} expensive \
         requests stopped at the deadline, {busy} told busy (slowest {} ms); resident memory {:?} MiB before, \
         {:?} MiB at most",
        latencies.len(),
        slowest_busy.load(Ordering::Relaxed),
        memory_before.map(|m| m >> 20),
        memory_peak.map(|m| m >> 20),
    );
    assert!(
        worst < HEALTH_WITHIN,
        "health took {worst:?} (median {median:?})"
    );
    assert!(latencies.len() >= 50, "{} health answers", latencies.len());
    // One slot for 4 s of 1 s requests: the slot stayed busy.
    assert!(stopped >= 3, "{stopped} requests worked to the deadline");
    assert!(busy >= 50, "{busy} busy answers");
    if let Some(growth) = growth {
        assert!(growth < MEMORY_GROWTH_BOUND, "memory grew {growth} bytes");
    }
}
