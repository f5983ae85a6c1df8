//! One input, start to finish: bytes → puzzle → checked solution, with stage times.
//!
//! This is where the stages are chained; each stage lives in its own module. The
//! outcome keeps whatever was learned before a failure (the region map, the grid)
//! so reports can show it.

use std::time::Instant;

use crate::error::{Error, Result};
use crate::puzzle::deadline::Deadline;
use crate::puzzle::marks::Marks;
use crate::puzzle::partition;
use crate::puzzle::{penpa, puzzlink, text};
use crate::puzzle::{Placement, Regions};
use crate::solve::logic::{self, Board, CellState, Difficulty, Engine, Names, Path, Step};
use crate::solve::stars;
use crate::solve::{self, LpBounds, SolveOptions};
use crate::vision::borders;
use crate::vision::cells::{self, CellColors};
use crate::vision::grid::{self, BoardArea, Grid};
use crate::vision::marks::{self, MarkReading};
use crate::vision::regions::{self, RegionMap};
use crate::vision::screenshot;

mod config;
pub(crate) use config::ms_since;
pub use config::{Config, Timings};

/// Everything learned about one input.
#[derive(Debug)]
pub struct Outcome {
    /// The region map, when one was read (even if it was then refused).
    pub regions: Option<Regions>,
    /// The checked unique solution, or why there is none.
    pub result: Result<Placement>,
    /// The star count K the result is about: fixed, stated by a URL, or found by
    /// `--stars auto` (`None` when auto found no K, or more than one).
    pub stars: Option<usize>,
    /// Where the board is in the picture, for image inputs.
    pub grid: Option<BoardArea>,
    /// Display color of each region (sRGB), for image inputs.
    pub colors: Option<Vec<[u8; 3]>>,
    /// LP relaxation report, when asked for.
    pub lp: Option<LpBounds>,
    /// The player's marks, when the input carried them.
    pub marks: Option<Marks>,
    /// The explained solve path, when asked for and the puzzle was solved.
    pub explained: Option<Explanation>,
    /// Cells whose mark the screenshot reader was not sure of (left blank in `marks`).
    pub unsure: Vec<crate::Cell>,
    /// True when the regions were read from borders alone (a grid without region colors).
    pub from_borders: bool,
    /// The exact engine that answered, when one ran.
    pub engine: Option<solve::Exact>,
    /// Stage times.
    pub ms: Timings,
}

/// [`Outcome::naming_colors`] for a map's `colors` before its outcome exists.
fn naming_colors(colors: Option<&[[u8; 3]]>, from_borders: bool) -> Option<&[[u8; 3]]> {
    colors.filter(|_| !from_borders)
}

impl Outcome {
    /// The region colours to name regions by in sentences: none for a board read
    /// from borders alone, whose cells are all the page's one colour (the "white
    /// region" would name them all), so its regions go by letter.
    pub fn naming_colors(&self) -> Option<&[[u8; 3]]> {
        naming_colors(self.colors.as_deref(), self.from_borders)
    }

    /// True when sentences name regions by letter ("region C"): no colours to name
    /// them by (a text puzzle, a board read from its borders). Pictures of hints
    /// then draw the letters, so the words and the picture match.
    pub fn names_by_letter(&self) -> bool {
        self.naming_colors().is_none_or(|c| self.regions.as_ref().is_none_or(|r| c.len() != r.region_count()))
    }

    /// An outcome that failed before a region map was read.
    pub fn failed(e: Error) -> Self {
        Outcome {
            regions: None,
            result: Err(e),
            stars: None,
            grid: None,
            colors: None,
            lp: None,
            marks: None,
            explained: None,
            unsure: Vec::new(),
            from_borders: false,
            engine: None,
            ms: Timings::default(),
        }
    }
}

/// Parses, checks and solves a text puzzle, or a puzz.link URL (with its own K).
pub fn solve_text(input: &str, config: &Config) -> Outcome {
    let start = Instant::now();
    let config = &config.for_one_puzzle();
    let mut ms = Timings::default();
    let parsed = parse_text(input).and_then(|(regions, stated, marks)| {
        let colors = text::region_colors(input, &regions)?;
        Ok((regions, stated, marks, colors))
    });
    ms.parse = Some(ms_since(start));
    let mut outcome = match parsed {
        Ok((regions, stated, marks, colors)) => {
            let (mut o, beside) =
                solve_puzzle(regions, stated, colors.as_deref(), &beside_of(config, marks.as_ref()), &mut ms);
            o.marks = marks;
            o.colors = colors;
            explain_outcome(&mut o, config, &mut ms, beside);
            o
        }
        Err(e) => Outcome::failed(e),
    };
    ms.total = ms_since(start);
    outcome.ms = ms;
    outcome
}

