//! The fuzz targets' bodies, shared by `fuzz/fuzz_targets/*` and the regression
//! test that replays saved inputs (`tests/fuzz_regressions.rs`), so both always
//! exercise exactly the same code. Not part of the public API.

use std::time::Duration;

use crate::pipeline::{self, Config};
use crate::puzzle::partition::{self, Pieces};
use crate::solve::{self, SolveOptions};

/// The settings of the image target: a small side limit and a short solver time,
/// so the fuzzer explores inputs rather than waiting on them.
pub fn config() -> Config {
    let mut config = Config { max_side: 2048, ..Default::default() };
    config.solve.time_limit = Duration::from_millis(500);
    config
}

/// Text target: parse; the written form must parse back to the same board; then
/// partition check and (small boards) solve.
pub fn text_parser(data: &[u8]) {
    // The parser takes &str; lossy conversion keeps invalid UTF-8 inputs useful.
    let input = String::from_utf8_lossy(data);
    let Ok(regions) = crate::puzzle::text::parse(&input) else { return };
    if regions.region_count() <= 62 {
        let again = crate::puzzle::text::parse(&crate::puzzle::text::write(&regions)).expect("written puzzle parses");
        assert_eq!(again, regions, "text round trip changed the board");
    }
    if partition::check(&regions, Pieces::Connected).is_err() {
        return;
    }
    if regions.n() <= 12 {
        let _ =
            solve::solve(&regions, &SolveOptions { time_limit: Duration::from_millis(500), ..SolveOptions::default() });
    }
}

/// Image target: bytes → decode → grid → cells → regions → solve, through the
/// entry point the CLI uses, as a file named like an image.
pub fn image_path(data: &[u8]) -> crate::Result<crate::Placement> {
    pipeline::solve_bytes(data, true, &config()).0.result
}

/// puzz.link target: `puzzlink::parse` must return, never panic; every error is a
/// `parse` error; a URL that parses re-encodes to a URL that reads back to the
/// same board and K; small boards then go through the text entry point (which
/// sees the URL) to a checked result or an error.
pub fn puzzlink(data: &[u8]) {
    use crate::puzzle::puzzlink;
    let input = String::from_utf8_lossy(data);
    let parsed = puzzlink::parse(&input);
    let puzzle = match parsed {
        Ok(p) => p,
        Err(e) => {
            assert_eq!(e.kind(), "parse", "URL errors are parse errors: {e}");
            return;
        }
    };
    assert!(puzzlink::looks_like_url(&input), "only web addresses parse");
    // Regions read from borders are the pieces walls cut out, so they always have a URL.
    let url = puzzlink::encode(&puzzle.regions, puzzle.stars).expect("regions from a URL have a URL");
    let again = puzzlink::parse(&url).expect("an encoded URL parses");
    assert_eq!(again, puzzle, "URL round trip changed the puzzle");
    if puzzle.regions.n() <= 10 {
        let outcome = pipeline::solve_text(&input, &config());
        if let Ok(p) = &outcome.result {
            let k = outcome.stars.expect("a solution comes with its K");
            crate::puzzle::check::check(&puzzle.regions, k, p).expect("every solution passes the rule check");
        }
    }
}

/// penpa-edit target: `data` is penpa's save text (what a link's `p=` part inflates
/// to), so the fuzzer mutates its lines and JSON rather than base64. Packed into a
/// link, `penpa::parse` must return, never panic, with only `parse` errors; a link
/// that parses with its K re-encodes to a link that reads back to the same board,
/// K and marks; small boards then go through the text entry point to a checked
/// result or an error. The raw bytes are tried as a link too.
pub fn penpa(data: &[u8]) {
    use crate::puzzle::penpa;
    let text = String::from_utf8_lossy(data);
    if let Err(e) = penpa::parse(&text) {
        assert_eq!(e.kind(), "parse", "link errors are parse errors: {e}");
    }
    let link = penpa::pack(&text);
    let board = match penpa::parse(&link) {
        Ok(b) => b,
        Err(e) => {
            assert_eq!(e.kind(), "parse", "link errors are parse errors: {e}");
            return;
        }
    };
    let Some(k) = board.stars else { return };
    // Regions read from walls are the pieces walls cut out, so they always have a link.
    let again = penpa::encode(&board.regions, k, board.marks.as_ref()).expect("regions from walls have a link");
    assert_eq!(penpa::parse(&again).expect("an encoded link parses"), board, "link round trip changed the board");
    if board.regions.n() <= 10 {
        let outcome = pipeline::solve_text(&link, &config());
        if let Ok(p) = &outcome.result {
            let k = outcome.stars.expect("a solution comes with its K");
            crate::puzzle::check::check(&board.regions, k, p).expect("every solution passes the rule check");
        }
    }
}
