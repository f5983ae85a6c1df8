//! `queens serve`: a small local web server around the pipeline.
//!
//! It owns the HTTP side only: one embedded page (`GET /`, plain HTML + CSS + JS,
//! works offline), `POST /api/solve` (the raw screenshot or text puzzle as the
//! body, answered with the same JSON record as `queens solve --json` plus the
//! overlay as a data URL and the emoji share text), `POST /api/hint?step=N&reveal=R`
//! and `POST /api/why?cell=r3c5&reveal=R` (the same bodies, answered with the
//! records of `queens hint --json` and `queens why --json` as far as the reveal
//! asked for, with that reveal's picture: see [`player`]), and `GET /api/health`.
//! Solving is [`pipeline::solve_bytes`]; drawing is [`overlay`]; the record is
//! [`report::Record`]. Nothing here solves or draws by itself.
//!
//! Every request is bounded: the body size ([`ServeOptions::body_limit`], 413),
//! the number of solves at once ([`ServeOptions::max_concurrent`], 503 after
//! waiting [`ServeOptions::queue_wait`] for a slot), the bodies held at once
//! ([`ServeOptions::upload_budget`], counted as they arrive, see `upload`), the
//! memory that the running solves' pictures and their answers may take together
//! ([`ServeOptions::memory_budget`], estimated from each picture's header before
//! it is decoded, see `budget`, and waited for like a slot), and the time per request
//! ([`ServeOptions::request_timeout`], 504). A panic while
//! solving becomes a 500 with a JSON error, and so does a solve whose thread cannot
//! start (the process's thread limit); the server keeps running.
//!
//! Every connection is bounded too, so slow or idle clients cannot hold the
//! server's file descriptors: headers must arrive within
//! [`ServeOptions::header_timeout`] (else the connection is closed), a body within
//! [`ServeOptions::body_timeout`] (408, closed), an answer is taken at least a byte
//! every [`ServeOptions::write_timeout`] (else the connection is cut, see `stall`;
//! until sent, the answer counts in the memory budget), and at most
//! [`ServeOptions::max_connections`] are open at once: at the cap the oldest
//! connection not being answered is closed to make room, and only when all are
//! being answered is a new one answered 503 and closed.
//!
//! With [`ServeOptions::token`] (`queens serve --lan`), every request must carry
//! the access token, or gets 403 (see [`lan`]). And whatever the mode, a request
//! from another site's page (`Origin`) or to another name (`Host`, DNS rebinding)
//! gets 403 (see `origin`).
//!
//! Status codes of `POST /api/solve`: 200 solved; 400 empty body or a bad query;
//! 408 body too slow; 413 too large; 422 the input was read but could not be
//! solved (or could not be read at all), with the record's `error` object; 500,
//! 503, 504 as above.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::sync::Semaphore;

use crate::app::budget;
use crate::error::Error;
use crate::output::overlay;
use crate::output::report::{self, Record};
use crate::pipeline::{self, Config, Outcome};
use crate::puzzle::Cell;
use crate::solve::logic::Reveal;
use crate::solve::stars::Stars;

mod connections;
mod job;
pub mod lan;
mod options;
mod origin;
mod player;
mod practice;
mod reply;
mod stall;
mod state;
mod upload;

pub use options::{ServeOptions, DEFAULT_MEMORY_BUDGET, DEFAULT_TIME_LIMIT};
use player::{colors_json, Stage};
use reply::{error_response, INPUT_NAME};
use state::{permits, AppState, ClientSlot};

/// The page served at `/`, embedded in the binary.
const PAGE: &str = include_str!("serve/page/index.html");
/// The page's scripts, served at `/js/NAME` as JavaScript modules (no build step:
/// the browser loads them as they are): the live board, its gestures, the
/// questions and answers, practice, and the page that wires them.
const SCRIPTS: [(&str, &str); 5] = [
    ("app.js", include_str!("serve/page/app.js")),
    ("board.js", include_str!("serve/page/board.js")),
    ("gestures.js", include_str!("serve/page/gestures.js")),
    ("answers.js", include_str!("serve/page/answers.js")),
    ("practice.js", include_str!("serve/page/practice.js")),
];

