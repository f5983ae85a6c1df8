//! Fuzzes the image path with an EXIF orientation: the first byte picks the tag
//! (1 to 8, and values no camera writes), written into the picture of the rest.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = queens::fuzzing::image_oriented(data);
});
