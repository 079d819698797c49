//! One record merged: every loaded version renumbered alike, the winning
//! version taken, leveled lists and inventories merged entry by entry,
//! and each tag's fields taken from the last tagged plugin that changed
//! them.

use super::lists::{
    entry_key, merge_entries, same_entries, sort_by_level, ListChanges, ListShape, ListVersion,
};
use super::numbering::{localize, FileTable};
use super::tags::{Games, Tag, Tags, TAG_FIELDS};
use super::{Contribution, RecordReport};
use crate::defs::catalog;
use crate::io::Sig;
use crate::loadorder::{is_deleted, GlobalId, LoadOrder};
use crate::plugin::{Game, Record};
use crate::schema::Fields;
use serde_json::Value;

/// A record the patch holds: numbered by `table`, and what it merged.
pub(crate) struct Merged {
    pub record: Record<'static>,
    pub table: FileTable,
    pub report: RecordReport,
}

/// Leveled list types of `game`.
pub(crate) fn leveled_sigs(game: Game) -> &'static [&'static [u8; 4]] {
    match game {
        Game::Oblivion => &[b"LVLI", b"LVLC", b"LVSP"],
        Game::Skyrim => &[b"LVLI", b"LVLN", b"LVSP"],
    }
}

/// Record types whose inventories `Invent` merges.
pub(crate) fn inventory_sigs(game: Game) -> &'static [&'static [u8; 4]] {
    match game {
        Game::Oblivion => &[b"CONT", b"NPC_", b"CREA"],
        Game::Skyrim => &[b"CONT", b"NPC_"],
    }
}

fn leveled_shape(game: Game) -> ListShape {
    ListShape {
        list: "entries",
        count: (game == Game::Skyrim).then_some("entry_count"),
        by_level: true,
    }
}

fn inventory_shape(game: Game) -> ListShape {
    ListShape {
        list: "items",
        count: (game == Game::Skyrim).then_some("item_count"),
        by_level: false,
    }
}

/// Whether a row of the tag table applies to `game`.
pub(crate) fn for_game(games: Games, game: Game) -> bool {
    matches!(
        (games, game),
        (Games::Both, _) | (Games::Oblivion, Game::Oblivion) | (Games::Skyrim, Game::Skyrim)
    )
}

/// Whether a record of type `sig` may gain anything from a plugin with
/// `tags`: leveled lists always, other types when a tag covers them.
pub(crate) fn concerns(game: Game, sig: Sig, tags: &[Tag]) -> bool {
    let is = |list: &[&[u8; 4]]| list.iter().any(|s| **s == sig.0);
    is(leveled_sigs(game))
        || (tags.contains(&Tag::Invent) && is(inventory_sigs(game)))
        || TAG_FIELDS.iter().any(|r| {
            tags.contains(&r.tag) && for_game(r.games, game) && r.sigs.iter().any(|s| **s == sig.0)
        })
}

/// One version, renumbered and read.
struct Version {
    plugin: usize,
    fields: Fields,
}

/// Merges the record `id` from the versions of the plugins `sources`
/// says to read. `Ok(None)` when there is nothing to merge or the merge
/// equals the winning version; `Err` (why) when a version does not read.
pub(crate) fn merge_record(
    order: &LoadOrder<'_>,
    id: GlobalId,
    tags: &Tags,
    sources: &[bool],
) -> Result<Option<Merged>, String> {
    let game = order.game();
    let chain: Vec<_> = order
        .chain(id)
        .into_iter()
        .filter(|f| sources[f.plugin])
        .collect();
    if chain.len() < 2 {
        return Ok(None);
    }
    let winner_found = chain[chain.len() - 1];
    if is_deleted(winner_found.record) {
        return Ok(None);
    }
    let mut table = FileTable::default();
    let mut records = Vec::with_capacity(chain.len());
    for f in &chain {
        let r = localize(order, f.plugin, f.record, &mut table).map_err(|e| {
            format!(
                "{} in {}: {e}",
                f.record.describe(),
                order.plugin(f.plugin).name
            )
        })?;
        records.push((f.plugin, r));
    }
    let ctx = table.ctx(order);
    let mut versions = Vec::with_capacity(records.len());
    for (plugin, r) in &records {
        let fields = Fields::of(r, catalog(game), &ctx)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("{} records are not declared", r.header.sig))?;
        versions.push(Version {
            plugin: *plugin,
            fields,
        });
    }
    let sig = chain[0].record.header.sig;
    let defined_here = chain[0].plugin as u32 == id.file;
    let winner = versions.last().expect("two versions at least");
    let mut merged = winner.fields.clone();
    let mut report = RecordReport {
        form_id: order.show_id(id),
        record: order.describe(id),
        signature: sig.to_string(),
        winner: order.plugin(winner.plugin).name.clone(),
        base: order.plugin(versions[0].plugin).name.clone(),
        master_absent: !defined_here,
        merged_from: Vec::new(),
        winner_would_lose: Vec::new(),
    };
    let is = |list: &[&[u8; 4]]| list.iter().any(|s| **s == sig.0);
    if is(leveled_sigs(game)) {
        merge_list(
            order,
            &versions,
            &mut merged,
            leveled_shape(game),
            tags,
            false,
            &table,
            &mut report,
        )?;
        for key in ["chance_none", "flags"] {
            take_last_change(order, &versions, &mut merged, key, None, &mut report)?;
        }
    }
    if is(inventory_sigs(game)) {
        merge_list(
            order,
            &versions,
            &mut merged,
            inventory_shape(game),
            tags,
            true,
            &table,
            &mut report,
        )?;
    }
    for row in TAG_FIELDS
        .iter()
        .filter(|r| for_game(r.games, game) && r.sigs.iter().any(|s| **s == sig.0))
    {
        for key in row.fields {
            take_last_change(
                order,
                &versions,
                &mut merged,
                key,
                Some((row.tag, tags)),
                &mut report,
            )?;
        }
    }
    if merged.as_map() == winner.fields.as_map() {
        return Ok(None);
    }
    let data = merged.encode_data().map_err(|e| e.to_string())?;
    let mut record = records.pop().expect("two versions at least").1;
    record.header.data_size = data.len() as u32;
    record.body = crate::plugin::Body::Stored(std::borrow::Cow::Owned(data));
    Ok(Some(Merged {
        record,
        table,
        report,
    }))
}

