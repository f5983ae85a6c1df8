//! The binary on pictures of every kind: progressive JPEG, animated GIF and palette PNG,
//! bomb pictures refused from their header, overlays that never replace an input, the
//! bordered render read back, boards drawn by borders alone, and the spinner.

use super::cli::*;
use crate::common;
use crate::common::queens_coloured as queens;
use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// Fixtures made from our own render (tests/data/README.md says how).
pub(crate) fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

#[test]
pub(crate) fn progressive_jpeg_animated_gif_and_palette_png_are_read() {
    let progressive = std::fs::read(fixture("issue-9x9-progressive.jpg")).unwrap();
    assert!(progressive.windows(2).any(|w| w == [0xFF, 0xC2]), "fixture is a progressive JPEG (SOF2)");
    let gif = std::fs::read(fixture("issue-9x9-animated.gif")).unwrap();
    assert!(gif.windows(11).any(|w| w == b"NETSCAPE2.0"), "fixture is an animated GIF");
    let palette = std::fs::read(fixture("issue-9x9-palette.png")).unwrap();
    assert_eq!(palette[25], 3, "fixture is a palette PNG (IHDR color type 3)");
    for name in ["issue-9x9-progressive.jpg", "issue-9x9-animated.gif", "issue-9x9-palette.png"] {
        let out = queens().args(["solve", "--json", "--no-image"]).arg(fixture(name)).ok_stdout();
        let v = &json_lines(&out)[0];
        assert_eq!(v["regions"][1], "AABCCCDDD", "{name}");
        assert_eq!(v["queens"][1], serde_json::json!([1, 5]), "{name}");
    }
}

#[test]
pub(crate) fn an_overlay_never_replaces_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let png = screenshot_png();
    // An input that sits exactly where the overlay of `shot.png` would go.
    let trap = write(&out_dir, "shot.solved.png", &png);
    let input = write(dir.path(), "shot.png", &png);
    let out = queens().args(["solve", "--json", "-o"]).arg(&out_dir).arg(&input).arg(&trap).ok_stdout();
    assert_eq!(std::fs::read(&trap).unwrap(), png, "the input was not touched");
    let outputs: Vec<String> = json_lines(&out).iter().map(|v| v["output"].as_str().unwrap().to_string()).collect();
    assert!(outputs.iter().all(|o| Path::new(o) != trap), "{outputs:?}");
    assert_ne!(outputs[0], outputs[1]);
}

#[test]
pub(crate) fn bomb_picture_is_refused_from_its_header() {
    let bomb = common::bomb_png(16_000);
    assert!(bomb.len() < 4 << 20, "the bomb should be a small file, is {} bytes", bomb.len());
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "bomb.png", &bomb);
    let out = queens().args(["solve", "--json", "--no-image"]).arg(&p).assert().code(1).get_output().stdout.clone();
    let v = &json_lines(&out)[0];
    assert_eq!(v["error"]["kind"], "decode", "{v}");
    assert_eq!(
        v["error"]["message"],
        "cannot decode image: image is 16000×16000 = 256 megapixels, over the 40-megapixel limit"
    );
    // `read` refuses it the same way, and a lower --max-pixels refuses a normal screenshot.
    queens()
        .arg("read")
        .arg(&p)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("bomb.png: cannot decode image: image is 16000×16000 = 256 megapixels"));
    let shot = write(dir.path(), "shot.png", &screenshot_png());
    queens()
        .args(["solve", "--no-image", "--max-pixels", "0.1M"])
        .arg(&shot)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("over the 0.1-megapixel limit"));
    queens().args(["solve", "--no-image", "--max-pixels", "40M"]).arg(&shot).assert().success();
    queens().args(["solve", "--max-pixels", "lots"]).arg(&shot).assert().code(2);
}

#[test]
pub(crate) fn share_with_json_is_a_field_of_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", PUZZLE.as_bytes());
    let out = queens().args(["solve", "--json", "--share"]).arg(&p).ok_stdout();
    let v = &json_lines(&out)[0];
    let share = v["share"].as_str().unwrap_or_else(|| panic!("no share in {v}"));
    assert_eq!(share.lines().count(), 9);
    assert_eq!(share.matches('👑').count(), 9);
    // The same text as the human output's share block.
    let human = String::from_utf8(queens().args(["solve", "--share", "--color", "never"]).arg(&p).ok_stdout()).unwrap();
    assert!(human.ends_with(share), "{human}\n---\n{share}");
    // Without --share the record has no share field.
    let out = queens().args(["solve", "--json"]).arg(&p).ok_stdout();
    assert!(json_lines(&out)[0].get("share").is_none());
}

