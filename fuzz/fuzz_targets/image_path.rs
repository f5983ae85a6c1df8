//! Fuzzes the whole image path: bytes → decode → grid → cells → regions → solve,
//! through the same entry point the CLI uses.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use queens::pipeline::{self, Config};

fuzz_target!(|data: &[u8]| {
    let mut config = Config { max_side: 2048, ..Default::default() };
    config.solve.time_limit = Duration::from_millis(500);
    let (outcome, _picture) = pipeline::solve_bytes(data, true, &config);
    let _ = outcome.result.map_err(|e| e.kind());
});
