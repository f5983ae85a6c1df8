//! Every bound holds, round two (issue 35): the smaller holes of item 12 and the
//! reading bounds of items 7–10, each on the real binary with inputs made here.

use crate::common;

use assert_cmd::Command;
use common::{queens, write};

use std::path::PathBuf;

/// Exit code, standard output and standard error of `cmd`.
fn run(cmd: &mut Command) -> (Option<i32>, String, String) {
    let out = cmd.output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

const PUZZLE: &str = "1112\n1222\n3334\n3444\n";

/// Item 12: a UTF-8 byte order mark (Windows Notepad) and lone CR line ends (old
/// Mac editors) read like plain `\n` text, with the same answer.
#[test]
fn a_byte_order_mark_and_cr_line_ends_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let plain = write(dir.path(), "plain.txt", PUZZLE.as_bytes());
    let (code, want, stderr) = run(queens().args(["solve", "--no-image"]).arg(&plain));
    assert_eq!(code, Some(0), "test is broken: {stderr}");
    let want = want.replacen("plain.txt", "X", 1);
    let variants = [
        ("bom.txt", format!("\u{feff}{PUZZLE}")),
        ("cr.txt", PUZZLE.replace('\n', "\r")),
        ("bom-crlf.txt", format!("\u{feff}{}", PUZZLE.replace('\n', "\r\n"))),
    ];
    for (name, text) in variants {
        let file = write(dir.path(), name, text.as_bytes());
        let (code, stdout, stderr) = run(queens().args(["solve", "--no-image"]).arg(&file));
        assert_eq!(code, Some(0), "{name}: {stderr}");
        assert_eq!(stdout.replacen(name, "X", 1), want, "{name}");
    }
}

/// Item 12: `render` takes a puzz.link link, as the argument or in a file, like
/// every other command, and draws the same picture as the text puzzle.
#[test]
fn render_takes_a_puzzlink_link() {
    let dir = tempfile::tempdir().unwrap();
    let text = write(dir.path(), "p.txt", PUZZLE.as_bytes());
    let link = queens::puzzle::puzzlink::encode(&queens::puzzle::text::parse(PUZZLE).unwrap(), 1).unwrap();
    let in_file = write(dir.path(), "link.txt", format!("{link}\n").as_bytes());
    let (code, _, stderr) = run(queens().args(["render", "-o"]).arg(dir.path().join("text.png")).arg(&text));
    assert_eq!(code, Some(0), "test is broken: {stderr}");
    let want = std::fs::read(dir.path().join("text.png")).unwrap();
    for (name, arg) in [("arg.png", PathBuf::from(&link)), ("file.png", in_file)] {
        let (code, _, stderr) = run(queens().args(["render", "-o"]).arg(dir.path().join(name)).arg(&arg));
        assert_eq!(code, Some(0), "{name}: {stderr}");
        assert!(std::fs::read(dir.path().join(name)).unwrap() == want, "{name} differs from the text's picture");
    }
}

/// Item 12: a query parameter given twice is named in the 400, not mistaken for
/// another parameter's problem.
#[tokio::test]
async fn a_repeated_query_parameter_is_named() {
    use tower::ServiceExt as _;
    for (uri, name) in [
        ("/api/solve?stars=1&stars=2", "stars"),
        ("/api/hint?reveal=nudge&reveal=answer", "reveal"),
        ("/api/hint?step=1&stars=1&step=2", "step"),
    ] {
        let req = axum::http::Request::builder().method("POST").uri(uri).body(axum::body::Body::from(PUZZLE)).unwrap();
        let res = queens::app::serve::router(Default::default()).oneshot(req).await.unwrap();
        let status = res.status();
        let body = axum::body::to_bytes(res.into_body(), usize::MAX).await.unwrap();
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
        let message = v["error"]["message"].as_str().unwrap_or_default();
        assert_eq!(status, 400, "{uri}: {v}");
        assert_eq!(message, format!("the query gives {name} more than once; give it once"), "{uri}");
    }
}

/// `queens ARGS` as a user the permission bits apply to: as itself, or (when the
/// tests run as root, whom no permission stops) as `nobody` through `setpriv`.
#[cfg(target_os = "linux")]
fn as_a_user() -> std::process::Command {
    let bin = env!("CARGO_BIN_EXE_queens");
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        return std::process::Command::new(bin);
    }
    let mut c = std::process::Command::new("setpriv");
    c.args(["--reuid=65534", "--regid=65534", "--clear-groups", bin]);
    c
}

