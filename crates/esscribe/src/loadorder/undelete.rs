//! Deleted references undeleted as xEdit's "Undelete and Disable
//! References" does, and the versions cleaning compares a record with.
//!
//! xEdit rebuilds an undeleted reference from an earlier version: the
//! nearest one, not deleted, held by one of the plugin's masters, else the
//! defining plugin's. It takes that version's flags and every subrecord,
//! clears the deleted flag, makes Skyrim actors persistent and every
//! Oblivion reference temporary, puts a reference that is not persistent
//! at z = -30000, drops the enable parent and the teleport, sets
//! "initially disabled" and the player as enable parent with the opposite
//! state. A reference whose persistence changes moves to the group of its
//! cell that holds such references.

use super::{is_deleted, Found, GlobalId, LoadOrder};
use crate::io::{Error, FormId, Sig};
use crate::plugin::{
    parse_subrecords, Entry, Game, Group, GroupHeader, GroupKind, Record, Subrecord,
    FLAG_COMPRESSED, FLAG_DELETED,
};
use crate::schema::Fields;
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};

/// The record flag of references the game keeps loaded everywhere.
const FLAG_PERSISTENT: u32 = 0x0000_0400;
/// The record flag of references that start disabled.
const FLAG_INITIALLY_DISABLED: u32 = 0x0000_0800;
/// Oblivion's flag of references seen from afar, kept in their own group.
const FLAG_VISIBLE_WHEN_DISTANT: u32 = 0x0000_8000;
/// The player's reference, a form the engine defines: an undeleted
/// reference is enabled only when the player is disabled, that is never.
const PLAYER_REF: u32 = 0x14;
/// Where an undeleted reference is put: far below any ground.
const BELOW_GROUND: f64 = -30000.0;

/// Where a reference sits in its plugin's tree.
#[derive(Debug, Clone, Copy)]
pub(super) struct Place {
    /// The kind of its cell's group that holds it.
    pub group: GroupKind,
    /// Whether its cell is an interior cell.
    pub interior: bool,
}

