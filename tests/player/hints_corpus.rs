//! Hints over the whole corpus: levels with generated marks and every half-played
//! screenshot get hints that skip what the crowns say, a mistake's proof replays
//! from the player's marks, and every explained step brings its queens' reach.

use crate::common;

use queens::puzzle::marks::{Mark, Marks};
use queens::solve::logic::hint::{hint_after, Hint, Proof};
use queens::solve::logic::{Board, CellState, Engine, Step, Technique, Unit};
use queens::{Cell, Placement, Regions};
use rayon::prelude::*;

/// True when `text` names `cell` in any of the forms people write cells in:
/// "row 3, column 5", "row 3 and column 5", "column 5, row 3", "r3c5", "(3, 5)",
/// 1-based, and "(2, 4)" 0-based. A number is matched whole ("row 1" is not "row 10").
pub(crate) fn names_cell(text: &str, cell: Cell) -> bool {
    let (r, c) = (cell.row + 1, cell.col + 1);
    let text = text.to_lowercase();
    let forms = [
        format!("row {r}, column {c}"),
        format!("row {r} and column {c}"),
        format!("column {c}, row {r}"),
        format!("r{r}c{c}"),
        format!("({r}, {c})"),
        format!("({}, {})", cell.row, cell.col),
    ];
    let whole = |at: usize, len: usize| !text[at + len..].starts_with(|ch: char| ch.is_ascii_digit());
    forms.iter().any(|form| text.match_indices(form.as_str()).any(|(at, m)| whole(at, m.len())))
        // A line's cells said together: "row 3, columns 2, 5 and 7", "rows 1 and 3 of column 5".
        || text.match_indices(&format!("row {r}, columns ")).any(|(at, m)| {
            whole(at, m.len() - 10) && listed(&text[at + m.len()..], c)
        })
        || text.match_indices("rows ").any(|(at, m)| {
            let rest = &text[at + m.len()..];
            let end = rest.find(" of column ").filter(|&e| rest[..e].chars().all(|ch| ch.is_ascii_digit() || ", and".contains(ch)));
            end.is_some_and(|e| listed(&rest[..e], r) && {
                let after = &rest[e + " of column ".len()..];
                after.starts_with(&c.to_string()) && !after[c.to_string().len()..].starts_with(|ch: char| ch.is_ascii_digit())
            })
        })
}

/// Whether the list of numbers `text` begins with ("2, 5 and 7", up to the first
/// word that is not a number or "and") holds `x`.
fn listed(text: &str, x: usize) -> bool {
    text.split([',', ' '])
        .filter(|w| !w.is_empty())
        .take_while(|w| *w == "and" || w.trim_end_matches(['.', ';', ':']).parse::<usize>().is_ok())
        .any(|w| w.trim_end_matches(['.', ';', ':']).parse::<usize>() == Ok(x))
}

#[test]
fn names_cell_knows_the_forms_and_whole_numbers() {
    let cell = Cell::new(0, 0);
    assert!(names_cell("The crown on row 1, column 1 is wrong.", cell));
    assert!(names_cell("Look at R1C1.", cell));
    assert!(names_cell("see (1, 1)", cell));
    assert!(!names_cell("Look at row 1, column 10.", cell));
    assert!(!names_cell("Look at row 1 and the purple region.", cell));
    assert!(names_cell("so row 1, columns 4 and 1 are empty", cell));
    assert!(names_cell("so rows 3, 5 and 1 of column 1 are empty", cell));
    assert!(!names_cell("so row 1, columns 4 and 10 are empty", cell));
    assert!(!names_cell("so rows 1 and 3 of column 10 are empty", cell));
    assert!(!names_cell("so row 10, columns 1 and 2 are empty", cell));
}

