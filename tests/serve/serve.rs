//! `queens serve`: the page, the JSON API (in-process through the router), its
//! limits, and a bounded load test over real loopback HTTP with flat memory.

use crate::common;

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use base64::Engine as _;
use queens::app::serve::{router, ServeOptions};
use serde_json::Value;
use tower::ServiceExt as _;

pub(crate) const PUZZLE: &str =
    "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n";
/// The unique solution of [`PUZZLE`]: the queen's column in each row.
pub(crate) const SOLUTION: [usize; 9] = [0, 5, 8, 2, 7, 4, 1, 3, 6];

/// The tests that measure the process's memory or slots take it to write; every
/// other request takes it to read, so nothing runs beside what is measured.
pub(crate) static HEAVY: tokio::sync::RwLock<()> = tokio::sync::RwLock::const_new(());

/// A rendered screenshot of [`PUZZLE`] and its size.
pub(crate) fn screenshot_png() -> (Vec<u8>, (u32, u32)) {
    let r = queens::puzzle::text::parse(PUZZLE).unwrap();
    let img = queens::output::render::render(&r, &queens::output::render::Style::default(), &Default::default()).0;
    (queens::output::overlay::encode_png(&img), img.dimensions())
}

pub(crate) fn expected_queens() -> Vec<Value> {
    SOLUTION.iter().enumerate().map(|(r, &c)| serde_json::json!([r, c])).collect()
}

/// One request through the router, in-process: the status and the JSON body.
pub(crate) async fn call(opts: ServeOptions, method: &str, uri: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    // Beside other calls, never beside a test that measures the process (`HEAVY`).
    let _shared = HEAVY.read().await;
    call_held(opts, method, uri, body).await
}

/// [`call`] for a caller that already holds `HEAVY`.
pub(crate) async fn call_held(
    opts: ServeOptions,
    method: &str,
    uri: &str,
    body: impl Into<Body>,
) -> (StatusCode, Value) {
    let req = Request::builder().method(method).uri(uri).body(body.into()).unwrap();
    let res = router(opts).oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = axum::body::to_bytes(res.into_body(), usize::MAX).await.unwrap();
    let json = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("status {status}: body is not JSON ({e}): {}", String::from_utf8_lossy(&bytes)));
    (status, json)
}

pub(crate) async fn post(body: impl Into<Body>) -> (StatusCode, Value) {
    call(ServeOptions::default(), "POST", "/api/solve", body).await
}

pub(crate) fn error_kind(v: &Value) -> &str {
    v["error"]["kind"].as_str().unwrap_or_else(|| panic!("no error kind in {v}"))
}

#[tokio::test]
pub(crate) async fn health_reports_ok_and_version() {
    let (status, v) = call(ServeOptions::default(), "GET", "/api/health", Body::empty()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["ok"], true);
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
}

