//! The `queens` binary: parse the command line, run it, exit with its status.
//!
//! Exit status: 0 every input solved, 1 any input failed, 2 usage errors (clap).

mod app;
mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match app::run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("queens: {message}");
            ExitCode::from(2)
        }
    }
}
