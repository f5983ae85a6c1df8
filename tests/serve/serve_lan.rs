//! `queens serve --lan`: nothing is answered without the access token (403), the
//! token opens everything (200) and is kept as a cookie, the default server on
//! loopback needs none, and the printed QR code decodes back to the printed URL.
//! The `--lan` server is bound to 127.0.0.1 (`--host`): no test sends anything
//! beyond loopback.

use std::io::{BufRead as _, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use queens::app::serve::{router, ServeOptions};
use serde_json::Value;
use tower::ServiceExt as _;

const TOKEN: &str = "Zm9vYmFyLXRva2VuLTEyMw";
const PUZZLE: &str = "12\n21\n";
const SOLVABLE: &str = "1112\n1222\n3334\n3444\n";

fn lan() -> ServeOptions {
    ServeOptions { token: Some(TOKEN.into()), ..ServeOptions::default() }
}

/// One request through the router, in-process: the status, the `Set-Cookie` header and the body.
async fn call(opts: ServeOptions, req: Request<Body>) -> (StatusCode, Option<String>, Vec<u8>) {
    let res = router(opts).oneshot(req).await.unwrap();
    let status = res.status();
    let cookie = res.headers().get(header::SET_COOKIE).map(|v| v.to_str().unwrap().to_string());
    let body = axum::body::to_bytes(res.into_body(), usize::MAX).await.unwrap().to_vec();
    (status, cookie, body)
}

fn get(uri: &str) -> axum::http::request::Builder {
    Request::builder().method("GET").uri(uri)
}

#[tokio::test]
async fn without_the_token_everything_is_403() {
    let requests = [
        get("/").body(Body::empty()).unwrap(),
        get("/api/health").body(Body::empty()).unwrap(),
        get("/no-such-page").body(Body::empty()).unwrap(),
        Request::builder().method("POST").uri("/api/solve").body(Body::from(SOLVABLE)).unwrap(),
        Request::builder().method("POST").uri("/api/hint?step=0").body(Body::from(SOLVABLE)).unwrap(),
        // A wrong token, in every place a token may be.
        get("/?token=wrong").body(Body::empty()).unwrap(),
        get(&format!("/?token={}", &TOKEN[..TOKEN.len() - 1])).body(Body::empty()).unwrap(),
        get("/api/health").header(header::COOKIE, "queens_token=wrong").body(Body::empty()).unwrap(),
        get("/api/health").header("x-queens-token", "wrong").body(Body::empty()).unwrap(),
        // The token under another name is no token.
        get(&format!("/?tok={TOKEN}")).body(Body::empty()).unwrap(),
        get("/").header(header::COOKIE, format!("other={TOKEN}")).body(Body::empty()).unwrap(),
    ];
    for req in requests {
        let what = format!("{} {}", req.method(), req.uri());
        let (status, cookie, body) = call(lan(), req).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{what}");
        assert_eq!(cookie, None, "{what}: a cookie was handed out");
        let v: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["error"]["kind"], "forbidden", "{what}: {v}");
        assert!(v["error"]["message"].as_str().unwrap().contains("serve --lan"), "{what}: {v}");
    }
}

#[tokio::test]
async fn the_token_opens_the_page_and_is_kept_as_a_cookie() {
    let (status, cookie, body) = call(lan(), get(&format!("/?token={TOKEN}")).body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(String::from_utf8(body).unwrap().contains("id=\"hint\""), "not the page");
    let cookie = cookie.expect("the first load sets the cookie");
    assert!(cookie.starts_with(&format!("queens_token={TOKEN};")), "{cookie}");
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "{cookie}");

    // What the page sends afterwards: the cookie, on the page and on the API.
    let pair = cookie.split(';').next().unwrap().to_string();
    let (status, again, _) = call(lan(), get("/").header(header::COOKIE, &pair).body(Body::empty()).unwrap()).await;
    assert_eq!((status, again), (StatusCode::OK, None));
    let req = Request::builder()
        .method("POST")
        .uri("/api/solve")
        .header(header::COOKIE, format!("theme=dark; {pair}"))
        .body(Body::from(SOLVABLE))
        .unwrap();
    let (status, _, body) = call(lan(), req).await;
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["ok"], true);
    assert_eq!(v["queens"], serde_json::json!([[0, 1], [1, 3], [2, 0], [3, 2]]));

    // A script may send the header instead; the token in the query works on the API too.
    let (status, _, _) =
        call(lan(), get("/api/health").header("x-queens-token", TOKEN).body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    let req =
        Request::builder().method("POST").uri(format!("/api/solve?stars=1&token={TOKEN}")).body(Body::from(PUZZLE));
    let (status, _, body) = call(lan(), req.unwrap()).await;
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "the unsolvable puzzle is answered, not refused: {v}");
    // With the token, an unknown path is still the JSON 404.
    let (status, _, _) = call(lan(), get("/nope").header("x-queens-token", TOKEN).body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_default_server_needs_no_token() {
    let (status, cookie, _) = call(ServeOptions::default(), get("/").body(Body::empty()).unwrap()).await;
    assert_eq!((status, cookie), (StatusCode::OK, None));
}

/// The modules of a QR code drawn with half blocks: two rows per line.
fn modules(lines: &[String]) -> Vec<Vec<bool>> {
    let mut rows = Vec::new();
    for line in lines {
        let (mut top, mut bottom) = (Vec::new(), Vec::new());
        for ch in line.chars() {
            let (t, b) = match ch {
                '█' => (true, true),
                '▀' => (true, false),
                '▄' => (false, true),
                ' ' => (false, false),
                other => panic!("not a half block: {other:?} in {line:?}"),
            };
            top.push(t);
            bottom.push(b);
        }
        rows.push(top);
        rows.push(bottom);
    }
    rows
}

/// Decodes a QR code drawn with half blocks back to its text.
fn decode(lines: &[String]) -> String {
    let rows = modules(lines);
    let (scale, margin) = (6, 4);
    assert!(rows.iter().all(|r| r.len() == rows[0].len()), "ragged QR lines");
    // A light margin of four modules more, as on paper.
    let (w, h) = ((rows[0].len() + 2 * margin) * scale, (rows.len() + 2 * margin) * scale);
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| {
        let (x, y) = ((x / scale).checked_sub(margin), (y / scale).checked_sub(margin));
        let dark = x.zip(y).and_then(|(x, y)| rows.get(y)?.get(x).copied()).unwrap_or(false);
        if dark {
            0
        } else {
            255
        }
    });
    let grids = img.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code");
    grids[0].decode().expect("the QR code decodes").1
}

