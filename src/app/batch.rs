//! Many inputs at once: expand files and folders, solve in parallel (rayon, one
//! file per task, so memory stays flat), print results in input order, write
//! overlays atomically, and decide the exit status.
//!
//! One bad file never stops the others: its failure is printed as `path: reason`
//! and the run goes on. Exit 0 when every input was solved, 1 when any failed.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Instant;

use rayon::prelude::*;

use crate::error::{io_reason, Error};
use crate::output::files::write_atomic;
use crate::output::report::{self, ErrorJson, Record};
use crate::output::{debug, explain, overlay};
use crate::pipeline::{self, Config, Outcome, Picture};
use crate::solve;
use crate::solve::logic::hint::Stopped;

/// Image file extensions: taken from folders, and text in such a file is a decode error.
const IMAGE_EXTENSIONS: [&str; 6] = ["png", "jpg", "jpeg", "gif", "webp", "bmp"];
/// Text puzzles are taken from folders too (files named on the command line are always tried).
const PUZZLE_EXTENSION: &str = "txt";

/// The lower-case extension of `path`, if any.
fn extension(path: &Path) -> Option<String> {
    path.extension().and_then(|e| e.to_str()).map(str::to_lowercase)
}

/// True when `path` is named like an image.
fn named_as_image(path: &Path) -> bool {
    extension(path).is_some_and(|e| IMAGE_EXTENSIONS.contains(&e.as_str()))
}
/// Files larger than this are refused unread.
const MAX_FILE_BYTES: u64 = 256 << 20;

/// What a run does with each input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Solve and draw the solution (`queens solve`).
    #[default]
    Solve,
    /// Solve and explain every step (`queens explain`).
    Explain,
    /// The next step for the board as given (`queens hint`).
    Hint,
}

/// Settings of a `queens solve`, `explain` or `hint` run.
#[derive(Debug, Clone)]
pub struct BatchOptions {
    /// What to do with each input.
    pub mode: Mode,
    /// Files, folders, or `-` for standard input.
    pub inputs: Vec<PathBuf>,
    /// Per-puzzle settings.
    pub config: Config,
    /// JSON Lines instead of boards.
    pub json: bool,
    /// Where overlays go; `None` writes none.
    pub out_dir: Option<PathBuf>,
    /// Overlay only the board.
    pub crop: bool,
    /// Print emoji share text.
    pub share: bool,
    /// Add the LP relaxation report.
    pub bounds: bool,
    /// Worker threads (None: all cores).
    pub jobs: Option<usize>,
    /// No progress bar, no summary.
    pub quiet: bool,
    /// Color the boards.
    pub color: bool,
    /// Where to write debug pictures.
    pub debug_dir: Option<PathBuf>,
    /// `hint`: how much of the hint the terminal and the picture show.
    pub reveal: crate::solve::logic::Reveal,
}

/// Where an input comes from.
#[derive(Debug, Clone)]
enum Source {
    File(PathBuf),
    Stdin,
    /// A puzz.link URL given as the argument itself (never fetched: it holds the puzzle).
    Url(String),
    /// An input that failed before reading (empty folder, missing path).
    Broken(String),
}

#[derive(Debug, Clone)]
struct Job {
    display: String,
    source: Source,
    /// Base name of the pictures written (`<base>.solved.png`, `<base>.hint.png`), unique within the run.
    out_name: String,
}

/// What a finished input prints.
struct Done {
    stdout: String,
    failure: Option<String>,
}