/// Every reference of a tree by file offset: the group holding it and
/// whether its cell is an interior.
pub(super) fn places(entries: &[Entry<'_>]) -> HashMap<u64, Place> {
    fn visit(entries: &[Entry<'_>], interior: bool, out: &mut HashMap<u64, Place>) {
        for e in entries {
            let Entry::Group(g) = e else { continue };
            let kind = g.header.kind();
            let inside = match kind {
                GroupKind::InteriorCellBlock | GroupKind::InteriorCellSubBlock => true,
                GroupKind::WorldChildren
                | GroupKind::ExteriorCellBlock
                | GroupKind::ExteriorCellSubBlock => false,
                GroupKind::Top => g.header.label == *b"CELL",
                _ => interior,
            };
            if matches!(
                kind,
                GroupKind::CellPersistentChildren
                    | GroupKind::CellTemporaryChildren
                    | GroupKind::CellVisibleDistantChildren
            ) {
                for c in &g.children {
                    if let Entry::Record(r) = c {
                        out.insert(
                            r.offset,
                            Place {
                                group: kind,
                                interior: inside,
                            },
                        );
                    }
                }
            }
            visit(&g.children, inside, out);
        }
    }
    let mut out = HashMap::new();
    visit(entries, false, &mut out);
    out
}

/// A deleted reference rebuilt: its new flags, form version and
/// subrecords, and the group of its cell it moves to, if another.
#[derive(Debug, Clone)]
pub(super) struct Undeleted {
    pub flags: u32,
    pub form_version: u16,
    pub subrecords: Vec<Subrecord>,
    pub move_to: Option<GroupKind>,
}

/// The group of its cell that holds a reference with these flags.
fn group_for(game: Game, flags: u32) -> GroupKind {
    if flags & FLAG_PERSISTENT != 0 {
        GroupKind::CellPersistentChildren
    } else if game == Game::Oblivion && flags & FLAG_VISIBLE_WHEN_DISTANT != 0 {
        GroupKind::CellVisibleDistantChildren
    } else {
        GroupKind::CellTemporaryChildren
    }
}

impl<'a> LoadOrder<'a> {
    /// The plugins xEdit loads to clean the plugin at `plugin`: it and its
    /// masters, theirs, and so on; plugins outside this set are not
    /// compared with.
    pub(super) fn master_closure(&self, plugin: usize) -> HashSet<usize> {
        let mut seen = HashSet::from([plugin]);
        let mut todo = vec![plugin];
        while let Some(p) = todo.pop() {
            for &f in &self.plugins[p].master_files {
                if self.is_loaded(f) && seen.insert(f as usize) {
                    todo.push(f as usize);
                }
            }
        }
        seen
    }

    /// The versions of a record that cleaning the plugin at `plugin`
    /// compares: those of the plugin's master closure loaded before it,
    /// then its own; the defining plugin's first.
    pub(super) fn cleaning_chain(&self, id: GlobalId, plugin: usize) -> Vec<Found<'_, 'a>> {
        let closure = self.master_closure(plugin);
        self.chain(id)
            .into_iter()
            .filter(|f| f.plugin <= plugin && closure.contains(&f.plugin))
            .collect()
    }

    /// The version an undeleted reference is rebuilt from: the nearest
    /// earlier version, not deleted, from a plugin the cleaned plugin
    /// names as a master; else the defining plugin's, if not deleted.
    pub(super) fn undelete_source<'o>(
        &'o self,
        plugin: usize,
        chain: &[Found<'o, 'a>],
    ) -> Option<Found<'o, 'a>> {
        let masters = self.plugin(plugin).masters();
        let names_as_master = |f: &Found<'_, '_>| {
            let name = &self.plugin(f.plugin).name;
            masters.iter().any(|m| m.eq_ignore_ascii_case(name))
        };
        let earlier: Vec<Found<'o, 'a>> = chain
            .iter()
            .copied()
            .take_while(|f| f.plugin != plugin)
            .collect();
        earlier
            .iter()
            .skip(1)
            .rev()
            .find(|f| !is_deleted(f.record) && names_as_master(f))
            .or_else(|| earlier.first().filter(|f| !is_deleted(f.record)))
            .copied()
    }

    /// Why the base object of the defining version cannot be found, the
    /// check xEdit makes before undeleting: `None` when it can be, or when
    /// its plugin is absent and nothing can be told.
    pub(super) fn missing_base(&self, defining: Found<'_, 'a>) -> Option<String> {
        let game = self.game();
        let mut base = None;
        let _ = defining.record.for_each_subrecord(game, |s| {
            if base.is_none() && s.sig == Sig(*b"NAME") {
                base = s
                    .data
                    .get(..4)
                    .map(|b| FormId(u32::from_le_bytes(b.try_into().unwrap_or_default())));
            }
        });
        let owner = &self.plugin(defining.plugin).name;
        let Some(base) = base.filter(|b| b.0 != 0) else {
            return Some(format!("the version of {owner} names no base object"));
        };
        let g = self.resolve(defining.plugin, base);
        if !self.is_loaded(g.file) {
            return None;
        }
        let found = self
            .chain(g)
            .first()
            .is_some_and(|f| f.plugin as u32 == g.file);
        (!found).then(|| {
            format!(
                "its base object {} is not in {}",
                FormId(g.object),
                self.file_name(g.file)
            )
        })
    }

    /// The deleted reference `rec` of the plugin at `plugin` rebuilt from
    /// `source` (see the module docs), or why it cannot be.
    pub(super) fn undelete(
        &self,
        plugin: usize,
        rec: &Record<'_>,
        source: Found<'_, 'a>,
        place: Option<Place>,
    ) -> Result<Undeleted, String> {
        let catalog = crate::defs::catalog(self.game());
        let ctx = self.plugin(plugin).form_ctx();
        let sig = rec.header.sig;
        let text = |e: Error| e.to_string();
        let from = self.plugin(source.plugin);
        let master = Fields::of(source.record, catalog, from.form_ctx())
            .map_err(text)?
            .ok_or_else(|| format!("{sig} has no declaration"))?;
        let mut fields = Fields::of(rec, catalog, ctx)
            .map_err(text)?
            .ok_or_else(|| format!("{sig} has no declaration"))?;
        // The master's version whole, in this plugin's numbering.
        for (key, value) in master.as_map() {
            let mut value = value.clone();
            self.renumber(source.plugin, plugin, &mut value)?;
            fields.insert(key, value).map_err(text)?;
        }
        let own: Vec<String> = fields.as_map().keys().cloned().collect();
        for key in own.iter().filter(|k| !master.as_map().contains_key(*k)) {
            // A required entry the master lacks stays, as xEdit adds it.
            let _ = fields.remove(key);
        }
        let game = self.game();
        let mut flags = (source.record.header.flags & !(FLAG_DELETED | FLAG_COMPRESSED))
            | (rec.header.flags & FLAG_COMPRESSED);
        match game {
            Game::Skyrim if sig.0 == *b"ACHR" => flags |= FLAG_PERSISTENT,
            Game::Oblivion => flags &= !FLAG_PERSISTENT,
            Game::Skyrim => {}
        }
        let move_to =
            match place {
                Some(p) if p.group != group_for(game, flags) => {
                    if !p.interior {
                        return Err(format!(
                        "undeleting makes it {}, and xEdit moves it to {}, which is not done here",
                        if flags & FLAG_PERSISTENT != 0 { "persistent" } else { "temporary" },
                        if flags & FLAG_PERSISTENT != 0 {
                            "its worldspace's persistent cell"
                        } else {
                            "the exterior cell at its position"
                        }
                    ));
                    }
                    Some(group_for(game, flags))
                }
                _ => None,
            };
        let position_key = fields.key_of(Sig(*b"DATA"));
        if flags & FLAG_PERSISTENT == 0 {
            if let Some(k) = position_key.filter(|k| fields.get(k).is_some()) {
                fields
                    .set(&format!("{k}.position_z"), BELOW_GROUND)
                    .map_err(text)?;
            }
        }
        for s in [b"XESP", b"XTEL"] {
            if let Some(k) = fields.key_of(Sig(*s)) {
                fields.remove(k).map_err(text)?;
            }
        }
        let parent_key = fields
            .key_of(Sig(*b"XESP"))
            .ok_or_else(|| format!("{sig} declares no XESP"))?;
        let parent = json!({
            "reference": ctx.show(FormId(PLAYER_REF)),
            "flags": ["set_enable_state_opposite_to_parent"],
            "unused": "000000",
        });
        fields.insert(parent_key, parent).map_err(text)?;
        flags |= FLAG_INITIALLY_DISABLED;
        let data = fields.encode_data().map_err(text)?;
        let subrecords = parse_subrecords(&data, 0).map_err(text)?;
        Ok(Undeleted {
            flags,
            form_version: source.record.header.form_version,
            subrecords,
            move_to,
        })
    }

    /// Rewrites the form IDs of a value decoded in the plugin at `from` as
    /// the plugin at `to` numbers them.
    pub(super) fn renumber(&self, from: usize, to: usize, v: &mut Value) -> Result<(), String> {
        match v {
            Value::String(s) => {
                let Some(id) = super::form_id_text(s).filter(|id| id.0 != 0) else {
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

/// Moves references (by file offset) to another group of their cell, as
/// xEdit does when their persistence changes: into the group of that kind
/// (made when the cell has none, placed by group type as xEdit sorts
/// them), in form ID order; a group left empty goes. Returns how many
/// groups were removed and how many made.
pub(super) fn move_references(
    entries: &mut [Entry<'_>],
    moves: &HashMap<u64, GroupKind>,
) -> (usize, usize) {
    let mut removed = 0;
    let mut made = 0;
    for e in entries.iter_mut() {
        let Entry::Group(g) = e else { continue };
        if g.header.kind() != GroupKind::CellChildren {
            let (r, m) = move_references(&mut g.children, moves);
            removed += r;
            made += m;
            continue;
        }
        let mut moving: Vec<(GroupKind, Entry<'_>)> = Vec::new();
        let mut template: Option<GroupHeader> = None;
        for c in g.children.iter_mut() {
            let Entry::Group(t) = c else { continue };
            template.get_or_insert(t.header);
            let here = t.header.kind();
            let mut i = 0;
            while i < t.children.len() {
                let target = match &t.children[i] {
                    Entry::Record(r) => moves.get(&r.offset).copied(),
                    Entry::Group(_) => None,
                };
                match target {
                    Some(k) if k != here => moving.push((k, t.children.remove(i))),
                    _ => i += 1,
                }
            }
        }
        if moving.is_empty() {
            continue;
        }
        let before = g.children.len();
        g.children
            .retain(|c| !matches!(c, Entry::Group(t) if t.children.is_empty()));
        removed += before - g.children.len();
        for (kind, entry) in moving {
            let at = g
                .children
                .iter()
                .position(|c| matches!(c, Entry::Group(t) if t.header.kind() == kind));
            let at = match at {
                Some(at) => at,
                None => {
                    let mut header = template.unwrap_or(g.header);
                    header.group_type = group_type(kind);
                    header.label = g.header.label;
                    header.size = 0;
                    let place = g
                        .children
                        .iter()
                        .position(|c| {
                            matches!(c, Entry::Group(t) if t.header.group_type > header.group_type)
                        })
                        .unwrap_or(g.children.len());
                    g.children.insert(
                        place,
                        Entry::Group(Group {
                            header,
                            offset: 0,
                            children: Vec::new(),
                        }),
                    );
                    made += 1;
                    place
                }
            };
            if let Entry::Group(t) = &mut g.children[at] {
                let id = match &entry {
                    Entry::Record(r) => r.header.form_id.0,
                    Entry::Group(_) => u32::MAX,
                };
                let slot = t
                    .children
                    .iter()
                    .position(|c| matches!(c, Entry::Record(r) if r.header.form_id.0 > id))
                    .unwrap_or(t.children.len());
                t.children.insert(slot, entry);
            }
        }
    }
    (removed, made)
}

/// The type number of a cell's group of references.
fn group_type(kind: GroupKind) -> i32 {
    match kind {
        GroupKind::CellPersistentChildren => 8,
        GroupKind::CellTemporaryChildren => 9,
        _ => 10,
    }
}
