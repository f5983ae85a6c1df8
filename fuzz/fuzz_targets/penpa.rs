//! Fuzzes the penpa-edit link reader on penpa's save text (packed into a link by the
//! target): never a panic, only `parse` errors, the encode → parse round trip, and
//! small boards through to the solver.
#![no_main]

use libfuzzer_sys::fuzz_target;

// The body lives in the library so the regression test replays exactly this.
fuzz_target!(|data: &[u8]| queens::fuzzing::penpa(data));
