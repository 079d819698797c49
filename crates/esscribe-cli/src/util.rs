//! Helpers shared by the commands: loading files, progress, formatting.

use anyhow::{bail, Context as _, Result};
use esscribe::plugin::{open_mmap, Game, MappedFile, Plugin};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Why a path cannot be read as a file, in words: missing, a folder, or
/// empty. `None` when it is a file with something in it.
pub fn unreadable(path: &Path) -> Option<String> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Some(format!("{}: no such file", path.display()))
        }
        Err(e) => Some(format!("cannot open {}: {e}", path.display())),
        Ok(m) if m.is_dir() => Some(format!(
            "{} is a folder; give the files in it (e.g. {}/*.esp)",
            path.display(),
            path.display()
        )),
        Ok(m) if m.len() == 0 => Some(format!("{} is empty (0 bytes)", path.display())),
        Ok(_) => None,
    }
}

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

/// `--force` for a command that writes a file over one that may be there.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct ForceOpt {
    /// Replace the file written even where it is read-only (it stays
    /// read-only, a backup of it is kept as for any file, and a warning
    /// says so); without it a read-only file is refused.
    #[arg(long)]
    pub force: bool,
}

/// Writes `bytes` to the file `lock` holds, `path` as the user gave it:
/// read back and checked by `check`, over a read-only file only with
/// `force` (and a warning on standard error).
pub fn write_locked(
    lock: &esscribe::fsio::WriteLock,
    path: &Path,
    bytes: &[u8],
    force: bool,
    check: impl FnOnce(&[u8]) -> esscribe::Result<()>,
) -> Result<esscribe::fsio::Written> {
    let fail = || format!("cannot write {}", path.display());
    // A file cut short under its map, closed since, read as zeros: bytes
    // made from it are not written (the write itself refuses while such
    // a map is open).
    if let Some(e) = esscribe::fsio::changed_while_mapped() {
        return Err(anyhow::Error::new(e).context(fail()));
    }
    let options = esscribe::fsio::WriteOptions::default().replacing_read_only(force);
    let written = lock.write_with(bytes, options, check).with_context(fail)?;
    if written.replaced_read_only {
        eprintln!(
            "{} {} was read-only: replaced as --force asks, and read-only still",
            paint(true, style::YELLOW, "warning:"),
            path.display()
        );
    }
    Ok(written)
}

/// What a write did to `path`, for the message after it: `wrote X`, or
/// that X held those bytes already.
pub fn wrote(path: &Path, written: &esscribe::fsio::Written) -> String {
    if written.unchanged {
        format!(
            "{} held these bytes already: left untouched",
            path.display()
        )
    } else {
        format!("wrote {}", path.display())
    }
}

/// What a write kept, for the message after it: `; kept the old file as X`.
pub fn backup_note(written: &esscribe::fsio::Written) -> String {
    match &written.backup {
        Some(b) => format!("; the file it replaced is kept as {}", b.display()),
        None => String::new(),
    }
}

/// Whether an error is, or comes from, a file that changed while it was
/// being read.
pub fn is_changed(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<esscribe::Error>()
            .is_some_and(|e| e.kind == esscribe::ErrorKind::Changed)
    })
}

/// A file's bytes, memory-mapped.
pub fn load(path: &Path) -> Result<MappedFile> {
    if let Some(why) = unreadable(path) {
        bail!("{why}");
    }
    open_mmap(path).with_context(|| format!("cannot open {}", path.display()))
}