/// The cells the player's crowns rule out, by the rules alone (written here again,
/// not taken from the library): every cell touching a crown, and for one crown per
/// unit, the rest of its row, column and region. With the player's marks: what the
/// board already says.
fn known_from_marks(regions: &Regions, marks: &Marks) -> Vec<Cell> {
    let crowns = marks.queens();
    regions
        .cells()
        .filter(|&cell| {
            marks.get(cell) != Mark::Blank
                || crowns.iter().any(|&q| {
                    q.row.abs_diff(cell.row) <= 1 && q.col.abs_diff(cell.col) <= 1
                        || q.row == cell.row
                        || q.col == cell.col
                        || regions.label(q) == regions.label(cell)
                })
        })
        .collect()
}

/// Everything wrong with one hint (and the steps before it) on a board whose marks
/// hold no mistake: a queen's-reach step, a step deciding a cell the marks already
/// say, a nudge or reason naming a decided cell, a cell off the solution.
fn faults(what: &str, hint: &Hint, known: &[Cell], solution: &Placement) -> Vec<String> {
    let mut out = Vec::new();
    let Some(step) = &hint.step else { return out };
    if step.technique == Technique::Reach {
        out.push(format!("{what}: a queen's reach step: {}", step.reveals.text));
    }
    if step.decided.iter().all(|d| known.contains(&d.0)) {
        out.push(format!("{what}: every decided cell was already implied by the marks: {}", step.reveals.text));
    }
    for &(cell, state) in &step.decided {
        if known.contains(&cell) || hint.earlier.iter().any(|e| e.0 == cell) {
            out.push(format!("{what}: decides {cell:?}, which the board already says: {}", step.reveals.text));
        }
        if (state == CellState::Queen) != solution.contains(cell) {
            out.push(format!("{what}: unsound {cell:?} {state:?}: {}", step.reveals.text));
        }
    }
    out.extend(named(what, step));
    out
}

/// A nudge or a reason of `step` that names a cell the step decides.
fn named(what: &str, step: &Step) -> Vec<String> {
    let mut out = Vec::new();
    for &(cell, _) in &step.decided {
        for (reveal, text) in [("nudge", &step.reveals.nudge), ("reason", &step.reveals.reason)] {
            if names_cell(text, cell) {
                out.push(format!("{what}: the {reveal} names decided {cell:?}: {text}"));
            }
        }
    }
    out
}

/// The faults of the first hint and of every later press (`hint_after`) until the
/// hints run out, for a board without mistakes; and how many hints were checked.
fn every_press(
    what: &str,
    engine: &Engine,
    regions: &Regions,
    solution: &Placement,
    marks: &Marks,
) -> (Vec<String>, usize) {
    let known = known_from_marks(regions, marks);
    let mut out = Vec::new();
    let mut presses = 0;
    for press in 0..=regions.n() * regions.n() {
        let hint = hint_after(engine, regions, solution, marks, press);
        assert!(hint.mistakes.is_empty(), "{what}: no mistakes were made");
        if press == 0 {
            let crowns_rule_out: Vec<Cell> = known.iter().copied().filter(|&c| marks.get(c) == Mark::Blank).collect();
            if hint.implied != crowns_rule_out && !hint.solved {
                out.push(format!("{what}: implied {:?}, expected {crowns_rule_out:?}", hint.implied));
            }
        }
        out.extend(faults(&format!("{what} press {}", press + 1), &hint, &known, solution));
        match &hint.step {
            Some(_) => presses += 1,
            None => break,
        }
    }
    (out, presses)
}

