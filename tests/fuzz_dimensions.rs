//! The fuzz targets' size and orientation dimensions without libFuzzer (see
//! `fuzz/README.md` for the real runs):
//! - every saved text seed, and mutants of it, at every length the text-size target
//!   picks (1 byte to 8 MiB) is read within 4 bytes a byte and 20 MB, counted by
//!   the counting allocator this test binary runs on;
//! - the same for the link and level readers' size targets: puzz.link links,
//!   penpa-edit links (the text itself, as a `p=` part, and packed as save text)
//!   and level JSON as `generate --not-in` reads it, on the saved seeds and on
//!   hostile shapes (endless `/` after a link, runs of ESC, `[0,0,…]`), and packed
//!   penpa links held to the bound of their own, far shorter, length;
//! - every saved picture seed with every EXIF orientation tag (and values no camera
//!   writes) goes through the image path without a panic, and a rotated tag of a
//!   real board reads the same board.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

use queens::fuzzing::{
    image_oriented, link_sized, penpa_sized, sized_after, sized_list, sized_text, text_memory_bound, text_sized,
    with_orientation, PeakAlloc,
};

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc;

/// The allocator's peak is one for the whole process: every test takes this lock
/// first, so no test's allocations are counted in another's measurement.
fn alone() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// Each body at each length pick through `sized` (a size target's body), and the
/// runs over their memory bound, described. Also returns the longest input made.
fn over_bound(bodies: &[Vec<u8>], picks: &[u8], sized: fn(&[u8]) -> usize) -> (Vec<String>, usize) {
    let mut over = Vec::new();
    let mut biggest = 0;
    for body in bodies {
        for &pick in picks {
            let data = [&[pick][..], body].concat();
            let before = PeakAlloc::reset();
            let len = sized(&data);
            let used = PeakAlloc::peak() - before;
            biggest = biggest.max(len);
            if used > text_memory_bound(len) {
                over.push(format!(
                    "pick {pick}, {len} bytes of {:?}…: {used} bytes",
                    String::from_utf8_lossy(&body[..body.len().min(20)])
                ));
            }
        }
    }
    (over, biggest)
}

/// The lengths the link and level tests pick: every short one the targets pick,
/// then 64 KiB, 512 KiB and 8 MiB.
const PICKS: [u8; 19] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 240, 243, 247];

fn samples() -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

fn seeds(target: &str) -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

#[test]
fn texts_of_every_size_are_read_within_their_memory_bound() {
    let _alone = alone();
    let mut bodies = seeds("text_parser");
    // Lines no puzzle can hold: one endless row, endless short rows, endless blanks.
    bodies.extend([b"AB".to_vec(), b"A\n".to_vec(), b"\n".to_vec(), b"A B C D ".to_vec()]);
    let mut over = Vec::new();
    let mut biggest = 0;
    for body in &bodies {
        for pick in (0..16).chain(240..248) {
            let data = [&[pick as u8][..], body].concat();
            let before = PeakAlloc::reset();
            let len = text_sized(&data);
            let used = PeakAlloc::peak() - before;
            biggest = biggest.max(len);
            if used > text_memory_bound(len) {
                over.push(format!(
                    "{len} bytes of {:?}…: {used} bytes",
                    String::from_utf8_lossy(&body[..body.len().min(20)])
                ));
            }
        }
    }
    assert_eq!(biggest, 8 << 20, "the largest pick reaches the cap");
    assert!(over.is_empty(), "texts over their memory bound:\n{}", over.join("\n"));
}

#[test]
fn the_size_dimension_repeats_the_body_to_the_picked_length() {
    assert_eq!(sized_text(&[3, b'A', b'B', b'\n']), "AB\nAB\nAB");
    assert_eq!(sized_text(&[0, b'x', b'y']).len(), 2, "never shorter than the body");
    assert_eq!(sized_text(&[255, b'z']).len(), 8 << 20);
    assert_eq!(sized_text(&[7]), "");
}

#[test]
fn every_orientation_tag_on_every_picture_seed_returns() {
    let _alone = alone();
    let mut panics = Vec::new();
    for (i, picture) in seeds("image_path").iter().enumerate() {
        for tag in 0..16u8 {
            let data = [&[tag][..], picture].concat();
            if catch_unwind(AssertUnwindSafe(|| image_oriented(&data))).is_err() {
                panics.push(format!("seed {i}, tag {tag}"));
            }
        }
    }
    assert!(panics.is_empty(), "panics: {panics:?}");
}

