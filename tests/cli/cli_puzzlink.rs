//! The binary with puzz.link URLs and `--stars auto`: URL arguments and `.txt`
//! files holding a URL, `read --format puzzlink`, the JSON `puzzlink` field, the
//! star count found by itself, and malformed URLs.

use crate::common;

use std::path::{Path, PathBuf};

use queens::output::render::{render, Style};
use queens::puzzle::{puzzlink, text};

const PUZZLE: &str =
    "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n";

use crate::common::queens;

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn json(out: &[u8]) -> serde_json::Value {
    let text = String::from_utf8_lossy(out);
    let mut lines = text.lines();
    let v = serde_json::from_str(lines.next().expect("one JSON line")).expect("valid JSON");
    assert!(lines.next().is_none(), "one line per input");
    v
}

fn cells(v: &serde_json::Value) -> Vec<[u64; 2]> {
    v.as_array().unwrap().iter().map(|q| [q[0].as_u64().unwrap(), q[1].as_u64().unwrap()]).collect()
}

#[derive(serde::Deserialize)]
struct Entry {
    file: String,
    n: usize,
    stars: usize,
    regions: Vec<String>,
    solution: Vec<[u64; 2]>,
    puzzlink: String,
}

/// The Star Battle manifest's puzzles of K stars (fast sizes only).
fn star_puzzles(k: usize) -> Option<Vec<Entry>> {
    let dir = common::corpus_or_skip()?;
    let all: Vec<Entry> = common::manifest(&dir.join("starbattle"));
    Some(all.into_iter().filter(|e| e.stars == k && e.n <= 10).collect())
}

#[test]
fn a_url_argument_is_solved_with_its_own_star_count() {
    let Some(puzzles) = star_puzzles(2) else { return };
    let e = &puzzles[0];
    let out = queens().args(["solve", "--json", &e.puzzlink]).assert().success().get_output().stdout.clone();
    let v = json(&out);
    assert_eq!(v["input"], e.puzzlink.as_str());
    assert_eq!(v["ok"], true, "{}: {v}", e.file);
    assert_eq!(v["stars"], 2);
    assert_eq!(v["regions"], serde_json::json!(e.regions));
    assert_eq!(cells(&v["queens"]), e.solution);
    assert_eq!(v["puzzlink"], e.puzzlink.as_str());
    assert_eq!(v["output"], serde_json::Value::Null, "no picture, no overlay");
}

#[test]
fn a_txt_file_holding_a_url_is_a_puzzle_and_other_hosts_work() {
    let Some(puzzles) = star_puzzles(1) else { return };
    let e = &puzzles[0];
    let dir = tempfile::tempdir().unwrap();
    let old_host = e.puzzlink.replace("https://puzz.link/p?", "http://pzv.jp/p.html?");
    let file = write(dir.path(), "link.txt", format!("{old_host}\n").as_bytes());
    let out = queens().args(["solve", "--json"]).arg(&file).assert().success().get_output().stdout.clone();
    let v = json(&out);
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(v["stars"], 1);
    assert_eq!(cells(&v["queens"]), e.solution);
    // The link written back is the canonical one.
    assert_eq!(v["puzzlink"], e.puzzlink.as_str());
    // In a folder too, beside a text puzzle.
    write(dir.path(), "plain.txt", PUZZLE.as_bytes());
    let out = queens().args(["solve", "--json"]).arg(dir.path()).assert().success().get_output().stdout.clone();
    assert_eq!(String::from_utf8_lossy(&out).lines().count(), 2);
}

#[test]
fn stars_auto_finds_two_stars_on_a_text_puzzle_without_k() {
    let Some(puzzles) = star_puzzles(2) else { return };
    let dir = tempfile::tempdir().unwrap();
    for e in puzzles.iter().take(3) {
        // The text format states no K: auto must find it.
        let file = write(dir.path(), "two.txt", (e.regions.join("\n") + "\n").as_bytes());
        let out = queens().args(["solve", "--json"]).arg(&file).assert().success().get_output().stdout.clone();
        let v = json(&out);
        assert_eq!(v["stars"], 2, "{}: {v}", e.file);
        assert_eq!(cells(&v["queens"]), e.solution, "{}", e.file);
        assert_eq!(v["puzzlink"], e.puzzlink.as_str(), "{}", e.file);
        let human = queens().args(["solve", "--no-image", "--color", "never"]).arg(&file).assert().success();
        let line = String::from_utf8_lossy(&human.get_output().stdout).lines().next().unwrap().to_string();
        let n = e.n;
        assert!(line.ends_with(&format!(": {n}x{n}, 2 stars per row, column and region: unique solution")), "{line}");
        // An explicit --stars still wins: as a 1-star puzzle this map is no puzzle.
        let out =
            queens().args(["solve", "--json", "--stars", "1"]).arg(&file).assert().code(1).get_output().stdout.clone();
        let v = json(&out);
        assert_eq!(v["stars"], 1);
        assert_ne!(v["error"]["kind"], "stars");
    }
}

