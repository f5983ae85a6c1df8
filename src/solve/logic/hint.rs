//! A hint for a player's board: their mistakes first, then the next step.
//!
//! The mistakes, and why each is wrong, are `mistakes`' work; this says them in
//! three reveals. Only a board without mistakes gets a next step, found by the
//! engine from the marks the player has, and checked against the solution before
//! it is shown.

use super::board::{Board, CellState, Unit};
use super::engine::Engine;
use super::mistakes::{clashes, correct_board, first_to_fix, mistakes, prove};
pub use super::mistakes::{mark_word, placed, players_mistakes, Clash, Mistake, Proof};
use super::step::{add_unit, Reveal, Reveals, Step, Uses};
use super::words::{lower_first, numbered, sentence, units};
use crate::puzzle::marks::{Mark, Marks};
use crate::puzzle::{Cell, Placement, Regions};

/// What to tell a player about their board.
#[derive(Debug, Clone)]
pub struct Hint {
    /// Marks that contradict the solution, row-major.
    pub mistakes: Vec<Mistake>,
    /// Pairs of the player's queens that break a rule, row-major.
    pub clashes: Vec<Clash>,
    /// The board is finished and right.
    pub solved: bool,
    /// What to say: where to look (a unit or units), why (still naming no cell to
    /// change), and what to do first in one sentence: fix a mistake, or the next
    /// step, or that the board is solved.
    pub reveals: Reveals,
    /// What the nudge points at: the step's units and cells, or for a mistake the
    /// row, column or region to look in (never the mistaken cell itself).
    pub look: Uses,
    /// The next step, when there are no mistakes and the board is not finished.
    pub step: Option<Step>,
    /// The mark to fix first, when the board has a mistake.
    pub fix: Option<Mistake>,
    /// Why that mark is wrong, from the player's correct marks, when the engine
    /// found a short proof.
    pub proof: Option<Proof>,
    /// Cells decided by the steps taken before this one (see [`hint_after`]).
    pub earlier: Vec<(Cell, CellState)>,
    /// Blank cells that the player's crowns already rule out (their rows, columns,
    /// full regions and touching cells), as the game's auto-X would cross them out.
    /// The hint takes them as known, so no step is spent on them. Row-major. When
    /// the board has a mistake (whose crowns then prove nothing), the answer's
    /// instead: the blank cells of the unit its proof leaves without room that the
    /// proof rules out with the wrong mark there ([`Proof::emptied`]), so that "no
    /// cell left" shows none left; a place that shows the hint before its answer
    /// leaves them out.
    pub implied: Vec<Cell>,
    /// Why there is no step although the board is not finished, when the search
    /// stopped before it found one: each place that shows the hint adds what its
    /// user can do about it (a command, a button).
    pub stopped: Option<Stopped>,
}

/// Why a hint's search stopped without a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// The puzzle's time limit passed.
    Clock,
    /// The hint's bounded search ran out (`HINT_STEP`): the full explanation,
    /// with far more work, goes on.
    Search,
}

impl Stopped {
    /// What the hint says: no step, and why.
    pub fn sentence(self) -> &'static str {
        match self {
            Stopped::Clock => "No explained step was found within the time limit.",
            Stopped::Search => {
                "No explained step was found within a hint's search, which stops after a bounded amount of work."
            }
        }
    }
}

impl Hint {
    /// A hint that is the same at every reveal (solved, nothing to say).
    fn plain(mistakes: Vec<Mistake>, clashes: Vec<Clash>, text: &str, implied: Vec<Cell>) -> Self {
        Hint {
            mistakes,
            clashes,
            solved: false,
            reveals: Reveals::same(text),
            look: Uses::default(),
            step: None,
            fix: None,
            proof: None,
            earlier: Vec::new(),
            implied,
            stopped: None,
        }
    }

