//! puzz.link Star Battle URLs, read and written: `https://puzz.link/p?starbattle/W/H/K/<borders>`.
//!
//! The format is pzprjs's (the engine behind puzz.link): after the size and the star
//! count come the region borders, one bit per wall between two cells, 5 bits per
//! base-32 digit (`0-9a-v`, most significant bit first). First the walls between
//! side-by-side cells, row by row ((W-1)·H bits), then the walls between a cell and
//! the one below it, row by row (W·(H-1) bits); each group is padded to whole
//! digits on its own. The regions are the groups of cells that no wall separates.
//!
//! Parsing is offline text work: nothing is ever fetched. `http://` and the hosts
//! `pzprxs.vercel.app` and `pzv.jp` (also its old `/p.html` path) are read alike;
//! [`encode`] writes the canonical `https://puzz.link/p?…` form. Every malformed
//! URL is a [`Error::Parse`] naming what is wrong, at line 1 and the 1-based
//! character column of the problem (0 when it concerns the whole URL).

use crate::error::{quote, Error, Result};
use crate::puzzle::text::MAX_N;
use crate::puzzle::{Cell, Regions};

/// Hosts that serve the pzprjs player with the same URL scheme.
const HOSTS: [&str; 3] = ["puzz.link", "pzprxs.vercel.app", "pzv.jp"];

/// The one puzzle type read here.
const PUZZLE_TYPE: &str = "starbattle";

/// A Star Battle puzzle as a URL states it: the regions and the stars per row,
/// column and region.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StarBattle {
    /// The region map (canonical labels).
    pub regions: Regions,
    /// Stars per row, column and region (K).
    pub stars: usize,
}

/// True when `text` (trimmed) is a web address, so it is read as a puzz.link URL
/// rather than as a text puzzle (a text puzzle never starts with `http://`).
pub(crate) fn looks_like_url(text: &str) -> bool {
    let t = trim(text).as_bytes();
    let starts = |p: &str| t.len() >= p.len() && t[..p.len()].eq_ignore_ascii_case(p.as_bytes());
    starts("https://") || starts("http://")
}

/// `text` without surrounding whitespace or a leading byte-order mark (some
/// editors save one at the start of a `.txt` file).
fn trim(text: &str) -> &str {
    text.trim().trim_start_matches('\u{feff}').trim()
}

/// A parse error about the URL at 1-based character `column` (0: the whole URL).
fn bad(column: usize, message: impl Into<String>) -> Error {
    Error::parse(1, column, message)
}

