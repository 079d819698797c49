//! Override chains compared field by field, from the declarations: which
//! plugins change a record, which version wins, and what the winner drops.
//!
//! Each version of a record is decoded by its declaration into the JSON
//! form `diff` compares ([`crate::json::record_to_json`] and
//! [`crate::json::diff_values`]), with every form ID rewritten as its
//! global identity so that plugins with different master lists compare
//! equal where they mean the same record. Only records that more than one
//! plugin touches are decoded.

use super::{is_deleted, GlobalId, LoadOrder};
use crate::io::Sig;
use crate::json::{diff_values, record_to_json};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;

/// How the versions of a record relate, in the spirit of xEdit's colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// One version is loaded (the others' plugins are absent).
    OnlyOne,
    /// Every override is identical to the version of its master (ITM).
    IdenticalToMaster,
    /// Overrides that drop no earlier plugin's change.
    Override,
    /// The winner drops a change that an earlier plugin made.
    Conflict,
    /// A placed reference deleted by a plugin (UDR).
    DeletedReference,
}

impl Category {
    /// A short label for text output.
    pub fn label(self) -> &'static str {
        match self {
            Category::OnlyOne => "only one version",
            Category::IdenticalToMaster => "identical to master (ITM)",
            Category::Override => "override, no conflict",
            Category::Conflict => "conflict",
            Category::DeletedReference => "deleted reference (UDR)",
        }
    }
}

/// One version of a record in its override chain.
#[derive(Debug, Clone, Serialize)]
pub struct Version {
    /// The plugin holding the version.
    pub plugin: String,
    /// Whether the plugin is loaded (an absent master is named, not loaded).
    pub loaded: bool,
    /// Identical to the version of the plugin's master that precedes it.
    pub identical_to_master: bool,
    /// The record carries the deleted flag.
    pub deleted: bool,
    /// The fields this version changes from the version it overrides.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<String>,
}

/// A change an earlier plugin made that the winning version drops.
#[derive(Debug, Clone, Serialize)]
pub struct LostChange {
    /// The field, as a dotted path (`data.value`, `items.2.count`).
    pub path: String,
    /// The plugin whose change is lost.
    pub plugin: String,
    /// Its value there (`null` where it removed the field).
    pub value: Value,
    /// The winner's value (`null` where the winner has no such field).
    pub winner_value: Value,
    /// The winner names the plugin as a master: the drop is deliberate (a
    /// patch choosing between plugins), not a conflict.
    pub deliberate: bool,
}

/// A record that more than one plugin defines or overrides.
#[derive(Debug, Clone, Serialize)]
pub struct RecordConflicts {
    /// The record's identity.
    #[serde(skip)]
    pub id: GlobalId,
    /// The load-order form ID and the defining file: `0002EE72 Oblivion.esm`.
    pub form_id: String,
    /// The record type.
    #[serde(rename = "type")]
    pub sig: String,
    /// The winning version's editor ID.
    pub editor_id: Option<String>,
    /// How the versions relate.
    pub category: Category,
    /// The winning plugin.
    pub winner: String,
    /// Every version in load order, the defining file's first.
    pub chain: Vec<Version>,
    /// Changes that the winner drops.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lost: Vec<LostChange>,
}

/// Two plugins that touch the same records.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PairSummary {
    /// The earlier plugin.
    pub first: String,
    /// The later plugin.
    pub second: String,
    /// Records both hold a version of.
    pub shared: u64,
    /// Records where both change a field, to different values.
    pub conflicts: u64,
}

/// Which records to compare.
#[derive(Debug, Clone, Default)]
pub struct ConflictFilter {
    /// Only these record types (all when empty).
    pub types: Vec<Sig>,
    /// Only records this plugin (by name, any case) holds a version of.
    pub plugin: Option<String>,
}