#[tokio::test]
async fn serve_lan_prints_a_url_with_a_token_and_its_qr_code() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["serve", "--lan", "--host", "127.0.0.1", "--port", "0"])
        .env_remove("NO_COLOR")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    // The banner, read on a thread so that a silent server fails the test instead of hanging it.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut lines = Vec::new();
    while let Ok(line) = rx.recv_timeout(Duration::from_secs(20)) {
        lines.push(line);
        // The URL line, the note, then the code: a blank quiet-zone line opens and closes it.
        if lines.len() > 4 && lines.last().is_some_and(|l| l.trim().is_empty()) {
            break;
        }
    }
    let url = lines[0].strip_prefix("queens: serving on ").unwrap_or_else(|| panic!("banner: {lines:?}")).to_string();
    let token = url.split_once("/?token=").map(|(_, t)| t.to_string()).unwrap_or_else(|| panic!("no token in {url}"));
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    assert_eq!(token.len(), 22, "128 bits as URL-safe base64: {token}");
    assert!(token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{token}");
    assert!(lines[1].contains("403"), "{lines:?}");
    let qr = &lines[2..];
    assert!(qr.len() >= 12, "a QR code of half blocks: {qr:?}");
    assert_eq!(decode(qr), url, "the QR code is the URL");

    // Over loopback, as a phone would: the URL opens the page, the bare address does not.
    let client = reqwest::Client::builder().timeout(Duration::from_secs(10)).build().unwrap();
    let page = client.get(&url).send().await.unwrap();
    assert_eq!(page.status(), reqwest::StatusCode::OK);
    assert!(page.headers().get("set-cookie").is_some());
    let bare = url.split_once("/?").unwrap().0.to_string();
    assert_eq!(client.get(format!("{bare}/")).send().await.unwrap().status(), reqwest::StatusCode::FORBIDDEN);
    assert_eq!(
        client.post(format!("{bare}/api/solve")).body(SOLVABLE).send().await.unwrap().status(),
        reqwest::StatusCode::FORBIDDEN
    );
    child.kill().unwrap();
    child.wait().unwrap();
}

/// Issue 35, item 12: a stale cookie (from an earlier run, another token) does not
/// hide the right token in the header or the query; the cookie is replaced.
#[tokio::test]
async fn the_right_token_wins_over_a_stale_cookie() {
    let stale = "queens_token=Zm9vYmFyLXRva2VuLTAwMA";
    let by_header = get("/api/health").header(header::COOKIE, stale).header("x-queens-token", TOKEN);
    let (status, cookie, _) = call(lan(), by_header.body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(cookie.is_some_and(|c| c.starts_with(&format!("queens_token={TOKEN};"))), "the stale cookie is replaced");
    let by_query = get(&format!("/?token={TOKEN}")).header(header::COOKIE, format!("other=1; {stale}"));
    let (status, cookie, _) = call(lan(), by_query.body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(cookie.is_some_and(|c| c.starts_with(&format!("queens_token={TOKEN};"))));
    // A stale cookie alone is still no token.
    let (status, _, _) =
        call(lan(), get("/api/health").header(header::COOKIE, stale).body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
