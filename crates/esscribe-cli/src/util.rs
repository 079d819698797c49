//! Helpers shared by the commands: loading files, progress, formatting.

use anyhow::{Context as _, Result};
use esscribe::plugin::{open_mmap, Game, MappedFile, Plugin};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};

/// Takes the write lock of `path` for a read-modify-write; when another
/// writer holds it, says so on standard error and waits.
pub fn lock_for_writing(path: &Path) -> Result<esscribe::fsio::WriteLock> {
    esscribe::fsio::WriteLock::acquire_or_wait(path, |lock| {
        eprintln!(
            "esscribe: waiting for {}: another esscribe is writing it (lock {})",
            path.display(),
            lock.display()
        )
    })
    .with_context(|| format!("cannot write {}", path.display()))
}

/// What a write kept, for the message after it: `; kept the old file as X`.
pub fn backup_note(written: &esscribe::fsio::Written) -> String {
    match &written.backup {
        Some(b) => format!("; the file it replaced is kept as {}", b.display()),
        None => String::new(),
    }
}

/// A file's bytes, memory-mapped.
pub fn load(path: &Path) -> Result<MappedFile> {
    open_mmap(path).with_context(|| format!("cannot open {}", path.display()))
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

/// Runs `f` on every file in parallel, with a progress bar for long
/// batches; the results come in input order.
pub fn for_files<T: Send>(
    paths: &[PathBuf],
    what: &str,
    f: impl Fn(&Path) -> Result<T> + Sync + Send,
) -> Vec<Result<T>> {
    use rayon::prelude::*;
    let bar = progress(paths.len(), what);
    let out = paths
        .par_iter()
        .map(|p| {
            let r = f(p);
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    out
}

/// 1627 → "1,627".
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Stdout for long output: buffered (stdout alone flushes every line), and
/// quiet when the reader goes away (`esscribe dump … | head`).
pub fn stdout_writer() -> impl std::io::Write {
    struct ReaderMayLeave<W>(W);
    impl<W: std::io::Write> std::io::Write for ReaderMayLeave<W> {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            match self.0.write(buf) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(buf.len()),
                r => r,
            }
        }
        fn flush(&mut self) -> std::io::Result<()> {
            match self.0.flush() {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                r => r,
            }
        }
    }
    std::io::BufWriter::with_capacity(1 << 20, ReaderMayLeave(std::io::stdout().lock()))
}

/// Prints JSON to stdout.
pub fn print_json(value: &serde_json::Value) -> Result<()> {
    use std::io::Write;
    let mut out = stdout_writer();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)
        .and_then(|()| out.flush())
        .context("cannot write to stdout")
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
