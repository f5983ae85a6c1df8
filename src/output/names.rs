//! File names as printed for people, and as kept in JSON.
//!
//! A file name may hold anything but `/` and NUL: an escape sequence (`\e[31m`
//! colours the terminal, `\e]0;…\a` retitles it), a newline (a forged line of
//! output), a right-to-left override. Printed raw, the name would act on the
//! terminal instead of naming the file. So every name printed for a person goes
//! through [`path`] or [`escaped`]: control characters become `\e`, `\n`, `\r`,
//! `\t` or `\u{..}`, the invisible direction marks `\u{..}` too, and bytes that are
//! not UTF-8 `\x..`. JSON keeps the exact name ([`exact`], which JSON escapes
//! itself) and, for a name that is not UTF-8, its bytes ([`bytes_if_not_utf8`]).

use std::borrow::Cow;
use std::path::Path;

use crate::error::push_escaped;

/// `name` safe to print on a terminal: control characters and direction marks
/// escaped, everything else as it is (the one escaping every message shares).
pub fn escaped(name: &str) -> Cow<'_, str> {
    crate::error::escaped(name)
}

/// `path` safe to print on a terminal: as [`escaped`], with each byte that is not
/// part of UTF-8 shown as `\x..`.
pub fn path(path: &Path) -> String {
    let mut out = String::new();
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt as _;
        for chunk in path.as_os_str().as_bytes().utf8_chunks() {
            push_escaped(&mut out, chunk.valid());
            for b in chunk.invalid() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        }
    }
    #[cfg(not(unix))]
    push_escaped(&mut out, &path.to_string_lossy());
    out
}

/// `path` as JSON keeps it: exact when it is UTF-8 (control characters and all;
/// JSON escapes them), else with U+FFFD for the bytes that are not, beside
/// [`bytes_if_not_utf8`].
pub fn exact(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// The bytes of a name that is not UTF-8 (so [`exact`] lost some): the lossless form.
pub(crate) fn bytes_if_not_utf8(path: &Path) -> Option<Vec<u8>> {
    if path.to_str().is_some() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt as _;
        Some(path.as_os_str().as_bytes().to_vec())
    }
    #[cfg(not(unix))]
    Some(path.to_string_lossy().into_owned().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_not_acted_on() {
        assert_eq!(escaped("plain name.png"), "plain name.png");
        assert!(matches!(escaped("é ü 漢字.png"), Cow::Borrowed(_)));
        assert_eq!(escaped("a\x1b[31mred\x1b]0;title\x07\nb\tc\rd"), "a\\e[31mred\\e]0;title\\u{7}\\nb\\tc\\rd");
        assert_eq!(escaped("x\u{202e}gnp.exe\u{7f}\u{9b}"), "x\\u{202e}gnp.exe\\u{7f}\\u{9b}");
        assert_eq!(path(Path::new("dir/a\nb.txt")), "dir/a\\nb.txt");
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt as _;
            let odd = Path::new(std::ffi::OsStr::from_bytes(b"bad\xff\x1b.txt"));
            assert_eq!(path(odd), "bad\\xff\\e.txt");
            assert_eq!(bytes_if_not_utf8(odd), Some(b"bad\xff\x1b.txt".to_vec()));
            assert_eq!(exact(odd), "bad\u{fffd}\x1b.txt");
            assert_eq!(bytes_if_not_utf8(Path::new("a\nb")), None);
        }
    }
}
