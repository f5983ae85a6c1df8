//! What `queens explain` and `queens hint` print: numbered steps with the grade,
//! the hint sentence with a marked board, and their JSON records.

use std::fmt::Write as _;

use serde::Serialize;

use crate::output::overlay::Glyph;
use crate::output::report::{cell_pairs, difficulty_json, region_color, text_on, DifficultyJson, ErrorJson};
use crate::pipeline::{Explanation, Outcome};
use crate::puzzle::marks::Mark;
use crate::puzzle::{region_letter, Cell, Regions};
use crate::solve::logic::hint::Hint;
use crate::solve::logic::{CellState, Reveal, Step, Uses};

/// A step in JSON: `{"technique","level","text","decided":[{"cell","mark"}],"uses":{…}}`.
#[derive(Debug, Serialize)]
pub(crate) struct StepJson {
    /// Stable technique id (`last-cell`, …; `mistake` for a fix-this-first hint);
    /// null at the nudge, which says where to look and not yet how.
    pub technique: Option<&'static str>,
    /// The technique's level (0 for a mistake); null at the nudge, as the technique.
    pub level: Option<u8>,
    /// First reveal: where to look, naming no decided cell.
    pub nudge: String,
    /// Second reveal: the argument, naming no decided cell (null when a smaller
    /// reveal was asked for).
    pub reason: Option<String>,
    /// The whole step (null when a smaller reveal was asked for).
    pub text: Option<String>,
    /// Cells decided, 0-based.
    pub decided: Vec<DecidedJson>,
    /// What the argument used.
    pub uses: UsesJson,
}

/// One decided cell.
#[derive(Debug, Serialize)]
pub(crate) struct DecidedJson {
    /// `[row, col]`, 0-based.
    pub cell: [usize; 2],
    /// `"queen"` or `"empty"`.
    pub mark: &'static str,
}

/// The cells, rows, columns and regions an argument used (0-based; regions by letter).
#[derive(Debug, Serialize, Default)]
pub struct UsesJson {
    /// Cells.
    pub cells: Vec<[usize; 2]>,
    /// Rows.
    pub rows: Vec<usize>,
    /// Columns.
    pub cols: Vec<usize>,
    /// Region letters.
    pub regions: Vec<String>,
}

impl StepJson {
    /// The JSON form of `step`.
    pub fn new(step: &Step) -> Self {
        StepJson {
            technique: Some(step.technique.id()),
            level: Some(step.level()),
            nudge: step.reveals.nudge.clone(),
            reason: Some(step.reveals.reason.clone()),
            text: Some(step.reveals.text.clone()),
            decided: step
                .decided
                .iter()
                .map(|&(c, s)| DecidedJson {
                    cell: [c.row, c.col],
                    mark: if s == CellState::Queen { "queen" } else { "empty" },
                })
                .collect(),
            uses: UsesJson::new(&step.uses),
        }
    }

    /// This step as far as `reveal` goes: below the answer no decided cell and no
    /// text, below the reason no reason and no technique (its name says how, which
    /// is the reason's to say), and what it used only as the nudge points (`look`:
    /// its units and cells, none it decides).
    pub(crate) fn up_to(mut self, reveal: Reveal, look: &Uses) -> Self {
        if reveal < Reveal::Answer {
            self.text = None;
            self.decided.clear();
            self.uses = UsesJson::new(look);
        }
        if reveal < Reveal::Reason {
            self.reason = None;
            self.technique = None;
            self.level = None;
        }
        self
    }
}

impl UsesJson {
    /// The JSON form of `uses`.
    pub fn new(uses: &Uses) -> Self {
        UsesJson {
            cells: uses.cells.iter().map(|c| [c.row, c.col]).collect(),
            rows: uses.rows.clone(),
            cols: uses.cols.clone(),
            regions: uses.regions.iter().map(|&g| region_letter(g).to_string()).collect(),
        }
    }
}

