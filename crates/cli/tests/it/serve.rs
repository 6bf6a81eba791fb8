//! `fdoku serve` through the real binary: it prints its URL and answers
//! there, with the same explanation and hints `fdoku explain` and `fdoku
//! hint` print; bad flags exit
//! 2. (The API itself is tested in crates/web.)
#![allow(clippy::unwrap_used)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use crate::common::{fdoku, first_line};

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `fdoku serve --port 0`, and the address it printed.
fn server() -> (std::process::Child, String) {
    let (child, first) = first_line(&["serve", "--port", "0"]);
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("a URL in {first:?}"));
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned();
    (child, addr)
}

/// One HTTP/1.1 request; the whole response, headers included.
fn request(addr: &str, method: &str, path: &str, body: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

#[test]
fn serve_prints_its_url_and_answers_there() {
    let (mut child, addr) = server();
    assert!(
        addr.starts_with("127.0.0.1:"),
        "bound to loopback by default: {addr}"
    );
    let response = request(&addr, "GET", "/api/health", "");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("\"ok\":true"), "{response}");
}

#[test]
fn the_api_and_the_command_line_explain_alike() {
    // Magictour's fourth puzzle (a hidden pair), in both orders.
    let puzzle =
        "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....";
    let (mut child, addr) = server();
    for order in ["hodoku", "explainer"] {
        let body = format!("{{\"puzzle\": \"{puzzle}\", \"order\": \"{order}\"}}");
        let response = request(&addr, "POST", "/api/explain", &body);
        assert!(response.starts_with("HTTP/1.1 200"), "{response}");
        let (_, json) = response.split_once("\r\n\r\n").unwrap();
        let api: serde_json::Value = serde_json::from_str(json).unwrap();
        let o = fdoku(&["explain", puzzle, "--order", order, "-f", "json"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let cli: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(api, cli, "{order}");
        assert_eq!(cli["steps"][0]["house_names"][0], "box 1");
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn the_api_and_the_command_line_hint_alike() {
    // The same puzzle at every level and in both orders; the command line
    // adds `grid` and `next` (the grid on one line, and a description it
    // reads back) at the apply level, and nothing else.
    let puzzle =
        "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....";
    let (mut child, addr) = server();
    for order in ["hodoku", "explainer"] {
        for level in ["vague", "concrete", "apply"] {
            let body = format!(
                "{{\"puzzle\": \"{puzzle}\", \"order\": \"{order}\", \"level\": \"{level}\"}}"
            );
            let response = request(&addr, "POST", "/api/hint", &body);
            assert!(response.starts_with("HTTP/1.1 200"), "{response}");
            let (_, json) = response.split_once("\r\n\r\n").unwrap();
            let api: serde_json::Value = serde_json::from_str(json).unwrap();
            let o = fdoku(&[
                "hint", puzzle, "--order", order, "--level", level, "-f", "json",
            ]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            let mut cli: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
            let wrapper = cli.as_object_mut().unwrap();
            let (grid, next) = (wrapper.remove("grid"), wrapper.remove("next"));
            assert_eq!(api, cli, "{order} {level}");
            assert_eq!(grid.is_some() && next.is_some(), level == "apply");
            assert_eq!(cli["technique_name"], "Hidden single", "{order} {level}");
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn serve_refuses_bad_flags() {
    let o = fdoku(&["serve", "--deadline", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--deadline"), "{}", stderr(&o));
    let o = fdoku(&["serve", "--port", "70000"]);
    assert_eq!(o.status.code(), Some(2));
}