/// A text puzzle, a puzz.link URL or a penpa-edit link: the regions, K when the
/// input states it (the link's K, or a text puzzle's `# stars: K` line), and the
/// player's marks when a text puzzle carries a marks block or a penpa link holds them.
pub fn parse_text(input: &str) -> Result<(Regions, Option<usize>, Option<Marks>)> {
    if penpa::looks_like_penpa(input) {
        penpa::parse(input).map(|p| (p.regions, p.stars, p.marks))
    } else if puzzlink::looks_like_url(input) {
        puzzlink::parse(input).map(|p| (p.regions, Some(p.stars), None))
    } else {
        let (regions, marks) = text::parse_board(input)?;
        Ok((regions, text::stated_stars(input)?, marks))
    }
}

/// Partition check, then the exact solve with its uniqueness proof (every answer
/// rule-checked), for a puzzle that may state its own K (`stated`, from a URL).
/// K: `--stars K` first, then the stated K, else `--stars auto` tries every K.
///
/// When the config asks for the explanation and K is known before the solve, the
/// engine explains the puzzle (naming regions by `colors`) beside the exact solve,
/// on the same rayon pool, and hands its path back for [`explain_outcome`] to judge
/// against the solution: the two are independent until then, and on a big Star Battle
/// board the explanation costs about half the solve, which the user would otherwise
/// wait for on top of it. Off a rayon pool (the server's blocking threads) the two
/// run one after the other, so one request never takes more than its one thread.
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
                let (solved, explained) = rayon::join(solve, || explain_path(&regions, colors, k, config));
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
    (Outcome { regions: Some(regions), result, stars, engine, ..Outcome::failed(Error::NoSolution) }, beside)
}

/// What the reader found in a picture, for overlays and debug output.
#[derive(Debug)]
pub struct Picture {
    /// The decoded screenshot.
    pub image: image::RgbImage,
    /// The board's lattice, when found.
    pub grid: Option<Grid>,
    /// Sampled cell colors and line widths, when the grid was found.
    pub cells: Option<CellColors>,
    /// The player's marks, when the cells were sampled.
    pub marks: Option<MarkReading>,
}

/// The vision half: grid → cell colors → marks → region map, timing each stage.
/// A board partly hidden under an overlay is refused: its hidden cells are never guessed.
pub fn read_picture(image: image::RgbImage, ms: &mut Timings) -> (Picture, Result<RegionMap>) {
    read_picture_within(image, ms, Deadline::NONE)
}

/// [`read_picture`] that stops with [`Error::ReadingTimeLimit`] once `deadline`
/// has passed: the grid search checks it as it goes, and every later stage before it starts.
pub fn read_picture_within(
    image: image::RgbImage,
    ms: &mut Timings,
    deadline: Deadline,
) -> (Picture, Result<RegionMap>) {
    let (grid, cells, mut map) = read_regions_within(&image, ms, deadline);
    if deadline.passed() {
        map = Err(Error::ReadingTimeLimit);
        return (Picture { image, grid, cells, marks: None }, map);
    }
    let marks = grid.as_ref().zip(cells.as_ref()).map(|(g, c)| {
        let t = Instant::now();
        let reading = marks::read(&image, g, c);
        ms.marks = Some(ms_since(t));
        reading
    });
    if let Some(m) = marks.as_ref().filter(|m| !m.covered.is_empty()) {
        map = Err(Error::Covered { cells: m.covered.len() });
    }
    if deadline.passed() {
        map = Err(Error::ReadingTimeLimit);
    }
    let _ = covered_instead(&image, &mut map);
    (Picture { image, grid, cells, marks }, map)
}

/// [`read_picture`] on a borrowed image: the grid and cell colors found (if any) and the map.
pub fn read_regions(
    image: &image::RgbImage,
    ms: &mut Timings,
) -> (Option<Grid>, Option<CellColors>, Result<RegionMap>) {
    read_regions_within(image, ms, Deadline::NONE)
}