/// Item 12: a subfolder that cannot be listed is reported in its place in a batch
/// (the run fails), and a folder named directly that cannot be listed says
/// "permission denied", not "no images or text puzzles".
#[cfg(target_os = "linux")]
#[test]
fn an_unreadable_folder_is_reported() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    write(dir.path(), "a.txt", PUZZLE.as_bytes());
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    write(&locked, "b.txt", PUZZLE.as_bytes());
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let out = as_a_user().args(["solve", "--no-image"]).arg(dir.path()).output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("a.txt: 4x4"), "the readable file is still solved: {stdout}{stderr}");
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stderr.contains(&format!("{}: cannot list this folder: permission denied", locked.display())), "{stderr}");

    let out = as_a_user().args(["solve", "--no-image"]).arg(&locked).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&format!("{}: permission denied", locked.display())), "{stderr}");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Item 12: a puzzle whose files cannot all be written (here its picture's name is
/// taken by a symbolic link, which is never written through; a full disk likewise)
/// is reported as not made and leaves no file behind.
#[cfg(unix)]
#[test]
fn a_puzzle_not_made_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = run(queens().args(["generate", "--size", "6", "--seed", "1", "-o"]).arg(dir.path()));
    assert_eq!(code, Some(0), "test is broken: {stderr}");
    assert!(stdout.starts_with("6x6-hard-1:"), "test is broken: {stdout}");
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    std::os::unix::fs::symlink("/nowhere", out.join("6x6-hard-1.png")).unwrap();
    let (code, _, stderr) = run(queens().args(["generate", "--size", "6", "--seed", "1", "-o"]).arg(&out));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("6x6-hard-1.png: it is a symbolic link; it was left alone"), "{stderr}");
    let left: Vec<_> = std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, vec![std::ffi::OsString::from("6x6-hard-1.png")], "files left for a puzzle not made");
}

/// Item 12: comment segments in a JPEG (150 MB of them here) are not held beside
/// the file: the run's peak stays near the file's own size, not twice it, and the
/// picture is still read.
#[cfg(target_os = "linux")]
#[test]
fn jpeg_comments_are_not_held() {
    let dir = tempfile::tempdir().unwrap();
    let r = queens::puzzle::text::parse(PUZZLE).unwrap();
    let img = queens::output::render::render(&r, &Default::default(), &Default::default()).0;
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 95).encode_image(&img).unwrap();
    let mut comment = vec![0xFF, 0xFE, 0xFF, 0xFF];
    comment.resize(4 + 65533, b'c');
    let count = 150_000_000 / comment.len();
    let mut file = jpeg[..2].to_vec();
    file.reserve(count * comment.len() + jpeg.len());
    for _ in 0..count {
        file.extend_from_slice(&comment);
    }
    file.extend_from_slice(&jpeg[2..]);
    let size_kb = file.len() as u64 / 1024;
    let path = write(dir.path(), "commented.jpg", &file);
    drop(file);
    let out = std::process::Command::new("/usr/bin/time")
        .args(["-f", "peak %M"])
        .arg(env!("CARGO_BIN_EXE_queens"))
        .args(["solve", "--no-image"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let peak: u64 = stderr.lines().rev().find_map(|l| l.strip_prefix("peak ")?.trim().parse().ok()).unwrap();
    assert_eq!(out.status.code(), Some(0), "{}{stderr}", String::from_utf8_lossy(&out.stdout));
    assert!(peak < size_kb + 60 * 1024, "peak {peak} kB for a {size_kb} kB file");
}

/// Item 7: `generate --not-in` reads through the same capped, regular-files-only
/// reader as every other input: `/dev/zero` and a FIFO without a writer are refused
/// at once (they grew to 23 GB, and hung), a missing file is named.
#[cfg(target_os = "linux")]
#[test]
fn generate_not_in_reads_only_regular_files() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("levels.json");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for (path, why) in [
        (PathBuf::from("/dev/zero"), "/dev/zero: not a regular file (a character device)"),
        (fifo.clone(), "levels.json: not a regular file (a named pipe)"),
        (dir.path().join("missing.json"), "missing.json: no such file or directory"),
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(["generate", "--size", "6", "--seed", "1", "--format", "puzzlink", "--not-in"])
            .arg(&path)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let t = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() && t.elapsed() < std::time::Duration::from_secs(10) {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let hung = child.try_wait().unwrap().is_none();
        let _ = child.kill();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!hung, "generate --not-in {} did not stop", path.display());
        assert_ne!(out.status.code(), Some(0), "{stderr}");
        assert!(stderr.contains(why), "{stderr}");
    }
}

