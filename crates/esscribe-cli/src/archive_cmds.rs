//! `esscribe archive`: BSA archives: what the header says, the files they
//! hold, and those files extracted.

use crate::util::{self, plural, terminal_safe, thousands};
use anyhow::{bail, Context, Result};
use clap::Subcommand;
use esscribe::archive::Archive;
use esscribe::tree::{DirTree, TreeSink};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What `esscribe archive` does.
#[derive(Subcommand, Debug)]
pub enum ArchiveCommand {
    /// What an archive's header says: version and game, archive flags,
    /// file flags, folder and file counts.
    #[command(
        after_help = "Examples:\n  esscribe archive info \"Skyrim - Interface.bsa\"\n  esscribe archive info --json Data/*.bsa"
    )]
    Info {
        /// The archives (.bsa).
        #[arg(required = true)]
        archives: Vec<PathBuf>,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
    },
    /// The files of an archive, one a line: size, size as stored, path.
    #[command(
        after_help = "Examples:\n  esscribe archive list \"Skyrim - Interface.bsa\"\n  esscribe archive list MyMod.bsa --json"
    )]
    List {
        /// The archive (.bsa).
        archive: PathBuf,
        /// Print JSON on standard output: path, size, stored size and
        /// whether compressed, for each file.
        #[arg(long)]
        json: bool,
    },
    /// Write files of an archive, inflated, into a folder: those named, or
    /// all. Nothing is written outside the folder: a path climbing out of
    /// it (`..`, a drive, a root) is not extracted, links in the folder are
    /// never written through, and a folder that is a link is refused.
    /// Exit status 1 when a file could not be extracted.
    #[command(
        after_help = "Examples:\n  esscribe archive extract MyMod.bsa -o MyMod\n  esscribe archive extract \"Skyrim - Interface.bsa\" strings/skyrim_english.strings -o out"
    )]
    Extract {
        /// The archive (.bsa).
        archive: PathBuf,
        /// Paths of files to extract (`folder\file` or `folder/file`, in
        /// any case); all of them when none is given.
        paths: Vec<String>,
        /// The folder to write into (made if it is not there).
        #[arg(short, long, value_name = "DIR")]
        output: PathBuf,
    },
}

/// Runs an `archive` command.
pub fn run(cmd: ArchiveCommand) -> Result<ExitCode> {
    match cmd {
        ArchiveCommand::Info { archives, json } => info(&archives, json),
        ArchiveCommand::List { archive, json } => list(&archive, json),
        ArchiveCommand::Extract {
            archive,
            paths,
            output,
        } => extract(&archive, &paths, &output),
    }
}

fn info(paths: &[PathBuf], as_json: bool) -> Result<ExitCode> {
    let mut docs = Vec::new();
    let code = util::each_file(paths, |path| {
        let a = Archive::open(path)?;
        let i = a.info();
        if as_json {
            let mut doc = serde_json::to_value(i)?;
            doc["file"] = json!(util::file_name(path));
            docs.push(doc);
            return Ok(());
        }
        let names = |n: &[String]| match n.is_empty() {
            true => "none".to_string(),
            false => n.join(", "),
        };
        println!("{}", terminal_safe(&path.display().to_string()));
        println!("  version:       {} ({})", i.version, i.game);
        println!(
            "  archive flags: 0x{:08X} ({})",
            i.archive_flags,
            names(&i.archive_flag_names)
        );
        println!(
            "  file flags:    0x{:04X} ({})",
            i.file_flags,
            names(&i.file_flag_names)
        );
        println!("  folders:       {}", thousands(i.folder_count as u64));
        println!("  files:         {}", thousands(i.file_count as u64));
        Ok(())
    });
    if as_json {
        util::print_json(&json!(docs))?;
    }
    Ok(code)
}

