//! The server's settings and their defaults.

use std::time::Duration;

use crate::pipeline::Config;

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
    /// Solves one client address may run at once; its other requests wait for one
    /// of them like for a slot, so one client cannot take every slot. (Requests
    /// with no known address, driven in-process, are not counted.)
    pub per_client: usize,
    /// How long a request waits for a free slot before it gets 503.
    pub queue_wait: Duration,
    /// How long a request may take once it has a slot before it gets 504.
    pub request_timeout: Duration,
    /// Bytes of decoded pictures (and of text being read, 4 a byte) and of the
    /// answers' pictures being built, then of answers until they are sent, that
    /// the running solves may hold together, each picture estimated from its header
    /// ([`screenshot::decode_cost`](crate::vision::screenshot::decode_cost), and
    /// the PNG, base64 and JSON of its answer from its width and height) and
    /// charged before it is decoded. A picture that does not fit waits for room
    /// like for a slot; one larger than the whole budget waits until it can run alone.
    pub memory_budget: u64,
    /// Bytes of request bodies the server may hold at once, from their first byte
    /// until their solve ends (a budget apart from [`ServeOptions::memory_budget`],
    /// so that waiting bodies never hold a picture's room). When it is full, the
    /// next piece of a body waits for room like for a slot, then gets 503.
    pub upload_budget: usize,
    /// How long a client may take to send a request's headers (counted from when
    /// the server starts waiting for them) before its connection is closed.
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body before it gets 408
    /// and its connection is closed.
    pub body_timeout: Duration,
    /// How long a client may take no byte of its answer before its connection is
    /// cut (and the answer, counted in the memory budget until sent, dropped).
    pub write_timeout: Duration,
    /// Connections open at once. At the cap, the oldest connection not being
    /// answered is closed to make room for a new one; when all are being answered,
    /// the new one is answered 503 and closed.
    pub max_connections: usize,
    /// The access token every request must carry (`queens serve --lan`); `None`
    /// (the default, on loopback) lets every request in.
    pub token: Option<String>,
    /// The address served, whose names alone are answered (see `origin`): set by
    /// [`serve_on`](super::serve_on) from its listener. `None` (a router driven
    /// in-process) takes any IP address or `localhost` as the server's own.
    pub address: Option<std::net::SocketAddr>,
}

impl Default for ServeOptions {
    /// 20 MiB bodies and 160 MiB of them held at once, two solves per core and one per client address, 5 s of
    /// queueing, a 20 s solver time limit (the solve stops then and frees its
    /// slot) plus 10 s per request (30 s), 320 MiB
    /// of decoded pictures (one full-size 40-megapixel RGB picture), 10 s for headers, 30 s for a body,
    /// 10 s without a byte of an answer taken,
    /// 256 connections (a quarter of the usual 1,024 file descriptors).
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let mut config = Config::default();
        config.solve.time_limit = DEFAULT_TIME_LIMIT;
        ServeOptions {
            request_timeout: config.solve.time_limit + Duration::from_secs(10),
            config,
            memory_budget: DEFAULT_MEMORY_BUDGET,
            body_limit: 20 << 20,
            upload_budget: DEFAULT_UPLOAD_BUDGET,
            max_concurrent: 2 * cores,
            per_client: 1,
            queue_wait: Duration::from_secs(5),
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            write_timeout: Duration::from_secs(10),
            max_connections: 256,
            token: None,
            address: None,
        }
    }
}

/// The server's default solver time limit per puzzle: well under a minute, so a
/// hard upload holds its slot (and one of its client's) for 20 s at most.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(20);

/// The default [`ServeOptions::upload_budget`]: 160 MiB, eight whole uploads of
/// the 20 MiB limit (a screenshot is well under 1 MB).
pub(crate) const DEFAULT_UPLOAD_BUDGET: usize = 160 << 20;

/// The default [`ServeOptions::memory_budget`]: 320 MiB. A screenshot is charged
/// about 125 MB (mostly the board search's worst case, then its answer), a
/// 40-megapixel RGB picture 256 MB to read and 320 MB more for its answer, so two
/// screenshots or one large picture run at once; a single picture that costs
/// more than the whole budget runs alone.
pub const DEFAULT_MEMORY_BUDGET: u64 = 320 << 20;
