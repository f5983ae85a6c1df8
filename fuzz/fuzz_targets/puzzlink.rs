//! Fuzzes the puzz.link URL reader: `puzzlink::parse` (never a panic, only `parse`
//! errors), the encode → parse round trip, and small boards through to the solver.
#![no_main]

use libfuzzer_sys::fuzz_target;

// The body lives in the library so the regression test replays exactly this.
fuzz_target!(|data: &[u8]| queens::fuzzing::puzzlink(data));
