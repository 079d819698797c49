//! Package commands: packages, lint.

use crate::loadorder_cmds::{self, name_text, LoadOrderOpt};
use crate::util::{self, file_name, load, parse_plugin};
use crate::GameOpt;
use anyhow::Result;
use esscribe::package::{lint as lint_plugin, summaries_in};
use esscribe::references::{wrong_targets, RecordIndex};
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
    order: &LoadOrderOpt,
    as_json: bool,
    game: GameOpt,
    lang: &crate::strings_opt::LangOpt,
) -> Result<ExitCode> {
    let context = loadorder_cmds::context_files(order, files)?;
    let context = loadorder_cmds::context(&context);
    let mut docs = Vec::new();
    let code = util::each_file(files, |path| {
        let data = load(path)?;
        let plugin = parse_plugin(&data, game.game, path)?;
        let ctx = crate::strings_opt::plugin_ctx(&plugin, path, lang)?;
        let mut list = summaries_in(&plugin, &ctx)?;
        let names = loadorder_cmds::names_for(context.as_ref(), path);
        if names.is_some() {
            for p in &mut list {
                for part in [&mut p.location, &mut p.target, &mut p.template] {
                    if let Some(text) = part.as_mut() {
                        *text = name_text(names, text);
                    }
                }
            }
        }
        if as_json {
            docs.push(json!({"file": file_name(path), "packages": list}));
            return Ok(());
        }
        println!("{} ({} packages)", path.display(), list.len());
        for p in &list {
            let mut line = format!(
                "  {} {:<36} {:<9} {}",
                p.form_id, p.editor_id, p.kind, p.schedule
            );
            if let Some(l) = &p.location {
                if l.starts_with("near ") {
                    line.push_str(&format!("; {l}"));
                } else {
                    line.push_str(&format!("; at {l}"));
                }
            }
            if let Some(t) = &p.target {
                line.push_str(&format!("; target {t}"));
            }
            match p.template.as_deref() {
                Some("own tree") => line.push_str("; own procedure tree"),
                Some(t) => line.push_str(&format!("; template {t}")),
                None => {}
            }
            line.push_str(&format!(
                "; {}",
                util::plural(p.conditions as u64, "condition", "conditions")
            ));
            println!("{line}");
        }
        Ok(())
    });
    if as_json {
        print_docs(docs)?;
    }
    Ok(code)
}

/// Lints every file given: its packages, and its references to records of
/// a type their field does not allow, looked up in all the files given.
/// With a load order (several files, or `--data`), form IDs in the
/// findings are named from it.
pub fn lint(
    files: &[PathBuf],
    order: &LoadOrderOpt,
    as_json: bool,
    game: GameOpt,
) -> Result<ExitCode> {
    let context = loadorder_cmds::context_files(order, files)?;
    let context = loadorder_cmds::context(&context);
    let mut loaded = Vec::new();
    let load_code = util::each_file(files, |path| {
        loaded.push((path.to_path_buf(), load(path)?));
        Ok(())
    });
    let mut plugins = Vec::new();
    let parse_code = util::each_file(files, |path| {
        let Some((_, data)) = loaded.iter().find(|(p, _)| *p == path) else {
            return Ok(());
        };
        plugins.push((path.to_path_buf(), parse_plugin(data, game.game, path)?));
        Ok(())
    });
    let mut index = RecordIndex::new();
    for (path, plugin) in &plugins {
        index.add(plugin, &file_name(path))?;
    }
    let mut docs = Vec::new();
    let mut total = 0;
    let code = util::each_file(files, |path| {
        let Some((_, plugin)) = plugins.iter().find(|(p, _)| *p == path) else {
            return Ok(());
        };
        let mut findings = lint_plugin(plugin, &file_name(path))?;
        let names = loadorder_cmds::names_for(context.as_ref(), path);
        for f in &mut findings {
            f.problem = name_text(names, &f.problem);
        }
        let references = wrong_targets(plugin, &file_name(path), &index)?;
        total += findings.len() + references.len();
        if as_json {
            docs.push(json!({
                "file": file_name(path),
                "findings": findings,
                "references": references,
            }));
            return Ok(());
        }
        for f in &findings {
            println!(
                "{}: PACK {} {}: {}",
                path.display(),
                f.form_id,
                util::paint(false, util::style::BOLD, &f.editor_id),
                util::paint(false, util::style::YELLOW, &f.problem)
            );
        }
        for r in &references {
            println!(
                "{}: {} {} {}: {}",
                path.display(),
                r.sig,
                r.form_id,
                util::paint(false, util::style::BOLD, &r.editor_id),
                util::paint(false, util::style::YELLOW, &r.to_string())
            );
        }
        Ok(())
    });
    if as_json {
        print_docs(docs)?;
    } else {
        eprintln!(
            "{} checked, {}",
            util::plural(files.len() as u64, "file", "files"),
            util::plural(total as u64, "finding", "findings")
        );
    }
    // Like `diff`: findings are a failure status, so that scripts notice.
    Ok(
        if [load_code, parse_code, code]
            .iter()
            .any(|c| *c != ExitCode::SUCCESS)
        {
            ExitCode::FAILURE
        } else if total > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        },
    )
}