/// Parses a plugin, with the game forced or told from the file.
pub fn parse_plugin<'a>(data: &'a [u8], game: Option<Game>, path: &Path) -> Result<Plugin<'a>> {
    if esscribe::save::game_of_save(data).is_some() {
        bail!(
            "{} is a save game, not a plugin; use `esscribe save info` and the other save commands",
            path.display()
        );
    }
    // A file that is no plugin at all is the user's mistake, not damage at
    // its first byte: say what it is, where that can be told.
    if game.is_none() && !data.starts_with(b"TES4") {
        let head = &data[..data.len().min(64)];
        match esscribe::fsio::kind_of(head) {
            Some("JSON") => bail!(
                "{} is JSON, not a plugin; `esscribe build {} -o Mod.esp` makes a plugin of a JSON dump",
                path.display(),
                path.display()
            ),
            Some(kind) => bail!("{} is {kind}, not a plugin", path.display()),
            None => bail!(
                "{} is not a plugin: a plugin starts with a TES4 record, and this file starts with {:?}",
                path.display(),
                String::from_utf8_lossy(&data[..data.len().min(4)])
            ),
        }
    }
    let parsed = match game {
        Some(g) => Plugin::parse_as(data, g),
        None => Plugin::parse(data),
    };
    match parsed {
        Ok(p) => Ok(p),
        Err(e) => {
            if let Some(forced) = game {
                if let Ok(p) = Plugin::parse(data) {
                    if p.game != forced {
                        bail!(
                            "{} looks like a{} {} plugin, not {}: drop --game, or give --game {} (read as {}: {e})",
                            path.display(),
                            if p.game == Game::Oblivion { "n" } else { "" },
                            p.game.name(),
                            forced.name(),
                            p.game.name().to_lowercase(),
                            forced.name()
                        );
                    }
                }
            }
            Err(anyhow::Error::new(e).context(format!("{}", path.display())))
        }
    }
}

/// "1 condition", "2 conditions".
pub fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

/// Names joined with commas; past ten, the first nine and how many more,
/// so that a line about hundreds of plugins stays a line.
pub fn some_names(names: &[&str]) -> String {
    const SHOWN: usize = 9;
    if names.len() <= SHOWN + 1 {
        return names.join(", ");
    }
    format!(
        "{} and {} more",
        names[..SHOWN].join(", "),
        thousands((names.len() - SHOWN) as u64)
    )
}

/// The edit distance between two words, ignoring case.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The candidates, nearest to `word` first (then in their own order), as
/// one comma-separated line; at most `max` of them, with a count of the
/// rest.
pub fn nearest_first(word: &str, candidates: &[String], max: usize) -> String {
    let mut sorted: Vec<&String> = candidates.iter().collect();
    let lw = word.to_lowercase();
    sorted.sort_by_key(|c| {
        let lc = c.to_lowercase();
        let related = lc.contains(&lw) || lw.contains(&lc);
        (usize::from(!related), distance(word, c))
    });
    let mut out: Vec<String> = sorted.iter().take(max).map(|c| c.to_string()).collect();
    if sorted.len() > max {
        out.push(format!("… {} more", thousands((sorted.len() - max) as u64)));
    }
    out.join(", ")
}

/// Runs every file of a batch, reporting each failure on standard error
/// and carrying on. The exit status is a failure when any file failed.
pub fn each_file(paths: &[PathBuf], mut f: impl FnMut(&Path) -> Result<()>) -> ExitCode {
    let mut failed = false;
    for path in paths {
        if let Err(e) = f(path) {
            crate::report_error(&e);
            failed = true;
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The editor IDs of a plugin's records, by form ID, to name them where a
/// command lists them.
pub fn editor_ids(plugin: &Plugin<'_>) -> std::collections::HashMap<esscribe::FormId, String> {
    plugin
        .records()
        .filter_map(|r| {
            let id = esscribe::loadorder::editor_id_of(r, plugin.game)?;
            Some((r.header.form_id, id.to_string()))
        })
        .collect()
}

/// ` EditorID` for a record that has one (made [`terminal_safe`]), or
/// nothing.
pub fn editor_id_shown(
    names: &std::collections::HashMap<esscribe::FormId, String>,
    id: esscribe::FormId,
) -> String {
    names
        .get(&id)
        .map_or_else(String::new, |name| format!(" {}", terminal_safe(name)))
}

/// Text from a file made safe for a terminal: control characters other
/// than line ends and tabs (an escape sequence a name or an author could
/// hold) shown escaped, as `\u{1b}`; other text as it is.
pub fn terminal_safe(text: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !text.chars().any(unsafe_char) {
        return text.into();
    }
    let mut shown = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if unsafe_char(c) {
            shown.extend(c.escape_unicode());
        } else {
            shown.push(c);
        }
    }
    shown.into()
}

/// Whether the program was started with its standard output closed. The
/// Rust runtime opens `/dev/null` read-write in its place before `main`;
/// a shell sending output to `/dev/null` opens it write-only.
pub fn stdout_was_closed() -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let Ok(null) = std::fs::metadata("/dev/null") else {
            return false;
        };
        // SAFETY: fstat and fcntl(F_GETFL) only read the descriptor's
        // state into memory that is ours.
        let (stat, flags) = unsafe {
            let mut stat: libc::stat = std::mem::zeroed();
            let ok = libc::fstat(libc::STDOUT_FILENO, &mut stat) == 0;
            (
                ok.then_some(stat),
                libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFL),
            )
        };
        let Some(stat) = stat else {
            return true;
        };
        let is_null = stat.st_mode & libc::S_IFMT == libc::S_IFCHR && stat.st_rdev == null.rdev();
        is_null && flags != -1 && flags & libc::O_ACCMODE == libc::O_RDWR
    }
    #[cfg(not(unix))]
    false
}