/// Parses a puzz.link Star Battle URL (surrounding whitespace ignored).
pub fn parse(url: &str) -> Result<StarBattle> {
    let url = trim(url);
    // Error columns count characters of the trimmed URL, 1-based.
    let col = |byte: usize| url[..byte].chars().count() + 1;
    let scheme_len = if url.len() >= 8 && url.as_bytes()[..8].eq_ignore_ascii_case(b"https://") {
        8
    } else if url.len() >= 7 && url.as_bytes()[..7].eq_ignore_ascii_case(b"http://") {
        7
    } else {
        return Err(bad(0, "not a puzz.link URL: it must start with https:// or http://"));
    };
    let rest = &url[scheme_len..];
    let host_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let host = &rest[..host_end];
    if !HOSTS.iter().any(|h| h.eq_ignore_ascii_case(host)) {
        return Err(bad(
            col(scheme_len),
            format!(
                "unknown host {}: only puzz.link, pzprxs.vercel.app and pzv.jp Star Battle links are read \
                 (nothing is downloaded)",
                quote(host)
            ),
        ));
    }
    let after_host = scheme_len + host_end;
    let Some(q) = url[after_host..].find('?') else {
        return Err(bad(0, "too short: no puzzle after the address (expected /p?starbattle/W/H/K/borders)"));
    };
    let path = &url[after_host..after_host + q];
    if path != "/p" && path != "/p.html" {
        return Err(bad(
            col(after_host),
            format!("unexpected path {}: expected /p?starbattle/W/H/K/borders", quote(path)),
        ));
    }
    let query_start = after_host + q + 1;
    let query = &url[query_start..];
    // Fields with their byte offsets in `url`, for error columns: seven at most (the
    // five, pzprjs's trailing slash, and one to say "too long"), so a link followed
    // by millions of `/` costs no more than one without them.
    let mut fields = Vec::with_capacity(7);
    let mut at = query_start;
    for f in query.split('/').take(7) {
        fields.push((at, f));
        at += f.len() + 1;
    }
    // pzprjs drops one empty field after the borders (a trailing slash).
    if fields.len() > 5 && fields.last().is_some_and(|(_, f)| f.is_empty()) {
        fields.pop();
    }
    let (type_at, kind) = fields[0];
    if kind != PUZZLE_TYPE {
        let shown = if kind.is_empty() { "none".to_string() } else { quote(kind) };
        return Err(bad(col(type_at), format!("wrong puzzle type {shown}: only starbattle URLs can be read")));
    }
    let names = ["the width", "the height", "the star count", "the borders"];
    if fields.len() < 5 {
        return Err(bad(
            0,
            format!(
                "too short: {} is missing (expected starbattle/W/H/K/borders)",
                names[fields.len().saturating_sub(1).min(3)]
            ),
        ));
    }
    if fields.len() > 5 {
        let (extra_at, _) = fields[5];
        return Err(bad(col(extra_at - 1), "too long: unexpected text after the borders"));
    }
    let number = |(at, f): (usize, &str), what: &str| -> Result<usize> {
        if f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit()) || f.len() > 6 {
            return Err(bad(col(at), format!("wrong size: {what} {} is not a whole number", quote(f))));
        }
        Ok(f.parse().expect("checked digits"))
    };
    let w = number(fields[1], "the width")?;
    let h = number(fields[2], "the height")?;
    if w != h {
        return Err(bad(
            col(fields[1].0),
            format!("wrong size: the board is {w}x{h}, but Star Battle boards are square"),
        ));
    }
    let n = w;
    if !(1..=MAX_N).contains(&n) {
        return Err(bad(
            col(fields[1].0),
            format!("wrong size: {n}x{n}, boards from 1x1 to {MAX_N}x{MAX_N} are supported"),
        ));
    }
    let (k_at, k_text) = fields[3];
    if k_text.is_empty() || !k_text.bytes().all(|b| b.is_ascii_digit()) || k_text.len() > 6 {
        return Err(bad(col(k_at), format!("wrong star count {}: expected a whole number", quote(k_text))));
    }
    let stars: usize = k_text.parse().expect("checked digits");
    if !(1..=n).contains(&stars) {
        return Err(bad(col(k_at), format!("wrong star count {stars}: expected 1 to {n} on a {n}x{n} board")));
    }
    let (b_at, borders) = fields[4];
    let regions = decode_borders(n, borders).map_err(|(i, message)| bad(col(b_at) + i, message))?;
    Ok(StarBattle { regions, stars })
}

/// Digits needed for `bits` bits, 5 per digit.
fn digits(bits: usize) -> usize {
    bits.div_ceil(5)
}

/// The value of a base-32 digit (`0-9`, `a-v`, either case, as pzprjs reads them).
fn digit_value(c: char) -> Option<u32> {
    c.to_digit(32)
}

