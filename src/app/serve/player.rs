//! The answers about the player's own board: `POST /api/hint` (the next step, or
//! the board alone) and `POST /api/why` (one cell), each as far as the reveal
//! asked for and with its picture drawn for that reveal only.
//!
//! They refuse a board whose marks were not all read, and a cell off the board,
//! through the same functions as `queens hint` and `queens why`
//! ([`crate::app::cells`]), so the page and the terminal answer one picture alike.

use axum::http::StatusCode;
use serde_json::Value;

use super::reply::INPUT_NAME;
use crate::output::hint::{self, canvas, Look};
use crate::output::overlay;
use crate::output::report;
use crate::pipeline::{self, Config, Outcome, Picture};
use crate::puzzle::{self, marks::Marks, Cell};
use crate::solve::logic::hint::Hint;
use crate::solve::logic::Reveal;

/// How much of an answer about the player's board is asked for: nothing yet
/// (the board alone, right after an upload), or one of the three reveals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    /// The player's board as read, with no hint drawn and no sentence.
    Board,
    /// One reveal of the answer.
    Reveal(Reveal),
}

impl Stage {
    /// The query's `reveal` value: `board`, `nudge` (the default), `reason` or `answer`.
    pub(super) fn parse(text: Option<&str>) -> Option<Stage> {
        match text.map(str::trim) {
            None => Some(Stage::Reveal(Reveal::Nudge)),
            Some(t) if t.eq_ignore_ascii_case("board") => Some(Stage::Board),
            Some(t) => Reveal::ALL.into_iter().find(|x| x.name().eq_ignore_ascii_case(t)).map(Stage::Reveal),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Stage::Board => "board",
            Stage::Reveal(r) => r.name(),
        }
    }
}

/// Solves an upload for an answer from the player's board (one deadline for the
/// solve, its explanation and the answer); the answer itself refuses unsure marks. The puzzle is
/// graded (its whole path explained) only with `grade`: the board's first answer
/// shows the grade, and the live board's later questions need not wait for it.
fn solve_played(bytes: &[u8], config: &Config, grade: bool) -> (Config, Outcome, Option<Picture>) {
    let mut config = config.for_one_puzzle();
    config.explain = grade;
    let (outcome, picture) = pipeline::solve_bytes(bytes, false, &config);
    (config, outcome, picture)
}

/// The picture of an answer: the player's board (the screenshot, or a render of a
/// text puzzle's marks) cropped to the board, with `hint` drawn for `stage` and
/// its sentence below (nothing drawn at [`Stage::Board`]), as a data URL, and where
/// the board lies in it (`[x, y, width, height]` in its pixels) for the page's taps.
fn board_picture(
    picture: Option<Picture>,
    outcome: &Outcome,
    hint: Option<&Hint>,
    (stage, asked): (Stage, Option<Cell>),
    letters: bool,
    stars: usize,
) -> Option<(String, [u32; 4])> {
    let regions = outcome.regions.as_ref()?;
    let glyph = overlay::Glyph::for_board(stars, outcome.from_borders);
    // A text puzzle without marks is drawn on its render too: the page shows the picture.
    let blank = Marks::new(regions.n());
    let (mut image, grid) = canvas(picture, regions, Some(outcome.marks.as_ref().unwrap_or(&blank)), glyph)?;
    let (x0, y0, _, _) = overlay::crop_box(image.width(), image.height(), &grid);
    let (x, y, w, h) = grid.bbox(image.width(), image.height());
    let image = match (stage, hint) {
        (Stage::Reveal(reveal), Some(h)) => {
            hint::picture(image, &grid, regions, h, Look { reveal, letters, glyph, asked })
        }
        _ => {
            if letters {
                crate::output::letters::draw_mut(&mut image, &grid, regions);
            }
            overlay::crop(&image, &grid)
        }
    };
    Some((super::reply::png_data_url(image), [x - x0, y - y0, w, h]))
}

/// Adds the picture, the region map, the colours and how regions are named
/// (`names`: `colours` when the sentences name them by the picture's colours, so a
/// position sent back as text carries them in its `# colors:` line; `letters`
/// otherwise) to an answer's record.
fn with_board(
    mut value: Value,
    outcome: &Outcome,
    (stars, letters): (usize, bool),
    picture: Option<(String, [u32; 4])>,
) -> Value {
    if let Value::Object(map) = &mut value {
        map.insert("piece".into(), overlay::Glyph::for_board(stars, outcome.from_borders).name().into());
        map.insert("letters".into(), letters.into());
        let (overlay, board) = picture.map_or((Value::Null, Value::Null), |(url, b)| (Value::String(url), b.into()));
        map.insert("overlay".into(), overlay);
        map.insert("board_box".into(), board);
        map.insert(
            "regions".into(),
            serde_json::to_value(outcome.regions.as_ref().map(|r| r.rows())).unwrap_or(Value::Null),
        );
        map.insert("colors".into(), colors_json(outcome).unwrap_or(Value::Null));
        map.insert("names".into(), (if outcome.names_by_letter() { "letters" } else { "colours" }).into());
    }
    value
}

/// An answer's record trimmed to the one mark it is about: at a mistake's answer
/// the page fixes one mark at a time, so only that mark is listed (`mistakes`), and
/// only the clashes it is part of; the others would show marks, and through them
/// cells of the solution, that nobody has asked about yet.
fn only_the_fix(value: &mut Value, hint: Option<&Hint>) {
    let Value::Object(map) = value else { return };
    let fix = hint.and_then(|h| h.fix).map(|m| m.cell);
    let at = |v: &Value| fix.is_some_and(|c| v[0] == c.row && v[1] == c.col);
    if let Some(Value::Array(list)) = map.get_mut("mistakes") {
        list.retain(|m| at(m));
    }
    if let Some(Value::Array(list)) = map.get_mut("clashes") {
        list.retain(|c| c["cells"].as_array().is_some_and(|cells| cells.iter().any(at)));
    }
}

