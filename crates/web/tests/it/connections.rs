//! Slow and idle clients over a real socket: trickled headers, an idle
//! connection and a half-sent body are closed at their timeouts; a request
//! being worked on is not; a crowd of half-sent requests beyond the
//! connection limit does not keep `/api/health` out; headers over 64 KiB
//! are refused.

use std::time::{Duration, Instant};

use fdoku_web::Config;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::common::HARD;
use crate::socket::{Server, exchange, health, post_request, wait_for_close};

/// The timeout under test.
const SHORT: Duration = Duration::from_millis(400);
/// The other timeouts: far longer than any test waits.
const LONG: Duration = Duration::from_secs(30);
/// How much later than its timeout a connection may close on a loaded
/// 2-core machine.
const SLACK: Duration = Duration::from_millis(1500);

fn with_timeouts(header: Duration, body: Duration, idle: Duration) -> Config {
    Config {
        header_timeout: header,
        body_timeout: body,
        idle_timeout: idle,
        ..Config::default()
    }
}

/// Closed after at least `timeout`, and not much later.
fn closed_at(took: Option<Duration>, timeout: Duration, what: &str) {
    let took = took.unwrap_or_else(|| panic!("{what}: still open after {:?}", timeout + SLACK));
    assert!(
        took + Duration::from_millis(50) >= timeout && took <= timeout + SLACK,
        "{what}: closed after {took:?}, the timeout is {timeout:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trickled_headers_are_closed_at_the_header_timeout() {
    let server = Server::start(with_timeouts(SHORT, LONG, LONG));
    let stream = TcpStream::connect(server.addr).await.unwrap();
    let (mut reader, mut writer) = stream.into_split();
    // One byte every 50 ms: the headers never end.
    let started = Instant::now();
    let trickle = tokio::spawn(async move {
        let request = b"GET /api/health HTTP/1.1\r\nX-Slow: ".iter();
        for &byte in request.chain(std::iter::repeat(&b'a')) {
            if writer.write_all(&[byte]).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
    let mut buf = [0u8; 256];
    let closed = tokio::time::timeout(SHORT + SLACK, reader.read(&mut buf)).await;
    let took = started.elapsed();
    assert!(
        matches!(closed, Ok(Ok(0) | Err(_))),
        "the server answered or kept trickling headers open: {closed:?} after {took:?}"
    );
    closed_at(Some(took), SHORT, "trickled headers");
    trickle.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_connection_is_closed_at_the_idle_timeout() {
    let server = Server::start(with_timeouts(LONG, LONG, SHORT));
    // A connection that never sends a byte.
    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    closed_at(
        wait_for_close(&mut silent, SHORT + SLACK).await,
        SHORT,
        "a silent connection",
    );
    // A connection kept alive after an answer, then left idle.
    let mut kept = TcpStream::connect(server.addr).await.unwrap();
    let request = format!("GET /api/health HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr);
    kept.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    while !String::from_utf8_lossy(&answer).contains("\"ok\":true") {
        let mut buf = [0u8; 1024];
        let n = kept.read(&mut buf).await.unwrap();
        assert!(n > 0, "closed before answering");
        answer.extend_from_slice(&buf[..n]);
    }
    closed_at(
        wait_for_close(&mut kept, SHORT + SLACK).await,
        SHORT,
        "a kept-alive connection",
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_half_sent_body_is_closed_at_the_body_timeout() {
    let server = Server::start(with_timeouts(LONG, SHORT, LONG));
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let request = format!(
        "POST /api/parse HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 200\r\n\r\n{{\"puzzle\": \"",
        server.addr
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    closed_at(
        wait_for_close(&mut stream, SHORT + SLACK).await,
        SHORT,
        "a half-sent body",
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_being_worked_on_outlasts_the_timeouts() {
    let server = Server::start(Config {
        deadline: Duration::from_millis(1500),
        ..with_timeouts(SHORT, SHORT, SHORT)
    });
    // Without propagation, ruling out a second solution of the hard puzzle
    // takes longer than the deadline: the answer comes at the deadline,
    // with the first solution.
    let body = json!({"puzzle": HARD, "strength": "check"}).to_string();
    let request = post_request(server.addr, "/api/solve", &body);
    let (status, answer, took) = exchange(server.addr, &request).await;
    let start = &answer[..answer.len().min(300)];
    assert_eq!(status, 200, "{start}");
    assert!(answer.contains("\"status\":\"stopped\""), "{start}");
    assert!(
        took > SHORT * 3,
        "the work took longer than the timeouts: {took:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_beyond_the_limit_do_not_keep_health_out() {
    let server = Server::start(Config {
        max_connections: 16,
        ..with_timeouts(LONG, LONG, LONG)
    });
    // 40 connections stuck in their headers and 20 in their bodies: far
    // more than the limit, each waiting until its (long) timeout.
    let mut stuck = Vec::new();
    for i in 0..60 {
        let mut stream = TcpStream::connect(server.addr).await.unwrap();
        let start = if i % 3 == 2 {
            format!(
                "POST /api/parse HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
                 Content-Length: 100\r\n\r\n{{",
                server.addr
            )
        } else {
            "POST /api/parse HTTP/1.1\r\nContent-Ty".to_owned()
        };
        stream.write_all(start.as_bytes()).await.unwrap();
        stuck.push(stream);
    }
    for _ in 0..5 {
        let (status, took) = tokio::time::timeout(Duration::from_secs(5), health(server.addr))
            .await
            .expect("health answers while half-sent requests crowd the server");
        assert_eq!(status, 200);
        assert!(took < Duration::from_secs(1), "health took {took:?}");
    }
    // The stuck connections were closed to make room, oldest first.
    let mut closed = 0;
    for stream in &mut stuck[..20] {
        if wait_for_close(stream, Duration::from_millis(200))
            .await
            .is_some()
        {
            closed += 1;
        }
    }
    assert_eq!(closed, 20, "the oldest waits were closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_headers_are_refused() {
    let server = Server::start(Config::default());
    let request = format!(
        "GET /api/health HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nX-Big: {}\r\n\r\n",
        server.addr,
        "a".repeat(100_000)
    );
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    // The server may answer and close before it has read everything.
    let _ = stream.write_all(request.as_bytes()).await;
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 431"), "{answer}");
}