/// One `queens explain --json` record.
#[derive(Debug, Serialize)]
pub(crate) struct ExplainJson<'a> {
    /// The input as named.
    pub input: &'a str,
    /// True when the puzzle was solved (unique, checked) and explained.
    pub ok: bool,
    /// Board side.
    pub n: Option<usize>,
    /// Stars per unit.
    pub stars: usize,
    /// Where the steps start: `marks` (the player's, their mistakes fixed first)
    /// or `empty`.
    pub from: &'static str,
    /// The player's marks as read (empty lists when the input carries none).
    pub marks: MarksJson,
    /// The player's mistakes, in the order they are fixed (from the marks only).
    pub mistakes: Vec<MistakeJson>,
    /// The steps from the board `from` names.
    pub steps: Vec<StepJson>,
    /// True when the steps alone reach the solution.
    pub solved_by_logic: bool,
    /// The hardest technique used.
    pub hardest: Option<&'static str>,
    /// The puzzle's grade and score (from the empty board; null from the marks).
    pub difficulty: Option<DifficultyJson>,
    /// The solution, `[row, col]` 0-based (from the MILP, the solver of record).
    pub queens: Option<Vec<[usize; 2]>>,
    /// Set when the steps were withheld.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The solved overlay written (screenshots), if any.
    pub output: Option<String>,
    /// Why it failed.
    pub error: Option<ErrorJson>,
}

/// One of the player's mistakes in `explain --json`, as the hint that fixes it
/// says it: `{"cell","mark","text","uses"}`.
#[derive(Debug, Serialize)]
pub struct MistakeJson {
    /// `[row, col]`, 0-based.
    pub cell: [usize; 2],
    /// What the player put there: `queen` (a crown or star) or `cross`.
    pub mark: &'static str,
    /// The fix, with why from the player's correct marks.
    pub text: String,
    /// Where the proof looks and where it breaks: the units it ends on, and both
    /// crowns of a clash.
    pub uses: UsesJson,
}

impl MistakeJson {
    /// The JSON form of the hint `h` that fixes a mistake (`None` for any other hint).
    pub fn new(h: &Hint) -> Option<Self> {
        let m = h.fix?;
        Some(MistakeJson {
            cell: [m.cell.row, m.cell.col],
            mark: if m.mark == Mark::Queen { "queen" } else { "cross" },
            text: h.reveals.text.clone(),
            uses: UsesJson::new(&{
                let mut uses = h.look.clone();
                if let Some(ends) = h.proof.as_ref().map(|p| p.ends_on()) {
                    uses.cells.extend(ends.cells);
                    uses.rows.extend(ends.rows);
                    uses.cols.extend(ends.cols);
                    uses.regions.extend(ends.regions);
                }
                uses
            }),
        })
    }
}

impl<'a> ExplainJson<'a> {
    /// The record of `outcome`.
    pub fn new(input: &'a str, outcome: &'a Outcome) -> Self {
        let stars = outcome.k;
        let ex = outcome.explained.as_ref();
        let players = ex.and_then(|e| e.players.as_ref());
        ExplainJson {
            input,
            ok: outcome.result.is_ok() && ex.is_some(),
            n: outcome.regions.as_ref().map(Regions::n),
            stars,
            from: if players.is_some() { "marks" } else { "empty" },
            marks: outcome
                .marks
                .as_ref()
                .map(|m| MarksJson { queens: cell_pairs(&m.queens()), crosses: cell_pairs(&m.crosses()) })
                .unwrap_or_default(),
            mistakes: players.map(|p| p.fixes.iter().filter_map(MistakeJson::new).collect()).unwrap_or_default(),
            steps: ex.map(|e| e.steps.iter().map(StepJson::new).collect()).unwrap_or_default(),
            solved_by_logic: ex.is_some_and(|e| e.solved_by_logic),
            hardest: ex.and_then(|e| e.difficulty.hardest).map(|t| t.id()),
            difficulty: difficulty_json(outcome).filter(|_| players.is_none()),
            queens: outcome.result.as_ref().ok().map(|p| p.cells().iter().map(|c| [c.row, c.col]).collect()),
            note: ex.and_then(|e| e.unavailable.clone()),
            output: None,
            error: outcome.result.as_ref().err().map(ErrorJson::from_error),
        }
    }
}

