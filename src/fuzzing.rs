//! The fuzz targets' bodies, shared by `fuzz/fuzz_targets/*` and the regression
//! test that replays saved inputs (`tests/links/fuzz_regressions.rs`), so both always
//! exercise exactly the same code. Not part of the public API.

use std::time::Duration;

use crate::pipeline::{self, Config};
use crate::puzzle::partition::{self, Pieces};
use crate::solve::{self, SolveOptions};

/// The settings of the image target: a small side limit and a short solver time,
/// so the fuzzer explores inputs rather than waiting on them.
pub fn config() -> Config {
    let mut config = Config { max_side: 2048, ..Default::default() };
    config.solve.time_limit = Duration::from_millis(500);
    config
}

/// Text target: [`text_read`], then (small boards) solve.
pub fn text_parser(data: &[u8]) {
    // The parser takes &str; lossy conversion keeps invalid UTF-8 inputs useful.
    let Some(regions) = text_read(&String::from_utf8_lossy(data)) else { return };
    if regions.n() <= 12 {
        let _ =
            solve::solve(&regions, &SolveOptions { time_limit: Duration::from_millis(500), ..SolveOptions::default() });
    }
}

/// The reading half of the text target: parse; the written form must parse back to
/// the same board; then the partition check. Returns the board when it passes.
fn text_read(input: &str) -> Option<crate::Regions> {
    let regions = crate::puzzle::text::parse(input).ok()?;
    if regions.region_count() <= 62 {
        let again = crate::puzzle::text::parse(&crate::puzzle::text::write(&regions)).expect("written puzzle parses");
        assert_eq!(again, regions, "text round trip changed the board");
    }
    partition::check(&regions, Pieces::Connected).ok()?;
    Some(regions)
}

/// Image target: bytes → decode → grid → cells → regions → solve, through the
/// entry point the CLI uses, as a file named like an image.
pub fn image_path(data: &[u8]) -> crate::Result<crate::Placement> {
    pipeline::solve_bytes(data, true, &config()).0.result
}

/// puzz.link target: `puzzlink::parse` must return, never panic; every error is a
/// `parse` error; a URL that parses re-encodes to a URL that reads back to the
/// same board and K; small boards then go through the text entry point (which
/// sees the URL) to a checked result or an error.
pub fn puzzlink(data: &[u8]) {
    use crate::puzzle::puzzlink;
    let input = String::from_utf8_lossy(data);
    let parsed = puzzlink::parse(&input);
    let puzzle = match parsed {
        Ok(p) => p,
        Err(e) => {
            assert_eq!(e.kind(), "parse", "URL errors are parse errors: {e}");
            return;
        }
    };
    assert!(puzzlink::looks_like_url(&input), "only web addresses parse");
    // Regions read from borders are the pieces walls cut out, so they always have a URL.
    let url = puzzlink::encode(&puzzle.regions, puzzle.stars).expect("regions from a URL have a URL");
    let again = puzzlink::parse(&url).expect("an encoded URL parses");
    assert_eq!(again, puzzle, "URL round trip changed the puzzle");
    if puzzle.regions.n() <= 10 {
        let outcome = pipeline::solve_text(&input, &config());
        if let Ok(p) = &outcome.result {
            let k = outcome.k;
            crate::puzzle::check::check(&puzzle.regions, k, p).expect("every solution passes the rule check");
        }
    }
}

