//! Every bound holds (issue 18): time limits that stop the work, reads that cannot
//! grow without end, temp files that cannot be hijacked, user-given counts bounded.
//! Each test runs the real binary on an input made here, in a temp dir.

use crate::common;

use assert_cmd::Command;
use common::{queens, write};

use std::time::{Duration, Instant};

/// Runs `cmd`, returning its exit code, standard output and error, and wall time.
fn timed(cmd: &mut Command) -> (Option<i32>, String, String, Duration) {
    let t = Instant::now();
    let out = cmd.output().unwrap();
    let took = t.elapsed();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into(), took)
}

/// Item 1: on a 40×40 puzzle with a planted solution, `--time-limit 3` bounds the
/// whole run (presolve, every K of `--stars auto`, MILP, proof, explanation): it
/// ends within the limit plus 1 s, and whatever it says is true: the planted
/// solution is a solution, so "no solution" would be wrong, and a "unique" answer
/// must be the planted one.
#[test]
fn a_40x40_board_stops_within_the_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    let (text, planted) = common::planted::puzzle(40, 18);
    let file = write(dir.path(), "big.txt", text.as_bytes());
    let planted_line: String = planted.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",");
    let runs: [&[&str]; 4] = [
        &["solve", "--no-image", "--json", "--stars", "1", "--time-limit", "3"],
        &["solve", "--no-image", "--json", "--time-limit", "3"],
        &["explain", "--no-image", "--json", "--stars", "1", "--time-limit", "3"],
        &["read", "--format", "puzzlink", "--time-limit", "3"],
    ];
    for args in runs {
        let (code, stdout, stderr, took) = timed(queens().args(args).arg(&file));
        let what = format!("queens {} big.txt: exit {code:?} in {took:?}\n{stdout}{stderr}", args.join(" "));
        assert!(took < Duration::from_secs(4), "over the limit + 1 s: {what}");
        let wrong = stdout.contains("\"kind\":\"no-solution\"") || stderr.contains("the puzzle has no solution");
        assert!(!wrong, "a wrong verdict: {what}");
        if code == Some(0) && args[0] != "read" {
            let record: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
            let cols: Vec<String> = record["queens"].as_array().unwrap().iter().map(|q| q[1].to_string()).collect();
            assert_eq!(cols.join(","), planted_line, "a unique answer must be the planted one: {what}");
        } else if code != Some(0) {
            assert!(
                stdout.contains("several-solutions")
                    || stdout.contains("time limit")
                    || stderr.contains("several solutions")
                    || stderr.contains("time limit"),
                "{what}"
            );
        }
    }
}

const PUZZLE: &str =
    "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n";

/// A rendered screenshot of [`PUZZLE`].
fn screenshot_png() -> Vec<u8> {
    let r = queens::puzzle::text::parse(PUZZLE).unwrap();
    let style = queens::output::render::Style::default();
    queens::output::overlay::encode_png(&queens::output::render::render(&r, &style, &Default::default()).0)
}

/// Item 3: the overlay's temp file cannot be hijacked. A symlink planted under the
/// old predictable temp name (`.<name>.<pid>.tmp`, planted as soon as the pid is
/// known) and one planted as the overlay itself both point at the input: the
/// input stays byte-identical, and the planted overlay link is refused, not followed.
#[cfg(unix)]
#[test]
fn a_planted_symlink_never_redirects_the_overlay() {
    let dir = tempfile::tempdir().unwrap();
    let png = screenshot_png();
    let input = write(dir.path(), "shot.png", &png);
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["solve", "-q", "--color", "never", "-o"])
        .arg(&out)
        .arg(&input)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::os::unix::fs::symlink(&input, out.join(format!(".shot.solved.png.{}.tmp", child.id()))).unwrap();
    let done = child.wait_with_output().unwrap();
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    assert_eq!(std::fs::read(&input).unwrap(), png, "the input was written through a planted temp-name link");
    let overlay = std::fs::symlink_metadata(out.join("shot.solved.png")).unwrap();
    assert!(overlay.is_file(), "the overlay is a file of its own");

    // The overlay's own name planted as a link to the input: written beside it.
    std::fs::remove_file(out.join("shot.solved.png")).unwrap();
    std::os::unix::fs::symlink(&input, out.join("shot.solved.png")).unwrap();
    let (code, _, stderr, _) = timed(queens().args(["solve", "-q", "-o"]).arg(&out).arg(&input));
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(std::fs::read(&input).unwrap(), png, "the input was written through the overlay link");
    assert!(out.join("shot-2.solved.png").is_file());
    // ... and as a link to any other file: not ours, left alone, and said so.
    let victim = write(dir.path(), "victim.txt", b"precious");
    std::fs::remove_file(out.join("shot.solved.png")).unwrap();
    std::os::unix::fs::symlink(&victim, out.join("shot.solved.png")).unwrap();
    let (code, _, stderr, _) = timed(queens().args(["solve", "-q", "-o"]).arg(&out).arg(&input));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("shot.solved.png: it is a symbolic link; it was left alone"), "{stderr}");
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    assert!(std::fs::symlink_metadata(out.join("shot.solved.png")).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read(&input).unwrap(), png);
    let leftovers: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".queens-"))
        .collect();
    assert!(leftovers.is_empty(), "temp files left behind: {leftovers:?}");
}

