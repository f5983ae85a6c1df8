//! `queens serve`: a small local web server around the pipeline.
//!
//! It owns the HTTP side only: one embedded page (`GET /`, plain HTML + CSS + JS,
//! works offline), `POST /api/solve` (the raw screenshot or text puzzle as the
//! body, answered with the same JSON record as `queens solve --json` plus the
//! overlay as a data URL and the emoji share text), and `GET /api/health`.
//! Solving is [`pipeline::solve_bytes`]; drawing is [`overlay`]; the record is
//! [`report::Record`]. Nothing here solves or draws by itself.
//!
//! Every request is bounded: the body size ([`ServeOptions::body_limit`], 413),
//! the number of solves at once ([`ServeOptions::max_concurrent`], 503 after
//! waiting [`ServeOptions::queue_wait`] for a slot), and the time per request
//! ([`ServeOptions::request_timeout`], 504). A panic while solving becomes a 500
//! with a JSON error; the server keeps running.
//!
//! Status codes of `POST /api/solve`: 200 solved; 400 empty body or a bad query;
//! 413 too large; 422 the input was read but could not be solved (or could not be
//! read at all), with the record's `error` object; 500, 503, 504 as above.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine as _;
use serde_json::{json, Value};
use tokio::sync::Semaphore;

use crate::error::Error;
use crate::output::overlay;
use crate::output::report::{self, Record};
use crate::pipeline::{self, Config, Outcome};
use crate::puzzle;
use crate::solve::stars::Stars;

/// The page served at `/`, embedded in the binary.
const PAGE: &str = include_str!("serve_page.html");

/// What the `input` field of every API record says.
const INPUT_NAME: &str = "upload";

/// Settings of the server.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// Per-puzzle settings (time limit, split regions, largest image side, stars).
    /// A request's `?stars=K` fixes K for that request (`?stars=auto` or none: `config.stars`).
    pub config: Config,
    /// Largest request body accepted, in bytes (bigger gets 413).
    pub body_limit: usize,
    /// Solves running at once; more requests wait for a slot.
    pub max_concurrent: usize,
    /// How long a request waits for a free slot before it gets 503.
    pub queue_wait: Duration,
    /// How long a request may take once it has a slot before it gets 504.
    pub request_timeout: Duration,
}

impl Default for ServeOptions {
    /// 20 MiB bodies, two solves per core, 5 s of queueing, 30 s per request.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        ServeOptions {
            config: Config::default(),
            body_limit: 20 << 20,
            max_concurrent: 2 * cores,
            queue_wait: Duration::from_secs(5),
            request_timeout: Duration::from_secs(30),
        }
    }
}

/// Shared by every request.
struct AppState {
    opts: ServeOptions,
    slots: Arc<Semaphore>,
}

/// The query of `POST /api/solve`.
#[derive(Debug, serde::Deserialize)]
struct SolveQuery {
    stars: Option<String>,
}

/// The server's routes, ready to be served or driven in tests (`tower::ServiceExt::oneshot`).
pub fn router(opts: ServeOptions) -> Router {
    let limit = opts.body_limit;
    let state = Arc::new(AppState { slots: Arc::new(Semaphore::new(opts.max_concurrent)), opts });
    Router::new()
        .route("/", get(page))
        .route("/api/health", get(health))
        .route("/api/solve", post(solve).layer(DefaultBodyLimit::max(limit)))
        .fallback(not_found)
        .with_state(state)
}

/// Binds `addr`, prints `queens: serving on http://ADDR` on standard output, and
/// serves until Ctrl+C (or SIGTERM).
pub async fn serve(addr: SocketAddr, opts: ServeOptions) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    println!("queens: serving on http://{local}");
    if !local.ip().is_loopback() {
        eprintln!("queens: warning: {} is reachable from other machines", local.ip());
    }
    serve_on(listener, opts).await
}

