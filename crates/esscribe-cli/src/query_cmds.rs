//! Comparing and searching plugins: diff, query.

use crate::util::{self, file_name, load, parse_plugin};
use crate::GameOpt;
use anyhow::{bail, Result};
use esscribe::json::{diff_values, form_ctx, record_to_json, ValueChange};
use esscribe::loadorder::editor_id_of;
use esscribe::plugin::{Body, Game, Plugin, Record};
use esscribe::schema::FormCtx;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Every record, keyed by type and form ID (the TES4 header too).
fn records_by_key<'p, 'a>(plugin: &'p Plugin<'a>) -> BTreeMap<(String, u32), &'p Record<'a>> {
    std::iter::once(&plugin.header)
        .chain(plugin.records())
        .map(|r| ((r.header.sig.to_string(), r.header.form_id.0), r))
        .collect()
}

/// A record as JSON for comparing: where a form ID's plugin is named
/// depends on the file's own name, so the compressed payload is left out
/// and the records, not the names of their files, are compared.
fn record_json(r: &Record<'_>, game: Game, ctx: &FormCtx) -> Result<Value> {
    let mut v = record_to_json(r, game, ctx)?.value;
    if let Some(m) = v.as_object_mut() {
        m.remove("zlib_original");
    }
    Ok(v)
}

/// Whether two records are stored as the very same bytes (and so cannot
/// differ in any field): most records of two versions of a plugin are,
/// and are never turned into JSON.
fn same_bytes(a: &Record<'_>, b: &Record<'_>) -> bool {
    match (&a.body, &b.body) {
        (Body::Stored(x), Body::Stored(y)) => a.header == b.header && x == y,
        _ => false,
    }
}

/// Data kept whole as hex (`data_hex`), taken out of both sides and
/// compared: megabytes of hex that differ in a few bytes say more as
/// where they start to differ.
fn data_hex_change(va: &mut Value, vb: &mut Value) -> Option<ValueChange> {
    let take = |v: &mut Value| v.as_object_mut().and_then(|m| m.remove("data_hex"));
    let (a, b) = (take(va), take(vb));
    fn text(v: &Option<Value>) -> &str {
        v.as_ref().and_then(Value::as_str).unwrap_or("")
    }
    let (x, y) = (text(&a), text(&b));
    if a == b {
        return None;
    }
    let bytes = |hex: &str| hex.len() / 2;
    let first = x
        .bytes()
        .zip(y.bytes())
        .position(|(p, q)| p != q)
        .unwrap_or(x.len().min(y.len()))
        / 2;
    let old = format!("{} bytes", bytes(x));
    let new = format!("{} bytes, differing from byte {first}", bytes(y));
    Some(ValueChange {
        path: "data_hex".into(),
        old: a.is_some().then(|| Value::from(old)),
        new: b.is_some().then(|| Value::from(new)),
    })
}

/// The value with every form ID of the plugin `from` ("0x… (from)")
/// written as one of `to`.
fn rename_plugin(v: &Value, from: &str, to: &str) -> Value {
    if from == to {
        return v.clone();
    }
    let suffix = format!(" ({from})");
    match v {
        Value::String(s) => match s.strip_suffix(&suffix) {
            Some(id) => Value::String(format!("{id} ({to})")),
            None => v.clone(),
        },
        Value::Array(a) => Value::Array(a.iter().map(|x| rename_plugin(x, from, to)).collect()),
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, x)| (k.clone(), rename_plugin(x, from, to)))
                .collect(),
        ),
        other => other.clone(),
    }
}

