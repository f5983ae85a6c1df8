//! Every bound of `queens serve` holds (issue 35): what it holds, how long it
//! reads, how it stops, on a real server process.

use crate::common;

use std::time::Duration;

use common::server::{lattice_png, Server};
use serde_json::Value;

/// A client whose requests give up after `secs` (a watchdog against hangs, not a timing).
fn client(secs: u64) -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_secs(secs)).build().unwrap()
}

/// Item 3 (server): a text upload is charged to the memory budget like a picture.
/// A picture that costs more than the whole 16 MiB budget and reads slowly holds
/// all of it; a 1 MB text upload then waits for room (and gets 503 after the queue
/// wait) instead of being read beside it for free.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_uploads_are_charged_to_the_memory_budget() {
    let server = Server::start(&["--memory-budget", "16", "--jobs", "4", "--per-client", "4", "--time-limit", "60"]);
    let client = client(120);
    let (url, lattice) = (server.url("/api/solve"), lattice_png(3000, 12));
    let holder = tokio::spawn(client.post(&url).body(lattice).send());
    let text = "AB\n".repeat(350_000);
    for _ in 0..20 {
        let res = client.post(&url).body(text.clone()).send().await.expect("the server answers");
        let status = res.status();
        let v: Value = res.json().await.expect("a JSON answer");
        if status == reqwest::StatusCode::SERVICE_UNAVAILABLE {
            assert_eq!(v["error"]["kind"], "busy", "{v}");
            holder.abort();
            return;
        }
        // Read before the picture took the budget: its rows are too many.
        assert_eq!(status, reqwest::StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    panic!("a 1 MB text upload never waited for room while a picture held the whole budget");
}

/// A rendered screenshot of a 4×4 puzzle, solved in milliseconds.
fn screenshot() -> Vec<u8> {
    let r = queens::puzzle::text::parse("1112\n1222\n3334\n3444\n").unwrap();
    queens::output::overlay::encode_png(&queens::output::render::render(&r, &Default::default(), &Default::default()).0)
}

/// Item 5 (server): the time limit covers reading, so a picture that takes long
/// to read is answered with the time-limit error and frees its slot then. With one
/// slot and a 1 s limit, the lattice picture held the slot for its whole read (19 to
/// 68 s): it got 504 and the screenshot after it 503.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reading_stops_at_the_time_limit_and_frees_the_slot() {
    let server = Server::start(&["--jobs", "1", "--time-limit", "1"]);
    let client = client(120);
    let url = server.url("/api/solve");
    let res = client.post(&url).body(lattice_png(3000, 12)).send().await.expect("the server answers");
    let status = res.status();
    let v: Value = res.json().await.expect("a JSON answer");
    assert_eq!(status, reqwest::StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["error"]["kind"], "solver", "{v}");
    let message = v["error"]["message"].as_str().unwrap();
    assert!(message.starts_with("the time limit was reached while reading the picture"), "{v}");
    let res = client.post(&url).body(screenshot()).send().await.expect("the server answers");
    let status = res.status();
    let v: Value = res.json().await.expect("a JSON answer");
    assert_eq!(status, reqwest::StatusCode::OK, "the slot was not freed: {v}");
}

