//! The examples at the end of `queens --help` and of each subcommand's help.
//!
//! Each one runs from the project folder (the files it names are in `samples/`),
//! and each is shown on a page of the manual in `docs/`, where it runs as a test:
//! `tests/docs/readme.rs` checks that every example here parses and appears there.

/// `queens --help`.
pub const CLI: &str = "Examples:\n  queens solve samples/desktop-light-8x8.png\n  queens serve\n\nThe manual: docs/README.md beside the source.";
/// `queens solve --help`.
pub const SOLVE: &str = "Examples:\n  queens solve samples/desktop-light-8x8.png\n  queens solve --json --no-image samples/desktop-light-8x8.png";
/// `queens explain --help`.
pub(crate) const EXPLAIN: &str = "Examples:\n  queens explain samples/issue-9x9.txt";
/// `queens hint --help`.
pub(crate) const HINT: &str =
    "Examples:\n  queens hint samples/issue-9x9-played.png\n  queens hint --reveal answer samples/issue-9x9-played.txt";
/// `queens why --help`.
pub(crate) const WHY: &str = "Examples:\n  queens why r2c3 samples/issue-9x9-played.png\n  queens why --reveal answer r2c3 samples/issue-9x9-played.png";
/// `queens read --help`.
pub(crate) const READ: &str = "Examples:\n  queens read samples/phone-dark-played.png > board.txt\n  queens read --format puzzlink samples/phone-dark-played.png";
/// `queens render --help`.
pub(crate) const RENDER: &str =
    "Examples:\n  queens render samples/issue-9x9-played.txt --marks board --cell 48 -o played.png";
/// `queens generate --help`.
pub(crate) const GENERATE: &str =
    "Examples:\n  queens generate --size 8 --grade medium --seed 7 --format text,png,puzzlink";
/// `queens chess --help`.
pub(crate) const CHESS: &str = "Examples:\n  queens chess 8";
/// `queens serve --help`.
pub const SERVE: &str = "Examples:\n  queens serve\n  queens serve --lan";
/// `queens completions --help`.
pub const COMPLETIONS: &str =
    "Examples:\n  queens completions bash > ~/.local/share/bash-completion/completions/queens";
/// `queens man --help`.
pub(crate) const MAN: &str = "Examples:\n  queens man > queens.1 && man -l queens.1";
