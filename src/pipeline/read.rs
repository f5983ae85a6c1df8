//! The front door of reading: any input (a screenshot, a text puzzle, a puzz.link
//! or penpa-edit link) becomes a region map, the K it states, the player's marks
//! and the picture it came from, the same way for every command, the batch and
//! the server.
//!
//! [`Kind`] is the one sniffer that tells the inputs apart; [`read`] dispatches on
//! it; the picture half is [`crate::vision::read::read_board`], which owns the
//! vision policy (the frame fallback, the covered check).

use std::time::Instant;

use crate::error::{Error, Result};
use crate::puzzle::deadline::{ms_since, Deadline};
use crate::puzzle::marks::Marks;
use crate::puzzle::{penpa, puzzlink, text};
use crate::puzzle::{Cell, Regions};
use crate::vision::cells::CellColors;
use crate::vision::grid::{BoardArea, Grid};
use crate::vision::read::{self as vision, Picture, ReadTimes};
use crate::vision::regions::RegionMap;
use crate::vision::screenshot;

use super::config::{Config, Timings};

/// What kind of input some bytes (or a command-line argument) are. The one place
/// that tells them apart: every command, the batch and the server ask it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A picture: its bytes open like a PNG, JPEG, GIF, WebP or BMP.
    Picture,
    /// A penpa-edit link (a web address with penpa-edit's `p=` part).
    Penpa,
    /// A puzz.link (pzprjs) link: any other web address.
    PuzzLink,
    /// Anything else: read as a text puzzle.
    Text,
}

impl Kind {
    /// The kind of an input's bytes.
    pub(crate) fn of_bytes(bytes: &[u8]) -> Kind {
        if screenshot::looks_like_image(bytes) {
            return Kind::Picture;
        }
        // A link is short text; only its start needs to be valid UTF-8 to be seen.
        let head = &bytes[..bytes.len().min(4096)];
        let text = match std::str::from_utf8(head) {
            Ok(t) => t,
            Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or(""),
        };
        Kind::of_text(text)
    }

    /// The kind of a text: a link, or a text puzzle.
    pub(crate) fn of_text(text: &str) -> Kind {
        if penpa::looks_like_penpa(text) {
            Kind::Penpa
        } else if puzzlink::looks_like_url(text) {
            Kind::PuzzLink
        } else {
            Kind::Text
        }
    }

    /// The kind of a command-line argument that is itself the puzzle: a link,
    /// never a file name (and never fetched). `None` for anything else, which
    /// names a file.
    pub(crate) fn of_argument(arg: &str) -> Option<Kind> {
        match Kind::of_text(arg) {
            Kind::Text => None,
            link => Some(link),
        }
    }
}

/// A text puzzle, a puzz.link URL or a penpa-edit link: the regions, K when the
/// input states it (the link's K, or a text puzzle's `# stars: K` line), and the
/// player's marks when a text puzzle carries a marks block or a penpa link holds them.
pub fn parse_text(input: &str) -> Result<(Regions, Option<usize>, Option<Marks>)> {
    match Kind::of_text(input) {
        Kind::Penpa => penpa::parse(input).map(|p| (p.regions, p.stars, p.marks)),
        Kind::PuzzLink => puzzlink::parse(input).map(|p| (p.regions, Some(p.stars), None)),
        _ => {
            let (regions, marks) = text::parse_board(input)?;
            Ok((regions, text::stated_stars(input)?, marks))
        }
    }
}

/// A board as read, before the solve.
#[derive(Debug)]
pub struct Map {
    /// The region map (not yet checked as a partition).
    pub regions: Regions,
    /// The K the input states: a link's, or a text puzzle's `# stars:` line.
    pub stated: Option<usize>,
    /// Each region's display colour: the screenshot's, or a text's `# colors:` line.
    pub colors: Option<Vec<[u8; 3]>>,
    /// True when a picture's regions were read from borders alone.
    pub from_borders: bool,
}

/// What reading one input found, even when the map could not be read.
#[derive(Debug)]
pub struct Reading {
    /// The board, or why it could not be read.
    pub map: Result<Map>,
    /// The player's marks: a picture's (read even when its map was not), a text's
    /// marks block, a penpa link's.
    pub marks: Option<Marks>,
    /// Cells whose mark a picture's reader was not sure of (blank in `marks`).
    pub unsure: Vec<Cell>,
    /// The decoded picture and what was found in it, for image inputs.
    pub picture: Option<Picture>,
    /// Where the board is in the picture.
    pub area: Option<BoardArea>,
}

impl Reading {
    fn failed(e: Error) -> Self {
        Reading { map: Err(e), marks: None, unsure: Vec::new(), picture: None, area: None }
    }
}

