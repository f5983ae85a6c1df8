//! Every bound of `queens serve` holds (issue 35): what it holds, how long it
//! reads, how it stops, on a real server process.

mod common;

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
