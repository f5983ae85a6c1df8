//! The real binary: exit codes, JSON shape, human output, overlays, bad input.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;
use queens::output::render::{render, Style};

pub(crate) const PUZZLE: &str =
    "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n";

use crate::common::queens_coloured as queens;

/// Runs the command, asserts exit 0, returns its standard output.
pub(crate) trait OkStdout {
    fn ok_stdout(&mut self) -> Vec<u8>;
}

impl OkStdout for Command {
    fn ok_stdout(&mut self) -> Vec<u8> {
        self.assert().success().get_output().stdout.clone()
    }
}

pub(crate) fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// A rendered screenshot of the issue puzzle.
pub(crate) fn screenshot_png() -> Vec<u8> {
    let r = queens::puzzle::text::parse(PUZZLE).unwrap();
    queens::output::overlay::encode_png(&render(&r, &Style::default(), &Default::default()).0)
}

pub(crate) fn json_lines(out: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(out).lines().map(|l| serde_json::from_str(l).expect("valid JSON line")).collect()
}

#[test]
pub(crate) fn solves_a_text_puzzle_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", PUZZLE.as_bytes());
    let out = queens().args(["solve", "--json"]).arg(&p).ok_stdout();
    let v = &json_lines(&out)[0];
    assert_eq!(v["ok"], true);
    assert_eq!(v["n"], 9);
    assert_eq!(v["stars"], 1);
    assert_eq!(v["unique"], true);
    assert_eq!(v["regions"][0], "AAAAAAAAA");
    assert_eq!(v["regions"][1], "AABCCCDDD");
    let queens: Vec<(u64, u64)> =
        v["queens"].as_array().unwrap().iter().map(|q| (q[0].as_u64().unwrap(), q[1].as_u64().unwrap())).collect();
    assert_eq!(queens, vec![(0, 0), (1, 5), (2, 8), (3, 2), (4, 7), (5, 4), (6, 1), (7, 3), (8, 6)]);
    assert!(v["output"].is_null());
    assert!(v["error"].is_null());
    assert!(
        v["ms"]["parse"].as_f64().is_some()
            && v["ms"]["solve"].as_f64().is_some()
            && v["ms"]["total"].as_f64().is_some()
    );
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    for k in ["input", "ok", "n", "stars", "regions", "queens", "unique", "output", "error", "ms"] {
        assert!(keys.contains(&k), "missing {k}");
    }
}

#[test]
pub(crate) fn human_output_shows_the_board_and_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", PUZZLE.as_bytes());
    queens()
        .args(["solve", "--color", "never"])
        .arg(&p)
        .assert()
        .success()
        .stdout(predicate::str::contains("9x9, queen per row, column and region: unique solution"))
        .stdout(predicate::str::contains("  [A] A  A  A  A  A  A  A  A \n"));
    let colored = queens().args(["solve", "--color", "always"]).arg(&p).ok_stdout();
    assert!(String::from_utf8_lossy(&colored).contains("\x1b[48;2;"), "24-bit backgrounds");
}