/// [`read_regions`] within `deadline` (see [`read_picture_within`]).
pub fn read_regions_within(
    image: &image::RgbImage,
    ms: &mut Timings,
    deadline: Deadline,
) -> (Option<Grid>, Option<CellColors>, Result<RegionMap>) {
    let t = Instant::now();
    let grid = grid::detect_within(image, deadline);
    ms.grid = Some(ms_since(t));
    let grid = match grid {
        Ok(g) => g,
        Err(e) => return (None, None, Err(e)),
    };
    if deadline.passed() {
        return (Some(grid), None, Err(Error::ReadingTimeLimit));
    }
    let t = Instant::now();
    let colors = cells::sample(image, &grid);
    ms.cells = Some(ms_since(t));
    if deadline.passed() {
        return (Some(grid), Some(colors), Err(Error::ReadingTimeLimit));
    }
    let t = Instant::now();
    let map = borders::settle(image, &grid, &colors, regions::cluster(&colors));
    ms.cluster = Some(ms_since(t));
    if matches!(&map, Err(e) if e.kind() == "regions") {
        if let Some(found) = framed_board(image, &grid, ms, deadline) {
            return found;
        }
    }
    (Some(grid), Some(colors), map)
}

/// The board around `grid` found by its frame, when its map reads: on a played
/// board drawn by lines the marks break most cells up, and the search by cells may
/// take a block of the board for all of it, or fit the whole board a fraction of a
/// pitch off (a map that cannot be read is the sign). The frame's board must be the
/// same board (its side, within half a cell) or hold the block on its lattice, so a
/// different board elsewhere on the page is never taken instead.
fn framed_board(
    image: &image::RgbImage,
    grid: &Grid,
    ms: &mut Timings,
    deadline: Deadline,
) -> Option<(Option<Grid>, Option<CellColors>, Result<RegionMap>)> {
    let t = Instant::now();
    let board = grid::framed(image, deadline).filter(|b| {
        let on_lattice = |o: f64, p: f64, bo: f64, bp: f64| {
            let k = (o - bo) / bp;
            (p - bp).abs() <= 0.03 * bp && (k - k.round()).abs() <= 0.1 && k.round() >= 0.0
        };
        let same = b.n == grid.n && (b.x0 - grid.x0).abs() < 0.5 * b.px && (b.y0 - grid.y0).abs() < 0.5 * b.py;
        let holds = b.n > grid.n
            && on_lattice(grid.x0, grid.px, b.x0, b.px)
            && on_lattice(grid.y0, grid.py, b.y0, b.py)
            && (grid.x0 - b.x0) / b.px + grid.n as f64 <= b.n as f64 + 0.1
            && (grid.y0 - b.y0) / b.py + grid.n as f64 <= b.n as f64 + 0.1;
        (same && b != grid) || holds
    });
    ms.grid = Some(ms.grid.unwrap_or(0.0) + ms_since(t));
    let board = board?;
    let colors = cells::sample(image, &board);
    let map = borders::settle(image, &board, &colors, regions::cluster(&colors));
    map.is_ok().then_some((Some(board), Some(colors), map))
}

/// Decodes, reads and solves a screenshot. The picture comes back for overlays.
pub fn solve_image(bytes: &[u8], config: &Config) -> (Outcome, Option<Picture>) {
    let start = Instant::now();
    let config = &config.for_one_puzzle();
    let mut ms = Timings::default();
    let decoded = screenshot::decode_limited(bytes, config.max_side, config.max_pixels);
    ms.decode = Some(ms_since(start));
    let image = match decoded {
        Ok(img) => img,
        Err(e) => {
            ms.total = ms_since(start);
            return (Outcome { ms, ..Outcome::failed(e) }, None);
        }
    };
    let (picture, map) = read_picture_within(image, &mut ms, config.solve.deadline);
    let area = picture.grid.map(|g| g.area(picture.image.width(), picture.image.height()));
    let mut outcome = match map {
        Ok(map) => {
            let naming = naming_colors(Some(&map.colors), map.from_borders);
            let marks = picture.marks.as_ref().map(|m| &m.marks);
            let (mut o, beside) = solve_puzzle(map.regions, None, naming, &beside_of(config, marks), &mut ms);
            o.marks = marks.cloned();
            if covered_instead(&picture.image, &mut o.result) {
                // The map was read off the panel: it is not the board's.
                o.regions = None;
            }
            o.colors = Some(map.colors);
            o.from_borders = map.from_borders;
            explain_outcome(&mut o, config, &mut ms, beside);
            o
        }
        Err(e) => Outcome::failed(e),
    };
    outcome.grid = area;
    outcome.marks = picture.marks.as_ref().map(|m| m.marks.clone());
    outcome.unsure = picture.marks.as_ref().map(|m| m.unsure.clone()).unwrap_or_default();
    ms.total = ms_since(start);
    outcome.ms = ms;
    (outcome, Some(picture))
}

