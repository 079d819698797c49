//! Package commands: packages, lint.

use crate::util::{self, file_name, load, parse_plugin};
use crate::GameOpt;
use anyhow::Result;
use esscribe::package::{lint as lint_plugin, summaries_in};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::ExitCode;

/// Prints one JSON document per run: the single file's, or a list.
fn print_docs(mut docs: Vec<Value>) -> Result<()> {
    util::print_json(&if docs.len() == 1 {
        docs.pop().expect("one")
    } else {
        Value::Array(docs)
    })
}

pub fn packages(
    files: &[PathBuf],
    as_json: bool,
    game: GameOpt,
    lang: &crate::strings_opt::LangOpt,
) -> Result<ExitCode> {
    let mut docs = Vec::new();
    for path in files {
        let data = load(path)?;
        let plugin = parse_plugin(&data, game.game, path)?;
        let ctx = crate::strings_opt::plugin_ctx(&plugin, path, lang)?;
        let list = summaries_in(&plugin, &ctx)?;
        if as_json {
            docs.push(json!({"file": file_name(path), "packages": list}));
            continue;
        }
        println!("{} ({} packages)", path.display(), list.len());
        for p in &list {
            let mut line = format!(
                "  {} {:<36} {:<9} {}",
                p.form_id, p.editor_id, p.kind, p.schedule
            );
            if let Some(l) = &p.location {
                line.push_str(&format!("; at {l}"));
            }
            if let Some(t) = &p.target {
                line.push_str(&format!("; target {t}"));
            }
            match p.template.as_deref() {
                Some("own tree") => line.push_str("; own procedure tree"),
                Some(t) => line.push_str(&format!("; template {t}")),
                None => {}
            }
            line.push_str(&format!("; {} conditions", p.conditions));
            println!("{line}");
        }
    }
    if as_json {
        print_docs(docs)?;
    }
    Ok(ExitCode::SUCCESS)
}

pub fn lint(files: &[PathBuf], as_json: bool, game: GameOpt) -> Result<ExitCode> {
    let mut docs = Vec::new();
    let mut total = 0;
    for path in files {
        let data = load(path)?;
        let plugin = parse_plugin(&data, game.game, path)?;
        let findings = lint_plugin(&plugin, &file_name(path))?;
        total += findings.len();
        if as_json {
            docs.push(json!({"file": file_name(path), "findings": findings}));
            continue;
        }
        for f in &findings {
            println!(
                "{}: PACK {} {}: {}",
                path.display(),
                f.form_id,
                f.editor_id,
                f.problem
            );
        }
    }
    if as_json {
        print_docs(docs)?;
    } else {
        eprintln!("{} files checked, {total} findings", files.len());
    }
    Ok(ExitCode::SUCCESS)
}
