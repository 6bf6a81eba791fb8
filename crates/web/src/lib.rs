//! # fdoku-web — the browser front-end of fdoku
//!
//! `fdoku serve` puts this router on a socket. It serves two things:
//!
//! * **the page** — `index.html`, `style.css` and ES modules (`app.js` and
//!   `js/`), embedded in the binary with `include_str!` (works offline, no
//!   CDN, no build step; `assets.rs` lists them);
//! * **a JSON API** (`docs/api.md`) that maps HTTP to the same library
//!   calls as the command line: reading puzzles (`fdoku_sudoku::format`),
//!   the engine's answer and propagation trace
//!   (`fdoku_sudoku::solve::trace`), hints and explanations
//!   (`fdoku_logic`), grades (`fdoku_logic::grade`) and generation
//!   (`fdoku_sudoku::generate`). No solving logic lives here: this crate is
//!   glue, like the CLI.
//!
//! The server holds under bad input and load: a body over
//! [`Config::body_limit`] is a 413, malformed JSON a 400, a grid that does
//! not parse a 422 with the parser's message; expensive work runs on the
//! blocking pool under a concurrency limit (503 at once when full) and a
//! deadline wired into the library's `Budget` (503 when it passes, and the
//! solver stops); a panic is a 500 and the server goes on (see [`work`]).
//! Connections are bounded in number and in time — headers, body and idle
//! waits each have a timeout ([`server`]) — and a request from another
//! web page or for a foreign host name is refused ([`origin`]).
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind(fdoku_web::DEFAULT_ADDR).await?;
//! fdoku_web::serve(listener, fdoku_web::Config::default(), std::future::pending()).await
//! # }
//! ```

mod api;
mod assets;
pub mod error;
mod extract;
mod input;
pub mod origin;
pub mod server;
pub mod work;

use std::any::Any;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{StatusCode, Uri};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;

pub use error::ApiError;
pub use origin::HostCheck;

/// The default host: the loopback interface only.
pub const DEFAULT_HOST: &str = "127.0.0.1";
/// The default port.
pub const DEFAULT_PORT: u16 = 7878;
/// The default address, `127.0.0.1:7878`.
pub const DEFAULT_ADDR: &str = "127.0.0.1:7878";

/// Limits of the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// How long one expensive request may work before it is stopped (503).
    pub deadline: Duration,
    /// How many expensive requests may work at once; more get 503 at once.
    pub max_concurrent: usize,
    /// The largest request body accepted, in bytes; larger is 413.
    pub body_limit: usize,
    /// How long a request's headers may take to arrive, from their first
    /// byte; then the connection is closed.
    pub header_timeout: Duration,
    /// How long a request's body may take to arrive, from the end of its
    /// headers; then the connection is closed.
    pub body_timeout: Duration,
    /// How long a connection may wait for a request's first byte (a fresh
    /// connection, or one kept alive after an answer); then it is closed.
    pub idle_timeout: Duration,
    /// How many connections are served at once (see [`server`]).
    pub max_connections: usize,
    /// Which `Host` and `Origin` headers are answered (see [`origin`]).
    pub hosts: HostCheck,
}

impl Default for Config {
    /// Deadline 10 s, one expensive request per core, bodies up to 64 KiB;
    /// headers and bodies within 10 s each, connections idle up to 60 s,
    /// 256 connections; hosts: this machine's names and IP addresses.
    fn default() -> Self {
        Config {
            deadline: Duration::from_secs(10),
            max_concurrent: std::thread::available_parallelism().map_or(2, |n| n.get()),
            body_limit: 64 * 1024,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            max_connections: 256,
            hosts: HostCheck::default(),
        }
    }
}

/// What every handler shares: the limits and the permits for expensive work.
#[derive(Clone)]
pub(crate) struct AppState {
    pub(crate) config: Arc<Config>,
    pub(crate) permits: Arc<Semaphore>,
}

/// The page, its assets and the JSON API, with every guard in place.
pub fn router(config: Config) -> Router {
    let body_limit = config.body_limit;
    let hosts = Arc::new(config.hosts.clone());
    let state = AppState {
        permits: Arc::new(Semaphore::new(config.max_concurrent.max(1))),
        config: Arc::new(config),
    };
    let app = assets::routes(Router::new())
        .route("/api/health", get(api::meta::health))
        .route("/api/techniques", get(api::meta::techniques))
        .route("/api/parse", post(api::parse::parse))
        .route("/api/links", post(api::links::links))
        .route("/api/solve", post(api::solve::solve))
        .route("/api/hint", post(api::logic::hint))
        .route("/api/explain", post(api::logic::explain))
        .route("/api/grade", post(api::logic::grade))
        .route("/api/generate", post(api::generate::generate))
        .fallback(not_found)
        .with_state(state)
        .layer(middleware::from_fn_with_state(hosts, origin::check));
    guard(app, body_limit)
}

/// The guards every route gets: the body limit (413 beyond it), a panic
/// catcher (a handler that panics answers 500 with a JSON error; the
/// server goes on) and the security headers on every answer
/// ([`origin::security_headers`]). Public so that tests can put a route of
/// their own behind the same guards.
pub fn guard(router: Router, body_limit: usize) -> Router {
    router
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(middleware::map_response(origin::security_headers))
}

/// Serves [`router`]`(config)` on `listener` until `shutdown` completes,
/// under the connection limits and timeouts of `config` (see [`server`]).
/// Requests in flight then finish; idle connections close.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = server::Limits::of(&config);
    server::run(listener, router(config), limits, shutdown).await
}

fn panic_response(_: Box<dyn Any + Send + 'static>) -> Response {
    ApiError::Internal("internal error: the handler panicked (the server goes on)".to_owned())
        .into_response()
}

async fn not_found(uri: Uri) -> Response {
    if uri.path().starts_with("/api/") {
        let error = serde_json::json!({
            "error": format!("no endpoint {} (see docs/api.md)", uri.path())
        });
        (StatusCode::NOT_FOUND, axum::Json(error)).into_response()
    } else {
        (StatusCode::NOT_FOUND, "not found").into_response()
    }
}
