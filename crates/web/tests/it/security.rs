//! Other web pages cannot use the server: a body must be sent as JSON
//! (415 otherwise), `Host` must name this machine and `Origin` must be the
//! page's own (403 otherwise) unless the server is told otherwise; every
//! answer carries the headers that keep the browser from sniffing, framing
//! or leaking it, and the page needs nothing the policy forbids.

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode, header};
use fdoku_web::{Config, HostCheck, router};
use serde_json::Value;
use tower::ServiceExt;

use crate::common::{EASY, app, error_of};

/// Sends `method path` with `headers` and a JSON puzzle as the body (for a
/// POST); the status, the answer's headers and its body as JSON (or null).
async fn send_with(
    app: &Router,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, HeaderMap, Value) {
    let mut request = Request::builder().method(method).uri(path);
    for &(name, value) in headers {
        request = request.header(name, value);
    }
    let body = if method == "POST" {
        Body::from(serde_json::json!({"puzzle": EASY}).to_string())
    } else {
        Body::empty()
    };
    let response = app
        .clone()
        .oneshot(request.body(body).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (
        status,
        headers,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

const JSON: (&str, &str) = ("content-type", "application/json");

#[tokio::test]
async fn a_post_must_be_json() {
    let app = app();
    for (content_type, json) in [
        ("text/plain", false),
        ("application/x-www-form-urlencoded", false),
        ("multipart/form-data; boundary=x", false),
        ("application/json", true),
        ("Application/JSON; charset=utf-8", true),
    ] {
        let headers = [("content-type", content_type)];
        let (status, _, body) = send_with(&app, "POST", "/api/parse", &headers).await;
        if json {
            assert_eq!(status, StatusCode::OK, "{content_type}: {body}");
        } else {
            assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{content_type}");
            let message = error_of(&body);
            assert!(message.contains("application/json"), "{message}");
            assert!(message.contains(content_type), "{message}");
        }
    }
    let (status, _, body) = send_with(&app, "POST", "/api/solve", &[]).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(
        error_of(&body).starts_with("missing Content-Type"),
        "{body}"
    );
}

#[tokio::test]
async fn a_foreign_host_is_refused_unless_allowed() {
    let app = app();
    for host in [
        "127.0.0.1:7878",
        "localhost:7878",
        "[::1]:7878",
        "10.0.0.2:7878",
    ] {
        let (status, _, body) =
            send_with(&app, "POST", "/api/parse", &[JSON, ("host", host)]).await;
        assert_eq!(status, StatusCode::OK, "{host}: {body}");
    }
    // A DNS-rebinding page reaches the server under its own name.
    let (status, _, body) = send_with(&app, "GET", "/", &[("host", "rebind.example:7878")]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let message = error_of(&body);
    assert!(
        message.contains("rebind.example") && message.contains("--allow-host rebind.example"),
        "{message}"
    );
    let (status, _, _) = send_with(
        &app,
        "POST",
        "/api/solve",
        &[JSON, ("host", "rebind.example")],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let named = router(Config {
        hosts: HostCheck::Allow(vec!["sudoku.lan".to_owned()]),
        ..Config::default()
    });
    let (status, _, _) = send_with(&named, "GET", "/", &[("host", "sudoku.lan:7878")]).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, _) = send_with(&named, "GET", "/", &[("host", "other.lan:7878")]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let any = router(Config {
        hosts: HostCheck::Any,
        ..Config::default()
    });
    let (status, _, _) = send_with(&any, "GET", "/", &[("host", "anything.example")]).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn another_pages_origin_is_refused() {
    let app = app();
    let host = ("host", "127.0.0.1:7878");
    let (status, _, body) = send_with(
        &app,
        "POST",
        "/api/solve",
        &[JSON, host, ("origin", "http://127.0.0.1:7878")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "the page's own origin: {body}");
    for origin in ["https://evil.example", "http://127.0.0.1:8000", "null"] {
        let (status, _, body) = send_with(
            &app,
            "POST",
            "/api/solve",
            &[JSON, host, ("origin", origin)],
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin}");
        assert!(error_of(&body).starts_with("Origin"), "{body}");
    }
    let any = router(Config {
        hosts: HostCheck::Any,
        ..Config::default()
    });
    let (status, _, _) = send_with(
        &any,
        "POST",
        "/api/parse",
        &[JSON, host, ("origin", "https://evil.example")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "--any-host turns the checks off");
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let app = app();
    let answers = [
        send_with(&app, "GET", "/", &[]).await,
        send_with(&app, "GET", "/app.js", &[]).await,
        send_with(&app, "GET", "/api/health", &[]).await,
        send_with(&app, "POST", "/api/solve", &[JSON]).await,
        send_with(&app, "POST", "/api/solve", &[]).await,
        send_with(&app, "GET", "/api/nothing", &[]).await,
        send_with(&app, "GET", "/", &[("host", "rebind.example")]).await,
    ];
    for (status, headers, _) in &answers {
        let get = |name: header::HeaderName| {
            headers
                .get(&name)
                .unwrap_or_else(|| panic!("{status}: no {name}"))
                .to_str()
                .unwrap()
                .to_owned()
        };
        assert_eq!(get(header::X_CONTENT_TYPE_OPTIONS), "nosniff");
        assert_eq!(get(header::X_FRAME_OPTIONS), "DENY");
        assert_eq!(get(header::REFERRER_POLICY), "no-referrer");
        let policy = get(header::CONTENT_SECURITY_POLICY);
        for directive in [
            "default-src 'none'",
            "script-src 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(policy.contains(directive), "{policy}");
        }
    }
}

/// The policy allows no inline script, inline style or event-handler
/// attribute: the page has none (the browser tests then run it under the
/// policy).
#[test]
fn the_page_has_no_inline_script_or_style() {
    let html = include_str!("../../assets/index.html");
    for tag in html.split("<script").skip(1) {
        let open = &tag[..tag.find('>').unwrap()];
        assert!(open.contains("src="), "an inline script: <script{open}>");
    }
    let lower = html.to_ascii_lowercase();
    assert!(!lower.contains("<style"), "an inline style sheet");
    assert!(!lower.contains(" style="), "an inline style attribute");
    for word in lower.split(|c: char| c.is_whitespace() || c == '<') {
        let name = word.split('=').next().unwrap_or("");
        assert!(
            !(name.starts_with("on")
                && word.contains('=')
                && name.len() > 2
                && name.chars().all(|c| c.is_ascii_lowercase())),
            "an event-handler attribute: {word}"
        );
    }
}
