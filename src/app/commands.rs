//! The subcommands, each turning validated settings into library calls.
//!
//! `Err(message)` means a usage problem (exit 2); per-input failures are reported
//! by the commands themselves and give exit 1.

use std::io::{IsTerminal, Read as _};
use std::path::Path;

use crate::app::batch::{self, BatchOptions};
use crate::output::render;
use crate::output::render::{Marks, Style};
use crate::pipeline::{self, Timings};
use crate::puzzle::text;
use crate::solve::chess;
use crate::vision::screenshot;
use crate::Cell;

use crate::app::cli::{Chess, Cli, ColorChoice, Command, Read, ReadFormat, Render, Serve, Solve};
use crate::solve::stars::Stars;

/// Runs the parsed command line; returns the exit status.
pub fn run(cli: Cli) -> Result<u8, String> {
    match cli.command {
        Command::Solve(s) => solve(s),
        Command::Read(r) => read(r),
        Command::Render(r) => render_cmd(r),
        Command::Chess(c) => chess_cmd(c),
        Command::Serve(s) => serve_cmd(s),
    }
}

fn solve(s: Solve) -> Result<u8, String> {
    let config = s.common.to_config();
    let color = match s.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    let opts = BatchOptions {
        inputs: s.inputs,
        config,
        json: s.json,
        out_dir: (!s.no_image).then_some(s.out_dir),
        crop: s.crop,
        share: s.share,
        bounds: s.bounds,
        jobs: s.jobs.map(usize::from),
        quiet: s.quiet,
        color,
        debug_dir: s.common.debug_dir,
    };
    Ok(batch::run(&opts) as u8)
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    // A puzz.link URL is the puzzle itself, never a file name (and never fetched).
    if crate::puzzle::puzzlink::looks_like_url(&path.to_string_lossy()) {
        return Ok(path.to_string_lossy().into_owned().into_bytes());
    }
    if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        std::io::stdin().read_to_end(&mut buf).map_err(|e| format!("cannot read standard input: {e}"))?;
        return Ok(buf);
    }
    std::fs::read(path).map_err(|e| format!("{}: {}", path.display(), crate::error::io_reason(&e)))
}

/// `queens read`: the region map in the text format, or why it could not be read.
fn read(r: Read) -> Result<u8, String> {
    let config = r.common.to_config();
    let bytes = match read_bytes(&r.input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{e}");
            return Ok(1);
        }
    };
    let shown = r.input.display();
    let mut stated = None;
    let regions = if screenshot::looks_like_image(&bytes) {
        let image = match screenshot::decode(&bytes, config.max_side) {
            Ok(i) => i,
            Err(e) => {
                eprintln!("{shown}: {e}");
                return Ok(1);
            }
        };
        let (picture, map) = pipeline::read_picture(image, &mut Timings::default());
        if let Some(dir) = &r.common.debug_dir {
            let outcome = pipeline::Outcome {
                regions: map.as_ref().ok().map(|m| m.regions.clone()),
                ..pipeline::Outcome::failed(crate::Error::NoSolution)
            };
            let stem = r.input.file_stem().map_or("stdin".into(), |s| s.to_string_lossy().into_owned());
            if let Err(e) = crate::output::debug::write(dir, &stem, &picture, &outcome) {
                eprintln!("{shown}: {e}");
            }
        }
        map.map(|m| m.regions)
    } else {
        String::from_utf8(bytes)
            .map_err(|_| crate::Error::Decode { reason: "not an image or a text puzzle".into() })
            .and_then(|t| pipeline::parse_text(&t))
            .map(|(regions, k)| {
                stated = k;
                regions
            })
    };
    match regions {
        Ok(regions) if r.format == ReadFormat::Puzzlink => read_puzzlink(&shown.to_string(), &regions, stated, &config),
        Ok(regions) => {
            print!("{}", text::write(&regions));
            // The map is printed even when it is not a valid partition, so it can be fixed by hand.
            if let Err(e) = crate::puzzle::partition::check(&regions, config.pieces) {
                eprintln!("{shown}: {e}");
                return Ok(1);
            }
            Ok(0)
        }
        Err(e) => {
            eprintln!("{shown}: {e}");
            Ok(1)
        }
    }
}

