//! One record merged: every loaded version renumbered alike, the winning
//! version taken, leveled lists and inventories merged entry by entry
//! from their subrecords, chance none and flags from the last plugin that
//! changed them, and each tag's fields imported (see `imports`).

use super::imports::{import_tagged, import_tagged_raw};
use super::lists::{
    entries_of, merge_entries, read_entries, same_entries, sort_by_level, ListChanges, ListEntry,
    ListShape, ListVersion,
};
use super::numbering::{localize, renumber, FileTable};
use super::report::{Contribution, RecordReport};
use super::tags::{Games, Tag, TagFields, Tags, TAG_FIELDS};
use super::versions::{masters_of, Version};
use crate::defs::catalog;
use crate::io::{FormId, Sig};
use crate::loadorder::{is_deleted, Found, GlobalId, LoadOrder};
use crate::plugin::{encode_subrecords, Body, Game, Record, Subrecord};
use crate::schema::Fields;
use std::borrow::Cow;

/// A record the patch holds, numbered by `table`; the files its form IDs
/// use; what it merged.
pub(crate) struct Merged {
    pub record: Record<'static>,
    pub table: FileTable,
    pub used: Vec<u32>,
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

/// A leveled list's subrecords before its entries, in their order: where
/// one missing from the winning version goes.
const LIST_HEAD: [&[u8; 4]; 7] = [
    b"EDID", b"OBND", b"LVLD", b"LVLM", b"LVLF", b"LVLG", b"LLCT",
];

/// Whether a row of the tag table applies to `game`.
pub(crate) fn for_game(games: Games, game: Game) -> bool {
    matches!(
        (games, game),
        (Games::Both, _) | (Games::Oblivion, Game::Oblivion) | (Games::Skyrim, Game::Skyrim)
    )
}

fn is_in(list: &[&[u8; 4]], sig: Sig) -> bool {
    list.iter().any(|s| **s == sig.0)
}

/// The tag rows for records of type `sig`.
fn rows_for(game: Game, sig: Sig) -> impl Iterator<Item = &'static TagFields> {
    TAG_FIELDS
        .iter()
        .filter(move |r| for_game(r.games, game) && is_in(r.sigs, sig))
}

/// Whether a record of type `sig` may gain anything from a plugin with
/// `tags`: leveled lists always, other types when a tag covers them.
pub(crate) fn concerns(game: Game, sig: Sig, tags: &[Tag]) -> bool {
    is_in(leveled_sigs(game), sig)
        || (tags.contains(&Tag::Invent) && is_in(inventory_sigs(game), sig))
        || rows_for(game, sig).any(|r| tags.contains(&r.tag))
}

/// Merges the record `id` from its versions `chain` (in load order). `Ok(None)` when there is nothing to merge or the merge
/// equals the winning version; `Err` (why) when a version does not read
/// by its declaration, or the merge cannot be written.
pub(crate) fn merge_record(
    order: &LoadOrder<'_>,
    id: GlobalId,
    chain: &[Found<'_, '_>],
    tags: &Tags,
) -> Result<Option<Merged>, String> {
    let game = order.game();
    if chain.len() < 2 || is_deleted(chain[chain.len() - 1].record) {
        return Ok(None);
    }
    let mut table = FileTable::default();
    let mut versions = Vec::with_capacity(chain.len());
    for f in chain {
        let name = &order.plugin(f.plugin).name;
        let record = localize(order, f.plugin, f.record, &mut table)
            .map_err(|e| format!("{} in {name}: {e}", f.record.describe()))?;
        let subs = record.subrecords(game).map_err(|e| e.to_string())?;
        versions.push(Version {
            plugin: f.plugin,
            record,
            subs,
        });
    }
    let sig = chain[0].record.header.sig;
    let last = versions.len() - 1;
    let mut report = RecordReport {
        form_id: order.show_id(id),
        record: order.describe(id),
        signature: sig.to_string(),
        winner: order.plugin(versions[last].plugin).name.clone(),
        base: order.plugin(versions[0].plugin).name.clone(),
        master_absent: chain[0].plugin as u32 != id.file,
        merged_from: Vec::new(),
        winner_would_lose: Vec::new(),
    };
    let mut merged = versions[last].subs.clone();
    let mut cx = Cx {
        order,
        versions: &versions,
        tags,
        table: &table,
        report: &mut report,
    };
    if is_in(leveled_sigs(game), sig) {
        cx.merge_list(&mut merged, ListShape::leveled(game), false)?;
        cx.take_last_sub(&mut merged, Sig(*b"LVLD"), "chance_none");
        cx.take_last_sub(&mut merged, Sig(*b"LVLF"), "flags");
    }
    if is_in(inventory_sigs(game), sig) {
        cx.merge_list(&mut merged, ListShape::inventory(game), true)?;
    }
    let rows: Vec<&TagFields> = rows_for(game, sig)
        .filter(|r| {
            versions[1..]
                .iter()
                .any(|v| tags.has(&order.plugin(v.plugin).name, r.tag))
        })
        .collect();
    let raw = rows.is_empty()
        || import_tagged_raw(order, &versions, &mut merged, &rows, tags, cx.report)?;
    let mut data = encode_subrecords(&merged);
    if !raw {
        data = import_rows(&mut cx, &rows, data)?;
    }
    if data
        == *versions[last]
            .record
            .data(game)
            .map_err(|e| e.to_string())?
    {
        return Ok(None);
    }
    let mut record = versions[last].record.clone();
    record.header.data_size = data.len() as u32;
    record.body = Body::Stored(Cow::Owned(data));
    // Read by its declaration once more: the files it needs, and a check
    // that the merge is a record the game can read.
    let mut used = Vec::new();
    renumber(&record, game, &table.ctx(order), &mut |f| {
        if let Some(g) = table.global(f) {
            if !used.contains(&g.file) {
                used.push(g.file);
            }
        }
        Ok(f)
    })
    .map_err(|e| format!("the merged record {e}"))?;
    Ok(Some(Merged {
        record,
        table,
        used,
        report,
    }))
}