/// The query of `POST /api/solve`, `POST /api/hint` and `POST /api/why`.
#[derive(Debug, serde::Deserialize)]
struct SolveQuery {
    stars: Option<String>,
    /// `/api/hint` only: how many steps to take first (0: the first hint).
    step: Option<String>,
    /// `/api/hint` and `/api/why`: how much to show: `nudge` (the default), `reason`
    /// or `answer`; `/api/hint` also takes `board` (the player's board alone).
    reveal: Option<String>,
    /// `/api/why` only: the cell asked about, as on the board (`r3c5`).
    cell: Option<String>,
    /// `1` (or `true`): region letters on the pictures, regions named by colour and letter.
    letters: Option<String>,
    /// `/api/hint` and `/api/why`: `none` answers without a picture (the page's live
    /// board draws the answer itself); `png` (the default) draws the stage's picture.
    picture: Option<String>,
}

/// What an upload is answered with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answer {
    /// The solution (`/api/solve`).
    Solve,
    /// The next step after `n` steps from the player's marks (`/api/hint?step=n`),
    /// as far as one stage (`&reveal=board|nudge|reason|answer`), with its picture
    /// or not (`&picture=none`).
    Hint(usize, Stage, bool),
    /// "Why?" about one cell of the player's board (`/api/why?cell=r3c5`), as far
    /// as one reveal (`&reveal=nudge|reason|answer`), with its picture or not.
    Why(Cell, Reveal, bool),
}

/// Which route an upload came in by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Route {
    Solve,
    Hint,
    Why,
}

/// The server's routes, ready to be served or driven in tests (`tower::ServiceExt::oneshot`).
pub fn router(opts: ServeOptions) -> Router {
    let memory_permits = upload::permits_for(opts.memory_budget);
    let token = opts.token.clone();
    let served = origin::Served(opts.address);
    let state = Arc::new(AppState {
        slots: Arc::new(Semaphore::new(opts.max_concurrent)),
        memory: Arc::new(Semaphore::new(memory_permits as usize)),
        memory_permits,
        uploads: Arc::new(Semaphore::new(
            (upload::permits_for(opts.upload_budget as u64) as usize).min(Semaphore::MAX_PERMITS),
        )),
        clients: Arc::default(),
        opts,
    });
    let router = Router::new()
        .route("/", get(page))
        .route("/js/{name}", get(script))
        .route("/api/health", get(health))
        .route("/api/solve", post(solve))
        .route("/api/hint", post(hint))
        .route("/api/why", post(why))
        .route("/api/generate", post(practice::new_puzzle))
        .fallback(not_found)
        .with_state(state);
    let router = match token {
        // Outside every route and the fallback: nothing is answered without the token.
        Some(token) => router.layer(axum::middleware::from_fn_with_state(Arc::<str>::from(token), lan::require_token)),
        None => router,
    };
    // Outermost: another site's page is refused before anything else is looked at.
    router.layer(axum::middleware::from_fn_with_state(served, origin::same_origin))
}

/// Binds `addr`, prints `queens: serving on http://ADDR` on standard output, and
/// serves until Ctrl+C (or SIGTERM). With a token, the URL carries it and is
/// printed again as a QR code (black on white when `color`).
pub async fn serve(addr: SocketAddr, opts: ServeOptions, color: bool) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    match &opts.token {
        Some(token) => {
            let url = format!("http://{local}/?token={token}");
            println!("queens: serving on {url}");
            println!("queens: open it on a phone on the same network (or scan the code); without the token: 403");
            print!("{}", lan::qr_text(&url, color));
        }
        None => {
            println!("queens: serving on http://{local}");
            if !local.ip().is_loopback() {
                eprintln!("queens: warning: {} is reachable from other machines", local.ip());
            }
        }
    }
    serve_on(listener, opts).await
}

/// Serves on an already bound listener (tests bind `127.0.0.1:0`) until Ctrl+C (or SIGTERM).
pub async fn serve_on(listener: tokio::net::TcpListener, mut opts: ServeOptions) -> std::io::Result<()> {
    opts.address = Some(listener.local_addr()?);
    connections::serve(listener, router(opts.clone()), opts, shutdown_signal()).await
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

async fn script(axum::extract::Path(name): axum::extract::Path<String>) -> Response {
    let Some(&(_, script)) = SCRIPTS.iter().find(|(n, _)| *n == name) else { return not_found().await };
    let mut res = ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], script).into_response();
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    res
}

async fn health() -> Json<Value> {
    Json(json!({ "ok": true, "version": env!("CARGO_PKG_VERSION") }))
}

async fn not_found() -> Response {
    error_response(
        StatusCode::NOT_FOUND,
        "not-found",
        "no such page; the API is POST /api/solve, /api/hint, /api/why and /api/generate",
    )
}

async fn solve(
    state: State<Arc<AppState>>,
    query: Result<Query<SolveQuery>, QueryRejection>,
    request: Request,
) -> Response {
    answer(state, query, request, Route::Solve).await
}