/// The explanation for people: one numbered line per step, then the grade; with
/// `boards` (the regions given), the board after each step below its line, the
/// step's cells marked (`+` a queen it places, `-` a cell it empties; `star` (`Q`,
/// or `*` on a Star Battle board) and `·` for the queens and empty cells before it,
/// region letters for the cells still open). The solved board comes after it all.
pub(crate) fn explain_text(e: &Explanation, boards: Option<&Regions>, star: char) -> String {
    let mut out = String::new();
    if let Some(why) = &e.unavailable {
        let _ = writeln!(out, "  ({why}; the solution below is the solver's)");
        return out;
    }
    let width = e.steps.len().to_string().len();
    let mut known: Vec<Option<CellState>> = boards.map(|r| vec![None; r.n() * r.n()]).unwrap_or_default();
    if let Some(p) = &e.players {
        // From the player's board: their mistakes first, then the steps from it.
        for h in &p.fixes {
            let _ = writeln!(out, "  {:>width$}  [mistake] {}", "", h.reveals.text);
        }
        if let Some(regions) = boards {
            for &(cell, state) in &p.board {
                known[cell.row * regions.n() + cell.col] = Some(state);
            }
            let _ = writeln!(out, "  {:>width$}  your board, mistakes removed:", "");
            out.push_str(&step_board(regions, &mut known, &[], width + 4, star));
        }
    }
    for (k, s) in e.steps.iter().enumerate() {
        let _ = writeln!(out, "  {:>width$}. [{}] {}", k + 1, s.technique.name(), s.reveals.text);
        if let Some(regions) = boards {
            out.push_str(&step_board(regions, &mut known, &s.decided, width + 4, star));
        }
    }
    if e.solved_by_logic && e.players.is_some() {
        let hardest = e.difficulty.hardest.map_or("none".to_string(), |t| t.name().to_string());
        let _ = writeln!(out, "  solved by logic from your board in {} steps; hardest: {hardest}", e.steps.len());
    } else if e.solved_by_logic {
        let hardest =
            e.difficulty.hardest.map_or("none".to_string(), |t| format!("{} (level {})", t.name(), t.level()));
        let _ = writeln!(
            out,
            "  solved by logic in {} steps; hardest: {hardest}; grade: {} (score {})",
            e.steps.len(),
            e.difficulty.grade.name(),
            e.difficulty.score
        );
    } else {
        let _ = writeln!(
            out,
            "  the steps stop here: no explained step was found for the rest (the solution below is the solver's)"
        );
    }
    out
}