/// Decodes the border string of an N×N board into regions. Errors carry the
/// 0-based character index of the problem in `borders`.
fn decode_borders(n: usize, borders: &str) -> std::result::Result<Regions, (usize, String)> {
    let vertical = (n - 1) * n; // walls between (r, c) and (r, c + 1)
    let horizontal = n * (n - 1); // walls between (r, c) and (r + 1, c)
    let expected = digits(vertical) + digits(horizontal);
    // Checked and counted in place; only a string of the right length is collected.
    if let Some((i, c)) = borders.chars().enumerate().find(|&(_, c)| digit_value(c).is_none()) {
        return Err((i, format!("bad character {c:?} in the borders: expected 0-9 or a-v")));
    }
    let count = borders.chars().count();
    if count < expected {
        return Err((0, format!("too short: a {n}x{n} board needs {expected} border characters, found {count}")));
    }
    if count > expected {
        return Err((expected, format!("too long: a {n}x{n} board needs {expected} border characters, found {count}")));
    }
    let chars: Vec<char> = borders.chars().collect();
    let bits = |group: &[char], count: usize| -> Vec<bool> {
        (0..count).map(|i| digit_value(group[i / 5]).expect("checked") & (16 >> (i % 5)) != 0).collect()
    };
    let (v_chars, h_chars) = chars.split_at(digits(vertical));
    let v = bits(v_chars, vertical);
    let h = bits(h_chars, horizontal);
    // The URL's vertical walls are n - 1 to a row; from_walls takes n to a row.
    let right: Vec<bool> = (0..n * n).map(|i| i % n + 1 < n && v[i / n * (n - 1) + i % n]).collect();
    Ok(Regions::from_walls(n, &right, &h))
}

/// The canonical puzz.link URL of `regions` with `stars` per row, column and region.
///
/// `None` when the URL cannot say it: a wall stands between every two neighbouring
/// cells of different regions, so a region in several pieces (a few hand-made
/// puzzles, `--allow-split-regions`) would read back as several regions, a
/// different puzzle. Every URL returned reads back to exactly `regions`.
pub fn encode(regions: &Regions, stars: usize) -> Option<String> {
    let n = regions.n();
    let label = |r: usize, c: usize| regions.label(Cell::new(r, c));
    let vertical = (0..n).flat_map(|r| (0..n - 1).map(move |c| (r, c))).map(|(r, c)| label(r, c) != label(r, c + 1));
    let horizontal = (0..n - 1).flat_map(|r| (0..n).map(move |c| (r, c))).map(|(r, c)| label(r, c) != label(r + 1, c));
    let mut borders = String::new();
    push_bits(&mut borders, vertical);
    push_bits(&mut borders, horizontal);
    // Regions are canonical, so equal maps compare equal: split regions do not.
    (decode_borders(n, &borders).ok()? == *regions)
        .then(|| format!("https://puzz.link/p?{PUZZLE_TYPE}/{n}/{n}/{stars}/{borders}"))
}

