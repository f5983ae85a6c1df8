//! One request's work on a thread of its own, within the server's bounds: room in
//! the memory budget and a shared slot first, then the work, then room for its
//! answer until it is sent. Every route that solves, hints or makes a puzzle runs
//! through [`run`].

use std::sync::Arc;

use axum::http::StatusCode;
use axum::response::Response;
use serde_json::Value;

use super::reply::{self, busy, error_response, shutting_down};
use super::state::{permits, AppState, ClientSlot};

/// Runs `job` (a solve, a hint, a new puzzle) on a thread of its own once it has
/// `wanted` permits of room and a shared slot (waiting for them until `give_up`),
/// holding the client's own slot `own` until it ends, and answers with its JSON
/// within the request's timeout.
pub(super) async fn run(
    state: &Arc<AppState>,
    own: Option<ClientSlot>,
    give_up: tokio::time::Instant,
    wanted: u32,
    job: impl FnOnce() -> (StatusCode, Value) + Send + 'static,
) -> Response {
    let acquire = async {
        let room = Arc::clone(&state.memory).acquire_many_owned(wanted).await?;
        let slot = Arc::clone(&state.slots).acquire_owned().await?;
        Ok::<_, tokio::sync::AcquireError>((slot, room))
    };
    let turn = match tokio::time::timeout_at(give_up, acquire).await {
        Ok(Ok((slot, room))) => (slot, room, own),
        Ok(Err(_)) => return shutting_down(),
        Err(_) => return busy(),
    };
    // The permits move into the solve's thread: a solve that outlives its request's
    // timeout still holds its slot and its pixels until it really ends, so the
    // bounds are real. It ends at its deadline (the time limit, checked while the
    // picture is read and inside the engine and the solver), so a slot is never
    // held much longer than that. The room comes back with the answer, which is
    // counted in the budget until it is sent.
    // A thread of its own, started fallibly: at the process's thread limit the
    // request is answered 500, where `spawn_blocking` panics.
    let (done, answered) = tokio::sync::oneshot::channel();
    let worker = std::thread::Builder::new().name("queens-solve".into()).spawn(move || {
        let (slot, room, own) = turn;
        let (status, value) = job();
        // Written here, not on the thread that serves every connection.
        let json = serde_json::to_vec(&value).expect("records always serialize");
        drop(value);
        crate::app::batch::release_memory();
        drop((slot, own));
        // The request may have timed out and gone: then nobody wants the answer.
        let _ = done.send((status, json, room));
    });
    if let Err(e) = worker {
        return error_response(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            format!(
                "cannot start a thread for this request ({}); the machine is at its thread limit, try again shortly",
                crate::error::io_reason(&e)
            ),
        );
    }
    match tokio::time::timeout(state.opts.request_timeout, answered).await {
        Ok(Ok((status, json, mut room))) => {
            // Room for the answer in place of the picture's, until it is sent.
            let need = permits(state, json.len() as u64) as usize;
            if let Some(more) = need.checked_sub(room.num_permits()).filter(|&more| more > 0) {
                let more = u32::try_from(more).unwrap_or(u32::MAX);
                match tokio::time::timeout(state.opts.queue_wait, Arc::clone(&state.memory).acquire_many_owned(more))
                    .await
                {
                    Ok(Ok(more)) => room.merge(more),
                    _ => {
                        return error_response(
                            StatusCode::SERVICE_UNAVAILABLE,
                            "busy",
                            "the server is busy; try again shortly",
                        )
                    }
                }
            } else {
                drop(room.split(room.num_permits() - need));
            }
            reply::held_answer(status, json, room)
        }
        // The worker ended without answering: it panicked.
        Ok(Err(_)) => error_response(StatusCode::INTERNAL_SERVER_ERROR, "internal", "the solver crashed on this input"),
        Err(_) => error_response(
            StatusCode::GATEWAY_TIMEOUT,
            "timeout",
            format!("solving took longer than {} s", state.opts.request_timeout.as_secs_f64()),
        ),
    }
}
