//! `queens generate`: the options become a [`Spec`], the puzzles become files and
//! lines. Making the puzzles is the generate stage's; drawing and formatting them
//! is the output layer's; this module only parses, writes and prints.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use crate::app::batch;
use crate::app::cli::{Generate, GenerateFormat, RenderStyle, Theme};
use crate::generate::{self, canon::Seen, Puzzle, Spec, Target};
use crate::output::{files, generated, names, overlay, render};
use crate::Regions;

/// Runs `queens generate`; exit 0 when every puzzle was made, 1 when some were
/// not, `Err` (exit 2) for options that cannot work.
pub fn run(g: Generate) -> Result<u8, String> {
    let spec = Spec {
        n: usize::from(g.size),
        stars: usize::from(g.stars),
        target: g.hardest.map_or(Target::Grade(g.grade.grade()), Target::Hardest),
        time_limit: g.time_limit,
    };
    spec.check().map_err(|e| e.to_string())?;
    let avoid = not_in(&g.not_in)?;
    let wants = |f: GenerateFormat| g.format.contains(&f);
    if wants(GenerateFormat::Text) || wants(GenerateFormat::Png) {
        std::fs::create_dir_all(&g.out_dir)
            .map_err(|e| format!("cannot create {}: {}", names::path(&g.out_dir), crate::error::io_reason(&e)))?;
    }
    let seed = g.seed.unwrap_or_else(clock_seed);
    let style = render::Style {
        cell: g.cell,
        dark: g.theme == Theme::Dark,
        bordered: (g.style == RenderStyle::Bordered).then_some(render::GridLines::Dotted),
        ..render::Style::default()
    };
    let count = g.count as usize;
    let progress = (!g.quiet && count > 3 && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(count as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed}").expect("valid template"),
        );
        bar
    });
    let threads = g.jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |p| p.get()), usize::from);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            // The process's thread limit: a failure of this run, not of its command line.
            eprintln!("queens generate: cannot start {threads} worker threads ({e}); try a smaller -j");
            return Ok(1);
        }
    };
    let mut failed = 0;
    let tick = || {
        if let Some(bar) = &progress {
            bar.inc(1);
        }
    };
    let mut emit = |result: crate::Result<Puzzle>| {
        let puzzle = match result {
            Ok(p) => p,
            Err(e) => {
                failed += 1;
                let line = format!("queens generate: {e}");
                match &progress {
                    Some(bar) => bar.println(line),
                    None => eprintln!("{line}"),
                }
                return;
            }
        };
        let written = match write(&puzzle, &g, &style) {
            Ok(w) => w,
            Err(e) => {
                failed += 1;
                eprintln!("{e}");
                return;
            }
        };
        let mut lines = Vec::new();
        if wants(GenerateFormat::Json) {
            let exact: Vec<String> = written.iter().map(|p| names::exact(p)).collect();
            lines.push(generated::json(&puzzle, g.with_solution, &exact));
        } else {
            if !g.quiet {
                let shown: Vec<String> = written.iter().map(|p| names::path(p)).collect();
                lines.push(generated::summary(&puzzle, &shown));
            }
            if wants(GenerateFormat::Puzzlink) {
                lines.push(generated::link(&puzzle));
            }
        }
        for line in lines {
            match &progress {
                Some(bar) => bar.suspend(|| println!("{line}")),
                None => println!("{line}"),
            }
        }
    };
    pool.install(|| generate::run(&spec, seed, count, &avoid, &tick, &mut emit));
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if failed > 0 && count > 1 {
        eprintln!("queens generate: {failed} of {count} puzzles could not be made");
    }
    Ok(u8::from(failed > 0))
}

/// Writes the puzzle's files; returns their paths. When one cannot be written (a
/// full disk), those already written are removed: a puzzle reported as not made
/// leaves no file.
fn write(p: &Puzzle, g: &Generate, style: &render::Style) -> Result<Vec<PathBuf>, String> {
    let mut written = Vec::new();
    let result = write_each(p, g, style, &mut written);
    if result.is_err() {
        for path in &written {
            let _ = std::fs::remove_file(path);
        }
    }
    result.map(|()| written)
}

