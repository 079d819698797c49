//! Override chains compared field by field, from the declarations: which
//! plugins change a record, which version wins, and what the winner drops.
//!
//! Each version of a record is compared in the JSON form `diff` compares
//! ([`crate::json::record_to_json`] and [`crate::json::diff_values`]),
//! with every form ID as its global identity so that plugins with
//! different master lists compare equal where they mean the same record.
//! Most versions are read from their typed view into a compact form of
//! that JSON (`loadorder::comparable`) that differs where the JSON would;
//! the JSON itself is built where the typed view cannot say, and for the
//! few values a report shows. Only records that more than one plugin
//! touches are decoded.

use super::comparable::{self, Comparable};
use super::{is_deleted, Found, GlobalId, LoadOrder};
use crate::io::Sig;
use crate::json::{diff_values, record_to_json};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::rc::Rc;

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

/// Two plugins (by place in the load order) holding versions of one
/// record, and whether both change a field to different values.
type PairMark = (usize, usize, bool);

/// A version's fields read once by the declaration, without the check
/// that they encode back ([`comparable`] makes it), with the form IDs its
/// declaration finds made global: the common, quick way to compare
/// versions.
fn quick_comparable(
    order: &LoadOrder<'_>,
    plugin: usize,
    rec: &crate::plugin::Record<'_>,
) -> Value {
    let p = order.plugin(plugin);
    let catalog = crate::defs::catalog(order.game());
    let fields = crate::schema::with_view(rec, catalog, p.form_ctx(), |v| {
        (v.fields_json(p.form_ctx()), comparable::held_form_ids(v))
    });
    match fields {
        Ok(Some((fields, forms))) => {
            let flags = rec.header.flags & !crate::plugin::FLAG_COMPRESSED;
            // Built in place: `json!` would copy the fields' whole tree.
            let mut m = serde_json::Map::with_capacity(2);
            m.insert("flags".into(), Value::from(format!("0x{flags:08X}")));
            m.insert("fields".into(), Value::Object(fields));
            let mut v = Value::Object(m);
            order.globalize_forms(plugin, &mut v, &forms);
            v
        }
        _ => comparable(order, plugin, rec),
    }
}

/// A version's comparable content: compact, from the typed view, where
/// that can be read; else (or where a comparison with a JSON one needs
/// it) its JSON form.
struct Content {
    typed: Option<Comparable>,
    json: std::cell::OnceCell<Value>,
}

impl Content {
    fn from_json(v: Value) -> Content {
        Content {
            typed: None,
            json: std::cell::OnceCell::from(v),
        }
    }

    /// The version read once by the declaration, as [`quick_comparable`]
    /// reads it, without building its JSON where the typed view can say.
    fn quick(order: &LoadOrder<'_>, plugin: usize, rec: &crate::plugin::Record<'_>) -> Content {
        let p = order.plugin(plugin);
        let catalog = crate::defs::catalog(order.game());
        let flags = rec.header.flags & !crate::plugin::FLAG_COMPRESSED;
        let typed = crate::schema::with_view(rec, catalog, p.form_ctx(), |v| {
            Comparable::from_view(order, plugin, flags, v)
        });
        match typed {
            Ok(Some(Some(typed))) => Content {
                typed: Some(typed),
                json: std::cell::OnceCell::new(),
            },
            _ => Content::from_json(quick_comparable(order, plugin, rec)),
        }
    }

    fn json(&self, order: &LoadOrder<'_>) -> &Value {
        self.json.get_or_init(|| match &self.typed {
            Some(typed) => typed.to_json(order, 0),
            None => Value::Null,
        })
    }
}

/// The paths at which two versions differ, as [`diff_values`] finds them
/// in their JSON forms.
fn changed_paths(order: &LoadOrder<'_>, old: &Content, new: &Content) -> Vec<String> {
    match (&old.typed, &new.typed) {
        (Some(a), Some(b)) => comparable::diff(order, a, b),
        _ => diff_values(old.json(order), new.json(order))
            .into_iter()
            .map(|c| c.path)
            .collect(),
    }
}

