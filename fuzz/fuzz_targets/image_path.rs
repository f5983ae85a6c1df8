//! Fuzzes the whole image path: bytes → decode → grid → cells → regions → solve,
//! through the same entry point the CLI uses.
#![no_main]

use libfuzzer_sys::fuzz_target;

// The body lives in the library so the regression test replays exactly this.
fuzz_target!(|data: &[u8]| {
    let _ = queens::fuzzing::image_path(data);
});
