//! The JSON the page reads: each answer made by the library from the
//! served files, bounded in size.

use super::served::{GameSave, GroupNode, Served};
use esscribe::loadorder::{editor_id_of, Category, GlobalId, LoadOrder, Slot};
use esscribe::plugin::{Body, Record};
use esscribe::{FormId, Sig};
use serde::Deserialize;
use serde_json::{json, Map, Value};

/// Records listed per page at most.
const PAGE_MAX: usize = 500;
/// Records whose data, inflated, is larger than this are not decoded:
/// their first bytes are shown as hex instead. It is also what one request
/// decodes in all: versions of a record side by side beyond it are not
/// decoded either.
const DECODE_MAX: usize = 4 << 20;
/// Bytes of an undecoded record shown as hex.
const HEX_PREVIEW: usize = 4096;
/// Field rows of a side-by-side comparison at most.
const ROWS_MAX: usize = 5000;

/// What a request is answered with.
pub enum Answer {
    /// JSON for the page.
    Json(Value),
    /// A PNG image.
    Png(Vec<u8>),
    /// The thing asked for is not among the served files.
    NotFound(String),
    /// The request does not make sense (a form ID that is not hex...).
    Bad(String),
    /// Reading failed: the message says where.
    Failed(String),
}

impl axum::response::IntoResponse for Answer {
    fn into_response(self) -> axum::response::Response {
        use axum::http::{header, StatusCode};
        let error =
            |code: StatusCode, m: String| (code, axum::Json(json!({ "error": m }))).into_response();
        match self {
            Answer::Json(v) => axum::Json(v).into_response(),
            Answer::Png(b) => ([(header::CONTENT_TYPE, "image/png")], b).into_response(),
            Answer::NotFound(m) => error(StatusCode::NOT_FOUND, m),
            Answer::Bad(m) => error(StatusCode::BAD_REQUEST, m),
            Answer::Failed(m) => error(StatusCode::INTERNAL_SERVER_ERROR, m),
        }
    }
}

/// Which group of a plugin: indexes from the top, dot-separated (`3.0.1`).
#[derive(Deserialize, Default)]
pub struct TreeQuery {
    node: Option<String>,
}

/// Which records to list.
#[derive(Deserialize, Default)]
pub struct RecordsQuery {
    node: Option<String>,
    #[serde(rename = "type")]
    sig: Option<String>,
    q: Option<String>,
    offset: Option<usize>,
    limit: Option<usize>,
}

/// A page of a list.
#[derive(Deserialize, Default)]
pub struct PageQuery {
    offset: Option<usize>,
    limit: Option<usize>,
}

fn no_plugin(name: &str) -> Answer {
    Answer::NotFound(format!("{name}: not one of the served plugins"))
}

fn served_plugin(s: &Served, name: &str) -> Result<usize, Answer> {
    s.plugin(name).ok_or_else(|| no_plugin(name))
}

/// The load order, its problems and the saves.
pub fn order(s: &Served) -> Answer {
    let o = &s.order;
    let plugins: Vec<Value> = o
        .plugins()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let masters: Vec<Value> = p
                .masters()
                .iter()
                .map(|m| json!({"name": m, "present": o.position(m).is_some_and(|k| k < i)}))
                .collect();
            let slot = match p.slot {
                Slot::Full(n) => format!("{n:02X}"),
                Slot::Light(n) => format!("FE {n:03X}"),
                Slot::None => "none".into(),
            };
            json!({
                "name": p.name,
                "index": i,
                "slot": slot,
                "master": p.is_master,
                "light": p.is_light,
                "records": p.records.len(),
                "masters": masters,
                "author": p.header.author,
                "description": p.header.description,
            })
        })
        .collect();
    let saves: Vec<Value> = s
        .saves
        .iter()
        .enumerate()
        .map(|(i, v)| json!({"index": i, "name": v.name}))
        .collect();
    Answer::Json(json!({
        "game": o.game().name(),
        "plugins": plugins,
        "problems": problems_text(o),
        "saves": saves,
    }))
}

