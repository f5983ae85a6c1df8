//! penpa-edit Star Battle links, read and written: `https://…/penpa-edit/#m=edit&p=…`.
//!
//! penpa-edit (what GM Puzzles and many puzzle sites use to solve online) keeps the
//! whole puzzle in the link: `p=` is its save text, raw DEFLATE then standard base64.
//! Before compressing, penpa swaps common JSON keys for two-letter codes (`"lineE"`
//! becomes `zE`, a literal `z` becomes `zZ`); [`SUBSTITUTIONS`] undoes that in
//! reverse order, as penpa's own loader does. The text is then lines:
//!
//! - line 0: `square,NX,NY,…`: the grid type and size, margins included;
//! - line 1: `[top, bottom, left, right]`: the margin rows and columns around the board;
//! - line 3: the puzzle layer as JSON: `number` holds the star count (the one number
//!   written beside the board), `lineE` the edges drawn between points;
//! - line 4: the solution layer (the player's marks) in an `m=edit` link, empty in an
//!   `m=solve` link (a setter's link carries no marks);
//! - the last lines: penpa's genre tags (`["starbattle"]`) and an answer message.
//!
//! Cells and points are numbered on a grid padded by 2 on every side (`nx0 = NX + 4`
//! columns): the cell in padded row `y`, column `x` is `y·nx0 + x`; the points after
//! the `nx0·ny0` cells are the cells' corners, point `nx0·ny0 + y·nx0 + x` being the
//! top-left corner of the cell at padded row `y + 1`, column `x + 1`. An edge is the
//! key `"a,b"` of two corners.
//!
//! What counts is what penpa's own Star Battle checker counts: edges of the black (2)
//! or thick (21) style in the puzzle layer are region borders; a black star (symbol
//! `[2, "star", …]`) in the solution layer is a star; the star tool's X (`[0, "star",
//! …]`) says "no star here". Other symbols (outlined or grey stars a player uses as
//! pencil marks, shading), and marks on edges or corners (penpa's dots between
//! cells), are not the player's answer and are left out.
//!
//! Parsing is offline text work: nothing is fetched. The inflated text is capped at
//! [`MAX_TEXT`], so a link costs what it weighs.

use crate::error::{brief, quote, Error, Result};
use crate::puzzle::marks::{Mark, Marks};
use crate::puzzle::penpa_json::{self, Grid, Number};
use crate::puzzle::text::MAX_N;
use crate::puzzle::{Cell, Regions};

/// penpa's key codes, in penpa's order: compressing applies them first to last,
/// reading undoes them last to first (so the `z` escape is undone last).
const SUBSTITUTIONS: [(&str, &str); 31] = [
    ("z", "zZ"),
    ("\"qa\"", "z9"),
    ("\"pu_q\"", "zQ"),
    ("\"pu_a\"", "zA"),
    ("\"grid\"", "zG"),
    ("\"edit_mode\"", "zM"),
    ("\"surface\"", "zS"),
    ("\"line\"", "zL"),
    ("\"lineE\"", "zE"),
    ("\"wall\"", "zW"),
    ("\"cage\"", "zC"),
    ("\"number\"", "zN"),
    ("\"symbol\"", "zY"),
    ("\"special\"", "zP"),
    ("\"board\"", "zB"),
    ("\"command_redo\"", "zR"),
    ("\"command_undo\"", "zU"),
    ("\"command_replay\"", "z8"),
    ("\"numberS\"", "z1"),
    ("\"freeline\"", "zF"),
    ("\"freelineE\"", "z2"),
    ("\"thermo\"", "zT"),
    ("\"arrows\"", "z3"),
    ("\"direction\"", "zD"),
    ("\"squareframe\"", "z0"),
    ("\"polygon\"", "z5"),
    ("\"deletelineE\"", "z4"),
    ("\"killercages\"", "z6"),
    ("\"nobulbthermo\"", "z7"),
    ("\"__a\"", "z_"),
    ("null", "zO"),
];

/// Most bytes the `p=` text may inflate to. A 40×40 board with every cell marked
/// and a long undo history is well under 1 MiB; a payload inflating past this is
/// refused before it is held.
pub(crate) const MAX_TEXT: usize = 4 << 20;

/// Where penpa-edit is served; [`encode`] writes links to it.
const HOME: &str = "https://swaroopg92.github.io/penpa-edit/";

