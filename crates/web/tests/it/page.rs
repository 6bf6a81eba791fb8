//! The page and the server's metadata: health, the technique list, the
//! embedded page and every ES module it imports.

use crate::common::{app, error_of, get_json};
use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use tower::ServiceExt;

#[tokio::test]
async fn health_and_techniques() {
    let app = app();
    let (status, body) = get_json(&app, "/api/health").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["ok"], true);
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));

    let (status, body) = get_json(&app, "/api/techniques").await;
    assert_eq!(status, StatusCode::OK);
    let list = body.as_array().unwrap();
    let x_wing = list.iter().find(|t| t["id"] == "x_wing").unwrap();
    assert_eq!(x_wing["name"], "X-wing");
    assert_eq!(x_wing["implemented"], true);
    assert!(
        list.iter().any(|t| t["implemented"] == false),
        "some are not implemented yet"
    );
}

#[tokio::test]
async fn the_page_and_its_assets_are_embedded() {
    let app = app();
    for (path, kind) in [
        ("/", "text/html"),
        ("/index.html", "text/html"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
    ] {
        let request = Request::get(path).body(Body::empty()).unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()[header::CONTENT_TYPE].to_str().unwrap();
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        assert!(!body.is_empty(), "{path}");
    }
    let (status, body) = get_json(&app, "/api/nothing").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error_of(&body).contains("/api/nothing"));
    let (status, _) = get_json(&app, "/api/solve").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
}

/// GETs `path`; the status, the content type and the body as text.
async fn fetch_text(app: &Router, path: &str) -> (StatusCode, String, String) {
    let request = Request::get(path).body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map_or_else(String::new, |v| v.to_str().unwrap().to_owned());
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (
        status,
        content_type,
        String::from_utf8(bytes.to_vec()).unwrap(),
    )
}

/// The quoted specifiers of a module's `import` statements (each statement
/// from a line starting with `import` to its `;`).
fn imports_of(module: &str) -> Vec<String> {
    let mut specifiers = Vec::new();
    let mut statement = String::new();
    for line in module.lines() {
        if statement.is_empty() && !line.trim_start().starts_with("import ") {
            continue;
        }
        statement.push_str(line);
        if !line.contains(';') {
            continue;
        }
        let quoted: Vec<&str> = statement.split(['\'', '"']).collect();
        assert!(
            quoted.len() >= 3,
            "an import without a quoted module: {statement}"
        );
        specifiers.push(quoted[quoted.len() - 2].to_owned());
        statement.clear();
    }
    specifiers
}

/// `specifier` (`./x.js`, `../x.js`) resolved against the path of the module importing it.
fn resolve(importer: &str, specifier: &str) -> String {
    let mut parts: Vec<&str> = importer.split('/').collect();
    parts.pop();
    for part in specifier.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    parts.join("/")
}

/// The module scripts of the page: the `src` of each `<script type="module">`.
fn module_scripts(html: &str) -> Vec<String> {
    html.split("<script")
        .skip(1)
        .filter(|tag| tag.contains(r#"type="module""#))
        .map(|tag| {
            let src = tag
                .split(r#"src=""#)
                .nth(1)
                .expect("a module script with a src");
            src[..src.find('"').unwrap()].to_owned()
        })
        .collect()
}

#[tokio::test]
async fn every_module_the_page_imports_is_served() {
    let app = app();
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let (_, _, html) = fetch_text(&app, "/").await;
    let mut pending = module_scripts(&html);
    assert_eq!(pending, ["/app.js"], "the page's entry module");
    let mut served = std::collections::BTreeSet::new();
    while let Some(path) = pending.pop() {
        if !served.insert(path.clone()) {
            continue;
        }
        let (status, content_type, body) = fetch_text(&app, &path).await;
        assert_eq!(status, StatusCode::OK, "{path} is not served");
        assert!(
            content_type.starts_with("text/javascript"),
            "{path}: {content_type}"
        );
        let file = std::fs::read_to_string(assets.join(&path[1..])).unwrap();
        assert_eq!(body, file, "{path} is served with another file's text");
        for specifier in imports_of(&body) {
            assert!(
                specifier.starts_with("./") || specifier.starts_with("../"),
                "{path} imports {specifier:?}: only relative paths load without a bundler"
            );
            pending.push(resolve(&path, &specifier));
        }
    }
    let mut on_disk: Vec<String> = std::fs::read_dir(assets.join("js"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".js"))
        .map(|name| format!("/js/{name}"))
        .collect();
    on_disk.push("/app.js".to_owned());
    on_disk.sort();
    let served: Vec<String> = served.into_iter().collect();
    assert_eq!(
        served, on_disk,
        "the modules the page imports are the module files under assets/"
    );
    assert!(
        served.len() > 10,
        "the page is split into modules: {served:?}"
    );
}