/// Every compared record and the per-pair summary.
#[derive(Debug, Clone, Serialize)]
pub struct ConflictReport {
    /// Records with more than one version, by global identity.
    pub records: Vec<RecordConflicts>,
    /// Plugin pairs that share records, in load order.
    pub pairs: Vec<PairSummary>,
}

const PLACED: &[&[u8; 4]] = &[
    b"REFR", b"ACHR", b"ACRE", b"PGRE", b"PMIS", b"PHZD", b"PARW", b"PBAR", b"PBEA", b"PCON",
    b"PFLA",
];

/// The value at a dotted path.
fn at_path<'v>(v: &'v Value, path: &str) -> Option<&'v Value> {
    if path.is_empty() {
        return Some(v);
    }
    let mut cur = v;
    for part in path.split('.') {
        cur = match cur {
            Value::Object(m) => m.get(part)?,
            Value::Array(a) => a.get(part.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(cur)
}

/// Whether one path is the other or lies inside it.
fn related(a: &str, b: &str) -> bool {
    let inside = |long: &str, short: &str| {
        long.len() > short.len() && long.starts_with(short) && long.as_bytes()[short.len()] == b'.'
    };
    a == b || a.is_empty() || b.is_empty() || inside(a, b) || inside(b, a)
}

/// A version's comparable content: what the declaration decodes, the
/// record flags that matter, with form IDs made global.
fn comparable(order: &LoadOrder<'_>, plugin: usize, rec: &crate::plugin::Record<'_>) -> Value {
    let p = order.plugin(plugin);
    let mut v = match record_to_json(rec, order.game(), p.form_ctx()) {
        Ok(j) => j.value,
        Err(e) => serde_json::json!({ "unreadable": e.to_string() }),
    };
    if let Value::Object(m) = &mut v {
        for key in [
            "type",
            "form_id",
            "version_control",
            "version_control_2",
            "form_version",
            "zlib_original",
        ] {
            m.remove(key);
        }
        // Compression is how the record is stored, not what it says.
        let flags = rec.header.flags & !crate::plugin::FLAG_COMPRESSED;
        m.insert("flags".into(), Value::from(format!("0x{flags:08X}")));
    }
    order.globalize(plugin, &mut v);
    v
}

impl LoadOrder<'_> {
    /// The records that more than one file defines or overrides (an
    /// absent master counted as one), by global identity, in parallel.
    pub fn overridden(&self) -> Vec<GlobalId> {
        let mut ids: Vec<GlobalId> = self
            .plugins
            .par_iter()
            .enumerate()
            .flat_map_iter(|(i, p)| {
                p.index
                    .iter()
                    .filter(move |(g, _)| g.file != i as u32)
                    .map(|(g, _)| *g)
            })
            .collect();
        ids.par_sort_unstable();
        ids.dedup();
        ids
    }

    /// Compares every version of every record more than one plugin
    /// touches, with a summary per pair of plugins.
    pub fn conflicts(&self, filter: &ConflictFilter) -> ConflictReport {
        let only = filter.plugin.as_deref().and_then(|n| self.position(n));
        if filter.plugin.is_some() && only.is_none() {
            return ConflictReport {
                records: Vec::new(),
                pairs: Vec::new(),
            };
        }
        let compared: Vec<(RecordConflicts, Vec<PairSummary>)> = self
            .overridden()
            .into_par_iter()
            .filter_map(|id| self.compare_record(id, filter, only))
            .collect();
        let mut pairs: HashMap<(String, String), (u64, u64)> = HashMap::new();
        let mut records = Vec::with_capacity(compared.len());
        for (rec, ps) in compared {
            for p in ps {
                let e = pairs.entry((p.first, p.second)).or_default();
                e.0 += p.shared;
                e.1 += p.conflicts;
            }
            records.push(rec);
        }
        let place = |n: &str| self.position(n).unwrap_or(usize::MAX);
        let mut pairs: Vec<PairSummary> = pairs
            .into_iter()
            .map(|((first, second), (shared, conflicts))| PairSummary {
                first,
                second,
                shared,
                conflicts,
            })
            .collect();
        pairs.sort_by_key(|p| (place(&p.first), place(&p.second)));
        ConflictReport { records, pairs }
    }

    /// Compares the versions of one record: `None` when the filter leaves
    /// it out.
    pub fn compare_record(
        &self,
        id: GlobalId,
        filter: &ConflictFilter,
        only: Option<usize>,
    ) -> Option<(RecordConflicts, Vec<PairSummary>)> {
        let chain = self.chain(id);
        let winner = chain.last()?;
        if !filter.types.is_empty() && !filter.types.contains(&winner.record.header.sig) {
            return None;
        }
        if only.is_some_and(|o| chain.iter().all(|f| f.plugin != o)) {
            return None;
        }
        let sig = winner.record.header.sig;
        let mut versions: Vec<Version> = Vec::with_capacity(chain.len() + 1);
        if !self.is_loaded(id.file) {
            versions.push(Version {
                plugin: self.file_name(id.file).to_string(),
                loaded: false,
                identical_to_master: false,
                deleted: false,
                changes: Vec::new(),
            });
        }
        let values: Vec<Value> = if chain.len() > 1 {
            chain
                .iter()
                .map(|f| comparable(self, f.plugin, f.record))
                .collect()
        } else {
            Vec::new()
        };
        // The version each one overrides: the last earlier one from a
        // plugin it names as a master, else the first.
        let base_of = |k: usize| -> usize {
            let masters = self.plugin(chain[k].plugin).masters();
            (0..k)
                .rev()
                .find(|&j| {
                    let n = &self.plugin(chain[j].plugin).name;
                    masters.iter().any(|m| m.eq_ignore_ascii_case(n))
                })
                .unwrap_or(0)
        };
        let mut changes: Vec<Vec<String>> = vec![Vec::new(); chain.len()];
        let mut itm = vec![false; chain.len()];
        if chain.len() > 1 {
            for k in 1..chain.len() {
                let b = base_of(k);
                let diff = diff_values(&values[b], &values[k]);
                itm[k] = diff.is_empty();
                changes[k] = diff.into_iter().map(|c| c.path).collect();
            }
        }
        let last = chain.len() - 1;
        let mut lost = Vec::new();
        if chain.len() > 1 {
            let winner_masters = self.plugin(chain[last].plugin).masters();
            for k in 1..last {
                let name = &self.plugin(chain[k].plugin).name;
                let deliberate = winner_masters.iter().any(|m| m.eq_ignore_ascii_case(name));
                for path in &changes[k] {
                    let mine = at_path(&values[k], path);
                    let theirs = at_path(&values[last], path);
                    if mine != theirs {
                        lost.push(LostChange {
                            path: path.clone(),
                            plugin: name.clone(),
                            value: mine.cloned().unwrap_or(Value::Null),
                            winner_value: theirs.cloned().unwrap_or(Value::Null),
                            deliberate,
                        });
                    }
                }
            }
        }
        let any_deleted = chain.iter().any(|f| is_deleted(f.record));
        let category = if any_deleted && PLACED.iter().any(|p| sig.0 == **p) {
            Category::DeletedReference
        } else if chain.len() < 2 {
            Category::OnlyOne
        } else if lost.iter().any(|l| !l.deliberate) {
            Category::Conflict
        } else if itm[1..].iter().all(|&x| x) {
            Category::IdenticalToMaster
        } else {
            Category::Override
        };
        // Pairs: both hold a version; a conflict where both change a field
        // to different values.
        let mut pairs = Vec::new();
        for a in 0..chain.len() {
            for b in a + 1..chain.len() {
                let clash = changes[a].iter().any(|pa| {
                    changes[b].iter().any(|pb| {
                        related(pa, pb) && {
                            let p = if pa.len() >= pb.len() { pa } else { pb };
                            at_path(&values[a], p) != at_path(&values[b], p)
                        }
                    })
                });
                pairs.push(PairSummary {
                    first: self.plugin(chain[a].plugin).name.clone(),
                    second: self.plugin(chain[b].plugin).name.clone(),
                    shared: 1,
                    conflicts: clash as u64,
                });
            }
        }
        for (k, f) in chain.iter().enumerate() {
            versions.push(Version {
                plugin: self.plugin(f.plugin).name.clone(),
                loaded: true,
                identical_to_master: itm[k],
                deleted: is_deleted(f.record),
                changes: std::mem::take(&mut changes[k]),
            });
        }
        Some((
            RecordConflicts {
                id,
                form_id: self.show_id(id),
                sig: sig.to_string(),
                editor_id: super::editor_id_of(winner.record, self.game()),
                category,
                winner: self.plugin(winner.plugin).name.clone(),
                chain: versions,
                lost,
            },
            pairs,
        ))
    }

    /// Every record that refers to `target`, across the load order: the
    /// plugin, the referring record and the field paths that hold the
    /// reference (xEdit's "referenced by"). Records are decoded in parallel.
    pub fn referenced_by(&self, target: GlobalId) -> Vec<Reference> {
        let wanted = self.show_id(target);
        let game = self.game();
        self.plugins
            .par_iter()
            .enumerate()
            .flat_map_iter(|(i, p)| {
                let wanted = &wanted;
                p.records
                    .iter()
                    .filter_map(move |r| {
                        // Cheap test first: the form ID's bytes, as this
                        // plugin writes it, must be in the record.
                        if !self.may_refer(i, r, target) {
                            return None;
                        }
                        let mut v = record_to_json(r, game, p.form_ctx()).ok()?.value;
                        if let Value::Object(m) = &mut v {
                            m.remove("form_id");
                        }
                        self.globalize(i, &mut v);
                        let mut paths = Vec::new();
                        find_text(&v, wanted, "", &mut paths);
                        if paths.is_empty() {
                            return None;
                        }
                        let id = self.resolve(i, r.header.form_id);
                        Some(Reference {
                            plugin: p.name.clone(),
                            record: self.describe(id),
                            form_id: self.show_id(id),
                            sig: r.header.sig.to_string(),
                            paths,
                        })
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// Whether a record's data holds the bytes of the local form ID that
    /// names `target` in the plugin at `plugin`.
    fn may_refer(&self, plugin: usize, r: &crate::plugin::Record<'_>, target: GlobalId) -> bool {
        let p = self.plugin(plugin);
        let top = if target.file == plugin as u32 {
            p.master_files.len()
        } else {
            match p.master_files.iter().position(|&f| f == target.file) {
                Some(i) => i,
                None => return false,
            }
        };
        let local = ((top as u32) << 24) | target.object;
        let needle = local.to_le_bytes();
        let mut found = false;
        let _ = r.for_each_subrecord(self.game(), |s| {
            if !found {
                found = s.data.windows(4).any(|w| w == needle);
            }
        });
        found
    }
}

/// A record that refers to another.
#[derive(Debug, Clone, Serialize)]
pub struct Reference {
    /// The plugin holding the referring version.
    pub plugin: String,
    /// The referring record, named: `EditorID "Name" [TYPE:ID File]`.
    pub record: String,
    /// Its load-order form ID and defining file.
    pub form_id: String,
    /// Its type.
    #[serde(rename = "type")]
    pub sig: String,
    /// The fields holding the reference.
    pub paths: Vec<String>,
}

fn find_text(v: &Value, wanted: &str, path: &str, out: &mut Vec<String>) {
    let join = |k: &str| {
        if path.is_empty() {
            k.to_string()
        } else {
            format!("{path}.{k}")
        }
    };
    match v {
        Value::String(s) if s == wanted => out.push(path.to_string()),
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                find_text(x, wanted, &join(&i.to_string()), out);
            }
        }
        Value::Object(m) => {
            for (k, x) in m {
                find_text(x, wanted, &join(k), out);
            }
        }
        _ => {}
    }
}
