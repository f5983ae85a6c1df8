//! `queens serve --lan`: the server on the machine's LAN address, for a phone on
//! the same network, behind a random access token.
//!
//! - The address comes from the interface list ([`lan_address`]); nothing is sent
//!   anywhere to find it.
//! - The token is 128 bits from the OS random source ([`new_token`]). Every request
//!   must carry it, as `?token=…` (the URL that is printed), as the
//!   `queens_token` cookie (set on the answer to a request that had it in its query,
//!   so the page and its API calls work after the first load, and replaced when a
//!   stale one from an earlier run comes beside the right token), or as the
//!   `X-Queens-Token` header. Anything else gets 403: the page, the API, everything.
//! - The URL is printed as text and as a QR code of Unicode half blocks ([`qr_text`]),
//!   so a phone camera can open it.

use std::net::IpAddr;

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine as _;

/// The cookie that carries the token after the first load.
pub const COOKIE: &str = "queens_token";

/// The header a script may carry the token in instead.
pub(crate) const HEADER: &str = "x-queens-token";

/// A fresh access token: 16 bytes from the OS random source, as 22 URL-safe characters.
pub(crate) fn new_token() -> std::io::Result<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| std::io::Error::other(format!("no random numbers from the OS: {e}")))?;
    Ok(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
}

/// The machine's LAN address, read from its interfaces: the first IPv4 address in a
/// private range (10/8, 172.16/12, 192.168/16), else the first other IPv4 address
/// that is neither loopback nor link-local, else such an IPv6 address (in the
/// interfaces' order, by name). `None` when the machine has none (no network).
pub(crate) fn lan_address() -> Option<IpAddr> {
    let mut addrs: Vec<(String, IpAddr)> =
        if_addrs::get_if_addrs().ok()?.into_iter().map(|i| (i.name.clone(), i.ip())).collect();
    addrs.sort();
    let rank = |ip: &IpAddr| match ip {
        IpAddr::V4(v4) if v4.is_loopback() || v4.is_link_local() || v4.is_unspecified() => None,
        IpAddr::V4(v4) if v4.is_private() => Some(0),
        IpAddr::V4(_) => Some(1),
        // fe80::/10 is link-local: it needs a zone, which a URL cannot carry well.
        IpAddr::V6(v6) if v6.is_loopback() || v6.is_unspecified() || (v6.segments()[0] & 0xffc0) == 0xfe80 => None,
        IpAddr::V6(_) => Some(2),
    };
    addrs.iter().filter_map(|(_, ip)| rank(ip).map(|r| (r, *ip))).min_by_key(|&(r, _)| r).map(|(_, ip)| ip)
}

/// `url` as a QR code drawn with Unicode half blocks (`▀`, `▄`, `█`, spaces for
/// light modules), two rows of modules per line, with the quiet zone around it. On
/// a terminal (`color`), black on white, so that it reads on dark themes too.
pub(crate) fn qr_text(url: &str, color: bool) -> String {
    use qrcode::render::unicode::Dense1x2;
    // A URL of a few dozen bytes always fits (a QR code holds up to 2,953 bytes).
    let Ok(code) = qrcode::QrCode::new(url.as_bytes()) else { return String::new() };
    let art =
        code.render::<Dense1x2>().dark_color(Dense1x2::Dark).light_color(Dense1x2::Light).quiet_zone(true).build();
    if !color {
        return art + "\n";
    }
    art.lines().map(|line| format!("\x1b[30;107m{line}\x1b[0m\n")).collect()
}

/// Is `given` the token? Compared in constant time, so the answer's timing tells nothing.
fn same(given: &str, token: &str) -> bool {
    given.len() == token.len() && given.bytes().zip(token.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

/// The tokens a request carries, where it carries them: the query, the header, and
/// every `queens_token` cookie (a stale one from an earlier run may be among them).
fn carried(req: &Request) -> (Option<&str>, Option<&str>, Vec<&str>) {
    let query = req.uri().query().and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("token=")));
    let header = req.headers().get(HEADER).and_then(|v| v.to_str().ok());
    let cookies = req
        .headers()
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().strip_prefix(COOKIE).and_then(|rest| rest.strip_prefix('=')))
        .collect();
    (query, header, cookies)
}

/// The middleware in front of every route when the server has a token: 403 unless
/// the request carries it, in any of its places (a stale cookie beside the right
/// header or query does not hide it); a request that carried it in its query, or
/// with a stale cookie, gets the cookie.
pub(crate) async fn require_token(State(token): State<std::sync::Arc<str>>, req: Request, next: Next) -> Response {
    let (query, header, cookies) = carried(&req);
    let by_query = query.is_some_and(|t| same(t, &token));
    let by_cookie = cookies.iter().any(|t| same(t, &token));
    if !by_query && !by_cookie && !header.is_some_and(|t| same(t, &token)) {
        return super::reply::error_response(
            StatusCode::FORBIDDEN,
            "forbidden",
            "this server needs its access token: open the URL (or scan the QR code) that `queens serve --lan` printed",
        );
    }
    let stale = !by_cookie && !cookies.is_empty();
    let mut res = next.run(req).await;
    if by_query || stale {
        // HttpOnly: no script needs it; SameSite=Strict: other sites' pages cannot use it.
        let cookie = format!("{COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict");
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            res.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    res.into_response()
}
