//! The fuzz targets' size and orientation dimensions without libFuzzer (see
//! `fuzz/README.md` for the real runs):
//! - every saved text seed, and mutants of it, at every length the text-size target
//!   picks (1 byte to 8 MiB) is read within 4 bytes a byte and 20 MB, counted by
//!   the counting allocator this test binary runs on;
//! - every saved picture seed with every EXIF orientation tag (and values no camera
//!   writes) goes through the image path without a panic, and a rotated tag of a
//!   real board reads the same board.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use queens::fuzzing::{image_oriented, sized_text, text_memory_bound, text_sized, with_orientation, PeakAlloc};

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc;

fn seeds(target: &str) -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

#[test]
fn texts_of_every_size_are_read_within_their_memory_bound() {
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
