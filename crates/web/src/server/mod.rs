//! The socket side: accepting connections and bounding them in number and
//! in time, so that slow or idle clients cannot use up the server.
//!
//! * **Timeouts** — a connection waiting for the client is closed when the
//!   wait passes its limit: [`crate::Config::header_timeout`] from the first
//!   byte of a request to the end of its headers,
//!   [`crate::Config::body_timeout`] from there to the end of its body, and
//!   [`crate::Config::idle_timeout`] for the first byte of a request on a
//!   new or kept-alive connection (`server/connection.rs` tracks the
//!   phases).
//! * **A connection limit** — at most [`crate::Config::max_connections`]
//!   connections are served. A new one beyond it displaces the connection
//!   that has waited longest on its client (idle, or sending its request);
//!   connections whose request is being answered are never displaced, and
//!   when every one is, the new connection is closed at once. Running out
//!   of file descriptors is handled the same way: the longest wait is
//!   closed and the new connection accepted. So a crowd of slow clients
//!   delays nobody for long, and `/api/health` keeps answering.
//! * **Shutdown** — when the shutdown future completes the listener stops,
//!   idle connections close, and requests in flight finish.

mod connection;

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::{Notify, watch};

use connection::{Phase, Tracker, serve_connection};

use crate::Config;

/// The connection limits of [`crate::Config`].
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    header_timeout: Duration,
    body_timeout: Duration,
    idle_timeout: Duration,
    max_connections: usize,
}

impl Limits {
    /// The limits `config` sets.
    pub fn of(config: &Config) -> Limits {
        Limits {
            header_timeout: config.header_timeout,
            body_timeout: config.body_timeout,
            idle_timeout: config.idle_timeout,
            max_connections: config.max_connections.max(1),
        }
    }
}

/// The open connections.
#[derive(Default)]
struct Registry {
    connections: Mutex<HashMap<u64, Entry>>,
    /// Signalled whenever a connection ends.
    closed: Notify,
}

struct Entry {
    tracker: Arc<Tracker>,
    /// Asked to close; it no longer counts against the limit.
    evicted: bool,
}

impl Registry {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Entry>> {
        self.connections
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The connections not asked to close.
    fn open(&self) -> usize {
        self.lock().values().filter(|entry| !entry.evicted).count()
    }

    /// Asks the connection that has waited longest on its client to close;
    /// `false` when every connection is working.
    fn evict_longest_wait(&self) -> bool {
        let mut connections = self.lock();
        let longest = connections
            .values_mut()
            .filter(|entry| !entry.evicted)
            .map(|entry| (entry.tracker.phase(), entry))
            .filter(|((phase, _), _)| *phase != Phase::Working)
            .min_by_key(|((_, since), _)| *since);
        match longest {
            Some((_, entry)) => {
                entry.evicted = true;
                entry.tracker.evict();
                true
            }
            None => false,
        }
    }

    fn add(&self, id: u64, tracker: Arc<Tracker>) {
        self.lock().insert(
            id,
            Entry {
                tracker,
                evicted: false,
            },
        );
    }

    fn remove(&self, id: u64) {
        self.lock().remove(&id);
        self.closed.notify_waiters();
    }

    fn is_empty(&self) -> bool {
        self.lock().is_empty()
    }
}

/// How long to wait for an evicted connection to close before accepting
/// again when out of file descriptors (and how long to pause when nothing
/// can be evicted).
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

/// Serves `router` on `listener` under `limits` until `shutdown` completes,
/// then waits for the connections to finish.
pub async fn run(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let registry = Arc::new(Registry::default());
    let (stop, stopped) = watch::channel(false);
    tokio::pin!(shutdown);
    let mut next_id = 0u64;
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let socket = match accepted {
            Ok((socket, _)) => socket,
            Err(error) if is_connection_error(&error) => continue,
            Err(_) => {
                // Out of file descriptors (or memory): free the longest
                // wait and try again once it has closed.
                let closed = registry.closed.notified();
                if registry.evict_longest_wait() {
                    let _ = tokio::time::timeout(ACCEPT_PAUSE, closed).await;
                } else {
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                }
                continue;
            }
        };
        if registry.open() >= limits.max_connections && !registry.evict_longest_wait() {
            // Every connection is being answered: refuse this one.
            drop(socket);
            continue;
        }
        let _ = socket.set_nodelay(true);
        let id = next_id;
        next_id += 1;
        let tracker = Arc::new(Tracker::new());
        registry.add(id, Arc::clone(&tracker));
        let registry = Arc::clone(&registry);
        let (router, stopped) = (router.clone(), stopped.clone());
        tokio::spawn(async move {
            serve_connection(socket, router, tracker, limits, stopped).await;
            registry.remove(id);
        });
    }
    drop(listener);
    let _ = stop.send(true);
    loop {
        let closed = registry.closed.notified();
        if registry.is_empty() {
            return Ok(());
        }
        closed.await;
    }
}

/// An accept error about one connection (the next accept may work), as
/// opposed to one about the server's resources.
fn is_connection_error(error: &std::io::Error) -> bool {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset, Interrupted};
    matches!(
        error.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset | Interrupted
    )
}