/// A small deterministic generator (splitmix64), so the generated marks are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Every one-solution corpus level, with marks made up for it: a random subset of
/// the solution's crowns and some right X marks. From those boards, the first hint
/// and every later press: never a queen's reach, never a step the marks already
/// give, never a nudge or reason naming its cells, never off the solution. And with
/// one wrong mark added, the mistake's nudge and reason name no cell; its answer does.
#[test]
fn corpus_levels_with_generated_marks_get_hints_that_skip_what_the_crowns_say() {
    let files = ["levels.json", "levels-daily-617-842.json", "levels-bonus.json", "levels-community.json"];
    let mut levels = Vec::new();
    for f in files {
        let Some(l) = common::levels(f) else { return };
        levels.extend(l.into_iter().filter(|l| l.solutions_found == 1));
    }
    assert_eq!(levels.len(), 870 + 653);
    let results: Vec<(Vec<String>, usize, bool)> = levels
        .par_iter()
        .enumerate()
        .map(|(k, level)| {
            let regions = level.board();
            let what = format!("level {}", level.id);
            let solution = Placement::new(level.solution.iter().enumerate().map(|(r, &c)| Cell::new(r, c)).collect());
            let colors = level.rgb();
            let engine = queens::pipeline::engine(&regions, colors.as_deref(), 1, false);
            let mut rng = Rng(k as u64 + 17);
            let mut marks = Marks::new(regions.n());
            for cell in regions.cells() {
                if solution.contains(cell) && rng.chance(40) {
                    marks.set(cell, Mark::Queen);
                } else if !solution.contains(cell) && rng.chance(15) {
                    marks.set(cell, Mark::Cross);
                }
            }
            let crowned = !marks.queens().is_empty();
            let (mut faults, presses) = every_press(&what, &engine, &regions, &solution, &marks);
            // One wrong mark: an X on a blank solution cell.
            if let Some(&wrong) = solution.cells().iter().find(|&&c| marks.get(c) == Mark::Blank) {
                marks.set(wrong, Mark::Cross);
                let h = hint_after(&engine, &regions, &solution, &marks, 0);
                if h.step.is_some() || !names_cell(&h.reveals.text, wrong) {
                    faults.push(format!("{what}: the mistake's answer does not name {wrong:?}: {}", h.reveals.text));
                }
                for text in [&h.reveals.nudge, &h.reveals.reason] {
                    if names_cell(text, wrong) || !text.ends_with('.') {
                        faults.push(format!("{what}: a mistake's nudge or reason names {wrong:?}: {text}"));
                    }
                }
                if h.look.rows.len() + h.look.cols.len() + h.look.regions.len() != 1 {
                    faults.push(format!("{what}: a mistake's nudge points at one unit: {:?}", h.look));
                }
            }
            (faults, presses, crowned)
        })
        .collect();
    let faults: Vec<&String> = results.iter().flat_map(|r| &r.0).collect();
    assert_no_faults(&faults);
    let presses: usize = results.iter().map(|r| r.1).sum();
    let crowned = results.iter().filter(|r| r.2).count();
    assert!(crowned > 1000, "most generated boards have crowns: {crowned}");
    assert!(presses > 5 * levels.len(), "hints were checked: {presses}");
    eprintln!("{} levels ({crowned} with crowns): {presses} hints checked", levels.len());
}

/// One half-played screenshot of corpus/played/manifest.json.
#[derive(serde::Deserialize)]
struct Played {
    file: String,
    regions: Vec<String>,
    solution: Vec<usize>,
    state: String,
    marks: PlayedMarks,
    mistakes: Vec<[usize; 2]>,
    clash: bool,
}

#[derive(serde::Deserialize)]
struct PlayedMarks {
    queens: Vec<[usize; 2]>,
    crosses: Vec<[usize; 2]>,
}

