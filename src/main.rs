//! The `queens` binary: parse the command line, run it, exit with its status.
//!
//! Exit status: 0 every input solved, 1 any input failed, 2 usage errors (clap).

use queens::app::{self, cli};

fn main() {
    let cli = cli::parse();
    let code = match app::run(cli) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("queens: {}", queens::error::escaped(&message));
            2
        }
    };
    app::exit(code)
}
