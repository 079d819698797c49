//! Lists merged entry by entry: leveled lists and inventories, read from
//! their subrecords (each entry an LVLO or CNTO, with the COED after it)
//! in records renumbered alike, so that equal bytes mean equal entries.
//! Each entry is known by what it names; a plugin's version is compared
//! with its masters' versions to tell what it added, removed and changed.

use crate::io::Sig;
use crate::plugin::{Game, Subrecord};
use std::collections::BTreeSet;

/// How a record type keeps its list.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ListShape {
    /// The entry's subrecord (LVLO, CNTO).
    pub entry: Sig,
    /// Where in it the form ID it names stands.
    pub key_at: usize,
    /// The entry's level: a u16 (Skyrim) or i16 (Oblivion) at the start;
    /// entries are ordered by it, as the game expects of leveled lists.
    pub level: Option<bool>,
    /// The subrecord counting the entries, and its width in bytes.
    pub count: Option<(Sig, usize)>,
    /// What an entry is called in reports, and more than one.
    pub noun: &'static str,
    pub plural: &'static str,
}

impl ListShape {
    /// Leveled lists of `game`.
    pub fn leveled(game: Game) -> ListShape {
        ListShape {
            entry: Sig(*b"LVLO"),
            key_at: 4,
            level: Some(game == Game::Skyrim),
            count: (game == Game::Skyrim).then_some((Sig(*b"LLCT"), 1)),
            noun: "entry",
            plural: "entries",
        }
    }

    /// Inventories of `game`.
    pub fn inventory(game: Game) -> ListShape {
        ListShape {
            entry: Sig(*b"CNTO"),
            key_at: 0,
            level: None,
            count: (game == Game::Skyrim).then_some((Sig(*b"COCT"), 4)),
            noun: "item",
            plural: "items",
        }
    }
}

const EXTRA_DATA: Sig = Sig(*b"COED");

/// One entry: what it names, its level, and its subrecords.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct ListEntry {
    pub key: u32,
    pub level: i64,
    pub subs: Vec<(Sig, Vec<u8>)>,
}

/// The entries of a record's subrecords, and where the first stood.
pub(crate) fn read_entries(
    subs: &[Subrecord],
    shape: ListShape,
) -> (Vec<ListEntry>, Option<usize>) {
    let mut out: Vec<ListEntry> = Vec::new();
    let mut first = None;
    let mut open = false;
    for (k, s) in subs.iter().enumerate() {
        if s.sig == shape.entry {
            first.get_or_insert(k);
            let key = s
                .data
                .get(shape.key_at..shape.key_at + 4)
                .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
            let level = match (shape.level, s.data.get(..2)) {
                (Some(true), Some(b)) => i64::from(u16::from_le_bytes([b[0], b[1]])),
                (Some(false), Some(b)) => i64::from(i16::from_le_bytes([b[0], b[1]])),
                _ => 0,
            };
            out.push(ListEntry {
                key,
                level,
                subs: vec![(s.sig, s.data.clone())],
            });
            open = true;
        } else if s.sig == EXTRA_DATA && open {
            if let Some(last) = out.last_mut() {
                last.subs.push((s.sig, s.data.clone()));
            }
        } else {
            open = false;
        }
    }
    (out, first)
}

/// What a version brings to the merge.
pub(crate) struct ListVersion<'v> {
    pub plugin: usize,
    pub entries: &'v [ListEntry],
    /// Its masters' versions' entries, latest last; empty when none of
    /// its masters has the record loaded.
    pub masters: Vec<&'v [ListEntry]>,
    /// Entries it adds are kept.
    pub add: bool,
    /// Entries it removes are removed (Delev, Invent).
    pub remove: bool,
    /// Entries whose level or count it changed take its values (Relev,
    /// Invent).
    pub change: bool,
}

/// What one plugin did to the merged list: the keys it added, removed
/// and changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct ListChanges {
    pub added: Vec<u32>,
    pub removed: Vec<u32>,
    pub changed: Vec<u32>,
}

impl ListChanges {
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }
}

fn keys(entries: &[ListEntry]) -> BTreeSet<u32> {
    entries.iter().map(|e| e.key).collect()
}

/// The entries naming `key`, sorted: equal when the same entries are
/// there in any order.
pub(crate) fn entries_of(entries: &[ListEntry], key: u32) -> Vec<&ListEntry> {
    let mut out: Vec<&ListEntry> = entries.iter().filter(|e| e.key == key).collect();
    out.sort();
    out
}

