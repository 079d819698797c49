//! Plugins in git: unpack, pack, textconv, merge.

use crate::util::{self, file_name, load, parse_plugin, thousands};
use crate::GameOpt;
use anyhow::{bail, Context as _, Result};
use esscribe::tree::merge::{self, Side};
use esscribe::tree::{self, DirTree, TreeSink, TreeSource};
use esscribe::Plugin;
use indicatif::ProgressBar;
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Checks that `dir` may hold a tree: new, empty (hidden files such as
/// `.git` aside), or holding a tree already.
fn check_tree_folder(dir: &Path) -> Result<()> {
    match std::fs::metadata(dir) {
        Err(_) => Ok(()),
        Ok(m) if !m.is_dir() => bail!("{} is not a folder", dir.display()),
        Ok(_) => {
            if dir.join(tree::HEADER_FILE).is_file() {
                return Ok(());
            }
            let other = std::fs::read_dir(dir)
                .with_context(|| format!("cannot read {}", dir.display()))?
                .filter_map(|e| e.ok())
                .find(|e| !e.file_name().to_string_lossy().starts_with('.'));
            match other {
                None => Ok(()),
                Some(e) => bail!(
                    "{} holds {} and no {}: give a new or empty folder, or one a plugin was unpacked to",
                    dir.display(),
                    e.file_name().to_string_lossy(),
                    tree::HEADER_FILE
                ),
            }
        }
    }
}

/// A tree's files counted on a progress bar as they are written or read:
/// one a record, one a group, and the header's.
struct Counted<'b, T> {
    tree: T,
    bar: &'b ProgressBar,
}

impl<S: TreeSink + ?Sized> TreeSink for Counted<'_, &mut S> {
    fn folder(&mut self, path: &str) -> esscribe::Result<()> {
        self.tree.folder(path)
    }
    fn file(&mut self, path: &str, text: &[u8]) -> esscribe::Result<()> {
        self.tree.file(path, text)?;
        self.bar.inc(1);
        Ok(())
    }
    fn files(&mut self, files: Vec<(String, Vec<u8>)>) -> esscribe::Result<()> {
        let n = files.len() as u64;
        self.tree.files(files)?;
        self.bar.inc(n);
        Ok(())
    }
}

impl<S: TreeSource> TreeSource for Counted<'_, S> {
    fn read(&self, path: &str) -> esscribe::Result<Cow<'_, [u8]>> {
        let text = self.tree.read(path)?;
        self.bar.inc(1);
        Ok(text)
    }
    fn list(&self, dir: &str) -> Option<Vec<String>> {
        self.tree.list(dir)
    }
}

pub fn unpack(file: &Path, dir: &Path, game: GameOpt) -> Result<ExitCode> {
    check_tree_folder(dir)?;
    let data = load(file)?;
    let plugin = parse_plugin(&data, game.game, file)?;
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut sink = DirTree::new(dir);
    let earlier = sink.listed_files();
    let records = plugin.records().count() as u64 + 1;
    // A file per record and per group; the header's holds the TES4.
    let files = records + plugin.groups().count() as u64;
    let bar = util::progress(files as usize, "unpacking");
    let unpacked = tree::unpack_checked(
        &data,
        &plugin,
        &file_name(file),
        &mut Counted {
            tree: &mut sink,
            bar: &bar,
        },
    );
    bar.finish_and_clear();
    match unpacked {
        Err(mut e) if e.kind == esscribe::ErrorKind::Changed => {
            // Says what the folder holds now: the error told how many
            // files went before the change was seen.
            e.message.push_str(&if earlier.is_empty() {
                format!(
                    ": {} is no tree without it; once the file is whole, remove the folder and unpack again",
                    dir.display()
                )
            } else {
                format!(
                    " ({} of them held that text already and were left as they were): {} keeps the {} of the tree it held, whose files may now be a mix of old and new; unpack again once the file is whole",
                    thousands(sink.unchanged),
                    dir.display(),
                    tree::HEADER_FILE
                )
            });
            return Err(e.into());
        }
        other => other.with_context(|| file.display().to_string())?,
    };
    let removed = sink.remove_stale(&earlier)?;
    let mut note = String::new();
    if !earlier.is_empty() {
        note = format!(
            "; {} unchanged, {} removed",
            thousands(sink.unchanged),
            thousands(removed)
        );
    }
    eprintln!(
        "unpacked {} to {}: {} records, {} files{note}",
        file.display(),
        dir.display(),
        thousands(records),
        thousands(files),
    );
    Ok(ExitCode::SUCCESS)
}

