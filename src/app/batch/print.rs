//! What a finished input prints: one JSON line, or the board as text (the solved
//! board, the explanation, or the hint), with the failure line for the summary.
//!
//! Only text is made here; the caller prints it in input order.

use super::job::Job;
use super::options::{BatchOptions, Mode};
use crate::error::Error;
use crate::output::report::{self, ErrorJson, Record};
use crate::output::{explain, names};
use crate::pipeline::Outcome;
use crate::solve::logic::Reveal;

/// What a finished input prints.
pub(super) struct Done {
    /// The JSON line or the board text, for standard output.
    pub(super) stdout: String,
    /// `path: reason` when the input failed, for the summary on standard error.
    pub(super) failure: Option<String>,
}

/// The text of a finished job: a JSON line with `--json`, else the board (or the
/// hint) as text, and its failure line if it failed.
pub(super) fn render(
    job: &Job,
    opts: &BatchOptions,
    outcome: &Outcome,
    (hint, why): (Option<&crate::solve::logic::hint::Hint>, Option<&crate::solve::logic::why::Why>),
    written: Option<&std::path::Path>,
    output_error: Option<Error>,
) -> Done {
    let output = written.map(names::exact);
    // The K the result is about (auto found it); the configured one when auto found none.
    let stars = outcome.k;
    let glyph = crate::output::overlay::Glyph::for_board(stars, outcome.from_borders);
    let error = output_error.as_ref().or(outcome.result.as_ref().err());
    // Escaped whole, whatever made the message: no input's text acts on a terminal.
    let failure = error.map(|e| format!("{}: {}", job.shown, names::escaped(&e.to_string())));
    // A board read from its borders shows no region colours: it gets a map colouring.
    let colors = crate::output::palette::display_colors(outcome);
    let mut text = String::new();
    if opts.json {
        let failed = output_error.as_ref().map(ErrorJson::from_error);
        let line = match opts.mode {
            Mode::Solve => {
                let mut r = Record::new(&job.display, outcome);
                r.output = output;
                if let (true, Some(regions), Ok(placement)) = (opts.share, &outcome.regions, &outcome.result) {
                    r.share = Some(report::share_text(regions, placement, colors.as_deref(), glyph));
                }
                if failed.is_some() {
                    (r.ok, r.error) = (false, failed);
                }
                r.to_json()
            }
            Mode::Explain => {
                let mut r = explain::ExplainJson::new(&job.display, outcome);
                r.output = output;
                if failed.is_some() {
                    (r.ok, r.error) = (false, failed);
                }
                serde_json::to_string(&r).expect("records always serialize")
            }
            Mode::Hint => {
                let mut r = explain::HintJson::new(&job.display, outcome, hint, opts.reveal);
                r.output = output;
                if failed.is_some() {
                    (r.ok, r.error) = (false, failed);
                }
                serde_json::to_string(&r).expect("records always serialize")
            }
            Mode::Why(cell) => {
                let mut r = crate::output::why::WhyJson::new(&job.display, outcome, (cell, why), opts.reveal);
                r.output = output;
                if failed.is_some() {
                    (r.ok, r.error) = (false, failed);
                }
                serde_json::to_string(&r).expect("records always serialize")
            }
        };
        text.push_str(&with_raw_names(line, job.raw.as_deref(), written.and_then(names::bytes_if_not_utf8)));
        text.push('\n');
        return Done { stdout: text, failure };
    }
    let shown = report::shown_placement(outcome);
    if let (true, Some(regions), Some(h)) = (opts.mode.on_players_board(), &outcome.regions, hint) {
        let n = regions.n();
        let what = match (&h.step, opts.mode) {
            (_, Mode::Why(cell)) => format!("why {}", cell.name()),
            (Some(s), _) if opts.reveal == Reveal::Answer => format!("hint ({})", s.technique.name()),
            (Some(_), _) => "hint".into(),
            (None, _) if h.solved => "solved".into(),
            // The count only with the answer (it is part of it), and as the player
            // counts: the X's the game's auto-X put around a wrong crown go with it.
            (None, _) if !h.mistakes.is_empty() && opts.reveal == Reveal::Answer => {
                let marks = outcome.marks.clone().unwrap_or_else(|| crate::puzzle::marks::Marks::new(n));
                let count = crate::solve::logic::hint::placed(regions, stars, &marks, &h.mistakes);
                format!("{count} mistake{}", if count == 1 { "" } else { "s" })
            }
            (None, _) if !h.mistakes.is_empty() => "hint".into(),
            (None, _) => "no hint".into(),
        };
        text.push_str(&format!("{}: {n}x{n}: {what}", job.shown));
        if let Some(out) = written {
            text.push_str(&format!(" -> {}", names::path(out)));
        }
        text.push('\n');
        let asked = match opts.mode {
            Mode::Why(cell) => Some(cell),
            _ => None,
        };
        text.push_str(&explain::hint_text(regions, outcome, (h, asked), opts.color, opts.reveal, stars));
        // Something more to show (a step, a mistake's fix, a chain): how to see it.
        let more = h.step.is_some() || h.fix.is_some();
        let next = match opts.reveal {
            Reveal::Nudge => Some(("reason", "why")),
            Reveal::Reason => Some(("answer", "the whole answer")),
            Reveal::Answer => None,
        };
        if let (true, Some((reveal, what))) = (more, next) {
            text.push_str(&format!("  Next: --reveal {reveal} shows {what}.\n"));
        }
        return Done { stdout: text, failure };
    }
    if let (Some(regions), Some(placement)) = (&outcome.regions, shown) {
        let verdict = match &outcome.result {
            Ok(_) => "unique solution",
            _ => "several solutions, showing one",
        };
        let n = regions.n();
        let unit = if stars == 1 { "queen".to_string() } else { format!("{stars} stars") };
        text.push_str(&format!("{}: {n}x{n}, {unit} per row, column and region: {verdict}", job.shown));
        // `explain` shows its mistakes as steps of their own.
        if opts.mode == Mode::Solve {
            text.push_str(&wrong_marks_said(outcome));
        }
        if let Some(out) = written {
            text.push_str(&format!(" -> {}", names::path(out)));
        }
        text.push('\n');
        // `explain`: the steps first, the solved board last (it is their answer).
        if let (Mode::Explain, Some(e)) = (opts.mode, &outcome.explained) {
            let star = explain::star_symbol(stars, outcome.from_borders);
            text.push_str(&explain::explain_text(e, opts.boards.then_some(regions), star));
        }
        if outcome.from_borders {
            text.push_str(&report::bordered_text(regions, Some(placement), colors.as_deref(), opts.color));
        } else {
            let glyph = crate::output::overlay::Glyph::for_board(stars, false);
            text.push_str(&report::board_text(regions, Some(placement), colors.as_deref(), opts.color, glyph));
        }
        if let Some(lp) = &outcome.lp {
            text.push_str(&format!(
                "  LP relaxation: {}\n",
                if lp.integral { "integral".to_string() } else { format!("{} fractional cells", lp.fractional_cells) }
            ));
        }
        if opts.share && outcome.result.is_ok() {
            text.push_str(&report::share_text(regions, placement, colors.as_deref(), glyph));
        }
    }
    Done { stdout: text, failure }
}