    /// What a place showing this hint at `reveal` outlines: the step's units and
    /// cells at the answer, else where the nudge points ([`Hint::look`]). A
    /// mistake's proof adds the unit it breaks: at the answer, and at the reason
    /// when the reason names it (a wrong queen refuted); at the answer also the
    /// two queens that would touch. The terminal, the picture and the JSON all
    /// outline this, so each shows what its words name.
    pub fn shown(&self, reveal: Reveal) -> Uses {
        let mut uses = match &self.step {
            Some(step) if reveal == Reveal::Answer => step.uses.clone(),
            _ => self.look.clone(),
        };
        if let Some(proof) = self.proof.as_ref().filter(|_| reveal >= Reveal::Reason) {
            let ends = proof.ends_on();
            // A wrong queen's reason names the unit it breaks; a wrong X's counts steps.
            let named = matches!(proof, Proof::Refuted { .. }) && self.fix.is_some_and(|m| m.mark == Mark::Queen);
            if reveal == Reveal::Answer || named {
                uses.rows.extend(ends.rows);
                uses.cols.extend(ends.cols);
                uses.regions.extend(ends.regions);
            }
            if reveal == Reveal::Answer {
                uses.cells.extend(ends.cells);
            }
        }
        for v in [&mut uses.rows, &mut uses.cols, &mut uses.regions] {
            v.sort_unstable();
            v.dedup();
        }
        uses.cells.sort();
        uses.cells.dedup();
        uses
    }

    /// Adds `advice` to what the hint says (its three reveals), for a hint whose
    /// search stopped: what the user of one front end can do next.
    pub(crate) fn advise(&mut self, advice: &str) {
        for text in [&mut self.reveals.nudge, &mut self.reveals.reason, &mut self.reveals.text] {
            text.push(' ');
            text.push_str(advice);
        }
    }
}

/// The hint for `marks` on the puzzle whose unique solution is `solution`.
pub fn hint(engine: &Engine, regions: &Regions, solution: &Placement, marks: &Marks) -> Hint {
    hint_after(engine, regions, solution, marks, 0)
}

/// [`hint`] after `skip` steps taken from the player's board (mistakes still come
/// first: with a mistake on the board no step is taken).
///
/// The board the steps start from is the player's marks plus what their crowns
/// imply ([`Hint::implied`]), so a hint is never a queen's reach and never decides
/// a cell the crowns already rule out.
pub fn hint_after(engine: &Engine, regions: &Regions, solution: &Placement, marks: &Marks, skip: usize) -> Hint {
    let g = engine.geometry();
    let mistakes = mistakes(solution, marks);
    let clashes = clashes(regions, g.stars(), &marks.queens());
    if let Some((first, clash)) = first_to_fix(&mistakes, &clashes) {
        return fix(engine, regions, solution, marks, (mistakes, clashes), (first, clash));
    }
    if solution.cells().iter().all(|&c| marks.get(c) == Mark::Queen) {
        let mut h = Hint::plain(mistakes, clashes, "The board is solved.", Vec::new());
        h.solved = true;
        return h;
    }
    let mut board = engine.board_from_marks(marks);
    let implied = engine.take_reach(&mut board);
    let mut earlier = Vec::new();
    for _ in 0..skip {
        match engine.next_step(&board).filter(|s| agrees(s, solution, &board, engine)) {
            Some(s) => {
                for &(cell, state) in &s.decided {
                    board.set(engine.geometry().at(cell), state);
                    earlier.push((cell, state));
                }
            }
            None => break,
        }
    }
    if board.is_complete() {
        let mut h = Hint::plain(mistakes, clashes, "That was the last step: every cell is decided.", implied);
        h.earlier = earlier;
        return h;
    }
    let Some(step) = engine.next_step(&board).filter(|s| agrees(s, solution, &board, engine)) else {
        let why = if g.deadline.passed() {
            // Cut short by the clock: say so, rather than that there is no step.
            Stopped::Clock
        } else {
            // The search behind a hint is bounded (`HINT_STEP`): a position whose next
            // step is a long case split (060 of the corpus, part way) gets none, where
            // the full explanation, with two hundred times the work, goes on.
            Stopped::Search
        };
        let mut h = Hint::plain(mistakes, clashes, why.sentence(), implied);
        h.earlier = earlier;
        h.stopped = Some(why);
        return h;
    };
    // The nudge shows where to look, never the answer: no decided cell.
    let mut look = step.uses.clone();
    look.cells.retain(|c| !step.decided.iter().any(|d| d.0 == *c));
    Hint {
        mistakes,
        clashes,
        solved: false,
        reveals: step.reveals.clone(),
        look,
        step: Some(step),
        fix: None,
        proof: None,
        earlier,
        implied,
        stopped: None,
    }
}