/// A Star Battle puzzle as a penpa-edit link states it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PenpaBoard {
    /// The region map (canonical labels).
    pub regions: Regions,
    /// Stars per row, column and region, when the link writes it beside the board.
    pub stars: Option<usize>,
    /// The player's stars and X marks (an `m=edit` link with marks; `None` otherwise).
    pub marks: Option<Marks>,
}

/// True when `text` (trimmed) is a penpa-edit link: a web address whose fragment or
/// query has a `p=` parameter, on a penpa-edit page (its path names penpa) or with
/// penpa's `m=` mode parameter beside it.
pub(crate) fn looks_like_penpa(text: &str) -> bool {
    let t = text.trim().trim_start_matches('\u{feff}').trim();
    let lower = t.get(..t.len().min(8)).unwrap_or("").to_ascii_lowercase();
    if !(lower.starts_with("https://") || lower.starts_with("http://")) {
        return false;
    }
    let Some(params) = t.find(['#', '?']).map(|i| &t[i + 1..]) else {
        return false;
    };
    let has = |name: &str| params.split('&').any(|kv| kv.starts_with(name));
    has("p=") && (has("m=") || t[..t.len() - params.len()].to_ascii_lowercase().contains("penpa"))
}

/// A parse error about the whole link (penpa's text has no useful columns to point at).
fn bad(message: impl Into<String>) -> Error {
    Error::parse(1, 0, format!("penpa-edit link: {}", message.into()))
}

/// Parses a penpa-edit Star Battle link (surrounding whitespace ignored).
pub fn parse(url: &str) -> Result<PenpaBoard> {
    let text = text(url)?;
    // The lines read, and no more: a text of newlines or commas costs no list of them.
    let lines: Vec<&str> = text.split('\n').take(18).collect();
    let header: Vec<&str> = lines[0].split(',').take(3).collect();
    if header[0] != "square" {
        return Err(bad(format!("a {} grid, but Star Battle is played on a square grid", quote(header[0]))));
    }
    if let Some((tags, count, starbattle)) = lines.get(17).and_then(|l| penpa_json::tags(l)) {
        if count > 0 && !starbattle {
            // Tags come from the link: escaped and cut, and a few of them at most.
            let mut named: Vec<String> = tags.iter().map(|t| brief(t)).collect();
            if count > tags.len() {
                named.push(format!("{} more", count - tags.len()));
            }
            return Err(bad(format!("a {} puzzle, not Star Battle", named.join(", "))));
        }
    }
    let size = |i: usize| header.get(i).and_then(|v| v.trim().parse::<usize>().ok()).filter(|&v| v <= 200);
    let (Some(nx), Some(ny)) = (size(1), size(2)) else {
        return Err(bad("the grid size in its first line is not two numbers"));
    };
    let [top, bottom, left, right] = lines
        .get(1)
        .and_then(|l| serde_json::from_str::<[usize; 4]>(l).ok())
        .ok_or_else(|| bad("its second line does not give the four margins"))?;
    // Checked sums: margins near 2^64 are refused, never wrapped into a board.
    let inside = |side: usize, a: usize, b: usize| a.checked_add(b).and_then(|m| side.checked_sub(m));
    let (Some(n), Some(rows)) = (inside(nx, left, right), inside(ny, top, bottom)) else {
        return Err(bad("the margins are wider than the grid"));
    };
    if n != rows {
        return Err(bad(format!("the board is {n} columns by {rows} rows; Star Battle boards are square")));
    }
    if n == 0 || n > MAX_N {
        return Err(bad(format!("a {n}×{n} board; boards from 1×1 to {MAX_N}×{MAX_N} are read")));
    }
    let grid = Grid { n, nx0: nx + 4, ny0: ny + 4, top, left };
    let layer = |i: usize, name: &str| -> Result<Option<penpa_json::Layer>> {
        match lines.get(i).map(|l| l.trim()) {
            None | Some("") => Ok(None),
            Some(l) => penpa_json::layer(l, &grid)
                .map(Some)
                .map_err(|()| bad(format!("its {name} layer is not readable JSON"))),
        }
    };
    let puzzle = layer(3, "puzzle")?;
    let regions = regions(n, puzzle.as_ref())?;
    let stars = star_count(puzzle.as_ref())?;
    let marks = layer(4, "solution")?.and_then(|l| l.marks);
    Ok(PenpaBoard { regions, stars, marks })
}