/// `line`, one JSON object, with the bytes of the names in it that are not UTF-8
/// (`input_bytes`, `output_bytes`), the lossless form of what `input` and `output`
/// show with U+FFFD. Added at the end, so every other field keeps its place.
fn with_raw_names(mut line: String, input: Option<&[u8]>, output: Option<Vec<u8>>) -> String {
    for (key, bytes) in [("input_bytes", input), ("output_bytes", output.as_deref())] {
        if let (Some(bytes), true) = (bytes, line.ends_with('}')) {
            line.pop();
            line.push_str(&format!(",\"{key}\":{}}}", serde_json::to_string(bytes).expect("bytes serialize")));
        }
    }
    line
}

/// What `solve` says of a played board's wrong marks, after its verdict: "; your
/// board has 1 mistake: the crown on row 9, column 6" (its picture rings them), or
/// nothing. The marks are named as hints name them ([`mark_word`]).
///
/// [`mark_word`]: crate::solve::logic::hint::mark_word
fn wrong_marks_said(outcome: &Outcome) -> String {
    let wrong = outcome.wrong_marks();
    let Some(marks) = outcome.marks.as_ref().filter(|_| !wrong.is_empty()) else { return String::new() };
    let word = |c: crate::Cell| crate::solve::logic::hint::mark_word(outcome.k, marks.get(c));
    let said: Vec<String> = wrong.iter().map(|&c| format!("the {} on {}", word(c), c.name())).collect();
    let count = if said.len() == 1 { "1 mistake".to_string() } else { format!("{} mistakes", said.len()) };
    // Semicolons between them: each cell's name has a comma of its own.
    format!("; your board has {count}: {}", said.join("; "))
}
