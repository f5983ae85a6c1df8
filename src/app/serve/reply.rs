//! Answers that did not come from the pipeline, as JSON records like the pipeline's.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// What the `input` field of every API record says.
pub(super) const INPUT_NAME: &str = "upload";

/// A JSON error that did not come from the pipeline (`too-large`, `busy`, `timeout`, …).
pub(super) fn error_response(status: StatusCode, kind: &str, message: impl Into<String>) -> Response {
    let body = json!({ "input": INPUT_NAME, "ok": false, "error": { "kind": kind, "message": message.into() } });
    (status, Json(body)).into_response()
}