/// penpa-edit target: `data` is penpa's save text (what a link's `p=` part inflates
/// to), so the fuzzer mutates its lines and JSON rather than base64. Packed into a
/// link, `penpa::parse` must return, never panic, with only `parse` errors; a link
/// that parses with its K re-encodes to a link that reads back to the same board,
/// K and marks; small boards then go through the text entry point to a checked
/// result or an error. The raw bytes are tried as a link too.
pub fn penpa(data: &[u8]) {
    use crate::puzzle::penpa;
    let text = String::from_utf8_lossy(data);
    if let Err(e) = penpa::parse(&text) {
        assert_eq!(e.kind(), "parse", "link errors are parse errors: {e}");
    }
    let link = penpa::pack(&text);
    let board = match penpa::parse(&link) {
        Ok(b) => b,
        Err(e) => {
            assert_eq!(e.kind(), "parse", "link errors are parse errors: {e}");
            return;
        }
    };
    let Some(k) = board.stars else { return };
    // Regions read from walls are the pieces walls cut out, so they always have a link.
    let again = penpa::encode(&board.regions, k, board.marks.as_ref()).expect("regions from walls have a link");
    assert_eq!(penpa::parse(&again).expect("an encoded link parses"), board, "link round trip changed the board");
    if board.regions.n() <= 10 {
        let outcome = pipeline::solve_text(&link, &config());
        if let Ok(p) = &outcome.result {
            let k = outcome.k;
            crate::puzzle::check::check(&board.regions, k, p).expect("every solution passes the rule check");
        }
    }
}

/// Largest text the text-size target builds: big enough that a parser holding
/// 50 bytes a byte would show, small enough for a million runs.
pub(crate) const MAX_SIZED_TEXT: usize = 8 << 20;

/// The text-size dimension: `data[0]` picks a length, the rest of `data` (made
/// valid UTF-8, lossily) is repeated up to it, cut at a character. Most picks are short (up to 32 KiB); one in sixteen goes up to
/// [`MAX_SIZED_TEXT`], so a fuzzer explores texts of any size from small inputs.
pub fn sized_text(data: &[u8]) -> String {
    sized_after("", data)
}

/// `prefix`, then the text [`sized_text`] makes of `data`, written once into a
/// string of the final size (so the input costs its length, and nothing more, to make).
pub fn sized_after(prefix: &str, data: &[u8]) -> String {
    let Some((&pick, body)) = data.split_first() else { return prefix.to_string() };
    // Made valid once, on the short body: a lossy pass over megabytes would be
    // most of a run's time (the fuzzer counts every byte's comparisons).
    let body = String::from_utf8_lossy(body);
    if body.is_empty() {
        return prefix.to_string();
    }
    let len = sized_len(pick, body.len());
    let mut text = String::with_capacity(prefix.len() + len);
    text.push_str(prefix);
    while text.len() - prefix.len() < len {
        let mut take = body.len().min(len - (text.len() - prefix.len()));
        while !body.is_char_boundary(take) {
            take -= 1;
        }
        if take == 0 {
            break;
        }
        text.push_str(&body[..take]);
    }
    text
}

/// The length `pick` stands for, never shorter than a body of `body` bytes: 2 to
/// the `pick % 16` bytes for 240 picks in 256, else 64 KiB to [`MAX_SIZED_TEXT`].
fn sized_len(pick: u8, body: usize) -> usize {
    let exponent = if pick < 240 { u32::from(pick % 16) } else { 16 + u32::from(pick % 8) };
    (1usize << exponent).min(MAX_SIZED_TEXT).max(body)
}

/// Text-size target: the text of [`sized_text`] through the text target's reading
/// half ([`text_read`]; solving is the text target's job, and its cost is time, not
/// size) and the entry point the CLI uses, which must answer within the text's
/// memory bound, 4 bytes a byte and 20 MB (checked by the caller, who counts
/// allocations with [`PeakAlloc`]). Returns the text's length.
pub fn text_sized(data: &[u8]) -> usize {
    let text = sized_text(data);
    let _ = text_read(&text);
    let _ = pipeline::parse_text(&text);
    text.len()
}

/// Where a puzz.link link's query starts: the size targets put their bytes after it.
pub const PUZZLINK_PREFIX: &str = "https://puzz.link/p?starbattle/";

/// Where a penpa-edit link's `p=` part starts.
pub(crate) const PENPA_PREFIX: &str = "https://swaroopg92.github.io/penpa-edit/#m=edit&p=";