/// Merges `versions` (in load order) into `merged`; what each version
/// did, in order.
pub(crate) fn merge_entries(
    merged: &mut Vec<ListEntry>,
    versions: &[ListVersion<'_>],
) -> Vec<(usize, ListChanges)> {
    let mut out = Vec::new();
    for v in versions {
        let mut changes = ListChanges::default();
        let mine = keys(v.entries);
        let theirs: BTreeSet<u32> = v.masters.iter().flat_map(|m| keys(m)).collect();
        if v.remove && !v.masters.is_empty() {
            for &gone in theirs.difference(&mine) {
                let before = merged.len();
                merged.retain(|e| e.key != gone);
                if merged.len() != before {
                    changes.removed.push(gone);
                }
            }
        }
        if v.change && !v.masters.is_empty() {
            for &key in mine.intersection(&theirs) {
                let last_master = v
                    .masters
                    .iter()
                    .rev()
                    .find(|m| m.iter().any(|e| e.key == key))
                    .copied()
                    .unwrap_or_default();
                let now = entries_of(v.entries, key);
                if now == entries_of(last_master, key) || now == entries_of(merged, key) {
                    continue;
                }
                let at = merged
                    .iter()
                    .position(|e| e.key == key)
                    .unwrap_or(merged.len());
                merged.retain(|e| e.key != key);
                let fresh = v.entries.iter().filter(|e| e.key == key).cloned();
                let at = at.min(merged.len());
                merged.splice(at..at, fresh);
                changes.changed.push(key);
            }
        }
        if v.add {
            let present = keys(merged);
            for e in v.entries {
                if theirs.contains(&e.key) || present.contains(&e.key) {
                    continue;
                }
                merged.push(e.clone());
                if changes.added.last() != Some(&e.key) {
                    changes.added.push(e.key);
                }
            }
        }
        changes.added.dedup();
        if !changes.is_empty() {
            out.push((v.plugin, changes));
        }
    }
    out
}

/// Orders entries by level, keeping the order of equal levels.
pub(crate) fn sort_by_level(entries: &mut [ListEntry]) {
    entries.sort_by_key(|e| e.level);
}

/// Whether two lists hold the same entries, in any order.
pub(crate) fn same_entries(a: &[ListEntry], b: &[ListEntry]) -> bool {
    fn sorted(l: &[ListEntry]) -> Vec<&ListEntry> {
        let mut t: Vec<&ListEntry> = l.iter().collect();
        t.sort();
        t
    }
    a.len() == b.len() && sorted(a) == sorted(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(key: u32, level: i64) -> ListEntry {
        let mut data = (level as u16).to_le_bytes().to_vec();
        data.extend_from_slice(&[0, 0]);
        data.extend_from_slice(&key.to_le_bytes());
        data.extend_from_slice(&[1, 0, 0, 0]);
        ListEntry {
            key,
            level,
            subs: vec![(Sig(*b"LVLO"), data)],
        }
    }

    #[test]
    fn entries_are_read_with_their_extra_data() {
        let lvlo = |k: u32| Subrecord::new(Sig(*b"LVLO"), e(k, 3).subs[0].1.clone());
        let subs = vec![
            Subrecord::new(Sig(*b"LLCT"), vec![2]),
            lvlo(7),
            Subrecord::new(Sig(*b"COED"), vec![0; 12]),
            lvlo(8),
        ];
        let (entries, first) = read_entries(&subs, ListShape::leveled(Game::Skyrim));
        assert_eq!(first, Some(1));
        assert_eq!(entries.len(), 2);
        assert_eq!(
            (entries[0].key, entries[0].level, entries[0].subs.len()),
            (7, 3, 2)
        );
        assert_eq!((entries[1].key, entries[1].subs.len()), (8, 1));
    }

    #[test]
    fn adds_are_kept_removes_need_delev() {
        let base = vec![e(1, 1), e(2, 5)];
        // One plugin drops 2 and adds 3; the other adds 4.
        let one = vec![e(1, 1), e(3, 3)];
        let two = vec![e(1, 1), e(2, 5), e(4, 2)];
        let run = |remove: bool| {
            let mut merged = base.clone();
            let versions = [
                ListVersion {
                    plugin: 1,
                    entries: &one,
                    masters: vec![&base],
                    add: true,
                    remove,
                    change: false,
                },
                ListVersion {
                    plugin: 2,
                    entries: &two,
                    masters: vec![&base],
                    add: true,
                    remove: false,
                    change: false,
                },
            ];
            let done = merge_entries(&mut merged, &versions);
            sort_by_level(&mut merged);
            (merged, done)
        };
        let (kept, _) = run(false);
        assert_eq!(kept, [e(1, 1), e(4, 2), e(3, 3), e(2, 5)]);
        let (delev, done) = run(true);
        assert_eq!(delev, [e(1, 1), e(4, 2), e(3, 3)]);
        assert_eq!(done[0].1.removed, [2]);
        assert_eq!(done[0].1.added, [3]);
    }

    #[test]
    fn relev_takes_the_changed_level() {
        let base = vec![e(1, 1), e(2, 5)];
        let one = vec![e(1, 10), e(2, 5)];
        let mut merged = base.clone();
        let versions = [ListVersion {
            plugin: 1,
            entries: &one,
            masters: vec![&base],
            add: true,
            remove: false,
            change: true,
        }];
        let done = merge_entries(&mut merged, &versions);
        assert_eq!(merged, [e(1, 10), e(2, 5)]);
        assert_eq!(done[0].1.changed, [1]);
    }
}
