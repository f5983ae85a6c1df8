//! The subcommands, each turning validated settings into library calls.
//!
//! `Err(message)` means a usage problem (exit 2); per-input failures are reported
//! by the commands themselves and give exit 1.

use std::io::IsTerminal;
use std::path::Path;

use crate::app::batch::{self, BatchOptions, Mode};
use crate::output::background::Background;
use crate::output::render::{Marks, Style};
use crate::output::{names, render};
use crate::pipeline::{self, Timings};
use crate::puzzle::text;
use crate::solve::chess;
use crate::vision::screenshot;
use crate::Cell;

use crate::app::cli::{Batch, Chess, Cli, ColorChoice, Command, Read, ReadFormat, Render, Serve, Solve};

/// Runs the parsed command line; returns the exit status.
pub fn run(cli: Cli) -> Result<u8, String> {
    match cli.command {
        Command::Solve(s) => solve(s),
        Command::Explain(e) => {
            let mut opts = batch_options(e.batch, Mode::Explain);
            opts.boards = e.boards;
            opts.config.explain_from_marks = !e.from_empty;
            opts.solution = e.solution;
            Ok(batch::run(&opts) as u8)
        }
        Command::Hint(h) => {
            let mut opts = batch_options(h.batch, Mode::Hint);
            opts.reveal = h.reveal.into();
            Ok(batch::run(&opts) as u8)
        }
        Command::Why(w) => {
            let mut opts = batch_options(w.batch, Mode::Why(w.cell));
            opts.reveal = w.reveal.into();
            Ok(batch::run(&opts) as u8)
        }
        Command::Read(r) => read(r),
        Command::Render(r) => render_cmd(r),
        Command::Generate(g) => crate::app::generate::run(g),
        Command::Chess(c) => chess_cmd(c),
        Command::Serve(s) => serve_cmd(s),
        Command::Completions(c) => crate::app::shell::completions(<Cli as clap::CommandFactory>::command(), c.shell),
        Command::Man => crate::app::shell::man(<Cli as clap::CommandFactory>::command()),
    }
}

fn solve(s: Solve) -> Result<u8, String> {
    let mut opts = batch_options(s.batch, Mode::Solve);
    opts.share = s.share;
    opts.bounds = s.bounds;
    // The difficulty comes from the explained path, which on a big Star Battle board
    // costs many times the solve: the answer waits for it only under `--grade`.
    opts.config.explain = s.grade;
    Ok(batch::run(&opts) as u8)
}

/// The settings of a batch run in `mode`.
fn batch_options(b: Batch, mode: Mode) -> BatchOptions {
    let mut config = b.common.to_config();
    config.letters = b.letters;
    // The explained path is printed by `explain`; `hint` needs it only for the JSON
    // record's difficulty (its board shows none), so the human hint skips the work.
    config.explain = mode == Mode::Explain || (mode == Mode::Hint && b.json);
    if mode == Mode::Explain {
        config.explain_budget = crate::solve::logic::EXPLAIN_BUDGET;
    }
    let color = match b.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => auto_color(),
    };
    BatchOptions {
        mode,
        inputs: b.inputs,
        config,
        json: b.json,
        out_dir: (!b.no_image).then_some(b.out_dir),
        crop: b.crop,
        share: false,
        bounds: false,
        jobs: b.jobs.map(usize::from),
        memory_budget: b.memory_budget << 20,
        quiet: b.quiet,
        color,
        debug_dir: b.common.debug_dir,
        reveal: crate::solve::logic::Reveal::Answer,
        boards: false,
        solution: mode == Mode::Solve,
    }
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    // A link is the puzzle itself, never a file name (and never fetched).
    if pipeline::Kind::of_argument(&path.to_string_lossy()).is_some() {
        return Ok(path.to_string_lossy().into_owned().into_bytes());
    }
    // Capped, and only regular files (a FIFO or device is refused at once), as for `solve`.
    let read = if path.as_os_str() == "-" { batch::read_stdin() } else { batch::read_file(path) };
    read.map_err(|e| format!("{}: {e}", names::path(path)))
}

/// `queens read`: the region map in the text format, or why it could not be read.
/// Debug pictures that cannot be written are an error too, as for `solve`: the
/// map is still printed, and the exit status says something failed.
fn read(r: Read) -> Result<u8, String> {
    let mut debug_failed = false;
    let code = read_map(r, &mut debug_failed)?;
    Ok(if debug_failed { code.max(1) } else { code })
}

