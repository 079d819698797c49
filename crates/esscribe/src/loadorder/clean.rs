//! Cleaning a plugin as xEdit's quick auto-clean does: overrides identical
//! to the master version they override (ITM) are removed, and deleted
//! references (UDR) are undeleted and disabled instead, so that other
//! plugins referring to them do not crash the game.
//!
//! ```no_run
//! use esscribe::loadorder::{LoadOrder, PluginFiles};
//! let files = PluginFiles::open(["Skyrim.esm", "MyMod.esp"]);
//! let order = LoadOrder::from_files(&files);
//! let mod_at = order.position("MyMod.esp").unwrap();
//! let plan = order.plan_clean(mod_at)?;
//! for action in &plan.actions {
//!     println!("{} {} {}", action.kind.label(), action.sig, action.form_id);
//! }
//! let cleaned: Vec<u8> = plan.apply(&order)?;
//! # Ok::<(), esscribe::Error>(())
//! ```
//!
//! A record is compared and changed only when it and the master version
//! it overrides read fully by their declarations; any other override is
//! left as it is and reported with the reason. Records the plan does not
//! touch are written from their original bytes, so cleaning a clean
//! plugin gives back the very bytes.

use super::{editor_id_of, form_id_text, is_deleted, ConflictFilter, Found, LoadOrder};
use crate::io::{Error, FormId, Result, Sig};
use crate::plugin::{parse_subrecords, Entry, Game, GroupKind, Plugin, Subrecord, FLAG_DELETED};
use crate::schema::Fields;
use rayon::prelude::*;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::HashMap;

/// The record flag of references the game keeps loaded everywhere.
const FLAG_PERSISTENT: u32 = 0x0000_0400;
/// The record flag of references that start disabled.
const FLAG_INITIALLY_DISABLED: u32 = 0x0000_0800;
/// The player's reference, a form the engine defines: an undeleted
/// reference is enabled only when the player is disabled, that is never.
const PLAYER_REF: u32 = 0x14;
/// Where an undeleted reference is put: far below any ground.
const BELOW_GROUND: f64 = -30000.0;

/// Placed references each game can undelete.
fn references(game: Game) -> &'static [&'static [u8; 4]] {
    match game {
        Game::Oblivion => &[b"REFR", b"ACHR", b"ACRE"],
        Game::Skyrim => &[
            b"REFR", b"ACHR", b"PGRE", b"PMIS", b"PHZD", b"PARW", b"PBAR", b"PBEA", b"PCON",
            b"PFLA",
        ],
    }
}

/// What cleaning does to a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CleanKind {
    /// Identical to the master version it overrides: removed.
    IdenticalToMaster,
    /// A deleted reference: undeleted, disabled and moved below the ground.
    UndeletedReference,
    /// Left as it is, for the reason given.
    Skipped,
}

impl CleanKind {
    /// A short label for text output.
    pub fn label(self) -> &'static str {
        match self {
            CleanKind::IdenticalToMaster => "removed, identical to master (ITM)",
            CleanKind::UndeletedReference => "undeleted and disabled (UDR)",
            CleanKind::Skipped => "skipped",
        }
    }
}

/// One record the plan acts on or leaves with a reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CleanAction {
    /// What is done.
    #[serde(rename = "action")]
    pub kind: CleanKind,
    /// The record type.
    #[serde(rename = "type")]
    pub sig: Sig,
    /// The form ID as the plugin stores it.
    pub form_id: FormId,
    /// The load-order form ID and the file defining the record
    /// (`00012345 Campfire.esm`).
    pub record: String,
    /// The record's editor ID, where it has one.
    pub editor_id: Option<String>,
    /// Why a record is skipped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A change to one record, by the record's file offset.
#[derive(Debug, Clone)]
enum Edit {
    Remove,
    Replace {
        flags: u32,
        subrecords: Vec<Subrecord>,
    },
}

/// What a record's own reading decided, before its place in the tree is
/// looked at.
#[derive(Debug, Clone)]
enum Decision {
    Itm,
    Undelete {
        flags: u32,
        subrecords: Vec<Subrecord>,
    },
    Skip(String),
}

/// What cleaning one plugin of a load order does: every record acted on
/// or left with a reason, in file order.
#[derive(Debug, Clone, Serialize)]
pub struct CleanPlan {
    /// The plugin cleaned.
    pub plugin: String,
    /// Every record removed, undeleted or skipped, in file order.
    pub actions: Vec<CleanAction>,
    /// Groups removed because cleaning left them empty.
    pub groups_removed: usize,
    #[serde(skip)]
    index: usize,
    #[serde(skip)]
    edits: HashMap<u64, Edit>,
}

impl CleanPlan {
    /// How many records the plan acts on this way.
    pub fn count(&self, kind: CleanKind) -> usize {
        self.actions.iter().filter(|a| a.kind == kind).count()
    }

