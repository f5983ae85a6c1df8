//! Fuzzes the text puzzle format: `text::parse`, then the partition check and,
//! for small valid boards, the MILP solve (which re-checks every placement).
#![no_main]

use libfuzzer_sys::fuzz_target;

// The body lives in the library so the regression test replays exactly this.
fuzz_target!(|data: &[u8]| queens::fuzzing::text_parser(data));
