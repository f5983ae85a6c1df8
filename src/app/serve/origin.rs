//! The server answers only its own page: a request sent by another site's page (its
//! `Origin` is not the server's own) or through another name (its `Host` is not the
//! address served) gets 403, whatever its route.
//!
//! Without this, any page a user visits could post pictures to their
//! `127.0.0.1:18080` and, by DNS rebinding (a name of the attacker's that first
//! points at the attacker, then at 127.0.0.1), read the answers too. A rebinding
//! page's requests carry its own name in `Host`; a cross-site page's carry its
//! origin in `Origin`. Requests with no `Origin` (curl, scripts: the JSON API's
//! users) are allowed, and so are those with no `Host` (HTTP/1.0; browsers always
//! send one).
//!
//! The names allowed are IP addresses the server answers on (the address it
//! bound, or any when bound to `0.0.0.0`/`::`; the printed `--lan` address is the
//! bound one) and `localhost` for a loopback server, each with the served port.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::Response;

/// The address served: `None` for a router driven in-process (tests), where any IP
/// address or `localhost` is the server's own, on any port.
#[derive(Debug, Clone, Copy)]
pub(super) struct Served(pub(super) Option<SocketAddr>);

/// `authority` (`host[:port]`, as in `Host` or after `http://` in `Origin`) split into
/// its lower-case host name (brackets taken off an IPv6 address) and port (80 when
/// none is given). `None` when it is not a well-formed authority.
fn split(authority: &str) -> Option<(String, u16)> {
    let authority = authority.trim();
    let (host, port) = if let Some(rest) = authority.strip_prefix('[') {
        let (host, after) = rest.split_once(']')?;
        (host, after)
    } else {
        match authority.rsplit_once(':') {
            Some((host, _)) => (host, &authority[host.len()..]),
            None => (authority, ""),
        }
    };
    let port = match port {
        "" => 80,
        p => p.strip_prefix(':')?.parse().ok()?,
    };
    (!host.is_empty()).then(|| (host.to_ascii_lowercase(), port))
}

impl Served {
    /// Is `authority` a name of this server?
    fn owns(self, authority: &str) -> bool {
        let Some((host, port)) = split(authority) else { return false };
        let Some(served) = self.0 else {
            return host == "localhost" || host.parse::<IpAddr>().is_ok();
        };
        let ip = served.ip();
        let named = match host.parse::<IpAddr>() {
            Ok(asked) => asked == ip || ip.is_unspecified() || (asked.is_loopback() && ip.is_loopback()),
            // `localhost` never leaves the machine: no page can rebind it.
            Err(_) => host == "localhost" && (ip.is_loopback() || ip.is_unspecified()),
        };
        named && port == served.port()
    }

    /// The address to tell the user to open.
    fn url(self) -> String {
        match self.0 {
            Some(addr) => format!("http://{addr}/"),
            None => "the address `queens serve` printed".into(),
        }
    }
}

/// The middleware in front of every route: 403 for a `Host` that is not one of the
/// server's names, or an `Origin` that is not the page the server serves.
pub(super) async fn same_origin(State(served): State<Served>, req: Request, next: Next) -> Response {
    match refusal(served, &req) {
        Some(message) => super::reply::error_response(StatusCode::FORBIDDEN, "forbidden", message),
        None => next.run(req).await,
    }
}

/// Why `req` is refused, if it is.
fn refusal(served: Served, req: &Request) -> Option<String> {
    let text = |name| req.headers().get(name).map(|v| v.to_str().unwrap_or("\u{fffd}"));
    let host = text(header::HOST);
    if let Some(host) = host.filter(|h| !served.owns(h)) {
        return Some(format!(
            "this server answers only at its own address, not at {}: open {} in the browser",
            crate::error::quote(host),
            served.url()
        ));
    }
    let origin = text(header::ORIGIN)?;
    let authority = origin.strip_prefix("http://").filter(|a| !a.contains('/'));
    let own = authority.is_some_and(|a| match host {
        Some(host) => split(a).is_some() && split(a) == split(host),
        None => served.owns(a),
    });
    (!own).then(|| {
        format!(
            "this server answers only its own page, not one from {}: open {} in the browser",
            crate::error::quote(origin),
            served.url()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_the_server() {
        let local = Served(Some("127.0.0.1:18080".parse().unwrap()));
        for yes in ["127.0.0.1:18080", "localhost:18080", "LOCALHOST:18080", "[::1]:18080", "127.0.0.2:18080"] {
            assert!(local.owns(yes), "{yes}");
        }
        for no in ["evil.example:18080", "127.0.0.1:8080", "127.0.0.1", "192.168.1.5:18080", "", ":18080", "[::1"] {
            assert!(!local.owns(no), "{no}");
        }
        let lan = Served(Some("192.168.1.5:80".parse().unwrap()));
        assert!(lan.owns("192.168.1.5") && lan.owns("192.168.1.5:80"));
        assert!(!lan.owns("localhost") && !lan.owns("queens.example") && !lan.owns("10.0.0.1"));
        let any = Served(Some("0.0.0.0:18080".parse().unwrap()));
        assert!(any.owns("10.0.0.1:18080") && any.owns("localhost:18080") && !any.owns("rebind.example:18080"));
        assert_eq!(split("[::1]:8080"), Some(("::1".into(), 8080)));
        assert_eq!(split("Example.COM"), Some(("example.com".into(), 80)));
    }
}