/// The map of `r.input`, read by the pipeline's front door as `solve` reads it
/// (the same sniffing, limits, deadline and refusals), then printed.
fn read_map(r: Read, debug_failed: &mut bool) -> Result<u8, String> {
    let config = r.common.to_config().for_one_puzzle();
    let bytes = match read_bytes(&r.input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{e}");
            return Ok(1);
        }
    };
    let shown = names::path(&r.input);
    let named_as_image = r.input.as_os_str() != "-" && batch::named_as_image(&r.input);
    let reading = pipeline::read(&bytes, named_as_image, &config, &mut Timings::default());
    if let (Some(dir), Some(picture)) = (&r.common.debug_dir, &reading.picture) {
        let outcome = pipeline::Outcome {
            regions: reading.map.as_ref().ok().map(|m| m.regions.clone()),
            from_borders: reading.map.as_ref().is_ok_and(|m| m.from_borders),
            ..pipeline::Outcome::failed(crate::Error::NoSolution, config.solve.stars)
        };
        let stem = r.input.file_stem().map_or("stdin".into(), |s| s.to_string_lossy().into_owned());
        if let Err(e) = crate::output::debug::write(dir, &stem, picture, &outcome) {
            eprintln!("{shown}: {e}");
            *debug_failed = true;
        }
    }
    // The player's marks come along: read from the picture, or the text's marks block.
    let pipeline::Reading { map, marks, unsure, .. } = reading;
    match map {
        Ok(map) if r.format != ReadFormat::Text => {
            let marks = marks.as_ref().filter(|_| r.format == ReadFormat::Penpa);
            read_link(&shown, &map.regions, map.stated, marks, &unsure, r.format, &config)
        }
        Ok(map) => {
            // K travels with the map when it is known (a link's, or `--stars K`), so
            // solving the file later needs no `--stars auto`.
            print!(
                "{}{}",
                config.stars.or_stated(map.stated).map(text::stars_line).unwrap_or_default(),
                text::write_board(&map.regions, marks.as_ref())
            );
            // The map is printed even when it is not a valid partition, so it can be fixed by hand.
            if let Err(e) = crate::puzzle::partition::check(&map.regions, config.pieces) {
                eprintln!("{shown}: {e}");
                return Ok(1);
            }
            if !unsure.is_empty() {
                eprintln!(
                    "{shown}: not sure what is drawn on {} (printed as empty); check the marks block by hand",
                    super::cells::cells_for_people(&unsure)
                );
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

/// `queens read --format puzzlink|penpa`: the link alone. K is `--stars K`, else the
/// input's own (a link's), else `--stars auto` solves the puzzle to find it. A penpa
/// link carries the player's `marks` too; marks the reader was unsure of are left
/// out of it and named, as for the text format.
fn read_link(
    shown: &str,
    regions: &crate::Regions,
    stated: Option<usize>,
    marks: Option<&crate::puzzle::marks::Marks>,
    unsure: &[crate::Cell],
    format: ReadFormat,
    config: &pipeline::Config,
) -> Result<u8, String> {
    let partition = crate::puzzle::partition::check(regions, config.pieces);
    let stars = match (config.stars.or_stated(stated), &partition) {
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
    let url = match format {
        ReadFormat::Penpa => crate::puzzle::penpa::encode(regions, stars, marks),
        _ => crate::puzzle::puzzlink::encode(regions, stars),
    };
    let Some(url) = url else {
        eprintln!(
            "{shown}: a region is in several pieces, which a link cannot express (it draws walls between regions)"
        );
        return Ok(1);
    };
    println!("{url}");
    // The URL is printed even when the map is not a valid partition, so it can be fixed by hand.
    if let Err(e) = partition {
        eprintln!("{shown}: {e}");
        return Ok(1);
    }
    if format == ReadFormat::Penpa && !unsure.is_empty() {
        eprintln!(
            "{shown}: not sure what is drawn on {} (left empty in the link); check those cells in penpa-edit",
            super::cells::cells_for_people(unsure)
        );
        return Ok(1);
    }
    Ok(0)
}

/// `queens render`: draw a text puzzle like the game. A wrong output name is a
/// usage error (exit 2); an input that cannot be drawn is a failed input (exit 1,
/// one line `path: reason`), as for the other commands.
fn render_cmd(r: Render) -> Result<u8, String> {
    let ext = r.output.extension().and_then(|e| e.to_str()).map(str::to_lowercase);
    if !matches!(ext.as_deref(), Some("png" | "jpg" | "jpeg")) {
        return Err(format!("{}: the output must end in .png or .jpg", names::path(&r.output)));
    }
    match render_file(&r, ext.as_deref() == Some("png")) {
        Ok(()) => Ok(0),
        Err(message) => {
            eprintln!("{message}");
            Ok(1)
        }
    }
}

/// Draws `r.puzzle` into `r.output` (PNG when `png`, else JPEG); `Err` says why not.
fn render_file(r: &Render, png: bool) -> Result<(), String> {
    let bytes = read_bytes(&r.puzzle)?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{}: not a text puzzle", names::path(&r.puzzle)))?;
    // A puzz.link link (the argument, or a file holding one) draws like any other input.
    let (regions, _, board_marks) =
        pipeline::parse_text(&text).map_err(|e| format!("{}: {e}", names::path(&r.puzzle)))?;
    let style = Style {
        cell: r.cell,
        margin: r.margin,
        dark: r.theme == crate::app::cli::Theme::Dark,
        colors: None,
        // A moving page is the Bonus page: its header and buttons get their own bands.
        furniture: r.margin >= 2 * r.cell || r.background != crate::app::cli::Background::Plain,
        background: match r.background {
            crate::app::cli::Background::Plain => Background::Plain,
            crate::app::cli::Background::Gradient => Background::Gradient,
            crate::app::cli::Background::Radial => Background::Radial,
            crate::app::cli::Background::Diagonal => Background::Diagonal,
        },
        bordered: (r.style == crate::app::cli::RenderStyle::Bordered).then_some(match r.lines {
            crate::app::cli::RenderLines::Solid => render::GridLines::Solid,
            crate::app::cli::RenderLines::Dotted => render::GridLines::Dotted,
        }),
        star_marks: match r.like {
            crate::app::cli::StarLook::Penpa => render::StarMarks::Penpa,
            crate::app::cli::StarLook::Pzprjs => render::StarMarks::Pzprjs,
        },
        shaded: r.shaded,
    };
    let mut marks = Marks::default();
    let crown = match r.crowns {
        None | Some(crate::app::cli::CrownLook::Black) => render::CrownStyle::Black,
        Some(crate::app::cli::CrownLook::Gold) => render::CrownStyle::Gold,
    };
    let cross = match r.crosses {
        crate::app::cli::CrossLook::X => render::CrossStyle::X,
        crate::app::cli::CrossLook::Dot => render::CrossStyle::Dot,
    };
    let mut game = match (r.marks, board_marks) {
        (crate::app::cli::Marks::Board, None) => {
            return Err(format!("{}: --marks board needs a marks block after the region lines", names::path(&r.puzzle)))
        }
        (crate::app::cli::Marks::Board, Some(m)) => Some(render::GameMarks { marks: m, crown, cross }),
        _ => None,
    };
    if !matches!(r.marks, crate::app::cli::Marks::None | crate::app::cli::Marks::Board) {
        // Drawing is not interactive: give big Star Battle boards time to be proven unique.
        let options = crate::solve::SolveOptions {
            stars: usize::from(r.stars),
            time_limit: std::time::Duration::from_secs(120),
            ..Default::default()
        };
        let solution = crate::solve::solve(&regions, &options)
            .map_err(|e| format!("{}: cannot draw marks: {e}", names::path(&r.puzzle)))?;
        if r.marks == crate::app::cli::Marks::Queens {
            marks.crowns = Some(solution);
        } else {
            // Half-played: one crown and X marks on the other free cells of its row.
            let first = solution.cells()[0];
            marks.crowns = Some(crate::Placement::new(vec![first]));
            marks.crosses =
                (0..regions.n()).map(|c| Cell::new(first.row, c)).filter(|&c| !solution.contains(c)).collect();
        }
    }
    // `--crowns` on the solution: the game's crowns (and X marks) instead of the overlay's.
    if r.crowns.is_some() && game.is_none() && style.bordered.is_none() {
        if let Some(crowns) = marks.crowns.take() {
            game = Some(render::GameMarks {
                marks: render::game_board(regions.n(), &crowns, &marks.crosses),
                crown,
                cross,
            });
            marks.crosses.clear();
        }
    }
    // The same pixel budget as for pictures read, checked before any drawing.
    let (w, h) = render::picture_size(regions.n(), &style);
    let (max_side, max_pixels) = (u64::from(pipeline::Config::default().max_side), screenshot::DEFAULT_MAX_PIXELS);
    if w > max_side || h > max_side || w * h > max_pixels {
        return Err(format!(
            "{}: the picture would be {w}×{h} pixels, over the limit of {} megapixels and {max_side} pixels a side; use a smaller --cell or --margin",
            names::path(&r.output),
            max_pixels / 1_000_000
        ));
    }
    let (img, _) = render::render_with(&regions, &style, &marks, game.as_ref());
    let encoded = if png {
        crate::output::overlay::encode_png(&img)
    } else {
        let mut out = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, r.quality)
            .encode_image(&img)
            .map_err(|e| format!("{}: cannot encode JPEG: {e}", names::path(&r.output)))?;
        out
    };
    // Like every picture written: a fresh temp file renamed over the name, and a
    // name that is a symlink or not the user's own file is left alone.
    crate::output::files::write_atomic(&r.output, &encoded).map_err(|e| e.to_string())
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

/// Color by default: standard output is a terminal and `NO_COLOR` is unset (or empty).
fn auto_color() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// `queens serve`: the local web page until Ctrl+C.
fn serve_cmd(s: Serve) -> Result<u8, String> {
    let mut opts = crate::app::serve::ServeOptions::default();
    opts.config.solve.time_limit = s.time_limit;
    opts.config.max_pixels = s.max_pixels;
    opts.memory_budget = u64::from(s.memory_budget) << 20;
    opts.max_connections = s.max_connections as usize;
    if let Some(jobs) = s.jobs {
        opts.max_concurrent = usize::from(jobs);
    }
    opts.per_client = usize::from(s.per_client);
    // The time limit covers the uniqueness proof; leave room for decoding and drawing.
    opts.request_timeout = opts.config.solve.time_limit + std::time::Duration::from_secs(10);
    let host = match (s.host, s.lan) {
        (Some(host), _) => host,
        (None, false) => std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
        (None, true) => crate::app::serve::lan::lan_address().ok_or(
            "serve --lan: this machine has no LAN address (no network?); connect to one, or give --host ADDRESS",
        )?,
    };
    if s.lan {
        opts.token = Some(crate::app::serve::lan::new_token().map_err(|e| format!("serve --lan: {e}"))?);
    }
    let addr = std::net::SocketAddr::new(host, s.port);
    // The QR code is drawn black on white on a terminal, so it reads on dark themes too.
    let color = auto_color();
    if let Some(limit) = descriptor_limit().filter(|&n| n < MIN_DESCRIPTORS) {
        eprintln!(
            "queens: cannot start the server: the open-file limit is {limit} (ulimit -n) and it needs \
             at least {MIN_DESCRIPTORS}; raise it"
        );
        return Ok(1);
    }
    if let Some(fit) = descriptor_limit().map(connections_within) {
        if fit < opts.max_connections {
            eprintln!(
                "queens: --max-connections lowered from {} to {fit} to fit the open-file limit of {} (ulimit -n)",
                opts.max_connections,
                descriptor_limit().unwrap_or(0)
            );
            opts.max_connections = fit;
        }
    }
    // One thread serves every connection (the work is on a thread per solve), so
    // starting needs no thread that a process cap could refuse.
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!(
                "queens: cannot start the server: {}; close other programs or raise the limit",
                crate::error::io_reason(&e)
            );
            return Ok(1);
        }
    };
    let served = runtime.block_on(crate::app::serve::serve(addr, opts, color));
    // Solves still running (on blocking threads) are not waited for: the process
    // stops now, and they with it.
    runtime.shutdown_background();
    match served {
        Ok(()) => Ok(0),
        Err(e) => {
            eprintln!("queens: cannot serve on {addr}: {}", crate::error::io_reason(&e));
            Ok(1)
        }
    }
}

/// Descriptors the server needs to start and answer a few connections: the three
/// standard streams, the runtime's event queue and waker, the signal pipe tokio
/// makes (it panics when it cannot, so the limit is checked first), the listener.
const MIN_DESCRIPTORS: u64 = 16;

/// The connections that fit an open-file limit of `limit`: each holds a
/// descriptor, and the rest is room for the server's own ([`MIN_DESCRIPTORS`]:
/// the listener among them) and an eighth of the limit for files and for the
/// connection accepted before the oldest is closed. Past the limit, accepting
/// fails and clients wait; under it, the oldest idle connection makes room.
fn connections_within(limit: u64) -> usize {
    let room = MIN_DESCRIPTORS + limit / 8;
    usize::try_from(limit.saturating_sub(room)).unwrap_or(usize::MAX).max(1)
}

/// The process's soft open-file limit, where the system says.
fn descriptor_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes one rlimit into the struct it is given.
        let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0;
        // `rlim_t` is u64 on Linux, other widths elsewhere.
        #[allow(clippy::unnecessary_cast)]
        ok.then_some(limit.rlim_cur as u64)
    }
    #[cfg(not(unix))]
    None
}
