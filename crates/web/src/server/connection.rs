//! One connection: what it is doing and since when, and the watchdog that
//! closes it when it waits too long.
//!
//! A connection is always in one [`Phase`]. The socket wrapper
//! ([`Watched`]) sees the first byte of a request; the service wrapper sees
//! the headers complete and the answer ready; the body wrapper
//! ([`WatchedBody`]) sees the body's end. Every phase but
//! [`Phase::Working`] is a wait on the client, and each has its timeout;
//! the watchdog ([`serve_connection`]) drops the connection — closing the
//! socket — when the one in force passes. Work has no timeout here: the
//! request's deadline bounds it ([`crate::work`]).

use std::convert::Infallible;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes, HttpBody};
use axum::extract::Request;
use axum::response::Response;
use http_body::{Frame, SizeHint};
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::{Notify, watch};
use tokio::time::Instant;
use tower::ServiceExt;

use super::Limits;

/// The most a connection buffers: the largest request headers accepted.
const BUFFER_LIMIT: usize = 64 * 1024;

/// What a connection is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Waiting for the first byte of a request (a new connection, or one
    /// kept alive after an answer).
    Idle,
    /// Reading a request's headers.
    Headers,
    /// Reading a request's body.
    Body,
    /// The request is complete; the handler is working on it.
    Working,
}

/// A connection's phase and when it began; shared by the socket, the
/// service, the body and the watchdog.
pub(crate) struct Tracker {
    state: Mutex<(Phase, Instant)>,
    /// Wakes the watchdog: the phase changed (its deadline may be earlier).
    changed: Notify,
    /// Asks the watchdog to close the connection (the connection limit).
    evict: Notify,
}

impl Tracker {
    pub(crate) fn new() -> Tracker {
        Tracker {
            state: Mutex::new((Phase::Idle, Instant::now())),
            changed: Notify::new(),
            evict: Notify::new(),
        }
    }

    /// The phase and when it began.
    pub(crate) fn phase(&self) -> (Phase, Instant) {
        *self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn enter(&self, phase: Phase) {
        *self.state.lock().unwrap_or_else(PoisonError::into_inner) = (phase, Instant::now());
        self.changed.notify_one();
    }

    /// Bytes arrived: an idle connection starts reading headers.
    fn bytes_arrived(&self) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if state.0 == Phase::Idle {
            *state = (Phase::Headers, Instant::now());
            drop(state);
            self.changed.notify_one();
        }
    }

    /// Asks the watchdog to close the connection now.
    pub(crate) fn evict(&self) {
        self.evict.notify_one();
    }

    /// When the wait in force times out (`None` while working).
    fn deadline(&self, limits: &Limits) -> Option<Instant> {
        let (phase, since) = self.phase();
        let timeout = match phase {
            Phase::Idle => limits.idle_timeout,
            Phase::Headers => limits.header_timeout,
            Phase::Body => limits.body_timeout,
            Phase::Working => return None,
        };
        Some(since + timeout)
    }
}

/// The socket, telling the tracker when request bytes arrive.
struct Watched {
    socket: TcpStream,
    tracker: Arc<Tracker>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        ready!(Pin::new(&mut self.socket).poll_read(cx, buf))?;
        if buf.filled().len() > before {
            self.tracker.bytes_arrived();
        }
        Poll::Ready(Ok(()))
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.socket).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.socket).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.socket).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.socket).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.socket.is_write_vectored()
    }
}

/// A request body, telling the tracker when it has all arrived.
struct WatchedBody {
    body: Incoming,
    tracker: Arc<Tracker>,
}

impl HttpBody for WatchedBody {
    type Data = Bytes;
    type Error = hyper::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, hyper::Error>>> {
        let frame = ready!(Pin::new(&mut self.body).poll_frame(cx));
        if frame.is_none() || self.body.is_end_stream() {
            self.tracker.enter(Phase::Working);
        }
        Poll::Ready(frame)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// Serves `socket` with `router` until the client closes it, a timeout of
/// `limits` passes, the tracker is evicted, or `shutdown` turns true (then
/// the request in flight finishes first).
pub(crate) async fn serve_connection(
    socket: TcpStream,
    router: Router,
    tracker: Arc<Tracker>,
    limits: Limits,
    mut shutdown: watch::Receiver<bool>,
) {
    let service = {
        let tracker = Arc::clone(&tracker);
        hyper::service::service_fn(move |request: Request<Incoming>| {
            let router = router.clone();
            let tracker = Arc::clone(&tracker);
            async move {
                let (parts, body) = request.into_parts();
                let complete = body.is_end_stream();
                tracker.enter(if complete {
                    Phase::Working
                } else {
                    Phase::Body
                });
                let body = Body::new(WatchedBody {
                    body,
                    tracker: Arc::clone(&tracker),
                });
                let response: Result<Response, Infallible> =
                    router.oneshot(Request::from_parts(parts, body)).await;
                tracker.enter(Phase::Idle);
                response
            }
        })
    };
    let io = TokioIo::new(Watched {
        socket,
        tracker: Arc::clone(&tracker),
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .keep_alive(true)
        // Headers (and what is buffered of a body or an answer) take at
        // most this much memory per connection; larger headers are a 431.
        .max_buf_size(BUFFER_LIMIT)
        .max_header_size(BUFFER_LIMIT)
        // The watchdog below keeps the time, hyper's timer is not used.
        .header_read_timeout(None::<Duration>)
        .serve_connection(io, service);
    tokio::pin!(connection);
    let mut draining = *shutdown.borrow();
    if draining {
        connection.as_mut().graceful_shutdown();
    }
    loop {
        let deadline = tracker.deadline(&limits);
        tokio::select! {
            _ = connection.as_mut() => return,
            () = sleep_until(deadline) => {
                if tracker.deadline(&limits).is_some_and(|d| d <= Instant::now()) {
                    return;
                }
            }
            () = tracker.changed.notified() => {}
            () = tracker.evict.notified() => return,
            _ = shutdown.changed(), if !draining => {
                draining = true;
                connection.as_mut().graceful_shutdown();
            }
        }
    }
}

/// Sleeps until `deadline`, or for ever.
async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}
