//! `POST /api/generate`: a new puzzle to practise on, made by the project's own
//! generator ([`crate::generate`]), unique and at the grade asked for, as the text
//! puzzle the page then plays on its live board like any other position.
//!
//! The page offers Queens from 6×6 to 11×11 at every grade, and Star Battle 10×10
//! with 2 stars and 14×14 with 3 at the grades the generator makes for them (hard
//! and expert: their easier grades are rare enough that the generator's search
//! gives up). The endpoint takes any board up to [`MAX_SIZE`] that the generator
//! accepts, and bounds its work by the server's time limit: seeds are tried one
//! after another, each within what is left, so a seed whose search gives up
//! costs only its own share.

use std::time::{Duration, Instant};

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, Request, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::{json, Value};

use super::connections;
use super::reply::error_response;
use super::state::{permits, AppState, ClientSlot};

use super::reply::INPUT_NAME;
use crate::generate::{self, Spec, Target};
use crate::output::report::ErrorJson;
use crate::puzzle::text;
use crate::solve::logic::Grade;

/// The largest board side the page may ask for: the generator makes bigger ones,
/// but they take longer than a page should wait.
pub(super) const MAX_SIZE: usize = 14;

/// The memory a puzzle's making is charged in the server's budget: its boards and
/// the solver's work on them, a few megabytes at these sizes.
pub(super) const MEMORY: u64 = 16 << 20;

/// The longest one seed may take before the next is tried.
const PER_SEED: Duration = Duration::from_secs(6);

/// What `/api/generate?size=N&stars=K&grade=G&seed=S` asks for, checked.
#[derive(Debug, Clone, Copy)]
pub(super) struct Ask {
    n: usize,
    stars: usize,
    grade: Grade,
    seed: u64,
}

impl Ask {
    /// The query's values: `size` 5–[`MAX_SIZE`], `stars` (default 1), `grade`
    /// (`easy`, `medium`, `hard` or `expert`; default `medium`), `seed` (default:
    /// `fallback`, from the clock). `Err` says what is wrong, for a 400.
    pub(super) fn parse(
        size: Option<&str>,
        stars: Option<&str>,
        grade: Option<&str>,
        seed: Option<&str>,
        fallback: u64,
    ) -> Result<Ask, String> {
        let number = |v: Option<&str>, default: usize| v.map_or(Some(default), |s| s.trim().parse::<usize>().ok());
        let n = number(size, 8)
            .filter(|n| (5..=MAX_SIZE).contains(n))
            .ok_or_else(|| format!("size must be a whole number from 5 to {MAX_SIZE}"))?;
        let stars = number(stars, 1).filter(|k| (1..=4).contains(k)).ok_or("stars must be 1, 2, 3 or 4")?;
        let grade = match grade.map(str::trim) {
            None => Grade::Medium,
            Some(g) => [Grade::Easy, Grade::Medium, Grade::Hard, Grade::Expert]
                .into_iter()
                .find(|x| x.name().eq_ignore_ascii_case(g))
                .ok_or("grade must be easy, medium, hard or expert")?,
        };
        let seed = match seed {
            None => fallback,
            Some(s) => s.trim().parse::<u64>().ok().filter(|&s| s < 1 << 53).ok_or("seed must be a whole number")?,
        };
        let ask = Ask { n, stars, grade, seed: seed % (1 << 53) };
        ask.spec(Duration::from_secs(1)).check().map_err(|e| e.to_string())?;
        Ok(ask)
    }

    fn spec(self, time_limit: Duration) -> Spec {
        Spec { n: self.n, stars: self.stars, target: Target::Grade(self.grade), time_limit }
    }
}