#[test]
fn a_tag_that_keeps_the_picture_upright_reads_the_same_board() {
    let _alone = alone();
    let seed = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions/image_path/issue-9x9-cell12.png");
    let png = std::fs::read(seed).unwrap();
    let upright = queens::fuzzing::image_path(&png).expect("the seed solves");
    // Tag 1 is "as stored"; tags no camera writes are ignored as if absent.
    for tag in [1u8, 0, 9, 15] {
        assert_eq!(
            queens::fuzzing::image_path(&with_orientation(&png, tag)).ok().as_ref(),
            Some(&upright),
            "tag {tag}"
        );
    }
    // Tag 3 turns the stored pixels half round: the same board upside down is a different map.
    assert!(queens::fuzzing::image_path(&with_orientation(&png, 3)).is_ok());
}

/// Bodies no link should hold: endless `/` (fields past the borders), ESC (quoted
/// in messages), base-32 digits (borders), JSON numbers, a size with no end, and
/// `z` and `zz6ezB,10,` (penpa_sized's first libFuzzer find: penpa's packing
/// escapes each `z` as `zZ`, so a packed link is up to 2.7 times its text).
fn hostile() -> Vec<Vec<u8>> {
    [&b"/"[..], b"\x1b", b"0", b"0,", b"[0,", b"5/5/1/", b"9", b"\"\x1b", b"z", b"zz6ezB,10,"]
        .iter()
        .map(|b| b.to_vec())
        .collect()
}

#[test]
fn puzzlink_links_of_every_size_are_read_within_their_memory_bound() {
    let _alone = alone();
    let mut bodies = seeds("puzzlink");
    // The seeds' parts after the prefix too: their sizes and borders, repeated.
    let tails: Vec<Vec<u8>> =
        bodies.iter().filter_map(|b| b.strip_prefix(b"https://puzz.link/p?starbattle/")).map(<[u8]>::to_vec).collect();
    assert!(tails.len() >= 3, "the seeds are puzz.link links");
    bodies.extend(tails);
    bodies.extend(samples());
    bodies.extend(hostile());
    let (over, biggest) = over_bound(&bodies, &PICKS, link_sized);
    assert_eq!(biggest, queens::fuzzing::PUZZLINK_PREFIX.len() + (8 << 20), "the largest pick reaches the cap");
    assert!(over.is_empty(), "links over their memory bound:\n{}", over.join("\n"));
}

#[test]
fn a_link_followed_by_20_mib_of_slashes_or_esc_is_read_within_its_bound() {
    let _alone = alone();
    let links = [
        format!("https://puzz.link/p?starbattle/4/4/1/abc{}", "/".repeat(20 << 20)),
        format!("https://{}/p?starbattle/4/4/1/abc", "\x1b".repeat(20 << 20)),
        format!("https://puzz.link/p?starbattle/4/4/1/{}", "\x1b".repeat(20 << 20)),
    ];
    for link in &links {
        let before = PeakAlloc::reset();
        let e = queens::puzzle::puzzlink::parse(link).unwrap_err();
        let used = PeakAlloc::peak() - before;
        assert_eq!(e.kind(), "parse");
        assert!(e.to_string().len() < 500, "the message quotes a cut: {e}");
        assert!(used <= text_memory_bound(link.len()), "{} bytes took {used}: {e}", link.len());
    }
}

#[test]
fn penpa_links_of_every_size_are_read_within_their_memory_bound() {
    let _alone = alone();
    let mut bodies = seeds("penpa");
    bodies.extend(samples());
    bodies.extend(hostile());
    let (over, biggest) = over_bound(&bodies, &PICKS, penpa_sized);
    assert!(biggest > 8 << 20, "the largest pick reaches the cap, and its packed link more");
    assert!(over.is_empty(), "penpa texts over their memory bound:\n{}", over.join("\n"));
}

/// A save text with `layer` as its puzzle layer: the head of a 6×6 board.
fn penpa_text(layer: &str, tags: &str) -> String {
    let head = "square,6,6,38,0,1,1,266,266,175,175,0,0,0,0,Title: ,Author: ,,,OFF,false,\n[1,1,1,1]\n{}";
    let blank = "\n".repeat(12);
    format!("{head}\n{layer}\n{{}}{blank}\n{tags}\n")
}

