//! Comparing and searching plugins: diff, query.

use crate::util::{self, file_name, load, parse_plugin};
use crate::GameOpt;
use anyhow::{bail, Result};
use esscribe::json::{diff_values, form_ctx, record_to_json};
use esscribe::plugin::Plugin;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Every record as JSON, keyed by type and form ID (the TES4 header too).
fn records_by_key(plugin: &Plugin<'_>, name: &str) -> Result<BTreeMap<(String, u32), Value>> {
    let ctx = form_ctx(plugin, name);
    let mut out = BTreeMap::new();
    for r in std::iter::once(&plugin.header).chain(plugin.records()) {
        let mut v = record_to_json(r, plugin.game, &ctx)?.value;
        // Where a form ID's plugin is named depends on the file's own
        // name; compare the records, not the names of their files.
        if let Some(m) = v.as_object_mut() {
            m.remove("zlib_original");
        }
        out.insert((r.header.sig.to_string(), r.header.form_id.0), v);
    }
    Ok(out)
}

fn editor_id(v: &Value) -> &str {
    v["fields"]["editor_id"].as_str().unwrap_or("")
}

pub fn diff(old_path: &Path, new_path: &Path, as_json: bool, game: GameOpt) -> Result<ExitCode> {
    let old_data = load(old_path)?;
    let new_data = load(new_path)?;
    let old = parse_plugin(&old_data, game.game, old_path)?;
    let new = parse_plugin(&new_data, game.game, new_path)?;
    // Both sides are shown under one name, so that form IDs of the plugin
    // itself read the same.
    let name = file_name(new_path);
    let a = records_by_key(&old, &name)?;
    let b = records_by_key(&new, &name)?;
    let mut changes = Vec::new();
    for (key, va) in &a {
        match b.get(key) {
            None => changes.push(
                json!({"record": key.0, "form_id": format!("0x{:08X}", key.1),
                                         "editor_id": editor_id(va), "change": "removed"}),
            ),
            Some(vb) if va != vb => {
                let fields = diff_values(va, vb);
                changes.push(json!({"record": key.0, "form_id": format!("0x{:08X}", key.1),
                                    "editor_id": editor_id(vb), "change": "changed", "fields": fields}));
            }
            Some(_) => {}
        }
    }
    for (key, vb) in &b {
        if !a.contains_key(key) {
            changes.push(
                json!({"record": key.0, "form_id": format!("0x{:08X}", key.1),
                                "editor_id": editor_id(vb), "change": "added"}),
            );
        }
    }
    if as_json {
        util::print_json(
            &json!({"old": file_name(old_path), "new": file_name(new_path), "changes": changes}),
        )?;
    } else {
        for c in &changes {
            println!(
                "{} {} {} {}",
                c["change"].as_str().unwrap_or(""),
                c["record"].as_str().unwrap_or(""),
                c["form_id"].as_str().unwrap_or(""),
                c["editor_id"].as_str().unwrap_or("")
            );
            for f in c["fields"].as_array().into_iter().flatten() {
                let show = |v: &Value| {
                    if v.is_null() {
                        "(none)".to_string()
                    } else {
                        v.to_string()
                    }
                };
                println!(
                    "    {}: {} → {}",
                    f["path"].as_str().unwrap_or(""),
                    show(&f["old"]),
                    show(&f["new"])
                );
            }
        }
        eprintln!(
            "{} records differ between {} and {}",
            changes.len(),
            old_path.display(),
            new_path.display()
        );
    }
    Ok(if changes.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A condition of `--where`: PATH=VALUE (equal) or PATH~TEXT (contains).
struct Condition {
    path: String,
    value: String,
    contains: bool,
}

fn parse_condition(text: &str) -> Result<Condition> {
    if let Some((p, v)) = text.split_once('~') {
        return Ok(Condition {
            path: p.to_string(),
            value: v.to_string(),
            contains: true,
        });
    }
    if let Some((p, v)) = text.split_once('=') {
        return Ok(Condition {
            path: p.to_string(),
            value: v.to_string(),
            contains: false,
        });
    }
    bail!("--where {text:?}: expected PATH=VALUE or PATH~TEXT (e.g. schedule.hour=22)")
}

/// The value at a dotted path of a record's JSON; the path starts inside
/// `fields` unless it names a header key (type, form_id, flags...).
fn at<'v>(record: &'v Value, path: &str) -> Option<&'v Value> {
    let mut parts = path.split('.');
    let first = parts.next()?;
    let mut v = record.get(first).or_else(|| record["fields"].get(first))?;
    for part in parts {
        v = match v {
            Value::Array(a) => a.get(part.parse::<usize>().ok()?)?,
            other => other.get(part)?,
        };
    }
    Some(v)
}

fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn matches(record: &Value, c: &Condition) -> bool {
    let Some(v) = at(record, &c.path) else {
        return false;
    };
    let text = plain(v);
    if c.contains {
        text.to_lowercase().contains(&c.value.to_lowercase())
    } else {
        text == c.value || text.split(' ').next() == Some(c.value.as_str())
    }
}

pub fn query(
    files: &[PathBuf],
    types: &[String],
    wheres: &[String],
    shows: &[String],
    as_json: bool,
    game: GameOpt,
    lang: &crate::strings_opt::LangOpt,
) -> Result<ExitCode> {
    let conditions = wheres
        .iter()
        .map(|w| parse_condition(w))
        .collect::<Result<Vec<_>>>()?;
    let types = types
        .iter()
        .map(|t| util::parse_sig(t))
        .collect::<Result<Vec<_>>>()?;
    let shows: Vec<String> = if shows.is_empty() {
        vec!["editor_id".into()]
    } else {
        shows.to_vec()
    };
    let mut hits = Vec::new();
    for path in files {
        let data = load(path)?;
        let plugin = parse_plugin(&data, game.game, path)?;
        let ctx = crate::strings_opt::plugin_ctx(&plugin, path, lang)?;
        for r in plugin.records() {
            if !types.is_empty() && !types.contains(&r.header.sig) {
                continue;
            }
            let v = record_to_json(r, plugin.game, &ctx)?.value;
            if !conditions.iter().all(|c| matches(&v, c)) {
                continue;
            }
            let shown: serde_json::Map<String, Value> = shows
                .iter()
                .map(|s| (s.clone(), at(&v, s).cloned().unwrap_or(Value::Null)))
                .collect();
            hits.push(json!({"file": file_name(path), "type": v["type"], "form_id": v["form_id"], "values": shown}));
        }
    }
    if as_json {
        util::print_json(&Value::Array(hits.clone()))?;
    } else {
        for h in &hits {
            let values: Vec<String> = h["values"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(k, v)| format!("{k}={}", plain(v)))
                .collect();
            println!(
                "{} {} {} {}",
                h["file"].as_str().unwrap_or(""),
                plain(&h["type"]),
                plain(&h["form_id"]),
                values.join("  ")
            );
        }
        eprintln!("{} records match", hits.len());
    }
    Ok(ExitCode::SUCCESS)
}
