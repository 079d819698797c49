//! The merged records written as plugins: each numbered by the masters it
//! needs, split into several plugins when they would need more masters
//! than one may have, light-flagged where the game allows it.

use super::merge::Merged;
use super::numbering::renumber;
use super::report::PatchFile;
use crate::io::{Error, FormId, Result, Sig};
use crate::loadorder::LoadOrder;
use crate::plugin::{
    light::check_light, Entry, Game, Group, GroupHeader, Plugin, Record, RecordHeader, Subrecord,
    FLAG_LIGHT,
};
use std::borrow::Cow;
use std::collections::BTreeSet;

/// The most masters one patch plugin is given before the patch is split.
pub const MAX_PATCH_MASTERS: usize = 254;

/// Masters in the order the game loads them: masters not loaded first
/// (the game's own files, as a rule), then the loaded ones.
fn load_order_key(order: &LoadOrder<'_>, file: u32) -> (bool, u32) {
    (order.is_loaded(file), file)
}

/// The name of the `k`-th patch plugin: `Bashed Patch, 0.esp` gives
/// `Bashed Patch, 1.esp`; a name not ending in a number gets `, k`.
pub fn part_name(first: &str, k: usize) -> String {
    if k == 0 {
        return first.to_string();
    }
    let (stem, ext) = first.rsplit_once('.').unwrap_or((first, "esp"));
    let digits = stem.len() - stem.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let (head, number) = stem.split_at(stem.len() - digits);
        let n: usize = number.parse().unwrap_or(0);
        format!("{head}{}.{ext}", n + k)
    } else {
        format!("{stem}, {k}.{ext}")
    }
}

/// One plugin of a split patch: its masters, by load-order place, and
/// its records, by their place in the merged list.
type Part = (BTreeSet<(bool, u32)>, Vec<usize>);

/// Splits the merged records (in their given order) into plugins of at
/// most `limit` masters each, and writes them.
pub(crate) fn write_parts(
    order: &LoadOrder<'_>,
    merged: &[Merged],
    first_name: &str,
    limit: usize,
) -> Result<Vec<PatchFile>> {
    let mut parts: Vec<Part> = Vec::new();
    let mut current = Part::default();
    for (k, m) in merged.iter().enumerate() {
        let used: BTreeSet<(bool, u32)> =
            m.used.iter().map(|f| load_order_key(order, *f)).collect();
        if used.len() > limit {
            return Err(Error::value(
                "patch",
                format!(
                    "{} needs {} masters, more than a plugin may have",
                    m.report.record,
                    used.len()
                ),
            ));
        }
        let joined = current.0.union(&used).count();
        if joined > limit && !current.1.is_empty() {
            parts.push(std::mem::take(&mut current));
        }
        current.0.extend(used);
        current.1.push(k);
    }
    if !current.1.is_empty() || parts.is_empty() {
        parts.push(current);
    }
    parts
        .into_iter()
        .enumerate()
        .map(|(k, (files, records))| {
            let files: Vec<u32> = files.into_iter().map(|(_, f)| f).collect();
            let picked: Vec<&Merged> = records.iter().map(|&i| &merged[i]).collect();
            write_part(order, &picked, &files, &part_name(first_name, k))
        })
        .collect()
}