#[test]
fn packed_penpa_links_are_read_within_the_bound_of_their_own_length() {
    let _alone = alone();
    let zeros = format!("{{\"lineE\":[{}0]}}", "0,".repeat(1_900_000));
    // ESC as JSON writes it (`\u001b`): 6 bytes of text, a byte of key or tag.
    let esc_edge = format!("{{\"lineE\":{{\"{}\":2}}}}", "\\u001b".repeat(600_000));
    let esc_tag = format!("[\"{}\"]", "\\u001b".repeat(600_000));
    let cages = format!("[{}]", vec!["\"killercages\""; 280_000].join(","));
    let texts = [
        penpa_text(&zeros, ""),
        penpa_text(&esc_edge, ""),
        penpa_text("{}", &esc_tag),
        penpa_text(&cages, ""),
        penpa_text(&"[".repeat(1 << 20), ""),
    ];
    for text in &texts {
        let link = queens::puzzle::penpa::pack(text);
        assert!(link.len() * 50 < text.len(), "packing shrinks the text: {} of {}", link.len(), text.len());
        let before = PeakAlloc::reset();
        let e = queens::puzzle::penpa::parse(&link).unwrap_err();
        let used = PeakAlloc::peak() - before;
        assert_eq!(e.kind(), "parse");
        assert!(e.to_string().len() < 500, "the message quotes a cut: {e}");
        assert!(used <= text_memory_bound(link.len()), "a {}-byte link took {used}: {e}", link.len());
    }
}

#[test]
fn the_size_dimension_puts_a_prefix_before_and_builds_whole_lists() {
    assert_eq!(sized_after("p/", &[2, b'a', b'b', b'c']), "p/abca", "4 bytes after the prefix");
    assert_eq!(sized_after("p/", &[]), "p/");
    assert_eq!(sized_list(&[4, b'1', b'2']), "[12,12,12,12,12]");
    assert_eq!(sized_list(&[0, b'{', b'}']), "[{}]", "one copy at least");
    assert_eq!(sized_list(&[9]), "[]");
    assert_eq!(sized_list(&[255, b'0']).len(), 2 * ((8 << 20) / 2) + 1);
}

/// A level list's body: one 5×5 level and one 9×9 with another field, as
/// `generate --not-in` reads them.
#[cfg(feature = "cli")]
fn levels() -> Vec<u8> {
    let five = r#"{"regions":["AABBB","AABBB","ACBBB","CCDDE","CCDDE"]}"#;
    let text = String::from_utf8(samples().into_iter().find(|s| s.starts_with(b"# The 9x9")).unwrap()).unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    format!("{five},{{\"id\":7,\"regions\":{}}}", serde_json::to_string(&rows).unwrap()).into_bytes()
}

#[cfg(feature = "cli")]
#[test]
fn level_json_of_every_size_is_read_within_its_memory_bound() {
    let _alone = alone();
    let mut bodies = vec![levels(), b"{\"regions\":[\"AB\",\"BA\"]}".to_vec(), b"{\"regions\":[\"".to_vec()];
    bodies.extend(samples());
    bodies.extend(hostile());
    let (over, biggest) = over_bound(&bodies, &PICKS, queens::fuzzing::levels_sized);
    assert!(biggest >= 8 << 20, "the largest pick reaches the cap");
    assert!(over.is_empty(), "level files over their memory bound:\n{}", over.join("\n"));
}

#[cfg(feature = "cli")]
#[test]
fn the_level_list_form_repeats_levels_into_a_file_that_reads() {
    use queens::fuzzing::levels_read;
    let _alone = alone();
    let data = [&[12][..], &levels()[..]].concat();
    assert_eq!(levels_read(sized_list(&data).as_bytes()), Ok(2), "two layouts, however often repeated");
    let e = levels_read(sized_text(&data).as_bytes()).unwrap_err();
    assert!(e.contains("not JSON"), "{e}");
    let zeros = [&[20][..], &b"0"[..]].concat();
    assert_eq!(
        levels_read(sized_list(&zeros).as_bytes()),
        Err("fuzz.json: level 1 has no \"regions\" as a square of rows".into())
    );
}
