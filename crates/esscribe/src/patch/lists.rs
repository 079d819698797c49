//! Lists merged entry by entry: leveled lists and inventories. Each entry
//! is known by what it names (its reference or item); a plugin's version
//! is compared with its masters' versions to tell what it added, removed
//! and changed.

use serde_json::Value;
use std::collections::BTreeSet;

/// Where a record type keeps its list.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ListShape {
    /// The list's JSON key.
    pub list: &'static str,
    /// The key of the subrecord counting the entries (Skyrim), if any.
    pub count: Option<&'static str>,
    /// Whether entries are ordered by level, as the game expects of
    /// leveled lists.
    pub by_level: bool,
}

/// What a version brings to the merge.
pub(crate) struct ListVersion<'v> {
    pub plugin: usize,
    pub entries: &'v [Value],
    /// Its masters' versions' entries, latest last; empty when none of
    /// its masters has the record loaded.
    pub masters: Vec<&'v [Value]>,
    /// Entries it adds are kept.
    pub add: bool,
    /// Entries it removes are removed (Delev, Invent).
    pub remove: bool,
    /// Entries whose level or count it changed take its values (Relev,
    /// Invent).
    pub change: bool,
}

/// What one plugin did to the merged list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct ListChanges {
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub changed: Vec<String>,
}

impl ListChanges {
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }
}

/// The entry's own fields: nested under `entry` where an entry is a group
/// (Skyrim's LVLO and COED, CNTO and COED).
fn inner(entry: &Value) -> &Value {
    entry.get("entry").unwrap_or(entry)
}

/// What an entry names: its reference (leveled lists) or item.
pub(crate) fn entry_key(entry: &Value) -> Option<&str> {
    let e = inner(entry);
    e.get("reference")
        .or_else(|| e.get("item"))
        .and_then(Value::as_str)
}

/// An entry's level; 0 for entries without one.
pub(crate) fn entry_level(entry: &Value) -> i64 {
    inner(entry)
        .get("level")
        .and_then(Value::as_i64)
        .unwrap_or(0)
}

fn keys(entries: &[Value]) -> BTreeSet<&str> {
    entries.iter().filter_map(entry_key).collect()
}

/// The entries naming `key`, as text, sorted: equal when the same
/// entries are there in any order.
fn entries_of(entries: &[Value], key: &str) -> Vec<String> {
    let mut out: Vec<String> = entries
        .iter()
        .filter(|e| entry_key(e) == Some(key))
        .map(Value::to_string)
        .collect();
    out.sort();
    out
}

/// Merges `versions` (in load order) into `merged`, which starts as the
/// base version's entries; what each version did, in order.
pub(crate) fn merge_entries(
    merged: &mut Vec<Value>,
    versions: &[ListVersion<'_>],
) -> Vec<(usize, ListChanges)> {
    let mut out = Vec::new();
    for v in versions {
        let mut changes = ListChanges::default();
        let mine = keys(v.entries);
        let theirs: BTreeSet<&str> = v.masters.iter().flat_map(|m| keys(m)).collect();
        if v.remove && !v.masters.is_empty() {
            for gone in theirs.difference(&mine) {
                let before = merged.len();
                merged.retain(|e| entry_key(e) != Some(gone));
                if merged.len() != before {
                    changes.removed.push(gone.to_string());
                }
            }
        }
        if v.change && !v.masters.is_empty() {
            for key in mine.intersection(&theirs) {
                let last_master = v
                    .masters
                    .iter()
                    .rev()
                    .find(|m| m.iter().any(|e| entry_key(e) == Some(key)))
                    .copied()
                    .unwrap_or_default();
                let now = entries_of(v.entries, key);
                if now == entries_of(last_master, key) || now == entries_of(merged, key) {
                    continue;
                }
                let at = merged
                    .iter()
                    .position(|e| entry_key(e) == Some(key))
                    .unwrap_or(merged.len());
                merged.retain(|e| entry_key(e) != Some(key));
                let fresh = v.entries.iter().filter(|e| entry_key(e) == Some(key));
                let at = at.min(merged.len());
                merged.splice(at..at, fresh.cloned());
                changes.changed.push(key.to_string());
            }
        }
        if v.add {
            let present: BTreeSet<String> = keys(merged).into_iter().map(String::from).collect();
            for e in v.entries {
                let Some(key) = entry_key(e) else { continue };
                if theirs.contains(key) || present.contains(key) {
                    continue;
                }
                merged.push(e.clone());
                if changes.added.last().map(String::as_str) != Some(key) {
                    changes.added.push(key.to_string());
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
pub(crate) fn sort_by_level(entries: &mut [Value]) {
    entries.sort_by_key(entry_level);
}

/// Whether two lists hold the same entries, in any order.
pub(crate) fn same_entries(a: &[Value], b: &[Value]) -> bool {
    let text = |l: &[Value]| {
        let mut t: Vec<String> = l.iter().map(Value::to_string).collect();
        t.sort();
        t
    };
    a.len() == b.len() && text(a) == text(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn e(r: &str, level: i64) -> Value {
        json!({"entry": {"level": level, "reference": r, "count": 1}})
    }

    #[test]
    fn adds_are_kept_removes_need_leave() {
        let base = vec![e("A", 1), e("B", 5)];
        // One plugin drops B and adds C; the other adds D.
        let one = vec![e("A", 1), e("C", 3)];
        let two = vec![e("A", 1), e("B", 5), e("D", 2)];
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
        assert_eq!(kept, [e("A", 1), e("D", 2), e("C", 3), e("B", 5)]);
        let (delev, done) = run(true);
        assert_eq!(delev, [e("A", 1), e("D", 2), e("C", 3)]);
        assert_eq!(done[0].1.removed, ["B"]);
        assert_eq!(done[0].1.added, ["C"]);
    }

    #[test]
    fn relev_takes_the_changed_level() {
        let base = vec![e("A", 1), e("B", 5)];
        let one = vec![e("A", 10), e("B", 5)];
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
        assert_eq!(merged, [e("A", 10), e("B", 5)]);
        assert_eq!(done[0].1.changed, ["A"]);
    }
}
