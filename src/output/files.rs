//! Writing files safely: the one place that turns bytes into a file on disk.

use std::path::Path;

use crate::error::Error;

/// Writes `bytes` to `path` via a temporary file in the same folder, then renames,
/// so a reader never sees half a file and a failed write leaves nothing behind.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        path.file_name().map_or("out".into(), |n| n.to_string_lossy()),
        std::process::id()
    ));
    let result = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(Error::io(format_args!("cannot write {}", path.display()), &e));
    }
    Ok(())
}
