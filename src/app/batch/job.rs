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

/// Image file extensions: taken from folders, and text in such a file is a decode error.
const IMAGE_EXTENSIONS: [&str; 6] = ["png", "jpg", "jpeg", "gif", "webp", "bmp"];
/// Text puzzles are taken from folders too (files named on the command line are always tried).
const PUZZLE_EXTENSION: &str = "txt";

/// The lower-case extension of `path`, if any.
fn extension(path: &Path) -> Option<String> {
    path.extension().and_then(|e| e.to_str()).map(str::to_lowercase)
}

/// True when `path` is named like an image.
pub(super) fn named_as_image(path: &Path) -> bool {
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

/// One input of the run, as the command line named it.
#[derive(Debug, Clone)]
pub(super) struct Job {
    /// The input as the user wrote it (`-` for standard input), for messages.
    pub(super) display: String,
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