pub fn diff(
    old_path: &Path,
    new_path: &Path,
    order: &crate::loadorder_cmds::LoadOrderOpt,
    as_json: bool,
    game: GameOpt,
) -> Result<ExitCode> {
    let old_data = load(old_path)?;
    let new_data = load(new_path)?;
    let old = parse_plugin(&old_data, game.game, old_path)?;
    let new = parse_plugin(&new_data, game.game, new_path)?;
    if old.game != new.game {
        bail!(
            "{} is a{} {} plugin and {} a{} {} one: records of different games cannot be compared",
            old_path.display(),
            if old.game == Game::Oblivion { "n" } else { "" },
            old.game.name(),
            new_path.display(),
            if new.game == Game::Oblivion { "n" } else { "" },
            new.game.name()
        );
    }
    // Each side names its own form IDs after its own file; they are
    // compared as if both had the new file's name.
    let (old_name, new_name) = (file_name(old_path), file_name(new_path));
    // Masters added, removed or reordered move form IDs: the old plugin is
    // renumbered for the new one's masters, so that records are compared
    // by what they are and only the header shows the masters' change.
    let mut old = old;
    old.set_name(old_name.clone());
    let new_masters = new.masters()?;
    let mut old_header = None;
    if old.masters()? != new_masters {
        let mut aligned = old.clone();
        match esscribe::masters::set_masters(&mut aligned, &new_masters, false) {
            Ok(_) => {
                eprintln!(
                    "the masters differ: {}'s form IDs are compared as {} numbers them",
                    old_path.display(),
                    new_path.display()
                );
                // The header is shown with the old masters, for their
                // change to show.
                let ctx = form_ctx(&old, &old_name);
                old_header = Some(record_json(&old.header, old.game, &ctx)?);
                old = aligned;
            }
            Err(e) => eprintln!("the masters differ and form IDs are compared as stored: {e}"),
        }
    }
    let a = records_by_key(&old);
    let b = records_by_key(&new);
    let (old_ctx, new_ctx) = (form_ctx(&old, &old_name), form_ctx(&new, &new_name));
    let renamed = |v: &Value| rename_plugin(v, &old_name, &new_name);
    let header_key = ("TES4".to_string(), 0);
    let mut changes = Vec::new();
    for (key, ra) in &a {
        let edid = |r: &Record<'_>| editor_id_of(r, new.game).unwrap_or_default();
        match b.get(key) {
            None => changes.push(
                json!({"record": key.0, "form_id": format!("0x{:08X}", key.1),
                                         "editor_id": edid(ra), "change": "removed"}),
            ),
            Some(rb) if (*key == header_key && old_header.is_some()) || !same_bytes(ra, rb) => {
                let va = match (&old_header, *key == header_key) {
                    (Some(header), true) => header.clone(),
                    _ => record_json(ra, old.game, &old_ctx)?,
                };
                let vb = record_json(rb, new.game, &new_ctx)?;
                let same = match old_name == new_name {
                    true => va == vb,
                    false => renamed(&va) == vb,
                };
                if same {
                    continue;
                }
                let (mut va, mut vb) = (va, vb);
                let data = data_hex_change(&mut va, &mut vb);
                let fields: Vec<_> = data
                    .into_iter()
                    .chain(diff_values(&va, &vb))
                    .filter(|f| f.old.as_ref().map(renamed) != f.new)
                    .collect();
                changes.push(
                    json!({"record": key.0, "form_id": format!("0x{:08X}", key.1),
                                    "editor_id": edid(rb), "change": "changed", "fields": fields}),
                );
            }
            Some(_) => {}
        }
    }
    for (key, rb) in &b {
        if !a.contains_key(key) {
            changes.push(
                json!({"record": key.0, "form_id": format!("0x{:08X}", key.1),
                                "editor_id": editor_id_of(rb, new.game).unwrap_or_default(), "change": "added"}),
            );
        }
    }
    // The new plugin's load order (`--data`) names the references shown.
    let context = if order.data.is_some() {
        crate::loadorder_cmds::context_files(order, &[new_path.to_path_buf()])?
    } else {
        None
    };
    let context = crate::loadorder_cmds::context(&context);
    let names = crate::loadorder_cmds::names_for(context.as_ref(), new_path);
    if names.is_some() {
        for c in &mut changes {
            for f in c["fields"].as_array_mut().into_iter().flatten() {
                for side in ["old", "new"] {
                    crate::loadorder_cmds::name_value(names, &mut f[side]);
                }
            }
        }
    }
    if as_json {
        util::print_json(
            &json!({"old": file_name(old_path), "new": file_name(new_path), "changes": changes}),
        )?;
    } else {
        use util::style::{GREEN, RED, YELLOW};
        for c in &changes {
            let change = c["change"].as_str().unwrap_or("");
            let colour = match change {
                "added" => GREEN,
                "removed" => RED,
                _ => YELLOW,
            };
            println!(
                "{} {} {} {}",
                util::paint(false, colour, change),
                c["record"].as_str().unwrap_or(""),
                c["form_id"].as_str().unwrap_or(""),
                util::terminal_safe(c["editor_id"].as_str().unwrap_or(""))
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
                    util::paint(false, RED, &show(&f["old"])),
                    util::paint(false, GREEN, &show(&f["new"]))
                );
            }
        }
        eprintln!(
            "{} between {} and {}",
            match changes.len() {
                1 => "1 record differs".to_string(),
                n => format!("{} records differ", util::thousands(n as u64)),
            },
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

/// The dotted paths of a record's JSON, arrays shown by their first item
/// (`data_inputs.0.type`), header keys and fields alike.
fn paths_of(record: &Value, out: &mut std::collections::BTreeSet<String>) {
    fn walk(v: &Value, prefix: &str, depth: usize, out: &mut std::collections::BTreeSet<String>) {
        if depth > 4 {
            return;
        }
        match v {
            Value::Object(m) => {
                for (k, v) in m {
                    let p = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    out.insert(p.clone());
                    walk(v, &p, depth + 1, out);
                }
            }
            Value::Array(a) => {
                if let Some(first) = a.first() {
                    let p = format!("{prefix}.0");
                    walk(first, &p, depth + 1, out);
                }
            }
            _ => {}
        }
    }
    if let Some(m) = record.as_object() {
        for (k, v) in m {
            if k == "fields" {
                walk(v, "", 0, out);
            } else if !v.is_object() && !v.is_array() {
                out.insert(k.clone());
            }
        }
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
    for t in types {
        util::parse_sig(t)?;
    }
    let shows: Vec<String> = if shows.is_empty() {
        vec!["editor_id".into()]
    } else {
        shows.to_vec()
    };
    let mut hits = Vec::new();
    // Which paths (of --where, then --show) some record has, and every
    // path seen, to name the valid ones when a path is found nowhere.
    let mut found = vec![false; conditions.len() + shows.len()];
    let mut seen_paths = std::collections::BTreeSet::new();
    let mut examined = 0u64;
    let code = util::each_file(files, |path| {
        let data = load(path)?;
        let plugin = parse_plugin(&data, game.game, path)?;
        let types = util::record_types(types, &plugin)?;
        let ctx = crate::strings_opt::plugin_ctx(&plugin, path, lang)?;
        for r in plugin.records() {
            if !types.is_empty() && !types.contains(&r.header.sig) {
                continue;
            }
            let v = record_to_json(r, plugin.game, &ctx)?.value;
            examined += 1;
            for (i, p) in conditions
                .iter()
                .map(|c| c.path.as_str())
                .chain(shows.iter().map(String::as_str))
                .enumerate()
            {
                if !found[i] && at(&v, p).is_some() {
                    found[i] = true;
                }
            }
            if found.iter().any(|f| !f) && seen_paths.len() < 20_000 {
                paths_of(&v, &mut seen_paths);
            }
            if !conditions.iter().all(|c| matches(&v, c)) {
                continue;
            }
            let shown: serde_json::Map<String, Value> = shows
                .iter()
                .map(|s| (s.clone(), at(&v, s).cloned().unwrap_or(Value::Null)))
                .collect();
            hits.push(json!({"file": file_name(path), "type": v["type"], "form_id": v["form_id"], "values": shown}));
        }
        Ok(())
    });
    if examined > 0 {
        let seen: Vec<String> = seen_paths.into_iter().collect();
        for (i, p) in conditions
            .iter()
            .map(|c| c.path.as_str())
            .chain(shows.iter().map(String::as_str))
            .enumerate()
        {
            if !found[i] {
                let what = if i < conditions.len() {
                    "--where"
                } else {
                    "--show"
                };
                bail!(
                    "{what} {p:?}: no record here has that field; fields are: {}",
                    util::nearest_first(p, &seen, 15)
                );
            }
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
                util::terminal_safe(h["file"].as_str().unwrap_or("")),
                plain(&h["type"]),
                plain(&h["form_id"]),
                util::terminal_safe(&values.join("  "))
            );
        }
        match hits.len() {
            1 => eprintln!("1 record matches"),
            n => eprintln!("{} records match", util::thousands(n as u64)),
        }
    }
    Ok(code)
}