#[test]
fn queens_boards_keep_their_wording_and_get_a_one_star_link() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "p.txt", PUZZLE.as_bytes());
    let human = queens().args(["solve", "--no-image", "--color", "never"]).arg(&file).assert().success();
    let line = String::from_utf8_lossy(&human.get_output().stdout).lines().next().unwrap().to_string();
    assert!(line.ends_with(": 9x9, queen per row, column and region: unique solution"), "{line}");
    let regions = text::parse(PUZZLE).unwrap();
    let url = puzzlink::encode(&regions, 1).unwrap();
    let out = queens().args(["solve", "--json"]).arg(&file).assert().success().get_output().stdout.clone();
    let by_text = json(&out);
    assert_eq!(by_text["puzzlink"], url.as_str());
    // The link solves to the same map and solution.
    let out = queens().args(["solve", "--json", &url]).assert().success().get_output().stdout.clone();
    let by_url = json(&out);
    assert_eq!(by_url["regions"], by_text["regions"]);
    assert_eq!(by_url["queens"], by_text["queens"]);
}

#[test]
fn read_format_puzzlink_prints_just_the_url_for_pictures_text_and_urls() {
    let dir = tempfile::tempdir().unwrap();
    let regions = text::parse(PUZZLE).unwrap();
    let want = puzzlink::encode(&regions, 1).unwrap() + "\n";
    // A screenshot of the puzzle (rendered the game's way).
    let png = queens::output::overlay::encode_png(&render(&regions, &Style::default(), &Default::default()).0);
    let shot = write(dir.path(), "shot.png", &png);
    let out = queens().args(["read", "--format", "puzzlink"]).arg(&shot).assert().success().get_output().stdout.clone();
    assert_eq!(String::from_utf8_lossy(&out), want);
    // The screenshot's JSON carries the same link.
    let out =
        queens().args(["solve", "--json", "--no-image"]).arg(&shot).assert().success().get_output().stdout.clone();
    assert_eq!(json(&out)["puzzlink"], want.trim_end());
    // A text puzzle, and the URL itself (printed back canonically).
    let file = write(dir.path(), "p.txt", PUZZLE.as_bytes());
    let out = queens().args(["read", "--format", "puzzlink"]).arg(&file).assert().success().get_output().stdout.clone();
    assert_eq!(String::from_utf8_lossy(&out), want);
    let http = want.trim_end().replace("https://puzz.link", "http://pzprxs.vercel.app");
    let out = queens().args(["read", "--format", "puzzlink", &http]).assert().success().get_output().stdout.clone();
    assert_eq!(String::from_utf8_lossy(&out), want);
    // The text format of a URL is its map, with the URL's K as its `# stars:` line.
    let out = queens().args(["read", want.trim_end()]).assert().success().get_output().stdout.clone();
    assert_eq!(String::from_utf8_lossy(&out), text::stars_line(1) + &text::write(&regions));
}

#[test]
fn a_stars_line_carries_k_from_read_to_solve_and_a_bad_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    // TWO_KS has one solution with 1 star and one with 2: without K it is refused.
    let file = write(dir.path(), "two-ks.txt", TWO_KS.as_bytes());
    queens().args(["solve", "--json"]).arg(&file).assert().code(1);
    // A link states K = 2; read writes it down, and solving the file uses it.
    let url = puzzlink::encode(&text::parse(TWO_KS).unwrap(), 2).unwrap();
    let out = queens().args(["read", &url]).assert().success().get_output().stdout.clone();
    let map = String::from_utf8(out).unwrap();
    assert!(map.starts_with("# stars: 2\n"), "{map}");
    let file = write(dir.path(), "from-link.txt", map.as_bytes());
    let out = queens().args(["solve", "--json"]).arg(&file).assert().success().get_output().stdout.clone();
    let v = json(&out);
    assert_eq!(v["stars"], 2, "{v}");
    assert_eq!(v["queens"].as_array().unwrap().len(), 18);
    // `--stars K` still wins over the file's line.
    let out =
        queens().args(["solve", "--json", "--stars", "1"]).arg(&file).assert().success().get_output().stdout.clone();
    assert_eq!(json(&out)["stars"], 1);
    // `read --stars K` writes the K it was given.
    let out = queens().args(["read", "--stars", "2"]).arg(&file).assert().success().get_output().stdout.clone();
    assert!(String::from_utf8_lossy(&out).starts_with("# stars: 2\n"));
    // A count that is not a number is a one-line parse error naming the line.
    let bad = write(dir.path(), "bad.txt", format!("# from a friend\n# stars: many\n{TWO_KS}").as_bytes());
    let a = queens().args(["solve"]).arg(&bad).assert().code(1);
    let err = String::from_utf8_lossy(&a.get_output().stderr).to_string();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("bad.txt") && err.contains("line 2") && err.contains("star count"), "{err}");
}

