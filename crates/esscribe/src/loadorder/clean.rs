//! Cleaning a plugin as xEdit's quick auto-clean does: overrides identical
//! to master (ITM) are removed, and deleted references (UDR) are undeleted
//! and disabled instead, so that other plugins referring to them do not
//! crash the game.
//!
//! The versions compared are those xEdit loads to clean a plugin: the
//! plugin's own and those of its masters (and theirs), in load order.
//! Like xEdit's "identical to master" mark, an override is ITM when it
//! equals the *first* version, the one of the plugin defining the record,
//! and so does every master's version in between. An override equal to an
//! intermediate master's version but not to the first changes the record
//! and stays; one that restores the first version over an intermediate
//! change wins that conflict and stays too (xEdit marks it "identical to
//! master, wins conflict" and does not remove it).
//!
//! Undeleting follows xEdit's "Undelete and Disable References": the
//! reference is rebuilt whole from the nearest earlier version that is not
//! deleted and belongs to one of the plugin's masters (else from the
//! defining plugin's), so its scale, ownership and every other field come
//! back; the deleted flag is cleared, Skyrim actors become persistent and
//! Oblivion references temporary (moving to that group of their cell), a
//! reference that is not persistent goes to z = -30000, enable parent and
//! teleport are dropped, "initially disabled" is set and the player becomes
//! its enable parent with the opposite state. A deleted reference that
//! cannot be undeleted (a navmesh, a master or base object that is not
//! there, a persistence change that would move it out of its cell) is
//! reported as [`CleanKind::StillDeleted`] with the reason.
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

use super::undelete::{self, Undeleted};
use super::{editor_id_of, is_deleted, ConflictFilter, LoadOrder};
use crate::io::{Error, FormId, Result, Sig};
use crate::plugin::{Entry, Game, GroupKind, Plugin, Subrecord};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashMap;

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
    /// A deleted reference left deleted, for the reason given.
    StillDeleted,
    /// Left as it is, for the reason given.
    Skipped,
}