/// Whether two versions (`None` where not read) hold the same value at a
/// dotted path, or neither has it.
fn same_at(order: &LoadOrder<'_>, a: Option<&Content>, b: Option<&Content>, path: &str) -> bool {
    if let (Some(Content { typed: Some(x), .. }), Some(Content { typed: Some(y), .. })) = (a, b) {
        return match (x.at_path(path), y.at_path(path)) {
            (Some(i), Some(j)) => comparable::same_value(order, x, i, y, j),
            (None, None) => true,
            _ => false,
        };
    }
    let (a, b) = (a.map(|c| c.json(order)), b.map(|c| c.json(order)));
    a.and_then(|v| at_path(v, path)) == b.and_then(|v| at_path(v, path))
}

/// A version's value at a dotted path as JSON; `null` where it has none.
fn value_at(order: &LoadOrder<'_>, c: Option<&Content>, path: &str) -> Value {
    match c {
        Some(Content {
            typed: Some(typed), ..
        }) => typed
            .at_path(path)
            .map_or(Value::Null, |at| typed.to_json(order, at)),
        Some(c) => at_path(c.json(order), path).cloned().unwrap_or(Value::Null),
        None => Value::Null,
    }
}

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
    let mut v = order.record_content(plugin, rec);
    order.globalize(plugin, &mut v);
    v
}

impl LoadOrder<'_> {
    /// A version of a record as JSON, without what only says how it is
    /// stored: its type and form ID (the chain says them), version-control
    /// stamps, form version, the compressed payload, and the compressed
    /// flag (flags are shown as hex). Form IDs are as the plugin at
    /// `plugin` numbers them.
    pub fn record_content(&self, plugin: usize, rec: &crate::plugin::Record<'_>) -> Value {
        let p = self.plugin(plugin);
        let mut v = match record_to_json(rec, self.game(), p.form_ctx()) {
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
        v
    }
}

impl<'a> LoadOrder<'a> {
    /// The records that more than one file defines or overrides (an
    /// absent master counted as one), by global identity, sorted.
    pub fn overridden(&self) -> Vec<GlobalId> {
        let mut ids: Vec<GlobalId> = self.override_map().into_keys().collect();
        ids.par_sort_unstable();
        ids
    }

    /// Every override (a version held by another plugin than the defining
    /// one), by global identity, each list in load order. Only overrides are
    /// gathered, so a large master's own records cost nothing here.
    fn override_map(&self) -> HashMap<GlobalId, Vec<(usize, u32)>> {
        let mut map: HashMap<GlobalId, Vec<(usize, u32)>> = HashMap::new();
        for (i, p) in self.plugins.iter().enumerate() {
            for (g, k) in p.index.iter().filter(|(g, _)| g.file != i as u32) {
                map.entry(*g).or_default().push((i, *k));
            }
        }
        map
    }

