//! The `queens` binary: parse the command line, run it, exit with its status.
//!
//! Exit status: 0 every input solved, 1 any input failed, 2 usage errors (clap).

use std::process::ExitCode;

use clap::Parser;
use queens::app::{self, cli::Cli};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match app::run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("queens: {message}");
            ExitCode::from(2)
        }
    }
}
