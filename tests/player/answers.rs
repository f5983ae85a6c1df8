//! Answers a player can follow, on the played corpus: the terminal's nudge board
//! is the player's own board (it opens no cell they have not drawn and closes none
//! they have left open), and the mistake count is the player's.
// See: issue 47 ("Answers a player can follow").

use crate::common;

use queens::output::explain::hint_text;
use queens::puzzle::marks::{Mark, Marks};
use queens::solve::logic::hint::{placed, Mistake};
use queens::solve::logic::{Reveal, Technique, Uses};
use queens::{Cell, Regions};
use rayon::prelude::*;

#[derive(serde::Deserialize)]
struct Played {
    file: String,
    mistakes: Vec<[usize; 2]>,
    auto_x: bool,
}

/// The symbols of a board printed without colour (`(X)` or ` X ` per cell), row by row.
fn board_symbols(text: &str, n: usize) -> Vec<Vec<char>> {
    text.lines()
        .skip(1)
        .take(n)
        .map(|line| line[2..].chars().collect::<Vec<char>>().chunks(3).map(|c| c[1]).collect())
        .collect()
}

/// The 13 last-cell nudges of the played screenshots: the unit the nudge names
/// shows, on the terminal board at the nudge and at the reason, exactly the cells
/// the player left blank as open (a region letter), no fewer.
#[test]
fn a_last_cell_nudge_shows_the_named_unit_as_the_player_sees_it() {
    let Some(dir) = common::corpus_or_skip() else { return };
    let dir = dir.join("played");
    let shots: Vec<Played> = common::manifest(&dir);
    let config = queens::pipeline::Config::default();
    let results: Vec<(usize, Vec<String>)> = shots
        .par_iter()
        .filter(|s| s.mistakes.is_empty() && !s.file.ends_with("-dialog.png"))
        .map(|shot| {
            let bytes = std::fs::read(dir.join(&shot.file)).unwrap();
            let (mut outcome, _) = queens::pipeline::solve_bytes(&bytes, true, &config);
            let Some(h) = queens::pipeline::hint(&mut outcome, &config) else { return (0, Vec::new()) };
            let Some(step) = h.step.as_ref().filter(|s| s.technique == Technique::LastCell) else {
                return (0, Vec::new());
            };
            let regions: &Regions = outcome.regions.as_ref().unwrap();
            let marks = outcome.marks.clone().unwrap_or_else(|| Marks::new(regions.n()));
            let named = |c: Cell| {
                h.look.rows.contains(&c.row)
                    || h.look.cols.contains(&c.col)
                    || h.look.regions.contains(&regions.label(c))
            };
            let blank = regions.cells().filter(|&c| named(c) && marks.get(c) == Mark::Blank).count();
            let mut faults = Vec::new();
            for reveal in [Reveal::Nudge, Reveal::Reason] {
                let text = hint_text(regions, &outcome, (&h, None), false, reveal, 1);
                let symbols = board_symbols(&text, regions.n());
                let open = regions
                    .cells()
                    .filter(|&c| named(c) && symbols[c.row][c.col].is_ascii_uppercase() && symbols[c.row][c.col] != 'Q')
                    .count();
                if open != blank {
                    faults.push(format!(
                        "{} ({reveal:?}, {}): {open} open cells in the named unit, the player's picture has {blank}\n{text}",
                        shot.file, step.reveals.nudge
                    ));
                }
            }
            (1, faults)
        })
        .collect();
    let nudges: usize = results.iter().map(|r| r.0).sum();
    assert_no_faults(&results);
    assert_eq!(nudges, 13, "the played screenshots whose first hint is a last cell");
}