/// Refusals of a found board that a covering panel can explain.
const UNREAD_KINDS: [&str; 5] = ["regions", "partition", "no-solution", "several-solutions", "stars"];

/// A board found but not read or solved may be one partly under a panel whose
/// cells were taken for a region: then that is the reason to give.
/// True when it did so.
fn covered_instead<T>(image: &image::RgbImage, result: &mut Result<T>) -> bool {
    if matches!(result, Err(e) if UNREAD_KINDS.contains(&e.kind())) {
        if let Some(cells) = grid::covered(image) {
            *result = Err(Error::Covered { cells });
            return true;
        }
    }
    false
}

/// Solves any input: an image when the bytes are one, else a text puzzle.
/// `named_as_image` (from the file name) turns text in an image file into a decode error.
pub fn solve_bytes(bytes: &[u8], named_as_image: bool, config: &Config) -> (Outcome, Option<Picture>) {
    if screenshot::looks_like_image(bytes) {
        return solve_image(bytes, config);
    }
    let start = Instant::now();
    let failed = |e: Error| {
        let mut o = Outcome::failed(e);
        o.ms.total = ms_since(start);
        (o, None)
    };
    if bytes.is_empty() {
        return failed(Error::Decode { reason: "the file is empty".into() });
    }
    match std::str::from_utf8(bytes) {
        Ok(_) if named_as_image => failed(Error::Decode { reason: "not an image: the file holds text".into() }),
        Ok(text) => (solve_text(text, config), None),
        Err(_) => failed(Error::Decode { reason: "not an image or a text puzzle (unknown format)".into() }),
    }
}

/// A solved puzzle explained step by step, or why the explanation is unavailable.
#[derive(Debug, Clone)]
pub struct Explanation {
    /// The steps from the empty board, or from the player's (see `players`).
    pub steps: Vec<Step>,
    /// True when the steps alone reach the solution.
    pub solved_by_logic: bool,
    /// The difficulty, from the steps.
    pub difficulty: Difficulty,
    /// Set when the engine's board disagreed with the MILP's solution: the steps are
    /// then withheld (empty) and only the MILP's solution is shown.
    pub unavailable: Option<String>,
    /// Where the steps start from the player's marks: their mistakes' fixes and
    /// that board (`None`: from the empty board).
    pub players: Option<logic::hint::Start>,
}

/// `config`, for the solve of a puzzle with the player's `marks`: no path from the
/// empty board is worked out beside it when the explanation starts from them.
fn beside_of(config: &Config, marks: Option<&Marks>) -> Config {
    let mut config = config.clone();
    config.explain &= !(config.explain_from_marks && marks.is_some_and(|m| !m.is_blank()));
    config
}

/// The deduction engine for a puzzle, naming regions by colour when the picture gave
/// colours (and by letter too with `letters`).
pub fn engine(regions: &Regions, colors: Option<&[[u8; 3]]>, stars: usize, letters: bool) -> Engine {
    let names = match colors {
        Some(c) if c.len() == regions.region_count() => {
            let colours: Vec<&str> = c.iter().map(|&rgb| crate::vision::color::color_name(rgb)).collect();
            if letters {
                Names::colours_and_letters(&colours)
            } else {
                Names::colours(&colours)
            }
        }
        _ => Names::letters(regions.region_count()),
    };
    Engine::new(regions, stars, names)
}

/// An explanation worked out beside the exact solve ([`solve_puzzle`]): the
/// engine, its path from the empty board, and the milliseconds it took.
pub(crate) struct Beside {
    engine: Engine,
    path: Path,
    ms: f64,
}

/// The engine's path for `regions` with `k` stars, regions named by `colors`.
fn explain_path(regions: &Regions, colors: Option<&[[u8; 3]]>, k: usize, config: &Config) -> Beside {
    let t = Instant::now();
    let engine = engine(regions, colors, k, config.letters).with_deadline(config.solve.deadline);
    let path = engine.explain_within(Board::new(regions.n()), config.explain_budget);
    Beside { engine, path, ms: ms_since(t) }
}