/// The bytes of a plugin, or of the plugin a tree folder packs to.
fn plugin_bytes(path: &Path) -> Result<Cow<'static, [u8]>> {
    if path.is_dir() {
        let packed = tree::pack(&DirTree::new(path)).with_context(|| path.display().to_string())?;
        return Ok(Cow::Owned(packed.bytes));
    }
    let data = load(path)?;
    // Copied, so the map closes here: what was copied is checked here.
    let bytes = data.to_vec();
    data.intact()?;
    Ok(Cow::Owned(bytes))
}

pub fn pack(dir: &Path, output: &Path, force: bool) -> Result<ExitCode> {
    if !dir.join(tree::HEADER_FILE).is_file() {
        bail!(
            "{} is not a text tree: it has no {} (made by `esscribe unpack`)",
            dir.display(),
            tree::HEADER_FILE
        );
    }
    if output.is_dir() {
        bail!(
            "{} is a folder; give the plugin to write, e.g. -o {}",
            output.display(),
            output.join("Mod.esp").display()
        );
    }
    let tree = DirTree::new(dir);
    let bar = match tree::file_count(&tree) {
        Some(files) => util::progress(files as usize, "packing"),
        None => ProgressBar::hidden(),
    };
    let source = Counted { tree, bar: &bar };
    let packed = tree::pack(&source).with_context(|| dir.display().to_string())?;
    bar.finish_and_clear();
    let game = packed.game;
    let check = |bytes: &[u8]| Plugin::parse_as(bytes, game).map(|_| ());
    write_plugin(output, &packed.bytes, check, packed.records, true, force)
}

fn write_plugin(
    output: &Path,
    bytes: &[u8],
    check: impl FnOnce(&[u8]) -> esscribe::Result<()>,
    records: u64,
    keep_backup: bool,
    force: bool,
) -> Result<ExitCode> {
    if util::is_stdout(output) {
        check(bytes)?;
        util::write_stdout(bytes)?;
        eprintln!(
            "wrote {} bytes, {} records, to standard output",
            thousands(bytes.len() as u64),
            thousands(records)
        );
        return Ok(ExitCode::SUCCESS);
    }
    let lock = util::lock_for_writing(output)?;
    let written = util::write_locked(&lock, output, bytes, force, check)?;
    let written = match written.backup {
        Some(b) if !keep_backup => {
            let _ = std::fs::remove_file(b);
            esscribe::fsio::Written::default()
        }
        _ => written,
    };
    eprintln!(
        "{} ({} bytes, {} records){}",
        util::wrote(output, &written),
        thousands(bytes.len() as u64),
        thousands(records),
        util::backup_note(&written)
    );
    Ok(ExitCode::SUCCESS)
}

/// The plugin's own name for form IDs: git hands a textconv filter a
/// temporary copy named `XXXXXX_Mod.esp` in the temporary folder, whose
/// prefix would otherwise differ between the two sides of every diff.
fn own_name(path: &Path) -> String {
    let name = file_name(path);
    let in_temp = path
        .parent()
        .and_then(|p| p.canonicalize().ok())
        .zip(std::env::temp_dir().canonicalize().ok())
        .is_some_and(|(a, b)| a == b);
    let b = name.as_bytes();
    if in_temp && b.len() > 7 && b[6] == b'_' && b[..6].iter().all(u8::is_ascii_alphanumeric) {
        return name[7..].to_string();
    }
    name
}

pub fn textconv(file: &Path, name: Option<&str>, game: GameOpt) -> Result<ExitCode> {
    let data = load(file)?;
    let mut out = util::stdout_writer();
    if data.starts_with(b"TES4SAVEGAME") {
        return save_text(file, &mut out);
    }
    if data.starts_with(b"TESV_SAVEGAME") {
        return crate::save::skyrim_text(file, &mut out);
    }
    let plugin = parse_plugin(&data, game.game, file)?;
    let name = name.map_or_else(|| own_name(file), str::to_string);
    tree::plugin_text(&plugin, &name, &mut out).with_context(|| file.display().to_string())?;
    Ok(ExitCode::SUCCESS)
}