async fn hint(
    state: State<Arc<AppState>>,
    query: Result<Query<SolveQuery>, QueryRejection>,
    request: Request,
) -> Response {
    answer(state, query, request, Route::Hint).await
}

async fn why(
    state: State<Arc<AppState>>,
    query: Result<Query<SolveQuery>, QueryRejection>,
    request: Request,
) -> Response {
    answer(state, query, request, Route::Why).await
}

/// Reads an upload within its deadline, waits for room and a slot, and answers it
/// with the solution or a hint.
async fn answer(
    State(state): State<Arc<AppState>>,
    query: Result<Query<SolveQuery>, QueryRejection>,
    request: Request,
    route: Route,
) -> Response {
    // The body is read here rather than by an extractor, so that it has a deadline
    // and its room.
    let answering = request.extensions().get::<connections::Answering>().cloned();
    let peer = request.extensions().get::<connections::Peer>().map(|p| p.0);
    // Every wait for a turn (the client's slot, room, a shared slot) ends by one deadline.
    let give_up = tokio::time::Instant::now() + state.opts.queue_wait;
    // The client's own slot comes before a byte of the body is read, so a body
    // waiting for it stays in the client's socket; what is read counts in the
    // uploads budget as it arrives (see `upload`).
    let own = match ClientSlot::of(&state, peer, give_up).await {
        Ok(own) => own,
        Err(refused) => return refused,
    };
    let limits = upload::Limits {
        size: state.opts.body_limit,
        deadline: tokio::time::Instant::now() + state.opts.body_timeout,
        wait: state.opts.queue_wait,
    };
    let read = upload::read(request.into_body(), &state.uploads, &limits).await;
    // From here on the connection is being answered: never closed to make room.
    if let Some(connections::Answering(flag)) = answering {
        flag.store(true, std::sync::atomic::Ordering::Release);
    }
    let (body, body_room) = match read {
        Ok(read) => read,
        Err(refused) => return refused.response(&limits, state.opts.body_timeout),
    };
    if let Err(rejection) = &query {
        return error_response(StatusCode::BAD_REQUEST, "bad-request", reply::query_problem(rejection));
    }
    let mut config = state.opts.config.clone();
    let (stage, letters, picture) = match &query {
        Ok(Query(q)) => (
            Stage::parse(q.reveal.as_deref()),
            matches!(q.letters.as_deref().map(str::trim), Some("1" | "true" | "yes" | "on")),
            match q.picture.as_deref().map(str::trim) {
                None => Some(true),
                Some(p) if p.eq_ignore_ascii_case("png") => Some(true),
                Some(p) if p.eq_ignore_ascii_case("none") => Some(false),
                Some(_) => None,
            },
        ),
        Err(_) => (None, false, Some(true)),
    };
    let Some(picture) = picture else {
        return error_response(StatusCode::BAD_REQUEST, "bad-request", "picture must be png or none");
    };
    let reveal = match stage {
        Some(Stage::Reveal(r)) => Some(r),
        _ => None,
    };
    let Some(stage) = stage.filter(|_| reveal.is_some() || route == Route::Hint) else {
        let what = if route == Route::Hint { "board, nudge, reason or answer" } else { "nudge, reason or answer" };
        return error_response(StatusCode::BAD_REQUEST, "bad-request", format!("reveal must be {what}"));
    };
    config.letters = letters;
    let (stars, step) = match &query {
        Ok(Query(q)) => (
            match q.stars.as_deref().map(str::trim) {
                None => Some(config.stars),
                Some(s) if s.eq_ignore_ascii_case("auto") => Some(Stars::Auto),
                Some(s) => s.parse::<usize>().ok().filter(|k| (1..=10).contains(k)).map(Stars::Fixed),
            },
            q.step.as_deref().map_or(Some(0), |s| s.trim().parse::<usize>().ok().filter(|&n| n <= 10_000)),
        ),
        Err(_) => (None, None),
    };
    let Some(stars) = stars else {
        return error_response(
            StatusCode::BAD_REQUEST,
            "bad-request",
            "stars must be auto or a whole number from 1 to 10",
        );
    };
    let Some(step) = step else {
        return error_response(StatusCode::BAD_REQUEST, "bad-request", "step must be a whole number from 0");
    };
    let what = match route {
        Route::Solve => Answer::Solve,
        Route::Hint => Answer::Hint(step, stage, picture),
        Route::Why => {
            let asked = query.as_ref().ok().and_then(|Query(q)| q.cell.clone());
            let Some(asked) = asked else {
                return error_response(
                    StatusCode::BAD_REQUEST,
                    "bad-request",
                    "say which cell: ?cell=r3c5 (row 3, column 5)",
                );
            };
            match (crate::app::cells::cell_arg(&asked), reveal) {
                (Ok(cell), Some(reveal)) => Answer::Why(cell, reveal, picture),
                (Err(e), _) => return error_response(StatusCode::BAD_REQUEST, "bad-request", e),
                (_, None) => unreachable!("checked with the reveal above"),
            }
        }
    };
    config.stars = stars;
    if let Stars::Fixed(k) = stars {
        config.solve.stars = k;
    }
    if body.is_empty() {
        let outcome = Outcome::failed(Error::Decode { reason: "the upload is empty".into() }, config.solve.stars);
        return (StatusCode::BAD_REQUEST, Json(record_json(&outcome, config.letters, None))).into_response();
    }

    // Room for what reading it and building its answer take next, then a shared
    // slot, within the same deadline; the body keeps its own room until it is dropped.
    let wanted = permits(&state, cost(&body, &config, what));
    job::run(&state, own, give_up, wanted, move || {
        let answer = match what {
            Answer::Solve => solve_upload(&body, &config),
            Answer::Hint(step, stage, picture) => player::hint_upload(&body, &config, step, (stage, picture)),
            Answer::Why(cell, reveal, picture) => player::why_upload(&body, &config, cell, (reveal, picture)),
        };
        drop((body, body_room));
        answer
    })
    .await
}