/// Item 9: `generate -j` takes the same cap as `solve -j` (it took 65,535).
#[test]
fn generate_jobs_are_capped_like_solve_jobs() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let over = (4 * cores + 1).to_string();
    for sub in ["solve", "generate"] {
        let (code, _, stderr) = run(queens().args([sub, "-j", &over, "--help"]));
        assert_eq!(code, Some(2), "queens {sub} -j {over}: {stderr}");
        assert!(stderr.contains(&format!("must be from 1 to {}", 4 * cores)), "queens {sub}: {stderr}");
    }
    let (code, _, stderr) = run(queens().args(["generate", "-j", "5000", "--size", "6", "--format", "puzzlink"]));
    assert_eq!(code, Some(2), "{stderr}");
}

/// `queens ARGS` under a cap of `nproc` threads for the user it runs as (through
/// `setpriv` as `nobody` when the tests run as root, whom the cap does not bind).
#[cfg(target_os = "linux")]
fn under_thread_cap(nproc: u32, args: &[&str]) -> (Option<i32>, String) {
    let mut c = std::process::Command::new("prlimit");
    c.arg(format!("--nproc={nproc}"));
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        c.args(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]);
    }
    let out = c.arg(env!("CARGO_BIN_EXE_queens")).args(args).current_dir("/tmp").output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Item 9: under a thread cap, `generate -j` fails as a run (exit 1) with one line
/// that says what to do, not as a usage error with a bare OS message.
#[cfg(target_os = "linux")]
#[test]
fn generate_under_a_thread_cap_says_so() {
    let (code, stderr) = under_thread_cap(3, &["generate", "-j", "8", "--size", "6", "--format", "puzzlink"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.starts_with("queens generate: cannot start 8 worker threads ("), "{stderr}");
    assert!(stderr.trim_end().ends_with("try a smaller -j") && stderr.trim_end().lines().count() == 1, "{stderr}");
}

/// Item 8: under a thread cap just large enough for the workers, `solve -j N` fails
/// with one line that says what to do (exit 1), never a panic (exit 101).
#[cfg(target_os = "linux")]
#[test]
fn solve_under_a_thread_cap_never_panics() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "p.txt", PUZZLE.as_bytes());
    let file = file.to_str().unwrap();
    for nproc in [2, 5, 9] {
        let (code, stderr) = under_thread_cap(nproc, &["solve", "-j", "8", "--no-image", file, file]);
        assert_eq!(code, Some(1), "--nproc={nproc}: {stderr}");
        assert!(!stderr.contains("panicked"), "--nproc={nproc}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "--nproc={nproc}: {stderr}");
        assert!(stderr.starts_with("queens: cannot start "), "--nproc={nproc}: {stderr}");
    }
}

/// A rendered screenshot of [`PUZZLE`].
fn screenshot() -> Vec<u8> {
    let r = queens::puzzle::text::parse(PUZZLE).unwrap();
    queens::output::overlay::encode_png(&queens::output::render::render(&r, &Default::default(), &Default::default()).0)
}

/// Item 10: debug pictures never replace an input (`dbg/a.grid.png` is one here)
/// nor an existing file (`read --debug-dir` beside an earlier `a.map.png`): they
/// go under the next free name.
#[test]
fn debug_pictures_never_replace_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let dbg = dir.path().join("dbg");
    std::fs::create_dir(&dbg).unwrap();
    let png = screenshot();
    let a = write(&dbg, "a.png", &png);
    let second = write(&dbg, "a.grid.png", &png);
    let (code, _, stderr) = run(queens().args(["solve", "--no-image", "--debug-dir"]).arg(&dbg).arg(&a).arg(&second));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(std::fs::read(&second).unwrap() == png, "the input dbg/a.grid.png was replaced");
    assert!(std::fs::read(&a).unwrap() == png, "the input dbg/a.png was replaced");
    for name in ["a-2.grid.png", "a-2.map.png", "a.grid.grid.png"] {
        assert!(dbg.join(name).is_file(), "no {name}");
    }

    let shot = write(dir.path(), "shot.png", &png);
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let earlier = write(&out, "shot.map.png", b"precious");
    let (code, _, stderr) = run(queens().args(["read", "--debug-dir"]).arg(&out).arg(&shot));
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(std::fs::read(&earlier).unwrap(), b"precious", "read --debug-dir replaced an existing file");
    assert!(out.join("shot-2.map.png").is_file() && out.join("shot-2.grid.png").is_file());
    assert!(!out.join("shot.grid.png").exists(), "one name for the three pictures");
}