    /// The chain of a record that has overrides: the defining plugin's
    /// version (when loaded), then the overrides.
    fn chain_with<'o>(&'o self, id: GlobalId, overrides: &[(usize, u32)]) -> Vec<Found<'o, 'a>> {
        let mut chain = Vec::with_capacity(overrides.len() + 1);
        if let Some(owner) = self.plugins.get(id.file as usize) {
            if let Ok(at) = owner.index.binary_search_by(|(g, _)| g.cmp(&id)) {
                chain.push(Found {
                    plugin: id.file as usize,
                    record: &owner.records[owner.index[at].1 as usize],
                });
            }
        }
        for &(plugin, k) in overrides {
            chain.push(Found {
                plugin,
                record: &self.plugins[plugin].records[k as usize],
            });
        }
        // A master loaded after its plugin puts the defining version out
        // of place: the chain follows the load order.
        chain.sort_by_key(|f| f.plugin);
        chain
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
        let mut overrides: Vec<(GlobalId, Vec<(usize, u32)>)> =
            self.override_map().into_iter().collect();
        overrides.par_sort_unstable_by_key(|(id, _)| *id);
        let compared: Vec<(RecordConflicts, Vec<PairMark>)> = overrides
            .par_iter()
            .with_max_len(64)
            .filter_map(|(id, list)| {
                self.compare_chain(*id, self.chain_with(*id, list), filter, only)
            })
            .collect();
        let mut pairs: HashMap<(usize, usize), (u64, u64)> = HashMap::new();
        let mut records = Vec::with_capacity(compared.len());
        for (rec, marks) in compared {
            for (a, b, clash) in marks {
                let e = pairs.entry((a, b)).or_default();
                e.0 += 1;
                e.1 += u64::from(clash);
            }
            records.push(rec);
        }
        let mut pairs: Vec<((usize, usize), (u64, u64))> = pairs.into_iter().collect();
        pairs.sort_unstable_by_key(|(k, _)| *k);
        let pairs = pairs
            .into_iter()
            .map(|((a, b), (shared, conflicts))| PairSummary {
                first: self.plugin(a).name.clone(),
                second: self.plugin(b).name.clone(),
                shared,
                conflicts,
            })
            .collect();
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
        let (record, marks) = self.compare_chain(id, self.chain(id), filter, only)?;
        let pairs = marks
            .into_iter()
            .map(|(a, b, clash)| PairSummary {
                first: self.plugin(a).name.clone(),
                second: self.plugin(b).name.clone(),
                shared: 1,
                conflicts: clash as u64,
            })
            .collect();
        Some((record, pairs))
    }

    pub(super) fn compare_chain(
        &self,
        id: GlobalId,
        chain: Vec<Found<'_, 'a>>,
        filter: &ConflictFilter,
        only: Option<usize>,
    ) -> Option<(RecordConflicts, Vec<PairMark>)> {
        let winner = chain.last()?;
        if !filter.types.is_empty() && !filter.types.contains(&winner.record.header.sig) {
            return None;
        }
        if only.is_some_and(|o| chain.iter().all(|f| f.plugin != o)) {
            return None;
        }
        let sig = winner.record.header.sig;
        let n = chain.len();
        let mut versions: Vec<Version> = Vec::with_capacity(n + 1);
        if !self.is_loaded(id.file) {
            versions.push(Version {
                plugin: self.file_name(id.file).to_string(),
                loaded: false,
                identical_to_master: false,
                deleted: false,
                changes: Vec::new(),
            });
        }
        let game = self.game();
        // Each version's data (inflated) and, only where a comparison
        // needs it, its fields: versions whose bytes are the same, with
        // form IDs numbered the same, are the same without being decoded.
        let data: Vec<Option<std::borrow::Cow<'_, [u8]>>> =
            chain.iter().map(|f| f.record.data(game).ok()).collect();
        let flags = |k: usize| chain[k].record.header.flags & !crate::plugin::FLAG_COMPRESSED;
        // Each pair's bytes compared once: 0 not yet, 1 differ, 2 same.
        let known: Vec<std::cell::Cell<u8>> = vec![std::cell::Cell::new(0); n * n];
        let same_bytes = |a: usize, b: usize| {
            let at = a.min(b) * n + a.max(b);
            if known[at].get() == 0 {
                let same = flags(a) == flags(b)
                    && matches!((&data[a], &data[b]), (Some(x), Some(y)) if x == y)
                    && self.same_numbering(chain[a].plugin, chain[b].plugin);
                known[at].set(1 + u8::from(same));
            }
            known[at].get() == 2
        };
        // Shared, not copied, between versions with the same bytes.
        let mut values: Vec<Option<Rc<Content>>> = vec![None; n];
        let value = |k: usize, values: &mut Vec<Option<Rc<Content>>>| {
            if values[k].is_none() {
                // A version with the same bytes as one already read reads
                // the same.
                let twin = (0..n).find(|&j| j != k && values[j].is_some() && same_bytes(j, k));
                values[k] = match twin {
                    Some(j) => values[j].clone(),
                    None => Some(Rc::new(Content::quick(
                        self,
                        chain[k].plugin,
                        chain[k].record,
                    ))),
                };
            }
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
        let mut changes: Vec<Vec<String>> = vec![Vec::new(); n];
        let mut itm = vec![false; n];
        for k in 1..n {
            let b = base_of(k);
            if same_bytes(b, k) {
                itm[k] = true;
                continue;
            }
            value(b, &mut values);
            value(k, &mut values);
            let mut diff = match (values[b].as_deref(), values[k].as_deref()) {
                (Some(vb), Some(vk)) => changed_paths(self, vb, vk),
                _ => Vec::new(),
            };
            if diff.is_empty()
                && self.same_numbering(chain[b].plugin, chain[k].plugin)
                && flags(b) == flags(k)
            {
                // The same fields from different bytes: what the quick
                // reading left out differs. Read both in full.
                let full_b = comparable(self, chain[b].plugin, chain[b].record);
                let full_k = comparable(self, chain[k].plugin, chain[k].record);
                diff = diff_values(&full_b, &full_k)
                    .into_iter()
                    .map(|c| c.path)
                    .collect();
                if diff.is_empty() {
                    diff.push("bytes".into());
                }
                values[b] = Some(Rc::new(Content::from_json(full_b)));
                values[k] = Some(Rc::new(Content::from_json(full_k)));
            }
            itm[k] = diff.is_empty();
            changes[k] = diff;
        }
        let last = n - 1;
        let mut lost = Vec::new();
        let winner_masters = self.plugin(chain[last].plugin).masters();
        for k in 1..last {
            if changes[k].is_empty() || same_bytes(k, last) {
                continue;
            }
            value(last, &mut values);
            let name = &self.plugin(chain[k].plugin).name;
            let deliberate = winner_masters.iter().any(|m| m.eq_ignore_ascii_case(name));
            let (vk, vw) = (values[k].as_deref(), values[last].as_deref());
            for path in &changes[k] {
                if !same_at(self, vk, vw, path) {
                    lost.push(LostChange {
                        path: path.clone(),
                        plugin: name.clone(),
                        value: value_at(self, vk, path),
                        winner_value: value_at(self, vw, path),
                        deliberate,
                    });
                }
            }
        }
        let any_deleted = chain.iter().any(|f| is_deleted(f.record));
        let category = if any_deleted && PLACED.iter().any(|p| sig.0 == **p) {
            Category::DeletedReference
        } else if n < 2 {
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
        let mut pairs = Vec::with_capacity(n * (n - 1) / 2);
        for a in 0..n {
            for b in a + 1..n {
                let clash = !changes[a].is_empty()
                    && !changes[b].is_empty()
                    && !same_bytes(a, b)
                    && changes[a].iter().any(|pa| {
                        changes[b].iter().any(|pb| {
                            related(pa, pb) && {
                                let p = if pa.len() >= pb.len() { pa } else { pb };
                                !same_at(self, values[a].as_deref(), values[b].as_deref(), p)
                            }
                        })
                    });
                pairs.push((chain[a].plugin, chain[b].plugin, clash));
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
                editor_id: super::editor_id_of(winner.record, game),
                category,
                winner: self.plugin(winner.plugin).name.clone(),
                chain: versions,
                lost,
            },
            pairs,
        ))
    }

    /// Whether two plugins number form IDs the same way: each top byte
    /// that both can write names the same file.
    fn same_numbering(&self, a: usize, b: usize) -> bool {
        if a == b {
            return true;
        }
        let (pa, pb) = (&self.plugins[a].master_files, &self.plugins[b].master_files);
        let map = |files: &[u32], own: usize, t: usize| files.get(t).copied().unwrap_or(own as u32);
        (0..=pa.len().min(pb.len())).all(|t| map(pa, a, t) == map(pb, b, t))
    }

    /// Every record that refers to `target`, across the load order: the
    /// plugin, the referring record and the field paths that hold the
    /// reference (xEdit's "referenced by"). Records are decoded in parallel.
    pub fn referenced_by(&self, target: GlobalId) -> Vec<Reference> {
        let catalog = crate::defs::catalog(self.game());
        self.plugins
            .par_iter()
            .enumerate()
            .flat_map_iter(|(i, p)| {
                p.records
                    .iter()
                    .filter_map(move |r| {
                        // Cheap test first: the form ID's bytes, as this
                        // plugin writes it, must be in the record.
                        if !self.may_refer(i, r, target) {
                            return None;
                        }
                        // Then every form ID field the declaration knows,
                        // resolved through this plugin's masters.
                        let refs =
                            crate::schema::record_form_refs(r, catalog, p.form_ctx()).ok()??;
                        let paths: Vec<String> = refs
                            .into_iter()
                            .filter(|f| f.form_id.0 != 0 && self.resolve(i, f.form_id) == target)
                            .map(|f| f.path)
                            .collect();
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

#[cfg(test)]
mod tests;
