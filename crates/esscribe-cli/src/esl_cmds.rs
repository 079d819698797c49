//! `esscribe esl`: light plugins (ESL).

use crate::util::{self, file_name, load, parse_plugin, thousands};
use anyhow::{bail, Result};
use clap::Subcommand;
use esscribe::compact::{compact_light, dependents};
use esscribe::masters::form_id_uses;
use esscribe::plugin::light::check_light;
use esscribe::plugin::FLAG_LIGHT;
use esscribe::FormId;
use esscribe::Game;
use serde_json::json;
use std::collections::HashMap;
use std::path::Path;
use std::path::PathBuf;
use std::process::ExitCode;

/// Records out of range listed in the text form at most (`--json` has all).
const LISTED: usize = 20;

/// What `esscribe esl` does.
#[derive(Subcommand, Debug)]
pub enum EslCommand {
    /// Whether each plugin can be flagged light: every record it adds (not
    /// its overrides) must have an object ID in 0x800-0xFFF (header version
    /// below 1.71) or 0x000-0xFFF (1.71 on). Names the records out of
    /// range; exit status 1 when a plugin cannot be light.
    #[command(
        after_help = "Examples:\n  esscribe esl check Scribe.esp\n  esscribe esl check Data/*.esp --json"
    )]
    Check {
        /// Skyrim plugins (.esp, .esm, .esl).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print JSON on standard output: every record out of range.
        #[arg(long)]
        json: bool,
    },
    /// Renumber a Skyrim plugin's new records into the object IDs a light
    /// plugin may have, rewriting every reference inside the plugin.
    /// Records already in range keep their IDs; the others take the lowest
    /// free IDs from 0x800 (header version below 1.71) or 0x001 (1.71 on,
    /// with a master). Refused when other plugins in --data have it as a
    /// master (their references would point at the wrong records), unless
    /// --force.
    #[command(
        after_help = "Examples:\n  esscribe esl compact Mod.esp --data Data\n  esscribe esl compact Mod.esp --flag -o ModLight.esp"
    )]
    Compact {
        /// The Skyrim plugin.
        file: PathBuf,
        /// The game's Data folder: plugins in it that have FILE as a
        /// master stop the renumbering.
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Write even where esscribe would refuse: renumber when plugins
        /// in --data depend on FILE, or records may hold form IDs that
        /// cannot be found, and replace the file written where it is
        /// read-only (it stays read-only, a backup is kept, and a warning
        /// says so).
        #[arg(long)]
        force: bool,
        /// Also set the light flag (0x200) in the header.
        #[arg(long)]
        flag: bool,
        /// Write the renumbered plugin here instead of over FILE.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Say what would be renumbered; write nothing.
        #[arg(long)]
        dry_run: bool,
    },
}

/// Runs an `esl` command.
pub fn run(cmd: EslCommand) -> Result<ExitCode> {
    match cmd {
        EslCommand::Check { files, json } => check(&files, json),
        EslCommand::Compact {
            file,
            data,
            force,
            flag,
            output,
            dry_run,
        } => compact(
            &file,
            data.as_deref(),
            force,
            flag,
            output.as_deref(),
            dry_run,
        ),
    }
}