/// Runs the batch; returns the process exit status (0 all solved, 1 any failed).
pub fn run(opts: &BatchOptions) -> i32 {
    let started = Instant::now();
    let jobs = expand(&opts.inputs);
    // Every input file, so no overlay is ever written over one.
    let inputs: HashSet<PathBuf> = jobs
        .iter()
        .filter_map(|j| match &j.source {
            Source::File(p) => p.canonicalize().ok(),
            _ => None,
        })
        .collect();
    let progress = (!opts.json && !opts.quiet && jobs.len() > 1 && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(jobs.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed} {wide_msg}")
                .expect("valid template"),
        );
        bar
    });
    let threads = opts.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            // The process's thread limit: say so rather than panic.
            eprintln!("queens: cannot start {threads} worker threads ({e}); try a smaller -j");
            return 1;
        }
    };
    let (tx, rx) = mpsc::channel::<(usize, Done)>();
    let mut failures: Vec<String> = Vec::new();
    let total = jobs.len();
    std::thread::scope(|scope| {
        let jobs = &jobs;
        let inputs = &inputs;
        scope.spawn(move || {
            pool.install(|| {
                jobs.par_iter().enumerate().for_each_with(tx, |tx, (i, job)| {
                    let done = process(job, opts, inputs);
                    // Memory handed back helps the files still to come; a lone file's
                    // process is about to exit, and the trim costs it about 0.3 ms.
                    if total > 1 {
                        release_memory();
                    }
                    let _ = tx.send((i, done));
                });
            });
        });
        // A lone input that keeps a terminal waiting gets a spinner (a big board's
        // full explanation can take seconds), cleared before its result prints.
        let (mut spinner, mut early) = (None, None);
        if total == 1 && !opts.json && !opts.quiet && std::io::stderr().is_terminal() {
            match rx.recv_timeout(SPINNER_AFTER) {
                Ok(first) => early = Some(first),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    spinner = Some(waiting(&jobs[0].display, opts.mode, started.elapsed()));
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {}
            }
        }
        // Print in input order as results arrive.
        let mut pending = BTreeMap::new();
        let mut next = 0;
        let stdout = std::io::stdout();
        for (i, done) in early.into_iter().chain(rx.iter()) {
            if let Some(bar) = spinner.take() {
                bar.finish_and_clear();
            }
            pending.insert(i, done);
            while let Some(done) = pending.remove(&next) {
                if let Some(bar) = &progress {
                    bar.suspend(|| write_all(&mut stdout.lock(), &done.stdout));
                } else {
                    write_all(&mut stdout.lock(), &done.stdout);
                }
                if let Some(f) = done.failure {
                    failures.push(f);
                }
                if let Some(bar) = &progress {
                    bar.inc(1);
                }
                next += 1;
            }
        }
    });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let mut err = std::io::stderr().lock();
    if total > 1 && !opts.quiet {
        let _ = writeln!(
            err,
            "solved {} of {total}, {} failed ({:.2} s)",
            total - failures.len(),
            failures.len(),
            started.elapsed().as_secs_f64()
        );
    }
    for f in &failures {
        let _ = writeln!(err, "{f}");
    }
    i32::from(!failures.is_empty())
}

/// How long a lone input runs before its spinner shows: most finish sooner.
const SPINNER_AFTER: std::time::Duration = std::time::Duration::from_millis(500);

/// The spinner of a lone input still under way after `elapsed`, on standard error.
fn waiting(display: &str, mode: Mode, elapsed: std::time::Duration) -> indicatif::ProgressBar {
    let doing = match mode {
        Mode::Solve => "solving",
        Mode::Explain => "explaining",
        Mode::Hint => "looking for a hint in",
    };
    let bar = indicatif::ProgressBar::new_spinner().with_elapsed(elapsed);
    bar.set_style(indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("valid template"));
    let what = if display == "-" { "standard input" } else { display };
    bar.set_message(format!("{doing} {what}"));
    bar.enable_steady_tick(std::time::Duration::from_millis(100));
    bar
}

fn write_all(out: &mut impl Write, s: &str) {
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = out.write_all(s.as_bytes());
    let _ = out.flush();
}

/// Files and folders → jobs, folders walked recursively in sorted order.
fn expand(inputs: &[PathBuf]) -> Vec<Job> {
    let mut jobs = Vec::new();
    let mut stdin_taken = false;
    for input in inputs {
        if input.as_os_str() == "-" {
            // One reader of standard input: a second `-` would race the first for its bytes.
            let source = if std::mem::replace(&mut stdin_taken, true) {
                Source::Broken("standard input is named more than once; it can be read only once".into())
            } else {
                Source::Stdin
            };
            jobs.push(Job { display: "-".into(), source, out_name: String::new() });
            continue;
        }
        let display = input.display().to_string();
        if crate::puzzle::puzzlink::looks_like_url(&display) {
            jobs.push(Job { display: display.clone(), source: Source::Url(display), out_name: String::new() });
            continue;
        }
        match std::fs::metadata(input) {
            Ok(m) if m.is_dir() => {
                let mut found = Vec::new();
                walk(input, &mut found);
                found.sort();
                if found.is_empty() {
                    jobs.push(Job {
                        display: display.clone(),
                        source: Source::Broken("no images or text puzzles in this folder".into()),
                        out_name: String::new(),
                    });
                }
                for f in found {
                    jobs.push(Job {
                        display: f.display().to_string(),
                        source: Source::File(f),
                        out_name: String::new(),
                    });
                }
            }
            Ok(_) => jobs.push(Job { display, source: Source::File(input.clone()), out_name: String::new() }),
            Err(e) => jobs.push(Job {
                display: display.clone(),
                source: Source::Broken(io_reason(&e)),
                out_name: String::new(),
            }),
        }
    }
    name_outputs(&mut jobs);
    jobs
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() => walk(&path, found),
            Ok(t) if t.is_file() => {
                let by_name = named_as_image(&path) || extension(&path).as_deref() == Some(PUZZLE_EXTENSION);
                // Skip our own overlays when a folder is solved twice.
                let name = path.to_string_lossy();
                let ours = name.ends_with(".solved.png") || name.ends_with(".hint.png");
                if !ours && (by_name || sniff_image(&path)) {
                    found.push(path);
                }
            }
            _ => {}
        }
    }
}