#[test]
fn read_format_puzzlink_finds_k_or_takes_it_from_stars() {
    let Some(puzzles) = star_puzzles(2) else { return };
    let e = &puzzles[1];
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "two.txt", (e.regions.join("\n") + "\n").as_bytes());
    let out = queens().args(["read", "--format", "puzzlink"]).arg(&file).assert().success().get_output().stdout.clone();
    assert_eq!(String::from_utf8_lossy(&out).trim_end(), e.puzzlink);
    let out = queens()
        .args(["read", "--format", "puzzlink", "--stars", "3"])
        .arg(&file)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(String::from_utf8_lossy(&out).trim_end(), e.puzzlink.replace("/2/", "/3/"));
    // No K with one solution: refused, nothing printed on stdout.
    let cols = write(dir.path(), "cols.txt", b"ABCD\nABCD\nABCD\nABCD\n");
    let a = queens().args(["read", "--format", "puzzlink"]).arg(&cols).assert().code(1);
    assert!(a.get_output().stdout.is_empty());
    let err = String::from_utf8_lossy(&a.get_output().stderr).to_string();
    assert!(err.contains("cannot tell the star count") && err.contains("several solutions"), "{err}");
}

/// A 9x9 map found by a search for this test: with 1 star and with 2 stars per row,
/// column and region it has exactly one solution each (HiGHS proves both).
const TWO_KS: &str =
    "AABBBBBCD\nAAABBBBCD\nAAAEECCCD\nAEEEDCCFD\nAAADDFFFD\nGGGDDDDDD\nDDDDHHHHD\nDIDDDDDHH\nIIIIDDDDH\n";

#[test]
fn two_star_counts_with_one_solution_each_are_refused_not_guessed() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "two-ks.txt", TWO_KS.as_bytes());
    let a = queens().args(["solve", "--json"]).arg(&file).assert().code(1);
    let v = json(&a.get_output().stdout);
    assert_eq!(v["ok"], false);
    assert_eq!(v["error"]["kind"], "stars", "{v}");
    assert_eq!(v["error"]["stars"], serde_json::json!([1, 2]));
    assert_eq!(v["queens"], serde_json::Value::Null, "no answer is shown");
    let err = String::from_utf8_lossy(&a.get_output().stderr).to_string();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("1 and 2 stars") && err.contains("--stars K"), "{err}");
    // Either K, asked for, has its unique and checked solution.
    for k in [1usize, 2] {
        let out = queens().args(["solve", "--json", "--stars", &k.to_string()]).arg(&file).assert().success();
        let v = json(&out.get_output().stdout);
        assert_eq!(v["stars"], k);
        assert_eq!(v["queens"].as_array().unwrap().len(), 9 * k);
    }
    // read --format puzzlink cannot tell K either.
    let a = queens().args(["read", "--format", "puzzlink"]).arg(&file).assert().code(1);
    assert!(a.get_output().stdout.is_empty());
    assert!(String::from_utf8_lossy(&a.get_output().stderr).contains("cannot tell the star count"));
}

#[test]
fn malformed_urls_are_one_line_parse_errors() {
    let cases = [
        ("https://puzz.link/p?starbattle/5/5/1/8j2l08", "too short"),
        ("https://puzz.link/p?starbattle/5/6/1/8j2l08n0", "wrong size"),
        ("https://puzz.link/p?starbattle/5/5/1/8j2l08n!", "bad character"),
        ("https://puzz.link/p?nurikabe/5/5/8j2l08n0", "wrong puzzle type"),
        ("https://example.com/p?starbattle/5/5/1/8j2l08n0", "unknown host"),
    ];
    for (url, what) in cases {
        let a = queens().args(["solve", "--json", url]).assert().code(1);
        let v = json(&a.get_output().stdout);
        assert_eq!(v["error"]["kind"], "parse", "{url}: {v}");
        assert!(v["error"]["message"].as_str().unwrap().contains(what), "{url}: {v}");
        let err = String::from_utf8_lossy(&a.get_output().stderr).to_string();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(&format!("{url}: line 1, column ")), "{err}");
        let a = queens().args(["read", url]).assert().code(1);
        assert!(String::from_utf8_lossy(&a.get_output().stderr).contains(what));
    }
}

#[test]
fn stars_flag_takes_auto_or_a_number() {
    for bad in ["0", "11", "two", ""] {
        queens().args(["solve", "--stars", bad, "x.txt"]).assert().code(2);
    }
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "p.txt", PUZZLE.as_bytes());
    queens().args(["solve", "--no-image", "--stars", "AUTO"]).arg(&file).assert().success();
}