impl CleanKind {
    /// A short label for text output.
    pub fn label(self) -> &'static str {
        match self {
            CleanKind::IdenticalToMaster => "removed, identical to master (ITM)",
            CleanKind::UndeletedReference => "undeleted and disabled (UDR)",
            CleanKind::StillDeleted => "deleted reference left deleted",
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
    /// Why a record is skipped or left deleted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A change to one record, by the record's file offset.
#[derive(Debug, Clone)]
enum Edit {
    Remove,
    Replace {
        flags: u32,
        form_version: u16,
        subrecords: Vec<Subrecord>,
    },
}

/// What a record's own reading decided, before its place in the tree is
/// looked at.
#[derive(Debug, Clone)]
enum Decision {
    Itm,
    Undelete(Undeleted),
    Skip(String),
    StillDeleted(String),
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
    /// Undeleted references that move to another group of their cell.
    #[serde(skip)]
    moves: HashMap<u64, GroupKind>,
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
        undelete::move_references(&mut plugin.entries, &self.moves);
        plugin.reindex();
        plugin.to_bytes()
    }
}

/// Applies edits to a list of entries; a group emptied by them goes too.
fn apply_edits(entries: &mut Vec<Entry<'_>>, edits: &HashMap<u64, Edit>) {
    entries.retain_mut(|e| match e {
        Entry::Record(r) => match edits.get(&r.offset) {
            Some(Edit::Remove) => false,
            Some(Edit::Replace {
                flags,
                form_version,
                subrecords,
            }) => {
                r.header.flags = *flags;
                r.header.form_version = *form_version;
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
                    Decision::Undelete(u) => {
                        left += 1;
                        edits.insert(
                            r.offset,
                            Edit::Replace {
                                flags: u.flags,
                                form_version: u.form_version,
                                subrecords: u.subrecords.clone(),
                            },
                        );
                        actions.push((r.offset, CleanKind::UndeletedReference, None));
                    }
                    Decision::Skip(why) => {
                        left += 1;
                        actions.push((r.offset, CleanKind::Skipped, Some(why.clone())));
                    }
                    Decision::StillDeleted(why) => {
                        left += 1;
                        actions.push((r.offset, CleanKind::StillDeleted, Some(why.clone())));
                    }
                }
            }
        }
    }
    (left, actions)
}

impl<'a> LoadOrder<'a> {
    /// What cleaning the plugin at `plugin` does (see the [module
    /// docs](self)): its overrides compared with the versions of its
    /// masters, its deleted references undeleted. Nothing is written;
    /// [`CleanPlan::apply`] gives the cleaned bytes.
    pub fn plan_clean(&self, plugin: usize) -> Result<CleanPlan> {
        let p = self.plugin(plugin);
        let mut tree =
            Plugin::parse_as(p.bytes(), self.game()).map_err(|e| e.within(p.name.clone()))?;
        let places = undelete::places(&tree.entries);
        let decisions: HashMap<u64, Decision> = p
            .records
            .par_iter()
            .with_max_len(64)
            .filter_map(|r| {
                let place = places.get(&r.offset).copied();
                Some((r.offset, self.decide(plugin, r, place)?))
            })
            .collect();
        let moves: HashMap<u64, GroupKind> = decisions
            .iter()
            .filter_map(|(&at, d)| match d {
                Decision::Undelete(u) => Some((at, u.move_to?)),
                _ => None,
            })
            .collect();
        let mut edits = HashMap::new();
        let mut groups_removed = 0;
        let (_, found) = walk(&tree.entries, &decisions, &mut edits, &mut groups_removed);
        if !moves.is_empty() {
            // Groups a move empties go too: counted on the tree as edited.
            apply_edits(&mut tree.entries, &edits);
            groups_removed += undelete::move_references(&mut tree.entries, &moves).0;
        }
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
            moves,
        })
    }

    /// What to do with one record of the plugin at `plugin`: `None` for
    /// a record of its own, or an override that stays as it is. A deleted
    /// reference that cannot be undeleted says why.
    fn decide(
        &self,
        plugin: usize,
        rec: &crate::plugin::Record<'a>,
        place: Option<undelete::Place>,
    ) -> Option<Decision> {
        let sig = rec.header.sig;
        let deleted = is_deleted(rec);
        let deleted_ref = deleted && references(self.game()).contains(&&sig.0);
        let id = self.resolve(plugin, rec.header.form_id);
        if id.file == plugin as u32 {
            return None;
        }
        let skip = |why: String| {
            Some(match deleted_ref {
                true => Decision::StillDeleted(why),
                false => Decision::Skip(why),
            })
        };
        if deleted && sig.0 == *b"NAVM" {
            return Some(Decision::StillDeleted(
                "a deleted navmesh cannot be undeleted: it needs fixing by hand".into(),
            ));
        }
        if !self.is_loaded(id.file) {
            return skip(format!("its master {} is absent", self.file_name(id.file)));
        }
        let chain = self.cleaning_chain(id, plugin);
        let defining = chain.first().copied();
        let Some(defining) = defining.filter(|f| f.plugin as u32 == id.file) else {
            return skip(format!(
                "no master holds the record ({} does not)",
                self.file_name(id.file)
            ));
        };
        if let Some(why) = self.unreadable(plugin, rec) {
            return skip(why);
        }
        if deleted {
            if !deleted_ref {
                return Some(Decision::Skip(format!(
                    "deleted, and only references are undeleted, not {sig}"
                )));
            }
            if let Some(why) = self.missing_base(defining) {
                return skip(why);
            }
            let Some(source) = self.undelete_source(plugin, &chain) else {
                return skip("every earlier version is deleted too".into());
            };
            if let Some(why) = self.unreadable(source.plugin, source.record) {
                return skip(format!(
                    "the version of {} it is rebuilt from {why}",
                    self.plugin(source.plugin).name
                ));
            }
            return Some(match self.undelete(plugin, rec, source, place) {
                Ok(u) => Decision::Undelete(u),
                Err(why) => Decision::StillDeleted(why),
            });
        }
        for f in &chain[..chain.len() - 1] {
            if let Some(why) = self.unreadable(f.plugin, f.record) {
                return Some(Decision::Skip(format!(
                    "the version of {} it is compared with {why}",
                    self.plugin(f.plugin).name
                )));
            }
        }
        // xEdit's "identical to master": every version equal to the
        // defining plugin's. One equal to it over a different master
        // version wins a conflict and stays.
        let (compared, _) = self.compare_chain(id, chain, &ConflictFilter::default(), None)?;
        compared
            .chain
            .iter()
            .skip(1)
            .all(|v| v.identical_to_master)
            .then_some(Decision::Itm)
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
}