/// The mistake count is the player's: on the auto-X screenshots with a wrong
/// crown, the X's the game put around it count with it (played-160: one wrong
/// crown and three X's around it are one mistake), and elsewhere every mistake counts.
#[test]
fn the_mistake_count_takes_a_wrong_crowns_auto_xs_with_it() {
    let Some(dir) = common::corpus_or_skip() else { return };
    let dir = dir.join("played");
    let shots: Vec<Played> = common::manifest(&dir);
    let config = queens::pipeline::Config::default();
    let counts: Vec<(String, usize, usize, bool)> = shots
        .par_iter()
        .filter(|s| !s.mistakes.is_empty())
        .map(|shot| {
            let bytes = std::fs::read(dir.join(&shot.file)).unwrap();
            let (mut outcome, _) = queens::pipeline::solve_bytes(&bytes, true, &config);
            let h = queens::pipeline::hint(&mut outcome, &config).expect("a hint");
            let regions = outcome.regions.as_ref().unwrap();
            let marks = outcome.marks.as_ref().unwrap();
            (shot.file.clone(), h.mistakes.len(), placed(regions, 1, marks, &h.mistakes), shot.auto_x)
        })
        .collect();
    for (file, all, count, auto_x) in &counts {
        assert!(*count >= 1 && count <= all, "{file}: {count} of {all}");
        if !auto_x {
            assert_eq!(count, all, "{file}: without auto-X every mistake is the player's");
        } else {
            assert!(count < all, "{file}: the auto-X's around the wrong crown go with it");
        }
    }
    let of = |name: &str| counts.iter().find(|c| c.0.starts_with(name)).map(|c| (c.1, c.2));
    assert_eq!(of("played-160-"), Some((4, 1)), "one wrong crown and the three X's around it");
    // A wrong crown with the cells it rules out left blank was played by hand: a
    // wrong X beside it is a mistake of its own.
    let regions = Regions::from_rows(&["AAB", "ABB", "CCC"]).unwrap();
    let mut marks = Marks::new(3);
    marks.set(Cell::new(0, 0), Mark::Queen);
    marks.set(Cell::new(1, 1), Mark::Cross);
    let wrong =
        [Mistake { cell: Cell::new(0, 0), mark: Mark::Queen }, Mistake { cell: Cell::new(1, 1), mark: Mark::Cross }];
    assert_eq!(placed(&regions, 1, &marks, &wrong), 2);
    for cell in regions.cells().filter(|c| c.row == 0 || c.col == 0 || *c == Cell::new(1, 1)).skip(1) {
        marks.set(cell, Mark::Cross);
    }
    assert_eq!(placed(&regions, 1, &marks, &wrong), 1, "all it rules out crossed: the game's auto-X");
}

/// The terminal's header counts the mistakes only at the answer.
#[test]
fn the_mistake_count_waits_for_the_answer() {
    let Some(dir) = common::corpus_or_skip() else { return };
    let shot = dir.join("played/played-160-phone390-clash.png");
    for (reveal, header) in [("nudge", ": hint"), ("reason", ": hint"), ("answer", ": 1 mistake")] {
        let out = common::queens().args(["hint", "--no-image", "--reveal", reveal]).arg(&shot).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let first = text.lines().next().unwrap_or_default();
        assert!(first.ends_with(header), "{reveal}: {first}");
    }
}

/// `explain` on a played screenshot walks from the player's board, as the web
/// page's Walk through does (`/api/hint?step=N`, which is `pipeline::hint_after`):
/// its mistakes are the fixes a hint names one after the other, and its k-th step
/// is the step a hint gives after k steps once they are fixed; after the last
/// step a hint has none.
#[test]
fn explain_on_a_played_board_is_the_walk_through() {
    let Some(dir) = common::corpus_or_skip() else { return };
    let dir = dir.join("played");
    let shots: Vec<Played> = common::manifest(&dir);
    let config = queens::pipeline::Config { explain: true, explain_from_marks: true, ..Default::default() };
    let faults: Vec<String> = shots
        .par_iter()
        .filter(|s| !s.file.ends_with("-dialog.png"))
        .flat_map_iter(|shot| {
            let what = &shot.file;
            let bytes = std::fs::read(dir.join(what)).unwrap();
            let (mut outcome, _) = queens::pipeline::solve_bytes(&bytes, true, &config);
            let e = outcome.explained.take().expect("explained");
            let players = e.players.as_ref().expect("from the player's marks");
            let mut faults = Vec::new();
            let listed: Vec<Cell> = shot.mistakes.iter().map(|&[r, c]| Cell::new(r, c)).collect();
            let fixed: Vec<Cell> = players.fixes.iter().map(|h| h.fix.expect("a fix").cell).collect();
            let mut sorted = fixed.clone();
            sorted.sort();
            if sorted != listed {
                faults.push(format!("{what}: fixes {fixed:?}, labelled mistakes {listed:?}"));
            }
            for h in &players.fixes {
                let now = queens::pipeline::hint(&mut outcome, &config).expect("a hint");
                if now.fix != h.fix || now.reveals.text != h.reveals.text {
                    faults.push(format!("{what}: explain fixes {:?}, the page {:?}", h.fix, now.fix));
                }
                outcome.marks.as_mut().unwrap().set(h.fix.unwrap().cell, Mark::Blank);
            }
            for k in 0..=e.steps.len() {
                let h = queens::pipeline::hint_after(&mut outcome, &config, k).expect("a hint");
                match (e.steps.get(k), &h.step) {
                    (Some(a), Some(b)) if a == b => {}
                    (None, None) if e.solved_by_logic == h.stopped.is_none() => {}
                    (a, b) => faults.push(format!(
                        "{what}: step {k}: explain {:?}, the page {:?}",
                        a.map(|s| &s.reveals.text),
                        b.as_ref().map(|s| &s.reveals.text)
                    )),
                }
            }
            faults
        })
        .collect();
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
}

