//! One input, start to finish: bytes → board → checked solution, with stage times.
//!
//! The stages meet here and only here, each a typed function of the previous
//! stage's output: [`read()`] (any input becomes a region map, its stated K and the
//! player's marks) → [`solve_puzzle`] (the partition check, the exact solve with
//! its uniqueness proof, every answer rule-checked) → the explanation (`explain`)
//! → the player's questions (`player`: hint, why). The outcome keeps whatever
//! was learned before a failure (the region map, the grid) so reports can show it.

use std::time::Instant;

use crate::error::Error;
use crate::puzzle::deadline::ms_since;
use crate::puzzle::partition;
use crate::puzzle::Regions;
use crate::solve::stars;
use crate::solve::{self, SolveOptions};
use crate::vision::read::covered_instead;

mod config;
mod explain;
mod outcome;
mod player;
mod read;

pub use crate::vision::read::Picture;
pub use config::{Config, Timings};
use explain::Beside;
pub use outcome::{Explanation, Outcome};
pub use player::{cells_for_people, engine, hint, hint_after, why};
pub use read::{parse_text, read, read_picture, read_picture_within, read_regions, Kind, Map, Reading};

/// Parses, checks and solves a text puzzle, or a puzz.link or penpa-edit link (with its own K).
pub fn solve_text(input: &str, config: &Config) -> Outcome {
    let start = Instant::now();
    let config = &config.for_one_puzzle();
    let mut ms = Timings::default();
    let reading = read::read_text(input, &mut ms);
    solve_reading(reading, config, ms, start).0
}

/// Decodes, reads and solves a screenshot. The picture comes back for overlays.
pub fn solve_image(bytes: &[u8], config: &Config) -> (Outcome, Option<Picture>) {
    let start = Instant::now();
    let config = &config.for_one_puzzle();
    let mut ms = Timings::default();
    let reading = read::read_image(bytes, config, &mut ms);
    solve_reading(reading, config, ms, start)
}

/// Solves any input: a picture when the bytes are one, else a text puzzle or a
/// link ([`read()`]). `named_as_image` (from the file name) turns text in an image
/// file into a decode error.
pub fn solve_bytes(bytes: &[u8], named_as_image: bool, config: &Config) -> (Outcome, Option<Picture>) {
    let start = Instant::now();
    let config = &config.for_one_puzzle();
    let mut ms = Timings::default();
    let reading = read::read(bytes, named_as_image, config, &mut ms);
    solve_reading(reading, config, ms, start)
}

/// The solve of what was read, explained when the config asks: the outcome every
/// front end reports from, and the picture for overlays.
fn solve_reading(reading: Reading, config: &Config, mut ms: Timings, start: Instant) -> (Outcome, Option<Picture>) {
    let Reading { map, marks, unsure, picture, area } = reading;
    let mut outcome = match map {
        Ok(map) => {
            let naming = outcome::naming_colors(map.colors.as_deref(), map.from_borders);
            let beside_config = explain::beside_of(config, marks.as_ref());
            let (mut o, beside) = solve_puzzle(map.regions, map.stated, naming, &beside_config, &mut ms);
            if picture.as_ref().is_some_and(|p| covered_instead(&p.image, &mut o.result)) {
                // The map was read off the panel: it is not the board's.
                o.regions = None;
            }
            o.marks = marks.clone();
            o.colors = map.colors;
            o.from_borders = map.from_borders;
            explain::explain_outcome(&mut o, config, &mut ms, beside);
            o
        }
        Err(e) => Outcome::failed(e, config.solve.stars),
    };
    outcome.grid = area;
    outcome.marks = marks;
    outcome.unsure = unsure;
    ms.total = ms_since(start);
    outcome.ms = ms;
    (outcome, picture)
}

/// Partition check, then the exact solve with its uniqueness proof (every answer
/// rule-checked), for a puzzle that may state its own K (`stated`, from a URL).
/// K: `--stars K` first, then the stated K, else `--stars auto` tries every K.
///
/// When the config asks for the explanation and K is known before the solve, the
/// engine explains the puzzle (naming regions by `colors`) beside the exact solve,
/// on the same rayon pool, and hands its path back for the explanation stage to
/// judge against the solution: the two are independent until then, and on a big
/// Star Battle board the explanation costs about half the solve, which the user
/// would otherwise wait for on top of it. Off a rayon pool (the server's blocking
/// threads) the two run one after the other, so one request never takes more than
/// its one thread.
pub(crate) fn solve_puzzle(
    regions: Regions,
    stated: Option<usize>,
    colors: Option<&[[u8; 3]]>,
    config: &Config,
    ms: &mut Timings,
) -> (Outcome, Option<Beside>) {
    let t = Instant::now();
    let known = config.stars.or_stated(stated);
    let mut beside = None;
    let (stars, result, engine, took) = match (partition::check(&regions, config.pieces), known) {
        (Err(e), _) => (known, Err(Error::from(e)), None, ms_since(t)),
        (Ok(()), Some(k)) => {
            // Timed as the solve ends, not when the explanation beside it does.
            let solve = || (solve::solve_by(&regions, &SolveOptions { stars: k, ..config.solve }), ms_since(t));
            let (solved, took) = if config.explain && rayon::current_thread_index().is_some() {
                let (solved, explained) = rayon::join(solve, || explain::explain_path(&regions, colors, k, config));
                beside = Some(explained);
                solved
            } else {
                solve()
            };
            (Some(k), solved.result, Some(solved.engine), took)
        }
        (Ok(()), None) => {
            let (stars, result, engine) = stars::solve_auto_by(&regions, &config.solve);
            (stars, result, engine, ms_since(t))
        }
    };
    ms.solve = Some(took);
    let k = stars.unwrap_or(config.solve.stars);
    (Outcome { regions: Some(regions), result, engine, ..Outcome::failed(Error::NoSolution, k) }, beside)
}