/// Replays the proof of a hint's mistake from the player's correct marks: a
/// refutation's steps are steps of the engine (its next step, or one of the cheap
/// steps it lists) from the board with the wrong queen or X on it, each deciding cells
/// still unknown, and the last leaves the unit it names broken; a forcing chain's
/// steps are the engine's from the board without the wrong X, each sound against
/// the solution, the last placing a queen on the X's cell. Returns the faults.
pub(crate) fn replay(
    what: &str,
    (engine, regions): (&Engine, &Regions),
    solution: &Placement,
    marks: &Marks,
    h: &Hint,
) -> Vec<String> {
    let (Some(fix), Some(proof)) = (h.fix, h.proof.as_ref()) else { return Vec::new() };
    let g = engine.geometry();
    let mut correct = marks.clone();
    for m in &h.mistakes {
        correct.set(m.cell, Mark::Blank);
    }
    // A clash's wrong queen is proved wrong without the queen it clashes with.
    if let Some(c) = h.clashes.iter().find(|c| c.a == fix.cell || c.b == fix.cell) {
        correct.set(if c.a == fix.cell { c.b } else { c.a }, Mark::Blank);
    }
    let mut board = engine.board_from_marks(&correct);
    engine.take_reach(&mut board);
    let mut faults = Vec::new();
    // A refutation starts with the wrong mark on the board (a queen, or an X).
    let (steps, state) = match proof {
        Proof::Refuted { steps, .. } if fix.mark == Mark::Queen => (steps, CellState::Queen),
        Proof::Refuted { steps, .. } => (steps, CellState::Empty),
        Proof::Forced { steps, .. } => (steps, CellState::Unknown),
    };
    // A forcing chain's steps each hold in the solution; a refutation's follow from the wrong mark.
    let forcing = matches!(proof, Proof::Forced { .. });
    board.set(g.at(fix.cell), state);
    for (k, step) in steps.iter().enumerate() {
        if engine.next_step(&board).as_ref() != Some(step) && !engine.cheap_steps(&board).contains(step) {
            faults.push(format!(
                "{what}: proof step {} is not a step of the engine there: {}",
                k + 1,
                step.reveals.text
            ));
            return faults;
        }
        for &(cell, state) in &step.decided {
            if board.get(g.at(cell)) != CellState::Unknown {
                faults.push(format!("{what}: proof step {} decides a known cell", k + 1));
            }
            if forcing && (state == CellState::Queen) != solution.contains(cell) {
                faults.push(format!("{what}: forcing step {} is unsound: {}", k + 1, step.reveals.text));
            }
            board.set(g.at(cell), state);
        }
    }
    match proof {
        Proof::Refuted { broken, .. } if g.contradiction(&board) != Some(*broken) => {
            faults.push(format!("{what}: the refutation does not end on {broken:?} broken: {}", h.reveals.text))
        }
        Proof::Forced { .. } if board.get(g.at(fix.cell)) != CellState::Queen => {
            faults.push(format!("{what}: the forcing chain does not place the queen: {}", h.reveals.text))
        }
        _ => {}
    }
    // "Row 10 would have no cell left" shows none left: the answer's dots are the
    // blank cells of the broken unit that the proof rules out, every one of them.
    if let Proof::Refuted { broken, touching: None, .. } = proof {
        let n = g.n();
        let cells: Vec<Cell> = (0..n * n)
            .map(|i| g.cell(i))
            .filter(|&c| match broken {
                Unit::Row(r) => c.row == *r,
                Unit::Col(k) => c.col == *k,
                Unit::Region(x) => regions.label(c) == *x,
            })
            .collect();
        let state = |c: Cell| board.get(g.at(c));
        let room = cells.iter().filter(|&&c| state(c) != CellState::Empty).count();
        if room < g.stars() {
            let dots: Vec<Cell> =
                cells.into_iter().filter(|&c| state(c) == CellState::Empty && marks.get(c) == Mark::Blank).collect();
            if dots != h.implied {
                faults.push(format!("{what}: the answer dots {:?}, the proof rules out {dots:?}", h.implied));
            }
        }
    }
    faults
}