/// CPU time (user + system) that process `pid` has used, in clock ticks.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The fields after the command name, which is in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')').unwrap().1.split_whitespace().collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// Item 5 (server): SIGINT and SIGTERM stop the server whatever it is doing. A
/// 6000×6000 lattice picture reads for minutes under a 10-minute time limit; the
/// server used to wait for it (only SIGKILL stopped it).
#[cfg(target_os = "linux")]
#[test]
fn a_signal_stops_the_server_while_it_reads() {
    let lattice = lattice_png(6000, 12);
    for signal in ["-INT", "-TERM"] {
        let mut server = Server::start(&["--time-limit", "600"]);
        let pid = server.child.id();
        let url = server.url("/api/solve");
        let body = lattice.clone();
        let sender = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(async { client(600).post(&url).body(body).send().await.map(|r| r.status()) })
        });
        // Reading has started once the server has used a second of CPU time.
        let ticks = 100; // USER_HZ on Linux
        let watchdog = std::time::Instant::now();
        while cpu_ticks(pid) < ticks {
            assert!(watchdog.elapsed() < Duration::from_secs(120), "the server never started reading");
            std::thread::sleep(Duration::from_millis(50));
        }
        let killed = std::process::Command::new("kill").arg(signal).arg(pid.to_string()).status().unwrap();
        assert!(killed.success());
        // A watchdog against hangs: the read alone lasts minutes.
        let watchdog = std::time::Instant::now();
        let status = loop {
            if let Some(status) = server.child.try_wait().unwrap() {
                break status;
            }
            assert!(watchdog.elapsed() < Duration::from_secs(30), "{signal}: the server did not stop");
            std::thread::sleep(Duration::from_millis(50));
        };
        assert_eq!(status.code(), Some(0), "{signal}: {status:?}");
        // The client's request ends with the server, answered or not.
        let _ = sender.join().unwrap();
    }
}

/// `prlimit LIMIT` before the binary, as `nobody` when the tests run as root (whom
/// a process cap does not bind).
#[cfg(target_os = "linux")]
fn capped(limit: &str) -> std::process::Command {
    let mut c = std::process::Command::new("prlimit");
    c.arg(limit);
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        c.args(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]);
    }
    c.arg(env!("CARGO_BIN_EXE_queens")).current_dir("/tmp");
    c
}

/// Item 8 (server): a thread that cannot start is an error, never a panic. Under a
/// cap of one thread the server starts (it panicked starting its runtime's
/// workers), answers what needs no thread, and answers a solve whose thread cannot
/// start with its JSON 500 (an empty reply, from a panic in `spawn_blocking`).
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_a_thread_cap_the_server_answers_500() {
    let server = Server::start_with(capped("--nproc=1"), &[]);
    let client = client(60);
    let res = client.get(server.url("/api/health")).send().await.expect("the server answers");
    assert_eq!(res.status(), reqwest::StatusCode::OK);
    let res = client.post(server.url("/api/solve")).body("1112\n1222\n3334\n3444\n").send().await.expect("an answer");
    let status = res.status();
    let v: Value = res.json().await.expect("a JSON answer");
    assert_eq!(status, reqwest::StatusCode::INTERNAL_SERVER_ERROR, "{v}");
    assert_eq!(v["error"]["kind"], "internal", "{v}");
    assert!(v["error"]["message"].as_str().unwrap().starts_with("cannot start a thread for this request ("), "{v}");
}

/// Item 8 (server): a server that cannot start says why in one line and exits 1
/// (a run that failed), not 2 (a usage error). Under 16 descriptors it is the
/// limit it names; at 6 and 7, tokio used to panic making its signal pipe.
#[cfg(target_os = "linux")]
#[test]
fn a_server_that_cannot_start_says_why() {
    for n in 4..16 {
        let out = capped(&format!("--nofile={n}")).args(["serve", "--port", "0"]).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{n}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{n}: {stderr}");
        let says = format!("queens: cannot start the server: the open-file limit is {n} (ulimit -n)");
        assert!(stderr.starts_with(&says), "{n}: {stderr}");
    }
}

/// A 9×9 screenshot 2,300 pixels a side with noise (±16) in every pixel: read
/// and solved like a clean one, but its overlay does not compress, so its answer
/// is about 20 MB of JSON, more than a socket's buffers hold.
fn noisy_screenshot() -> Vec<u8> {
    const NINE: &str =
        "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n";
    let r = queens::puzzle::text::parse(NINE).unwrap();
    let style = queens::output::render::Style { cell: 250, ..Default::default() };
    let mut img = queens::output::render::render(&r, &style, &Default::default()).0;
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    for p in img.pixels_mut() {
        for c in &mut p.0 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            *c = c.saturating_add((seed >> 59) as u8).saturating_sub(16);
        }
    }
    queens::output::overlay::encode_png(&img)
}

