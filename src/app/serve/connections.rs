//! The accept loop of `queens serve`: one hyper HTTP/1 connection per client,
//! with a deadline for request headers and a cap on open connections.
//!
//! `axum::serve` keeps a connection for as long as the client likes, so a client
//! that trickles its headers (or only connects) holds a file descriptor forever;
//! enough of them lock everyone else out. Here every connection holds one of
//! [`ServeOptions::max_connections`] permits, hyper closes a connection whose
//! headers do not arrive within [`ServeOptions::header_timeout`] (idle keep-alive
//! connections included), and the body deadline is kept by the solve handler.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

use super::ServeOptions;

/// Refused connections being answered at once; past this they are simply closed,
/// so refusing cannot itself pile up descriptors.
const MAX_REFUSING: usize = 64;

/// How long a refused client gets to read its 503.
const REFUSE_TIME: Duration = Duration::from_secs(1);

/// Accepts connections on `listener` until `shutdown` resolves, then lets the open
/// ones finish their requests (each is bounded by its deadlines) and returns.
pub(super) async fn serve(
    listener: TcpListener,
    opts: ServeOptions,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let app = super::router(opts.clone());
    let cap = u32::try_from(opts.max_connections).unwrap_or(u32::MAX);
    let open = Arc::new(Semaphore::new(cap as usize));
    let refusing = Arc::new(Semaphore::new(MAX_REFUSING));
    let (stop, stopped) = tokio::sync::watch::channel(());
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(opts.header_timeout);
    tokio::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
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
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            if let Ok(refusal) = Arc::clone(&refusing).try_acquire_owned() {
                tokio::spawn(async move {
                    let _refusal = refusal;
                    let _ = tokio::time::timeout(REFUSE_TIME, refuse(stream)).await;
                });
            }
            continue;
        };
        let conn = http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(app.clone()));
        let mut stopped = stopped.clone();
        tokio::spawn(async move {
            let _permit = permit;
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = stopped.changed() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
    }
    drop(listener);
    drop(stop);
    // Every connection gives its permit back when it ends.
    let _ = open.acquire_many(cap).await;
    Ok(())
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
