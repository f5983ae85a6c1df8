//! The application layer: the command line, batches of files, and the web server.
//!
//! This is the only layer that does I/O on the user's behalf (reading inputs,
//! writing overlays, serving HTTP) and runs things in parallel (rayon across files,
//! tokio for the server). It turns clap types into library settings and calls the
//! pipeline; nothing below it knows it exists.

pub mod batch;
pub mod cli;
mod commands;
mod generate;
pub mod serve;
pub mod shell;

pub use commands::run;
