//! The deadline, the concurrency limit, panics, a real socket.

use crate::common::{EASY, HARD, config, error_of, get_json, post};
use axum::Router;
use axum::http::StatusCode;
use axum::routing::get;
use fdoku_web::{Config, router};
use serde_json::json;
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_deadline_stops_the_solver() {
    let app = router(Config {
        deadline: Duration::from_millis(300),
        max_concurrent: 1,
        ..Config::default()
    });
    let empty25 = ".".repeat(625);
    // Counting the empty 25×25 without propagation: hopeless; stopped.
    let started = Instant::now();
    let (status, body) = post(
        &app,
        "/api/solve",
        json!({"puzzle": empty25, "strength": "check"}),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(error_of(&body).contains("deadline"));
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    // The solver really stopped: with one permit, the next request gets
    // it at once (a solver still running would hold it: 503 busy).
    let (status, body) = post(&app, "/api/solve", json!({"puzzle": EASY})).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Generating a minimal 25×25 takes minutes: stopped at the deadline.
    let started = Instant::now();
    let (status, body) = post(&app, "/api/generate", json!({"size": 25, "seed": 1})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(error_of(&body).contains("deadline"));
    assert!(started.elapsed() < Duration::from_secs(3));
    let (status, _) = post(&app, "/api/grade", json!({"puzzle": EASY})).await;
    assert_eq!(status, StatusCode::OK);

    // The empty 25×25 has many solutions: no rating, said at once.
    let (status, body) = post(&app, "/api/grade", json!({"puzzle": ".".repeat(625)})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        error_of(&body).contains("not unique (2+ solutions)"),
        "{body}"
    );
    // Explaining a puzzle of the hardest database along Sudoku Explainer's
    // path takes nested forcing chains (seconds): the walk stops at the
    // deadline too.
    let nested =
        ".....6..9..67...3.79...3....1...7.5...752......5.....2..167..2......14..8........";
    for uri in ["/api/explain"] {
        let started = Instant::now();
        let request = json!({"puzzle": nested, "order": "explainer"});
        let (status, body) = post(&app, uri, request).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{uri}: {body}");
        assert!(started.elapsed() < Duration::from_secs(3));
        // The walk checks the deadline between techniques, so the permit
        // comes back within one technique's search (a 2-core CI machine
        // running other tests may need a moment).
        let freed = Instant::now();
        loop {
            let (status, body) = post(&app, "/api/hint", json!({"puzzle": EASY})).await;
            if status == StatusCode::OK {
                break;
            }
            assert!(
                freed.elapsed() < Duration::from_secs(5),
                "the permit is not free again: {body}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Work past its deadline stops itself: the 503 comes from the job that
/// noticed the clock (not from the handler giving up on it half a second
/// later), and the one concurrency slot is free for the very next request
/// (the slot is released only when the job's thread returns, so the CPU
/// has gone idle by then).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_deadline_the_work_stops_and_its_slot_is_free_at_once() {
    let deadline = Duration::from_millis(300);
    let app = router(Config {
        deadline,
        max_concurrent: 1,
        ..Config::default()
    });
    let nested =
        ".....6..9..67...3.79...3....1...7.5...752......5.....2..167..2......14..8........";
    let expensive = [
        ("/api/grade", json!({"puzzle": nested})),
        (
            "/api/explain",
            json!({"puzzle": nested, "order": "explainer"}),
        ),
        (
            "/api/solve",
            json!({"puzzle": ".".repeat(625), "strength": "check"}),
        ),
        ("/api/generate", json!({"size": 25, "seed": 1})),
        (
            "/api/generate",
            json!({"size": 16, "seed": 2, "difficulty": "extreme"}),
        ),
    ];
    for (uri, request) in expensive {
        let started = Instant::now();
        let (status, body) = post(&app, uri, request.clone()).await;
        let took = started.elapsed();
        assert_eq!(
            status,
            StatusCode::SERVICE_UNAVAILABLE,
            "{uri} {request}: {body}"
        );
        assert!(error_of(&body).contains("deadline"), "{body}");
        // The handler's own cut-off comes 500 ms after the deadline; a job
        // that stops by itself answers well before it (100 ms is what the
        // library's stop takes on a quiet machine; the rest is slack for a
        // loaded one).
        assert!(
            took < deadline + Duration::from_millis(400),
            "{uri} {request}: answered after {took:?}"
        );
        let (status, body) = post(&app, "/api/solve", json!({"puzzle": EASY})).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "the slot after {uri} {request}: {body}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_concurrency_limit_answers_503_at_once() {
    let app = router(Config {
        deadline: Duration::from_millis(1500),
        max_concurrent: 2,
        ..Config::default()
    });
    let slow = json!({"puzzle": ".".repeat(625), "strength": "check"});
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let app = app.clone();
        let slow = slow.clone();
        tasks.push(tokio::spawn(async move {
            let started = Instant::now();
            let (status, body) = post(&app, "/api/solve", slow).await;
            (status, body, started.elapsed())
        }));
    }
    let mut busy = 0;
    let mut stopped = 0;
    for task in tasks {
        let (status, body, took) = task.await.unwrap();
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        if error_of(&body).contains("busy") {
            busy += 1;
            assert!(
                took < Duration::from_millis(1000),
                "503 busy comes at once: {took:?}"
            );
        } else {
            assert!(error_of(&body).contains("deadline"), "{body}");
            stopped += 1;
        }
    }
    assert_eq!(
        (stopped, busy),
        (2, 6),
        "two worked to the deadline, six were turned away"
    );

    // Cheap requests in parallel all pass, and the server still answers
    // expensive ones afterwards.
    let mut tasks = Vec::new();
    for i in 0..40 {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            if i % 2 == 0 {
                get_json(&app, "/api/health").await.0
            } else {
                post(&app, "/api/parse", json!({"puzzle": EASY})).await.0
            }
        }));
    }
    for task in tasks {
        assert_eq!(task.await.unwrap(), StatusCode::OK);
    }
    let (status, body) = post(&app, "/api/solve", json!({"puzzle": HARD})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "unique");
}

#[tokio::test]
async fn a_panic_is_a_500_and_the_server_goes_on() {
    async fn boom() -> &'static str {
        panic!("a handler bug")
    }
    let boom = Router::new()
        .route("/boom", get(boom))
        .route("/fine", get(|| async { "fine" }));
    let app = fdoku_web::guard(boom, 1024);
    let (status, body) = get_json(&app, "/boom").await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(error_of(&body).contains("panicked"));
    let (status, body) = get_json(&app, "/fine").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, "fine");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serves_over_a_real_socket() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(fdoku_web::serve(listener, config(), async {
        let _ = stopped.await;
    }));
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = json!({"puzzle": EASY}).to_string();
    let request = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("\"status\":\"unique\""));
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}