/// Peak resident memory (kB) and output of `queens ARGS`, through `/usr/bin/time -f %M`.
fn peak_kb(args: &[&str], stdin: Option<std::process::Stdio>) -> (u64, String) {
    let mut cmd = std::process::Command::new("/usr/bin/time");
    cmd.args(["-f", "peak %M"]).arg(env!("CARGO_BIN_EXE_queens")).args(args);
    cmd.stdin(stdin.unwrap_or(std::process::Stdio::null()));
    let out = cmd.output().expect("/usr/bin/time runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let kb = stderr.lines().rev().find_map(|l| l.strip_prefix("peak ")?.trim().parse().ok()).expect("a peak figure");
    (kb, stderr)
}

/// Item 4: every read is capped, whatever size the path claims. `/dev/zero` (size 0,
/// endless) is refused unread, `/dev/stdin` on a pipe likewise, and 300 MB piped
/// to `-` is refused one byte past the 256 MiB cap: all under 300 MB of memory.
#[cfg(target_os = "linux")]
#[test]
fn reads_are_capped_whatever_the_path_claims() {
    let (kb, stderr) = peak_kb(&["solve", "--no-image", "/dev/zero"], None);
    assert!(stderr.contains("/dev/zero: not a regular file (a character device)"), "{stderr}");
    assert!(kb < 300 * 1024, "peak {kb} kB: {stderr}");

    let zeros = || {
        std::process::Command::new("head")
            .args(["-c", "300000000", "/dev/zero"])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let mut source = zeros();
    let (kb, stderr) = peak_kb(&["solve", "--no-image", "/dev/stdin"], Some(source.stdout.take().unwrap().into()));
    let _ = source.kill();
    let _ = source.wait();
    assert!(stderr.contains("/dev/stdin: not a regular file (a named pipe); give a file, or `-`"), "{stderr}");
    assert!(kb < 300 * 1024, "peak {kb} kB: {stderr}");

    let mut source = zeros();
    let (kb, stderr) = peak_kb(&["solve", "--no-image", "-"], Some(source.stdout.take().unwrap().into()));
    let _ = source.kill();
    let _ = source.wait();
    assert!(stderr.contains("-: standard input is larger than the 256 MiB limit"), "{stderr}");
    assert!(kb < 300 * 1024, "peak {kb} kB: {stderr}");
}

/// Item 5: a FIFO named on the command line, with no writer, is an error at once.
#[cfg(unix)]
#[test]
fn a_fifo_without_a_writer_errors_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.txt");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for sub in ["solve", "read"] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
            .arg(sub)
            .arg(&fifo)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let t = Instant::now();
        while child.try_wait().unwrap().is_none() && t.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let hung = child.try_wait().unwrap().is_none();
        let _ = child.kill();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!hung, "queens {sub} hung on a FIFO");
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains("pipe.txt: not a regular file (a named pipe)"), "{sub}: {stderr}");
    }
}

/// Item 6: `-j` is capped at 4 threads per core; above it is a usage error.
#[test]
fn jobs_above_the_cap_are_an_error() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "p.txt", PUZZLE.as_bytes());
    for jobs in ["65535", &(4 * cores + 1).to_string()] {
        let (code, _, stderr, _) = timed(queens().args(["solve", "--no-image", "-j", jobs]).arg(&file));
        assert_eq!(code, Some(2), "-j {jobs}: {stderr}");
        assert!(stderr.contains(&format!("must be from 1 to {} (4 per core", 4 * cores)), "{stderr}");
    }
    let (code, _, stderr, _) = timed(queens().args(["solve", "--no-image", "-j", &(4 * cores).to_string()]).arg(&file));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        String::from_utf8_lossy(&queens().args(["solve", "--help"]).output().unwrap().stdout).contains("4 per core")
    );
}

