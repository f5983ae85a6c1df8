//! Fuzzes the text reader at every size: the first byte picks a length up to 8 MiB
//! and the rest is repeated up to it; reading must answer (a board or an error)
//! within 4 bytes a byte and 20 MB of memory, counted by a counting allocator.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::fuzzing::{text_memory_bound, text_sized, PeakAlloc};

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc;

fuzz_target!(|data: &[u8]| {
    let before = PeakAlloc::reset();
    let len = text_sized(data);
    let used = PeakAlloc::peak() - before;
    assert!(used <= text_memory_bound(len), "a {len}-byte text took {used} bytes");
});