/// On a colour terminal a hint's units are the only coloured cells: the rest
/// turn grey (r = g = b), so the nudge stands out on a light or a dark terminal.
#[test]
pub(crate) fn a_coloured_hint_board_greys_every_cell_outside_its_units() {
    let colored =
        queens().args(["hint", "--no-image", "--color", "always", "samples/issue-9x9-played.txt"]).ok_stdout();
    let text = String::from_utf8_lossy(&colored);
    // The nudge looks at column 2 and region B.
    assert!(text.contains("Look at column 2 and region B."), "{text}");
    let rows: Vec<Vec<[u32; 3]>> = text
        .lines()
        .filter(|l| l.contains("\x1b[48;2;"))
        .map(|l| {
            l.split("\x1b[48;2;")
                .skip(1)
                .map(|cell| {
                    let v: Vec<u32> = cell.split(';').take(3).map(|x| x.parse().unwrap()).collect();
                    [v[0], v[1], v[2]]
                })
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 9, "{text}");
    let regions =
        queens::puzzle::text::parse(&std::fs::read_to_string("samples/issue-9x9-played.txt").unwrap()).unwrap();
    for (r, row) in rows.iter().enumerate() {
        for (c, &[red, g, b]) in row.iter().enumerate() {
            let looked = c == 1 || regions.label(queens::Cell::new(r, c)) == 1;
            let grey = red == g && g == b;
            assert_eq!(grey, !looked, "row {r}, column {c}: {:?}", [red, g, b]);
        }
    }
}

#[test]
pub(crate) fn failures_exit_1_with_kind_and_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("split.txt", "ABA\nBBB\nCCC\n", "partition", "region A is in 2 pieces"),
        ("count.txt", "AAB\nACB\nCDB\n", "partition", "expected 3 regions on a 3x3 board, found 4"),
        ("ragged.txt", "AAB\nAC\nCCB\n", "parse", "line 2"),
        ("none.txt", "ABCD\nABCD\nABCD\nABCD\n", "several-solutions", "several solutions"),
        ("infeasible.txt", "AAB\nACB\nCCB\n", "no-solution", "no solution"),
    ];
    for (name, text, kind, message) in cases {
        let p = write(dir.path(), name, text.as_bytes());
        let assert = queens().args(["solve", "--json"]).arg(&p).assert().code(1);
        let out = assert.get_output();
        let v = &json_lines(&out.stdout)[0];
        assert_eq!(v["ok"], false, "{name}");
        assert_eq!(v["error"]["kind"], kind, "{name}");
        assert!(v["error"]["message"].as_str().unwrap().contains(message), "{name}: {}", v["error"]["message"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{name}: one line: {err}");
        assert!(err.starts_with(&format!("{}: ", p.display())), "{name}: names the file: {err}");
    }
}

#[test]
pub(crate) fn several_solutions_report_both() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "two.txt", b"ABCD\nABCD\nABCD\nABCD\n");
    let out = queens().args(["solve", "--json"]).arg(&p).assert().code(1).get_output().stdout.clone();
    let v = &json_lines(&out)[0];
    assert_eq!(v["unique"], false);
    assert_ne!(v["queens"], v["second"]);
    assert_eq!(v["second"].as_array().unwrap().len(), 4);
}

#[test]
pub(crate) fn usage_errors_exit_2() {
    queens().assert().code(2);
    queens().args(["solve"]).assert().code(2);
    queens().args(["solve", "--stars", "0", "x.txt"]).assert().code(2);
    queens()
        .args(["solve", "--time-limit=-1", "x.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--time-limit"));
    // One parser for every --time-limit: a huge value is a usage error, not an overflow panic.
    queens()
        .args(["chess", "4", "--time-limit", "1e30"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("at most 86400 seconds").and(predicate::str::contains("panicked").not()));
}

#[test]
pub(crate) fn star_battle_flag() {
    // Two stars per row/column/region: pairs of columns split in halves (see solve.rs tests).
    let mut text = String::new();
    for r in 0..10 {
        for c in 0..10 {
            text.push(char::from(b'A' + ((c / 2) * 2 + usize::from(r >= 5)) as u8));
        }
        text.push('\n');
    }
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "stars.txt", text.as_bytes());
    let out = queens().args(["solve", "--json", "--stars", "2"]).arg(&p).output().unwrap();
    let v = &json_lines(&out.stdout)[0];
    assert_eq!(v["stars"], 2);
    assert_eq!(v["queens"].as_array().unwrap().len(), 20, "{v}");
}