fn sniff_image(path: &Path) -> bool {
    let mut head = [0u8; 32];
    std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .is_ok_and(|n| crate::vision::screenshot::looks_like_image(&head[..n]))
}

/// Gives each job a distinct picture base name: `<stem>` for an image, the whole
/// file name for a text puzzle (`board.txt.hint.png`, so the screenshot and the
/// text of one board never write the same picture, in one run or two), or with its
/// folders joined in when two inputs share that name.
fn name_outputs(jobs: &mut [Job]) {
    let named = |p: &Path| if named_as_image(p) { p.with_extension("") } else { p.to_path_buf() };
    let stem = |j: &Job| match &j.source {
        Source::File(p) => named(p).file_name().map_or("input".into(), |s| s.to_string_lossy().into_owned()),
        Source::Url(_) => "puzzlink".into(),
        _ => "stdin".into(),
    };
    let mut counts: HashMap<String, usize> = HashMap::new();
    for j in jobs.iter() {
        *counts.entry(stem(j)).or_default() += 1;
    }
    let mut used = HashSet::new();
    for j in jobs.iter_mut() {
        let s = stem(j);
        let mut base = match &j.source {
            Source::File(p) if counts[&s] > 1 => named(p)
                .components()
                .filter_map(|c| match c {
                    std::path::Component::Normal(x) => Some(x.to_string_lossy().into_owned()),
                    _ => None,
                })
                .collect::<Vec<_>>()
                .join("-"),
            _ => s,
        };
        let original = base.clone();
        let mut k = 2;
        while !used.insert(base.clone()) {
            base = format!("{original}-{k}");
            k += 1;
        }
        j.out_name = base;
    }
}

fn read_input(job: &Job) -> Result<Vec<u8>, Error> {
    match &job.source {
        Source::Stdin => read_stdin(),
        Source::File(p) => read_file(p),
        Source::Url(url) => Ok(url.clone().into_bytes()),
        Source::Broken(why) => Err(Error::Io { message: why.clone() }),
    }
}

/// Standard input, at most [`MAX_FILE_BYTES`].
pub(crate) fn read_stdin() -> Result<Vec<u8>, Error> {
    read_capped(std::io::stdin().lock(), 0).map_err(|e| match e {
        Capped::Over => Error::Io { message: "standard input is larger than the 256 MiB limit".into() },
        Capped::Io(e) => Error::io("cannot read standard input", &e),
    })
}

/// A regular file named on the command line, at most [`MAX_FILE_BYTES`].
pub(crate) fn read_file(path: &Path) -> Result<Vec<u8>, Error> {
    let file = open_regular(path)?;
    let size = file.metadata().map_or(0, |m| m.len());
    if size > MAX_FILE_BYTES {
        return Err(Error::Io { message: format!("the file is {} MiB, larger than the 256 MiB limit", size >> 20) });
    }
    read_capped(file, size).map_err(|e| match e {
        Capped::Over => Error::Io { message: "the file is larger than the 256 MiB limit".into() },
        Capped::Io(e) => Error::io("cannot read", &e),
    })
}

/// Why a capped read failed.
enum Capped {
    /// More than [`MAX_FILE_BYTES`].
    Over,
    /// The OS said no.
    Io(std::io::Error),
}

/// Reads at most [`MAX_FILE_BYTES`] + 1 bytes, whatever the source claims its size
/// is (`/dev/zero`, a pipe, a file that grows): one byte past the cap is refused.
/// `hint` is the expected size, to allocate once.
fn read_capped(source: impl Read, hint: u64) -> Result<Vec<u8>, Capped> {
    let mut buf = Vec::with_capacity(usize::try_from(hint.min(MAX_FILE_BYTES)).unwrap_or(0));
    source.take(MAX_FILE_BYTES + 1).read_to_end(&mut buf).map_err(Capped::Io)?;
    if buf.len() as u64 > MAX_FILE_BYTES {
        return Err(Capped::Over);
    }
    Ok(buf)
}