/// Serves on an already bound listener (tests bind `127.0.0.1:0`) until Ctrl+C (or SIGTERM).
pub async fn serve_on(listener: tokio::net::TcpListener, opts: ServeOptions) -> std::io::Result<()> {
    axum::serve(listener, router(opts)).with_graceful_shutdown(shutdown_signal()).await
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

async fn page() -> Response {
    let mut res = Html(PAGE).into_response();
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    res
}

async fn health() -> Json<Value> {
    Json(json!({ "ok": true, "version": env!("CARGO_PKG_VERSION") }))
}

async fn not_found() -> Response {
    error_response(StatusCode::NOT_FOUND, "not-found", "no such page; the API is POST /api/solve")
}

/// A JSON error that did not come from the pipeline (`too-large`, `busy`, `timeout`, …).
fn error_response(status: StatusCode, kind: &str, message: impl Into<String>) -> Response {
    let body = json!({ "input": INPUT_NAME, "ok": false, "error": { "kind": kind, "message": message.into() } });
    (status, Json(body)).into_response()
}

async fn solve(
    State(state): State<Arc<AppState>>,
    query: Result<Query<SolveQuery>, QueryRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let body = match body {
        Ok(b) => b,
        Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            let mib = state.opts.body_limit as f64 / f64::from(1 << 20);
            return error_response(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too-large",
                format!("the upload is larger than the {mib:.0} MiB limit"),
            );
        }
        Err(e) => return error_response(e.status(), "io", format!("cannot read the upload: {}", e.body_text())),
    };
    let mut config = state.opts.config.clone();
    let stars = match query {
        Ok(Query(SolveQuery { stars: None })) => Some(config.stars),
        Ok(Query(SolveQuery { stars: Some(s) })) if s.trim().eq_ignore_ascii_case("auto") => Some(Stars::Auto),
        Ok(Query(SolveQuery { stars: Some(s) })) => {
            s.trim().parse::<usize>().ok().filter(|k| (1..=10).contains(k)).map(Stars::Fixed)
        }
        Err(_) => None,
    };
    let Some(stars) = stars else {
        return error_response(
            StatusCode::BAD_REQUEST,
            "bad-request",
            "stars must be auto or a whole number from 1 to 10",
        );
    };
    config.stars = stars;
    if let Stars::Fixed(k) = stars {
        config.solve.stars = k;
    }
    if body.is_empty() {
        let outcome = Outcome::failed(Error::Decode { reason: "the upload is empty".into() });
        return (StatusCode::BAD_REQUEST, Json(record_json(&outcome, config.solve.stars, None))).into_response();
    }

    let Ok(permit) = tokio::time::timeout(state.opts.queue_wait, Arc::clone(&state.slots).acquire_owned()).await else {
        let mut res = error_response(StatusCode::SERVICE_UNAVAILABLE, "busy", "the server is busy; try again shortly");
        res.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
        return res;
    };
    let Ok(permit) = permit else {
        return error_response(StatusCode::SERVICE_UNAVAILABLE, "busy", "the server is shutting down");
    };
    // The permit moves into the blocking task: a solve that outlives its request's
    // timeout still holds its slot until it really ends, so the bound is real.
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        solve_upload(&body, &config)
    });
    match tokio::time::timeout(state.opts.request_timeout, task).await {
        Ok(Ok((status, value))) => (status, Json(value)).into_response(),
        Ok(Err(join)) => {
            let what = if join.is_panic() { "the solver crashed on this input" } else { "the solve was cancelled" };
            error_response(StatusCode::INTERNAL_SERVER_ERROR, "internal", what)
        }
        Err(_) => error_response(
            StatusCode::GATEWAY_TIMEOUT,
            "timeout",
            format!("solving took longer than {} s", state.opts.request_timeout.as_secs_f64()),
        ),
    }
}

/// Solves one upload (on a blocking thread): the status and the JSON answer.
fn solve_upload(bytes: &[u8], config: &Config) -> (StatusCode, Value) {
    let (outcome, picture) = pipeline::solve_bytes(bytes, false, config);
    // The picture is not needed afterwards: draw on it rather than on a copy.
    let overlay = match (picture, &outcome.result) {
        (Some(mut pic), Ok(placement)) => pic.grid.map(|grid| {
            overlay::draw_mut(&mut pic.image, &grid, placement);
            let png = overlay::encode_png(&pic.image);
            format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png))
        }),
        _ => None,
    };
    let status = if outcome.result.is_ok() { StatusCode::OK } else { StatusCode::UNPROCESSABLE_ENTITY };
    (status, record_json(&outcome, config.solve.stars, overlay))
}

/// The `--json` record of `outcome`, plus `overlay`, `share` and `colors` (each
/// region letter's display color as `#rrggbb`: the screenshot's own, or the game's palette).
fn record_json(outcome: &Outcome, stars: usize, overlay: Option<String>) -> Value {
    let record = Record::new(INPUT_NAME, stars, outcome);
    let mut value = serde_json::to_value(&record).expect("records always serialize");
    let share = match (&outcome.regions, &outcome.result) {
        (Some(regions), Ok(placement)) => Some(report::share_text(regions, placement, outcome.colors.as_deref())),
        _ => None,
    };
    let colors = outcome.regions.as_ref().map(|regions| {
        (0..regions.region_count())
            .map(|label| {
                let [r, g, b] = report::region_color(outcome.colors.as_deref(), label);
                (puzzle::region_letter(label).to_string(), Value::String(format!("#{r:02x}{g:02x}{b:02x}")))
            })
            .collect::<serde_json::Map<_, _>>()
    });
    if let Value::Object(map) = &mut value {
        map.insert("overlay".into(), overlay.map_or(Value::Null, Value::String));
        map.insert("share".into(), share.map_or(Value::Null, Value::String));
        map.insert("colors".into(), colors.map_or(Value::Null, Value::Object));
    }
    value
}
