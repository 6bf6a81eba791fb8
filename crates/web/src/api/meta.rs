//! `GET /api/health` and `GET /api/techniques`: what the server is and
//! which techniques the logic solver knows.

use axum::Json;
use fdoku_logic::Technique;
use serde_json::{Value, json};

/// `{"ok": true, "version": "…"}`.
pub async fn health() -> Json<Value> {
    Json(json!({ "ok": true, "version": env!("CARGO_PKG_VERSION") }))
}

/// Every technique, simplest first: `{"id", "name", "implemented", …}`.
pub async fn techniques() -> Json<Value> {
    let list: Vec<Value> = Technique::ALL
        .iter()
        .map(|&t| {
            let (level, score) = t.hodoku_score();
            json!({
                "id": t,
                "name": t.name(),
                "implemented": t.is_implemented(),
                "hodoku_code": t.hodoku_code(),
                "hodoku_level": level,
                "hodoku_score": score,
            })
        })
        .collect();
    Json(Value::Array(list))
}