fn compact(
    file: &Path,
    data_dir: Option<&Path>,
    force: bool,
    flag: bool,
    output: Option<&Path>,
    dry_run: bool,
) -> Result<ExitCode> {
    let name = file_name(file);
    if let Some(dir) = data_dir {
        let needing = dependents(dir, &name)?;
        if !needing.is_empty() && !force {
            bail!(
                "{} plugins in {} have {name} as a master and would point at the wrong records once it is renumbered: {} (--force renumbers anyway)",
                needing.len(),
                dir.display(),
                needing.join(", ")
            );
        }
    }
    let target = output.unwrap_or(file);
    let lock = match dry_run {
        true => None,
        false => Some(util::lock_for_writing(target)?),
    };
    let data = load(file)?;
    let mut plugin = parse_plugin(&data, None, file)?;
    plugin.set_name(name.clone());
    let uses_before = form_id_uses(&plugin)?;
    let c = compact_light(&mut plugin, force)?;
    if flag {
        plugin.header.header.flags |= FLAG_LIGHT;
    }
    let range = format!("0x{:03X}-0x{:03X}", c.range.0, c.range.1);
    let summary = format!(
        "{}: {} of {} new records renumbered into {range} (header version {:.2}); {} form IDs rewritten in {} records; next object ID 0x{:X}",
        file.display(),
        thousands(c.renumbered.len() as u64),
        thousands(c.new_records as u64),
        c.version,
        thousands(c.rewritten.form_ids as u64),
        thousands(c.rewritten.records as u64),
        c.next_object_id.1
    );
    let names = util::editor_ids(&plugin);
    for (sig, old, new) in c.renumbered.iter().take(LISTED) {
        println!(
            "  {sig} {old} -> {new}{}",
            util::editor_id_shown(&names, *new)
        );
    }
    if c.renumbered.len() > LISTED {
        println!("  … and {} more", c.renumbered.len() - LISTED);
    }
    let Some(lock) = lock else {
        eprintln!("{summary}; nothing written (dry run)");
        return Ok(ExitCode::SUCCESS);
    };
    if c.renumbered.is_empty() && c.next_object_id.0 == c.next_object_id.1 && !flag {
        eprintln!("{summary}; nothing to change, nothing written");
        return Ok(ExitCode::SUCCESS);
    }
    let bytes = plugin.to_bytes()?;
    // Read back: a plugin whose new records all fit, and whose every form
    // ID names what it named before, renumbered records by their new IDs.
    let moved: HashMap<FormId, FormId> = c.renumbered.iter().map(|&(_, o, n)| (o, n)).collect();
    let expected: Vec<FormId> = uses_before
        .uses
        .iter()
        .map(|u| moved.get(&u.form_id).copied().unwrap_or(u.form_id))
        .collect();
    let check = |written: &[u8]| -> esscribe::Result<()> {
        let back = esscribe::Plugin::parse_as(written, Game::Skyrim)?;
        let fits = check_light(&back)?.can_be_light();
        let now: Vec<FormId> = form_id_uses(&back)?
            .uses
            .iter()
            .map(|u| u.form_id)
            .collect();
        if !fits || now != expected {
            return Err(esscribe::Error::invalid(
                0,
                "the written plugin's form IDs are not those renumbered",
            ));
        }
        Ok(())
    };
    let written = util::write_locked(&lock, target, &bytes, force, check)?;
    eprintln!(
        "{summary}{}; {}{}",
        if flag { "; flagged light" } else { "" },
        util::wrote(target, &written),
        util::backup_note(&written)
    );
    Ok(ExitCode::SUCCESS)
}

fn check(files: &[PathBuf], as_json: bool) -> Result<ExitCode> {
    let mut docs = Vec::new();
    let mut refused = 0;
    let code = util::each_file(files, |path| {
        let data = load(path)?;
        let plugin = parse_plugin(&data, None, path)?;
        let c = check_light(&plugin)?;
        if !c.can_be_light() {
            refused += 1;
        }
        if as_json {
            let mut v = serde_json::to_value(&c)?;
            v["file"] = json!(file_name(path));
            v["can_be_light"] = json!(c.can_be_light());
            docs.push(v);
            return Ok(());
        }
        let range = format!("0x{:03X}-0x{:03X}", c.range.0, c.range.1);
        let verdict = if c.can_be_light() {
            "can be light"
        } else {
            "cannot be light"
        };
        println!(
            "{}: {verdict}: {} new records, {} out of {range} (header version {:.2}, room for {}){}",
            path.display(),
            c.new_records,
            c.out_of_range.len(),
            c.version,
            c.capacity,
            if c.flagged { "; flagged light" } else { "" }
        );
        if c.new_records > c.capacity {
            println!(
                "  {} new records are more than the {} a light plugin of header version {:.2} can hold",
                c.new_records, c.capacity, c.version
            );
        }
        let names = util::editor_ids(&plugin);
        for r in c.out_of_range.iter().take(LISTED) {
            let name = util::parse_form_id(&r.form_id)
                .map(|id| util::editor_id_shown(&names, id))
                .unwrap_or_default();
            println!("  {} {}{name}", r.sig, r.form_id);
        }
        if c.out_of_range.len() > LISTED {
            println!(
                "  … and {} more (--json lists all)",
                c.out_of_range.len() - LISTED
            );
        }
        Ok(())
    });
    if as_json {
        println!("{}", serde_json::to_string_pretty(&docs)?);
    }
    Ok(if code != ExitCode::SUCCESS {
        code
    } else if refused > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
