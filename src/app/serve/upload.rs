//! Reading an upload's body, charged to the uploads budget as it arrives.
//!
//! A body is held from its first byte until its solve ends, and most of that time
//! it waits (for the rest of itself, for room, for a slot). So every byte held
//! counts, in a budget of its own ([`ServeOptions::upload_budget`](super::ServeOptions::upload_budget)):
//! a client that sends slowly holds only what it has sent, and when the budget is
//! full the next piece waits for room like a request waits for a slot. The budget
//! is apart from the pictures' one so that a body waiting for a picture's room
//! never holds room that picture needs (two budgets, no cycle of waits).

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::StatusCode;
use axum::response::Response;
use hyper::body::Body as _;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

use super::reply::{busy, error_response};

/// Both of the server's budgets, the uploads' and the pictures', count in permits
/// of this many bytes (a semaphore takes at most `u32::MAX` permits at once).
const BYTES_PER_PERMIT: u64 = 1 << 10;

/// The permits that `bytes` take, rounded up (at most `u32::MAX`).
pub(super) fn permits_for(bytes: u64) -> u32 {
    u32::try_from(bytes.div_ceil(BYTES_PER_PERMIT)).unwrap_or(u32::MAX)
}

/// What an upload's reading ended with, when not its body.
pub(super) enum Refused {
    /// Longer than the limit (413).
    TooLarge,
    /// Not all there by the deadline (408).
    TooSlow,
    /// No room came within the wait (503).
    Busy,
    /// The connection broke, or the server is stopping.
    Broken(String),
}

/// The limits one upload is read within.
pub(super) struct Limits {
    /// Largest body, in bytes.
    pub(super) size: usize,
    /// When the whole body must have arrived.
    pub(super) deadline: Instant,
    /// How long one piece may wait for room.
    pub(super) wait: Duration,
}

/// Reads `body`, taking room in `budget` for every byte held (the buffer's
/// capacity, which is what is allocated) before it is held. Returns the body and
/// its room, which the caller keeps until the body is dropped.
pub(super) async fn read(
    mut body: Body,
    budget: &Arc<Semaphore>,
    limits: &Limits,
) -> Result<(Vec<u8>, Option<OwnedSemaphorePermit>), Refused> {
    if body.size_hint().lower() > limits.size as u64 {
        return Err(Refused::TooLarge);
    }
    // The buffer never grows past the declared length (the body cannot be longer).
    let most = body.size_hint().upper().map_or(limits.size, |n| (n as usize).min(limits.size));
    let mut data = Vec::new();
    let mut room: Option<OwnedSemaphorePermit> = None;
    loop {
        let next = std::future::poll_fn(|cx| std::pin::Pin::new(&mut body).poll_frame(cx));
        let frame = match tokio::time::timeout_at(limits.deadline, next).await {
            Err(_) => return Err(Refused::TooSlow),
            Ok(None) => return Ok((data, room)),
            Ok(Some(Err(e))) => return Err(Refused::Broken(e.to_string())),
            Ok(Some(Ok(frame))) => frame,
        };
        let Ok(chunk) = frame.into_data() else { continue };
        let len = data.len() + chunk.len();
        if len > limits.size {
            return Err(Refused::TooLarge);
        }
        if len > data.capacity() {
            // Room first for the whole new buffer (the old one is freed as it moves).
            let capacity = len.max((2 * data.capacity()).min(most));
            let held = room.as_ref().map_or(0, OwnedSemaphorePermit::num_permits);
            let more = permits_for(capacity as u64).saturating_sub(u32::try_from(held).unwrap_or(u32::MAX));
            let got = tokio::time::timeout(limits.wait, Arc::clone(budget).acquire_many_owned(more)).await;
            match got {
                Ok(Ok(got)) => match room.as_mut() {
                    Some(room) => room.merge(got),
                    None => room = Some(got),
                },
                Ok(Err(_)) => return Err(Refused::Broken("the server is stopping".into())),
                Err(_) => return Err(Refused::Busy),
            }
            data.reserve_exact(capacity - data.len());
        }
        data.extend_from_slice(&chunk);
    }
}

impl Refused {
    /// The answer for it, as JSON like every other, closing the connection: the
    /// rest of the body is not wanted.
    pub(super) fn response(self, limits: &Limits, timeout: Duration) -> Response {
        let mut res = match self {
            Refused::TooLarge => {
                let mib = limits.size as f64 / f64::from(1 << 20);
                error_response(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "too-large",
                    format!("the upload is larger than the {mib:.0} MiB limit"),
                )
            }
            Refused::TooSlow => error_response(
                StatusCode::REQUEST_TIMEOUT,
                "timeout",
                format!("the upload did not arrive within {} s", timeout.as_secs_f64()),
            ),
            Refused::Busy => return busy(),
            Refused::Broken(why) => {
                error_response(StatusCode::BAD_REQUEST, "io", format!("cannot read the upload: {why}"))
            }
        };
        let close = axum::http::HeaderValue::from_static("close");
        res.headers_mut().insert(axum::http::header::CONNECTION, close);
        res
    }
}
