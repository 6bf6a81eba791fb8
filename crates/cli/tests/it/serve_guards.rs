//! `fdoku serve` holds against slow clients and foreign pages: its
//! timeouts and host names come from the flags, and half-sent requests
//! beyond its file descriptors do not keep `/api/health` out.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{fdoku, first_line};

/// `fdoku serve --port 0 FLAGS`, and the address it printed.
fn serve(flags: &[&str]) -> (Child, String) {
    let mut args = vec!["serve", "--port", "0"];
    args.extend_from_slice(flags);
    let (child, first) = first_line(&args);
    (child, address(&first))
}

/// The address in `fdoku serving on http://ADDRESS/ …`.
fn address(line: &str) -> String {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .unwrap_or_else(|| panic!("a URL in {line:?}"))
        .trim_end_matches('/')
        .to_owned()
}

/// `GET path` with `Host: host`; the status line (empty when the
/// connection closed without an answer within `patience`).
fn get(addr: &str, path: &str, host: &str, patience: Duration) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(patience)).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer.lines().next().unwrap_or("").to_owned()
}

fn stop(mut child: Child) {
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn half_sent_requests_beyond_the_file_descriptors_do_not_keep_health_out() {
    // The server may open 64 files; 150 clients stop halfway through their
    // headers (and would wait out the 10 s header timeout).
    let mut child = Command::new("sh")
        .args(["-c", "ulimit -n 64 && exec \"$0\" serve --port 0"])
        .arg(env!("CARGO_BIN_EXE_fdoku"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut first = String::new();
    let stdout = child.stdout.take().unwrap();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut first).unwrap();
    let addr = address(&first);
    let mut stuck = Vec::new();
    for _ in 0..150 {
        let mut stream = TcpStream::connect(&addr).unwrap();
        stream
            .write_all(b"GET /api/health HTTP/1.1\r\nHos")
            .unwrap();
        stuck.push(stream);
    }
    let started = Instant::now();
    let status = get(&addr, "/api/health", &addr, Duration::from_secs(8));
    let took = started.elapsed();
    stop(child);
    assert_eq!(status, "HTTP/1.1 200 OK", "after {took:?}");
    assert!(took < Duration::from_secs(3), "health took {took:?}");
}

#[test]
fn serve_takes_its_timeouts_and_host_names_from_the_flags() {
    let (child, addr) = serve(&["--idle-timeout", "0.3", "--allow-host", "Sudoku.LAN"]);
    let mut silent = TcpStream::connect(&addr).unwrap();
    silent
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let started = Instant::now();
    let mut buf = [0u8; 16];
    let closed = matches!(silent.read(&mut buf), Ok(0) | Err(_));
    let took = started.elapsed();
    assert!(
        closed && took >= Duration::from_millis(250) && took < Duration::from_secs(3),
        "an idle connection closed after {took:?}"
    );
    let patience = Duration::from_secs(10);
    assert_eq!(
        get(&addr, "/", "sudoku.lan:80", patience),
        "HTTP/1.1 200 OK"
    );
    assert_eq!(get(&addr, "/", "localhost", patience), "HTTP/1.1 200 OK");
    assert_eq!(
        get(&addr, "/", "rebind.example", patience),
        "HTTP/1.1 403 Forbidden"
    );
    stop(child);
    let (child, addr) = serve(&["--any-host"]);
    let status = get(&addr, "/", "rebind.example", Duration::from_secs(10));
    stop(child);
    assert_eq!(status, "HTTP/1.1 200 OK");
}

#[test]
fn serve_refuses_bad_timeouts() {
    for flag in ["--header-timeout", "--body-timeout", "--idle-timeout"] {
        let o = fdoku(&["serve", flag, "0"]);
        assert_eq!(o.status.code(), Some(2), "{flag}");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(
            stderr.contains(&format!("{flag} 0: expected a positive number of seconds")),
            "{stderr}"
        );
    }
    let o = fdoku(&["serve", "--allow-host", "a.lan", "--any-host"]);
    assert_eq!(o.status.code(), Some(2));
    let o = fdoku(&["serve", "--max-connections", "0"]);
    assert_eq!(o.status.code(), Some(2));
}