/// puzz.link size target: [`PUZZLINK_PREFIX`] and the bytes of `data` repeated to
/// the length `data[0]` picks (as [`sized_text`]), through `puzzlink::parse` (which
/// the CLI's entry point calls for such a link): only `parse` errors, within the
/// link's memory bound ([`text_memory_bound`], checked by the caller). Returns the
/// link's length.
pub fn link_sized(data: &[u8]) -> usize {
    let url = sized_after(PUZZLINK_PREFIX, data);
    if let Err(e) = crate::puzzle::puzzlink::parse(&url) {
        assert_eq!(e.kind(), "parse", "URL errors are parse errors: {e}");
    }
    url.len()
}

/// penpa-edit size target: the sized text of `data` ([`sized_text`]) read three
/// ways through `penpa::parse` (which the CLI's entry point calls for a link): as a link
/// itself, as the `p=` part after `PENPA_PREFIX` (base64 and inflate at size),
/// and as penpa's save text packed into a link (`penpa::pack_stored`: the inflated
/// text at size, up to `penpa::MAX_TEXT`; stored blocks, so that a run's time goes
/// to the reader, not to compressing). Only `parse` errors, and everything within
/// the memory bound ([`text_memory_bound`], checked by the caller) of the longest
/// link read, the packed one: packing escapes each `z` of the text as `zZ` and
/// base64 adds a third, so that link is up to 2.7 times its text, and the text,
/// the link and packing's own copies are counted with the reading
/// (`tests/fuzz_dimensions.rs` also holds hostile links packed at level 9, far
/// shorter than their text, to their own length's bound). Returns that length.
pub fn penpa_sized(data: &[u8]) -> usize {
    let text = sized_text(data);
    let read = |link: &str| {
        if let Err(e) = crate::puzzle::penpa::parse(link) {
            assert_eq!(e.kind(), "parse", "link errors are parse errors: {e}");
        }
        link.len()
    };
    let packed = crate::puzzle::penpa::pack_stored(&text);
    [read(&text), read(&sized_after(PENPA_PREFIX, data)), read(&packed)].into_iter().max().unwrap_or(0)
}

/// Level JSON size target, as `generate --not-in` reads a file: the bytes of `data`
/// repeated to the length `data[0]` picks ([`sized_text`]) as the file, and the
/// same length of whole copies of them as a JSON list (`[body,body,…]`, so a level
/// or a value repeats into a file that parses). Every run answers (levels read or
/// a message) within the file's memory bound ([`text_memory_bound`], checked by the
/// caller). Returns the longer file's length.
#[cfg(feature = "cli")]
pub fn levels_sized(data: &[u8]) -> usize {
    let file = sized_text(data);
    let _ = levels_read(file.as_bytes());
    let list = sized_list(data);
    let _ = levels_read(list.as_bytes());
    file.len().max(list.len())
}

/// Level JSON `bytes` read as `generate --not-in` reads a file (named `fuzz.json`
/// in messages): how many distinct layouts it holds, or the message.
#[cfg(feature = "cli")]
pub fn levels_read(bytes: &[u8]) -> Result<usize, String> {
    let mut seen = crate::generate::canon::Seen::new();
    crate::app::generate::levels_in(bytes, "fuzz.json", &mut seen)?;
    Ok(seen.len())
}

/// The JSON list the level target builds of `data`: `[`, whole copies of the body
/// (lossy UTF-8) joined by `,` up to the length `data[0]` picks (one copy at
/// least), `]`. `[]` without a body.
pub fn sized_list(data: &[u8]) -> String {
    let Some((&pick, body)) = data.split_first() else { return "[]".to_string() };
    let body = String::from_utf8_lossy(body);
    let len = sized_len(pick, body.len());
    let copies = if body.is_empty() { 0 } else { (len / (body.len() + 1)).max(1) };
    let mut list = String::with_capacity(copies * (body.len() + 1) + 2);
    list.push('[');
    for i in 0..copies {
        if i > 0 {
            list.push(',');
        }
        list.push_str(&body);
    }
    list.push(']');
    list
}

/// The memory a text of `len` bytes may take to read: 4 bytes a byte and 20 MB.
pub fn text_memory_bound(len: usize) -> usize {
    4 * len + (20 << 20)
}