/// Explains a solved outcome when the config asks for it, taking the path worked out
/// beside the solve when there is one. The engine's board must agree with the
/// exact solver's solution cell for cell; if it ever does not, the steps are
/// withheld and the explanation is marked unavailable.
fn explain_outcome(outcome: &mut Outcome, config: &Config, ms: &mut Timings, beside: Option<Beside>) {
    let (true, Some(regions), Ok(solution)) = (config.explain, &outcome.regions, &outcome.result) else { return };
    if config.explain_from_marks && outcome.marks.as_ref().is_some_and(|m| !m.is_blank()) {
        let t = Instant::now();
        let (engine, regions, solution, marks) = players_board(outcome, config).expect("a solved board");
        let w = logic::hint::walk(&engine, regions, solution, &marks);
        let difficulty = logic::difficulty(&w.steps);
        let players = Some(w.start);
        outcome.explained =
            Some(Explanation { solved_by_logic: w.complete, difficulty, steps: w.steps, unavailable: None, players });
        ms.explain = Some(ms_since(t));
        return;
    }
    let k = outcome.stars.unwrap_or(config.solve.stars);
    let Beside { engine, path, ms: took } = match beside {
        Some(b) if b.engine.geometry().stars() == k => b,
        _ => explain_path(regions, outcome.naming_colors(), k, config),
    };
    ms.explain = Some(took);
    if !path.solved && config.solve.deadline.passed() {
        // Cut short by the clock, not by the engine's own limits: the steps found
        // are sound but say nothing about how hard the puzzle is.
        outcome.explained = Some(Explanation {
            steps: Vec::new(),
            solved_by_logic: false,
            difficulty: logic::difficulty(&[]),
            players: None,
            unavailable: Some(format!(
                "the explanation is unavailable: it reached the time limit ({} s; try a larger --time-limit)",
                config.solve.time_limit.as_secs_f64()
            )),
        });
        return;
    }
    let sound = path
        .steps
        .iter()
        .flat_map(|s| &s.decided)
        .all(|&(cell, state)| (state == CellState::Queen) == solution.contains(cell));
    let matches = path.board.queens().map(|i| engine.geometry().cell(i)).eq(solution.cells().iter().copied());
    let difficulty = logic::difficulty(&path.steps);
    outcome.explained = Some(if sound && (!path.solved || matches) {
        Explanation { solved_by_logic: path.solved, difficulty, steps: path.steps, unavailable: None, players: None }
    } else {
        Explanation {
            steps: Vec::new(),
            solved_by_logic: false,
            difficulty,
            unavailable: Some("the explanation is unavailable: the deduction engine disagreed with the solver".into()),
            players: None,
        }
    });
}

/// The hint for an outcome's board (its marks, or an empty board): mistakes first,
/// then the next step, regions named by colour and letter with `letters`. `None`
/// unless the puzzle has a unique, checked solution.
pub fn hint(outcome: &Outcome, config: &Config) -> Option<logic::hint::Hint> {
    hint_after(outcome, config, 0)
}

/// [`hint`] after taking `steps` steps from the player's board first (the web page's
/// Hint button, pressed again): the steps taken are in the hint's `earlier`.
pub fn hint_after(outcome: &Outcome, config: &Config, steps: usize) -> Option<logic::hint::Hint> {
    let (engine, regions, solution, marks) = players_board(outcome, config)?;
    Some(logic::hint::hint_after(&engine, regions, solution, &marks, steps))
}

/// "Why?" about `cell` of the player's board (its marks), for a solved outcome.
pub fn why(outcome: &Outcome, config: &Config, cell: crate::Cell) -> Option<logic::why::Why> {
    let (engine, regions, solution, marks) = players_board(outcome, config)?;
    Some(logic::why::why(&engine, regions, solution, &marks, cell))
}

/// What a question about the player's board needs, for a solved outcome: the
/// engine, the regions, the solution and the player's marks (none: a blank board).
fn players_board<'a>(outcome: &'a Outcome, config: &Config) -> Option<(Engine, &'a Regions, &'a Placement, Marks)> {
    let (Some(regions), Ok(solution)) = (&outcome.regions, &outcome.result) else { return None };
    let stars = outcome.stars.unwrap_or(config.solve.stars);
    // The answer's steps stop at the puzzle's deadline (its time limit from now, or
    // the one already running), like the solve and the explanation.
    let deadline = config.for_one_puzzle().solve.deadline;
    let engine = engine(regions, outcome.naming_colors(), stars, config.letters).with_deadline(deadline);
    let marks = outcome.marks.clone().unwrap_or_else(|| Marks::new(regions.n()));
    Some((engine, regions, solution, marks))
}