/// The board after a step that decides `decided`, indented by `indent`: what
/// `known` held before it, and those cells marked; `known` then takes them.
fn step_board(
    regions: &Regions,
    known: &mut [Option<CellState>],
    decided: &[(Cell, CellState)],
    indent: usize,
    star: char,
) -> String {
    let n = regions.n();
    let mut out = String::new();
    for r in 0..n {
        out.push_str(&" ".repeat(indent));
        for c in 0..n {
            let cell = Cell::new(r, c);
            let now = decided.iter().find(|d| d.0 == cell).map(|d| d.1);
            let symbol = match (now, known[r * n + c]) {
                (Some(CellState::Queen), _) => '+',
                (Some(_), _) => '-',
                (None, Some(CellState::Queen)) => star,
                (None, Some(_)) => '·',
                (None, None) => region_letter(regions.label(cell)),
            };
            out.push(symbol);
            out.push(' ');
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    for &(cell, state) in decided {
        known[cell.row * n + cell.col] = Some(state);
    }
    out
}

/// Marks and mistakes in JSON: `{"queens":[[r,c]…],"crosses":[[r,c]…]}`.
#[derive(Debug, Serialize, Default)]
pub struct MarksJson {
    /// The player's queens.
    pub queens: Vec<[usize; 2]>,
    /// The player's X marks.
    pub crosses: Vec<[usize; 2]>,
}

/// A clash between two of the player's queens.
#[derive(Debug, Serialize)]
pub(crate) struct ClashJson {
    /// The two queens.
    pub cells: [[usize; 2]; 2],
    /// touch, share a row, share a column, share a region.
    pub how: &'static str,
}

/// One `queens hint --json` record, as far as the reveal asked for goes: below the
/// answer it names no mistaken or decided cell and no later reveal's text.
#[derive(Debug, Serialize)]
pub(crate) struct HintJson<'a> {
    /// The input as named.
    pub input: &'a str,
    /// How much of the hint the record carries: `nudge`, `reason` or `answer`.
    pub reveal: &'static str,
    /// True when the puzzle was solved (unique, checked) and a hint was made.
    pub ok: bool,
    /// Board side.
    pub n: Option<usize>,
    /// Stars per unit.
    pub stars: usize,
    /// The player's marks as read.
    pub marks: MarksJson,
    /// How many marks contradict the solution, counted as the player placed them
    /// (the X's the game's auto-X put around a wrong crown go with it): at the
    /// answer only (null before it), since how many are wrong is more than where to look.
    pub mistake_count: Option<usize>,
    /// Marks that contradict the solution (at the answer; empty before it).
    pub mistakes: Vec<[usize; 2]>,
    /// Pairs of the player's queens that break a rule (at the answer).
    pub clashes: Vec<ClashJson>,
    /// Blank cells the player's crowns already rule out (as the game's auto-X
    /// would), taken as known by the hint; for a mark to fix, at the answer only,
    /// the cells its proof rules out in the unit left without room.
    pub implied: Vec<[usize; 2]>,
    /// True when the board is finished and right.
    pub solved: bool,
    /// True when the hint is a mark to fix rather than a step (its nudge already
    /// says that something is wrong, so this tells no more than the nudge).
    pub fixing: bool,
    /// What to do next: the step, a mistake to fix (technique `mistake` from the
    /// reason on), or null.
    pub hint: Option<StepJson>,
    /// When `hint` is null on a board not finished: why the search found no step
    /// (its time limit, or its bounded work), and what to do; else null.
    pub stopped: Option<String>,
    /// The puzzle's difficulty.
    pub difficulty: Option<DifficultyJson>,
    /// The hint picture written, if any.
    pub output: Option<String>,
    /// Why it failed.
    pub error: Option<ErrorJson>,
}

impl<'a> HintJson<'a> {
    /// The record of `outcome` and its `hint`, as far as `reveal`.
    pub fn new(input: &'a str, outcome: &'a Outcome, hint: Option<&Hint>, reveal: Reveal) -> Self {
        let stars = outcome.k;
        let answer = reveal == Reveal::Answer;
        let marks = outcome
            .marks
            .as_ref()
            .map(|m| MarksJson { queens: cell_pairs(&m.queens()), crosses: cell_pairs(&m.crosses()) })
            .unwrap_or_default();
        let step = hint.and_then(|h| match (&h.step, h.fix) {
            (Some(s), _) => Some(StepJson::new(s).up_to(reveal, &h.look)),
            // The engine's hint says the mistake in three reveals; the cell is the answer.
            (None, Some(m)) => {
                // Where the proof breaks (the unit, two stars that would touch) and the mark itself.
                let mut uses = h.shown(Reveal::Answer);
                if !uses.cells.contains(&m.cell) {
                    uses.cells.push(m.cell);
                    uses.cells.sort();
                }
                Some(
                    StepJson {
                        technique: Some("mistake"),
                        level: Some(0),
                        nudge: h.reveals.nudge.clone(),
                        reason: Some(h.reveals.reason.clone()),
                        text: Some(h.reveals.text.clone()),
                        decided: Vec::new(),
                        uses: UsesJson::new(&uses),
                    }
                    .up_to(reveal, &h.shown(reveal)),
                )
            }
            _ => None,
        });
        HintJson {
            input,
            reveal: reveal.name(),
            ok: outcome.result.is_ok() && hint.is_some(),
            n: outcome.regions.as_ref().map(Regions::n),
            stars,
            marks,
            // Counted as the player would: the X's the game's auto-X put around a wrong
            // crown go with it, as the terminal's header counts them.
            mistake_count: hint.filter(|_| answer).map(|h| match (&outcome.regions, &outcome.marks) {
                (Some(regions), Some(m)) => crate::solve::logic::hint::placed(regions, stars, m, &h.mistakes),
                _ => h.mistakes.len(),
            }),
            mistakes: hint
                .filter(|_| answer)
                .map(|h| h.mistakes.iter().map(|m| [m.cell.row, m.cell.col]).collect())
                .unwrap_or_default(),
            clashes: hint
                .filter(|_| answer)
                .map(|h| {
                    h.clashes
                        .iter()
                        .map(|c| ClashJson { cells: [[c.a.row, c.a.col], [c.b.row, c.b.col]], how: c.how })
                        .collect()
                })
                .unwrap_or_default(),
            // A mistake's are where its proof breaks: the answer's to show.
            implied: hint.filter(|h| h.fix.is_none() || answer).map(|h| cell_pairs(&h.implied)).unwrap_or_default(),
            solved: hint.is_some_and(|h| h.solved),
            fixing: hint.is_some_and(|h| h.fix.is_some()),
            hint: step,
            stopped: hint.filter(|h| h.stopped.is_some()).map(|h| h.reveals.text.clone()),
            difficulty: difficulty_json(outcome),
            output: None,
            error: outcome.result.as_ref().err().map(ErrorJson::from_error),
        }
    }
}

/// The terminal's symbol for a star: `Q` (a queen) on a Queens board, `*` on a Star
/// Battle board (K ≥ 2, or read from its borders alone), as the bordered board prints.
pub(crate) fn star_symbol(stars: usize, from_borders: bool) -> char {
    match Glyph::for_board(stars, from_borders) {
        Glyph::Star => '*',
        Glyph::Crown => 'Q',
    }
}

/// The hint for people: the sentence, then the board with the player's marks
/// (`Q` queen, or `*` a star on a Star Battle board, `x` X mark; at the answer, `·`
/// a blank cell their crowns already rule out), the decided cells (`+` place a queen, `-` clear),
/// mistakes (`!`) and the cells the argument uses (in brackets, or tinted in colour).
/// A legend under the board says what `+`, `-`, `!` and `·` mean when they appear.
///
/// `reveal` picks the sentence; below [`Reveal::Answer`] the board shows where to
/// look (the units of the nudge) and no decided cell or mistake. `asked`, the
/// cell a `why` is about, is in square brackets at every reveal, as the picture
/// frames it.
pub fn hint_text(
    regions: &Regions,
    outcome: &Outcome,
    (hint, asked): (&Hint, Option<Cell>),
    color: bool,
    reveal: Reveal,
    stars: usize,
) -> String {
    let star = star_symbol(stars, outcome.from_borders);
    let mut shown = [false; 4];
    // A chain's steps go one a line (`why`), each indented as the board is.
    let mut out = format!("  {}\n", hint.reveals.reveal(reveal).replace('\n', "\n  "));
    let colors = crate::output::palette::display_colors(outcome);
    let colors = colors.as_deref();
    let marks = outcome.marks.as_ref();
    let answer = reveal == Reveal::Answer;
    let step = hint.step.as_ref().filter(|_| answer);
    let look = &hint.look;
    let outlined = hint.shown(reveal);
    let pointed = !(look.rows.is_empty() && look.cols.is_empty() && look.regions.is_empty() && look.cells.is_empty());
    for r in 0..regions.n() {
        out.push_str("  ");
        for c in 0..regions.n() {
            let cell = Cell::new(r, c);
            let letter = region_letter(regions.label(cell));
            let decided = step.and_then(|s| s.decided.iter().find(|d| d.0 == cell)).map(|d| d.1);
            let used = outlined.covers(cell, regions);
            // Cells the steps before a chain's last decided, in its units (`why`).
            let before = hint.earlier.iter().find(|d| d.0 == cell).map(|d| d.1).filter(|_| answer);
            // Only the mark the answer is about: another wrong X could show where a queen goes.
            let mistake = answer && hint.fix.is_some_and(|m| m.cell == cell);
            // What the crowns rule out is the answer's to show: before it the board is
            // the player's own, so a unit shows as many open cells as their screen.
            let implied = answer && hint.implied.contains(&cell);
            let symbol = match (decided.or(before), mistake, marks.map(|m| m.get(cell))) {
                (Some(CellState::Queen), _, _) => '+',
                (Some(_), _, _) => '-',
                (None, true, _) => '!',
                (None, false, Some(Mark::Queen)) => star,
                (None, false, Some(Mark::Cross)) => 'x',
                _ if implied => '·',
                _ => letter,
            };
            if let Some(i) = ['+', '-', '!', '\u{b7}'].iter().position(|&x| x == symbol) {
                shown[i] = true;
            }
            if color {
                let [red, g, b] = region_color(colors, regions.label(cell));
                // Cells outside the argument lose their colour (a grey of the same
                // lightness, on a light or a dark terminal alike), so the argument's
                // units are the only coloured cells.
                let (red, g, b) = if pointed && !used {
                    let grey = ((299 * u32::from(red) + 587 * u32::from(g) + 114 * u32::from(b)) / 1000) as u8;
                    (grey, grey, grey)
                } else {
                    (red, g, b)
                };
                let style = if decided.is_some() || mistake { ";1;4" } else { "" };
                // The mark to fix, and what its proof rules out, in red.
                let fg =
                    if mistake || (symbol == '\u{b7}' && hint.fix.is_some()) { "31" } else { text_on([red, g, b]) };
                let (open, close) = if asked == Some(cell) { ('[', ']') } else { (' ', ' ') };
                let _ = write!(out, "\x1b[48;2;{red};{g};{b};{fg}{style}m{open}{symbol}{close}\x1b[0m");
            } else if asked == Some(cell) {
                let _ = write!(out, "[{symbol}]");
            } else if used {
                let _ = write!(out, "({symbol})");
            } else {
                let _ = write!(out, " {symbol} ");
            }
        }
        out.push('\n');
    }
    let piece = if stars == 1 { "queen" } else { "star" };
    let words = [
        format!("+ a {piece} to place"),
        format!("- no {piece} here"),
        "! the mark to fix".to_string(),
        // A mistake's dots are not the board's: they are what its proof rules
        // out. Otherwise they are what the player's own pieces rule out.
        match hint.fix {
            Some(_) => format!("\u{b7} {}", crate::output::hint::PROOF_DOTS),
            None => format!("\u{b7} ruled out by your {}", if stars == 1 { "crowns" } else { "stars" }),
        },
    ];
    let mut legend: Vec<String> = words.into_iter().zip(shown).filter(|(_, s)| *s).map(|(w, _)| w).collect();
    if asked.is_some() {
        legend.push("[ ] the cell asked about".to_string());
    }
    if !legend.is_empty() {
        let _ = writeln!(out, "  ({})", legend.join(", "));
    }
    out
}
