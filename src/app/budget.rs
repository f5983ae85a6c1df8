//! What one input may cost in memory, estimated before it is read, and the
//! budget a batch's workers share.
//!
//! The server and the batch charge the same estimate: reading (a picture's from
//! its header, [`screenshot::decode_cost`]; a text's [`TEXT_COST_PER_BYTE`] times
//! its size) plus, when a picture is answered with a picture, that answer's own
//! buffers ([`answer_cost`] for the server's data URL, [`written_cost`] for a
//! file the batch writes), all from the header's width and height, so the charge
//! is taken before anything is decoded or drawn. The server's budget is a tokio
//! semaphore (see `serve`); the batch's is [`Budget`], which blocks.

use std::sync::{Condvar, Mutex};

use crate::pipeline::{Config, Kind};
use crate::vision::screenshot;

/// Bytes of memory a text input may take per byte of it while it is read: the
/// text parser's bound (its cells borrow from the text, and reading stops at the
/// first line no puzzle can hold).
pub(crate) const TEXT_COST_PER_BYTE: u64 = 4;

/// What reading an input is estimated to cost, and the picture's size when it is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Estimate {
    /// Bytes that reading it may take at its peak, beyond its own bytes.
    pub(crate) read: u64,
    /// The picture's width and height, from its header (`None` for text, and for
    /// a picture whose header could not be read: it is charged as the largest).
    pub(crate) size: Option<(u32, u32)>,
}

/// The memory that reading `bytes` may take. A picture's comes from its header
/// alone; one over the pixel or side limit is refused by the decoder from the same
/// header, so it needs no room. Anything else is read as text (or a link).
/// `bytes` may be the start of a file only (`whole` its length): a header not
/// within them is charged as the largest picture `config` accepts.
pub(crate) fn estimate(bytes: &[u8], whole: u64, config: &Config) -> Estimate {
    if Kind::of_bytes(bytes) != Kind::Picture {
        return Estimate { read: TEXT_COST_PER_BYTE * whole, size: None };
    }
    let fits = |w: u32, h: u32| w.max(h) <= config.max_side && u64::from(w) * u64::from(h) <= config.max_pixels;
    match screenshot::decode_cost(bytes) {
        Some((w, h, read)) if fits(w, h) => Estimate { read, size: Some((w, h)) },
        Some(_) => Estimate { read: 0, size: None },
        None if (bytes.len() as u64) < whole => Estimate { read: largest_picture(config), size: None },
        // The whole picture, and no header in it: refused as it is read.
        None => Estimate { read: 0, size: None },
    }
}

/// What reading the largest picture `config` accepts may cost: a 16-bit RGBA frame
/// (the widest the decoders make), its RGB copy, a byte a pixel for the reading
/// stages and the board search's segmentation.
fn largest_picture(config: &Config) -> u64 {
    let side = u64::from(config.max_side);
    let pixels = config.max_pixels.min(side * side);
    pixels * (8 + 3 + 1) + crate::vision::grid::search_cost(pixels)
}

/// The most bytes a PNG of a `w`×`h` RGB picture takes
/// ([`encode_png`](crate::output::overlay::encode_png)): its rows raw, a filter
/// byte each, and a little framing (picture noise does not compress).
pub(crate) fn png_cost(w: u32, h: u32) -> u64 {
    let raw = (3 * u64::from(w) + 1) * u64::from(h);
    raw + raw / 64 + (64 << 10)
}

/// The memory the server's answer with a picture takes beyond the decoded picture
/// (which reading already counts, and which is drawn on in place): the PNG, then
/// its base64 data URL (4/3 of it) beside it, then the data URL in the answer's
/// JSON beside the JSON written out (4/3 each). The last is the largest.
pub(crate) fn answer_cost(w: u32, h: u32) -> u64 {
    2 * png_cost(w, h).div_ceil(3) * 4
}

/// The memory a picture the batch writes takes beyond the decoded picture: a
/// copy of it (cropped, or a hint's picture with its banner) and its PNG.
pub(crate) fn written_cost(w: u32, h: u32) -> u64 {
    3 * u64::from(w) * u64::from(h) + png_cost(w, h)
}