    /// Whether applying the plan changes nothing.
    pub fn changes_nothing(&self) -> bool {
        self.edits.is_empty()
    }

    /// The cleaned plugin's bytes: records removed, references undeleted,
    /// groups left empty removed and the header's record count updated.
    /// Every record the plan does not touch keeps its bytes. `order` is
    /// the load order the plan was made in.
    pub fn apply(&self, order: &LoadOrder<'_>) -> Result<Vec<u8>> {
        let p = order
            .plugins()
            .get(self.index)
            .filter(|p| p.name == self.plugin)
            .ok_or_else(|| {
                Error::not_found(format!(
                    "{} is not where the plan found it in this load order",
                    self.plugin
                ))
            })?;
        if self.edits.is_empty() {
            return Ok(p.bytes().to_vec());
        }
        let mut plugin = Plugin::parse_as(p.bytes(), order.game())?;
        apply_edits(&mut plugin.entries, &self.edits);
        plugin.reindex();
        plugin.to_bytes()
    }
}

/// Applies edits to a list of entries; a group emptied by them goes too.
fn apply_edits(entries: &mut Vec<Entry<'_>>, edits: &HashMap<u64, Edit>) {
    entries.retain_mut(|e| match e {
        Entry::Record(r) => match edits.get(&r.offset) {
            Some(Edit::Remove) => false,
            Some(Edit::Replace { flags, subrecords }) => {
                r.header.flags = *flags;
                r.set_subrecords(subrecords.clone());
                true
            }
            None => true,
        },
        Entry::Group(g) => {
            let had_children = !g.children.is_empty();
            apply_edits(&mut g.children, edits);
            !(had_children && g.children.is_empty())
        }
    });
}

/// The children group kind that follows a parent record of this type.
fn children_kind(sig: Sig) -> Option<GroupKind> {
    match &sig.0 {
        b"CELL" => Some(GroupKind::CellChildren),
        b"WRLD" => Some(GroupKind::WorldChildren),
        b"DIAL" => Some(GroupKind::TopicChildren),
        _ => None,
    }
}

/// An action found walking the tree: the record's offset, what is done
/// and why.
type Act = (u64, CleanKind, Option<String>);

/// Decides the records of a list of entries, its groups first (a parent
/// record stays when its children group keeps records). Returns how many
/// entries are left and the actions, in file order.
fn walk(
    entries: &[Entry<'_>],
    decisions: &HashMap<u64, Decision>,
    edits: &mut HashMap<u64, Edit>,
    groups_removed: &mut usize,
) -> (usize, Vec<Act>) {
    let inside: Vec<Option<(usize, Vec<Act>)>> = entries
        .iter()
        .map(|e| match e {
            Entry::Group(g) => Some(walk(&g.children, decisions, edits, groups_removed)),
            Entry::Record(_) => None,
        })
        .collect();
    let left_in = |i: usize| inside.get(i).and_then(|x| x.as_ref()).map(|(n, _)| *n);
    let mut left = 0;
    let mut actions = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        match e {
            Entry::Group(g) => {
                if let Some((_, found)) = &inside[i] {
                    actions.extend(found.iter().cloned());
                }
                if !g.children.is_empty() && left_in(i) == Some(0) {
                    *groups_removed += 1;
                } else {
                    left += 1;
                }
            }
            Entry::Record(r) => {
                let Some(decision) = decisions.get(&r.offset) else {
                    left += 1;
                    continue;
                };
                match decision {
                    Decision::Itm => {
                        // A parent whose children group keeps records
                        // stays: the children need it.
                        let children_left =
                            children_kind(r.header.sig).and_then(|kind| match entries.get(i + 1) {
                                Some(Entry::Group(g))
                                    if g.header.kind() == kind
                                        && g.header.label == r.header.form_id.0.to_le_bytes() =>
                                {
                                    left_in(i + 1).filter(|&n| n > 0)
                                }
                                _ => None,
                            });
                        match children_left {
                            Some(n) => {
                                left += 1;
                                let what = if n == 1 { "entry" } else { "entries" };
                                actions.push((
                                    r.offset,
                                    CleanKind::Skipped,
                                    Some(format!(
                                        "identical to master, kept as the parent of {n} {what} left"
                                    )),
                                ));
                            }
                            None => {
                                edits.insert(r.offset, Edit::Remove);
                                actions.push((r.offset, CleanKind::IdenticalToMaster, None));
                            }
                        }
                    }
                    Decision::Undelete { flags, subrecords } => {
                        left += 1;
                        edits.insert(
                            r.offset,
                            Edit::Replace {
                                flags: *flags,
                                subrecords: subrecords.clone(),
                            },
                        );
                        actions.push((r.offset, CleanKind::UndeletedReference, None));
                    }
                    Decision::Skip(why) => {
                        left += 1;
                        actions.push((r.offset, CleanKind::Skipped, Some(why.clone())));
                    }
                }
            }
        }
    }
    (left, actions)
}