/// Reads any input: a picture when the bytes are one, else a text puzzle or a
/// link. `named_as_image` (from the file name) turns text in an image file into a
/// decode error. The config's deadline bounds the picture's reading.
pub fn read(bytes: &[u8], named_as_image: bool, config: &Config, ms: &mut Timings) -> Reading {
    if Kind::of_bytes(bytes) == Kind::Picture {
        return read_image(bytes, config, ms);
    }
    if bytes.is_empty() {
        return Reading::failed(Error::Decode { reason: "the file is empty".into() });
    }
    match std::str::from_utf8(bytes) {
        Ok(_) if named_as_image => {
            Reading::failed(Error::Decode { reason: "not an image: the file holds text".into() })
        }
        Ok(text) => read_text(text, ms),
        Err(_) => Reading::failed(Error::Decode { reason: "not an image or a text puzzle (unknown format)".into() }),
    }
}

/// Reads a text puzzle or a link, with a text's `# colors:` line.
pub(crate) fn read_text(input: &str, ms: &mut Timings) -> Reading {
    let start = Instant::now();
    let parsed = parse_text(input).and_then(|(regions, stated, marks)| {
        let colors = text::region_colors(input, &regions)?;
        Ok((Map { regions, stated, colors, from_borders: false }, marks))
    });
    ms.parse = Some(ms_since(start));
    match parsed {
        Ok((map, marks)) => Reading { map: Ok(map), marks, ..Reading::failed(Error::NoSolution) },
        Err(e) => Reading::failed(e),
    }
}

/// Decodes a screenshot (within the config's size limits) and reads its board.
pub fn read_image(bytes: &[u8], config: &Config, ms: &mut Timings) -> Reading {
    let start = Instant::now();
    let decoded = screenshot::decode_limited(bytes, config.max_side, config.max_pixels);
    ms.decode = Some(ms_since(start));
    let image = match decoded {
        Ok(img) => img,
        Err(e) => return Reading::failed(e),
    };
    let (picture, map) = read_picture_within(image, ms, config.solve.deadline);
    let area = picture.grid.map(|g| g.area(picture.image.width(), picture.image.height()));
    let map =
        map.map(|m| Map { regions: m.regions, stated: None, colors: Some(m.colors), from_borders: m.from_borders });
    let marks = picture.marks.as_ref().map(|m| m.marks.clone());
    let unsure = picture.marks.as_ref().map(|m| m.unsure.clone()).unwrap_or_default();
    Reading { map, marks, unsure, picture: Some(picture), area }
}

/// The vision half on a decoded picture: grid → cell colors → marks → region map,
/// timing each stage. A board partly hidden under an overlay is refused: its
/// hidden cells are never guessed.
pub fn read_picture(image: image::RgbImage, ms: &mut Timings) -> (Picture, Result<RegionMap>) {
    read_picture_within(image, ms, Deadline::NONE)
}

/// [`read_picture`] that stops with [`Error::ReadingTimeLimit`] once `deadline` has passed.
pub fn read_picture_within(
    image: image::RgbImage,
    ms: &mut Timings,
    deadline: Deadline,
) -> (Picture, Result<RegionMap>) {
    let mut times = ReadTimes::default();
    let read = vision::read_board(image, deadline, &mut times);
    record(ms, times);
    read
}

/// [`read_picture`] on a borrowed image, without the marks: the grid and cell
/// colors found (if any) and the map.
pub fn read_regions(
    image: &image::RgbImage,
    ms: &mut Timings,
) -> (Option<Grid>, Option<CellColors>, Result<RegionMap>) {
    let mut times = ReadTimes::default();
    let read = vision::read_regions(image, Deadline::NONE, &mut times);
    record(ms, times);
    read
}

/// The vision stages' times, in the input's stage times.
fn record(ms: &mut Timings, times: ReadTimes) {
    ms.grid = times.grid;
    ms.cells = times.cells;
    ms.cluster = times.cluster;
    ms.marks = times.marks;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sniffer_tells_pictures_links_and_text_apart() {
        assert_eq!(Kind::of_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Kind::Picture);
        assert_eq!(Kind::of_bytes(b"https://puzz.link/p?starbattle/6/6/1/abc"), Kind::PuzzLink);
        assert_eq!(Kind::of_bytes(b"https://example.org/penpa-edit/?p=abc"), Kind::Penpa);
        assert_eq!(Kind::of_bytes(b"AAB\nACB\nCCB\n"), Kind::Text);
        assert_eq!(Kind::of_argument("board.png"), None);
        assert_eq!(Kind::of_argument("https://puzz.link/p?starbattle/6/6/1/abc"), Some(Kind::PuzzLink));
        // A link followed by bytes that are not UTF-8 is still seen as a link by its start.
        let mut link = b"https://puzz.link/p?starbattle/6/6/1/abc".to_vec();
        link.extend_from_slice(&[0xff; 8]);
        assert_eq!(Kind::of_bytes(&link), Kind::PuzzLink);
    }
}