pub fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// A progress bar on standard error for batches, hidden when it would only
/// clutter (one file, or not a terminal). Cleared when dropped, so that
/// a message after a failure stands on a line of its own.
pub fn progress(len: usize, what: &str) -> ProgressBar {
    use std::io::IsTerminal;
    if len < 2 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64).with_finish(indicatif::ProgressFinish::AndClear);
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

/// Parses `0x0203A5C7` or `0203A5C7`.
pub fn parse_form_id(text: &str) -> Result<esscribe::FormId> {
    esscribe::FormId::parse(text)
        .with_context(|| format!("not a hex form ID: {text:?} (expected e.g. 0x0203A5C7)"))
}

/// A record type, in any case: `pack` is PACK.
pub fn parse_sig(text: &str) -> Result<esscribe::Sig> {
    esscribe::Sig::parse(&text.to_ascii_uppercase())
        .with_context(|| format!("not a 4-character record type: {text:?} (expected e.g. PACK)"))
}

/// The record types asked for, checked against the types the game declares
/// and the types the plugin holds; an unknown one is an error that lists
/// the valid types, nearest first.
pub fn record_types(texts: &[String], plugin: &Plugin<'_>) -> Result<Vec<esscribe::Sig>> {
    let sigs = texts
        .iter()
        .map(|t| parse_sig(t))
        .collect::<Result<Vec<_>>>()?;
    let catalog = esscribe::defs::catalog(plugin.game);
    let known = |sig: esscribe::Sig| {
        sig.0 == *b"TES4"
            || catalog.find(sig).is_some()
            || plugin.records().any(|r| r.header.sig == sig)
    };
    for (sig, text) in sigs.iter().zip(texts) {
        if !known(*sig) {
            let mut valid: std::collections::BTreeSet<String> =
                catalog.iter().map(|d| d.sig.to_string()).collect();
            valid.extend(plugin.records().map(|r| r.header.sig.to_string()));
            let valid: Vec<String> = valid.into_iter().collect();
            bail!(
                "unknown record type {text:?} for {}; valid types: {}",
                plugin.game.name(),
                nearest_first(text, &valid, 20)
            );
        }
    }
    Ok(sigs)
}

/// Whether an output path means standard output (`-o -`).
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Writes bytes to standard output, for `-o -`: no temporary file, no
/// backup.
pub fn write_stdout(bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    // As a write to a file does: bytes made from a file cut short under
    // its map came partly from zeros.
    if let Some(e) = esscribe::fsio::changed_while_mapped() {
        return Err(e.into());
    }
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .context("cannot write to stdout")
}

static COLOR: std::sync::OnceLock<clap::ColorChoice> = std::sync::OnceLock::new();

/// Sets when output is coloured, once, from `--color`.
pub fn set_color(choice: clap::ColorChoice) {
    let _ = COLOR.set(choice);
}