/// The versions of the masters of the version at `k`, in load order.
fn masters_of<'v>(order: &LoadOrder<'_>, versions: &'v [Version], k: usize) -> Vec<&'v Version> {
    let masters = order.plugin(versions[k].plugin).master_files();
    versions[..k]
        .iter()
        .filter(|v| masters.contains(&(v.plugin as u32)))
        .collect()
}

/// The entries of a list naming `key`.
fn entries_for(entries: &[Value], key: &str) -> Vec<Value> {
    entries
        .iter()
        .filter(|e| entry_key(e) == Some(key))
        .cloned()
        .collect()
}

fn list_of<'f>(fields: &'f Fields, shape: ListShape) -> &'f [Value] {
    fields
        .get(shape.list)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// Merges a record's list into `merged` (the winning version's fields).
/// Leveled lists take every plugin's additions, Delev's removals and
/// Relev's changes; inventories take those of plugins tagged `Invent`.
fn merge_list(
    order: &LoadOrder<'_>,
    versions: &[Version],
    merged: &mut Fields,
    shape: ListShape,
    tags: &Tags,
    inventory: bool,
    table: &FileTable,
    report: &mut RecordReport,
) -> Result<(), String> {
    let name = |v: &Version| order.plugin(v.plugin).name.as_str();
    let list_versions: Vec<ListVersion<'_>> = (1..versions.len())
        .map(|k| {
            let v = &versions[k];
            let tagged = |t: Tag| tags.has(name(v), t);
            let masters = masters_of(order, versions, k);
            let invent = tagged(Tag::Invent);
            ListVersion {
                plugin: v.plugin,
                entries: list_of(&v.fields, shape),
                masters: masters.iter().map(|m| list_of(&m.fields, shape)).collect(),
                add: !inventory || invent,
                remove: if inventory {
                    invent
                } else {
                    tagged(Tag::Delev)
                },
                change: if inventory {
                    invent
                } else {
                    tagged(Tag::Relev)
                },
            }
        })
        .collect();
    if inventory && !list_versions.iter().any(|v| v.add) {
        return Ok(());
    }
    // Leveled lists grow from the defining version; an inventory is the
    // winner's with the tagged plugins' changes (as Wrye Bash does).
    let start = if inventory { versions.len() - 1 } else { 0 };
    let mut entries = list_of(&versions[start].fields, shape).to_vec();
    let done = merge_entries(&mut entries, &list_versions);
    if shape.by_level {
        sort_by_level(&mut entries);
    }
    let winner = list_of(&versions[versions.len() - 1].fields, shape);
    if same_entries(&entries, winner) {
        return Ok(());
    }
    for (plugin, changes) in done {
        report.merged_from.push(Contribution {
            plugin: order.plugin(plugin).name.clone(),
            what: describe_changes(order, table, shape.list, &changes),
        });
    }
    // The winner's own changes of level or count, not taken (its plugin
    // not tagged to change entries): the merge keeps the earlier entries.
    let winner_version = list_versions.last().expect("two versions at least");
    if !winner_version.change {
        let mut kept: Vec<&str> = winner
            .iter()
            .filter_map(entry_key)
            .filter(|k| {
                let before = winner_version
                    .masters
                    .iter()
                    .rev()
                    .map(|m| entries_for(m, k))
                    .find(|e| !e.is_empty());
                let changed_by_winner =
                    before.is_some_and(|b| !same_entries(&b, &entries_for(winner, k)));
                changed_by_winner
                    && !same_entries(&entries_for(&entries, k), &entries_for(winner, k))
            })
            .collect();
        kept.dedup();
        if !kept.is_empty() {
            let names: Vec<String> = kept.iter().map(|k| shown(order, table, k)).collect();
            let tag = if inventory { "Invent" } else { "Relev" };
            report.merged_from.push(Contribution {
                plugin: order.plugin(winner_version.plugin).name.clone(),
                what: format!(
                    "{} kept as before, its changes of them not taken (not tagged {tag}): {}",
                    shape.list,
                    names.join(", ")
                ),
            });
        }
    }
    let entry_word = if inventory { "item" } else { "entry" };
    let winner_keys: Vec<&str> = winner.iter().filter_map(entry_key).collect();
    let mut lost: Vec<&str> = entries
        .iter()
        .filter_map(entry_key)
        .filter(|k| !winner_keys.contains(k))
        .collect();
    lost.dedup();
    for k in lost {
        report
            .winner_would_lose
            .push(format!("{} {}", entry_word, shown(order, table, k)));
    }
    let count = entries.len();
    let result = if entries.is_empty() {
        merged.remove(shape.list).map(|_| ())
    } else {
        merged.insert(shape.list, Value::Array(entries))
    };
    result.map_err(|e| e.to_string())?;
    if let Some(key) = shape.count {
        if count > 255 && key == "entry_count" {
            return Err(format!(
                "the merged list has {count} entries, more than the 255 a leveled list holds"
            ));
        }
        merged.insert(key, count).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// A form ID as the merge's JSON shows it (numbered by `table`), named
/// from the load order.
fn shown(order: &LoadOrder<'_>, table: &FileTable, key: &str) -> String {
    let hex = key.split(' ').next().unwrap_or(key);
    match crate::io::FormId::parse(hex).and_then(|id| table.global(id)) {
        Some(g) => order.describe(g),
        None => key.to_string(),
    }
}

fn describe_changes(
    order: &LoadOrder<'_>,
    table: &FileTable,
    list: &str,
    c: &ListChanges,
) -> String {
    let mut parts = Vec::new();
    let join = |v: &[String]| {
        v.iter()
            .map(|k| shown(order, table, k))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !c.added.is_empty() {
        parts.push(format!("{list} added: {}", join(&c.added)));
    }
    if !c.removed.is_empty() {
        parts.push(format!("{list} removed: {}", join(&c.removed)));
    }
    if !c.changed.is_empty() {
        parts.push(format!("{list} changed: {}", join(&c.changed)));
    }
    parts.join("; ")
}

/// Takes the field `key` from the last version that changed it from its
/// masters' versions (from the first loaded version when none of its
/// masters is loaded), when `tag` says so only from plugins carrying the
/// tag; sets it in `merged` when that differs from the winning version.
fn take_last_change(
    order: &LoadOrder<'_>,
    versions: &[Version],
    merged: &mut Fields,
    key: &str,
    tag: Option<(Tag, &Tags)>,
    report: &mut RecordReport,
) -> Result<(), String> {
    let mut chosen: Option<&Version> = None;
    for k in 1..versions.len() {
        let v = &versions[k];
        if let Some((t, tags)) = tag {
            if !tags.has(&order.plugin(v.plugin).name, t) {
                continue;
            }
        }
        let masters = masters_of(order, versions, k);
        let before = masters.last().copied().unwrap_or(&versions[0]);
        if v.fields.get(key) != before.fields.get(key) {
            chosen = Some(v);
        }
    }
    let Some(chosen) = chosen else {
        return Ok(());
    };
    let value = chosen.fields.get(key).cloned();
    if merged.get(key) == value.as_ref() {
        return Ok(());
    }
    let result = match &value {
        Some(v) => merged.insert(key, v.clone()),
        None => merged.remove(key).map(|_| ()),
    };
    result.map_err(|e| e.to_string())?;
    let by = tag.map(|(t, _)| format!("{t}: ")).unwrap_or_default();
    let plugin = order.plugin(chosen.plugin).name.clone();
    report.merged_from.push(Contribution {
        plugin: plugin.clone(),
        what: format!("{by}{key}"),
    });
    report
        .winner_would_lose
        .push(format!("{key} as {plugin} has it"));
    Ok(())
}
