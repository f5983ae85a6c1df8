//! Shell niceties: completion scripts (`queens completions SHELL`), the man page
//! (`queens man`), and the `--version` text naming the HiGHS library linked.
//! All are generated from the clap definition, so they never drift from it.

use std::io::Write as _;
use std::sync::OnceLock;

/// `--version`: the program's version and the HiGHS version linked, e.g. `0.1.0 (HiGHS 1.16.0)`.
pub fn version() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| format!("{} (HiGHS {})", env!("CARGO_PKG_VERSION"), crate::solve::highs_version()))
}

/// Writes the completion script of `cmd` (the whole command line) for `shell` to standard output.
pub fn completions(mut cmd: clap::Command, shell: clap_complete::Shell) -> Result<u8, String> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "queens", &mut out);
    print_all(&out)
}

/// Writes the man page (roff) of `cmd` (the whole command line) to standard output: `queens man > queens.1`. One
/// page for the whole program: every subcommand's usage and options are sections
/// of it, so nothing points at pages that are not installed.
pub fn man(cmd: clap::Command) -> Result<u8, String> {
    man_page(cmd).map_err(|e| format!("cannot write the man page: {e}")).and_then(|page| print_all(&page))
}

fn man_page(mut cmd: clap::Command) -> std::io::Result<Vec<u8>> {
    cmd.build();
    let page = clap_mangen::Man::new(cmd.clone());
    let mut out = Vec::new();
    page.render_title(&mut out)?;
    for render in [
        clap_mangen::Man::render_name_section as Renderer,
        clap_mangen::Man::render_synopsis_section,
        clap_mangen::Man::render_description_section,
        clap_mangen::Man::render_options_section,
    ] {
        append(&mut out, &page, render, None)?;
    }
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help") {
        let sub_page = clap_mangen::Man::new(sub.clone());
        writeln!(out, ".SH \"QUEENS {}\"", sub.get_name().to_uppercase())?;
        append(&mut out, &sub_page, clap_mangen::Man::render_description_section, Some(""))?;
        append(&mut out, &sub_page, clap_mangen::Man::render_synopsis_section, Some("Usage"))?;
        append(&mut out, &sub_page, clap_mangen::Man::render_options_section, Some("Options"))?;
    }
    append(&mut out, &page, clap_mangen::Man::render_version_section, None)?;
    Ok(out)
}

/// Appends one section rendered by clap_mangen, without the quoting preamble it
/// repeats before each section (the title already set it up). With `sub`, the
/// section's own `.SH` heading becomes that subsection heading (none when empty).
fn append(out: &mut Vec<u8>, page: &clap_mangen::Man, render: Renderer, sub: Option<&str>) -> std::io::Result<()> {
    let mut part = Vec::new();
    render(page, &mut part)?;
    for line in String::from_utf8_lossy(&part).lines() {
        if line.starts_with(".ie \\n(.g .ds Aq") || line.starts_with(".el .ds Aq") {
            continue;
        }
        match sub {
            Some(heading) if line.starts_with(".SH ") => {
                if !heading.is_empty() {
                    writeln!(out, ".SS {heading}")?;
                }
            }
            _ => writeln!(out, "{line}")?,
        }
    }
    Ok(())
}

/// One of `clap_mangen::Man`'s section renderers.
type Renderer = fn(&clap_mangen::Man, &mut dyn std::io::Write) -> std::io::Result<()>;

/// Writes `bytes` to standard output; a closed pipe (`| head`) is not an error.
fn print_all(bytes: &[u8]) -> Result<u8, String> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write to standard output: {}", crate::error::io_reason(&e)))
        }
        _ => Ok(0),
    }
}
