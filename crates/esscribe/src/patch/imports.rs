//! Tag imports: each tag's fields (see `tags::TAG_FIELDS`) taken from the
//! last plugin carrying the tag that changed them from its masters'
//! versions, over the winning version. Records are read by their
//! declarations, versions renumbered alike, so fields move as JSON.

use super::report::RecordReport;
use super::tags::{Tag, TagFields, Tags};
use super::versions::{masters_of, Version};
use crate::defs::catalog;
use crate::io::Sig;
use crate::loadorder::LoadOrder;
use crate::plugin::Subrecord;
use crate::schema::types::{Member, RecordDef};
use crate::schema::Fields;

/// Applies the tag rows `rows` to `merged` (the winning version's fields
/// with the lists merged), each version read as `fields`.
pub(crate) fn import_tagged(
    order: &LoadOrder<'_>,
    versions: &[Version],
    fields: &[Fields],
    merged: &mut Fields,
    rows: &[&TagFields],
    tags: &Tags,
    report: &mut RecordReport,
) -> Result<(), String> {
    for row in rows {
        for key in row.fields {
            take_last_change(order, versions, fields, merged, key, row.tag, tags, report)?;
        }
    }
    Ok(())
}

/// Takes the field `key` from the last version carrying `tag` that
/// changed it from its masters' versions (from the first loaded version
/// when none of its masters is loaded); sets it in `merged` when that
/// differs.
#[allow(clippy::too_many_arguments)]
fn take_last_change(
    order: &LoadOrder<'_>,
    versions: &[Version],
    fields: &[Fields],
    merged: &mut Fields,
    key: &str,
    tag: Tag,
    tags: &Tags,
    report: &mut RecordReport,
) -> Result<(), String> {
    let mut chosen: Option<usize> = None;
    for k in 1..versions.len() {
        if !tags.has(&order.plugin(versions[k].plugin).name, tag) {
            continue;
        }
        let before = masters_of(order, versions, k).last().copied().unwrap_or(0);
        if fields[k].get(key) != fields[before].get(key) {
            chosen = Some(k);
        }
    }
    let Some(chosen) = chosen else {
        return Ok(());
    };
    let value = fields[chosen].get(key).cloned();
    if merged.get(key) == value.as_ref() {
        return Ok(());
    }
    let result = match &value {
        Some(v) => merged.insert(key, v.clone()),
        None => merged.remove(key).map(|_| ()),
    };
    result.map_err(|e| e.to_string())?;
    report.took(order.plugin(versions[chosen].plugin).name.clone(), tag, key);
    Ok(())
}

/// The subrecord types a declared member is made of.
fn member_sigs(member: &Member, out: &mut Vec<Sig>) {
    match member {
        Member::Sub(s) => out.push(s.sig),
        Member::Group(g) => g.members.iter().for_each(|m| member_sigs(m, out)),
        Member::Paired(p) => {
            p.items.iter().for_each(|m| member_sigs(m, out));
            out.push(p.key.sig);
        }
    }
}

fn member_name(member: &Member) -> &'static str {
    match member {
        Member::Sub(s) => s.name,
        Member::Group(g) => g.name,
        Member::Paired(p) => p.name,
    }
}

/// The subrecord types of the top-level field `key` of `def`, when no
/// other top-level field uses any of them: then the field is exactly the
/// record's subrecords of those types.
fn own_sigs(def: &RecordDef, key: &str) -> Option<Vec<Sig>> {
    let mut mine = Vec::new();
    let mut others = Vec::new();
    for m in def.members {
        if member_name(m) == key {
            member_sigs(m, &mut mine);
        } else {
            member_sigs(m, &mut others);
        }
    }
    (!mine.is_empty() && !mine.iter().any(|s| others.contains(s))).then_some(mine)
}

/// [`import_tagged`] on subrecords, for fields that are whole subrecords
/// of their own types; `Ok(false)`, with `merged` untouched, when a field
/// is not, or must be added where the winning version lacks it (its
/// declared place is then for the fields to find).
pub(crate) fn import_tagged_raw(
    order: &LoadOrder<'_>,
    versions: &[Version],
    merged: &mut Vec<Subrecord>,
    rows: &[&TagFields],
    tags: &Tags,
    report: &mut RecordReport,
) -> Result<bool, String> {
    let game = order.game();
    let sig = versions[0].record.header.sig;
    let Some(def) = catalog(game).find(sig) else {
        return Ok(false);
    };
    let mut plan = Vec::new();
    for row in rows {
        for key in row.fields {
            let Some(sigs) = own_sigs(def, key) else {
                return Ok(false);
            };
            plan.push((row.tag, *key, sigs));
        }
    }
    let mut out = merged.clone();
    let mut notes = Vec::new();
    for (tag, key, sigs) in plan {
        let of = |subs: &[Subrecord]| -> Vec<Subrecord> {
            subs.iter()
                .filter(|s| sigs.contains(&s.sig))
                .cloned()
                .collect()
        };
        let mut chosen = None;
        for k in 1..versions.len() {
            if !tags.has(&order.plugin(versions[k].plugin).name, tag) {
                continue;
            }
            let before = masters_of(order, versions, k).last().copied().unwrap_or(0);
            if of(&versions[k].subs) != of(&versions[before].subs) {
                chosen = Some(k);
            }
        }
        let Some(chosen) = chosen else { continue };
        let value = of(&versions[chosen].subs);
        if of(&out) == value {
            continue;
        }
        let Some(at) = out.iter().position(|s| sigs.contains(&s.sig)) else {
            return Ok(false);
        };
        out.retain(|s| !sigs.contains(&s.sig));
        out.splice(at..at, value);
        notes.push((order.plugin(versions[chosen].plugin).name.clone(), tag, key));
    }
    *merged = out;
    for (plugin, tag, key) in notes {
        report.took(plugin, tag, key);
    }
    Ok(true)
}
