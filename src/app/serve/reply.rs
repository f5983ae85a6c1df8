//! Answers that did not come from the pipeline, as JSON records like the pipeline's.

use axum::body::Bytes;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// `image` as a PNG data URL (`data:image/png;base64,…`), each buffer freed as
/// soon as the next is made: the picture once its PNG is, the PNG once its base64
/// is, which is written once into a string of its exact size. What this holds at
/// its peak is what [`budget::answer_cost`](crate::app::budget::answer_cost) counts.
pub(super) fn png_data_url(image: image::RgbImage) -> String {
    use base64::Engine as _;
    const PREFIX: &str = "data:image/png;base64,";
    let png = crate::output::overlay::encode_png(&image);
    drop(image);
    let mut url = String::with_capacity(PREFIX.len() + png.len().div_ceil(3) * 4);
    url.push_str(PREFIX);
    base64::engine::general_purpose::STANDARD.encode_string(&png, &mut url);
    url
}

/// What the `input` field of every API record says.
pub(super) const INPUT_NAME: &str = "upload";

/// A JSON error that did not come from the pipeline (`too-large`, `busy`, `timeout`, …).
pub(super) fn error_response(status: StatusCode, kind: &str, message: impl Into<String>) -> Response {
    let body = json!({ "input": INPUT_NAME, "ok": false, "error": { "kind": kind, "message": message.into() } });
    (status, Json(body)).into_response()
}

/// What is wrong with a query that does not parse, in words that say what to fix:
/// a parameter given twice (`?stars=1&stars=2`) is named.
pub(super) fn query_problem(rejection: &axum::extract::rejection::QueryRejection) -> String {
    let text = rejection.body_text();
    let duplicate = text.split("duplicate field `").nth(1).and_then(|rest| rest.split('`').next());
    match duplicate {
        Some(name) => format!("the query gives {name} more than once; give it once"),
        None => format!(
            "bad query ({}); see POST /api/solve?stars=K",
            text.trim_start_matches("Failed to deserialize query string: ")
        ),
    }
}

/// A JSON answer and its room in the memory budget, freed together: when the last
/// byte has been taken by the client, or the connection is cut.
struct Held {
    json: Vec<u8>,
    _room: tokio::sync::OwnedSemaphorePermit,
}

impl AsRef<[u8]> for Held {
    fn as_ref(&self) -> &[u8] {
        &self.json
    }
}

/// `json`, answered with `status`, holding `room` until it is sent.
pub(super) fn held_answer(status: StatusCode, json: Vec<u8>, room: tokio::sync::OwnedSemaphorePermit) -> Response {
    let body = Bytes::from_owner(Held { json, _room: room });
    (status, [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response()
}

/// 503 when no turn came within the queue wait. The connection is closed: the
/// upload may not have been read.
pub(super) fn busy() -> Response {
    let mut res = error_response(StatusCode::SERVICE_UNAVAILABLE, "busy", "the server is busy; try again shortly");
    res.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
    res.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    res
}

/// 503 while the server stops.
pub(super) fn shutting_down() -> Response {
    let mut res = error_response(StatusCode::SERVICE_UNAVAILABLE, "busy", "the server is shutting down");
    res.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    res
}