/// The tag rows' fields imported into the record `data`: every version
/// and the merge read by their declarations.
fn import_rows(
    cx: &mut Cx<'_, '_, '_>,
    rows: &[&TagFields],
    data: Vec<u8>,
) -> Result<Vec<u8>, String> {
    let game = cx.order.game();
    let ctx = cx.table.ctx(cx.order);
    let read = |r: &Record<'_>| {
        Fields::of(r, catalog(game), &ctx)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("{} records are not declared", r.header.sig))
    };
    let fields = cx
        .versions
        .iter()
        .map(|v| read(&v.record))
        .collect::<Result<Vec<_>, _>>()?;
    let mut template = cx.versions[cx.versions.len() - 1].record.clone();
    template.header.data_size = data.len() as u32;
    template.body = Body::Stored(Cow::Owned(data));
    let mut merged = read(&template)?;
    import_tagged(
        cx.order,
        cx.versions,
        &fields,
        &mut merged,
        rows,
        cx.tags,
        cx.report,
    )?;
    merged.encode_data().map_err(|e| e.to_string())
}

/// What a record's merge works with.
struct Cx<'a, 'o, 'l> {
    order: &'o LoadOrder<'l>,
    versions: &'a [Version],
    tags: &'a Tags,
    table: &'a FileTable,
    report: &'a mut RecordReport,
}

