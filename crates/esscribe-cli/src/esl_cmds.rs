//! `esscribe esl`: light plugins (ESL).

use crate::util::{self, file_name, load, parse_plugin};
use anyhow::Result;
use clap::Subcommand;
use esscribe::plugin::light::check_light;
use esscribe::Game;
use serde_json::json;
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
}

/// Runs an `esl` command.
pub fn run(cmd: EslCommand) -> Result<ExitCode> {
    match cmd {
        EslCommand::Check { files, json } => check(&files, json),
    }
}

fn check(files: &[PathBuf], as_json: bool) -> Result<ExitCode> {
    let mut docs = Vec::new();
    let mut refused = 0;
    let code = util::each_file(files, |path| {
        let data = load(path)?;
        let plugin = parse_plugin(&data, Some(Game::Skyrim), path)?;
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
        for r in c.out_of_range.iter().take(LISTED) {
            println!("  {} {}", r.sig, r.form_id);
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