#[tokio::test]
pub(crate) async fn page_is_served_with_its_test_ids() {
    let req = Request::builder().uri("/").body(Body::empty()).unwrap();
    let res = router(ServeOptions::default()).oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let ct = res.headers()["content-type"].to_str().unwrap().to_string();
    assert!(ct.starts_with("text/html"), "{ct}");
    let html = String::from_utf8(axum::body::to_bytes(res.into_body(), usize::MAX).await.unwrap().to_vec()).unwrap();
    for id in [
        "file", "drop", "board", "error", "download", "hint", "why", "apply", "back", "walk", "solution", "words",
        "undo", "redo", "autox", "letters", "share", "new", "confirm", "practice", "win",
    ] {
        assert!(html.contains(&format!("id=\"{id}\"")), "the page lacks #{id}");
    }
    assert!(html.contains("name=\"viewport\""));
    // Offline: nothing is loaded from elsewhere; the scripts are the server's own modules.
    assert!(!html.contains("http://") && !html.contains("https://"), "the page references an outside URL");
    assert!(html.contains("<script type=\"module\" src=\"js/app.js\">"), "the page does not load its script");
    let mut imported = vec!["app.js".to_string()];
    let mut seen = Vec::new();
    while let Some(name) = imported.pop() {
        if seen.contains(&name) {
            continue;
        }
        let req = Request::builder().uri(format!("/js/{name}")).body(Body::empty()).unwrap();
        let res = router(ServeOptions::default()).oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{name}");
        assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/javascript"));
        let js = String::from_utf8(axum::body::to_bytes(res.into_body(), usize::MAX).await.unwrap().to_vec()).unwrap();
        assert!(!js.contains("http://") && !js.contains("https://"), "{name} references an outside URL");
        // Every module it imports is served too.
        for part in js.split("from \"./").skip(1) {
            imported.push(part.split('"').next().unwrap().to_string());
        }
        seen.push(name);
    }
    seen.sort();
    assert_eq!(seen, ["answers.js", "app.js", "board.js", "gestures.js", "practice.js"]);
    // Only its own files: another name under /js/ is not found.
    let req = Request::builder().uri("/js/../Cargo.toml").body(Body::empty()).unwrap();
    assert_eq!(router(ServeOptions::default()).oneshot(req).await.unwrap().status(), StatusCode::NOT_FOUND);
    let req = Request::builder().uri("/js/nope.js").body(Body::empty()).unwrap();
    assert_eq!(router(ServeOptions::default()).oneshot(req).await.unwrap().status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
pub(crate) async fn screenshot_is_solved_with_overlay_and_share_text() {
    let (png, size) = screenshot_png();
    let (status, v) = post(png).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["ok"], true);
    assert_eq!(v["input"], "upload");
    assert_eq!(v["n"], 9);
    assert_eq!(v["stars"], 1);
    assert_eq!(v["unique"], true);
    assert!(v["error"].is_null());
    assert_eq!(v["queens"].as_array().unwrap(), &expected_queens());
    assert_eq!(v["regions"].as_array().unwrap().len(), 9);
    assert_eq!(v["grid"]["n"], 9);

    let url = v["overlay"].as_str().expect("an overlay for a screenshot");
    let b64 = url.strip_prefix("data:image/png;base64,").expect("a PNG data URL");
    let png = base64::engine::general_purpose::STANDARD.decode(b64).unwrap();
    let overlay = image::load_from_memory(&png).unwrap();
    assert_eq!((overlay.width(), overlay.height()), size);

    let share = v["share"].as_str().expect("share text when solved");
    assert_eq!(share.lines().count(), 9);
    assert_eq!(share.matches('👑').count(), 9);
    for (r, line) in share.lines().enumerate() {
        let cells: Vec<char> = line.chars().collect();
        assert_eq!(cells.len(), 9, "row {r}: {line}");
        assert_eq!(cells[SOLUTION[r]], '👑', "row {r}: {line}");
    }
    // Every region letter has a display color.
    let colors = v["colors"].as_object().unwrap();
    assert_eq!(colors.len(), 9);
    assert!(colors.values().all(|c| c.as_str().is_some_and(|s| s.len() == 7 && s.starts_with('#'))));
}

#[tokio::test]
pub(crate) async fn text_puzzle_is_solved_without_overlay() {
    let (status, v) = post(PUZZLE).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["ok"], true);
    assert_eq!(v["queens"].as_array().unwrap(), &expected_queens());
    assert!(v["overlay"].is_null());
    assert!(v["share"].is_string());
    assert!(v.get("grid").is_none());
}

#[tokio::test]
pub(crate) async fn stars_query_is_used_and_checked() {
    // Two stars per row, column and region cannot fit this 9×9 Queens board's regions.
    let (status, v) = call(ServeOptions::default(), "POST", "/api/solve?stars=2", PUZZLE).await;
    assert_eq!(v["stars"], 2, "{v}");
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["ok"], false);
    assert!(v["share"].is_null());

    for bad in ["0", "11", "x", "-1"] {
        let (status, v) = call(ServeOptions::default(), "POST", &format!("/api/solve?stars={bad}"), PUZZLE).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "stars={bad}: {v}");
        assert_eq!(error_kind(&v), "bad-request");
    }
}

#[tokio::test]
pub(crate) async fn garbage_bytes_are_a_decode_error() {
    let (status, v) = post(vec![0u8, 159, 146, 150, 255, 254, 1, 2, 3, 200, 7]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["ok"], false);
    assert_eq!(error_kind(&v), "decode");
    assert!(v["overlay"].is_null() && v["share"].is_null());

    // A PNG signature followed by nonsense: an image that does not decode.
    let mut fake = b"\x89PNG\r\n\x1a\n".to_vec();
    fake.extend_from_slice(&[7u8; 64]);
    let (status, v) = post(fake).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(error_kind(&v), "decode");
}