#[test]
pub(crate) fn screenshot_gets_an_overlay_and_grid() {
    let dir = tempfile::tempdir().unwrap();
    let png = screenshot_png();
    let input = write(dir.path(), "shot.png", &png);
    let out_dir = dir.path().join("out");
    let out = queens().args(["solve", "--json", "-o"]).arg(&out_dir).arg(&input).ok_stdout();
    let v = &json_lines(&out)[0];
    assert_eq!(v["grid"]["n"], 9);
    // The board's cell area starts at margin 40 + border 6 and spans 9 cells of 60 px (±1 px).
    assert!((v["grid"]["x"].as_i64().unwrap() - 46).abs() <= 1, "{}", v["grid"]);
    assert!((v["grid"]["width"].as_i64().unwrap() - 540).abs() <= 1, "{}", v["grid"]);
    for stage in ["decode", "grid", "cells", "cluster", "solve", "total"] {
        assert!(v["ms"][stage].as_f64().is_some(), "ms.{stage}");
    }
    let overlay = out_dir.join("shot.solved.png");
    assert_eq!(v["output"], overlay.display().to_string());
    let drawn = image::open(&overlay).unwrap().to_rgb8();
    let original = image::load_from_memory(&png).unwrap().to_rgb8();
    assert_eq!(drawn.dimensions(), original.dimensions());
    // The crown darkens the center of each queen's cell, and nothing else changes far from them.
    let (cx, cy) = (46 + 30, 46 + 30); // cell (0, 0) center
    assert!(queens::vision::color::luma(drawn.get_pixel(cx, cy + 5).0) < 80.0, "crown ink at a queen");
    assert_eq!(drawn.get_pixel(46 + 60 + 30, 46 + 30), original.get_pixel(46 + 60 + 30, 46 + 30), "no crown at (0,1)");
    assert_eq!(std::fs::read(&input).unwrap(), png, "input untouched");
    // --crop writes just the board.
    queens().args(["solve", "--crop", "-q", "-o"]).arg(&out_dir).arg(&input).assert().success();
    let cropped = image::open(&overlay).unwrap();
    assert!(cropped.width() < original.width() && cropped.width() >= 540);
}

#[test]
pub(crate) fn read_prints_the_map_in_text_format() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "shot.png", &screenshot_png());
    let expected = queens::puzzle::text::write(&queens::puzzle::text::parse(PUZZLE).unwrap());
    queens().arg("read").arg(&input).assert().success().stdout(expected);
}

#[test]
pub(crate) fn share_prints_emoji() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", PUZZLE.as_bytes());
    let out = queens().args(["solve", "--share", "--color", "never"]).arg(&p).ok_stdout();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.matches('👑').count(), 9);
    assert!(text.lines().any(|l| l.starts_with("👑🟪")), "{text}");
}

#[test]
pub(crate) fn stdin_dash_reads_text_and_images() {
    queens()
        .args(["solve", "--json", "-"])
        .write_stdin(PUZZLE)
        .assert()
        .success()
        .stdout(predicate::str::contains("\"ok\":true"));
    queens().args(["solve", "--json", "--no-image", "-"]).write_stdin(screenshot_png()).assert().success();
}

