//! `esscribe patch`: the merged patch of a load order.

use crate::loadorder_cmds::{self, LoadOrderOpt};
use crate::util;
use anyhow::{bail, Context, Result};
use esscribe::patch::{build_patch, save_patch, Patch, PatchOptions, Tags};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The patch's name when none is given.
const DEFAULT_NAME: &str = "Bashed Patch, 0.esp";

/// Builds the merged patch of the load order and writes it (unless
/// `dry_run`), with a report of what was merged from whom.
pub fn patch(
    files: &[PathBuf],
    opt: &LoadOrderOpt,
    output: Option<&Path>,
    tags_file: Option<&Path>,
    dry_run: bool,
    as_json: bool,
) -> Result<ExitCode> {
    let output = match output {
        Some(o) => o.to_path_buf(),
        None => match &opt.data {
            Some(dir) => dir.join(DEFAULT_NAME),
            None => PathBuf::from(DEFAULT_NAME),
        },
    };
    let name = util::file_name(&output);
    if !esscribe::loadorder::is_plugin_name(&name) {
        bail!(
            "-o {}: a plugin's name ends in .esp, .esm or .esl",
            output.display()
        );
    }
    let dir = match output.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut options = PatchOptions::new(name);
    if let Some(path) = tags_file {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the tags file {}", path.display()))?;
        let mut tags = Tags::new();
        tags.apply_file(&text, &path.display().to_string())?;
        options.tags = tags;
    }
    let opened = loadorder_cmds::open_files(opt, files)?;
    let order = loadorder_cmds::load_order(&opened);
    if order.is_empty() {
        bail!("no plugin of the load order could be read");
    }
    let patch = build_patch(&order, &options)?;
    let mut written = Vec::new();
    if !dry_run {
        written = save_patch(&patch, &dir)?;
    }
    if as_json {
        util::print_json(&json!({
            "files": patch.files,
            "written": !dry_run,
            "report": patch.report,
        }))?;
    } else {
        print_report(&patch);
        for (f, w) in patch.files.iter().zip(&written) {
            let path = dir.join(&f.name);
            if w.unchanged {
                println!(
                    "{} already holds this patch: left as it was",
                    path.display()
                );
            } else {
                println!("wrote {}{}", path.display(), util::backup_note(w));
            }
        }
        if dry_run && !patch.files.is_empty() {
            println!("dry run: nothing written");
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn print_report(patch: &Patch) {
    let r = &patch.report;
    for (plugin, tags) in &r.sources {
        if !tags.is_empty() {
            let names: Vec<&str> = tags.iter().map(|t| t.name()).collect();
            println!("tags {plugin}: {}", names.join(", "));
        }
    }
    for u in &r.unknown_tags {
        println!("warning: unknown tag in a description: {u}");
    }
    for rec in &r.records {
        println!("{} (winner {})", rec.record, rec.winner);
        if rec.master_absent {
            println!(
                "  its master is not loaded: merged as the union of the loaded versions, from {}",
                rec.base
            );
        }
        for c in &rec.merged_from {
            println!("  from {}: {}", c.plugin, c.what);
        }
        for l in &rec.winner_would_lose {
            println!("  the winner alone loses: {l}");
        }
    }
    for l in &r.left_out {
        println!("left out: {l}");
    }
    for f in &patch.files {
        println!(
            "{}: {} records, {} masters{}",
            f.name,
            f.records,
            f.masters.len(),
            if f.light { ", light" } else { "" }
        );
    }
    if patch.files.is_empty() {
        println!("nothing to merge: every record's winning version keeps all changes");
    }
}