/// `queens explain --json` on a played screenshot carries the marks and starts
/// from them, lists the mistakes first, and writes no solved picture unless
/// `--solution` asks; `--from-empty` walks from the empty board, as before.
#[test]
fn explain_json_on_a_played_screenshot_has_its_marks_and_no_picture_unasked() {
    let Some(dir) = common::corpus_or_skip() else { return };
    let shot = dir.join("played/played-11-android412-mistake.png");
    let out = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        let o =
            common::queens().args(["explain", "--json", "-o"]).arg(out.path()).args(extra).arg(&shot).output().unwrap();
        serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()
    };
    let v = run(&[]);
    assert_eq!(v["from"], "marks");
    assert_eq!(v["marks"]["queens"], serde_json::json!([[1, 0], [5, 3], [7, 8], [8, 6]]));
    let fixed: Vec<&serde_json::Value> = v["mistakes"].as_array().unwrap().iter().map(|m| &m["cell"]).collect();
    assert_eq!(fixed, [&serde_json::json!([8, 6]), &serde_json::json!([8, 5])], "the wrong crown, then the X");
    assert_eq!(v["output"], serde_json::Value::Null);
    assert!(std::fs::read_dir(out.path()).unwrap().next().is_none(), "no picture unasked");
    // No step places a queen the player already has.
    let crowns = v["marks"]["queens"].as_array().unwrap();
    for s in v["steps"].as_array().unwrap() {
        for d in s["decided"].as_array().unwrap() {
            assert!(!crowns.contains(&d["cell"]) || d["cell"] == serde_json::json!([8, 6]), "{s}");
        }
    }
    let v = run(&["--solution"]);
    assert!(v["output"].as_str().is_some_and(|o| o.ends_with(".solved.png")), "{v}");
    let v = run(&["--from-empty"]);
    assert_eq!((&v["from"], &v["mistakes"]), (&serde_json::json!("empty"), &serde_json::json!([])));
    assert!(v["difficulty"].is_object(), "the puzzle's grade, from the empty board");
}

/// A labelled screenshot of either played corpus: its file and its wrong marks.
#[derive(serde::Deserialize)]
pub(crate) struct Labelled {
    pub(crate) file: String,
    pub(crate) mistakes: Vec<[usize; 2]>,
}

/// The pixel at the centre of `cell` on `img` (whose board lattice is `grid`).
/// A pixel of `cell` beside its centre, where the answer's dot (a cell the proof
/// rules out) is not: what shows whether the cell was faded.
fn beside_centre(img: &image::RgbImage, grid: &queens::vision::grid::Grid, cell: Cell) -> [u8; 3] {
    let (x, y) = grid.center(cell);
    img.get_pixel((x + grid.px * 0.25) as u32, y as u32).0
}

/// Whether `c` lies in one of the rows, columns or regions `uses` names.
fn in_units(uses: &Uses, regions: &Regions, c: Cell) -> bool {
    uses.rows.contains(&c.row) || uses.cols.contains(&c.col) || uses.regions.contains(&regions.label(c))
}

/// Fails with every fault of every shot (each result: a count, and its faults).
fn assert_no_faults(results: &[(usize, Vec<String>)]) {
    let faults: Vec<&str> = results.iter().flat_map(|r| &r.1).map(String::as_str).collect();
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
}