/// Makes the puzzle asked for within `budget` (on a blocking thread): 200 with
/// `{"ok":true,"puzzle":TEXT,"n","stars","grade","seed"}`, where `TEXT` is the text
/// format with its `# stars:` line (what the page plays and puts in a shared link);
/// 422 with the `generate` error when no seed gave one in time.
pub(super) fn generate(ask: Ask, budget: Duration) -> (StatusCode, Value) {
    let end = Instant::now() + budget;
    let mut last = None;
    for attempt in 0..64u64 {
        let left = end.saturating_duration_since(Instant::now());
        if left < Duration::from_millis(50) {
            break;
        }
        let seed = (ask.seed + attempt) % (1 << 53);
        match generate::one(&ask.spec(left.min(PER_SEED)), seed) {
            Ok(p) => {
                let puzzle = format!(
                    "# queens generate: {n}x{n}, grade {grade}, seed {seed}\n{stars}{rows}",
                    n = ask.n,
                    grade = p.difficulty.grade.name(),
                    stars = text::stars_line(p.stars),
                    rows = text::write(&p.regions),
                );
                let value = json!({
                    "input": INPUT_NAME,
                    "ok": true,
                    "puzzle": puzzle,
                    "n": ask.n,
                    "stars": p.stars,
                    "grade": p.difficulty.grade.name(),
                    "seed": seed,
                    "error": null,
                });
                return (StatusCode::OK, value);
            }
            Err(e) => last = Some(e),
        }
    }
    let error =
        last.unwrap_or(crate::error::Error::Generate { reason: "no time was left to make a puzzle; try again".into() });
    let value = json!({
        "input": INPUT_NAME,
        "ok": false,
        "puzzle": null,
        "error": serde_json::to_value(ErrorJson::from_error(&error)).unwrap_or(Value::Null),
    });
    (StatusCode::UNPROCESSABLE_ENTITY, value)
}

/// The query of `POST /api/generate` .
#[derive(Debug, serde::Deserialize)]
pub(super) struct GenerateQuery {
    size: Option<String>,
    stars: Option<String>,
    grade: Option<String>,
    seed: Option<String>,
}

/// A new puzzle to practise on: checked, then made on a thread of its own within
/// the server's time limit, holding a client slot and a shared slot like a solve.
pub(super) async fn new_puzzle(
    State(state): State<Arc<AppState>>,
    query: Result<Query<GenerateQuery>, QueryRejection>,
    request: Request,
) -> Response {
    let Ok(Query(q)) = query else {
        return error_response(StatusCode::BAD_REQUEST, "bad-request", "the query is not size=N&stars=K&grade=G");
    };
    let clock = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    let ask = match Ask::parse(q.size.as_deref(), q.stars.as_deref(), q.grade.as_deref(), q.seed.as_deref(), clock) {
        Ok(ask) => ask,
        Err(e) => return error_response(StatusCode::BAD_REQUEST, "bad-request", e),
    };
    let peer = request.extensions().get::<connections::Peer>().map(|p| p.0);
    let give_up = tokio::time::Instant::now() + state.opts.queue_wait;
    let own = match ClientSlot::of(&state, peer, give_up).await {
        Ok(own) => own,
        Err(refused) => return refused,
    };
    if let Some(connections::Answering(flag)) = request.extensions().get::<connections::Answering>() {
        flag.store(true, std::sync::atomic::Ordering::Release);
    }
    let budget = state.opts.config.solve.time_limit;
    let wanted = permits(&state, MEMORY);
    super::job::run(&state, own, give_up, wanted, move || generate(ask, budget)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_is_checked_before_any_work() {
        let ok = Ask::parse(Some("10"), Some("2"), Some("Hard"), Some("7"), 1).unwrap();
        assert_eq!((ok.n, ok.stars, ok.grade, ok.seed), (10, 2, Grade::Hard, 7));
        let default = Ask::parse(None, None, None, None, 42).unwrap();
        assert_eq!((default.n, default.stars, default.grade, default.seed), (8, 1, Grade::Medium, 42));
        for (size, stars, grade, seed, says) in [
            (Some("40"), None, None, None, "size must be"),
            (Some("eight"), None, None, None, "size must be"),
            (None, Some("9"), None, None, "stars must be"),
            (Some("6"), Some("2"), None, None, "at most 1 star"),
            (None, None, Some("fiendish"), None, "grade must be"),
            (None, None, None, Some("-1"), "seed must be"),
        ] {
            let e = Ask::parse(size, stars, grade, seed, 0).unwrap_err();
            assert!(e.contains(says), "{size:?} {stars:?} {grade:?} {seed:?}: {e}");
        }
    }

    #[test]
    fn a_puzzle_comes_back_as_text_the_page_can_play() {
        let ask = Ask::parse(Some("6"), None, Some("easy"), Some("3"), 0).unwrap();
        let (status, v) = generate(ask, Duration::from_secs(20));
        assert_eq!(status, StatusCode::OK, "{v}");
        let puzzle = v["puzzle"].as_str().unwrap();
        let regions = text::parse(puzzle).unwrap();
        assert_eq!(regions.n(), 6);
        assert_eq!(text::stated_stars(puzzle).unwrap(), Some(1));
        assert_eq!(v["grade"], "easy");
        // The same seed, the same puzzle.
        let (_, again) = generate(ask, Duration::from_secs(20));
        assert_eq!(again["puzzle"], v["puzzle"]);
    }
}