/// Where a walk from a player's board starts: their mistakes fixed, in the order
/// a hint names them (each hint from the board with the ones before it removed),
/// and the board that leaves.
#[derive(Debug, Clone)]
pub struct Start {
    /// The hints that fix the mistakes.
    pub fixes: Vec<Hint>,
    /// The board the steps start from, as its decided cells (row-major): the
    /// player's correct marks and the blank cells their crowns rule out.
    pub board: Vec<(Cell, CellState)>,
}

/// The whole walk from a player's board, as the web page's Walk through takes it
/// one press at a time.
#[derive(Debug, Clone)]
pub struct Walk {
    /// The mistakes' fixes and the board after them.
    pub start: Start,
    /// The steps from that board: the `k`-th is the step [`hint_after`] gives
    /// after `k` steps once the mistakes are gone.
    pub steps: Vec<Step>,
    /// True when the steps decide every cell.
    pub complete: bool,
}

/// The walk from `marks` to the solution (see [`Walk`]): each mistake's fix, then
/// the engine's next step (within a hint's search, checked against `solution`)
/// until every cell is decided or no step is found.
pub fn walk(engine: &Engine, regions: &Regions, solution: &Placement, marks: &Marks) -> Walk {
    let g = engine.geometry();
    let mut marks = marks.clone();
    let mut fixes = Vec::new();
    loop {
        let found = mistakes(solution, &marks);
        let clashes = clashes(regions, g.stars(), &marks.queens());
        let Some((first, clash)) = first_to_fix(&found, &clashes) else { break };
        fixes.push(fix(engine, regions, solution, &marks, (found, clashes), (first, clash)));
        marks.set(first.cell, Mark::Blank);
    }
    let mut board = engine.board_from_marks(&marks);
    engine.take_reach(&mut board);
    let start =
        (0..g.n() * g.n()).filter(|&i| board.get(i) != CellState::Unknown).map(|i| (g.cell(i), board.get(i))).collect();
    let mut steps = Vec::new();
    while !board.is_complete() {
        let Some(step) = engine.next_step(&board).filter(|s| agrees(s, solution, &board, engine)) else { break };
        for &(cell, state) in &step.decided {
            board.set(g.at(cell), state);
        }
        steps.push(step);
    }
    Walk { start: Start { fixes, board: start }, steps, complete: board.is_complete() }
}

/// The hint that fixes the mark `m`, a mistake of `marks`, as [`hint`] fixes the
/// first one (for "why?" asked about that mark).
pub(crate) fn fix_of(engine: &Engine, regions: &Regions, solution: &Placement, marks: &Marks, m: Mistake) -> Hint {
    let g = engine.geometry();
    let mistakes = mistakes(solution, marks);
    let clashes = clashes(regions, g.stars(), &marks.queens());
    let clash = clashes.iter().find(|c| m.mark == Mark::Queen && (c.a == m.cell || c.b == m.cell)).copied();
    fix(engine, regions, solution, marks, (mistakes, clashes), (m, clash))
}

