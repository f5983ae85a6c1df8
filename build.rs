//! Links the C++ runtime that HiGHS needs (libstdc++) into the binary rather than
//! loading it at start.
//!
//! The dynamic loader would spend most of `queens`' start-up resolving libstdc++'s
//! symbols, about 1 ms that every command pays, on boards that solve in 5 ms.
//! Linked in, the binary also runs where no libstdc++ of the right version is
//! installed.
//!
//! How: rustc is told to link `-lstdc++` (by highs-sys); a search folder of ours that
//! holds only `libstdc++.a` comes before the system's, so the linker takes the
//! archive. When the C++ compiler has no `libstdc++.a`, in a sanitizer build, or
//! with `QUEENS_DYNAMIC_CXX` set, nothing is added and the shared library is
//! linked.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=QUEENS_DYNAMIC_CXX");
    let target = std::env::var("TARGET").unwrap_or_default();
    // Sanitizer builds (cargo fuzz) keep the shared library their runtime expects.
    let sanitized = std::env::var_os("CARGO_CFG_SANITIZE").is_some();
    if !target.contains("linux-gnu") || sanitized || std::env::var_os("QUEENS_DYNAMIC_CXX").is_some() {
        return;
    }
    let Some(archive) = static_libstdcxx() else { return };
    let Some(out) = std::env::var_os("OUT_DIR").map(PathBuf::from) else { return };
    let dir = out.join("static-cxx");
    let link = dir.join("libstdc++.a");
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::remove_file(&link);
    if symlink(&archive, &link) {
        println!("cargo:rustc-link-search=native={}", dir.display());
    }
}

/// A link at `link` to `archive` (followed, so an upgraded compiler's archive is
/// the one linked); false where none could be made.
#[cfg(unix)]
fn symlink(archive: &std::path::Path, link: &std::path::Path) -> bool {
    std::os::unix::fs::symlink(archive, link).is_ok()
}

/// Builds on other hosts (which target no `linux-gnu` here) link nothing.
#[cfg(not(unix))]
fn symlink(_: &std::path::Path, _: &std::path::Path) -> bool {
    false
}

/// The `libstdc++.a` of the C++ compiler that built HiGHS (`CXX`, else `c++`),
/// when it has one.
fn static_libstdcxx() -> Option<PathBuf> {
    let compiler = cc::Build::new().cpp(true).cargo_metadata(false).try_get_compiler().ok()?;
    let output = compiler.to_command().arg("-print-file-name=libstdc++.a").output().ok()?;
    let path = PathBuf::from(String::from_utf8(output.stdout).ok()?.trim());
    // A compiler without the archive echoes the bare name back.
    (output.status.success() && path.is_absolute() && path.is_file()).then_some(path)
}