/// Every half-played corpus screenshot, read from the picture: boards without a
/// mistake get hints (first and every later press) that skip what the crowns and
/// marks say; boards with one get the mistake in three reveals, the cell only in the
/// answer; a solved board is solved. The marks read are the manifest's.
#[test]
fn played_screenshots_get_hints_that_skip_what_the_crowns_say() {
    let Some(dir) = common::corpus_or_skip() else { return };
    let dir = dir.join("played");
    let shots: Vec<Played> = common::manifest(&dir);
    assert_eq!(shots.len(), 60);
    let config = queens::pipeline::Config::default();
    let results: Vec<(Vec<String>, usize, bool)> = shots
        .par_iter()
        .map(|shot| {
            let what = shot.file.clone();
            if what.ends_with("-dialog.png") {
                // The win panel covers part of the board: no hint is given for it.
                return (Vec::new(), 0, false);
            }
            let bytes = std::fs::read(dir.join(&shot.file)).unwrap();
            let (outcome, _) = queens::pipeline::solve_bytes(&bytes, true, &config);
            let regions = Regions::from_rows(&shot.regions).unwrap();
            let solution = Placement::new(shot.solution.iter().enumerate().map(|(r, &c)| Cell::new(r, c)).collect());
            assert_eq!(outcome.result.as_ref().ok(), Some(&solution), "{what}: solved");
            let marks = outcome.marks.clone().unwrap_or_else(|| Marks::new(regions.n()));
            let as_cells = |v: &[[usize; 2]]| v.iter().map(|&[r, c]| Cell::new(r, c)).collect::<Vec<_>>();
            assert_eq!(marks.queens(), as_cells(&shot.marks.queens), "{what}: crowns read");
            assert_eq!(marks.crosses(), as_cells(&shot.marks.crosses), "{what}: X marks read");
            let engine = queens::pipeline::engine(&regions, outcome.colors.as_deref(), 1, false);
            if shot.mistakes.is_empty() {
                let (faults, presses) = every_press(&what, &engine, &regions, &solution, &marks);
                let first = hint_after(&engine, &regions, &solution, &marks, 0);
                assert_eq!(first.solved, shot.state == "solved", "{what}");
                return (faults, presses, !marks.queens().is_empty());
            }
            let h = hint_after(&engine, &regions, &solution, &marks, 0);
            let mut faults = Vec::new();
            let fix = h.fix.expect("a mistake to fix is named");
            assert!(as_cells(&shot.mistakes).contains(&fix.cell), "{what}: {fix:?} is a listed mistake");
            if !names_cell(&h.reveals.text, fix.cell) {
                faults.push(format!("{what}: the answer does not name the mistake: {}", h.reveals.text));
            }
            if shot.clash
                && (fix.mark != Mark::Queen || !h.reveals.text.contains(&format!("crown on {}", fix.cell.name())))
            {
                faults.push(format!("{what}: a clash's fix does not name the wrong crown: {}", h.reveals.text));
            }
            // Its proof leaves the other crown of the clash out, and says so: else
            // "row 2 would have no cell left" reads false beside a crown in row 2.
            let partner = h.clashes.iter().find_map(|c| match fix.cell {
                x if x == c.a => Some(c.b),
                x if x == c.b => Some(c.a),
                _ => None,
            });
            if let (Some(other), Some(Proof::Refuted { .. })) = (partner, &h.proof) {
                if !h.reveals.text.contains(&format!("without the crown on {},", other.name())) {
                    faults.push(format!(
                        "{what}: a clash's proof does not say it leaves out {other:?}: {}",
                        h.reveals.text
                    ));
                }
            }
            for text in [&h.reveals.nudge, &h.reveals.reason] {
                if h.mistakes.iter().any(|m| names_cell(text, m.cell)) {
                    faults.push(format!("{what}: a nudge or reason names a mistake: {text}"));
                }
            }
            faults.extend(replay(&what, (&engine, &regions), &solution, &marks, &h));
            let refuted = h.proof.is_some() && shot.state == "mistake";
            (faults, usize::from(!h.implied.is_empty()), refuted)
        })
        .collect();
    let faults: Vec<&String> = results.iter().flat_map(|r| &r.0).collect();
    assert_no_faults(&faults);
    let clean: Vec<&(Vec<String>, usize, bool)> =
        results.iter().zip(&shots).filter(|(_, s)| s.mistakes.is_empty()).map(|(r, _)| r).collect();
    let crowned = clean.iter().filter(|r| r.2).count();
    let presses: usize = clean.iter().map(|r| r.1).sum();
    assert!(crowned >= 12, "the partial and solved boards have crowns: {crowned}");
    let mistaken = shots.iter().filter(|s| !s.mistakes.is_empty()).count();
    let dotted: usize = results.iter().zip(&shots).filter(|(_, s)| !s.mistakes.is_empty()).map(|(r, _)| r.1).sum();
    assert!(dotted >= 10, "mistakes whose answer shows the unit's cells ruled out: {dotted}");
    let refuted = results.iter().zip(&shots).filter(|(r, s)| s.state == "mistake" && r.2).count();
    let mistake_shots = shots.iter().filter(|s| s.state == "mistake").count();
    assert!(mistake_shots >= 10, "the corpus has mistake screenshots: {mistake_shots}");
    assert!(
        refuted * 10 >= mistake_shots * 9,
        "a reason from the board on at least 90% of the mistake screenshots: {refuted} of {mistake_shots}"
    );
    eprintln!(
        "{} played screenshots, {crowned} crowned without mistakes: {presses} hints checked; {refuted} of {mistake_shots} mistakes explained ({} checked, {dotted} with the broken unit's cells dotted)",
        shots.len(),
        mistaken
    );
}

