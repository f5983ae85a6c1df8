//! Reading one input's bytes: a regular file or standard input, never more than
//! [`MAX_FILE_BYTES`] whatever the source claims, and never blocking on a FIFO or
//! a device named on the command line.
//!
//! `queens read` reads through the same functions, so it refuses the same
//! inputs as a batch does. A batch opens a file and reads its head first
//! ([`open_file`]), to charge its budget before it reads the rest.

use std::io::Read;
use std::path::Path;

use crate::error::{io_reason, Error};

/// Files larger than this are refused unread.
const MAX_FILE_BYTES: u64 = 256 << 20;

/// Standard input, at most [`MAX_FILE_BYTES`].
pub(crate) fn read_stdin() -> Result<Vec<u8>, Error> {
    read_capped(std::io::stdin().lock(), 0, Vec::new()).map_err(|e| match e {
        Capped::Over => Error::Io { message: "standard input is larger than the 256 MiB limit".into() },
        Capped::Io(e) => Error::io("cannot read standard input", &e),
    })
}

/// A regular file named on the command line, at most [`MAX_FILE_BYTES`].
pub(crate) fn read_file(path: &Path) -> Result<Vec<u8>, Error> {
    open_file(path)?.read_rest()
}

/// How much of a file is read before the rest: its header, for the estimate of
/// what reading it costs (a picture's header is in its first bytes; one that is
/// not is charged as the largest picture).
const HEAD_BYTES: u64 = 64 << 10;

/// A regular file opened, its size known and its first [`HEAD_BYTES`] read: what
/// a batch charges its budget by before it reads the rest.
#[derive(Debug)]
pub(crate) struct Opened {
    file: std::fs::File,
    /// The file's first bytes.
    pub(crate) head: Vec<u8>,
    /// The file's size as it says, at most [`MAX_FILE_BYTES`].
    pub(crate) size: u64,
}

/// Opens `path` (a regular file of at most [`MAX_FILE_BYTES`]) and reads its head.
pub(crate) fn open_file(path: &Path) -> Result<Opened, Error> {
    let file = open_regular(path)?;
    let size = file.metadata().map_or(0, |m| m.len());
    if size > MAX_FILE_BYTES {
        return Err(Error::Io { message: format!("the file is {} MiB, larger than the 256 MiB limit", size >> 20) });
    }
    let mut head = Vec::with_capacity(usize::try_from(size.min(HEAD_BYTES)).unwrap_or(0));
    (&file).take(HEAD_BYTES).read_to_end(&mut head).map_err(|e| Error::io("cannot read", &e))?;
    Ok(Opened { file, head, size })
}

impl Opened {
    /// The whole file: its head and the rest, at most [`MAX_FILE_BYTES`] whatever
    /// its size said.
    pub(crate) fn read_rest(self) -> Result<Vec<u8>, Error> {
        let Opened { file, head, size } = self;
        read_capped(file, size, head).map_err(|e| match e {
            Capped::Over => Error::Io { message: "the file is larger than the 256 MiB limit".into() },
            Capped::Io(e) => Error::io("cannot read", &e),
        })
    }
}

/// Why a capped read failed.
enum Capped {
    /// More than [`MAX_FILE_BYTES`].
    Over,
    /// The OS said no.
    Io(std::io::Error),
}

/// Reads at most [`MAX_FILE_BYTES`] + 1 bytes, whatever the source claims its size
/// is (`/dev/zero`, a pipe, a file that grows): one byte past the cap is refused.
/// `hint` is the expected size, to allocate once; `buf` holds what was read before.
fn read_capped(source: impl Read, hint: u64, mut buf: Vec<u8>) -> Result<Vec<u8>, Capped> {
    let hint = usize::try_from(hint.min(MAX_FILE_BYTES)).unwrap_or(0);
    buf.reserve_exact(hint.saturating_sub(buf.len()));
    let left = (MAX_FILE_BYTES + 1).saturating_sub(buf.len() as u64);
    source.take(left).read_to_end(&mut buf).map_err(Capped::Io)?;
    if buf.len() as u64 > MAX_FILE_BYTES {
        return Err(Capped::Over);
    }
    Ok(buf)
}

/// Opens `path` for reading only if it is a regular file. A FIFO or a device named
/// on the command line is refused at once rather than read: a FIFO with no writer
/// would block forever, and a device may never end. The file is opened without
/// blocking and checked after opening, so it cannot be swapped in between.
fn open_regular(path: &Path) -> Result<std::fs::File, Error> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    // The OS reason alone (`x.txt: no such file or directory`), as for a missing folder.
    let file = options.open(path).map_err(|e| Error::Io { message: io_reason(&e) })?;
    let meta = file.metadata().map_err(|e| Error::io("cannot read", &e))?;
    if !meta.is_file() {
        return Err(Error::Io {
            message: format!("not a regular file ({}); give a file, or `-` for standard input", file_kind(&meta)),
        });
    }
    Ok(file)
}

/// What kind of non-regular file `meta` describes, for the error.
fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a folder"
    } else {
        "not a file"
    }
}
