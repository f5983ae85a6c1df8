//! Fuzzes the puzz.link reader at every size: `https://puzz.link/p?starbattle/`,
//! then the input after its first byte repeated to the length that byte picks (up
//! to 8 MiB); `puzzlink::parse` must answer (a board or a `parse` error) within
//! 4 bytes a byte and 20 MB of memory, counted by a counting allocator.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::fuzzing::{link_sized, text_memory_bound, PeakAlloc};

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc;

fuzz_target!(|data: &[u8]| {
    let before = PeakAlloc::reset();
    let len = link_sized(data);
    let used = PeakAlloc::peak() - before;
    assert!(used <= text_memory_bound(len), "a {len}-byte input took {used} bytes");
});