/// The cells decided by the steps taken before the one shown (`/api/hint?step=n`
/// with n ≥ 1), as `[{"cell":[r,c],"mark":"queen"|"empty"}]`: the page draws them
/// as done. The player saw each of them at its answer before asking for the next.
fn earlier_json(hint: Option<&Hint>) -> Value {
    hint.map_or(Value::Array(Vec::new()), |h| {
        Value::Array(
            h.earlier
                .iter()
                .map(|&(c, s)| {
                    let mark = if s == crate::solve::logic::CellState::Queen { "queen" } else { "empty" };
                    serde_json::json!({ "cell": [c.row, c.col], "mark": mark })
                })
                .collect(),
        )
    })
}

/// A hint for one upload (on a blocking thread): the `queens hint --json` record
/// after `step` steps, as far as `stage` (at [`Stage::Board`]: the board alone,
/// `hint` null and `has_hint` saying whether Hint has something to show), plus the
/// picture for that stage (`overlay`, `board_box`), `regions` and `colors`.
pub(super) fn hint_upload(
    bytes: &[u8],
    config: &Config,
    step: usize,
    (stage, draw): (Stage, bool),
) -> (StatusCode, Value) {
    let (config, mut outcome, picture) = solve_played(bytes, config, stage == Stage::Board);
    let stars = outcome.k;
    let mut hint = pipeline::hint_after(&mut outcome, &config, step);
    // What someone on the page can do about a search that stopped: the server's
    // time limit is its own, and the page has no explanation, but it has the answer.
    if let Some(h) = hint.as_mut().filter(|h| h.stopped.is_some()) {
        h.advise("Show solution gives the answer.");
    }
    let reveal = match stage {
        Stage::Board => Reveal::Nudge,
        Stage::Reveal(r) => r,
    };
    let record = crate::output::explain::HintJson::new(INPUT_NAME, &outcome, hint.as_ref(), reveal);
    let status = if record.ok { StatusCode::OK } else { StatusCode::UNPROCESSABLE_ENTITY };
    let mut value = serde_json::to_value(&record).expect("records always serialize");
    if let (Stage::Board, Value::Object(map)) = (stage, &mut value) {
        // Nothing of the hint yet: only whether there is one (not whether it is a mistake).
        let has = map.get("hint").is_some_and(|h| !h.is_null());
        map.insert("hint".into(), Value::Null);
        map.insert("fixing".into(), Value::Null);
        // Empty when the board has a mistake: that too is the hint's to say.
        map.insert("implied".into(), Value::Null);
        map.insert("has_hint".into(), Value::Bool(has));
        map.insert("reveal".into(), Value::String(stage.name().into()));
    }
    if stage == Stage::Reveal(Reveal::Answer) {
        only_the_fix(&mut value, hint.as_ref());
    }
    if let Value::Object(map) = &mut value {
        map.insert("earlier".into(), earlier_json(hint.as_ref()));
    }
    let letters = config.letters || outcome.names_by_letter();
    let drawn =
        if draw { board_picture(picture, &outcome, hint.as_ref(), (stage, None), letters, stars) } else { None };
    (status, with_board(value, &outcome, (stars, letters), drawn))
}

/// "Why?" about `cell` for one upload (on a blocking thread): the `queens why
/// --json` record as far as `reveal`, plus its picture (drawn through the hint
/// picture's code, [`Why::to_hint`](crate::solve::logic::why::Why::to_hint)),
/// `board_box`, `regions` and `colors`.
pub(super) fn why_upload(
    bytes: &[u8],
    config: &Config,
    cell: Cell,
    (reveal, draw): (Reveal, bool),
) -> (StatusCode, Value) {
    let (config, mut outcome, picture) = solve_played(bytes, config, false);
    let stars = outcome.k;
    let why = pipeline::why(&mut outcome, &config, cell);
    let record = crate::output::why::WhyJson::new(INPUT_NAME, &outcome, (cell, why.as_ref()), reveal);
    let status = if record.ok { StatusCode::OK } else { StatusCode::UNPROCESSABLE_ENTITY };
    let value = serde_json::to_value(&record).expect("records always serialize");
    let hint = why.as_ref().zip(outcome.regions.as_ref()).map(|(w, r)| w.to_hint(r, reveal));
    let letters = config.letters || outcome.names_by_letter();
    let drawn = match hint.as_ref().filter(|_| draw) {
        Some(h) => board_picture(picture, &outcome, Some(h), (Stage::Reveal(reveal), Some(cell)), letters, stars),
        None => None,
    };
    (status, with_board(value, &outcome, (stars, letters), drawn))
}

/// Each region letter's display color as `#rrggbb`: the screenshot's own, or the game's palette.
pub(super) fn colors_json(outcome: &Outcome) -> Option<Value> {
    let colors = crate::output::palette::display_colors(outcome);
    outcome.regions.as_ref().map(|regions| {
        Value::Object(
            (0..regions.region_count())
                .map(|label| {
                    let [r, g, b] = report::region_color(colors.as_deref(), label);
                    (puzzle::region_letter(label).to_string(), Value::String(format!("#{r:02x}{g:02x}{b:02x}")))
                })
                .collect(),
        )
    })
}
