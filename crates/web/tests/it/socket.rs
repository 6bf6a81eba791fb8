//! A real server on a loopback socket, on a runtime of its own (as
//! `fdoku serve` runs it), and raw HTTP/1.1 clients that can also misbehave:
//! stop halfway, trickle, or say nothing.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use fdoku_web::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;

/// A server running on its own thread; stopped when dropped.
pub struct Server {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
}

impl Server {
    /// Serves `config` on a free loopback port, on a two-thread runtime.
    pub fn start(config: Config) -> Server {
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop, stopped) = oneshot::channel::<()>();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                addr_tx.send(listener.local_addr().unwrap()).unwrap();
                let shutdown = async {
                    let _ = stopped.await;
                };
                fdoku_web::serve(listener, config, shutdown).await.unwrap();
            });
        });
        let addr = addr_rx.recv_timeout(Duration::from_secs(10)).unwrap();
        Server {
            addr,
            stop: Some(stop),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// A `POST` of `body` as JSON, closing the connection after the answer.
pub fn post_request(addr: SocketAddr, path: &str, body: &str) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// Sends `request` on a new connection; the answer's status and body, and
/// how long the whole exchange took.
pub async fn exchange(addr: SocketAddr, request: &str) -> (u16, String, Duration) {
    let started = Instant::now();
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("an HTTP answer: {answer:?}"));
    let body = answer
        .split_once("\r\n\r\n")
        .map_or_else(String::new, |(_, body)| body.to_owned());
    (status, body, started.elapsed())
}

/// `GET /api/health` on a new connection: the status and how long it took.
pub async fn health(addr: SocketAddr) -> (u16, Duration) {
    let request = format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let (status, _, took) = exchange(addr, &request).await;
    (status, took)
}

/// Reads `stream` until the server closes it (end of file or reset),
/// discarding what comes; gives up after `patience`. The time it took,
/// or `None` when it stayed open.
pub async fn wait_for_close(stream: &mut TcpStream, patience: Duration) -> Option<Duration> {
    let started = Instant::now();
    let mut buf = [0u8; 4096];
    loop {
        let left = patience.checked_sub(started.elapsed())?;
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0) | Err(_)) => return Some(started.elapsed()),
            Ok(Ok(_)) => {}
        }
    }
}
