//! The page's files, embedded in the binary at build time: `index.html`,
//! `style.css`, the entry module `app.js` and the ES modules under `js/`
//! that it imports (no bundler: the browser loads each module by its path).
//! Each file is served at its path with its media type; a new module file
//! needs its line in [`ASSETS`] (the API tests check that every module the
//! page imports is served).

use axum::Router;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

/// One embedded file and where it is served.
struct Asset {
    path: &'static str,
    content_type: &'static str,
    body: &'static str,
}

impl Asset {
    fn response(&self) -> Response {
        (
            [
                (header::CONTENT_TYPE, self.content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            self.body,
        )
            .into_response()
    }
}

/// A module under `assets/js/`, served at `/js/<name>`.
macro_rules! module {
    ($name:literal) => {
        Asset {
            path: concat!("/js/", $name),
            content_type: JAVASCRIPT,
            body: include_str!(concat!("../assets/js/", $name)),
        }
    };
}

const INDEX_HTML: &str = include_str!("../assets/index.html");

/// Every file of the page.
const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: HTML,
        body: INDEX_HTML,
    },
    Asset {
        path: "/index.html",
        content_type: HTML,
        body: INDEX_HTML,
    },
    Asset {
        path: "/style.css",
        content_type: CSS,
        body: include_str!("../assets/style.css"),
    },
    Asset {
        path: "/app.js",
        content_type: JAVASCRIPT,
        body: include_str!("../assets/app.js"),
    },
    module!("api.js"),
    module!("board.js"),
    module!("candidates.js"),
    module!("digits.js"),
    module!("dom.js"),
    module!("edit.js"),
    module!("elements.js"),
    module!("explain.js"),
    module!("formats.js"),
    module!("generate.js"),
    module!("geometry.js"),
    module!("hints.js"),
    module!("history.js"),
    module!("layer.js"),
    module!("marks.js"),
    module!("multigrid.js"),
    module!("multigrid-view.js"),
    module!("plan.js"),
    module!("player.js"),
    module!("puzzle.js"),
    module!("state.js"),
    module!("theme.js"),
    module!("trace.js"),
    module!("url.js"),
];

/// `router` with a GET route for every file of the page.
pub(crate) fn routes<S: Clone + Send + Sync + 'static>(router: Router<S>) -> Router<S> {
    ASSETS.iter().fold(router, |router, asset| {
        router.route(asset.path, get(move || async move { asset.response() }))
    })
}