/// [`write()`]'s files, each path added to `written` once it is there.
fn write_each(p: &Puzzle, g: &Generate, style: &render::Style, written: &mut Vec<PathBuf>) -> Result<(), String> {
    let stem = generated::stem(p);
    let mut put = |path: PathBuf, bytes: &[u8]| -> Result<(), String> {
        files::write_atomic(&path, bytes).map_err(|e| e.to_string())?;
        written.push(path);
        Ok(())
    };
    if g.format.contains(&GenerateFormat::Text) {
        put(g.out_dir.join(format!("{stem}.txt")), generated::text_file(p, g.with_solution).as_bytes())?;
    }
    if g.format.contains(&GenerateFormat::Png) {
        let (img, _) = render::render(&p.regions, style, &render::Marks::default());
        put(g.out_dir.join(format!("{stem}.png")), &overlay::encode_png(&img))?;
        if g.with_solution {
            let marks = render::Marks { crowns: Some(p.solution.clone()), ..Default::default() };
            let (img, _) = render::render(&p.regions, style, &marks);
            put(g.out_dir.join(format!("{stem}.solution.png")), &overlay::encode_png(&img))?;
        }
    }
    Ok(())
}

/// The layouts of `--not-in` files (`-`: standard input): level JSON, a list of
/// objects with "regions" (rows of letters). A file that is not that is a usage
/// error naming it.
fn not_in(paths: &[PathBuf]) -> Result<Seen, String> {
    let mut seen = Seen::new();
    for path in paths {
        levels(path, &mut seen)?;
    }
    Ok(seen)
}

/// Reads the levels of `path` into `seen`, one level at a time: nothing grows
/// with the file but the layouts themselves (a level's other fields, and anything
/// that is not a level, are passed over unheld), so a file costs about its size.
fn levels(path: &Path, seen: &mut Seen) -> Result<(), String> {
    let shown = names::path(path);
    // Capped, and only regular files (a FIFO or device is refused at once), as every input.
    let read = if path == Path::new("-") { batch::read_stdin() } else { batch::read_file(path) };
    let bytes = read.map_err(|e| format!("{shown}: {e}"))?;
    levels_in(&bytes, &shown, seen)
}

/// Reads the levels of level JSON `bytes` (of the file `shown`, for messages) into
/// `seen`, as [`levels`] describes. The `levels_sized` fuzz target reads through it.
pub(crate) fn levels_in(bytes: &[u8], shown: &str, seen: &mut Seen) -> Result<(), String> {
    use serde::de::Deserializer as _;
    if let Err(e) = serde_json::from_slice::<serde::de::IgnoredAny>(bytes) {
        return Err(format!("{shown}: not JSON: {e}"));
    }
    let mut level = 0;
    let mut de = serde_json::Deserializer::from_slice(bytes);
    de.deserialize_seq(Levels { seen, level: &mut level }).map_err(|_| match level {
        0 => format!("{shown}: expected a JSON list of levels"),
        i => format!("{shown}: level {i} has no \"regions\" as a square of rows"),
    })
}

/// The list of levels, each read and remembered as it comes.
struct Levels<'a> {
    seen: &'a mut Seen,
    /// The 1-based number of the level being read (0 before the list).
    level: &'a mut usize,
}

impl<'de> serde::de::Visitor<'de> for Levels<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a list of levels")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        loop {
            *self.level += 1;
            let Some(Level { regions }) = seq.next_element::<Level>()? else { return Ok(()) };
            let regions = regions.and_then(|r| Regions::from_rows(&r));
            self.seen.insert(&regions.ok_or_else(|| serde::de::Error::custom("no regions"))?);
        }
    }
}

/// One level: its "regions" rows, at most [`crate::puzzle::text::MAX_N`] of them
/// (more is refused as it is read); every other field passed over.
#[derive(serde::Deserialize)]
struct Level {
    #[serde(default, deserialize_with = "rows")]
    regions: Option<Vec<String>>,
}

fn rows<'de, D: serde::Deserializer<'de>>(de: D) -> Result<Option<Vec<String>>, D::Error> {
    struct Rows;
    impl<'de> serde::de::Visitor<'de> for Rows {
        type Value = Option<Vec<String>>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("rows of letters")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut rows = Vec::new();
            while let Some(row) = seq.next_element::<String>()? {
                if rows.len() == crate::puzzle::text::MAX_N {
                    return Err(serde::de::Error::custom("too many rows"));
                }
                rows.push(row);
            }
            Ok(Some(rows))
        }
    }
    de.deserialize_seq(Rows)
}

/// A seed when none is given: the clock's nanoseconds (printed with every puzzle,
/// so a run can always be repeated).
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64) & generate::MAX_SEED
}
