//! Writing files safely: the one place that turns bytes into a file on disk.
//!
//! Output folders may be shared (`-o /tmp/out`), so a name someone else can guess
//! is a name someone else can plant a symlink under. The bytes go to a temporary
//! file created with `O_EXCL` under an unpredictable name in the destination
//! folder (`tempfile`; `O_EXCL` also means a symlink there is never followed), and
//! the rename then replaces only the destination's directory entry, never writing
//! through it. A destination that is a symlink, not a regular file, or another
//! user's file is not ours: it is left alone and the write is refused.

use std::io::Write as _;
use std::path::Path;

use crate::error::Error;

/// Writes `bytes` to `path` via a fresh temporary file in the same folder, then
/// renames, so a reader never sees half a file, a failed write leaves nothing
/// behind, and no symlink is ever written through.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    write_through_temp(path, bytes, true)
}

/// [`write_atomic`], but never over any file: `Err` when `path` exists (the rename
/// refuses it atomically, so a file that appears meanwhile is not replaced either).
pub(crate) fn write_new(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    write_through_temp(path, bytes, false)
}

fn write_through_temp(path: &Path, bytes: &[u8], replace: bool) -> Result<(), Error> {
    let fail = |e: &std::io::Error| Error::io(format_args!("cannot write {}", crate::output::names::path(path)), e);
    if let Some(why) = not_ours(path) {
        return Err(Error::Io {
            message: format!("cannot write {}: {why}; it was left alone", crate::output::names::path(path)),
        });
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".queens-").suffix(".tmp");
    // Readable like any file the user writes (the umask applies), not 0600.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp = builder.tempfile_in(dir).map_err(|e| fail(&e))?;
    tmp.write_all(bytes).and_then(|()| tmp.as_file().sync_data()).map_err(|e| fail(&e))?;
    // A dropped temp file removes itself, so an error here leaves nothing behind.
    if replace {
        tmp.persist(path).map_err(|e| fail(&e.error))?;
    } else {
        tmp.persist_noclobber(path).map_err(|e| match e.error.kind() {
            std::io::ErrorKind::AlreadyExists => Error::Io {
                message: format!("cannot write {}: it exists; it was left alone", crate::output::names::path(path)),
            },
            _ => fail(&e.error),
        })?;
    }
    Ok(())
}

/// Why the file at `path` may not be replaced, if it exists and is not ours.
fn not_ours(path: &Path) -> Option<&'static str> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if meta.file_type().is_symlink() {
        return Some("it is a symbolic link");
    }
    if !meta.is_file() {
        return Some("it is not a regular file");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        // SAFETY: geteuid has no preconditions and cannot fail.
        if meta.uid() != unsafe { libc::geteuid() } {
            return Some("it belongs to another user");
        }
    }
    None
}