/// Opens `path` for reading only if it is a regular file. A FIFO or a device named
/// on the command line is refused at once rather than read: a FIFO with no writer
/// would block forever, and a device may never end. The file is opened without
/// blocking and checked after opening, so it cannot be swapped in between.
fn open_regular(path: &Path) -> Result<std::fs::File, Error> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    // The OS reason alone (`x.txt: no such file or directory`), as for a missing folder.
    let file = options.open(path).map_err(|e| Error::Io { message: io_reason(&e) })?;
    let meta = file.metadata().map_err(|e| Error::io("cannot read", &e))?;
    if !meta.is_file() {
        return Err(Error::Io {
            message: format!("not a regular file ({}); give a file, or `-` for standard input", file_kind(&meta)),
        });
    }
    Ok(file)
}

/// What kind of non-regular file `meta` describes, for the error.
fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a folder"
    } else {
        "not a file"
    }
}

fn process(job: &Job, opts: &BatchOptions, inputs: &HashSet<PathBuf>) -> Done {
    let named_as_image = match &job.source {
        Source::File(p) => named_as_image(p),
        _ => false,
    };
    let (mut outcome, picture) = match read_input(job) {
        Ok(bytes) => pipeline::solve_bytes(&bytes, named_as_image, &opts.config),
        Err(e) => (Outcome::failed(e), None),
    };
    if opts.bounds {
        if let (Some(regions), Ok(_) | Err(Error::SeveralSolutions { .. })) = (&outcome.regions, &outcome.result) {
            let k = outcome.stars.unwrap_or(opts.config.solve.stars);
            outcome.lp = solve::lp_report(regions, &solve::SolveOptions { stars: k, ..opts.config.solve }).ok();
        }
    }
    // A hint from a board with a mark the reader was unsure of could be wrong: refuse it.
    if opts.mode == Mode::Hint && !outcome.unsure.is_empty() && outcome.result.is_ok() {
        outcome.result = Err(Error::UnsureMarks { cells: super::cells::cells_for_people(&outcome.unsure) });
    }
    let mut hint = if opts.mode == Mode::Hint { pipeline::hint(&outcome, &opts.config) } else { None };
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
        (Mode::Hint, Some(dir)) => hint.as_ref().zip(outcome.regions.as_ref()).and_then(|(h, regions)| {
            // A text puzzle is drawn only when it carries the player's marks.
            let (image, grid) = crate::output::hint::canvas(picture, regions, outcome.marks.as_ref())?;
            let look = crate::output::hint::Look { reveal: opts.reveal, letters: opts.config.letters };
            let img = crate::output::hint::picture(image, &grid, regions, h, look);
            Some(write_hint(dir, &job.out_name, inputs, &img))
        }),
        (_, Some(dir)) => match (picture, &outcome.result) {
            (Some(mut pic), Ok(placement)) => {
                if let (true, Some(grid), Some(regions)) = (opts.config.letters, pic.grid, &outcome.regions) {
                    crate::output::letters::draw_mut(&mut pic.image, &grid, regions);
                }
                // The player's own crowns stay as they drew them.
                let placement = &overlay::unplayed(placement, outcome.marks.as_ref());
                let glyph =
                    overlay::Glyph::for_board(outcome.stars.unwrap_or(opts.config.solve.stars), outcome.from_borders);
                Some(write_overlay(dir, &job.out_name, inputs, pic, placement, glyph, opts.crop))
            }
            _ => None,
        },
        (_, None) => None,
    };
    match written {
        Some(Ok(path)) => output = Some(path.display().to_string()),
        Some(Err(e)) => output_error = Some(e),
        None => {}
    }
    render(job, opts, &outcome, hint.as_ref(), output, output_error)
}