impl Cx<'_, '_, '_> {
    fn name(&self, k: usize) -> &str {
        &self.order.plugin(self.versions[k].plugin).name
    }

    /// A form ID of the merge's numbering, named from the load order.
    fn shown(&self, key: u32) -> String {
        match self.table.global(FormId(key)) {
            Some(g) => self.order.describe(g),
            None => FormId(key).to_string(),
        }
    }

    fn shown_all(&self, keys: &[u32]) -> String {
        keys.iter()
            .map(|k| self.shown(*k))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Merges the list into `merged` (the winning version's subrecords).
    /// Leveled lists grow from the defining version, taking every
    /// plugin's additions, Delev's removals and Relev's changes; an
    /// inventory is the winner's with the changes of the plugins tagged
    /// `Invent` (as Wrye Bash does).
    fn merge_list(
        &mut self,
        merged: &mut Vec<Subrecord>,
        shape: ListShape,
        inventory: bool,
    ) -> Result<(), String> {
        let lists: Vec<Vec<ListEntry>> = self
            .versions
            .iter()
            .map(|v| read_entries(&v.subs, shape).0)
            .collect();
        let last = self.versions.len() - 1;
        let list_versions: Vec<ListVersion<'_>> = (1..self.versions.len())
            .map(|k| {
                let tagged = |t: Tag| self.tags.has(self.name(k), t);
                let invent = tagged(Tag::Invent);
                ListVersion {
                    plugin: self.versions[k].plugin,
                    entries: &lists[k],
                    masters: masters_of(self.order, self.versions, k)
                        .into_iter()
                        .map(|j| &lists[j][..])
                        .collect(),
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
        let mut entries = lists[if inventory { last } else { 0 }].clone();
        let done = merge_entries(&mut entries, &list_versions);
        if shape.level.is_some() {
            sort_by_level(&mut entries);
        }
        let winner = &lists[last];
        if same_entries(&entries, winner) {
            return Ok(());
        }
        for (plugin, changes) in &done {
            let what = self.describe_changes(shape, changes);
            self.report.merged_from.push(Contribution {
                plugin: self.order.plugin(*plugin).name.clone(),
                what,
            });
        }
        self.note_unshared_changes(&list_versions[last - 1], &entries, winner, shape, inventory);
        let mut lost: Vec<u32> = entries
            .iter()
            .map(|e| e.key)
            .filter(|k| !winner.iter().any(|w| w.key == *k))
            .collect();
        lost.dedup();
        for k in lost {
            let line = format!("{} {}", shape.noun, self.shown(k));
            self.report.winner_would_lose.push(line);
        }
        write_list(merged, &entries, shape)
    }

    /// Notes the winner's own changes of entries that the merge does not
    /// take (its plugin not tagged to change them).
    fn note_unshared_changes(
        &mut self,
        winner_version: &ListVersion<'_>,
        entries: &[ListEntry],
        winner: &[ListEntry],
        shape: ListShape,
        inventory: bool,
    ) {
        if winner_version.change {
            return;
        }
        let mut kept: Vec<u32> = winner
            .iter()
            .map(|e| e.key)
            .filter(|&k| {
                let before = winner_version
                    .masters
                    .iter()
                    .rev()
                    .map(|m| entries_of(m, k))
                    .find(|e| !e.is_empty());
                let changed_by_winner = before.is_some_and(|b| b != entries_of(winner, k));
                changed_by_winner && entries_of(entries, k) != entries_of(winner, k)
            })
            .collect();
        kept.dedup();
        if kept.is_empty() {
            return;
        }
        let tag = if inventory { "Invent" } else { "Relev" };
        let what = format!(
            "{} kept as before, its changes of them not taken (not tagged {tag}): {}",
            shape.plural,
            self.shown_all(&kept)
        );
        self.report.merged_from.push(Contribution {
            plugin: self.order.plugin(winner_version.plugin).name.clone(),
            what,
        });
    }

    fn describe_changes(&self, shape: ListShape, c: &ListChanges) -> String {
        let mut parts = Vec::new();
        for (verb, keys) in [
            ("added", &c.added),
            ("removed", &c.removed),
            ("changed", &c.changed),
        ] {
            if !keys.is_empty() {
                parts.push(format!("{} {verb}: {}", shape.plural, self.shown_all(keys)));
            }
        }
        parts.join("; ")
    }

    /// Takes the subrecord `sig` from the last version that changed it
    /// from its masters' versions (from the first loaded version when
    /// none of its masters is loaded).
    fn take_last_sub(&mut self, merged: &mut Vec<Subrecord>, sig: Sig, name: &str) {
        let data_of =
            |subs: &[Subrecord]| subs.iter().find(|s| s.sig == sig).map(|s| s.data.clone());
        let mut chosen = None;
        for k in 1..self.versions.len() {
            let before = masters_of(self.order, self.versions, k)
                .last()
                .copied()
                .unwrap_or(0);
            if data_of(&self.versions[k].subs) != data_of(&self.versions[before].subs) {
                chosen = Some(k);
            }
        }
        let Some(chosen) = chosen else { return };
        let value = data_of(&self.versions[chosen].subs);
        if data_of(merged) == value {
            return;
        }
        merged.retain(|s| s.sig != sig);
        if let Some(data) = value {
            let at = head_place(merged, sig);
            merged.insert(at, Subrecord::new(sig, data));
        }
        let plugin = self.name(chosen).to_string();
        self.report.merged_from.push(Contribution {
            plugin: plugin.clone(),
            what: name.to_string(),
        });
        self.report
            .winner_would_lose
            .push(format!("{name} as {plugin} has it"));
    }
}

/// Where a list's head subrecord `sig` goes: after those declared before
/// it.
fn head_place(subs: &[Subrecord], sig: Sig) -> usize {
    let rank = |s: Sig| LIST_HEAD.iter().position(|h| **h == s.0);
    let mine = rank(sig).unwrap_or(LIST_HEAD.len());
    subs.iter()
        .position(|s| rank(s.sig).is_none_or(|r| r > mine))
        .unwrap_or(subs.len())
}

/// Replaces the list in `subs` by `entries`, their count written again.
fn write_list(
    subs: &mut Vec<Subrecord>,
    entries: &[ListEntry],
    shape: ListShape,
) -> Result<(), String> {
    let count_sig = shape.count.map(|(s, _)| s);
    let first = subs
        .iter()
        .position(|s| s.sig == shape.entry || Some(s.sig) == count_sig);
    let at = match first {
        Some(at) => at,
        None if shape.level.is_some() => head_place(subs, shape.entry),
        None => {
            return Err("the winning version has no inventory to merge into".into());
        }
    };
    // What stands before the list stays; the list and its count go.
    let mut out: Vec<Subrecord> = subs[..at].to_vec();
    let mut in_entry = false;
    let mut rest = Vec::new();
    for s in &subs[at..] {
        if s.sig == shape.entry {
            in_entry = true;
        } else if s.sig.0 == *b"COED" && in_entry {
        } else if Some(s.sig) == count_sig {
            in_entry = false;
        } else {
            in_entry = false;
            rest.push(s.clone());
        }
    }
    if let Some((sig, width)) = shape.count {
        let n = entries.len();
        if width == 1 && n > 255 {
            return Err(format!(
                "the merged list has {n} entries, more than the 255 a leveled list holds"
            ));
        }
        out.push(Subrecord::new(
            sig,
            (n as u32).to_le_bytes()[..width].to_vec(),
        ));
    }
    for e in entries {
        for (sig, data) in &e.subs {
            out.push(Subrecord::new(*sig, data.clone()));
        }
    }
    out.extend(rest);
    *subs = out;
    Ok(())
}
