//! `queens serve`: the page, the JSON API (in-process through the router), its
//! limits, and a bounded load test over real loopback HTTP with flat memory.

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{Request, StatusCode};
use base64::Engine as _;
use queens::app::serve::{router, ServeOptions};
use serde_json::Value;
use tower::ServiceExt as _;

const PUZZLE: &str =
    "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n";
/// The unique solution of [`PUZZLE`]: the queen's column in each row.
const SOLUTION: [usize; 9] = [0, 5, 8, 2, 7, 4, 1, 3, 6];

/// The 21 MB upload and the load test both move RSS; they never run at the same time.
static HEAVY: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A rendered screenshot of [`PUZZLE`] and its size.
fn screenshot_png() -> (Vec<u8>, (u32, u32)) {
    let r = queens::puzzle::text::parse(PUZZLE).unwrap();
    let img = queens::output::render::render(&r, &queens::output::render::Style::default(), &Default::default()).0;
    (queens::output::overlay::encode_png(&img), img.dimensions())
}

fn expected_queens() -> Vec<Value> {
    SOLUTION.iter().enumerate().map(|(r, &c)| serde_json::json!([r, c])).collect()
}

/// One request through the router, in-process: the status and the JSON body.
async fn call(opts: ServeOptions, method: &str, uri: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let req = Request::builder().method(method).uri(uri).body(body.into()).unwrap();
    let res = router(opts).oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = axum::body::to_bytes(res.into_body(), usize::MAX).await.unwrap();
    let json = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("status {status}: body is not JSON ({e}): {}", String::from_utf8_lossy(&bytes)));
    (status, json)
}

async fn post(body: impl Into<Body>) -> (StatusCode, Value) {
    call(ServeOptions::default(), "POST", "/api/solve", body).await
}

fn error_kind(v: &Value) -> &str {
    v["error"]["kind"].as_str().unwrap_or_else(|| panic!("no error kind in {v}"))
}

#[tokio::test]
async fn health_reports_ok_and_version() {
    let (status, v) = call(ServeOptions::default(), "GET", "/api/health", Body::empty()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["ok"], true);
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
}

#[tokio::test]
async fn page_is_served_with_its_test_ids() {
    let req = Request::builder().uri("/").body(Body::empty()).unwrap();
    let res = router(ServeOptions::default()).oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let ct = res.headers()["content-type"].to_str().unwrap().to_string();
    assert!(ct.starts_with("text/html"), "{ct}");
    let html = String::from_utf8(axum::body::to_bytes(res.into_body(), usize::MAX).await.unwrap().to_vec()).unwrap();
    for id in ["file", "drop", "overlay", "board", "error", "download", "copy"] {
        assert!(html.contains(&format!("id=\"{id}\"")), "the page lacks #{id}");
    }
    assert!(html.contains("name=\"viewport\""));
    // Offline: nothing is loaded from elsewhere.
    assert!(!html.contains("http://") && !html.contains("https://"), "the page references an outside URL");
}

#[tokio::test]
async fn screenshot_is_solved_with_overlay_and_share_text() {
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
async fn text_puzzle_is_solved_without_overlay() {
    let (status, v) = post(PUZZLE).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["ok"], true);
    assert_eq!(v["queens"].as_array().unwrap(), &expected_queens());
    assert!(v["overlay"].is_null());
    assert!(v["share"].is_string());
    assert!(v.get("grid").is_none());
}