/// The load order's problems in words; a master missing for several
/// plugins (the game's own files, often) is told once.
fn problems_text(o: &LoadOrder<'_>) -> Vec<String> {
    let (needed_by, others) = crate::loadorder_cmds::grouped_problems(o);
    let mut out: Vec<String> = others.iter().map(|p| p.to_string()).collect();
    for (master, plugins) in needed_by {
        out.push(format!(
            "master {master} is not in the load order, needed by {}: its records are named, not shown",
            crate::util::some_names(&plugins)
        ));
    }
    out
}

/// The group at a dotted path of indexes, or the top (`None`).
fn node_at<'t>(tree: &'t [GroupNode], path: Option<&str>) -> Result<Option<&'t GroupNode>, Answer> {
    let Some(path) = path.filter(|p| !p.is_empty()) else {
        return Ok(None);
    };
    let mut list = tree;
    let mut found = None;
    for part in path.split('.') {
        // Indexes as the page writes them: digits without leading zeros.
        let canonical = part.len() <= 10
            && part.bytes().all(|b| b.is_ascii_digit())
            && (part == "0" || !part.starts_with('0'));
        if !canonical {
            return Err(Answer::Bad(format!(
                "node: {:?} is not a group index (digits, without leading zeros)",
                part.chars().take(20).collect::<String>()
            )));
        }
        let node = part
            .parse::<usize>()
            .ok()
            .and_then(|k| list.get(k))
            .ok_or_else(|| Answer::NotFound(format!("no group {part} here")))?;
        list = &node.children;
        found = Some(node);
    }
    Ok(found)
}

/// The subgroups of a group (or the top groups) of a plugin.
pub fn tree(s: &Served, plugin: &str, q: &TreeQuery) -> Answer {
    let p = match served_plugin(s, plugin) {
        Ok(p) => p,
        Err(a) => return a,
    };
    let tree = s.tree(p);
    let node = match node_at(tree, q.node.as_deref()) {
        Ok(n) => n,
        Err(a) => return a,
    };
    let list = node.map_or(tree, |n| &n.children[..]);
    let prefix = q.node.clone().filter(|n| !n.is_empty());
    let groups: Vec<Value> = list
        .iter()
        .enumerate()
        .take(PAGE_MAX)
        .map(|(k, g)| {
            let path = match &prefix {
                Some(pre) => format!("{pre}.{k}"),
                None => k.to_string(),
            };
            // A group of a record's children is named after the record.
            let label = match g.parent {
                Some(id) => format!("{} ({})", s.order.describe_local(p, id), g.kind),
                None => g.label.clone(),
            };
            json!({"path": path, "label": label, "records": g.count, "groups": g.children.len()})
        })
        .collect();
    Answer::Json(json!({"groups": groups, "more": list.len().saturating_sub(PAGE_MAX)}))
}

fn local_id_text(id: FormId) -> String {
    format!("{:08X}", id.0)
}