/// The memory that answering `body` with `what` may take, charged to the budget
/// before it runs: reading it ([`budget::estimate`]), and for a picture answered
/// with a picture, that answer's buffers ([`budget::answer_cost`]), both from the
/// picture's header.
fn cost(body: &[u8], config: &Config, what: Answer) -> u64 {
    let estimate = budget::estimate(body, body.len() as u64, config);
    let drawn = match what {
        Answer::Solve => true,
        Answer::Hint(_, _, picture) | Answer::Why(_, _, picture) => picture,
    };
    match estimate.size {
        Some((w, h)) if drawn => estimate.read + budget::answer_cost(w, h),
        _ => estimate.read,
    }
}

/// Solves one upload (on a blocking thread): the status and the JSON answer.
fn solve_upload(bytes: &[u8], config: &Config) -> (StatusCode, Value) {
    let (outcome, picture) = pipeline::solve_bytes(bytes, false, config);
    // The picture is not needed afterwards: draw on it rather than on a copy.
    let overlay = match (picture, &outcome.result) {
        (Some(mut pic), Ok(placement)) => pic.grid.map(|grid| {
            if let (true, Some(regions)) = (config.letters, &outcome.regions) {
                crate::output::letters::draw_mut(&mut pic.image, &grid, regions);
            }
            let glyph = overlay::Glyph::for_board(outcome.k, outcome.from_borders);
            overlay::solved_mut(
                &mut pic.image,
                &grid,
                placement,
                outcome.marks.as_ref(),
                &outcome.wrong_marks(),
                glyph,
            );
            reply::png_data_url(pic.image)
        }),
        _ => None,
    };
    let status = if outcome.result.is_ok() { StatusCode::OK } else { StatusCode::UNPROCESSABLE_ENTITY };
    (status, record_json(&outcome, config.letters, overlay))
}

/// The `--json` record of `outcome`, plus `overlay`, `share`, `colors` (each
/// region letter's display color as `#rrggbb`: the screenshot's own, or the game's
/// palette), `piece` (what the board's pieces are called) and `letters` (whether
/// the picture carries the region letters).
fn record_json(outcome: &Outcome, letters: bool, overlay: Option<String>) -> Value {
    let record = Record::new(INPUT_NAME, outcome);
    let mut value = serde_json::to_value(&record).expect("records always serialize");
    let glyph = overlay::Glyph::for_board(outcome.k, outcome.from_borders);
    let share = match (&outcome.regions, &outcome.result) {
        (Some(regions), Ok(placement)) => {
            let colors = crate::output::palette::display_colors(outcome);
            Some(report::share_text(regions, placement, colors.as_deref(), glyph))
        }
        _ => None,
    };
    let colors = colors_json(outcome);
    if let Value::Object(map) = &mut value {
        map.insert("piece".into(), glyph.name().into());
        map.insert("letters".into(), letters.into());
        map.insert("overlay".into(), overlay.map_or(Value::Null, Value::String));
        map.insert("share".into(), share.map_or(Value::Null, Value::String));
        map.insert("colors".into(), colors.unwrap_or(Value::Null));
    }
    value
}
