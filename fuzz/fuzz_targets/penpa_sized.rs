//! Fuzzes the penpa-edit reader at every size: the first byte picks a length up to
//! 8 MiB and the rest is repeated up to it, then read as a link, as the `p=` part
//! of one, and as save text packed into one; `penpa::parse` must answer (a board or
//! a `parse` error) within 4 bytes a byte of the text and 20 MB of memory, counted
//! by a counting allocator.
#![no_main]

use libfuzzer_sys::fuzz_target;
use queens::fuzzing::{penpa_sized, text_memory_bound, PeakAlloc};

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc;

fuzz_target!(|data: &[u8]| {
    let before = PeakAlloc::reset();
    let len = penpa_sized(data);
    let used = PeakAlloc::peak() - before;
    assert!(used <= text_memory_bound(len), "a {len}-byte input took {used} bytes");
});
