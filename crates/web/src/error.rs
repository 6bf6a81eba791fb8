//! Errors as HTTP answers: every failure is a status code and a JSON body
//! `{"error": "<message>"}`, so the page (and curl) always gets something it
//! can show.
//!
//! | error | status |
//! |---|---|
//! | body over the limit | 413 |
//! | malformed JSON, wrong shape, bad option | 400 |
//! | a foreign `Host` or `Origin` | 403 |
//! | a POST body that is not `application/json` | 415 |
//! | a grid that does not parse (the parser's message) or cannot be used | 422 |
//! | too many expensive requests at once | 503 |
//! | the deadline passed (the solver was stopped) | 503 |
//! | a panic | 500 |

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// A failed request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// The body is larger than [`crate::Config::body_limit`].
    TooLarge(usize),
    /// Malformed JSON, a wrong shape or an unknown option value.
    BadRequest(String),
    /// A `Host` or `Origin` the server does not answer.
    Forbidden(String),
    /// A body sent without `Content-Type: application/json`.
    UnsupportedMediaType(String),
    /// The puzzle does not parse, or cannot be used as asked.
    Unprocessable(String),
    /// Every slot for expensive work is taken.
    Busy,
    /// The deadline passed; the work was stopped.
    Deadline(u128),
    /// Something went wrong inside (a panic, a failed check).
    Internal(String),
}

impl ApiError {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Busy | ApiError::Deadline(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The message for people.
    pub fn message(&self) -> String {
        match self {
            ApiError::TooLarge(limit) => {
                format!("request body too large (the limit is {limit} bytes)")
            }
            ApiError::BadRequest(m)
            | ApiError::Forbidden(m)
            | ApiError::UnsupportedMediaType(m)
            | ApiError::Unprocessable(m)
            | ApiError::Internal(m) => m.clone(),
            ApiError::Busy => {
                "server busy: too many expensive requests at once; try again shortly".to_owned()
            }
            ApiError::Deadline(ms) => {
                format!("stopped at the deadline of {ms} ms; the solver was stopped")
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message() });
        (self.status(), Json(body)).into_response()
    }
}

/// The answer of a handler.
pub type ApiResult<T> = Result<T, ApiError>;