/// The hint for a board with a mistake: fix `m` first (of `clash`, when it is a
/// queen of one). The nudge says that something is wrong and where to look (the
/// clashing queens' shared unit, or the mistake's region, or its row when the
/// region is larger than a row); the reason says what breaks, naming no cell; only
/// the answer names the mark to remove, and shows why from the player's correct
/// marks when the engine finds a short proof (else it says it found none).
fn fix(
    engine: &Engine,
    regions: &Regions,
    solution: &Placement,
    marks: &Marks,
    (mistakes, clashes): (Vec<Mistake>, Vec<Clash>),
    (m, clash): (Mistake, Option<Clash>),
) -> Hint {
    let g = engine.geometry();
    let names = engine.names();
    let piece = mark_word(g.stars(), Mark::Queen);
    // A clash's wrong queen is shown wrong without the queen it clashes with (with
    // that one on the board, the clash itself is all a proof would say).
    let mut known = marks.clone();
    if let Some(c) = clash {
        known.set(if c.a == m.cell { c.b } else { c.a }, Mark::Blank);
    }
    let start = correct_board(engine, solution, &known);
    let proof = prove(engine, &start, m);
    let emptied = proof.as_ref().map(|p| p.emptied(g, &start, marks, m)).unwrap_or_default();
    let queen = if g.stars() > 1 { "star" } else { "queen" };
    let x = mark_word(g.stars(), Mark::Cross);
    let an_x = format!("{} {x}", if x == "X" { "an" } else { "a" });
    let mut look = Uses::default();
    let (nudge, reason) = if let Some(c) = clash {
        let (unit, rule) = match c.how {
            "share a row" => (vec![Unit::Row(c.a.row)], "may hold only one".to_string()),
            "share a column" => (vec![Unit::Col(c.a.col)], "may hold only one".to_string()),
            "share a region" => (vec![Unit::Region(regions.label(c.a))], "may hold only one".to_string()),
            _ if c.a.row == c.b.row => (vec![Unit::Row(c.a.row)], String::new()),
            _ if c.a.col == c.b.col => (vec![Unit::Col(c.a.col)], String::new()),
            _ => (vec![Unit::Row(c.a.row), Unit::Row(c.b.row)], String::new()),
        };
        unit.iter().for_each(|&u| add_unit(u, &mut look));
        let place = units(names, &unit);
        let reason = if rule.is_empty() {
            format!("two {piece}s in {place} touch, and no two {piece}s may touch, not even diagonally")
        } else {
            format!("{place} has two {piece}s, and it {rule}")
        };
        (format!("two {piece}s break a rule: look at {place}"), reason)
    } else {
        let label = regions.label(m.cell);
        let unit = if g.units[g.index(Unit::Region(label))].len() <= g.n() {
            Unit::Region(label)
        } else {
            Unit::Row(m.cell.row)
        };
        add_unit(unit, &mut look);
        let place = names.unit(unit);
        let reason = match (m.mark, &proof) {
            (Mark::Queen, Some(Proof::Refuted { says, .. })) => {
                format!("a {piece} in {place} cannot be part of the solution: with it there, {says}")
            }
            (Mark::Queen, _) => {
                format!(
                    "a {piece} in {place} is not part of the solution: with it there, the puzzle cannot be finished"
                )
            }
            (_, Some(Proof::Forced { broken: Some(_), .. } | Proof::Refuted { .. })) => {
                let room = if g.stars() > 1 { "too little room for its stars" } else { "no cell left for its queen" };
                match proof.as_ref().map_or(0, Proof::said) {
                    0 => format!("{an_x} in {place} is wrong: with it there, a row, column or region has {room}"),
                    1 => format!("{an_x} in {place} is wrong: with it there, one step from your board leaves a row, column or region {room}"),
                    k => format!("{an_x} in {place} is wrong: with it there, {k} steps from your board leave a row, column or region {room}"),
                }
            }
            (_, Some(Proof::Forced { steps, .. })) => {
                let count = if steps.len() == 1 { "one step".to_string() } else { format!("{} steps", steps.len()) };
                format!("{an_x} in {place} covers a cell where a {piece} belongs: {count} from your board show a {piece} there")
            }
            _ if g.stars() > 1 => format!("{an_x} in {place} covers a cell where one of its stars belongs"),
            _ => format!("an X in {place} covers the cell where its queen belongs"),
        };
        (format!("something on the board is wrong: look at {place}"), reason)
    };
    let mut text = String::new();
    if let Some(c) = clash {
        text = format!("The {piece}s on {} and {} {}. ", c.a.name(), c.b.name(), c.how);
    }
    let cell = m.cell.name();
    text.push_str(&match (m.mark, &proof) {
        (Mark::Queen, Some(Proof::Refuted { steps, says, touching, .. })) => {
            // A clash's proof leaves the other queen out (above): say so, or a
            // unit the proof empties would read as empty with that queen in it.
            let without = match clash {
                Some(c) => format!(", and without the {piece} on {}", if c.a == m.cell { c.b } else { c.a }.name()),
                None => String::new(),
            };
            // The answer may name cells: a touch names both queens.
            let says = match touching {
                Some((a, b)) => format!("the {queen}s on {} and {} would touch", a.name(), b.name()),
                None => says.clone(),
            };
            let mark = format!("{piece} on {cell}");
            // Its own reach, the one step: "with it there, it rules out …".
            let own = format!("The {queen} on {cell} rules out ");
            refuted((&mark, Some(&own)), &without, steps, &says, &format!("the {piece} on {cell}"))
        }
        (Mark::Queen, _) => format!(
            "The {piece} on {cell} is not part of the solution (no short reason was found from your board): remove it."
        ),
        (_, Some(Proof::Forced { steps, broken: Some((_, says)) })) => {
            refuted((&format!("{x} on {cell}"), None), "", &steps[..steps.len() - 1], says, &format!("the {x}"))
        }
        (_, Some(Proof::Refuted { steps, says, .. })) => {
            refuted((&format!("{x} on {cell}"), None), "", steps, says, &format!("the {x}"))
        }
        (_, Some(Proof::Forced { steps, .. })) => {
            // The conclusion, unless the last step's own sentence already says it.
            let so = if steps.last().is_some_and(|s| s.reveals.text.contains(&cell)) {
                String::new()
            } else {
                format!(" So {cell} holds a {queen}.")
            };
            let close = format!("{so} Remove the {x}.");
            match steps.as_slice() {
                [one] => format!("The {x} on {cell} is wrong: {}{close}", lower_first(&one.reveals.text)),
                _ => format!(
                    "The {x} on {cell} is wrong: {} steps from your board put a {queen} there:\n{}\n{}",
                    steps.len(),
                    numbered(steps.iter().map(|s| s.reveals.text.as_str())),
                    close.trim_start()
                ),
            }
        }
        _ => format!(
            "The {x} on {cell} covers a cell of the solution (no short reason was found from your board): remove it."
        ),
    });
    Hint {
        mistakes,
        clashes,
        solved: false,
        reveals: Reveals { nudge: sentence(nudge) + ".", reason: sentence(reason) + ".", text: sentence(text) },
        look,
        step: None,
        fix: Some(m),
        proof,
        earlier: Vec::new(),
        implied: emptied,
        stopped: None,
    }
}

