//! penpa-edit links against the shared corpus:
//! - every board of `corpus/starbattle-played/` reads from its two links, written by
//!   penpa-edit itself: the `m=solve` link to the manifest's regions and K with no
//!   marks, the `m=edit` link with the picture's labelled marks too;
//! - the link `read --format penpa` writes is, line by line, the text penpa-edit wrote
//!   for the same board and marks (so penpa opens it as it opens its own);
//! - every Star Battle board of the corpus and every daily and bonus level survives
//!   regions → link → regions;
//! - the command line reads links (solve, hint, read) and names what is wrong with
//!   a broken one.

use crate::common;

use queens::puzzle::marks::{Mark, Marks};
use queens::puzzle::{penpa, puzzlink};
use queens::{Cell, Regions};

#[derive(serde::Deserialize)]
struct Played {
    file: String,
    stars: usize,
    regions: Vec<String>,
    marks: common::StarLabels,
    penpa_solve_link: String,
    penpa_edit_link: String,
}

fn played() -> Option<Vec<Played>> {
    Some(common::manifest(&common::corpus_or_skip()?.join("starbattle-played")))
}

#[test]
fn penpas_own_links_read_to_the_board_k_and_marks() {
    let Some(entries) = played() else { return };
    assert_eq!(entries.len(), 60);
    for e in &entries {
        let regions = Regions::from_rows(&e.regions).unwrap();
        let solve = penpa::parse(&e.penpa_solve_link).unwrap_or_else(|err| panic!("{}: solve link: {err}", e.file));
        assert_eq!(solve.regions, regions, "{}: solve link regions", e.file);
        assert_eq!(solve.stars, Some(e.stars), "{}: solve link K", e.file);
        assert_eq!(solve.marks, None, "{}: a solve link carries no marks", e.file);
        let edit = penpa::parse(&e.penpa_edit_link).unwrap_or_else(|err| panic!("{}: edit link: {err}", e.file));
        assert_eq!(edit.regions, regions, "{}: edit link regions", e.file);
        assert_eq!(edit.stars, Some(e.stars), "{}: edit link K", e.file);
        assert_eq!(edit.marks, Some(e.marks.marks(regions.n())), "{}: edit link marks", e.file);
    }
}

/// Header field 21 is penpa's background-image settings, compressed on their own:
/// left empty in ours (penpa then keeps its defaults).
fn without_background(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let mut header: Vec<&str> = lines[0].split(',').collect();
    header[21] = "";
    lines[0] = header.join(",");
    lines
}

#[test]
fn our_links_are_the_text_penpa_writes() {
    let Some(entries) = played() else { return };
    for e in &entries {
        let regions = Regions::from_rows(&e.regions).unwrap();
        let ours = penpa::encode(&regions, e.stars, Some(&e.marks.marks(regions.n()))).unwrap();
        let mine = without_background(&penpa::text(&ours).unwrap());
        let theirs = without_background(&penpa::text(&e.penpa_edit_link).unwrap());
        assert_eq!(mine.len(), theirs.len(), "{}: line count", e.file);
        for (i, (a, b)) in mine.iter().zip(&theirs).enumerate() {
            assert_eq!(a, b, "{}: line {i} differs from penpa-edit's own", e.file);
        }
    }
}

#[derive(serde::Deserialize)]
struct Board {
    stars: usize,
    regions: Vec<String>,
}

#[test]
fn every_corpus_board_round_trips_through_a_link() {
    let Some(corpus) = common::corpus_or_skip() else { return };
    let mut boards: Vec<(String, Regions, usize)> = Vec::new();
    for folder in ["starbattle", "starbattle-packs", "starbattle-played"] {
        for (i, b) in common::manifest::<Board>(&corpus.join(folder)).into_iter().enumerate() {
            boards.push((format!("{folder} #{i}"), Regions::from_rows(&b.regions).unwrap(), b.stars));
        }
    }
    for file in ["levels.json", "levels-daily-617-842.json", "levels-bonus.json"] {
        let Some(levels) = common::levels(file) else { return };
        boards.extend(levels.iter().map(|l| (format!("{file} {}", l.id), l.board(), 1)));
    }
    assert!(boards.len() > 1000, "{} boards", boards.len());
    let mut no_link = Vec::new();
    for (name, regions, k) in &boards {
        let mut marks = Marks::new(regions.n());
        marks.set(Cell::new(0, regions.n() - 1), Mark::Cross);
        let Some(url) = penpa::encode(regions, *k, Some(&marks)) else {
            // Only a map with a region in pieces has no link, as for puzz.link.
            assert_eq!(puzzlink::encode(regions, *k), None, "{name}");
            no_link.push(name.clone());
            continue;
        };
        let back = penpa::parse(&url).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((&back.regions, back.stars, back.marks.as_ref()), (regions, Some(*k), Some(&marks)), "{name}");
    }
    assert_eq!(no_link, vec!["levels.json 336"]);
}

#[test]
fn the_command_line_reads_and_writes_links() {
    let Some(entries) = played() else { return };
    let e = &entries[0];
    // read: the board, K and the marks block from the edit link.
    let out = common::queens().args(["read", &e.penpa_edit_link]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(&format!("# stars: {}\n{}\n", e.stars, e.regions.join("\n"))), "{text}");
    let regions = Regions::from_rows(&e.regions).unwrap();
    assert!(text.ends_with(&e.marks.marks(regions.n()).to_text()), "{text}");
    // read --format penpa of that text gives the link back, marks and all.
    let dir = tempfile::tempdir().unwrap();
    let board = common::write(dir.path(), "board.txt", text.as_bytes());
    let out = common::queens().args(["read", "--format", "penpa"]).arg(&board).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let link = String::from_utf8(out.stdout).unwrap();
    let back = penpa::parse(link.trim()).unwrap();
    assert_eq!((back.regions, back.stars, back.marks), (regions, Some(e.stars), Some(e.marks.marks(10))));
    // solve: the solution of the solve link, K from the link.
    let out = common::queens().current_dir(dir.path()).args(["solve", "--json", &e.penpa_solve_link]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["stars"], e.stars, "{json}");
    // A broken link: one line naming the link's problem, exit 1.
    let cut = &e.penpa_edit_link[..e.penpa_edit_link.len() / 2];
    let out = common::queens().current_dir(dir.path()).args(["solve", cut]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("penpa-edit link: its p= part") && err.lines().count() == 1, "{err}");
}

/// The same position as a screenshot and as the penpa link of it gives the same
/// hint, at every reveal: the link's marks are the picture's.
#[test]
fn a_link_and_the_screenshot_of_its_position_give_the_same_hint() {
    let Some(entries) = played() else { return };
    let dir = common::corpus_or_skip().unwrap().join("starbattle-played");
    let out = tempfile::tempdir().unwrap();
    let hint = |input: &str, reveal: &str| {
        let o = common::queens()
            .current_dir(out.path())
            .args(["hint", "--json", "--no-image", "--reveal", reveal, input])
            .output()
            .unwrap();
        let mut json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|_| panic!("{input}"));
        json.as_object_mut().unwrap().retain(|k, _| k != "input" && k != "ms" && k != "grid" && k != "output");
        json
    };
    for e in entries.iter().step_by(3) {
        let picture = dir.join(&e.file);
        for reveal in ["nudge", "answer"] {
            let (shot, link) = (hint(picture.to_str().unwrap(), reveal), hint(&e.penpa_edit_link, reveal));
            assert_eq!(shot["ok"], true, "{}: {shot}", e.file);
            assert_eq!(shot, link, "{} --reveal {reveal}", e.file);
        }
    }
}