/// Bytes of memory shared by the inputs a batch has in flight, each charged its
/// estimate before it is read and until its pictures are written.
///
/// Charges are taken in turn (first come, first served), so a large input is never
/// passed over by smaller ones behind it; one that costs more than the whole budget
/// waits until nothing else holds any, then runs alone. Only the thread that hands
/// out the inputs waits here, never a worker: a worker that waited while holding a
/// charge (rayon lets a worker waiting inside a `join` take up another input)
/// could wait for itself.
#[derive(Debug)]
pub(crate) struct Budget {
    total: u64,
    used: Mutex<Turns>,
    freed: Condvar,
}

/// What is charged, and whose turn it is.
#[derive(Debug, Default)]
struct Turns {
    used: u64,
    next_ticket: u64,
    serving: u64,
}

/// Room taken in a [`Budget`], given back when dropped.
#[derive(Debug)]
pub(crate) struct Charge<'a> {
    budget: &'a Budget,
    bytes: u64,
}

impl Budget {
    /// A budget of `total` bytes (at least one).
    pub(crate) fn new(total: u64) -> Budget {
        Budget { total: total.max(1), used: Mutex::default(), freed: Condvar::new() }
    }

    /// Waits for `bytes` of room (the whole budget, for more than it holds) after
    /// every earlier charge, and takes it.
    pub(crate) fn charge(&self, bytes: u64) -> Charge<'_> {
        let bytes = bytes.min(self.total);
        let mut turns = self.used.lock().unwrap_or_else(|p| p.into_inner());
        let ticket = turns.next_ticket;
        turns.next_ticket += 1;
        while turns.serving != ticket || turns.used + bytes > self.total {
            turns = self.freed.wait(turns).unwrap_or_else(|p| p.into_inner());
        }
        turns.serving += 1;
        turns.used += bytes;
        drop(turns);
        // The next in turn may fit beside this one.
        self.freed.notify_all();
        Charge { budget: self, bytes }
    }
}

impl Drop for Charge<'_> {
    fn drop(&mut self) {
        let mut turns = self.budget.used.lock().unwrap_or_else(|p| p.into_inner());
        turns.used -= self.bytes;
        drop(turns);
        self.budget.freed.notify_all();
    }
}

/// The smallest and largest default budget of a batch, in MiB.
const DEFAULT_MIB: (u64, u64) = (256, 4096);
/// The default budget when the machine's free memory cannot be read, in MiB.
const FALLBACK_MIB: u64 = 1024;

/// The default `--memory-budget` of a batch, in MiB: half of the memory the
/// machine has available (`MemAvailable` in `/proc/meminfo`), from 256 MiB to
/// 4 GiB; 1 GiB where that cannot be read.
pub(crate) fn default_batch_mib() -> u64 {
    let available = std::fs::read_to_string("/proc/meminfo").ok().and_then(|text| mem_available_kib(&text));
    available.map_or(FALLBACK_MIB, |kib| (kib / 1024 / 2).clamp(DEFAULT_MIB.0, DEFAULT_MIB.1))
}