/// A server on a free loopback port in this process, with `opts`.
async fn in_process(opts: queens::app::serve::ServeOptions) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(queens::app::serve::serve_on(listener, opts));
    addr
}

/// Sends a solve request for `body` on a connection with a 4 KiB receive window,
/// and reads nothing: the stream is returned for the caller to read later.
async fn never_reading(addr: std::net::SocketAddr, body: &[u8]) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt as _;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(addr).await.unwrap();
    let head = format!("POST /api/solve HTTP/1.1\r\nhost: {addr}\r\ncontent-length: {}\r\n\r\n", body.len());
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body).await.unwrap();
    stream
}

/// Item 2: an answer is counted in the memory budget until it is sent. A client
/// that never reads its 20 MB answer keeps its room, so a picture that needs the
/// whole 16 MiB budget waits (503 after the queue wait) until that answer is gone;
/// the answer's room used to be freed as soon as it was computed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_is_counted_until_sent() {
    let opts = queens::app::serve::ServeOptions {
        memory_budget: 16 << 20,
        queue_wait: Duration::from_secs(3),
        write_timeout: Duration::from_secs(600),
        ..Default::default()
    };
    let addr = in_process(opts).await;
    let shot = noisy_screenshot();
    let url = format!("http://{addr}/api/solve");
    let client = client(120);
    // The test is broken unless the picture is solved and its answer is large.
    let res = client.post(&url).body(shot.clone()).send().await.unwrap();
    assert_eq!(res.status(), reqwest::StatusCode::OK, "test is broken");
    let size = res.bytes().await.unwrap().len();
    assert!(size > 12 << 20, "test is broken: the answer is {size} bytes");
    let _stalled = never_reading(addr, &shot).await;
    // Until the stalled answer is computed, the next request may simply queue behind it.
    let mut last = None;
    for _ in 0..10 {
        let res = client.post(&url).body(shot.clone()).send().await.unwrap();
        let status = res.status();
        let v: Value = res.json().await.unwrap();
        if status == reqwest::StatusCode::SERVICE_UNAVAILABLE {
            assert_eq!(v["error"]["kind"], "busy", "{v}");
            return;
        }
        last = Some((status, v["ok"].clone()));
    }
    panic!("the unread answer held no room: the next picture was answered {last:?}");
}

/// Item 2: the write deadline. A client that takes no byte of its answer for the
/// write timeout (1 s here) is cut: its answer and its room are dropped, so the
/// next picture (which needs the whole budget) is answered, and the stalled client
/// finds its answer cut short. It used to be held for as long as the client stayed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_reads_is_cut() {
    use tokio::io::AsyncReadExt as _;
    let mut opts = queens::app::serve::ServeOptions {
        memory_budget: 16 << 20,
        queue_wait: Duration::from_secs(120),
        write_timeout: Duration::from_secs(1),
        ..Default::default()
    };
    // Room for a loaded machine: this test is about the answer, not the solve.
    opts.config.solve.time_limit = Duration::from_secs(120);
    opts.request_timeout = Duration::from_secs(300);
    let addr = in_process(opts).await;
    let shot = noisy_screenshot();
    let mut stalled = never_reading(addr, &shot).await;
    let res = client(300).post(format!("http://{addr}/api/solve")).body(shot).send().await.unwrap();
    assert_eq!(res.status(), reqwest::StatusCode::OK);
    // What the stalled client can still read: its answer, cut short.
    let mut got = Vec::new();
    tokio::time::timeout(Duration::from_secs(120), stalled.read_to_end(&mut got)).await.expect("closed").ok();
    let text = String::from_utf8_lossy(&got[..got.len().min(1024)]).to_lowercase();
    let (head, _) = text.split_once("\r\n\r\n").expect("the answer's head arrived");
    assert!(head.starts_with("http/1.1 200"), "test is broken: the stalled request was answered {head}");
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length: "))
        .expect("a content length")
        .trim()
        .parse()
        .unwrap();
    assert!(
        got.len() < head.len() + 4 + length,
        "the whole answer ({length} bytes) was sent to a client that never read"
    );
}