impl<'a> LoadOrder<'a> {
    /// What cleaning the plugin at `plugin` does (see the [module
    /// docs](self)): its overrides compared with the master versions they
    /// override, its deleted references undeleted. Nothing is written;
    /// [`CleanPlan::apply`] gives the cleaned bytes.
    pub fn plan_clean(&self, plugin: usize) -> Result<CleanPlan> {
        let p = self.plugin(plugin);
        let tree =
            Plugin::parse_as(p.bytes(), self.game()).map_err(|e| e.within(p.name.clone()))?;
        let decisions: HashMap<u64, Decision> = p
            .records
            .par_iter()
            .with_max_len(64)
            .filter_map(|r| Some((r.offset, self.decide(plugin, r)?)))
            .collect();
        let mut edits = HashMap::new();
        let mut groups_removed = 0;
        let (_, found) = walk(&tree.entries, &decisions, &mut edits, &mut groups_removed);
        let by_offset: HashMap<u64, &crate::plugin::Record<'a>> =
            p.records.iter().map(|r| (r.offset, r)).collect();
        let actions = found
            .into_iter()
            .filter_map(|(offset, kind, reason)| {
                let r = by_offset.get(&offset)?;
                Some(CleanAction {
                    kind,
                    sig: r.header.sig,
                    form_id: r.header.form_id,
                    record: self.show_id(self.resolve(plugin, r.header.form_id)),
                    editor_id: editor_id_of(r, self.game()),
                    reason,
                })
            })
            .collect();
        Ok(CleanPlan {
            plugin: p.name.clone(),
            actions,
            groups_removed,
            index: plugin,
            edits,
        })
    }

    /// What to do with one record of the plugin at `plugin`: `None` for
    /// a record of its own, or an override that stays as it is.
    fn decide(&self, plugin: usize, rec: &crate::plugin::Record<'a>) -> Option<Decision> {
        let id = self.resolve(plugin, rec.header.form_id);
        if id.file == plugin as u32 {
            return None;
        }
        if !self.is_loaded(id.file) {
            return Some(Decision::Skip(format!(
                "its master {} is absent",
                self.file_name(id.file)
            )));
        }
        let chain = self.chain(id);
        let k = chain.iter().position(|f| f.plugin == plugin)?;
        let masters = self.plugin(plugin).masters();
        let Some(base) = (0..k).rev().map(|j| chain[j]).find(|f| {
            let name = &self.plugin(f.plugin).name;
            masters.iter().any(|m| m.eq_ignore_ascii_case(name))
        }) else {
            return Some(Decision::Skip(format!(
                "no master holds the record ({} does not)",
                self.file_name(id.file)
            )));
        };
        if let Some(why) = self.unreadable(plugin, rec) {
            return Some(Decision::Skip(why));
        }
        if let Some(why) = self.unreadable(base.plugin, base.record) {
            return Some(Decision::Skip(format!(
                "the version of {} it overrides {why}",
                self.plugin(base.plugin).name
            )));
        }
        let sig = rec.header.sig;
        if is_deleted(rec) {
            if !references(self.game()).contains(&&sig.0) {
                return Some(Decision::Skip(format!(
                    "deleted, and only references are undeleted, not {sig}"
                )));
            }
            return Some(match self.undelete(plugin, rec, base) {
                Ok((flags, subrecords)) => Decision::Undelete { flags, subrecords },
                Err(why) => Decision::Skip(why),
            });
        }
        let (compared, _) = self.compare_record(id, &ConflictFilter::default(), None)?;
        let version = compared.chain.iter().filter(|v| v.loaded).nth(k)?;
        version.identical_to_master.then_some(Decision::Itm)
    }

    /// Why a version of a record cannot be compared or changed field by
    /// field: no declaration of its type, data that does not read, or
    /// subrecords kept as bytes.
    fn unreadable(&self, plugin: usize, rec: &crate::plugin::Record<'_>) -> Option<String> {
        let catalog = crate::defs::catalog(self.game());
        if catalog.find(rec.header.sig).is_none() {
            return Some(format!("{} has no declaration", rec.header.sig));
        }
        let ctx = self.plugin(plugin).form_ctx();
        match crate::schema::record_coverage_counts(rec, catalog, ctx) {
            Err(e) => Some(format!("does not read: {e}")),
            Ok(c) if c.raw > 0 => Some(format!(
                "has {} kept as bytes (not matching its declaration)",
                if c.raw == 1 {
                    "a subrecord".to_string()
                } else {
                    format!("{} subrecords", c.raw)
                }
            )),
            Ok(_) => None,
        }
    }

