//! `fdoku serve` through the real binary: it prints its URL and answers
//! there; bad flags exit 2. (The API itself is tested in crates/web.)
#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

mod common;

use common::fdoku;

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn serve_prints_its_url_and_answers_there() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fdoku"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("a URL in {first:?}"));
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned();
    assert!(
        addr.starts_with("127.0.0.1:"),
        "bound to loopback by default: {addr}"
    );
    let mut stream = TcpStream::connect(&addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET /api/health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("\"ok\":true"), "{response}");
}

#[test]
fn serve_refuses_bad_flags() {
    let o = fdoku(&["serve", "--deadline", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--deadline"), "{}", stderr(&o));
    let o = fdoku(&["serve", "--port", "70000"]);
    assert_eq!(o.status.code(), Some(2));
}