/// A minimal big-endian TIFF block with one entry: Orientation (0x0112) = `tag`.
fn exif_orientation(tag: u8) -> Vec<u8> {
    let mut t = b"MM\0\x2a\0\0\0\x08".to_vec();
    t.extend_from_slice(&1u16.to_be_bytes());
    t.extend_from_slice(&[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, tag, 0, 0]);
    t.extend_from_slice(&0u32.to_be_bytes());
    t
}

/// PNG's chunk checksum (CRC-32, ISO 3309).
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// `picture` with EXIF orientation `tag` written the way phones write it: an APP1
/// `Exif` segment right after a JPEG's SOI, or an `eXIf` chunk right after a PNG's
/// IHDR. Other bytes come back as they are.
pub fn with_orientation(picture: &[u8], tag: u8) -> Vec<u8> {
    if picture.starts_with(&[0xFF, 0xD8]) {
        let payload = [b"Exif\0\0".as_slice(), &exif_orientation(tag)].concat();
        let mut segment = vec![0xFF, 0xE1];
        segment.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
        segment.extend_from_slice(&payload);
        return [&picture[..2], &segment, &picture[2..]].concat();
    }
    let ihdr_end = 8 + 8 + 13 + 4;
    if picture.starts_with(b"\x89PNG\r\n\x1a\n") && picture.len() >= ihdr_end {
        let body = [b"eXIf".as_slice(), &exif_orientation(tag)].concat();
        let mut chunk = ((body.len() - 4) as u32).to_be_bytes().to_vec();
        chunk.extend_from_slice(&body);
        chunk.extend_from_slice(&crc32(&body).to_be_bytes());
        return [&picture[..ihdr_end], &chunk, &picture[ihdr_end..]].concat();
    }
    picture.to_vec()
}

/// Orientation dimension of the image target: `data[0]` picks an EXIF orientation
/// (1 to 8, or 0 and 9 to 15: values no camera writes), written into the picture
/// of the rest of `data`, which then goes through the image target's body.
pub fn image_oriented(data: &[u8]) -> crate::Result<crate::Placement> {
    let Some((&pick, picture)) = data.split_first() else { return image_path(data) };
    image_path(&with_orientation(picture, pick % 16))
}

/// A counting allocator for the memory-bounded targets and their regression test:
/// the bytes held now and the most held since [`PeakAlloc::reset`]. A binary opts in
/// with `#[global_allocator] static A: PeakAlloc = PeakAlloc;`.
pub struct PeakAlloc;

static HELD: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static PEAK: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl PeakAlloc {
    /// Starts a new measurement: the peak is what is held now. Returns it.
    pub fn reset() -> usize {
        let now = HELD.load(std::sync::atomic::Ordering::SeqCst);
        PEAK.store(now, std::sync::atomic::Ordering::SeqCst);
        now
    }

    /// The most bytes held at once since [`PeakAlloc::reset`].
    pub fn peak() -> usize {
        PEAK.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn grew(by: usize) {
        let now = HELD.fetch_add(by, std::sync::atomic::Ordering::SeqCst) + by;
        PEAK.fetch_max(now, std::sync::atomic::Ordering::SeqCst);
    }
}

// SAFETY: every call is passed on to the system allocator unchanged; the counters
// only observe sizes.
unsafe impl std::alloc::GlobalAlloc for PeakAlloc {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        let p = unsafe { std::alloc::System.alloc(layout) };
        if !p.is_null() {
            Self::grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        let p = unsafe { std::alloc::System.alloc_zeroed(layout) };
        if !p.is_null() {
            Self::grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        unsafe { std::alloc::System.dealloc(ptr, layout) };
        HELD.fetch_sub(layout.size(), std::sync::atomic::Ordering::SeqCst);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { std::alloc::System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            HELD.fetch_sub(layout.size(), std::sync::atomic::Ordering::SeqCst);
            Self::grew(new_size);
        }
        p
    }
}