/// The regions the puzzle layer's border edges split the board into.
fn regions(n: usize, puzzle: Option<&penpa_json::Layer>) -> Result<Regions> {
    if let Some(key) = puzzle.and_then(|l| l.bad_edge.as_ref()) {
        return Err(bad(format!("the edge {key} is not two point numbers")));
    }
    let Some(layer) = puzzle.filter(|l| l.any_border || n == 1) else {
        return Err(bad("it draws no region borders (thick black edges between cells)"));
    };
    let regions = Regions::from_walls(n, &layer.right, &layer.below);
    // Edges that end inside the board cut nothing: a board they leave whole has
    // no regions to speak of, and would write back as a link with no borders.
    if n > 1 && regions.region_count() < 2 {
        return Err(bad("its thick black edges between cells do not cut the board into regions"));
    }
    Ok(regions)
}

/// The `p=` text of a link: base64-decoded, inflated (capped at [`MAX_TEXT`]) and
/// with penpa's key codes undone, as penpa's loader sees it (for tools and tests
/// that compare links line by line).
pub fn text(url: &str) -> Result<String> {
    let url = url.trim().trim_start_matches('\u{feff}').trim();
    // Searched a word at a time (memchr): the part after `p=` may be megabytes.
    let params = memchr::memchr2(b'#', b'?', url.as_bytes()).map_or("", |i| &url[i + 1..]);
    let p = memchr::memchr3_iter(b'&', b'#', b'?', params.as_bytes())
        .chain([params.len()])
        .scan(0, |start, end| Some(&params[std::mem::replace(start, end + 1)..end]))
        .find_map(|kv| kv.strip_prefix("p="));
    let Some(p) = p else {
        return Err(bad("it has no p= part (the puzzle itself)"));
    };
    if p.is_empty() {
        return Err(bad("its p= part is empty"));
    }
    if p.starts_with("http") {
        return Err(bad("its p= part is another link, which is never fetched; give that link itself"));
    }
    // Links pasted through a form may have `+` as a space or percent-escapes.
    let p = percent_decode(p).replace(' ', "+");
    use base64::Engine as _;
    let packed = base64::engine::general_purpose::STANDARD
        .decode(p.trim_end_matches('=').as_bytes())
        .or_else(|_| base64::engine::general_purpose::STANDARD_NO_PAD.decode(p.trim_end_matches('=').as_bytes()))
        .map_err(|_| bad("its p= part is not base64 (was the link cut short?)"))?;
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_TEXT).map_err(|e| {
        if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput {
            bad(format!("its p= part inflates to more than {} MiB, far more than any board", MAX_TEXT >> 20))
        } else {
            bad("its p= part does not inflate (was the link cut short?)")
        }
    })?;
    let packed = String::from_utf8(raw).map_err(|_| bad("its p= part is not text"))?;
    let text = unpack(&packed).ok_or_else(|| {
        bad(format!("its p= part expands to more than {} MiB, far more than any board", MAX_TEXT >> 20))
    })?;
    if text.split('\n').count() < 4 {
        return Err(bad("its text has too few lines for a penpa board"));
    }
    Ok(text)
}

/// penpa's key codes undone, `None` when the text would grow past [`MAX_TEXT`]
/// (`z6` is 13 bytes as `"killercages"`): measured first, then written once.
///
/// One pass from the left gives what penpa's loader gets undoing the codes one
/// after another, last to first: every code is `z` and a character that is not
/// `z`, so codes never overlap, and no plain text holds a `z` to make a new one.
fn unpack(packed: &str) -> Option<String> {
    let code_at =
        |rest: &[u8]| SUBSTITUTIONS.iter().find(|(_, code)| rest.starts_with(code.as_bytes())).map(|&(plain, _)| plain);
    let pieces = || {
        let bytes = packed.as_bytes();
        let mut i = 0;
        std::iter::from_fn(move || {
            let start = i;
            let z = memchr::memchr(b'z', &bytes[i..]).map_or(bytes.len(), |z| i + z);
            if z > start {
                i = z;
                return Some(&packed[start..z]);
            }
            let plain = (z < bytes.len()).then(|| code_at(&bytes[z..])).flatten();
            i = z + plain.map_or(1, |_| 2);
            (start < bytes.len()).then(|| plain.unwrap_or(&packed[start..start + 1]))
        })
    };
    let len = pieces().try_fold(0usize, |len, p| Some(len + p.len()).filter(|&l| l <= MAX_TEXT))?;
    let mut text = String::with_capacity(len);
    pieces().for_each(|p| text.push_str(p));
    Some(text)
}

