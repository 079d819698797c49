//! Helpers shared by the commands: loading files, progress, formatting.

use anyhow::{Context as _, Result};
use esscribe::plugin::{Game, Plugin};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::Path;

/// A file's bytes, memory-mapped where possible.
pub enum FileBytes {
    Mapped(memmap2::Mmap),
    Read(Vec<u8>),
}

impl std::ops::Deref for FileBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            FileBytes::Mapped(m) => m,
            FileBytes::Read(v) => v,
        }
    }
}

pub fn load(path: &Path) -> Result<FileBytes> {
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let len = file.metadata().map(|m| m.len()).unwrap_or(0);
    if len > 0 {
        // SAFETY: the map is read-only and lives no longer than this
        // process's use of it; a file changed underneath by another
        // program could show torn data, which the bounds-checked reader
        // turns into errors, never into undefined reads.
        if let Ok(map) = unsafe { memmap2::Mmap::map(&file) } {
            return Ok(FileBytes::Mapped(map));
        }
    }
    Ok(FileBytes::Read(std::fs::read(path).with_context(|| {
        format!("cannot read {}", path.display())
    })?))
}

/// Parses a plugin, with the game forced or told from the file.
pub fn parse_plugin<'a>(data: &'a [u8], game: Option<Game>, path: &Path) -> Result<Plugin<'a>> {
    let parsed = match game {
        Some(g) => Plugin::parse_as(data, g),
        None => Plugin::parse(data),
    };
    parsed.with_context(|| format!("{}", path.display()))
}

pub fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// A progress bar on standard error for batches, hidden when it would only
/// clutter (one file, or not a terminal).
pub fn progress(len: usize, what: &str) -> ProgressBar {
    use std::io::IsTerminal;
    if len < 2 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{bar:30}] {pos}/{len} {elapsed}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

/// 1627 → "1,627".
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

pub fn print_json(value: &serde_json::Value) -> Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}

/// Parses `0x0001CB6` or `0001CB6`.
pub fn parse_form_id(text: &str) -> Result<esscribe::FormId> {
    esscribe::FormId::parse(text)
        .with_context(|| format!("not a hex form ID: {text:?} (expected e.g. 0x0001CB6)"))
}

pub fn parse_sig(text: &str) -> Result<esscribe::Sig> {
    esscribe::Sig::parse(text)
        .with_context(|| format!("not a 4-character record type: {text:?} (expected e.g. PACK)"))
}
