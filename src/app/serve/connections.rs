//! The accept loop of `queens serve`: one hyper HTTP/1 connection per client,
//! with a deadline for request headers and a cap on open connections.
//!
//! `axum::serve` keeps a connection for as long as the client likes, so a client
//! that trickles its headers (or only connects) holds a file descriptor forever;
//! enough of them lock everyone else out. Here every connection holds one of
//! [`ServeOptions::max_connections`] permits, hyper closes a connection whose
//! headers do not arrive within [`ServeOptions::header_timeout`] (idle keep-alive
//! connections included), and the body deadline is kept by the solve handler.
//!
//! At the cap, a new client does not simply lose to the slow ones: the oldest
//! connection that is not being answered (idle, sending headers, or sending a
//! body) is closed to make room, and its permit passes straight to the newcomer
//! (no waiting for the closed connection's task to run, which a busy machine may
//! delay). Only when every open connection is being answered is the newcomer
//! refused with a 503.

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hyper::service::Service as _;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};

use super::options::ServeOptions;
use super::stall::Stalling;

/// Newcomers being refused at once; past this they are simply closed,
/// so answering refusals cannot pile up descriptors.
const MAX_WAITING: usize = 64;

/// How long answers under way may take to finish once the server is told to stop
/// (Ctrl+C, SIGTERM): it stops within about this, whatever it is doing.
const STOP_GRACE: Duration = Duration::from_secs(1);

/// How long a refused client gets to read its 503.
const REFUSE_TIME: Duration = Duration::from_secs(1);

/// Set by the solve handler once a request's body has arrived: from then on
/// the connection is being answered and is never closed to make room.
#[derive(Clone, Debug)]
pub(super) struct Answering(pub(super) Arc<AtomicBool>);

/// The address of the client that sent a request: solves are shared out per address.
#[derive(Clone, Copy, Debug)]
pub(super) struct Peer(pub(super) std::net::IpAddr);

/// The open connections, oldest first, with a way to close each.
#[derive(Default)]
struct Registry {
    next: u64,
    open: BTreeMap<u64, Entry>,
}

struct Entry {
    answering: Arc<AtomicBool>,
    close: oneshot::Sender<()>,
    /// The connection's place under the cap: kept here, not by the connection's
    /// task, so that closing the connection can hand it on at once.
    permit: OwnedSemaphorePermit,
}

impl Registry {
    /// Tells the oldest connection that is not being answered to close, and
    /// returns its permit for the newcomer; `None` when every one is being answered.
    fn evict_oldest_idle(&mut self) -> Option<OwnedSemaphorePermit> {
        let id = self.open.iter().find(|(_, e)| !e.answering.load(Ordering::Acquire)).map(|(&id, _)| id)?;
        let entry = self.open.remove(&id)?;
        // The task may be ending by itself already; either way it no longer counts.
        let _ = entry.close.send(());
        Some(entry.permit)
    }
}

/// Removes a connection from the registry when its task ends.
struct Registered(Arc<Mutex<Registry>>, u64);

impl Drop for Registered {
    fn drop(&mut self) {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).open.remove(&self.1);
    }
}

/// Accepts connections on `listener` and answers them with `app` until `shutdown`
/// resolves, then gives the open ones [`STOP_GRACE`] to finish their requests and
/// returns (a solve still running is left to the caller, which stops the process).
pub(super) async fn serve(
    listener: TcpListener,
    app: axum::Router,
    opts: ServeOptions,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let cap = u32::try_from(opts.max_connections).unwrap_or(u32::MAX);
    let open = Arc::new(Semaphore::new(cap as usize));
    let waiting = Arc::new(Semaphore::new(MAX_WAITING));
    let registry = Arc::new(Mutex::new(Registry::default()));
    let (stop, stopped) = tokio::sync::watch::channel(());
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(opts.header_timeout);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => (stream, Peer(peer.ip())),
                // Out of descriptors or a connection reset before it was taken:
                // wait a little instead of spinning, and keep serving.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let permit = match Arc::clone(&open).try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                // Full: take the place of the oldest idle connection, which is told to close.
                let evicted = registry.lock().unwrap_or_else(|p| p.into_inner()).evict_oldest_idle();
                match evicted {
                    Some(permit) => permit,
                    None => {
                        // Every connection is being answered: a 503, off the accept loop.
                        let Ok(wait) = Arc::clone(&waiting).try_acquire_owned() else { continue };
                        tokio::spawn(async move {
                            let _ = tokio::time::timeout(REFUSE_TIME, refuse(stream)).await;
                            drop(wait);
                        });
                        continue;
                    }
                }
            }
        };
        let (registry, app, http, stopped) = (Arc::clone(&registry), app.clone(), http.clone(), stopped.clone());
        let stream = Stalling::new(stream, opts.write_timeout);
        tokio::spawn(async move { connection(stream, peer, permit, &registry, app, &http, stopped).await });
    }
    drop(listener);
    drop(stop);
    // Every connection gives its permit back when it ends; those still being
    // answered at the end of the grace are dropped with the server.
    let _ = tokio::time::timeout(STOP_GRACE, open.acquire_many(cap)).await;
    Ok(())
}

/// Serves one connection until it ends, is told to make room, or the server stops.
async fn connection(
    stream: Stalling<TcpStream>,
    peer: Peer,
    permit: OwnedSemaphorePermit,
    registry: &Arc<Mutex<Registry>>,
    app: axum::Router,
    http: &hyper::server::conn::http1::Builder,
    mut stopped: tokio::sync::watch::Receiver<()>,
) {
    let answering = Arc::new(AtomicBool::new(false));
    let (close, closed) = oneshot::channel();
    let _registered = {
        let mut reg = registry.lock().unwrap_or_else(|p| p.into_inner());
        let id = reg.next;
        reg.next += 1;
        reg.open.insert(id, Entry { answering: Arc::clone(&answering), close, permit });
        Registered(Arc::clone(registry), id)
    };
    let app = TowerToHyperService::new(app);
    let service = hyper::service::service_fn(move |mut request: axum::http::Request<hyper::body::Incoming>| {
        let answering = Arc::clone(&answering);
        request.extensions_mut().insert(Answering(Arc::clone(&answering)));
        request.extensions_mut().insert(peer);
        let response = app.call(request);
        async move {
            let response = response.await;
            // Answered: idle again until the next request's body has arrived.
            answering.store(false, Ordering::Release);
            response
        }
    });
    let conn = http.serve_connection(TokioIo::new(stream), service);
    tokio::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => {}
        // Closed to make room for a newer client: dropping the connection closes it.
        _ = closed => {}
        _ = stopped.changed() => {
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
}

/// Answers a connection over the cap with a JSON 503 and closes it.
async fn refuse(mut stream: TcpStream) {
    let body = r#"{"input":"upload","ok":false,"error":{"kind":"busy","message":"the server has too many open connections; try again shortly"}}"#;
    let head = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 2\r\nconnection: close\r\n\r\n",
        body.len()
    );
    if stream.write_all(head.as_bytes()).await.is_err() || stream.write_all(body.as_bytes()).await.is_err() {
        return;
    }
    let _ = stream.shutdown().await;
    // Read what the client already sent: closing with unread data would reset the
    // connection, and the client might lose the 503 before reading it.
    let mut sink = [0u8; 4096];
    while matches!(stream.read(&mut sink).await, Ok(n) if n > 0) {}
}