/// Writes the hint picture as `<base>.hint.png` (atomically, never over an input).
fn write_hint(dir: &Path, base: &str, inputs: &HashSet<PathBuf>, img: &image::RgbImage) -> Result<PathBuf, Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io(format_args!("cannot create {}", dir.display()), &e))?;
    let path = overlay_path(dir, base, "hint", inputs);
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
    placement: &crate::Placement,
    glyph: overlay::Glyph,
    crop: bool,
) -> Result<PathBuf, Error> {
    let grid = pic.grid.expect("solved pictures have a grid");
    std::fs::create_dir_all(dir).map_err(|e| Error::io(format_args!("cannot create {}", dir.display()), &e))?;
    overlay::draw_glyph_mut(&mut pic.image, &grid, placement, glyph);
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

fn render(
    job: &Job,
    opts: &BatchOptions,
    outcome: &Outcome,
    hint: Option<&crate::solve::logic::hint::Hint>,
    output: Option<String>,
    output_error: Option<Error>,
) -> Done {
    // The K the result is about (auto found it); the configured one when auto found none.
    let stars = outcome.stars.unwrap_or(opts.config.solve.stars);
    let error = output_error.as_ref().or(outcome.result.as_ref().err());
    let failure = error.map(|e| format!("{}: {e}", job.display));
    // A board read from its borders shows no region colours: it gets a map colouring.
    let colors = crate::output::palette::display_colors(outcome);
    let mut text = String::new();
    if opts.json {
        let failed = output_error.as_ref().map(ErrorJson::from_error);
        let line = match opts.mode {
            Mode::Solve => {
                let mut r = Record::new(&job.display, stars, outcome);
                r.output = output;
                if let (true, Some(regions), Ok(placement)) = (opts.share, &outcome.regions, &outcome.result) {
                    r.share = Some(report::share_text(regions, placement, colors.as_deref()));
                }
                if failed.is_some() {
                    (r.ok, r.error) = (false, failed);
                }
                r.to_json()
            }
            Mode::Explain => {
                let mut r = explain::ExplainJson::new(&job.display, stars, outcome);
                r.output = output;
                if failed.is_some() {
                    (r.ok, r.error) = (false, failed);
                }
                serde_json::to_string(&r).expect("records always serialize")
            }
            Mode::Hint => {
                let mut r = explain::HintJson::new(&job.display, stars, outcome, hint);
                r.output = output;
                if failed.is_some() {
                    (r.ok, r.error) = (false, failed);
                }
                serde_json::to_string(&r).expect("records always serialize")
            }
        };
        text.push_str(&line);
        text.push('\n');
        return Done { stdout: text, failure };
    }
    let shown = report::shown_placement(outcome);
    if let (Mode::Hint, Some(regions), Some(h)) = (opts.mode, &outcome.regions, hint) {
        let n = regions.n();
        let what = match &h.step {
            Some(s) => format!("hint ({})", s.technique.name()),
            None if h.solved => "solved".into(),
            None if !h.mistakes.is_empty() => {
                format!("{} mistake{}", h.mistakes.len(), if h.mistakes.len() == 1 { "" } else { "s" })
            }
            None => "no hint".into(),
        };
        text.push_str(&format!("{}: {n}x{n}: {what}", job.display));
        if let Some(out) = &output {
            text.push_str(&format!(" -> {out}"));
        }
        text.push('\n');
        text.push_str(&explain::hint_text(regions, outcome, h, opts.color, opts.reveal));
        return Done { stdout: text, failure };
    }
    if let (Some(regions), Some(placement)) = (&outcome.regions, shown) {
        let verdict = match &outcome.result {
            Ok(_) => "unique solution",
            _ => "several solutions, showing one",
        };
        let n = regions.n();
        let unit = if stars == 1 { "queen".to_string() } else { format!("{stars} stars") };
        text.push_str(&format!("{}: {n}x{n}, {unit} per row, column and region: {verdict}", job.display));
        if let Some(out) = &output {
            text.push_str(&format!(" -> {out}"));
        }
        text.push('\n');
        if outcome.from_borders {
            text.push_str(&report::bordered_text(regions, Some(placement), colors.as_deref(), opts.color));
        } else {
            text.push_str(&report::board_text(regions, Some(placement), colors.as_deref(), opts.color));
        }
        if let Some(lp) = &outcome.lp {
            text.push_str(&format!(
                "  LP relaxation: {}\n",
                if lp.integral { "integral".to_string() } else { format!("{} fractional cells", lp.fractional_cells) }
            ));
        }
        if opts.share && outcome.result.is_ok() {
            text.push_str(&report::share_text(regions, placement, colors.as_deref()));
        }
        if let (Mode::Explain, Some(e)) = (opts.mode, &outcome.explained) {
            text.push_str(&explain::explain_text(e));
        }
    }
    Done { stdout: text, failure }
}

/// Hands a worker's freed screenshot buffers back to the system after each file
/// (and the server's, after each request).
/// glibc keeps them in per-thread arenas otherwise, so a batch's peak memory
/// would grow with the threads' history rather than with the files in flight.
pub(crate) fn release_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}