/// The answer for a wrong mark refuted (`mark`: "crown on row 2, column 3"):
/// with it there (and, `without`, another mark left out), the steps `said`, then
/// the rule `says` breaks; `fix` names what to remove. One step continues the
/// sentence, and when it begins `own` (the mark's own reach: "The queen on row
/// 2, column 3 rules out "), it says "it" for the mark named just before;
/// several go one a line, numbered, as a `why` lists its chain (the terminal
/// indents them, the picture's banner and the page list them).
fn refuted((mark, own): (&str, Option<&str>), without: &str, said: &[Step], says: &str, fix: &str) -> String {
    match said {
        [] => format!("The {mark} is wrong: with it there{without}, {says}. Remove {fix}."),
        [one] => {
            let text = &one.reveals.text;
            let step = match own.and_then(|own| text.strip_prefix(own)) {
                Some(rest) => format!("it rules out {rest}"),
                None => lower_first(text),
            };
            format!("The {mark} is wrong: with it there{without}, {step} Then {says}. Remove {fix}.")
        }
        _ => format!(
            "The {mark} is wrong. With it there{without}, {} steps follow from your board:\n{}\nThen {says}. Remove {fix}.",
            said.len(),
            numbered(said.iter().map(|s| s.reveals.text.as_str()))
        ),
    }
}

/// The release-build check: a step is shown only when every cell it decides agrees
/// with the solution and was unknown.
fn agrees(step: &Step, solution: &Placement, board: &Board, engine: &Engine) -> bool {
    step.decided.iter().all(|&(cell, s)| {
        board.get(engine.geometry().at(cell)) == CellState::Unknown
            && (s == CellState::Queen) == solution.contains(cell)
    })
}
