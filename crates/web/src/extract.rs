//! The JSON body extractor: the body is read under the size limit (413 over
//! it) and decoded with serde (400 with serde's message when it is not JSON
//! or not the expected shape). Any content type is accepted, so
//! `curl -d '{…}'` works without a header.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

use crate::AppState;
use crate::error::ApiError;

/// A request body decoded from JSON.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
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