    /// A deleted reference undeleted as xEdit's "Undelete and Disable
    /// References" does: the deleted flag cleared, persistence as the game
    /// wants it (Skyrim actors persistent, nothing persistent in
    /// Oblivion), a reference that is not persistent put below the ground,
    /// enable parent and teleport removed, the player set as enable parent
    /// with the opposite state, and the initially-disabled flag set. Base
    /// and position stripped from the deleted record come from the master
    /// version. The record's new flags and subrecords, or why not.
    fn undelete(
        &self,
        plugin: usize,
        rec: &crate::plugin::Record<'_>,
        base: Found<'_, 'a>,
    ) -> std::result::Result<(u32, Vec<Subrecord>), String> {
        let catalog = crate::defs::catalog(self.game());
        let ctx = self.plugin(plugin).form_ctx();
        let sig = rec.header.sig;
        let text = |e: Error| e.to_string();
        let mut fields = Fields::of(rec, catalog, ctx)
            .map_err(text)?
            .ok_or_else(|| format!("{sig} has no declaration"))?;
        let key = |fields: &Fields, s: &[u8; 4]| {
            fields
                .key_of(Sig(*s))
                .ok_or_else(|| format!("{sig} declares no {}", Sig(*s)))
        };
        let base_key = key(&fields, b"NAME")?;
        let position_key = key(&fields, b"DATA")?;
        let parent_key = key(&fields, b"XESP")?;
        for k in [base_key, position_key] {
            if fields.get(k).is_some() {
                continue;
            }
            let master = self.plugin(base.plugin);
            let from_master = Fields::of(base.record, catalog, master.form_ctx())
                .map_err(text)?
                .ok_or_else(|| format!("{sig} has no declaration"))?;
            let mut value = from_master
                .get(k)
                .cloned()
                .ok_or_else(|| format!("stripped of {k}, which {} lacks too", master.name))?;
            self.renumber(base.plugin, plugin, &mut value)?;
            fields.insert(k, value).map_err(text)?;
        }
        let mut flags = rec.header.flags & !FLAG_DELETED;
        match self.game() {
            Game::Skyrim if sig.0 == *b"ACHR" => flags |= FLAG_PERSISTENT,
            Game::Oblivion => flags &= !FLAG_PERSISTENT,
            Game::Skyrim => {}
        }
        if (flags ^ rec.header.flags) & FLAG_PERSISTENT != 0 {
            return Err(format!(
                "deleted, but undeleting makes it {}, which would move it to another group of its cell: left as it is",
                if flags & FLAG_PERSISTENT != 0 {
                    "persistent"
                } else {
                    "temporary"
                }
            ));
        }
        if flags & FLAG_PERSISTENT == 0 {
            fields
                .set(&format!("{position_key}.position_z"), BELOW_GROUND)
                .map_err(text)?;
        }
        for s in [b"XESP", b"XTEL"] {
            if let Some(k) = fields.key_of(Sig(*s)) {
                fields.remove(k).map_err(text)?;
            }
        }
        let parent = json!({
            "reference": ctx.show(FormId(PLAYER_REF)),
            "flags": ["set_enable_state_opposite_to_parent"],
            "unused": "000000",
        });
        fields.insert(parent_key, parent).map_err(text)?;
        flags |= FLAG_INITIALLY_DISABLED;
        let data = fields
            .changed_data()
            .ok_or_else(|| "nothing changed".to_string())?;
        let subrecords = parse_subrecords(data, 0).map_err(text)?;
        Ok((flags, subrecords))
    }

    /// Rewrites the form IDs of a value decoded in the plugin at `from` as
    /// the plugin at `to` numbers them.
    fn renumber(&self, from: usize, to: usize, v: &mut Value) -> std::result::Result<(), String> {
        match v {
            Value::String(s) => {
                let Some(id) = form_id_text(s).filter(|id| id.0 != 0) else {
                    return Ok(());
                };
                let g = self.resolve(from, id);
                let target = self.plugin(to);
                let top = if g.file == to as u32 {
                    Some(target.master_files.len())
                } else {
                    target.master_files.iter().position(|&f| f == g.file)
                };
                let top = top.ok_or_else(|| {
                    format!(
                        "its master's version refers to {}, not a master of {}",
                        self.file_name(g.file),
                        target.name
                    )
                })?;
                let local = FormId(((top as u32) << 24) | g.object);
                if let Value::String(t) = target.form_ctx().show(local) {
                    *s = t;
                }
                Ok(())
            }
            Value::Array(a) => a.iter_mut().try_for_each(|x| self.renumber(from, to, x)),
            Value::Object(m) => m.values_mut().try_for_each(|x| self.renumber(from, to, x)),
            _ => Ok(()),
        }
    }
}
