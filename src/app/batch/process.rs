//! One input, start to finish: read it, run the pipeline, add the hint or the LP
//! report asked for, and write its pictures (debug pictures, the solved overlay
//! or the hint picture) atomically, never over an input.
//!
//! It runs on a worker thread; what it prints is made by [`super::print`] and
//! handed back, so the results can be printed in input order.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::job::{named_as_image, Job, Source};
use super::options::{BatchOptions, Mode};
use super::print::{render, Done};
use super::read::{open_file, read_stdin, Opened};
use crate::app::budget;
use crate::error::Error;
use crate::output::files::write_atomic;
use crate::output::{debug, names, overlay};
use crate::pipeline::{self, Outcome, Picture};
use crate::solve;
use crate::solve::logic::hint::Stopped;

/// A job's input as far as it is read before its memory is charged: a file
/// opened and its head read, or the bytes of standard input or of a URL.
#[derive(Debug)]
pub(super) enum Input {
    /// A file, its head read ([`open_file`]).
    Head(Opened),
    /// All of the input.
    Bytes(Vec<u8>),
    /// An input that cannot be read, and why.
    Failed(Error),
}

impl Input {
    /// Opens `job`'s input: a file's head only, standard input whole (its size is
    /// not known before), a URL as its own bytes; a broken job fails with its reason.
    pub(super) fn open(job: &Job) -> Input {
        let read = match &job.source {
            Source::Stdin => read_stdin().map(Input::Bytes),
            Source::File(p) => open_file(p).map(Input::Head),
            Source::Url(url) => Ok(Input::Bytes(url.clone().into_bytes())),
            Source::Broken(why) => Err(Error::Io { message: why.clone() }),
        };
        read.unwrap_or_else(Input::Failed)
    }

    /// The memory this input may take, estimated from its head: its own bytes,
    /// what reading it costs ([`budget::estimate`]), and for a picture, the
    /// pictures the run writes of it ([`budget::written_cost`]).
    pub(super) fn cost(&self, opts: &BatchOptions) -> u64 {
        let (bytes, whole) = match self {
            Input::Head(opened) => (&opened.head[..], opened.size),
            Input::Bytes(bytes) => (&bytes[..], bytes.len() as u64),
            Input::Failed(_) => return 0,
        };
        let estimate = budget::estimate(bytes, whole, &opts.config);
        let drawn =
            (opts.out_dir.is_some() && (opts.solution || opts.mode.on_players_board())) || opts.debug_dir.is_some();
        let written = match estimate.size {
            Some((w, h)) if drawn => budget::written_cost(w, h),
            _ => 0,
        };
        whole + estimate.read + written
    }

    /// All of the input's bytes.
    fn read(self) -> Result<Vec<u8>, Error> {
        match self {
            Input::Head(opened) => opened.read_rest(),
            Input::Bytes(bytes) => Ok(bytes),
            Input::Failed(e) => Err(e),
        }
    }
}

