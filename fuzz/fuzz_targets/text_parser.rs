//! Fuzzes the text puzzle format: `text::parse`, then the partition check and,
//! for small valid boards, the MILP solve (which re-checks every placement).
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use queens::partition::{self, Pieces};
use queens::solve::{self, SolveOptions};

fuzz_target!(|data: &[u8]| {
    // The parser takes &str; lossy conversion keeps invalid UTF-8 inputs useful.
    let input = String::from_utf8_lossy(data);
    let Ok(regions) = queens::text::parse(&input) else { return };
    // The written form must parse back to the same board.
    let written = queens::text::write(&regions);
    if regions.region_count() <= 62 {
        let again = queens::text::parse(&written).expect("written puzzle parses");
        assert_eq!(again, regions, "text round trip changed the board");
    }
    if partition::check(&regions, Pieces::Connected).is_err() {
        return;
    }
    if regions.n() <= 12 {
        let opts = SolveOptions { stars: 1, time_limit: Duration::from_millis(500) };
        let _ = solve::solve(&regions, &opts);
    }
});