/// Appends `bits` as base-32 digits, 5 bits each, most significant first, the
/// last digit padded with zero bits.
fn push_bits(out: &mut String, bits: impl Iterator<Item = bool>) {
    let mut value = 0;
    let mut count = 0;
    for bit in bits {
        value |= u32::from(bit) << (4 - count);
        count += 1;
        if count == 5 {
            out.push(std::char::from_digit(value, 32).expect("5 bits"));
            value = 0;
            count = 0;
        }
    }
    if count > 0 {
        out.push(std::char::from_digit(value, 32).expect("5 bits"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first puzzle of the Star Battle corpus manifest (5x5, 1 star).
    const FIVE: &str = "https://puzz.link/p?starbattle/5/5/1/8j2l08n0";
    const FIVE_ROWS: [&str; 5] = ["AABBB", "AABBB", "ACBBB", "CCDDE", "CCDDE"];

    #[test]
    fn reads_and_writes_a_known_url() {
        let p = parse(FIVE).unwrap();
        assert_eq!(p.stars, 1);
        assert_eq!(p.regions, Regions::from_rows(&FIVE_ROWS).unwrap());
        assert_eq!(encode(&p.regions, 1).as_deref(), Some(FIVE));
    }

    #[test]
    fn other_hosts_schemes_and_a_trailing_slash_read_alike() {
        let want = parse(FIVE).unwrap();
        for url in [
            "http://puzz.link/p?starbattle/5/5/1/8j2l08n0",
            "https://pzprxs.vercel.app/p?starbattle/5/5/1/8j2l08n0",
            "http://pzv.jp/p.html?starbattle/5/5/1/8j2l08n0",
            "HTTPS://PUZZ.LINK/p?starbattle/5/5/1/8j2l08n0/",
            "  https://puzz.link/p?starbattle/5/5/1/8J2L08N0\n",
            "\u{feff}https://puzz.link/p?starbattle/5/5/1/8j2l08n0\r\n",
        ] {
            assert_eq!(parse(url).unwrap(), want, "{url}");
        }
    }

    #[test]
    fn malformed_urls_say_what_is_wrong() {
        let cases = [
            ("https://example.com/p?starbattle/5/5/1/8j2l08n0", "unknown host", 9),
            ("https://puzz.link/p?nurikabe/5/5/1/8j2l08n0", "wrong puzzle type", 21),
            ("https://puzz.link/p?starbattle/5/6/1/8j2l08n0", "wrong size", 32),
            ("https://puzz.link/p?starbattle/x/5/1/8j2l08n0", "wrong size", 32),
            ("https://puzz.link/p?starbattle/0/0/1/", "wrong size", 32),
            ("https://puzz.link/p?starbattle/99/99/1/0", "wrong size", 32),
            ("https://puzz.link/p?starbattle/5/5/0/8j2l08n0", "wrong star count", 36),
            ("https://puzz.link/p?starbattle/5/5/1/8j2l08", "too short", 38),
            ("https://puzz.link/p?starbattle/5/5/1/8j2l08n0z", "bad character", 38 + 8),
            ("https://puzz.link/p?starbattle/5/5/1/8j2l08n0a", "too long", 38 + 8),
            ("https://puzz.link/p?starbattle/5/5/1/8j2l08n0/x", "too long", 46),
            ("https://puzz.link/p?starbattle/5/5", "too short", 0),
            ("https://puzz.link/", "too short", 0),
            ("https://puzz.link/q?starbattle/5/5/1/8j2l08n0", "unexpected path", 18),
            ("ftp://puzz.link/p?starbattle/5/5/1/8j2l08n0", "not a puzz.link URL", 0),
            ("https://puzz.link/p?starbattle/5/5/1/8j2é08n0", "bad character", 38 + 3),
        ];
        for (url, what, column) in cases {
            match parse(url) {
                Err(Error::Parse { line: 1, column: c, message }) => {
                    assert!(message.contains(what), "{url}: {message}");
                    assert_eq!(c, column, "{url}: {message}");
                }
                other => panic!("{url}: expected a parse error about {what}, got {other:?}"),
            }
        }
    }

    #[test]
    fn one_by_one_and_walls_that_close_nothing() {
        let one = parse("https://puzz.link/p?starbattle/1/1/1/").unwrap();
        assert_eq!(one.regions.n(), 1);
        assert_eq!(encode(&one.regions, 1).as_deref(), Some("https://puzz.link/p?starbattle/1/1/1/"));
        // A lone wall inside a region (a dead end) does not split it.
        let r = parse("https://puzz.link/p?starbattle/2/2/1/g0").unwrap();
        assert_eq!(r.regions.region_count(), 1);
    }

    #[test]
    fn split_regions_have_no_url() {
        // Region A in two pieces: the walls around each piece would make two regions.
        let split = Regions::from_rows(&["ABA", "BBB", "CCC"]).unwrap();
        assert_eq!(encode(&split, 1), None);
        let joined = Regions::from_rows(&["AAA", "BBB", "CCC"]).unwrap();
        assert_eq!(parse(&encode(&joined, 1).unwrap()).unwrap().regions, joined);
    }

    #[test]
    fn looks_like_url_only_for_web_addresses() {
        assert!(looks_like_url(FIVE));
        assert!(looks_like_url(" HTTP://pzv.jp/p.html?x"));
        assert!(!looks_like_url("AAB\nACB\nCCB\n"));
        assert!(!looks_like_url("http"));
    }
}