/// `%XX` escapes decoded (a link copied out of another page's address); anything
/// else is kept as it is.
fn percent_decode(s: &str) -> String {
    if !s.contains('%') {
        return s.to_string();
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The star count: the one number of the puzzle layer (penpa writes K above the
/// board, beside a star), `None` when the link writes no number.
fn star_count(puzzle: Option<&penpa_json::Layer>) -> Result<Option<usize>> {
    let Some(layer) = puzzle else { return Ok(None) };
    match (layer.numbers, &layer.first_number) {
        (0, _) | (_, None) => Ok(None),
        (1, Some(one)) => {
            let k = match one {
                Number::Text(t) => t.trim().parse::<usize>().ok(),
                Number::Whole(k) => usize::try_from(*k).ok(),
                Number::Other => None,
            };
            match k {
                Some(k) if k >= 1 => Ok(Some(k)),
                _ => {
                    let shown = match one {
                        Number::Text(t) => quote(t),
                        Number::Whole(k) => k.to_string(),
                        Number::Other => "not a number".to_string(),
                    };
                    Err(bad(format!("the number beside the board, {shown}, is not a star count")))
                }
            }
        }
        (count, _) => Err(bad(format!("it writes {count} numbers; a Star Battle board writes one, its star count"))),
    }
}

/// A penpa-edit link (`m=edit`) of `regions` with `stars` per row, column and
/// region, and the player's `marks` in its solution layer when given. It is the
/// text penpa-edit itself writes for a board loaded from puzz.link: margins of one
/// cell, K above the board beside a black star, region borders as black edges, the
/// star tool ready in the solution layer, the genre tag `starbattle`, and the
/// puzz.link address as its source.
///
/// `None` when walls cannot say the map: a region in several pieces would read back
/// as several regions (as for [`crate::puzzle::puzzlink::encode`]).
pub fn encode(regions: &Regions, stars: usize, marks: Option<&Marks>) -> Option<String> {
    let n = regions.n();
    let nx = n + 2;
    let grid = Grid { n, nx0: nx + 4, ny0: nx + 4, top: 1, left: 1 };
    let size = 38;
    // penpa centres its view on the middle cell (odd sides) or the middle corner.
    let middle = (nx + 4) / 2;
    let center =
        if nx % 2 == 1 { middle * grid.nx0 + middle } else { grid.nx0 * grid.ny0 + (nx / 2 + 1) * (grid.nx0 + 1) };
    let source = crate::puzzle::puzzlink::encode(regions, stars)?;
    let header = format!(
        "square,{nx},{nx},{size},0,1,1,{c},{c},{center},{center},0,0,0,0,Title: ,Author: ,{source},,OFF,false,",
        c = (nx + 1) * size
    );
    let label = |r: usize, c: usize| regions.label(Cell::new(r, c));
    let right: Vec<bool> =
        (0..n * n).map(|i| i % n + 1 < n && label(i / n, i % n) != label(i / n, i % n + 1)).collect();
    let below: Vec<bool> =
        (0..n * n).map(|i| i / n + 1 < n && label(i / n, i % n) != label(i / n + 1, i % n)).collect();
    if Regions::from_walls(n, &right, &below) != *regions {
        return None;
    }
    // penpa's order: the walls between side-by-side cells row by row, then those below.
    let mut edges = Vec::new();
    for i in (0..n * n).filter(|&i| right[i]) {
        let a = grid.corner(i / n, i % n + 1);
        edges.push(format!("\"{a},{}\":2", a + grid.nx0));
    }
    for i in (0..n * n).filter(|&i| below[i]) {
        let a = grid.corner(i / n + 1, i % n);
        edges.push(format!("\"{a},{}\":2", a + 1));
    }
    let k_at = grid.nx0 * 2 + n + 1;
    let puzzle = layer(
        &format!("\"{k_at}\":[\"{stars}\",1,\"1\"]"),
        &format!("\"{}\":[2,\"star\",2]", k_at + 1),
        &edges.join(","),
    );
    let mut symbols = Vec::new();
    if let Some(marks) = marks {
        for r in 0..n {
            for c in 0..n {
                let kind = match marks.get(Cell::new(r, c)) {
                    Mark::Queen => 2,
                    Mark::Cross => 0,
                    Mark::Blank => continue,
                };
                symbols.push(format!("\"{}\":[{kind},\"star\",2]", grid.cell_index(r, c)));
            }
        }
    }
    let answer = layer("", &symbols.join(","), "");
    // The board's cells in order, as first index then differences.
    let mut centers = vec![grid.cell_index(0, 0)];
    for i in 1..n * n {
        let (prev, now) = (grid.cell_index((i - 1) / n, (i - 1) % n), grid.cell_index(i / n, i % n));
        centers.push(now - prev);
    }
    let centers: Vec<String> = centers.iter().map(usize::to_string).collect();
    let empty = layer("", "", "");
    let text = [
        header,
        "[1,1,1,1]".to_string(),
        MODE.to_string(),
        puzzle,
        answer,
        format!("[{}]", centers.join(",")),
        "[\"Surface\",\"Composite\"]".to_string(),
        ANSWER_CHECK.to_string(),
        "\"x\"".to_string(),
        "\"x\"".to_string(),
        "[3,2,3]".to_string(),
        MODE.to_string(),
        "\"x\"".to_string(),
        "0".to_string(),
        empty.clone(),
        empty,
        ANSWER_CHECK_OR.to_string(),
        "[\"starbattle\"]".to_string(),
        String::new(),
    ]
    .join("\n");
    Some(pack(&text))
}

/// The `m=edit` link holding penpa save text `text`, packed as penpa packs it: key
/// codes, raw DEFLATE, base64 (the inverse of [`text`]).
pub fn pack(text: &str) -> String {
    link_of(&miniz_oxide::deflate::compress_to_vec(codes(text).as_bytes(), 9))
}

/// [`pack`] with DEFLATE in stored blocks (nothing compressed): the same text
/// inside, read alike, for the fuzz targets, which pack megabyte texts many times a
/// second and where compressing at level 9 took most of each run's time. The
/// blocks are written here, a header and a copy each, where miniz_oxide's level 0
/// walks the text byte by byte.
pub(crate) fn pack_stored(text: &str) -> String {
    let coded = codes(text);
    let mut deflated = Vec::with_capacity(coded.len() + 5 * (coded.len() / 0xffff + 1));
    let mut blocks = coded.as_bytes().chunks(0xffff).peekable();
    if blocks.peek().is_none() {
        deflated.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(block) = blocks.next() {
        // BFINAL on the last block, BTYPE 00 (stored); LEN, then its complement NLEN.
        let len = block.len() as u16;
        deflated.push(u8::from(blocks.peek().is_none()));
        deflated.extend_from_slice(&len.to_le_bytes());
        deflated.extend_from_slice(&(!len).to_le_bytes());
        deflated.extend_from_slice(block);
    }
    link_of(&deflated)
}

/// `text` with penpa's key codes swapped in, one after another as penpa does
/// (a key that is not in the text costs a search, not a copy).
fn codes(text: &str) -> String {
    let mut packed = text.to_string();
    for (plain, code) in SUBSTITUTIONS {
        if memchr::memmem::find(packed.as_bytes(), plain.as_bytes()).is_some() {
            packed = packed.replace(plain, code);
        }
    }
    packed
}

/// The `m=edit` link of DEFLATE stream `deflated`.
fn link_of(deflated: &[u8]) -> String {
    use base64::Engine as _;
    format!("{HOME}#m=edit&p={}", base64::engine::general_purpose::STANDARD.encode(deflated))
}

/// One penpa layer (puzzle or solution) with the given numbers, symbols and edges.
fn layer(numbers: &str, symbols: &str, edges: &str) -> String {
    format!(
        "{{\"command_redo\":{{\"__a\":[]}},\"command_undo\":{{\"__a\":[]}},\"command_replay\":{{\"__a\":[]}},\
         \"surface\":{{}},\"number\":{{{numbers}}},\"numberS\":{{}},\"symbol\":{{{symbols}}},\"thermo\":[],\
         \"arrows\":[],\"direction\":[],\"squareframe\":[],\"polygon\":[],\"line\":{{}},\"lineE\":{{{edges}}},\
         \"wall\":{{}},\"cage\":{{}},\"deletelineE\":{{}},\"killercages\":[],\"nobulbthermo\":[]}}"
    )
}

/// penpa's editor state for solving a Star Battle: the solution layer, the star tool.
const MODE: &str = "{\"qa\":\"pu_a\",\"grid\":[\"2\",\"2\",\"1\"],\"pu_q\":{\"edit_mode\":\"lineE\",\"surface\":[\"\",1],\
\"multicolor\":[\"\",1],\"line\":[\"1\",2],\"lineE\":[\"1\",2],\"wall\":[\"\",2],\"cage\":[\"1\",10],\"number\":[\"1\",1],\
\"symbol\":[\"circle_L\",1],\"special\":[\"thermo\",\"\"],\"board\":[\"\",\"\"],\"move\":[\"1\",\"\"],\"combi\":[\"battleship\",3],\
\"sudoku\":[\"1\",1]},\"pu_a\":{\"edit_mode\":\"combi\",\"surface\":[\"\",1],\"multicolor\":[\"\",1],\"line\":[\"1\",3],\
\"lineE\":[\"1\",3],\"wall\":[\"\",3],\"cage\":[\"1\",10],\"number\":[\"1\",2],\"symbol\":[\"circle_L\",1],\
\"special\":[\"thermo\",\"\"],\"board\":[\"\",\"\"],\"move\":[\"1\",\"\"],\"combi\":[\"star\",3],\"sudoku\":[\"1\",9]}}";

/// penpa's answer-check settings, all off (the link carries no solution to check against).
const ANSWER_CHECK: &str = "{\"sol_surface_exact\":false,\"sol_surface\":false,\"sol_number\":false,\
\"sol_loopline_exact\":false,\"sol_loopline\":false,\"sol_ignoreloopline\":false,\"sol_loopedge_exact\":false,\
\"sol_loopedge\":false,\"sol_ignoreborder\":false,\"sol_wall\":false,\"sol_square\":false,\"sol_circle\":false,\
\"sol_tri\":false,\"sol_arrow\":false,\"sol_math\":false,\"sol_battleship\":false,\"sol_tent\":false,\
\"sol_star\":false,\"sol_akari\":false,\"sol_mine\":false}";

/// The same settings for penpa's "any of" answer check, all off.
const ANSWER_CHECK_OR: &str = "{\"sol_or_surface_exact\":false,\"sol_or_surface\":false,\"sol_or_number\":false,\
\"sol_or_loopline_exact\":false,\"sol_or_loopline\":false,\"sol_or_loopedge_exact\":false,\"sol_or_loopedge\":false,\
\"sol_or_wall\":false,\"sol_or_square\":false,\"sol_or_circle\":false,\"sol_or_tri\":false,\"sol_or_arrow\":false,\
\"sol_or_math\":false,\"sol_or_battleship\":false,\"sol_or_tent\":false,\"sol_or_star\":false,\"sol_or_akari\":false,\
\"sol_or_mine\":false}";

#[cfg(test)]
mod tests {
    use super::*;

    fn regions(rows: &[&str]) -> Regions {
        Regions::from_rows(rows).unwrap()
    }

    #[test]
    fn a_board_and_its_marks_round_trip() {
        let r = regions(&["AABB", "AABB", "CCDD", "CCDD"]);
        let mut marks = Marks::new(4);
        marks.set(Cell::new(0, 1), Mark::Queen);
        marks.set(Cell::new(3, 3), Mark::Cross);
        let url = encode(&r, 1, Some(&marks)).unwrap();
        assert!(looks_like_penpa(&url), "{url}");
        let back = parse(&url).unwrap();
        assert_eq!(back.regions, r);
        assert_eq!(back.stars, Some(1));
        assert_eq!(back.marks, Some(marks));
        let bare = parse(&encode(&r, 2, None).unwrap()).unwrap();
        assert_eq!(encode(&regions(&["ABA", "BBB", "CCC"]), 1, None), None, "a region in two pieces");
        assert_eq!((bare.stars, bare.marks), (Some(2), None));
    }

    #[test]
    fn odd_and_even_sides_centre_where_penpa_does() {
        // penpa's own links: 10×10 centres on corner 375, 11×11 on cell 144.
        let header = |n: usize| {
            let url =
                encode(&Regions::from_labels(n, &(0..n * n).map(|i| i / n).collect::<Vec<_>>()).unwrap(), 1, None)
                    .unwrap();
            text(&url).unwrap().lines().next().unwrap().split(',').nth(9).unwrap().to_string()
        };
        assert_eq!(header(10), "375");
        assert_eq!(header(11), "144");
    }

    #[test]
    fn what_is_not_a_star_battle_link_is_named() {
        assert!(!looks_like_penpa("https://puzz.link/p?starbattle/4/4/1/abc"));
        assert!(looks_like_penpa("https://example.org/penpa-edit/?p=abc"));
        for (url, says) in [
            ("https://swaroopg92.github.io/penpa-edit/#m=edit", "no p= part"),
            ("https://swaroopg92.github.io/penpa-edit/#m=edit&p=", "empty"),
            ("https://swaroopg92.github.io/penpa-edit/#m=edit&p=!!!!", "not base64"),
            ("https://swaroopg92.github.io/penpa-edit/#m=edit&p=AAAA", "inflate"),
        ] {
            let e = parse(url).unwrap_err().to_string();
            assert!(e.contains(says), "{url}: {e}");
        }
        // A sudoku link: penpa's genre tag names it.
        let mut text = text(&encode(&regions(&["AB", "AB"]), 1, None).unwrap()).unwrap();
        text = text.replace("[\"starbattle\"]", "[\"classic\"]");
        let e = parse(&pack(&text)).unwrap_err().to_string();
        assert!(e.contains("classic puzzle, not Star Battle"), "{e}");
        let e = parse(&pack(&text.replacen("square", "hex", 1))).unwrap_err().to_string();
        assert!(e.contains("\"hex\" grid"), "{e}");
    }

    #[test]
    fn edges_that_cut_no_region_are_refused() {
        // A 2×2 board of two columns has two edges between them; with one of them
        // left, the board is one piece (the fuzzer's find: it wrote back as a link
        // with no borders at all, which did not read back).
        let text = text(&encode(&regions(&["AB", "AB"]), 1, None).unwrap()).unwrap();
        // Its first entry, `"a,b":2,` (the key holds a comma of its own).
        let at = text.find("\"lineE\":{").unwrap() + "\"lineE\":{".len();
        let value = at + text[at..].find(':').unwrap();
        let end = value + text[value..].find(',').unwrap() + 1;
        let cut = format!("{}{}", &text[..at], &text[end..]);
        let e = parse(&pack(&cut)).unwrap_err().to_string();
        assert!(e.contains("do not cut the board into regions"), "{e}");
        assert!(parse(&pack(&text)).is_ok(), "both edges: two regions");
    }

    #[test]
    fn a_payload_that_inflates_past_the_cap_is_refused_unheld() {
        let huge = "x".repeat(MAX_TEXT + 1);
        let e = parse(&pack(&huge)).unwrap_err().to_string();
        assert!(e.contains("inflates to more than"), "{e}");
    }

    #[test]
    fn stored_blocks_hold_the_text_that_level_9_holds() {
        let board = text(&encode(&regions(&["AB", "AB"]), 1, None).unwrap()).unwrap();
        // One block, none (an empty stored block ends the stream), a block's exact
        // length, and several blocks with a short last one.
        let long = board.repeat(0xffff / board.len() + 3);
        for t in [board.as_str(), "", &"zq".repeat(0xffff / 4), &long] {
            let stored = pack_stored(t);
            assert_ne!(stored, pack(t), "stored blocks are not what level 9 writes");
            let inflated = |link: &str| {
                use base64::Engine as _;
                let p = &link[link.find("p=").unwrap() + 2..];
                let packed = base64::engine::general_purpose::STANDARD.decode(p).unwrap();
                miniz_oxide::inflate::decompress_to_vec(&packed).unwrap()
            };
            assert_eq!(inflated(&stored), inflated(&pack(t)), "a text of {} bytes", t.len());
        }
        assert_eq!(text(&pack_stored(&board)).unwrap(), board);
    }

    #[test]
    fn marks_between_cells_and_pencil_stars_are_left_out() {
        let r = regions(&["AB", "AB"]);
        let mut marks = Marks::new(2);
        marks.set(Cell::new(0, 0), Mark::Queen);
        let text = text(&encode(&r, 1, Some(&marks)).unwrap()).unwrap();
        let grid = Grid { n: 2, nx0: 8, ny0: 8, top: 1, left: 1 };
        // A grey star on (1, 1) and a dot on a corner point.
        let extra = format!("\"{}\":[3,\"star\",2],\"{}\":[0,\"star\",2],", grid.cell_index(1, 1), grid.corner(1, 1));
        let text = text.replacen("\"symbol\":{\"", &format!("\"symbol\":{{{extra}\""), 2);
        assert_eq!(parse(&pack(&text)).unwrap().marks, Some(marks));
    }
}
