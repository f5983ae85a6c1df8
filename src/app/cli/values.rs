//! The value parsers the commands share: `--time-limit`, `-j`, `--max-pixels` and
//! `--stars`. Each checks its range, so a value that reaches the library is
//! always one it can use, and the error names the range and the value given.

use std::time::Duration;

use crate::solve::stars::Stars;

/// Longest `--time-limit` of every command but `serve`.
pub(super) const DAY: u32 = 86_400;
/// Longest `--time-limit` of `serve`, where every request waits on it.
pub(super) const HOUR: u32 = 3_600;

/// Most threads `-j` may ask for, per core: enough to overlap I/O, far from
/// the thousands that exhaust a process's thread limit.
pub const JOBS_PER_CORE: usize = 4;

/// `-j N`: from 1 to [`JOBS_PER_CORE`] per core of this machine.
pub(super) fn jobs(text: &str) -> Result<u16, String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cap = (JOBS_PER_CORE * cores).min(usize::from(u16::MAX));
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=cap).contains(&n) => Ok(n as u16),
        Ok(n) => {
            Err(format!("must be from 1 to {cap} ({JOBS_PER_CORE} per core on this {cores}-core machine), got {n}"))
        }
        Err(_) => Err(format!("not a whole number: {text}")),
    }
}

/// Parses a `--time-limit`: seconds, more than 0 and at most `MAX`. One parser for
/// every command, so no value can reach `Duration::from_secs_f64` and overflow.
pub(super) fn seconds<const MAX: u32>(text: &str) -> Result<Duration, String> {
    let secs: f64 = text.trim().parse().map_err(|_| format!("not a number of seconds: {text}"))?;
    if !(secs.is_finite() && secs > 0.0 && secs <= f64::from(MAX)) {
        return Err(format!("must be more than 0 and at most {MAX} seconds, got {text}"));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// Largest `--max-pixels`: the 16384-pixel side limit squared.
const MAX_PIXELS: u64 = 16_384 * 16_384;

/// Parses a `--max-pixels`: a pixel count, or megapixels with an `M` suffix (`40M`, `2.5M`).
pub(super) fn pixels(text: &str) -> Result<u64, String> {
    let t = text.trim().to_ascii_lowercase();
    let (number, scale) = match t.strip_suffix("mp").or_else(|| t.strip_suffix('m')) {
        Some(n) => (n, 1e6),
        None => (t.as_str(), 1.0),
    };
    let value: f64 = number.trim().parse().map_err(|_| format!("not a pixel count (like 40M or 8000000): {text}"))?;
    let pixels = (value * scale).round();
    if !(pixels.is_finite() && pixels >= 1.0 && pixels <= MAX_PIXELS as f64) {
        return Err(format!("must be from 1 pixel to {MAX_PIXELS} (16384×16384), got {text}"));
    }
    Ok(pixels as u64)
}

/// Parses `--stars`: `auto`, or a whole number from 1 to 10.
pub(super) fn stars_arg(text: &str) -> Result<Stars, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("auto") {
        return Ok(Stars::Auto);
    }
    match t.parse::<usize>() {
        Ok(k) if (1..=10).contains(&k) => Ok(Stars::Fixed(k)),
        _ => Err(format!("expected auto or a whole number from 1 to 10, got {text}")),
    }
}