/// `queens read --format puzzlink`: the URL alone. K is `--stars K`, else the
/// input's own (a URL), else `--stars auto` solves the puzzle to find it.
fn read_puzzlink(
    shown: &str,
    regions: &crate::Regions,
    stated: Option<usize>,
    config: &pipeline::Config,
) -> Result<u8, String> {
    let partition = crate::puzzle::partition::check(regions, config.pieces);
    let known = match config.stars {
        Stars::Fixed(k) => Some(k),
        Stars::Auto => stated,
    };
    let stars = match (known, &partition) {
        (Some(k), _) => k,
        (None, Err(e)) => {
            eprintln!("{shown}: {e}");
            return Ok(1);
        }
        (None, Ok(())) => match crate::solve::stars::solve_auto(regions, &config.solve) {
            (Some(k), Ok(_)) => k,
            (_, result) => {
                let why = result.err().map_or_else(|| "no star count found".to_string(), |e| e.to_string());
                eprintln!("{shown}: cannot tell the star count: {why}");
                return Ok(1);
            }
        },
    };
    let Some(url) = crate::puzzle::puzzlink::encode(regions, stars) else {
        eprintln!("{shown}: a region is in several pieces, which a puzz.link URL cannot express");
        return Ok(1);
    };
    println!("{url}");
    // The URL is printed even when the map is not a valid partition, so it can be fixed by hand.
    if let Err(e) = partition {
        eprintln!("{shown}: {e}");
        return Ok(1);
    }
    Ok(0)
}

/// `queens render`: draw a text puzzle like the game.
fn render_cmd(r: Render) -> Result<u8, String> {
    let bytes = read_bytes(&r.puzzle)?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{}: not a text puzzle", r.puzzle.display()))?;
    let regions = text::parse(&text).map_err(|e| format!("{}: {e}", r.puzzle.display()))?;
    let style = Style {
        cell: r.cell,
        margin: r.margin,
        dark: r.theme == crate::app::cli::Theme::Dark,
        colors: None,
        furniture: r.margin >= 2 * r.cell,
    };
    let mut marks = Marks::default();
    if r.marks != crate::app::cli::Marks::None {
        let solution = crate::solve::solve(&regions, &crate::solve::SolveOptions::default())
            .map_err(|e| format!("{}: cannot draw marks: {e}", r.puzzle.display()))?;
        if r.marks == crate::app::cli::Marks::Queens {
            marks.crowns = Some(solution);
        } else {
            // Half-played: one crown and X marks on the cells it rules out in its row.
            let first = solution.cells()[0];
            marks.crowns = Some(crate::Placement::new(vec![first]));
            marks.crosses = (0..regions.n()).filter(|&c| c != first.col).map(|c| Cell::new(first.row, c)).collect();
        }
    }
    let (img, _) = render::render(&regions, &style, &marks);
    let ext = r.output.extension().and_then(|e| e.to_str()).map(str::to_lowercase);
    let encoded = match ext.as_deref() {
        Some("jpg" | "jpeg") => {
            let mut out = Vec::new();
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, r.quality)
                .encode_image(&img)
                .map_err(|e| format!("cannot encode JPEG: {e}"))?;
            out
        }
        Some("png") => crate::output::overlay::encode_png(&img),
        _ => return Err(format!("{}: the output must end in .png or .jpg", r.output.display())),
    };
    std::fs::write(&r.output, encoded)
        .map_err(|e| format!("cannot write {}: {}", r.output.display(), crate::error::io_reason(&e)))?;
    Ok(0)
}

/// `queens chess`: the chess-queens model with its bounds.
fn chess_cmd(c: Chess) -> Result<u8, String> {
    let piece = if c.rooks { chess::Piece::Rooks } else { chess::Piece::Queens };
    match chess::solve(c.n as usize, piece, c.time_limit) {
        Ok(report) => {
            if c.json {
                println!("{}", crate::output::chess::to_json(&report));
            } else {
                print!("{}", crate::output::chess::to_table(&report));
            }
            Ok(0)
        }
        Err(e) => {
            eprintln!("chess {}: {e}", c.n);
            Ok(1)
        }
    }
}

/// `queens serve`: the local web page until Ctrl+C.
fn serve_cmd(s: Serve) -> Result<u8, String> {
    let mut opts = crate::app::serve::ServeOptions::default();
    opts.config.solve.time_limit = s.time_limit;
    // The time limit covers the uniqueness proof; leave room for decoding and drawing.
    opts.request_timeout = opts.request_timeout.max(opts.config.solve.time_limit + std::time::Duration::from_secs(10));
    let addr = std::net::SocketAddr::new(s.host, s.port);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    match runtime.block_on(crate::app::serve::serve(addr, opts)) {
        Ok(()) => Ok(0),
        Err(e) => {
            eprintln!("queens: cannot serve on {addr}: {}", crate::error::io_reason(&e));
            Ok(1)
        }
    }
}