#[tokio::test]
pub(crate) async fn plain_picture_has_no_grid() {
    let img = image::RgbImage::from_pixel(500, 400, image::Rgb([210, 180, 120]));
    let (status, v) = post(queens::output::overlay::encode_png(&img)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["ok"], false);
    assert_eq!(error_kind(&v), "no-grid");
    assert!(v["overlay"].is_null());
}

#[tokio::test]
pub(crate) async fn text_that_is_not_a_puzzle_is_a_parse_error() {
    let (status, v) = post("hello\nworld\n").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(error_kind(&v), "parse");
}

#[tokio::test]
pub(crate) async fn empty_body_is_400() {
    let (status, v) = post(Body::empty()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["ok"], false);
    assert_eq!(v["input"], "upload");
    assert!(v["error"]["message"].as_str().unwrap().contains("empty"));
}

#[tokio::test]
pub(crate) async fn body_over_the_limit_is_413() {
    let _shared = HEAVY.read().await;
    let big = vec![b'A'; 21 * 1024 * 1024];
    let (status, v) = call_held(ServeOptions::default(), "POST", "/api/solve", big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert_eq!(v["ok"], false);
    assert_eq!(error_kind(&v), "too-large");
}

#[tokio::test]
pub(crate) async fn no_free_slot_is_503() {
    let opts = ServeOptions { max_concurrent: 0, queue_wait: Duration::ZERO, ..ServeOptions::default() };
    let (status, v) = call(opts, "POST", "/api/solve", PUZZLE).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert_eq!(error_kind(&v), "busy");
}

#[tokio::test]
pub(crate) async fn unknown_path_is_a_json_404() {
    let (status, v) = call(ServeOptions::default(), "GET", "/nope", Body::empty()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(v["ok"], false);
}

/// This process's resident memory in kB.
#[tokio::test]
pub(crate) async fn a_hint_past_its_search_points_to_show_solution_not_a_command() {
    let Some(text) = common::beyond_a_hint() else { return };
    let (status, v) = call(ServeOptions::default(), "POST", "/api/hint?reveal=answer", text).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    // No step: the record's hint is null, and `stopped` says why and what the page offers.
    assert!(v["hint"].is_null(), "{v}");
    let said = v["stopped"].as_str().unwrap_or_else(|| panic!("a stopped sentence: {v}"));
    assert!(said.contains("within a hint's search") && said.contains("Show solution"), "{said}");
    assert!(!said.contains("queens explain"), "the page has no command line: {said}");
}

#[tokio::test]
pub(crate) async fn a_star_battle_text_puzzle_shares_star_emoji() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/starbattle-played.txt")).unwrap();
    let (status, v) = post(text).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["stars"], 2);
    let share = v["share"].as_str().expect("share text when solved");
    assert_eq!(share.matches('⭐').count(), 20, "{share}");
    assert!(!share.contains('👑'), "{share}");
}

#[tokio::test]
pub(crate) async fn why_about_a_star_battle_star_draws_a_star_outline_not_a_crown() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/starbattle-played.txt")).unwrap();
    let (status, v) = call(ServeOptions::default(), "POST", "/api/why?cell=r1c6&reveal=answer", text).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let url = v["overlay"].as_str().expect("a picture");
    let png =
        base64::engine::general_purpose::STANDARD.decode(url.strip_prefix("data:image/png;base64,").unwrap()).unwrap();
    let img = image::load_from_memory(&png).unwrap().to_rgb8();
    let b: Vec<f64> = v["board_box"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
    let px = b[2] / 10.0;
    // Row 1, column 6: a star outline's top point is far above a crown's top.
    let (cx, cy, size) = (b[0] + 5.5 * px, b[1] + 0.5 * px, 0.66 * px);
    let decided = |x: f64, y: f64| {
        (-1..=1).any(|d: i64| {
            (-1..=1).any(|e: i64| {
                img.get_pixel((x.round() as i64 + d) as u32, (y.round() as i64 + e) as u32).0 == [10, 110, 60]
            })
        })
    };
    assert!(decided(cx, cy - 0.47 * size), "no star point on row 1, column 6");
}
