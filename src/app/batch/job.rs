//! The inputs of a run as jobs: files and folders expanded (folders walked in
//! sorted order, taking images and text puzzles), standard input and puzz.link
//! URLs recognised, and each job given a picture name no other job in the run has.
//!
//! An input that cannot even be listed (missing path, empty folder, a second `-`)
//! still becomes a job, a broken one, so its failure prints in its place.

use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::error::io_reason;
use crate::output::names;
use crate::pipeline::Kind;

/// Image file extensions: taken from folders, and text in such a file is a decode error.
const IMAGE_EXTENSIONS: [&str; 6] = ["png", "jpg", "jpeg", "gif", "webp", "bmp"];
/// Text puzzles are taken from folders too (files named on the command line are always tried).
const PUZZLE_EXTENSION: &str = "txt";

/// The lower-case extension of `path`, if any.
fn extension(path: &Path) -> Option<String> {
    path.extension().and_then(|e| e.to_str()).map(str::to_lowercase)
}

/// True when `path` is named like an image.
pub(crate) fn named_as_image(path: &Path) -> bool {
    extension(path).is_some_and(|e| IMAGE_EXTENSIONS.contains(&e.as_str()))
}

/// Where an input comes from.
#[derive(Debug, Clone)]
pub(super) enum Source {
    /// A file named on the command line or found in a folder.
    File(PathBuf),
    /// Standard input (`-`).
    Stdin,
    /// A puzz.link URL given as the argument itself (never fetched: it holds the puzzle).
    Url(String),
    /// An input that failed before reading (empty folder, missing path).
    Broken(String),
}

impl Job {
    /// A job for `name` (a path, or `-`), its names made from it.
    fn new(name: &Path, source: Source) -> Job {
        Job {
            display: names::exact(name),
            shown: names::path(name),
            raw: names::bytes_if_not_utf8(name),
            source,
            out_name: String::new(),
        }
    }
}

/// One input of the run, as the command line named it.
#[derive(Debug, Clone)]
pub(super) struct Job {
    /// The input as the user wrote it (`-` for standard input), exact, for JSON.
    pub(super) display: String,
    /// The same, safe to print on a terminal ([`names::path`]).
    pub(super) shown: String,
    /// The name's bytes when it is not UTF-8 (`display` lost some), for JSON.
    pub(super) raw: Option<Vec<u8>>,
    /// Where its bytes come from.
    pub(super) source: Source,
    /// Base name of the pictures written (`<base>.solved.png`, `<base>.hint.png`), unique within the run.
    pub(super) out_name: String,
}

/// Files and folders → jobs, folders walked recursively in sorted order.
pub(super) fn expand(inputs: &[PathBuf]) -> Vec<Job> {
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
            jobs.push(Job::new(Path::new("-"), source));
            continue;
        }
        let display = input.display().to_string();
        if let Some(kind) = Kind::of_argument(&display) {
            let mut job = Job::new(input, Source::Url(display.clone()));
            if kind == Kind::Penpa {
                // A penpa link is a kilobyte or more: name it by its start on the terminal.
                job.shown = names::path(Path::new(&format!("{}…", display.chars().take(60).collect::<String>())));
            }
            jobs.push(job);
            continue;
        }
        match std::fs::metadata(input) {
            Ok(m) if m.is_dir() => {
                let mut found = Vec::new();
                if let Err(e) = walk(input, &mut found) {
                    // The folder itself cannot be listed: say why, not that it is empty.
                    jobs.push(Job::new(input, Source::Broken(io_reason(&e))));
                    continue;
                }
                found.sort();
                if found.is_empty() {
                    jobs.push(Job::new(input, Source::Broken("no images or text puzzles in this folder".into())));
                }
                for f in found {
                    let source = match f.1 {
                        Some(why) => Source::Broken(format!("cannot list this folder: {why}")),
                        None => Source::File(f.0.clone()),
                    };
                    jobs.push(Job::new(&f.0, source));
                }
            }
            Ok(_) => jobs.push(Job::new(input, Source::File(input.clone()))),
            Err(e) => jobs.push(Job::new(input, Source::Broken(io_reason(&e)))),
        }
    }
    name_outputs(&mut jobs);
    jobs
}

/// Adds the inputs under `dir` to `found`: each file taken, and each subfolder that
/// cannot be listed, with why (reported in its place, never skipped silently).
/// `Err` when `dir` itself cannot be listed.
fn walk(dir: &Path, found: &mut Vec<(PathBuf, Option<String>)>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                found.push((dir.to_path_buf(), Some(io_reason(&e))));
                continue;
            }
        };
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() => {
                if let Err(e) = walk(&path, found) {
                    found.push((path, Some(io_reason(&e))));
                }
            }
            Ok(t) if t.is_file() => {
                let by_name = named_as_image(&path) || extension(&path).as_deref() == Some(PUZZLE_EXTENSION);
                // Skip our own overlays when a folder is solved twice.
                let name = path.to_string_lossy();
                let ours = name.ends_with(".solved.png") || name.ends_with(".hint.png");
                if !ours && (by_name || sniff_image(&path)) {
                    found.push((path, None));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn sniff_image(path: &Path) -> bool {
    let mut head = [0u8; 32];
    std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .is_ok_and(|n| Kind::of_bytes(&head[..n]) == Kind::Picture)
}

/// Gives each job a distinct picture base name: `<stem>` for an image, the whole
/// file name for a text puzzle (`board.txt.hint.png`, so the screenshot and the
/// text of one board never write the same picture, in one run or two), or with its
/// folders joined in when two inputs share that name.
fn name_outputs(jobs: &mut [Job]) {
    let named = |p: &Path| if named_as_image(p) { p.with_extension("") } else { p.to_path_buf() };
    let stem = |j: &Job| match &j.source {
        Source::File(p) => named(p).file_name().map_or("input".into(), |s| s.to_string_lossy().into_owned()),
        Source::Url(u) if Kind::of_text(u) == Kind::Penpa => "penpa".into(),
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