/// Solves one job (or gives its hint) from its `input` and writes its pictures;
/// returns what it prints.
pub(super) fn process(job: &Job, input: Input, opts: &BatchOptions, inputs: &HashSet<PathBuf>) -> Done {
    let named_as_image = match &job.source {
        Source::File(p) => named_as_image(p),
        _ => false,
    };
    let (mut outcome, picture) = match input.read() {
        Ok(bytes) => pipeline::solve_bytes(&bytes, named_as_image, &opts.config),
        Err(e) => (Outcome::failed(e, opts.config.solve.stars), None),
    };
    if opts.bounds {
        if let (Some(regions), Ok(_) | Err(Error::SeveralSolutions { .. })) = (&outcome.regions, &outcome.result) {
            let k = outcome.k;
            outcome.lp = solve::lp_report(regions, &solve::SolveOptions { stars: k, ..opts.config.solve }).ok();
        }
    }
    // A hint or a why refuses a board with a mark the reader was unsure of, and a
    // cell off the board, inside the pipeline: the web page gets the same refusals.
    let why = match opts.mode {
        Mode::Why(cell) => pipeline::why(&mut outcome, &opts.config, cell),
        _ => None,
    };
    let mut hint = match opts.mode {
        Mode::Hint => pipeline::hint(&mut outcome, &opts.config),
        _ => why.as_ref().zip(outcome.regions.as_ref()).map(|(w, r)| w.to_hint(r, opts.reveal)),
    };
    // What someone at a terminal can do about a search that stopped.
    if let Some(h) = hint.as_mut() {
        match h.stopped {
            Some(Stopped::Clock) => h.advise("Try a larger --time-limit."),
            Some(Stopped::Search) => h.advise("The full explanation (queens explain) searches much further."),
            None => {}
        }
    }
    let mut output_error = None;
    let mut output = None;
    // Debug pictures first: the overlay below draws on the picture itself.
    if let (Some(dir), Some(pic)) = (&opts.debug_dir, &picture) {
        if let Err(e) = debug::write(dir, &job.out_name, pic, &outcome) {
            output_error.get_or_insert(e);
        }
    }
    let written = match (opts.mode, &opts.out_dir) {
        (Mode::Hint | Mode::Why(_), Some(dir)) => {
            hint.as_ref().zip(outcome.regions.as_ref()).and_then(|(h, regions)| {
                // A text puzzle is drawn only when it carries the player's marks.
                let glyph = overlay::Glyph::for_board(outcome.k, outcome.from_borders);
                let (image, grid) = crate::output::hint::canvas(picture, regions, outcome.marks.as_ref(), glyph)?;
                let letters = opts.config.letters || outcome.names_by_letter();
                let asked = match opts.mode {
                    Mode::Why(cell) => Some(cell),
                    _ => None,
                };
                let look = crate::output::hint::Look { reveal: opts.reveal, letters, glyph, asked };
                let img = crate::output::hint::picture(image, &grid, regions, h, look);
                let kind = if matches!(opts.mode, Mode::Why(_)) { "why" } else { "hint" };
                Some(write_hint(dir, &job.out_name, kind, inputs, &img))
            })
        }
        (_, Some(dir)) => match (picture, &outcome.result) {
            (Some(mut pic), Ok(placement)) if opts.solution => {
                if let (true, Some(grid), Some(regions)) = (opts.config.letters, pic.grid, &outcome.regions) {
                    crate::output::letters::draw_mut(&mut pic.image, &grid, regions);
                }
                let glyph = overlay::Glyph::for_board(outcome.k, outcome.from_borders);
                let played = (placement, outcome.marks.as_ref(), &outcome.wrong_marks()[..]);
                Some(write_overlay(dir, &job.out_name, inputs, pic, played, glyph, opts.crop))
            }
            _ => None,
        },
        (_, None) => None,
    };
    match written {
        Some(Ok(path)) => output = Some(path),
        Some(Err(e)) => output_error = Some(e),
        None => {}
    }
    render(job, opts, &outcome, (hint.as_ref(), why.as_ref()), output.as_deref(), output_error)
}

/// Writes the hint picture as `<base>.<kind>.png` (`hint`, or `why` for an answer
/// about one cell; atomically, never over an input).
fn write_hint(
    dir: &Path,
    base: &str,
    kind: &str,
    inputs: &HashSet<PathBuf>,
    img: &image::RgbImage,
) -> Result<PathBuf, Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io(format_args!("cannot create {}", names::path(dir)), &e))?;
    let path = overlay_path(dir, base, kind, inputs);
    write_atomic(&path, &overlay::encode_png(img))?;
    Ok(path)
}

/// Writes the overlay through a temporary file and a rename, never over an input.
/// Draws on the picture itself (it is not needed afterwards): one screenshot-sized
/// buffer per file in flight keeps a batch's memory flat.
fn write_overlay(
    dir: &Path,
    name: &str,
    inputs: &HashSet<PathBuf>,
    mut pic: Picture,
    (placement, marks, wrong): (&crate::Placement, Option<&crate::puzzle::marks::Marks>, &[crate::Cell]),
    glyph: overlay::Glyph,
    crop: bool,
) -> Result<PathBuf, Error> {
    let grid = pic.grid.expect("solved pictures have a grid");
    std::fs::create_dir_all(dir).map_err(|e| Error::io(format_args!("cannot create {}", names::path(dir)), &e))?;
    overlay::solved_mut(&mut pic.image, &grid, placement, marks, wrong, glyph);
    let img = if crop { overlay::crop(&pic.image, &grid) } else { pic.image };
    let bytes = overlay::encode_png(&img);
    let path = overlay_path(dir, name, "solved", inputs);
    write_atomic(&path, &bytes)?;
    Ok(path)
}

/// `dir/<base>.<kind>.png`, or `dir/<base>-2.<kind>.png` (-3, …) when that is one of the inputs.
fn overlay_path(dir: &Path, base: &str, kind: &str, inputs: &HashSet<PathBuf>) -> PathBuf {
    let is_input = |p: &Path| p.canonicalize().is_ok_and(|c| inputs.contains(&c));
    let mut path = dir.join(format!("{base}.{kind}.png"));
    let mut k = 2;
    while is_input(&path) {
        path = dir.join(format!("{base}-{k}.{kind}.png"));
        k += 1;
    }
    path
}
