//! Many inputs at once: expand files and folders, solve in parallel (rayon, one
//! file per task, so memory stays flat), print results in input order, write
//! overlays atomically, and decide the exit status.
//!
//! The files in flight share one memory budget ([`BatchOptions::memory_budget`]):
//! each is charged its estimate, from its header, before it is read, and holds it
//! until its pictures are written, so `-j 8` on eight 40-megapixel pictures holds
//! what the budget allows, not eight times one. A file that costs more than the
//! whole budget runs alone.
//!
//! One bad file never stops the others: its failure is printed as `path: reason`
//! and the run goes on. Exit 0 when every input was solved, 1 when any failed.
//!
//! The parts follow one input's way through a run: `options` holds what the
//! run was asked for, `job` turns the arguments into jobs, `read` reads an
//! input's bytes, `process` solves it and writes its pictures, and `print`
//! makes the text it prints. This file runs the jobs on the pool, prints their
//! results in order and sums them up.

mod job;
mod options;
mod print;
mod process;
mod read;

use std::collections::{BTreeMap, HashSet};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Instant;

use crate::app::budget::Budget;
pub(crate) use job::named_as_image;
use job::{expand, Source};
pub use options::{BatchOptions, Mode};
use print::Done;
use process::{process, Input};
pub(crate) use read::{read_file, read_stdin};

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
    // What the inputs in flight may hold together, and one turn a worker: an
    // input is opened only when a worker is free for it.
    let (budget, in_flight) = (Budget::new(opts.memory_budget), Budget::new(threads as u64));
    let (tx, rx) = mpsc::channel::<(usize, Done)>();
    let mut failures: Vec<String> = Vec::new();
    let total = jobs.len();
    let ran = std::thread::scope(|scope| {
        let jobs = &jobs;
        let inputs = &inputs;
        let (budget, in_flight) = (&budget, &in_flight);
        // Built, not `scope.spawn`: at the process's thread limit, an error, not a panic.
        // This thread hands the inputs out in order, each once it has a worker's
        // turn and its room in the budget; the workers themselves never wait for
        // room (see `Budget`).
        std::thread::Builder::new().spawn_scoped(scope, move || {
            pool.in_place_scope(|workers| {
                for (i, job) in jobs.iter().enumerate() {
                    let turn = in_flight.charge(1);
                    let input = Input::open(job);
                    let room = budget.charge(input.cost(opts));
                    let tx = tx.clone();
                    workers.spawn(move |_| {
                        let done = process(job, input, opts, inputs);
                        // Memory handed back helps the files still to come; a lone file's
                        // process is about to exit, so the trim would only add to its time.
                        if total > 1 {
                            release_memory();
                        }
                        drop((room, turn));
                        let _ = tx.send((i, done));
                    });
                }
            });
        })?;
        // A lone input that keeps a terminal waiting gets a spinner (a big board's
        // full explanation can take seconds), cleared before its result prints.
        let (mut spinner, mut early) = (None, None);
        if total == 1 && !opts.json && !opts.quiet && std::io::stderr().is_terminal() {
            match rx.recv_timeout(SPINNER_AFTER) {
                Ok(first) => early = Some(first),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    spinner = Some(waiting(&jobs[0].shown, opts.mode, started.elapsed()));
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {}
            }
        }
        // Print in input order as results arrive; on a terminal, sentences are
        // broken at spaces to its width (a pipe or a file gets every line whole).
        let mut pending = BTreeMap::new();
        let mut next = 0;
        let stdout = std::io::stdout();
        let width = (!opts.json && stdout.is_terminal())
            .then(terminal_size::terminal_size)
            .flatten()
            .map(|(w, _)| usize::from(w.0));
        for (i, done) in early.into_iter().chain(rx.iter()) {
            if let Some(bar) = spinner.take() {
                bar.finish_and_clear();
            }
            pending.insert(i, done);
            while let Some(done) = pending.remove(&next) {
                if let Some(bar) = &progress {
                    bar.suspend(|| write_all(&mut stdout.lock(), &wrapped(&done.stdout, width)));
                } else {
                    write_all(&mut stdout.lock(), &wrapped(&done.stdout, width));
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
        Ok::<(), std::io::Error>(())
    });
    if let Err(e) = ran {
        eprintln!("queens: cannot start a thread ({e}); try a smaller -j");
        return 1;
    }
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
        Mode::Why(_) => "answering why in",
    };
    let bar = indicatif::ProgressBar::new_spinner().with_elapsed(elapsed);
    bar.set_style(indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("valid template"));
    let what = if display == "-" { "standard input" } else { display };
    bar.set_message(format!("{doing} {what}"));
    bar.enable_steady_tick(std::time::Duration::from_millis(100));
    bar
}

/// `s` as printed: its prose broken to `width` columns on a terminal, else as it is.
fn wrapped(s: &str, width: Option<usize>) -> std::borrow::Cow<'_, str> {
    match width {
        Some(w) => std::borrow::Cow::Owned(crate::output::wrap::wrap_prose(s, w)),
        None => std::borrow::Cow::Borrowed(s),
    }
}

fn write_all(out: &mut impl Write, s: &str) {
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = out.write_all(s.as_bytes());
    let _ = out.flush();
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