/// A save as text: its summary, then each change record, without the
/// file offsets that shift whenever anything before them changes.
fn save_text(file: &Path, out: &mut dyn std::io::Write) -> Result<ExitCode> {
    let (_, save) = crate::save::load(file)?;
    let mut info = crate::save::info_json(file, &save);
    if let Some(m) = info.as_object_mut() {
        m.shift_remove("file");
    }
    writeln!(out, "save")?;
    serde_json::to_writer_pretty(&mut *out, &info)?;
    writeln!(out)?;
    for c in save.changes.iter() {
        let mut v = crate::save::record_json(&save, &c);
        if let Some(m) = v.as_object_mut() {
            m.shift_remove("offset");
        }
        writeln!(out, "change record {} {}", c.form_id, c.type_name())?;
        serde_json::to_writer_pretty(&mut *out, &v)?;
        writeln!(out)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Merges `[base, ours, theirs]`.
pub fn merge(
    [base, ours, theirs]: [&Path; 3],
    output: &Path,
    force: bool,
    name: Option<&Path>,
    tree_dir: Option<&Path>,
    game: GameOpt,
) -> Result<ExitCode> {
    let own = match name {
        Some(n) => file_name(n),
        None => file_name(ours),
    };
    let (bb, ob, tb) = (
        plugin_bytes(base)?,
        plugin_bytes(ours)?,
        plugin_bytes(theirs)?,
    );
    let mut bp = parse_plugin(&bb, game.game, base)?;
    let mut op = parse_plugin(&ob, game.game, ours)?;
    let mut tp = parse_plugin(&tb, game.game, theirs)?;
    for p in [&mut bp, &mut op, &mut tp] {
        p.set_name(own.clone());
    }
    // Sides with different masters are renumbered to one list first, so
    // that records compare by what they are.
    let removed = merge::align_masters(&mut bp, &mut op, &mut tp)?;
    let mut merged = merge::merge(&Side::new(&bp), &Side::new(&op), &Side::new(&tp))?;
    merge::drop_removed_masters(&mut merged.plugin, &removed)?;
    if merged.conflicts.is_empty() {
        let bytes = merged.plugin.to_bytes()?;
        let game = merged.plugin.game;
        let records = merged.plugin.records().count() as u64 + 1;
        eprintln!(
            "merged: {} records taken from theirs, {} merged field by field, no conflicts",
            thousands(merged.taken_from_theirs as u64),
            thousands(merged.merged_fields as u64)
        );
        return write_plugin(
            output,
            &bytes,
            |b| Plugin::parse_as(b, game).map(|_| ()),
            records,
            // As a git merge driver (given --name), the output is git's
            // temporary copy of ours: a backup of it would be litter.
            name.is_none(),
            force,
        );
    }
    let dir: PathBuf = match (tree_dir, name) {
        (Some(d), _) => d.to_path_buf(),
        (None, Some(n)) => PathBuf::from(format!("{}.merge", n.display())),
        (None, None) => PathBuf::from(format!("{}.merge", output.display())),
    };
    check_tree_folder(&dir)?;
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut sink = DirTree::new(&dir);
    let earlier = sink.listed_files();
    let paths = tree::unpack_with_paths(&merged.plugin, &own, &mut sink)?.paths;
    sink.remove_stale(&earlier)?;
    for c in &merged.conflicts {
        let at = paths
            .get(&c.form_id)
            .map(String::as_str)
            .unwrap_or(tree::HEADER_FILE);
        eprintln!("CONFLICT ({at}): {c}");
    }
    // Written into the tree as unpack wrote it: never through a link.
    for (id, sides) in &merged.sides {
        match paths.get(id) {
            Some(p) => sink.file(p, &merge::conflict_text(sides))?,
            // The header record is one part of the header file.
            None => {
                let file = tree::HEADER_FILE;
                let doc = esscribe::json_text::from_slice(&sink.read(file)?)
                    .with_context(|| dir.join(file).display().to_string())?;
                let with = |header: &Option<serde_json::Value>| {
                    header.as_ref().map(|h| {
                        let mut d = doc.clone();
                        d["header"] = h.clone();
                        d
                    })
                };
                let sides = merge::ConflictSides {
                    ours: with(&sides.ours),
                    theirs: with(&sides.theirs),
                };
                sink.file(file, &merge::conflict_text(&sides))?;
            }
        }
    }
    let target = name.unwrap_or(output);
    eprintln!(
        "{} conflicts, marked in {} (look for <<<<<<<); when resolved: esscribe pack {} -o {}",
        merged.conflicts.len(),
        dir.display(),
        dir.display(),
        target.display()
    );
    Ok(ExitCode::FAILURE)
}