/// Whether to colour standard output (or standard error): `--color
/// always` or `never` says so; by default only a terminal, and not when
/// `NO_COLOR` is set.
pub fn color_on(stderr: bool) -> bool {
    use std::io::IsTerminal;
    match COLOR.get().copied().unwrap_or(clap::ColorChoice::Auto) {
        clap::ColorChoice::Always => true,
        clap::ColorChoice::Never => false,
        clap::ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && if stderr {
                    std::io::stderr().is_terminal()
                } else {
                    std::io::stdout().is_terminal()
                }
        }
    }
}

/// ANSI styles.
pub mod style {
    pub const RED: &str = "31";
    pub const GREEN: &str = "32";
    pub const YELLOW: &str = "33";
    pub const BOLD: &str = "1";
    pub const BOLD_RED: &str = "1;31";
}

/// The text in a style when colour is on for that stream.
pub fn paint(stderr: bool, style: &str, text: &str) -> String {
    if color_on(stderr) {
        format!("\x1b[{style}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

/// Items of a list shown in the text form before the rest is counted.
const SHOWN_ITEMS: usize = 8;

/// A scalar for reading: strings bare unless empty or holding control
/// characters, numbers and booleans as they are.
pub fn scalar(v: &serde_json::Value) -> String {
    use serde_json::Value;
    match v {
        // Bytes kept as hex: the first 32, then how many there are.
        Value::String(s)
            if s.len() > 64 && s.len() % 2 == 0 && s.bytes().all(|b| b.is_ascii_hexdigit()) =>
        {
            format!("{}… ({} bytes)", &s[..64], thousands(s.len() as u64 / 2))
        }
        Value::String(s) if s.is_empty() || s.chars().any(char::is_control) => format!("{s:?}"),
        Value::String(s) => s.clone(),
        Value::Null => "(none)".into(),
        // A float that is an f32 widened shows as the f32 it was: 1765.4133,
        // not 1765.413330078125.
        Value::Number(n) if n.is_f64() => {
            let f = n.as_f64().unwrap_or_default();
            if f64::from(f as f32) == f {
                format!("{:?}", f as f32)
            } else {
                format!("{f:?}")
            }
        }
        other => other.to_string(),
    }
}

/// One field of the text form: a line per scalar, nested values indented
/// under their name, lists of scalars on one line and long lists cut to
/// their first items and a count.
pub fn show_field(out: &mut String, indent: usize, name: &str, v: &serde_json::Value) {
    use serde_json::Value;
    use std::fmt::Write as _;
    let pad = "  ".repeat(indent);
    match v {
        Value::Object(m) if m.is_empty() => {
            let _ = writeln!(out, "{pad}{name}: (empty)");
        }
        Value::Object(m) => {
            let _ = writeln!(out, "{pad}{name}:");
            for (k, v) in m {
                show_field(out, indent + 1, k, v);
            }
        }
        Value::Array(a) if a.is_empty() => {
            let _ = writeln!(out, "{pad}{name}: (none)");
        }
        Value::Array(a) if a.iter().all(|x| !x.is_object() && !x.is_array()) => {
            let shown: Vec<String> = a.iter().take(SHOWN_ITEMS).map(scalar).collect();
            let more = if a.len() > SHOWN_ITEMS {
                format!(" … {} more", thousands((a.len() - SHOWN_ITEMS) as u64))
            } else {
                String::new()
            };
            let _ = writeln!(out, "{pad}{name}: {}{more}", shown.join(", "));
        }
        Value::Array(a) => {
            let _ = writeln!(
                out,
                "{pad}{name}: {}",
                plural(a.len() as u64, "item", "items")
            );
            for (i, item) in a.iter().take(SHOWN_ITEMS).enumerate() {
                show_field(out, indent + 1, &format!("[{i}]"), item);
            }
            if a.len() > SHOWN_ITEMS {
                let _ = writeln!(
                    out,
                    "{pad}  … {} more",
                    thousands((a.len() - SHOWN_ITEMS) as u64)
                );
            }
        }
        other => {
            let _ = writeln!(out, "{pad}{name}: {}", scalar(other));
        }
    }
}