/// Item 7: `render` is bounded by the pixel budget (`--margin`, `--cell` and N
/// together): a clear error, no wraparound, no abort, no file.
#[test]
fn render_out_of_bounds_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let small = write(dir.path(), "p.txt", PUZZLE.as_bytes());
    let big = write(dir.path(), "big.txt", common::planted::puzzle(40, 18).0.as_bytes());
    let out = dir.path().join("o.png");
    for (puzzle, extra) in [
        (&small, ["--margin", "4294967295"]),
        (&small, ["--margin", "2147483000"]),
        (&small, ["--margin", "100000"]),
        (&big, ["--cell", "400"]),
    ] {
        let (code, _, stderr, took) = timed(queens().arg("render").arg(puzzle).arg("-o").arg(&out).args(extra));
        assert_eq!(code, Some(1), "{extra:?}: {stderr}");
        assert!(stderr.contains("over the limit of 40 megapixels and 16384 pixels a side"), "{extra:?}: {stderr}");
        assert!(!out.exists(), "{extra:?} wrote a picture");
        assert!(took < Duration::from_secs(5), "{extra:?} took {took:?}");
    }
    let (code, _, stderr, _) = timed(queens().arg("render").arg(&small).arg("-o").arg(&out).args(["--margin", "2000"]));
    assert_eq!(code, Some(0), "{stderr}");
    let (w, h) = image::image_dimensions(&out).unwrap();
    assert!(w > 4000 && h > 4000, "the margin is drawn: {w}x{h}");
}

/// `render -o` writes like the overlays: through a fresh temp file, and a name
/// that is a symlink is left alone, its target untouched.
#[cfg(unix)]
#[test]
fn render_never_writes_through_a_symlink() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = write(dir.path(), "p.txt", PUZZLE.as_bytes());
    let victim = write(dir.path(), "victim.txt", b"precious");
    let link = dir.path().join("r.png");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let (code, _, stderr, _) = timed(queens().arg("render").arg(&puzzle).arg("-o").arg(&link));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("r.png: it is a symbolic link; it was left alone"), "{stderr}");
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    // A plain name is written whole, and no temp file is left beside it.
    let out = dir.path().join("plain.png");
    let (code, _, stderr, _) = timed(queens().arg("render").arg(&puzzle).arg("-o").arg(&out));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(image::image_dimensions(&out).is_ok());
    let leftovers = std::fs::read_dir(dir.path())
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().starts_with(".queens-"));
    assert_eq!(leftovers.count(), 0);
}

/// CRC-32 (ISO-HDLC, as PNG uses), fed piece by piece.
struct Crc(u32, [u32; 256]);

impl Crc {
    fn new() -> Self {
        let mut table = [0u32; 256];
        for (i, t) in table.iter_mut().enumerate() {
            *t = (0..8).fold(i as u32, |c, _| if c & 1 == 1 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 });
        }
        Crc(!0, table)
    }

    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.1[((self.0 ^ u32::from(b)) & 0xFF) as usize] ^ (self.0 >> 8);
        }
    }
}

/// Item 8: a PNG with a 200 MB text chunk (a valid one, CRC and all, streamed to a
/// temp file) is solved while the process peaks under 250 MB: the chunk is skipped,
/// never held a second time nor inflated.
#[cfg(target_os = "linux")]
#[test]
fn a_huge_text_chunk_is_skipped_not_held() {
    use std::io::Write as _;
    let dir = tempfile::tempdir().unwrap();
    let png = screenshot_png();
    let path = dir.path().join("texty.png");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let ihdr_end = 8 + 8 + 13 + 4;
    f.write_all(&png[..ihdr_end]).unwrap();
    let len: u32 = 200_000_000;
    f.write_all(&len.to_be_bytes()).unwrap();
    let mut crc = Crc::new();
    let mut piece = b"tEXtComment\0".to_vec();
    piece.resize(1 << 20, b'a');
    let mut left = len as usize + 4;
    while left > 0 {
        let take = piece.len().min(left);
        crc.feed(&piece[..take]);
        f.write_all(&piece[..take]).unwrap();
        left -= take;
        piece.truncate(0);
        piece.resize(1 << 20, b'a');
    }
    f.write_all(&(!crc.0).to_be_bytes()).unwrap();
    f.write_all(&png[ihdr_end..]).unwrap();
    f.into_inner().unwrap().sync_all().unwrap();
    let path = path.to_str().unwrap();
    let (kb, stderr) = peak_kb(&["solve", "--no-image", "--color", "never", path], None);
    assert!(kb < 250 * 1024, "peak {} MB: {stderr}", kb / 1024);
    let (code, stdout, stderr, _) = timed(queens().args(["solve", "--no-image", path]));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("unique solution"), "{stdout}");
}

/// Item 9: `- -` does not race for standard input: the second is an error.
#[test]
fn standard_input_named_twice_is_read_once() {
    let (code, stdout, stderr, _) = timed(queens().args(["solve", "-q", "--no-image", "-", "-"]).write_stdin(PUZZLE));
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(stdout.matches("unique solution").count(), 1, "{stdout}");
    assert!(stderr.contains("-: standard input is named more than once; it can be read only once"), "{stderr}");
}
