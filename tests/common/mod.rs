//! Shared test helpers: where the shared corpus lives, and its level files.
#![allow(dead_code)]

pub mod mutate;
pub mod planted;
pub mod server;

use std::path::{Path, PathBuf};

use queens::Regions;

/// The built `queens` binary, with colours off (`NO_COLOR=1`).
pub fn queens() -> assert_cmd::Command {
    let mut c = assert_cmd::Command::cargo_bin("queens").unwrap();
    c.env("NO_COLOR", "1");
    c
}

/// The built `queens` binary with `NO_COLOR` taken out of its environment, for the
/// tests of what it prints in colour (`--color always`) or decides by itself.
pub fn queens_coloured() -> assert_cmd::Command {
    let mut c = assert_cmd::Command::cargo_bin("queens").unwrap();
    c.env_remove("NO_COLOR");
    c
}

/// Writes `bytes` to `dir/name` and returns the path.
pub fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// `../shared/corpus` beside the project root, or a loud explanation when it is missing.
pub fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "SKIPPED: the shared corpus is missing at {} — these tests need ../shared/corpus beside the project root",
            dir.display()
        );
        None
    }
}

/// In CI the corpus must be there; locally a missing corpus skips with the message above.
pub fn corpus_or_skip() -> Option<PathBuf> {
    let c = corpus();
    if c.is_none() && std::env::var_os("CI").is_some() {
        panic!("CI=true but ../shared/corpus is missing");
    }
    c
}

/// One level of a corpus JSON file.
#[derive(Debug, serde::Deserialize, Clone)]
pub struct Level {
    pub id: serde_json::Value,
    pub n: usize,
    pub regions: Vec<String>,
    pub solution: Vec<usize>,
    pub solutions_found: usize,
    /// Hex colors by region; community levels have a few nulls (documented quirks).
    #[serde(default)]
    pub colors: Vec<Option<String>>,
}

impl Level {
    /// The game's colors of this level, by region letter.
    pub fn rgb(&self) -> Option<Vec<[u8; 3]>> {
        self.colors
            .iter()
            .map(|h| {
                let v = u32::from_str_radix(h.as_deref()?.trim_start_matches('#'), 16).ok()?;
                Some([(v >> 16) as u8, (v >> 8) as u8, v as u8])
            })
            .collect()
    }

    pub fn board(&self) -> Regions {
        Regions::from_rows(&self.regions).expect("square level")
    }
}

pub fn levels(file: &str) -> Option<Vec<Level>> {
    let path = corpus_or_skip()?.join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some(serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// One labelled screenshot.
#[derive(Debug, serde::Deserialize, Clone)]
pub struct Shot {
    pub file: String,
    pub n: usize,
    pub regions: Vec<String>,
    pub solution: Vec<usize>,
}

pub fn shots(folder: &str) -> Option<(PathBuf, Vec<Shot>)> {
    let dir = corpus_or_skip()?.join(folder);
    let shots = manifest(&dir);
    Some((dir, shots))
}

/// A corpus folder's `manifest.json`, read as the fields a test uses.
pub fn manifest<T: serde::de::DeserializeOwned>(dir: &std::path::Path) -> Vec<T> {
    let path = dir.join("manifest.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A valid PNG of `side`×`side` plain light-grey pixels: a decompression bomb
/// (16000 gives a file under a megabyte that decodes to 768 MB of RGB), written
/// row by row so the test itself never holds the picture.
pub fn bomb_png(side: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, side, side);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().expect("PNG header");
    let mut stream = writer.stream_writer().expect("PNG stream");
    let row = vec![230u8; side as usize];
    for _ in 0..side {
        std::io::Write::write_all(&mut stream, &row).expect("PNG row");
    }
    stream.finish().expect("PNG end");
    drop(writer);
    out
}

/// One picture of corpus/starbattle/manifest.json (the fields the tests use).
#[derive(Debug, serde::Deserialize, Clone)]
pub struct StarBattle {
    pub file: String,
    pub n: usize,
    pub stars: usize,
    pub regions: Vec<String>,
    /// Star cells as [row, col], sorted.
    pub solution: Vec<[usize; 2]>,
}

/// The Star Battle pictures and their folder, or None (with the message) when the corpus is missing.
pub fn starbattle() -> Option<(PathBuf, Vec<StarBattle>)> {
    let dir = corpus_or_skip()?.join("starbattle");
    let shots = manifest(&dir);
    Some((dir, shots))
}

/// Corpus board 060 (17×17 4★) with the marks of the steps a hint's search finds
/// one after the other from the empty board, up to the first it cannot: a text
/// puzzle (its `# stars:` line, regions, marks) whose next step costs more than a
/// hint searches. `None` (with the message) when the corpus is missing.
pub fn beyond_a_hint() -> Option<String> {
    use queens::puzzle::marks::{Mark, Marks};
    use queens::solve::logic::{Board, CellState, Engine, Names, Spend};
    let (_, boards) = starbattle()?;
    let board = boards.iter().find(|b| b.file.starts_with("060_")).expect("corpus board 060");
    let regions = Regions::from_rows(&board.regions).expect("square");
    let engine = Engine::new(&regions, board.stars, Names::letters(regions.region_count()));
    let walked = engine.explain_within(Board::new(regions.n()), Spend { path: u64::MAX, step: 10_000 });
    assert!(!walked.solved && !walked.steps.is_empty(), "060 walks some steps, then stops");
    let n = regions.n();
    let mut marks = Marks::new(n);
    for i in 0..n * n {
        let mark = match walked.board.get(i) {
            CellState::Queen => Mark::Queen,
            CellState::Empty => Mark::Cross,
            CellState::Unknown => Mark::Blank,
        };
        marks.set(queens::Cell::new(i / n, i % n), mark);
    }
    Some(format!("# stars: {}\n{}\n\n{}", board.stars, board.regions.join("\n"), marks.to_text()))
}

/// How a test picture is stored.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Encoding {
    Png,
    Jpeg(u8),
}

/// `img` as PNG or JPEG bytes.
pub fn encode(img: &image::RgbImage, enc: Encoding) -> Vec<u8> {
    match enc {
        Encoding::Png => queens::output::overlay::encode_png(img),
        Encoding::Jpeg(q) => {
            let mut out = Vec::new();
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, q).encode_image(img).unwrap();
            out
        }
    }
}

/// The labelled marks of a Star Battle corpus picture (`marks` in the manifests of
/// `starbattle/` and `starbattle-played/`): a pzprjs dash and a penpa X both say
/// "no star here".
#[derive(Debug, Default, serde::Deserialize)]
pub struct StarLabels {
    #[serde(default)]
    pub stars: Vec<[usize; 2]>,
    /// pzprjs's "no star" dashes.
    #[serde(default)]
    pub dots: Vec<[usize; 2]>,
    /// penpa-edit's "no star" X marks.
    #[serde(default)]
    pub crosses: Vec<[usize; 2]>,
}

impl StarLabels {
    /// The labels as the marks of an `n`×`n` board (dashes and X's as X marks).
    pub fn marks(&self, n: usize) -> queens::puzzle::marks::Marks {
        use queens::puzzle::marks::{Mark, Marks};
        let mut m = Marks::new(n);
        for (list, mark) in [(&self.dots, Mark::Cross), (&self.crosses, Mark::Cross), (&self.stars, Mark::Queen)] {
            for &[r, c] in list {
                m.set(queens::Cell::new(r, c), mark);
            }
        }
        m
    }

    /// True when the picture carries any mark.
    pub fn any(&self) -> bool {
        !(self.stars.is_empty() && self.dots.is_empty() && self.crosses.is_empty())
    }
}
