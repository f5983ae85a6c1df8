//! `queens serve` answers only its own page (issue 35, item 6): a request from
//! another site's page (a foreign `Origin`) or through another name (a DNS-rebinding
//! `Host`) gets 403 on every route; requests with no `Origin` (curl, scripts) and
//! the page's own requests are answered. Over real loopback HTTP, raw, so that the
//! headers sent are exactly the ones written here.

use std::net::SocketAddr;

use queens::app::serve::ServeOptions;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

const SOLVABLE: &str = "1112\n1222\n3334\n3444\n";

/// A server on a free loopback port inside this test's runtime.
async fn server() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(queens::app::serve::serve_on(listener, ServeOptions::default()));
    addr
}

/// Sends `method path` with `headers` (and `body`) on a fresh connection; returns the
/// status code and the body.
async fn send(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, String)], body: &str) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut request = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(std::time::Duration::from_secs(30), stream.read_to_end(&mut answer)).await.unwrap().unwrap();
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("no status: {answer}"));
    let body = answer.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (status, body)
}

#[tokio::test]
async fn a_foreign_origin_is_refused() {
    let addr = server().await;
    let host = ("Host", addr.to_string());
    for origin in
        ["http://evil.example", "https://evil.example", "null", &format!("http://evil.example:{}", addr.port())]
    {
        let headers = [host.clone(), ("Origin", origin.to_string())];
        let (status, body) = send(addr, "POST", "/api/solve", &headers, SOLVABLE).await;
        assert_eq!(status, 403, "Origin {origin}: {body}");
        assert!(body.contains("\"kind\":\"forbidden\"") && body.contains("its own page"), "{body}");
        let (status, body) = send(addr, "GET", "/api/health", &headers, "").await;
        assert_eq!(status, 403, "GET with Origin {origin}: {body}");
    }
}

#[tokio::test]
async fn a_rebinding_host_is_refused() {
    let addr = server().await;
    for name in [format!("rebind.example:{}", addr.port()), "rebind.example".into(), "127.0.0.1:1".into()] {
        // A rebinding page is same-origin with itself: its Origin is its own name.
        for headers in
            [vec![("Host", name.clone())], vec![("Host", name.clone()), ("Origin", format!("http://{name}"))]]
        {
            let (status, body) = send(addr, "POST", "/api/solve", &headers, SOLVABLE).await;
            assert_eq!(status, 403, "Host {name}: {body}");
            assert!(body.contains("its own address") && body.contains(&format!("http://{addr}/")), "{body}");
            let (status, _) = send(addr, "GET", "/", &headers, "").await;
            assert_eq!(status, 403, "the page at Host {name}");
        }
    }
}

#[tokio::test]
async fn no_origin_and_the_own_page_are_answered() {
    let addr = server().await;
    let own = [
        vec![("Host", addr.to_string())],
        vec![("Host", addr.to_string()), ("Origin", format!("http://{addr}"))],
        vec![("Host", format!("localhost:{}", addr.port())), ("Origin", format!("http://localhost:{}", addr.port()))],
        vec![],
    ];
    for headers in own {
        let (status, body) = send(addr, "POST", "/api/solve", &headers, SOLVABLE).await;
        assert_eq!(status, 200, "{headers:?}: {body}");
        assert!(body.contains("\"ok\":true"), "{body}");
        let (status, _) = send(addr, "GET", "/", &headers, "").await;
        assert_eq!(status, 200, "the page with {headers:?}");
    }
}
