//! A real `queens serve` process for tests that watch the whole process (its
//! memory, its exit), and pictures that keep it busy.

use std::io::BufRead as _;
use std::process::{Child, Command, Stdio};

/// A `queens serve` on a free loopback port; killed when dropped.
pub struct Server {
    pub child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Server {
    /// Starts `queens serve --port 0 EXTRA…` and waits for its address.
    pub fn start(extra: &[&str]) -> Server {
        Server::start_with(Command::new(env!("CARGO_BIN_EXE_queens")), extra)
    }

    /// [`Server::start`] through `cmd` (the binary, or a wrapper such as `prlimit`
    /// whose last argument is the binary).
    pub fn start_with(mut cmd: Command, extra: &[&str]) -> Server {
        let mut child = cmd
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("queens serve starts");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let addr =
            line.trim().strip_prefix("queens: serving on http://").unwrap_or_else(|| panic!("{line}")).to_string();
        Server { child, addr }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A white `side`×`side` grey PNG with a black line every `step` pixels across and
/// down: a lattice of empty cells that the grid search takes long to give up on
/// (3000 and 12: a 40 KB file that took 68 s to read).
pub fn lattice_png(side: u32, step: u32) -> Vec<u8> {
    let img = image::GrayImage::from_fn(side, side, |x, y| {
        image::Luma([if x % step == 0 || y % step == 0 { 0 } else { 255 }])
    });
    let mut out = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png).expect("PNG");
    out
}
