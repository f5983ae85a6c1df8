//! The `queens` binary: parse the command line, run it, exit with its status.
//!
//! Exit status: 0 every input solved, 1 any input failed, 2 usage errors (clap).

use clap::Parser;
use queens::app::{self, cli::Cli};

fn main() {
    let cli = Cli::parse();
    let code = match app::run(cli) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("queens: {message}");
            2
        }
    };
    app::exit(code)
}
