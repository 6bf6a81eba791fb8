//! The JSON body extractor: the request must say
//! `Content-Type: application/json` (415 otherwise: a web page can send
//! another site a `text/plain` POST without asking, but not a JSON one;
//! see [`crate::origin`]); the body is read under the size limit (413 over
//! it) and decoded with serde (400 with serde's message when it is not JSON
//! or not the expected shape).

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderMap, StatusCode, header};
use serde::de::DeserializeOwned;

use crate::AppState;
use crate::error::ApiError;

/// A request body decoded from JSON.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        require_json(req.headers())?;
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::TooLarge(state.config.body_limit)
            } else {
                ApiError::BadRequest(format!("could not read the body: {e}"))
            }
        })?;
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| ApiError::BadRequest(format!("invalid JSON body: {e}")))
    }
}

/// Refuses a body whose `Content-Type` is not `application/json`
/// (parameters such as `charset` aside).
fn require_json(headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(value) = headers.get(header::CONTENT_TYPE) else {
        return Err(ApiError::UnsupportedMediaType(
            "missing Content-Type: the body must be sent as application/json".to_owned(),
        ));
    };
    let text = String::from_utf8_lossy(value.as_bytes());
    let media_type = text.split(';').next().unwrap_or("").trim();
    if media_type.eq_ignore_ascii_case("application/json") {
        Ok(())
    } else {
        Err(ApiError::UnsupportedMediaType(format!(
            "Content-Type {text:?}: the body must be sent as application/json"
        )))
    }
}