/// One patch plugin holding `records`, whose masters are `files`.
fn write_part(
    order: &LoadOrder<'_>,
    records: &[&Merged],
    files: &[u32],
    name: &str,
) -> Result<PatchFile> {
    let game = order.game();
    let masters: Vec<String> = files
        .iter()
        .map(|f| order.file_name(*f).to_string())
        .collect();
    let mut groups: Vec<(Sig, Vec<Entry<'static>>)> = Vec::new();
    for m in records {
        let ctx = m.table.ctx(order);
        let record = renumber(&m.record, game, &ctx, &mut |id| {
            let g = m
                .table
                .global(id)
                .ok_or_else(|| format!("form ID {id} is not numbered"))?;
            let at = files
                .iter()
                .position(|f| *f == g.file)
                .ok_or_else(|| format!("{} is not a master", order.file_name(g.file)))?;
            Ok(FormId(((at as u32) << 24) | g.object))
        })
        .map_err(|e| Error::value("patch", format!("{}: {e}", m.report.record)))?;
        let sig = record.header.sig;
        match groups.iter_mut().find(|(s, _)| *s == sig) {
            Some((_, list)) => list.push(Entry::Record(record)),
            None => groups.push((sig, vec![Entry::Record(record)])),
        }
    }
    let count = records.len() + groups.len();
    let entries: Vec<Entry<'static>> = groups
        .into_iter()
        .map(|(sig, children)| {
            Entry::Group(Group {
                header: GroupHeader {
                    size: 0,
                    label: sig.0,
                    group_type: 0,
                    stamp: 0,
                    unknown: 0,
                },
                offset: 0,
                children,
            })
        })
        .collect();
    let header = header_record(order, &masters, count)?;
    let mut plugin = Plugin::from_parts(game, header, entries, Some(count));
    plugin.set_name(name);
    let mut light = false;
    if order.edition().has_light_slots() && check_light(&plugin)?.can_be_light() {
        plugin.header.header.flags |= FLAG_LIGHT;
        light = true;
    }
    let bytes = plugin.to_bytes()?;
    Plugin::parse_as(&bytes, game).map_err(|e| e.within(format!("the patch {name} as written")))?;
    Ok(PatchFile {
        name: name.to_string(),
        masters,
        records: records.len(),
        light,
        bytes,
    })
}

/// The `TES4` header of a patch plugin: version, counts, author,
/// description and masters.
fn header_record(
    order: &LoadOrder<'_>,
    masters: &[String],
    count: usize,
) -> Result<Record<'static>> {
    let game = order.game();
    let version: f32 = match game {
        Game::Oblivion => 1.0,
        Game::Skyrim => 1.7,
    };
    let mut hedr = Vec::with_capacity(12);
    hedr.extend_from_slice(&version.to_le_bytes());
    hedr.extend_from_slice(&(count as i32).to_le_bytes());
    hedr.extend_from_slice(&0x800u32.to_le_bytes());
    let text = |s: &str| {
        let mut v = s.as_bytes().to_vec();
        v.push(0);
        v
    };
    let mut subs = vec![
        Subrecord::new(Sig(*b"HEDR"), hedr),
        Subrecord::new(Sig(*b"CNAM"), text("esscribe")),
        Subrecord::new(
            Sig(*b"SNAM"),
            text("Merged patch: leveled lists and tagged records"),
        ),
    ];
    for m in masters {
        subs.push(Subrecord::new(Sig(*b"MAST"), text(m)));
        subs.push(Subrecord::new(Sig(*b"DATA"), vec![0; 8]));
    }
    // The newest form version of the order's headers: the game's.
    let form_version = order
        .plugins()
        .iter()
        .map(|p| p.header_record.header.form_version)
        .max()
        .unwrap_or(0);
    let data = crate::plugin::encode_subrecords(&subs);
    Ok(Record {
        header: RecordHeader {
            sig: Sig(*b"TES4"),
            data_size: data.len() as u32,
            flags: 0,
            form_id: FormId(0),
            version_control: 0,
            form_version,
            version_control_2: 0,
        },
        offset: 0,
        body: crate::plugin::Body::Stored(Cow::Owned(data)),
    })
}

#[cfg(test)]
mod tests {
    use super::part_name;

    #[test]
    fn parts_are_numbered_on() {
        assert_eq!(part_name("Bashed Patch, 0.esp", 0), "Bashed Patch, 0.esp");
        assert_eq!(part_name("Bashed Patch, 0.esp", 2), "Bashed Patch, 2.esp");
        assert_eq!(part_name("Merged.esp", 1), "Merged, 1.esp");
    }
}