/// Every labelled mistake of both played corpora that a hint refutes is drawn where
/// its proof breaks: the unit the proof ends on is named in the explanation's JSON
/// and outlined in the hint picture at the answer (its blank cells keep their
/// colour while the cells outside the argument fade); a touch names both queens;
/// a wrong X is refuted with the X on the board, never counted as a cell left; a
/// proof of several steps says them one a line, numbered.
#[test]
fn a_mistake_proof_is_drawn_and_named_where_it_breaks() {
    use queens::solve::logic::hint::Proof;
    let Some(dir) = common::corpus_or_skip() else { return };
    let mut shots: Vec<(std::path::PathBuf, usize)> = Vec::new();
    for (folder, stars) in [("played", 1), ("starbattle-played", 0)] {
        for s in common::manifest::<Labelled>(&dir.join(folder)).into_iter().filter(|s| !s.mistakes.is_empty()) {
            shots.push((dir.join(folder).join(&s.file), stars));
        }
    }
    let config = queens::pipeline::Config { explain: true, explain_from_marks: true, ..Default::default() };
    let listed_steps = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<(usize, Vec<String>)> = shots
        .par_iter()
        .map(|(path, _)| {
            let what = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(path).unwrap();
            let (mut outcome, picture) = queens::pipeline::solve_bytes(&bytes, true, &config);
            let (Some(h), Some(picture)) = (queens::pipeline::hint(&mut outcome, &config), picture) else {
                return (0, vec![format!("{what}: no hint")]);
            };
            let (Some(fix), Some(proof)) = (h.fix, h.proof.as_ref()) else { return (0, Vec::new()) };
            let regions = outcome.regions.as_ref().unwrap();
            let ends = proof.ends_on();
            let mut faults = Vec::new();
            if ends.rows.is_empty() && ends.cols.is_empty() && ends.regions.is_empty() {
                if matches!(proof, Proof::Refuted { .. }) {
                    faults.push(format!("{what}: a refutation ends on no unit"));
                }
                return (1, faults);
            }
            if let Proof::Refuted { touching: Some((a, b)), .. } = proof {
                if !h.reveals.text.contains(&a.name()) || !h.reveals.text.contains(&b.name()) {
                    faults.push(format!("{what}: a touch does not name both queens: {}", h.reveals.text));
                }
            }
            // Several steps go one a line, numbered, between the lead and how it ends.
            let lines: Vec<&str> = h.reveals.text.lines().collect();
            let said = proof.said();
            if said >= 2 {
                listed_steps.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            let listed = if said < 2 {
                lines.len() == 1
            } else {
                lines.len() == said + 2 && (1..=said).all(|k| lines[k].starts_with(&format!("{k}. ")))
            };
            if !listed {
                faults.push(format!("{what}: {said} steps said as {} lines: {}", lines.len(), h.reveals.text));
            }
            // The mark is named once: its own reach is "it rules out".
            if ["queen", "star"]
                .iter()
                .any(|p| h.reveals.text.contains(&format!("with it there, the {p} on {} ", fix.cell.name())))
            {
                faults.push(format!("{what}: the mark is named twice: {}", h.reveals.text));
            }
            if fix.mark == Mark::Cross && h.reveals.text.contains(&format!("left for its queen: {}", fix.cell.name())) {
                faults.push(format!("{what}: the crossed-out cell is counted as left: {}", h.reveals.text));
            }
            // Named in the JSON of the explanation, whose first mistake is this one.
            let e = outcome.explained.as_ref().unwrap();
            let first = e.players.as_ref().and_then(|p| p.fixes.first());
            let json = first.and_then(queens::output::explain::MistakeJson::new).map(|m| m.uses);
            let named = json.is_some_and(|u| {
                ends.rows.iter().all(|r| u.rows.contains(r))
                    && ends.cols.iter().all(|c| u.cols.contains(c))
                    && ends.regions.iter().all(|&g| u.regions.contains(&queens::puzzle::region_letter(g).to_string()))
            });
            if !named {
                faults.push(format!("{what}: the JSON does not name {ends:?}"));
            }
            // Outlined in the picture at the answer: the unit's blank cells keep their colour.
            let grid = picture.grid.unwrap();
            let stars = outcome.k;
            let glyph = queens::output::overlay::Glyph::for_board(stars, outcome.from_borders);
            let look = queens::output::hint::Look { reveal: Reveal::Answer, letters: false, glyph, asked: None };
            let mut drawn = picture.image.clone();
            queens::output::hint::draw_mut(&mut drawn, &grid, regions, &h, look);
            for c in regions.cells().filter(|&c| c != fix.cell && in_units(&ends, regions, c)) {
                if beside_centre(&drawn, &grid, c) != beside_centre(&picture.image, &grid, c) {
                    faults.push(format!("{what}: {c:?} of the unit the proof ends on is faded"));
                }
            }
            // And outlined: without the proof's units the picture is another one.
            let mut bare = h.clone();
            bare.proof = None;
            let mut without = picture.image.clone();
            queens::output::hint::draw_mut(&mut without, &grid, regions, &bare, look);
            let new = ends.rows.iter().any(|r| !h.look.rows.contains(r))
                || ends.cols.iter().any(|c| !h.look.cols.contains(c))
                || ends.regions.iter().any(|g| !h.look.regions.contains(g));
            if new && without == drawn {
                faults.push(format!("{what}: the unit the proof ends on is not outlined"));
            }
            (1, faults)
        })
        .collect();
    assert_no_faults(&results);
    let listed_steps = listed_steps.into_inner();
    assert!(listed_steps >= 3, "proofs of several steps, listed one a line: {listed_steps}");
    // Every Queens mistake is refuted from the board, and at least 90% of the Star
    // Battle ones: the rest fall back to "no short reason was found".
    for (stars, least) in [(1, 100), (0, 90)] {
        let of: Vec<usize> = shots.iter().zip(&results).filter(|(s, _)| s.1 == stars).map(|(_, r)| r.0).collect();
        let refuted: usize = of.iter().sum();
        assert!(
            of.len() >= 10 && refuted * 100 >= of.len() * least,
            "{} mistakes: {refuted} of {} with a proof, where at least {least}% should be",
            if stars == 1 { "Queens" } else { "Star Battle" },
            of.len()
        );
    }
}

/// A Star Battle mistake's proof is the engine's steps from the player's board
/// (replayed as for the Queens corpus), keeps only the steps it needs, and says
/// few: going back from where it ends (the unit a refutation breaks, or the last step of the
/// steps that put a star under a wrong X, which the earlier ones feed), every step
/// decides a cell that the end or a later step the proof keeps reads (their rows,
/// columns, regions and cells), and no proof says more than 3 steps. Board 054
/// (25×25 6★) used to open with a 2×2 step about a region far from the row it
/// breaks; board 022 (14×14 3★) showed its wrong X by 27 steps that put a star
/// there, where a row breaks one step after the X.
#[test]
fn a_star_battle_mistake_proof_has_no_step_it_does_not_need() {
    use queens::solve::logic::hint::Proof;
    let Some(dir) = common::corpus_or_skip() else { return };
    let folder = dir.join("starbattle-played");
    let shots: Vec<Labelled> =
        common::manifest::<Labelled>(&folder).into_iter().filter(|s| !s.mistakes.is_empty()).collect();
    let config = queens::pipeline::Config::default();
    let results: Vec<(usize, Vec<String>)> = shots
        .par_iter()
        .map(|shot| {
            let bytes = std::fs::read(folder.join(&shot.file)).unwrap();
            let (mut outcome, _) = queens::pipeline::solve_bytes(&bytes, true, &config);
            let Some(h) = queens::pipeline::hint(&mut outcome, &config) else {
                return (0, vec![format!("{}: no hint", shot.file)]);
            };
            let Some(proof) = h.proof.as_ref() else { return (0, Vec::new()) };
            let regions = outcome.regions.as_ref().unwrap();
            let mut read: Vec<Cell> = Vec::new();
            let reads = |uses: &Uses, read: &mut Vec<Cell>| {
                read.extend(regions.cells().filter(|&c| in_units(uses, regions, c)));
                read.extend(uses.cells.iter().copied());
            };
            let (said, kept) = match proof {
                Proof::Refuted { steps, .. } => {
                    reads(&proof.ends_on(), &mut read);
                    (steps.len(), &steps[..])
                }
                Proof::Forced { steps, broken } => {
                    let (last, before) = steps.split_last().unwrap();
                    reads(&last.uses, &mut read);
                    (steps.len() - usize::from(broken.is_some()), before)
                }
            };
            // Each step the engine's, from the player's board with the wrong mark
            // on it (a refutation) or without it (the steps that put a star there).
            let solution = outcome.result.as_ref().unwrap().clone();
            let marks = outcome.marks.clone().unwrap();
            // Named as the hint names them: by letter when read from borders.
            let colors = outcome.colors.as_deref().filter(|_| !outcome.from_borders);
            let engine = queens::pipeline::engine(regions, colors, outcome.k, false);
            let mut faults = crate::hints_corpus::replay(&shot.file, (&engine, regions), &solution, &marks, &h);
            if said > 3 {
                faults.push(format!("{}: its proof says {said} steps: {}", shot.file, h.reveals.text));
            }
            for (k, step) in kept.iter().enumerate().rev() {
                if !step.decided.iter().any(|(c, _)| read.contains(c)) {
                    faults.push(format!(
                        "{}: step {} of {} is not needed: {}",
                        shot.file,
                        k + 1,
                        proof.steps().len(),
                        step.reveals.text
                    ));
                }
                reads(&step.uses, &mut read);
            }
            (usize::from(matches!(proof, Proof::Refuted { .. })), faults)
        })
        .collect();
    assert_no_faults(&results);
    let refuted: usize = results.iter().map(|r| r.0).sum();
    // The wrong stars, and the wrong X's a broken rule shows sooner than the steps
    // that put a star there.
    assert!(refuted >= 7, "only {refuted} of {} Star Battle mistakes refuted", shots.len());
}

/// Sentences, each with the board it was said about.
type Said = Vec<(String, String)>;

/// The slips a sentence must not have: a count that disagrees with its noun or
/// verb ("1 column take", "2 region"), "0 of" or "the other 0", and a sentence
/// said twice in one text.
fn slips(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let words: Vec<&str> =
        text.split(|c: char| c.is_whitespace() || c == ',' || c == ':').filter(|w| !w.is_empty()).collect();
    let nouns = ["region", "row", "column", "queen", "star", "cell", "step"];
    for (k, pair) in words.windows(2).enumerate() {
        let Ok(n) = pair[0].parse::<usize>() else { continue };
        // "row 5, column 5" names a cell, not a count.
        if k > 0 && (words[k - 1] == "row" || words[k - 1] == "column") {
            continue;
        }
        let noun = pair[1].trim_end_matches('.');
        let singular = nouns.contains(&noun);
        let plural = noun.strip_suffix('s').is_some_and(|s| nouns.contains(&s));
        if (n == 1 && plural) || (n != 1 && singular) {
            out.push(format!("\"{n} {noun}\""));
        }
        // "1 column take": the verb after a single noun takes an s.
        if let (1, true, Some(&verb)) = (n, singular, words.get(k + 2)) {
            if verb == "take" || verb == "hold" {
                out.push(format!("\"1 {noun} {verb}\""));
            }
        }
    }
    for bad in [" 0 of ", "the other 0"] {
        if text.contains(bad) {
            out.push(format!("\"{}\"", bad.trim()));
        }
    }
    // A conclusion ("So row 6, column 3 holds a queen") said twice; other
    // sentences may recur in a chain of steps ("That star rules out 2 cells: …").
    let sentences: Vec<&str> =
        text.split(". ").map(|s| s.trim_end_matches('.')).filter(|s| s.to_lowercase().starts_with("so ")).collect();
    for (k, s) in sentences.iter().enumerate() {
        if sentences[..k].contains(s) {
            out.push(format!("said twice: \"{s}\""));
        }
    }
    out
}

#[test]
fn the_slip_finder_finds_the_slips_of_issue_47() {
    assert_eq!(slips("2 regions hold 2 queens and 1 column take 1 of them").len(), 1);
    assert_eq!(slips("so the cells outside hold the other 0, and those are all placed").len(), 1);
    assert_eq!(
        slips("So row 6, column 3 holds a queen. That queen rules out 3 cells. So row 6, column 3 holds a queen.")
            .len(),
        1
    );
    assert!(slips("2 regions hold 2 queens and 1 column takes 1 of them").is_empty());
}

/// Every sentence kind the engine says, over the corpus (the steps of 200 levels
/// from the empty board, the walks from the played Queens screenshots, the first
/// hint of the played Star Battle ones, and "why?" about each cell that hint
/// decides) is free of slips, and a step that `why` and `hint` both take reads the
/// same in both (the same counts).
#[test]
fn every_sentence_over_the_corpus_is_free_of_slips() {
    let Some(dir) = common::corpus_or_skip() else { return };
    let mut texts: Vec<(String, String)> = Vec::new();
    let levels = common::levels("levels.json").unwrap();
    let from_empty: Vec<(String, String)> = levels
        .par_iter()
        .take(200)
        .flat_map_iter(|l| {
            let regions = l.board();
            let engine = queens::pipeline::engine(&regions, None, 1, false);
            let path = engine.explain(queens::solve::logic::Board::new(regions.n()));
            let what = format!("level {}", l.id);
            path.steps
                .into_iter()
                .flat_map(move |s| [s.reveals.nudge, s.reveals.reason, s.reveals.text].map(|t| (what.clone(), t)))
                .collect::<Vec<_>>()
        })
        .collect();
    texts.extend(from_empty);
    let config = queens::pipeline::Config { explain: true, explain_from_marks: true, ..Default::default() };
    let mut shots = Vec::new();
    for folder in ["played", "starbattle-played"] {
        for s in common::manifest::<Labelled>(&dir.join(folder)) {
            shots.push(dir.join(folder).join(s.file));
        }
    }
    let played: Vec<(Said, Vec<String>)> = shots
        .par_iter()
        .map(|path| {
            let what = path.file_name().unwrap().to_string_lossy().into_owned();
            let queens_board = !what.contains("star");
            let config = queens::pipeline::Config { explain: queens_board, ..config.clone() };
            let (mut outcome, _) = queens::pipeline::solve_bytes(&std::fs::read(path).unwrap(), true, &config);
            let mut texts = Vec::new();
            let mut faults = Vec::new();
            let said = |h: &queens::solve::logic::hint::Hint| {
                [&h.reveals.nudge, &h.reveals.reason, &h.reveals.text].map(|t| (what.clone(), t.clone()))
            };
            if let Some(p) = outcome.explained.as_ref().and_then(|e| e.players.as_ref()) {
                p.fixes.iter().for_each(|h| texts.extend(said(h)));
            }
            for s in outcome.explained.iter().flat_map(|e| &e.steps) {
                texts.extend([&s.reveals.nudge, &s.reveals.reason, &s.reveals.text].map(|t| (what.clone(), t.clone())));
            }
            let Some(h) = queens::pipeline::hint(&mut outcome, &config) else { return (texts, faults) };
            texts.extend(said(&h));
            for &(cell, _) in h.step.iter().flat_map(|s| &s.decided) {
                let w = queens::pipeline::why(&mut outcome, &config, cell).unwrap();
                texts.extend([&w.reveals.nudge, &w.reveals.reason, &w.reveals.text].map(|t| (what.clone(), t.clone())));
                let step = h.step.as_ref().unwrap();
                if let [one] = w.steps.as_slice() {
                    if one.technique == step.technique
                        && one.decided == step.decided
                        && one.reveals.text != step.reveals.text
                    {
                        faults.push(format!(
                            "{what} {}: why says \"{}\", hint \"{}\"",
                            cell.name(),
                            one.reveals.text,
                            step.reveals.text
                        ));
                    }
                }
            }
            (texts, faults)
        })
        .collect();
    let mut faults: Vec<String> = played.iter().flat_map(|p| p.1.clone()).collect();
    texts.extend(played.into_iter().flat_map(|p| p.0));
    for (what, text) in &texts {
        for s in slips(text) {
            faults.push(format!("{what}: {s} in: {text}"));
        }
    }
    faults.sort();
    faults.dedup();
    assert!(texts.len() > 5_000, "sentences checked: {}", texts.len());
    assert!(
        faults.is_empty(),
        "{} slips:\n{}",
        faults.len(),
        faults.iter().take(30).cloned().collect::<Vec<_>>().join("\n")
    );
}