fn list(path: &Path, as_json: bool) -> Result<ExitCode> {
    let a = Archive::open(path)?;
    if as_json {
        util::print_json(&serde_json::to_value(a.entries())?)?;
    } else {
        let mut out = util::stdout_writer();
        for e in a.entries() {
            writeln!(
                out,
                "{:>12} {:>12}  {}",
                e.size,
                e.stored_size,
                terminal_safe(&e.path)
            )?;
        }
        out.flush().context("cannot write to stdout")?;
    }
    let size: u64 = a.entries().iter().map(|e| e.size).sum();
    let stored: u64 = a.entries().iter().map(|e| e.stored_size).sum();
    eprintln!(
        "{}: {}, {} bytes ({} stored)",
        terminal_safe(&path.display().to_string()),
        plural(a.entries().len() as u64, "file", "files"),
        thousands(size),
        thousands(stored)
    );
    Ok(ExitCode::SUCCESS)
}

/// The path a file of an archive is written to inside the output folder,
/// `/` between its parts; `None` for a path that would leave the folder or
/// that no file system could hold: an empty part, `.` or `..`, a drive or
/// stream (`:`), a zero byte.
fn safe_path(path: &str) -> Option<String> {
    let parts: Vec<&str> = path.split(['\\', '/']).collect();
    let fine = |p: &&str| !p.is_empty() && *p != "." && *p != ".." && !p.contains([':', '\0']);
    parts.iter().all(fine).then(|| parts.join("/"))
}

fn extract(path: &Path, wanted: &[String], output: &Path) -> Result<ExitCode> {
    let a = Archive::open(path)?;
    let entries: Vec<_> = if wanted.is_empty() {
        a.entries().iter().collect()
    } else {
        let mut found = Vec::new();
        let mut missing = Vec::new();
        for w in wanted {
            match a.find(w) {
                Some(e) => found.push(e),
                None => missing.push(w.as_str()),
            }
        }
        if !missing.is_empty() {
            let all: Vec<String> = a.entries().iter().map(|e| e.path.clone()).collect();
            bail!(
                "{}: no {} in the archive; it holds: {}",
                path.display(),
                missing.join(", "),
                util::nearest_first(missing[0], &all, 10)
            );
        }
        found
    };
    let mut tree = DirTree::new(output);
    let (mut written, mut bytes, mut failed) = (0u64, 0u64, 0u64);
    let bar = util::progress(entries.len(), "extracting");
    for e in entries {
        bar.inc(1);
        let shown = terminal_safe(&e.path);
        let Some(target) = safe_path(&e.path) else {
            bar.suspend(|| {
                eprintln!("warning: {shown}: not extracted: its path would leave the output folder")
            });
            failed += 1;
            continue;
        };
        let result = a.read(e).map_err(anyhow::Error::from).and_then(|data| {
            tree.file(&target, &data)?;
            Ok(data.len() as u64)
        });
        match result {
            Ok(n) => {
                written += 1;
                bytes += n;
            }
            Err(err) => {
                bar.suspend(|| {
                    crate::report_error(&err.context(format!("{shown}: not extracted")))
                });
                failed += 1;
            }
        }
    }
    bar.finish_and_clear();
    eprintln!(
        "{}: extracted {} ({} bytes) to {}{}",
        terminal_safe(&path.display().to_string()),
        plural(written, "file", "files"),
        thousands(bytes),
        terminal_safe(&output.display().to_string()),
        match failed {
            0 => String::new(),
            n => format!("; {} not extracted", plural(n, "file", "files")),
        }
    );
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

#[cfg(test)]
mod tests {
    use super::safe_path;

    #[test]
    fn paths_leaving_the_folder_are_refused() {
        assert_eq!(
            safe_path("meshes\\clutter\\bowl.nif").as_deref(),
            Some("meshes/clutter/bowl.nif")
        );
        assert_eq!(safe_path("readme.txt").as_deref(), Some("readme.txt"));
        for bad in [
            "..\\..\\evil.txt",
            "a\\..\\..\\b",
            "\\etc\\passwd",
            "/etc/passwd",
            "c:\\windows\\x.dll",
            "a\\\\b",
            ".\\a",
            "a\\.",
            "a/..",
            "",
            "a\\b\0c",
            "file.txt:stream",
        ] {
            assert_eq!(safe_path(bad), None, "{bad:?}");
        }
    }
}