#[test]
pub(crate) fn bordered_render_reads_back_and_prints_its_borders() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", PUZZLE.as_bytes());
    let img = dir.path().join("grid.jpg");
    queens()
        .args(["render", "--style", "bordered", "--marks", "played", "--cell", "36", "-o"])
        .arg(&img)
        .arg(&p)
        .assert()
        .success();
    let out = queens().args(["solve", "--json", "--no-image"]).arg(&img).ok_stdout();
    let v = &json_lines(&out)[0];
    assert_eq!(v["ok"], true, "{v}");
    let expected = queens::puzzle::text::parse(PUZZLE).unwrap().rows();
    assert_eq!(v["regions"], serde_json::json!(expected));
    // Read from its borders: the terminal board shows them, stars marked `*`.
    let out = queens().args(["solve", "--color", "never", "-o"]).arg(dir.path().join("out")).arg(&img).ok_stdout();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("  +---+---+"), "{text}");
    assert_eq!(text.matches(" * ").count(), 9, "{text}");
}

/// A board read from its borders alone has no region colours to speak of (every
/// cell is the page's white or grey), so its explanation names regions by letter,
/// never "the white region".
#[test]
pub(crate) fn borders_only_boards_name_their_regions_by_letter() {
    let Some((dir, shots)) = common::starbattle() else { return };
    let mut checked = 0;
    for shot in shots.iter().filter(|s| !s.file.contains("color") && s.n <= 10).take(6) {
        let out = Command::cargo_bin("queens")
            .unwrap()
            .args(["explain", "--no-image", "--color", "never", "--stars", &shot.stars.to_string()])
            .arg(dir.join(&shot.file))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{}: {text}", shot.file);
        for colour in ["white", "grey", "gray", "black"] {
            assert!(!text.contains(&format!("{colour} region")), "{}: {text}", shot.file);
        }
        let lettered = text
            .match_indices("egion ")
            .any(|(i, m)| text[i + m.len()..].chars().next().is_some_and(|c| c.is_ascii_uppercase()));
        assert!(lettered, "{}: no region named by its letter: {text}", shot.file);
        checked += 1;
    }
    assert_eq!(checked, 6, "six borders-only boards");
}

/// A lone input that keeps a terminal waiting (corpus board 060's full
/// explanation takes seconds) shows a spinner on standard error after half a
/// second, cleared before the result prints; piped, the same run shows none.
#[test]
pub(crate) fn a_long_lone_input_shows_a_spinner_on_a_terminal_only() {
    let Some((_, boards)) = common::starbattle() else { return };
    // `script` (util-linux, essential on Debian and Ubuntu) runs a command on a pseudo-terminal.
    if std::process::Command::new("script").arg("--version").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "CI=true but `script` (util-linux) is missing");
        eprintln!("SKIPPED: no `script` (util-linux) to run queens on a terminal");
        return;
    }
    let board = boards.iter().find(|b| b.file.starts_with("060_")).expect("corpus board 060");
    let dir = tempfile::tempdir().unwrap();
    let text = format!("# stars: {}\n{}\n", board.stars, board.regions.join("\n"));
    let file = write(dir.path(), "060.txt", text.as_bytes());
    let run = format!("{} explain {}", env!("CARGO_BIN_EXE_queens"), file.display());
    let out = std::process::Command::new("script").args(["-qec", &run, "/dev/null"]).output().expect("run script");
    assert!(out.status.success(), "{out:?}");
    let shown = String::from_utf8_lossy(&out.stdout);
    let spinning = format!("explaining {}", file.display());
    let (last_frame, result) = (shown.rfind(&spinning), shown.find("060.txt: 17x17"));
    assert!(last_frame.is_some(), "no spinner on the terminal: {shown}");
    assert!(last_frame < result, "the spinner was not cleared before the result: {shown}");
    let (last_frame, result) = (last_frame.unwrap(), result.unwrap());
    assert!(shown[last_frame..result].contains("\x1b[2K"), "the spinner's line is not erased: {shown}");
    assert!(shown.contains("solved by logic"), "{shown}");
    // Piped, standard error holds no spinner.
    let piped = queens().arg("explain").arg(&file).output().unwrap();
    assert!(piped.status.success());
    assert!(!String::from_utf8_lossy(&piped.stderr).contains("explaining"), "{piped:?}");
}