/// Item 3 (command line): text costs what it weighs. A 40 MB single line and 5 M
/// short rows stop at the first line no puzzle can hold, within 4× their size +
/// 20 MB of peak memory (they took 2.24 GB and 1 GB).
#[cfg(target_os = "linux")]
#[test]
fn text_costs_what_it_weighs() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = [
        ("line.txt", "A".repeat(40_000_000), "too large: a row of more than 40 cells"),
        ("rows.txt", "AB\n".repeat(5_000_000), "too large: more than 40 rows"),
    ];
    for (name, text, why) in inputs {
        let path = write(dir.path(), name, text.as_bytes());
        let (out, stderr, peak) = solve_peak(&path);
        assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
        assert!(stderr.contains(why), "{name}: {stderr}");
        let bound = 4 * text.len() as u64 / 1024 + 20 * 1024;
        assert!(peak <= bound, "{name}: peak {peak} kB, over 4× its size + 20 MB ({bound} kB)");
    }
}

/// Item 5 (command line): `--time-limit` covers reading the picture. A white
/// 3000×3000 picture with a black line every 12 px took 68 s to be refused as a
/// 250×250 grid under `--time-limit 5`; now `solve` and `read` stop at the limit
/// with a one-line error naming the file and the time limit.
#[test]
fn reading_a_picture_stops_at_the_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "lattice.png", &common::server::lattice_png(3000, 12));
    for command in ["solve", "read"] {
        let mut cmd = queens();
        cmd.current_dir(dir.path()).args([command, "--time-limit", "1", "lattice.png"]);
        // The timeout is a watchdog against hangs, not a timing.
        let (code, _, stderr) = run(cmd.timeout(std::time::Duration::from_secs(300)));
        assert_eq!(code, Some(1), "{command}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{command}: {stderr}");
        assert!(
            stderr.starts_with("lattice.png: the time limit was reached while reading the picture")
                && stderr.contains("try a larger --time-limit"),
            "{command}: {stderr}"
        );
    }
}

/// Item 4: a picture is charged its real decoding cost. Noise of 10 megapixels (the
/// costliest picture of its size: a segmentation run per pixel) peaked at about
/// 600 MB where the estimate said 40; now the board search's segmentation is
/// capped and counted, and the whole process stays within the estimate, plus
/// the file's own bytes and 30 MB for the process, in every format the server
/// charges the same way.
#[cfg(target_os = "linux")]
#[test]
fn a_picture_costs_what_the_estimate_says() {
    let dir = tempfile::tempdir().unwrap();
    let (w, h) = (3200, 3125);
    let mut rng = queens::generate::rng::Rng::new(7);
    let noise = image::RgbImage::from_fn(w, h, |_, _| {
        let mut byte = || rng.below(256) as u8;
        image::Rgb([byte(), byte(), byte()])
    });
    for format in [image::ImageFormat::Png, image::ImageFormat::Jpeg, image::ImageFormat::WebP] {
        let name = format!("noise.{}", format.extensions_str()[0]);
        let mut bytes = Vec::new();
        noise.write_to(&mut std::io::Cursor::new(&mut bytes), format).unwrap();
        let path = write(dir.path(), &name, &bytes);
        let (_, _, cost) = queens::vision::screenshot::decode_cost(&bytes).expect("a picture");
        let (out, stderr, peak) = solve_peak(&path);
        assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
        assert!(stderr.contains("too detailed to find a board"), "{name}: {stderr}");
        let bound = (cost + bytes.len() as u64) / 1024 + 30 * 1024;
        assert!(peak <= bound, "{name}: peak {peak} kB, over the estimate {} kB + the file + 30 MB", cost / 1024);
    }
}

/// `queens solve --no-image PATH` under `/usr/bin/time`: its output, its standard
/// error as text, and its peak resident memory in kB.
fn solve_peak(path: &std::path::Path) -> (std::process::Output, String, u64) {
    let out = std::process::Command::new("/usr/bin/time")
        .args(["-f", "peak %M"])
        .arg(env!("CARGO_BIN_EXE_queens"))
        .args(["solve", "--no-image"])
        .arg(path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let peak: u64 = stderr.lines().rev().find_map(|l| l.strip_prefix("peak ")?.trim().parse().ok()).unwrap();
    (out, stderr, peak)
}
