//! The application layer: the command line, batches of files, and the web server.
//!
//! This is the only layer that does I/O on the user's behalf (reading inputs,
//! writing overlays, serving HTTP) and runs things in parallel (rayon across files,
//! tokio for the server). It turns clap types into library settings and calls the
//! pipeline; nothing below it knows it exists.

pub mod batch;
mod budget;
mod cells;
pub mod cli;
mod commands;
pub(crate) mod generate;
pub mod serve;
pub mod shell;

pub use commands::run;

/// Ends the process with `code` once the run is over: what it printed is flushed,
/// and nothing else runs. Returning from `main` would run the C++ runtime's exit
/// handlers first: HiGHS defines its string constants in headers, so every one of
/// its source files has copies, and they are destroyed one by one (over 8,000
/// destructors, a few percent of a whole 17×17 Star Battle solve). The operating
/// system takes the memory back at once either way.
pub fn exit(code: u8) -> ! {
    use std::io::Write;
    // Nothing is left to say if the standard streams are gone.
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    #[cfg(unix)]
    // SAFETY: `_exit` ends the process; the streams above are flushed and every
    // file the run wrote was closed before `run` returned.
    unsafe {
        libc::_exit(i32::from(code))
    }
    #[cfg(not(unix))]
    std::process::exit(i32::from(code))
}