/// The `MemAvailable:` line of a `/proc/meminfo`, in KiB.
fn mem_available_kib(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find_map(|l| l.strip_prefix("MemAvailable:"))?;
    line.trim().strip_suffix("kB")?.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    use super::*;

    /// Runs `jobs` (cost, how long) on a thread each, charging `budget` in order
    /// the way the batch does (one thread hands the charges out); returns the most
    /// bytes ever charged at once and the most jobs running at once.
    fn run(budget: u64, jobs: &[(u64, u64)]) -> (u64, u64) {
        let budget = Budget::new(budget);
        let (held, most, running, most_running) =
            (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
        std::thread::scope(|scope| {
            for &(cost, millis) in jobs {
                let charge = budget.charge(cost);
                let (held, most, running, most_running) = (&held, &most, &running, &most_running);
                scope.spawn(move || {
                    let now = held.fetch_add(charge.bytes, Ordering::SeqCst) + charge.bytes;
                    most.fetch_max(now, Ordering::SeqCst);
                    let n = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most_running.fetch_max(n, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(millis));
                    running.fetch_sub(1, Ordering::SeqCst);
                    held.fetch_sub(charge.bytes, Ordering::SeqCst);
                    drop(charge);
                });
            }
        });
        (most.load(Ordering::SeqCst), most_running.load(Ordering::SeqCst))
    }

    #[test]
    fn two_jobs_over_the_budget_together_never_run_at_once() {
        let (most, running) = run(100, &[(60, 50), (60, 50), (60, 50)]);
        assert_eq!((most, running), (60, 1));
        let (most, running) = run(100, &[(40, 80), (40, 80), (40, 80)]);
        assert_eq!((most, running), (80, 2));
    }

    #[test]
    fn a_job_over_the_whole_budget_runs_alone() {
        // Small ones before and after it: it waits for the first to end, and the
        // last waits for it (its turn came first).
        let (most, running) = run(100, &[(30, 50), (500, 50), (30, 50)]);
        assert_eq!((most, running), (100, 1));
        // Alone, it runs at once.
        assert_eq!(run(100, &[(500, 1)]), (100, 1));
    }

    #[test]
    fn charges_are_given_back() {
        let budget = Arc::new(Budget::new(10));
        for _ in 0..100 {
            drop(budget.charge(10));
        }
        let turns = budget.used.lock().unwrap();
        assert_eq!((turns.used, turns.serving, turns.next_ticket), (0, 100, 100));
    }

    #[test]
    fn mem_available_is_read_in_kib() {
        let meminfo = "MemTotal:       24683772 kB\nMemFree:        23922480 kB\nMemAvailable:   24298132 kB\n";
        assert_eq!(mem_available_kib(meminfo), Some(24_298_132));
        assert_eq!(mem_available_kib("MemTotal: 1 kB\n"), None);
        let mib = default_batch_mib();
        assert!((256..=4096).contains(&mib), "{mib}");
    }

    /// A `w`×`h` RGB picture of noise (which compresses least).
    fn noise(w: u32, h: u32) -> image::RgbImage {
        let mut rng = crate::generate::rng::Rng::new(7);
        image::RgbImage::from_fn(w, h, |_, _| {
            let [r, g, b, ..] = rng.next_u64().to_le_bytes();
            image::Rgb([r, g, b])
        })
    }

    #[test]
    fn a_header_beyond_the_bytes_read_is_charged_as_the_largest_picture() {
        let config = Config::default();
        let img = noise(400, 300);
        for format in
            [image::ImageFormat::Png, image::ImageFormat::Jpeg, image::ImageFormat::WebP, image::ImageFormat::Bmp]
        {
            let mut bytes = Vec::new();
            img.write_to(&mut std::io::Cursor::new(&mut bytes), format).unwrap();
            assert!(bytes.len() > 64 << 10, "{format:?}: {} bytes", bytes.len());
            let whole = estimate(&bytes, bytes.len() as u64, &config);
            assert_eq!(whole.size, Some((400, 300)), "{format:?}");
            // The first 64 KiB of a file hold its header: the same estimate.
            assert_eq!(estimate(&bytes[..64 << 10], bytes.len() as u64, &config), whole, "{format:?}");
        }
        let mut png = Vec::new();
        img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
        // Eight bytes of a PNG say it is one, but not how large.
        let cut = estimate(&png[..8], png.len() as u64, &config);
        assert_eq!(cut, Estimate { read: largest_picture(&config), size: None });
        // Text costs four bytes a byte of the whole file.
        assert_eq!(estimate(b"AB\nBA\n", 1000, &config), Estimate { read: 4000, size: None });
    }

    #[test]
    fn a_png_of_noise_fits_its_estimate() {
        let img = noise(640, 480);
        let png = crate::output::overlay::encode_png(&img);
        assert!(png.len() as u64 <= png_cost(640, 480), "{} > {}", png.len(), png_cost(640, 480));
        assert!(png.len() as u64 > 3 * 640 * 480 / 2, "noise compressed to {}", png.len());
    }
}
