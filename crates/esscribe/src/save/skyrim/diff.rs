//! What changed between two Skyrim saves of a playthrough: the player's
//! header fields and place, plugins, misc stats, global variables, change
//! forms by type, and world spaces visited. Form IDs are compared, not ref
//! IDs, since each save numbers its own form ID array.

use super::SkyrimSave;
use crate::io::FormId;
use crate::save::diff::{FieldChange, GlobalChange};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// A misc stat whose value differs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StatChange {
    /// The stat's name.
    pub name: String,
    /// Its value in the old save (0 where the old save has none).
    pub old: i32,
    /// Its value in the new save.
    pub new: i32,
}

/// How the change forms of one type differ.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ChangeFormCounts {
    /// Forms changed in the new save and not in the old.
    pub added: usize,
    /// Forms changed in the old save and no longer in the new.
    pub removed: usize,
    /// Forms in both whose change flags or data differ.
    pub changed: usize,
}

/// Everything that differs between two Skyrim saves.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SkyrimDiff {
    /// Plugins in the new save's lists and not in the old one's.
    pub plugins_added: Vec<String>,
    /// Plugins in the old save's lists and not in the new one's.
    pub plugins_removed: Vec<String>,
    /// The player's fields that differ: level, location, race, name,
    /// experience, position.
    pub player: Vec<FieldChange>,
    /// Misc stats that differ.
    pub misc_stats: Vec<StatChange>,
    /// Global variables that differ.
    pub globals: Vec<GlobalChange>,
    /// Change forms per type.
    pub change_forms: BTreeMap<String, ChangeFormCounts>,
    /// World spaces visited in the new save and not in the old.
    pub world_spaces_visited: Vec<FormId>,
}

impl SkyrimDiff {
    /// Whether nothing differs.
    pub fn is_empty(&self) -> bool {
        self.plugins_added.is_empty()
            && self.plugins_removed.is_empty()
            && self.player.is_empty()
            && self.misc_stats.is_empty()
            && self.globals.is_empty()
            && self.change_forms.is_empty()
            && self.world_spaces_visited.is_empty()
    }
}

fn all_plugins(save: &SkyrimSave) -> Vec<String> {
    let mut names = save.plugin_names();
    names.extend(save.light_plugin_names());
    names
}

/// Compares two saves.
pub fn diff(old: &SkyrimSave, new: &SkyrimSave) -> SkyrimDiff {
    let mut d = SkyrimDiff::default();
    let (old_plugins, new_plugins) = (all_plugins(old), all_plugins(new));
    let has = |list: &[String], p: &str| list.iter().any(|q| q.eq_ignore_ascii_case(p));
    d.plugins_added = new_plugins
        .iter()
        .filter(|p| !has(&old_plugins, p))
        .cloned()
        .collect();
    d.plugins_removed = old_plugins
        .iter()
        .filter(|p| !has(&new_plugins, p))
        .cloned()
        .collect();

    let (a, b) = (&old.header, &new.header);
    let mut field = |name: &str, o: String, n: String| {
        if o != n {
            d.player.push(FieldChange {
                field: name.to_string(),
                old: o,
                new: n,
            });
        }
    };
    field("name", old.text(&a.player_name), new.text(&b.player_name));
    field("level", a.level.to_string(), b.level.to_string());
    field("location", old.text(&a.location), new.text(&b.location));
    field("race", old.text(&a.race), new.text(&b.race));
    field(
        "experience",
        a.current_xp.to_string(),
        b.current_xp.to_string(),
    );
    field(
        "experience to level",
        a.level_up_xp.to_string(),
        b.level_up_xp.to_string(),
    );
    field("game date", old.text(&a.game_date), new.text(&b.game_date));
    let place = |s: &SkyrimSave| {
        s.player_location()
            .and_then(Result::ok)
            .map(|p| {
                format!(
                    "{:.0}, {:.0}, {:.0}",
                    p.position[0], p.position[1], p.position[2]
                )
            })
            .unwrap_or_else(|| "-".into())
    };
    field("position", place(old), place(new));

    let stats = |s: &SkyrimSave| -> BTreeMap<String, i32> {
        s.misc_stats()
            .and_then(Result::ok)
            .unwrap_or_default()
            .into_iter()
            .map(|m| (m.name, m.value))
            .collect()
    };
    let (os, ns) = (stats(old), stats(new));
    for (name, &n) in &ns {
        let o = os.get(name).copied().unwrap_or(0);
        if o != n {
            d.misc_stats.push(StatChange {
                name: name.clone(),
                old: o,
                new: n,
            });
        }
    }

    let globals = |s: &SkyrimSave| -> BTreeMap<FormId, f32> {
        s.global_variables()
            .and_then(Result::ok)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|(id, v)| Some((id?, v)))
            .collect()
    };
    let (og, ng) = (globals(old), globals(new));
    let ids: BTreeSet<FormId> = og.keys().chain(ng.keys()).copied().collect();
    for id in ids {
        let (o, n) = (og.get(&id).copied(), ng.get(&id).copied());
        if o.map(f32::to_bits) != n.map(f32::to_bits) {
            d.globals.push(GlobalChange {
                global: id,
                old: o,
                new: n,
            });
        }
    }

    // Change forms by (form ID, type): flags and inflated data compared.
    fn forms(s: &SkyrimSave) -> BTreeMap<(FormId, u8), &super::ChangeForm> {
        s.change_forms
            .iter()
            .filter_map(|c| Some(((s.resolve(c.ref_id)?, c.kind), c)))
            .collect()
    }
    let (of, nf) = (forms(old), forms(new));
    for ((id, kind), c) in &nf {
        let counts = d
            .change_forms
            .entry(c.type_name().into_owned())
            .or_default();
        match of.get(&(*id, *kind)) {
            None => counts.added += 1,
            Some(o) => {
                let same = o.flags == c.flags
                    && (o.stored == c.stored || o.data(0).ok() == c.data(0).ok());
                counts.changed += usize::from(!same);
            }
        }
    }
    for ((id, kind), c) in &of {
        if !nf.contains_key(&(*id, *kind)) {
            d.change_forms
                .entry(c.type_name().into_owned())
                .or_default()
                .removed += 1;
        }
    }
    d.change_forms
        .retain(|_, c| *c != ChangeFormCounts::default());
    let visited: BTreeSet<FormId> = old.world_spaces.iter().copied().collect();
    d.world_spaces_visited = new
        .world_spaces
        .iter()
        .filter(|w| !visited.contains(w))
        .copied()
        .collect();
    d
}