/// Item 2: an upload counts in the uploads budget from the bytes held, before it
/// is solved. One client declares a 15 MiB picture, sends 3 MiB of it and stops;
/// a 3.3 MB upload beside it does not fit in the 6 MiB budget, so it waits for
/// room (503 after the queue wait), and is answered once that client goes. Bodies
/// used to be read and held for free while they waited for their turn (32 clients
/// held 413 MB of them).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upload_counts_while_it_is_held() {
    use tokio::io::AsyncWriteExt as _;
    let opts = queens::app::serve::ServeOptions {
        upload_budget: 6 << 20,
        queue_wait: Duration::from_secs(2),
        body_timeout: Duration::from_secs(600),
        per_client: 4,
        ..Default::default()
    };
    let addr = in_process(opts).await;
    let url = format!("http://{addr}/api/solve");
    let text = "AB\n".repeat(1_100_000);
    let mut holder = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!("POST /api/solve HTTP/1.1\r\nhost: {addr}\r\ncontent-length: {}\r\n\r\n", 15 << 20);
    holder.write_all(head.as_bytes()).await.unwrap();
    holder.write_all(&vec![0x89; 3 << 20]).await.unwrap();
    // The holder's bytes are read as soon as they arrive; a watchdog, not a timing.
    let mut last = None;
    for _ in 0..20 {
        let res = client(60).post(&url).body(text.clone()).send().await.expect("the server answers");
        let status = res.status();
        let v: Value = res.json().await.expect("a JSON answer");
        if status == reqwest::StatusCode::SERVICE_UNAVAILABLE {
            assert_eq!(v["error"]["kind"], "busy", "{v}");
            last = None;
            break;
        }
        last = Some((status, v));
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(last.is_none(), "a 3.3 MB upload was read beside 3 MiB held in a 6 MiB budget: {last:?}");
    drop(holder);
    // The room comes back when the holder's connection closes.
    for _ in 0..50 {
        let res = client(60).post(&url).body(text.clone()).send().await.expect("the server answers");
        if res.status() == reqwest::StatusCode::UNPROCESSABLE_ENTITY {
            return;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("the room of an upload whose client went was never given back");
}

/// Issue 48, item 8: the budget counts an answer's picture before it is built.
/// A 3000² lattice costs 141 MB to read and 73 MB more to answer with its picture;
/// in a 180 MiB budget (189 MB) the whole costs more than the budget, so it runs
/// alone, and a small screenshot sent while it reads (3 s, its time limit) is
/// answered after it. When only the reading was charged, the screenshot's 11 MB
/// fitted beside the lattice's 141 MB and was answered at once, while the
/// lattice's answer (had it been solved) would have been built outside the budget.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_is_charged_before_it_is_built() {
    let mut opts = queens::app::serve::ServeOptions {
        memory_budget: 180 << 20,
        per_client: 4,
        queue_wait: Duration::from_secs(60),
        ..Default::default()
    };
    opts.config.solve.time_limit = Duration::from_secs(3);
    let addr = in_process(opts).await;
    let url = format!("http://{addr}/api/solve");
    let client = client(120);
    let lattice = {
        let (client, url) = (client.clone(), url.clone());
        tokio::spawn(async move {
            let res = client.post(&url).body(lattice_png(3000, 12)).send().await.expect("the server answers");
            (res.status(), std::time::Instant::now())
        })
    };
    // The lattice's 40 KB are in and it is reading well before this.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let res = client.post(&url).body(screenshot()).send().await.expect("the server answers");
    let shot_done = std::time::Instant::now();
    assert_eq!(res.status(), reqwest::StatusCode::OK);
    let (status, lattice_done) = lattice.await.unwrap();
    // Stopped by its time limit while reading.
    assert_eq!(status, reqwest::StatusCode::UNPROCESSABLE_ENTITY);
    assert!(lattice_done <= shot_done, "the screenshot was answered beside a lattice that needed the whole budget");
}