/// A page of a plugin's records: under a group, of a type, matching a
/// search by editor ID or form ID.
pub fn records(s: &Served, plugin: &str, q: &RecordsQuery) -> Answer {
    let p = match served_plugin(s, plugin) {
        Ok(p) => p,
        Err(a) => return a,
    };
    // The whole plugin needs no tree: a first look at a large plugin does
    // not wait for its groups to be read.
    let node = match q.node.as_deref().filter(|n| !n.is_empty()) {
        Some(path) => match node_at(s.tree(p), Some(path)) {
            Ok(n) => n,
            Err(a) => return a,
        },
        None => None,
    };
    let all = &s.order.plugin(p).records;
    let range = match node {
        Some(n) => n.start as usize..(n.start + n.count) as usize,
        None => 0..all.len(),
    };
    let range = range.start.min(all.len())..range.end.min(all.len());
    let sig = match q.sig.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) => match Sig::parse(&t.to_ascii_uppercase()) {
            Some(sig) => Some(sig),
            None => return Answer::Bad(format!("{t:?} is not a record type")),
        },
        None => None,
    };
    let search =
        q.q.as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_ascii_lowercase);
    let editor_ids = search.as_ref().map(|_| s.editor_ids(p));
    let hex = search
        .as_deref()
        .map(|t| t.strip_prefix("0x").unwrap_or(t).to_ascii_uppercase());
    let matches = |k: usize, r: &Record<'_>| {
        if sig.is_some_and(|sig| r.header.sig != sig) {
            return false;
        }
        match (&search, editor_ids) {
            (Some(text), Some(eds)) => {
                eds[k].contains(text.as_str())
                    || hex
                        .as_deref()
                        .is_some_and(|h| local_id_text(r.header.form_id).contains(h))
            }
            _ => true,
        }
    };
    let offset = q.offset.unwrap_or(0);
    let limit = q.limit.unwrap_or(100).clamp(1, PAGE_MAX);
    let mut total = 0usize;
    let mut rows = Vec::new();
    let game = s.order.game();
    for k in range {
        let r = &all[k];
        if !matches(k, r) {
            continue;
        }
        if total >= offset && rows.len() < limit {
            let editor_id = editor_id_of(r, game).unwrap_or_default();
            rows.push(json!({
                "type": r.header.sig.to_string(),
                "form_id": local_id_text(r.header.form_id),
                "editor_id": editor_id,
                "deleted": r.header.flags & esscribe::plugin::FLAG_DELETED != 0,
            }));
        }
        total += 1;
    }
    Answer::Json(json!({"total": total, "offset": offset, "limit": limit, "records": rows}))
}

/// A record of a plugin by its form ID as the plugin writes it.
/// A served plugin's record by its form ID as the plugin stores it: the
/// plugin's place, the record's global identity, and the record.
fn served_record<'s>(
    s: &'s Served,
    plugin: &str,
    id: &str,
) -> Result<(usize, GlobalId, &'s Record<'static>), Answer> {
    let p = served_plugin(s, plugin)?;
    let (global, rec) = find(&s.order, p, id)?;
    Ok((p, global, rec))
}

fn find<'o>(
    o: &'o LoadOrder<'static>,
    plugin: usize,
    id_text: &str,
) -> Result<(GlobalId, &'o Record<'static>), Answer> {
    let id = FormId::parse(id_text)
        .ok_or_else(|| Answer::Bad(format!("{id_text:?} is not a form ID (8 hex digits)")))?;
    let global = o.resolve(plugin, id);
    o.chain(global)
        .into_iter()
        .find(|f| f.plugin == plugin)
        .map(|f| (global, f.record))
        .ok_or_else(|| Answer::NotFound(format!("no record {id} in {}", o.plugin(plugin).name)))
}

/// Where the page shows a record: the plugin and its form ID there. The
/// defining plugin's version when it is loaded, else the winning one.
fn link_of(o: &LoadOrder<'_>, g: GlobalId) -> Option<String> {
    let (plugin, name) = if o.is_loaded(g.file) {
        (g.file as usize, None)
    } else {
        (o.winner(g)?.plugin, Some(o.file_name(g.file)))
    };
    let p = o.plugin(plugin);
    let top = match name {
        None => p.masters().len(),
        Some(n) => p.masters().iter().position(|m| m.eq_ignore_ascii_case(n))?,
    };
    o.chain(g).iter().find(|f| f.plugin == plugin)?;
    Some(format!(
        "{}/{:08X}",
        p.name,
        ((top as u32) << 24) | (g.object & 0xFF_FFFF)
    ))
}

/// The form ID of a string written as `0x0101A0AF (Oblivion.esm)`.
fn form_id_in(text: &str) -> Option<FormId> {
    let (hex, rest) = text.split_once(' ')?;
    if hex.len() != 10 || !hex.starts_with("0x") || !rest.starts_with('(') || !rest.ends_with(')') {
        return None;
    }
    FormId::parse(hex)
}