/// A board to explain: its name, regions, stars per unit and colours if known.
type Explained = (String, Regions, usize, Option<Vec<[u8; 3]>>);

/// Every corpus explanation (Queens levels and Star Battle boards): no step is a
/// queen's reach, a step placing queens also rules out their reach (nothing they
/// rule out is left unknown after it), and no nudge or reason names a decided cell.
#[test]
fn explained_steps_bring_their_queens_reach_and_keep_their_cells_out_of_the_nudge() {
    let Some(dir) = common::corpus_or_skip() else { return };
    let files = ["levels.json", "levels-daily-617-842.json", "levels-bonus.json", "levels-community.json"];
    let mut boards: Vec<Explained> = Vec::new();
    for f in files {
        for l in common::levels(f).unwrap().into_iter().filter(|l| l.solutions_found == 1) {
            boards.push((format!("level {}", l.id), l.board(), 1, l.rgb()));
        }
    }
    for s in common::manifest::<common::StarBattle>(&dir.join("starbattle")) {
        boards.push((s.file.clone(), Regions::from_rows(&s.regions).unwrap(), s.stars, None));
    }
    let faults: Vec<String> = boards
        .par_iter()
        .flat_map_iter(|(what, regions, stars, colors)| {
            let engine = queens::pipeline::engine(regions, colors.as_deref(), *stars, false);
            let path = engine.explain(Board::new(regions.n()));
            let g = engine.geometry();
            let mut board = Board::new(regions.n());
            let mut out = Vec::new();
            for (k, step) in path.steps.iter().enumerate() {
                let what = format!("{what} step {}", k + 1);
                if step.technique == Technique::Reach {
                    out.push(format!("{what}: a queen's reach step: {}", step.reveals.text));
                }
                out.extend(named(&what, step));
                for &(cell, s) in &step.decided {
                    board.set(g.at(cell), s);
                }
                for &(q, _) in step.decided.iter().filter(|d| d.1 == CellState::Queen) {
                    let left: Vec<Cell> = regions
                        .cells()
                        .filter(|&c| board.get(g.at(c)) == CellState::Unknown)
                        .filter(|&c| {
                            let full = |same: &dyn Fn(Cell) -> bool| {
                                regions.cells().filter(|&x| same(x) && board.get(g.at(x)) == CellState::Queen).count()
                                    >= *stars
                            };
                            (q.row.abs_diff(c.row) <= 1 && q.col.abs_diff(c.col) <= 1)
                                || (q.row == c.row && full(&|x: Cell| x.row == q.row))
                                || (q.col == c.col && full(&|x: Cell| x.col == q.col))
                                || (regions.label(q) == regions.label(c)
                                    && full(&|x: Cell| regions.label(x) == regions.label(q)))
                        })
                        .collect();
                    if !left.is_empty() {
                        out.push(format!(
                            "{what}: the queen on {q:?} leaves {left:?} in its reach: {}",
                            step.reveals.text
                        ));
                    }
                }
            }
            out
        })
        .collect();
    assert_no_faults(&faults);
}

/// Fails with the count and the first 20 faults when there are any.
pub(crate) fn assert_no_faults<S: AsRef<str>>(faults: &[S]) {
    let first: Vec<&str> = faults.iter().take(20).map(AsRef::as_ref).collect();
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), first.join("\n"));
}
