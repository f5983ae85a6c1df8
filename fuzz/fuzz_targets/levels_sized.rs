//! Fuzzes the level JSON reader of `generate --not-in` at every size: the first byte
//! picks a length up to 8 MiB, the rest is repeated up to it as the file, and as
//! whole copies in a JSON list; reading must answer (levels or a message) within
//! 4 bytes a byte and 20 MB of memory, counted by a counting allocator.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::fuzzing::{levels_sized, text_memory_bound, PeakAlloc};

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc;

fuzz_target!(|data: &[u8]| {
    let before = PeakAlloc::reset();
    let len = levels_sized(data);
    let used = PeakAlloc::peak() - before;
    assert!(used <= text_memory_bound(len), "a {len}-byte input took {used} bytes");
});