#[test]
pub(crate) fn batch_goes_on_past_bad_files_and_names_them() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let png = screenshot_png();
    let sub = d.join("in");
    std::fs::create_dir_all(sub.join("a")).unwrap();
    std::fs::create_dir_all(sub.join("b")).unwrap();
    write(&sub.join("a"), "same.png", &png);
    write(&sub.join("b"), "same.png", &png);
    write(&sub, "empty.png", b"");
    write(&sub, "text.png", b"hello, not an image\n");
    write(&sub, "truncated.png", &png[..png.len() / 3]);
    let mut noise = image::RgbImage::new(300, 300);
    let mut seed = 12345u32;
    for p in noise.pixels_mut() {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        *p = image::Rgb([(seed >> 16) as u8, (seed >> 8) as u8, seed as u8]);
    }
    write(&sub, "noise.png", &queens::output::overlay::encode_png(&noise));
    write(&sub, "tiny.png", &queens::output::overlay::encode_png(&image::RgbImage::new(1, 1)));
    let plain = image::RgbImage::from_pixel(400, 300, image::Rgb([200, 220, 240]));
    write(&sub, "plain.png", &queens::output::overlay::encode_png(&plain));
    std::fs::create_dir_all(d.join("empty-folder")).unwrap();
    let before: Vec<(PathBuf, Vec<u8>)> =
        walk(&sub).into_iter().map(|p| (p.clone(), std::fs::read(&p).unwrap())).collect();
    let out_dir = d.join("out");
    let assert = queens()
        .args(["solve", "--json", "-j", "2", "-o"])
        .arg(&out_dir)
        .arg(&sub)
        .arg(d.join("empty-folder"))
        .arg(d.join("missing.png"))
        .assert()
        .code(1);
    let out = assert.get_output();
    let lines = json_lines(&out.stdout);
    let by_name = |suffix: &str| lines.iter().find(|v| v["input"].as_str().unwrap().ends_with(suffix)).unwrap().clone();
    assert_eq!(by_name("a/same.png")["ok"], true);
    assert_eq!(by_name("b/same.png")["ok"], true);
    assert_ne!(by_name("a/same.png")["output"], by_name("b/same.png")["output"], "same stems do not collide");
    for (name, kind) in [
        ("empty.png", "decode"),
        ("text.png", "decode"),
        ("truncated.png", "decode"),
        ("noise.png", "no-grid"),
        ("tiny.png", "no-grid"),
        ("plain.png", "no-grid"),
        ("empty-folder", "io"),
        ("missing.png", "io"),
    ] {
        assert_eq!(by_name(name)["error"]["kind"], kind, "{name}: {}", by_name(name));
    }
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("solved 2 of 10, 8 failed"), "{err}");
    assert!(err.contains("missing.png: no such file or directory"), "{err}");
    assert!(!err.contains("panicked"));
    for (p, bytes) in before {
        assert_eq!(std::fs::read(&p).unwrap(), bytes, "{} untouched", p.display());
    }
    // Inputs come back in sorted order.
    let inputs: Vec<String> = lines.iter().map(|v| v["input"].as_str().unwrap().to_string()).collect();
    let mut sorted = inputs[..8].to_vec();
    sorted.sort();
    assert_eq!(inputs[..8], sorted[..]);
}

pub(crate) fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        if e.path().is_dir() {
            out.extend(walk(&e.path()));
        } else {
            out.push(e.path());
        }
    }
    out.sort();
    out
}

#[test]
pub(crate) fn huge_header_is_refused_without_allocating() {
    // A valid PNG header claiming 100000x100000 pixels, and nothing else.
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = b"IHDR".to_vec();
    ihdr.extend(100_000u32.to_be_bytes());
    ihdr.extend(100_000u32.to_be_bytes());
    ihdr.extend([8, 2, 0, 0, 0]);
    png.extend(13u32.to_be_bytes());
    png.extend(&ihdr);
    png.extend(crc32(&ihdr).to_be_bytes());
    // A token IDAT and IEND, as a real (if absurd) file would have.
    for (kind, data) in
        [(&b"IDAT"[..], &[0x78u8, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01][..]), (&b"IEND"[..], &[][..])]
    {
        let mut chunk = kind.to_vec();
        chunk.extend(data);
        png.extend((data.len() as u32).to_be_bytes());
        png.extend(&chunk);
        png.extend(crc32(&chunk).to_be_bytes());
    }
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "huge.png", &png);
    let out = queens().args(["solve", "--json"]).arg(&p).assert().code(1).get_output().stdout.clone();
    let v = &json_lines(&out)[0];
    assert_eq!(v["error"]["kind"], "decode");
    assert!(v["error"]["message"].as_str().unwrap().contains("100000x100000"), "{v}");
}

pub(crate) fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