#[tokio::test]
async fn stars_query_is_used_and_checked() {
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
async fn garbage_bytes_are_a_decode_error() {
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
async fn plain_picture_has_no_grid() {
    let img = image::RgbImage::from_pixel(500, 400, image::Rgb([210, 180, 120]));
    let (status, v) = post(queens::output::overlay::encode_png(&img)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["ok"], false);
    assert_eq!(error_kind(&v), "no-grid");
    assert!(v["overlay"].is_null());
}

#[tokio::test]
async fn text_that_is_not_a_puzzle_is_a_parse_error() {
    let (status, v) = post("hello\nworld\n").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(error_kind(&v), "parse");
}

#[tokio::test]
async fn empty_body_is_400() {
    let (status, v) = post(Body::empty()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["ok"], false);
    assert_eq!(v["input"], "upload");
    assert!(v["error"]["message"].as_str().unwrap().contains("empty"));
}

#[tokio::test]
async fn body_over_the_limit_is_413() {
    let _heavy = HEAVY.lock().await;
    let big = vec![b'A'; 21 * 1024 * 1024];
    let (status, v) = post(big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert_eq!(v["ok"], false);
    assert_eq!(error_kind(&v), "too-large");
}

#[tokio::test]
async fn no_free_slot_is_503() {
    let opts = ServeOptions { max_concurrent: 0, queue_wait: Duration::ZERO, ..ServeOptions::default() };
    let (status, v) = call(opts, "POST", "/api/solve", PUZZLE).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert_eq!(error_kind(&v), "busy");
}

#[tokio::test]
async fn unknown_path_is_a_json_404() {
    let (status, v) = call(ServeOptions::default(), "GET", "/nope", Body::empty()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(v["ok"], false);
}

/// This process's resident memory in kB.
fn rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).expect("VmRSS in /proc/self/status");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Sends `count` screenshot requests, `parallel` at a time; asserts every answer is a solve.
async fn load(client: &reqwest::Client, url: &str, body: &Bytes, count: usize, parallel: usize) {
    let next = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut workers = tokio::task::JoinSet::new();
    for _ in 0..parallel {
        let (client, url, body, next) = (client.clone(), url.to_string(), body.clone(), next.clone());
        workers.spawn(async move {
            while next.fetch_add(1, std::sync::atomic::Ordering::Relaxed) < count {
                let res = client.post(&url).body(body.clone()).send().await.expect("request sent");
                let status = res.status();
                let v: Value = res.json().await.expect("a JSON answer");
                assert_eq!(status, reqwest::StatusCode::OK, "{v}");
                assert_eq!(v["ok"], true, "{v}");
                assert_eq!(v["queens"].as_array().unwrap(), &expected_queens());
                assert!(v["overlay"].as_str().is_some_and(|s| s.starts_with("data:image/png;base64,")));
            }
        });
    }
    while let Some(done) = workers.join_next().await {
        done.expect("worker finished without a failed assertion");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn loopback_load_keeps_memory_flat() {
    let _heavy = HEAVY.lock().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    // Generous queueing: this test is about answers and memory, not about 503s.
    let opts = ServeOptions { queue_wait: Duration::from_secs(120), ..ServeOptions::default() };
    let server = tokio::spawn(queens::app::serve::serve_on(listener, opts));

    let client = reqwest::Client::new();
    let health: Value = client.get(format!("http://{addr}/api/health")).send().await.unwrap().json().await.unwrap();
    assert_eq!(health["ok"], true);

    let url = format!("http://{addr}/api/solve");
    let body = Bytes::from(screenshot_png().0);
    load(&client, &url, &body, 20, 8).await;
    let warm = rss_kb();
    load(&client, &url, &body, 180, 8).await;
    let after = rss_kb();
    eprintln!("RSS after 20 requests: {} MB, after 200: {} MB", warm / 1024, after / 1024);
    assert!(after <= 2 * warm + 50 * 1024, "memory grew from {warm} kB to {after} kB over 180 requests");
    server.abort();
}

#[tokio::test]
async fn a_puzzlink_body_and_stars_auto() {
    // A 10x10 2-star puzzle as a puzz.link link: its own K, or found by auto from the map.
    let url = "https://puzz.link/p?starbattle/10/10/2/18hgr163jh4181h4g8og5g201te2gg083us1";
    let (status, v) = call(ServeOptions::default(), "POST", "/api/solve", url).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!((v["stars"].as_u64(), v["puzzlink"].as_str()), (Some(2), Some(url)));
    let map = v["regions"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect::<Vec<_>>().join("\n");
    let (status, by_map) = call(ServeOptions::default(), "POST", "/api/solve?stars=auto", map).await;
    assert_eq!(status, StatusCode::OK, "{by_map}");
    assert_eq!((by_map["stars"].as_u64(), &by_map["queens"]), (Some(2), &v["queens"]));
}