/// Every form ID of a record's JSON made a reference the page links:
/// `{"ref": "IronSword \"Iron Sword\" [WEAP:0002EE72 Oblivion.esm]",
/// "link": "Oblivion.esm/0002EE72"}`.
fn link_refs(o: &LoadOrder<'_>, plugin: usize, v: &mut Value) {
    match v {
        Value::String(text) => {
            if let Some(id) = form_id_in(text) {
                if id.0 != 0 {
                    let g = o.resolve(plugin, id);
                    *v = json!({"ref": o.describe(g), "link": link_of(o, g)});
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| link_refs(o, plugin, x)),
        Value::Object(m) => m.values_mut().for_each(|x| link_refs(o, plugin, x)),
        _ => {}
    }
}

fn stored_len(r: &Record<'_>) -> usize {
    match &r.body {
        Body::Stored(b) => b.len(),
        Body::Subrecords(_) => 0,
    }
}

/// What decoding a record works on: its data's size once inflated, as the
/// compressed payload states it (inflating checks the statement), or as
/// stored. A record of a few stored bytes may inflate to many megabytes.
fn decoded_len(r: &Record<'_>) -> usize {
    match &r.body {
        Body::Stored(b) if r.header.is_compressed() => b
            .first_chunk::<4>()
            .map_or(b.len(), |n| u32::from_le_bytes(*n) as usize),
        _ => stored_len(r),
    }
}

/// A hex preview of the start of a record too large to decode.
fn hex_preview(r: &Record<'_>) -> Value {
    let bytes: &[u8] = match &r.body {
        Body::Stored(b) => b,
        Body::Subrecords(_) => &[],
    };
    let shown = &bytes[..bytes.len().min(HEX_PREVIEW)];
    Value::from(
        shown
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// One record, field by field from its declaration, with its versions
/// across the load order and, for a package, its summary.
pub fn record(s: &Served, plugin: &str, id: &str) -> Answer {
    let o = &s.order;
    let (p, global, rec) = match served_record(s, plugin, id) {
        Ok(x) => x,
        Err(a) => return a,
    };
    let game = o.game();
    let ctx = o.plugin(p).form_ctx();
    let size = stored_len(rec);
    let mut out = json!({
        "plugin": o.plugin(p).name,
        "form_id": local_id_text(rec.header.form_id),
        "type": rec.header.sig.to_string(),
        "flags": crate::plugin_cmds::record_flags(game, rec.header.sig, rec.header.flags),
        "described": o.describe(global),
        "load_order_id": o.show_id(global),
        "size": size,
    });
    let versions: Vec<Value> = o
        .chain(global)
        .iter()
        .map(|f| {
            json!({"plugin": o.plugin(f.plugin).name,
                   "form_id": local_id_text(f.record.header.form_id)})
        })
        .collect();
    out["versions"] = Value::from(versions);
    if decoded_len(rec) > DECODE_MAX {
        out["too_large"] = json!({
            "limit": DECODE_MAX,
            "hex": hex_preview(rec),
        });
        return Answer::Json(out);
    }
    match esscribe::json::record_to_json(rec, game, ctx) {
        Ok(rj) => {
            let mut v = rj.value;
            if let Value::Object(m) = &mut v {
                m.remove("zlib_original");
                m.remove("type");
                m.remove("form_id");
                m.remove("flags");
            }
            link_refs(o, p, &mut v);
            out["record"] = v;
            out["warnings"] = Value::from(rj.warnings);
        }
        Err(e) => out["error"] = Value::from(e.to_string()),
    }
    if let Ok(Some(summary)) = esscribe::package::summary_of(rec, game, ctx) {
        let mut summary = serde_json::to_value(summary).unwrap_or_default();
        if let Value::Object(m) = &mut summary {
            for v in m.values_mut() {
                if let Value::String(text) = v {
                    *text = o.name_refs_in_text(p, text);
                }
            }
        }
        out["package"] = summary;
    }
    Answer::Json(out)
}

/// The records a plugin shares with others, with how their versions relate.
pub fn conflicts(s: &Served, plugin: &str, q: &PageQuery) -> Answer {
    let p = match served_plugin(s, plugin) {
        Ok(p) => p,
        Err(a) => return a,
    };
    let o = &s.order;
    let all = s.conflicts_of(p);
    let shown: Vec<_> = all
        .iter()
        .filter(|r| r.category != Category::OnlyOne)
        .collect();
    let offset = q.offset.unwrap_or(0);
    let limit = q.limit.unwrap_or(200).clamp(1, PAGE_MAX);
    let mut counts = std::collections::BTreeMap::new();
    for r in &shown {
        *counts.entry(r.category.label()).or_insert(0u64) += 1;
    }
    let rows: Vec<Value> = shown
        .iter()
        .skip(offset)
        .take(limit)
        .map(|r| {
            json!({
                "record": o.describe(r.id),
                "type": r.sig,
                "category": r.category,
                "category_text": r.category.label(),
                "winner": r.winner,
                "chain": r.chain.iter().map(|v| json!({"plugin": v.plugin, "loaded": v.loaded,
                    "itm": v.identical_to_master, "deleted": v.deleted})).collect::<Vec<_>>(),
                "link": link_in(o, r.id, p),
                "lost": r.lost.len(),
            })
        })
        .collect();
    Answer::Json(json!({
        "plugin": o.plugin(p).name,
        "total": shown.len(),
        "offset": offset,
        "counts": counts,
        "records": rows,
    }))
}

/// `Plugin/FORMID` of a record's version in the plugin at `plugin`.
fn link_in(o: &LoadOrder<'_>, g: GlobalId, plugin: usize) -> Option<String> {
    let f = o.chain(g).into_iter().find(|f| f.plugin == plugin)?;
    Some(format!(
        "{}/{:08X}",
        o.plugin(plugin).name,
        f.record.header.form_id.0
    ))
}

/// Leaves of a JSON value as (dotted path, text) rows.
fn flatten(v: &Value, path: &str, out: &mut Vec<(String, String)>) {
    let join = |k: &str| {
        if path.is_empty() {
            k.to_string()
        } else {
            format!("{path}.{k}")
        }
    };
    match v {
        Value::Object(m) if !m.is_empty() => {
            for (k, x) in m {
                flatten(x, &join(k), out);
            }
        }
        Value::Array(a) if !a.is_empty() => {
            for (k, x) in a.iter().enumerate() {
                flatten(x, &join(&k.to_string()), out);
            }
        }
        Value::String(t) => out.push((path.to_string(), t.clone())),
        other => out.push((path.to_string(), other.to_string())),
    }
}

/// A version's fields for comparing: references named from the load order
/// (equal wherever they name the same record), storage details left out.
fn comparable(
    o: &LoadOrder<'_>,
    plugin: usize,
    r: &Record<'_>,
    budget: &mut usize,
) -> Vec<(String, String)> {
    let size = decoded_len(r);
    let mut v = if size > *budget {
        json!({"too_large": format!("{size} bytes, not decoded")})
    } else {
        *budget -= size;
        o.record_content(plugin, r)
    };
    if let Value::Object(m) = &mut v {
        let flags = r.header.flags & !esscribe::plugin::FLAG_COMPRESSED;
        m.insert(
            "flags".into(),
            Value::from(crate::plugin_cmds::record_flags(
                o.game(),
                r.header.sig,
                flags,
            )),
        );
    }
    o.name_refs(plugin, &mut v);
    let mut rows = Vec::new();
    flatten(&v, "", &mut rows);
    for row in &mut rows {
        if let Some(rest) = row.0.strip_prefix("fields.") {
            row.0 = rest.to_string();
        }
    }
    rows
}

/// Every version of a record side by side, field by field.
pub fn conflict(s: &Served, plugin: &str, id: &str) -> Answer {
    let o = &s.order;
    let (_, global, _) = match served_record(s, plugin, id) {
        Ok(x) => x,
        Err(a) => return a,
    };
    let chain = o.chain(global);
    let mut budget = DECODE_MAX;
    let columns: Vec<Vec<(String, String)>> = chain
        .iter()
        .map(|f| comparable(o, f.plugin, f.record, &mut budget))
        .collect();
    // Paths in the order they first appear, across versions.
    let mut paths: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for col in &columns {
        for (path, _) in col {
            if seen.insert(path.clone()) {
                paths.push(path.clone());
            }
        }
    }
    let lookup: Vec<std::collections::HashMap<&str, &str>> = columns
        .iter()
        .map(|c| c.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect())
        .collect();
    let truncated = paths.len() > ROWS_MAX;
    let rows: Vec<Value> = paths
        .iter()
        .take(ROWS_MAX)
        .map(|path| {
            let values: Vec<Option<&str>> = lookup
                .iter()
                .map(|m| m.get(path.as_str()).copied())
                .collect();
            let differs = values.windows(2).any(|w| w[0] != w[1]);
            json!({"path": path, "values": values, "differs": differs})
        })
        .collect();
    let compared = o.compare_record(global, &Default::default(), None);
    let (category, lost) = match &compared {
        Some((c, _)) => (
            Some(c.category.label()),
            c.lost
                .iter()
                .map(|l| json!({"path": l.path.strip_prefix("fields.").unwrap_or(&l.path), "plugin": l.plugin}))
                .collect::<Vec<_>>(),
        ),
        None => (None, Vec::new()),
    };
    let winner = chain.last().map(|f| f.plugin);
    let versions: Vec<Value> = chain
        .iter()
        .map(|f| {
            json!({
                "plugin": o.plugin(f.plugin).name,
                "form_id": local_id_text(f.record.header.form_id),
                "winner": Some(f.plugin) == winner,
            })
        })
        .collect();
    let absent = (!o.is_loaded(global.file)).then(|| o.file_name(global.file).to_string());
    Answer::Json(json!({
        "record": o.describe(global),
        "category": category,
        "absent_master": absent,
        "versions": versions,
        "rows": rows,
        "truncated": truncated,
        "lost": lost,
    }))
}

fn served_save<'s>(s: &'s Served, which: &str) -> Result<&'s super::served::ServedSave, Answer> {
    which
        .parse::<usize>()
        .ok()
        .and_then(|k| s.saves.get(k))
        .ok_or_else(|| Answer::NotFound(format!("{which}: not one of the served saves")))
}

/// A save: player, place, date, plugins, change-record counts by type;
/// for an Oblivion save, the player's inventory with names from the load
/// order; for a Skyrim save, its light plugins and Papyrus counts.
pub fn save(s: &Served, which: &str) -> Answer {
    let served = match served_save(s, which) {
        Ok(v) => v,
        Err(a) => return a,
    };
    let path = std::path::Path::new(&served.name);
    let (info, plugins) = match &served.save {
        GameSave::Oblivion(save) => (
            oblivion_save(s, save, path),
            save.plugins.iter().map(|p| p.text()).collect::<Vec<_>>(),
        ),
        GameSave::Skyrim(save) => (skyrim_save(save, path), save.plugin_names()),
    };
    let mut out: Map<String, Value> = match info {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    let served_plugin =
        |name: &str| json!({"name": name, "served": s.order.position(name).is_some()});
    out.insert("file".into(), Value::from(served.name.clone()));
    out.insert("index".into(), Value::from(which));
    out.insert(
        "plugins".into(),
        plugins.iter().map(|n| served_plugin(n)).collect(),
    );
    if let GameSave::Skyrim(save) = &served.save {
        out.insert(
            "light_plugins".into(),
            save.light_plugin_names()
                .iter()
                .map(|n| served_plugin(n))
                .collect(),
        );
    }
    Answer::Json(Value::Object(out))
}

/// An Oblivion save's page: its information and the player's inventory.
fn oblivion_save(s: &Served, save: &esscribe::save::SaveFile, path: &std::path::Path) -> Value {
    let mut info = crate::save::info_json(path, save);
    if let Value::Object(m) = &mut info {
        // Many thousands in a long game: counted, not listed.
        m.remove("created");
    }
    let player = esscribe::save::change::PLAYER_REF;
    let rec = save
        .changes
        .iter()
        .find(|c| c.form_id == player && c.inventory().is_some());
    let mut items = Vec::new();
    let mut inventory_total = 0;
    if let Some(inv) = rec.as_ref().and_then(|c| c.inventory()) {
        inventory_total = inv.items().len();
        for item in inv.items().take(PAGE_MAX) {
            let mut v = crate::save::item_json(save, &item);
            if let Some(name) = save
                .resolve(item.iref)
                .and_then(|f| crate::save::save_name(Some(&s.order), save, f))
            {
                v["record"] = json!(name);
            }
            let props: Vec<String> = item
                .entries()
                .map(|e| crate::save::describe_set(save, e))
                .filter(|t| !t.is_empty())
                .collect();
            if let Value::Object(m) = &mut v {
                m.remove("entries");
            }
            v["properties"] = json!(props.join("; "));
            items.push(v);
        }
    }
    info["inventory"] = Value::from(items);
    info["inventory_total"] = Value::from(inventory_total);
    info
}

/// A Skyrim save's page: its information, as `save info --json` gives
/// it, and what its Papyrus block holds.
fn skyrim_save(save: &esscribe::save::skyrim::SkyrimSave, path: &std::path::Path) -> Value {
    let mut info = crate::save::skyrim_info_json(path, save);
    info["papyrus"] = match save.papyrus() {
        Some(Ok(p)) => json!({
            "scripts": p.scripts.len(),
            "instances": p.instances.len(),
            "references": p.references.len(),
            "arrays": p.arrays.len(),
            "active_scripts": p.active_scripts.len(),
        }),
        Some(Err(e)) => json!({ "error": e.to_string() }),
        None => Value::Null,
    };
    info
}

/// A save's screenshot as PNG.
pub fn screenshot(s: &Served, which: &str) -> Answer {
    let served = match served_save(s, which) {
        Ok(v) => v,
        Err(a) => return a,
    };
    let png = match &served.save {
        GameSave::Oblivion(save) => crate::save::screenshot_png(save),
        GameSave::Skyrim(save) => crate::save::skyrim_screenshot_png(save),
    };
    match png {
        Ok(png) => Answer::Png(png),
        Err(e) => Answer::Failed(format!("{}: {e:#}", served.name)),
    }
}

/// The records that refer to a record, across the load order (xEdit's
/// "Referenced By"), each linked.
pub fn referenced_by(s: &Served, plugin: &str, id: &str) -> Answer {
    let o = &s.order;
    let (_, global, _) = match served_record(s, plugin, id) {
        Ok(x) => x,
        Err(a) => return a,
    };
    let refs = o.referenced_by(global);
    let total = refs.len();
    let rows: Vec<Value> = refs
        .into_iter()
        .take(PAGE_MAX)
        .map(|r| {
            let link = o
                .parse_shown_id(&r.form_id)
                .zip(o.position(&r.plugin))
                .and_then(|(g, k)| link_in(o, g, k));
            json!({"plugin": r.plugin, "record": r.record, "type": r.sig,
                   "fields": r.paths.iter().map(|f| f.strip_prefix("fields.").unwrap_or(f)).collect::<Vec<_>>(),
                   "link": link})
        })
        .collect();
    Answer::Json(json!({"total": total, "records": rows}))
}

/// The record a text names across the load order: an editor ID, a
/// load-order form ID, or `Plugin.esp:02EE72`.
pub fn lookup(s: &Served, q: &LookupQuery) -> Answer {
    let o = &s.order;
    let text = q.q.as_deref().unwrap_or("").trim();
    let found = o.lookup(text).and_then(|g| {
        let winner = o.winner(g)?;
        link_in(o, g, winner.plugin)
    });
    match found {
        Some(link) => Answer::Json(json!({"link": link})),
        None => Answer::NotFound(format!("no record {text:?} in the load order")),
    }
}

/// What to look up.
#[derive(Deserialize, Default)]
pub struct LookupQuery {
    q: Option<String>,
}