#[test]
pub(crate) fn every_png_flavour_and_jpeg_decode() {
    let r = queens::puzzle::text::parse(PUZZLE).unwrap();
    let rgb = render(&r, &Style::default(), &Default::default()).0;
    let dyn_img = image::DynamicImage::ImageRgb8(rgb);
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for (name, img) in [
        ("rgba.png", image::DynamicImage::ImageRgba8(dyn_img.to_rgba8())),
        ("rgb16.png", image::DynamicImage::ImageRgb16(dyn_img.to_rgb16())),
    ] {
        let p = dir.path().join(name);
        img.save(&p).unwrap();
        files.push(p);
    }
    let jpg = dir.path().join("q85.jpg");
    dyn_img.to_rgb8().save(&jpg).unwrap();
    files.push(jpg);
    let gif = dir.path().join("anim.gif");
    dyn_img.to_rgba8().save(&gif).unwrap();
    files.push(gif);
    for f in &files {
        queens().args(["solve", "--json", "--no-image"]).arg(f).assert().success();
    }
    // Grayscale loses the colors: it must be refused, never solved wrongly.
    let gray = dir.path().join("gray.png");
    dyn_img.to_luma8().save(&gray).unwrap();
    let out = queens().args(["solve", "--json", "--no-image"]).arg(&gray).output().unwrap();
    let v = &json_lines(&out.stdout)[0];
    if v["ok"] == true {
        assert_eq!(v["regions"][1], "AABCCCDDD");
    }
}

#[test]
pub(crate) fn unwritable_out_dir_is_an_io_error_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "shot.png", &screenshot_png());
    // A regular file where the out-dir should be: cannot be created as a folder.
    let blocker = write(dir.path(), "blocker", b"");
    let out = queens().args(["solve", "--json", "-o"]).arg(&blocker).arg(&input).assert().code(1).get_output().clone();
    let v = &json_lines(&out.stdout)[0];
    assert_eq!(v["error"]["kind"], "io");
    assert!(v["queens"].is_array(), "the solution is still reported");
    assert!(String::from_utf8_lossy(&out.stderr).contains("shot.png: cannot create"));
}

#[test]
pub(crate) fn debug_dir_gets_pictures_of_each_stage() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "shot.png", &screenshot_png());
    let debug = dir.path().join("debug");
    queens().args(["solve", "-q", "--no-image", "--debug-dir"]).arg(&debug).arg(&input).assert().success();
    for stage in ["grid", "cells", "map"] {
        let p = debug.join(format!("shot.{stage}.png"));
        let img = image::open(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert!(img.width() > 0);
    }
    // The cells picture holds the sampled color of every cell: 9×9 swatches of 24 px.
    assert_eq!(image::open(debug.join("shot.cells.png")).unwrap().width(), 9 * 24);
    // `read` writes them too.
    let debug2 = dir.path().join("debug2");
    queens().args(["read", "--debug-dir"]).arg(&debug2).arg(&input).assert().success();
    assert!(debug2.join("shot.grid.png").exists());
}

#[test]
pub(crate) fn bounds_adds_the_lp_report() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", PUZZLE.as_bytes());
    let out = queens().args(["solve", "--json", "--bounds"]).arg(&p).ok_stdout();
    let v = &json_lines(&out)[0];
    let lp = &v["lp"];
    let fractional = lp["fractional_cells"].as_u64().unwrap();
    assert_eq!(lp["integral"], fractional == 0, "{lp}");
    assert!(fractional <= 81);
    queens()
        .args(["solve", "--bounds", "--color", "never"])
        .arg(&p)
        .assert()
        .success()
        .stdout(predicate::str::contains("LP relaxation: "));
}

#[test]
pub(crate) fn chess_subcommand_reports_bounds() {
    let out = queens().args(["chess", "4", "--json"]).ok_stdout();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!((v["lb"].as_u64(), v["ub"].as_u64(), v["milp"].as_u64()), (Some(3), Some(4), Some(4)));
    queens().args(["chess", "8"]).assert().success().stdout(predicate::str::contains("LB | UB | z(LP) | z(MILP)"));
    queens()
        .args(["chess", "4", "--rooks", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"milp\":4"));
}
