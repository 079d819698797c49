//! What changed between two saves of a playthrough: the player's
//! character, the player's inventory, references moved, created or removed,
//! quest stages set, cells visited, globals and plugins. Form IDs are
//! compared, not irefs, since each save numbers its own formIdArray.

use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

use super::change::{ChangeRecord, Part, PLAYER_REF, TYPE_ACHR, TYPE_ACRE, TYPE_REFR};
use super::forms::{TYPE_CELL, TYPE_QUST};
use super::player::Player;
use super::SaveFile;
use crate::io::FormId;

/// One field that differs, shown as text.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldChange {
    /// What differs: "level", "race", an actor value's name ("Blade"),
    /// that name with " (current)", "spell added", "spell removed",
    /// "faction" and a form ID, "cell", "position", ...
    pub field: String,
    /// The value in the old save; "-" where it holds none, empty for an
    /// added spell.
    pub old: String,
    /// The value in the new save; "-" where it holds none, empty for a
    /// removed spell.
    pub new: String,
}

/// An item of the player's inventory changes whose count differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ItemChange {
    /// The item's form ID; entries naming the same item are summed.
    pub item: FormId,
    /// Count in the old save, relative to the plugins' lists (None: not
    /// among its inventory changes).
    pub old: Option<i32>,
    /// Count in the new save, relative to the plugins' lists (None: not
    /// among its inventory changes).
    pub new: Option<i32>,
}

/// What happened to a reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReferenceEvent {
    /// Its stored position or cell differs (or it was first moved).
    Moved,
    /// Created in game since the old save.
    Created,
    /// A reference created in game that the new save no longer holds.
    Removed,
}

/// A reference moved, created or removed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ReferenceChange {
    /// The reference's form ID (top byte 0xFF: created in game).
    pub form_id: FormId,
    /// REFR, ACHR or ACRE.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Whether it moved, was created or was removed.
    pub event: ReferenceEvent,
    /// The cell of its moved, havok-moved or created placement in the old
    /// save; None when the old save stores no placement for it, or the
    /// cell iref is 0 or does not resolve.
    pub old_cell: Option<FormId>,
    /// The position (x, y, z) of that placement, in game units; None
    /// when the old save stores no placement for it.
    pub old_position: Option<[f32; 3]>,
    /// The cell of its placement in the new save; None as for
    /// `old_cell`.
    pub new_cell: Option<FormId>,
    /// The position (x, y, z) of its placement in the new save, in game
    /// units; None when the new save stores no placement for it.
    pub new_position: Option<[f32; 3]>,
}

/// A quest with stages set since the old save.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QuestChange {
    /// The quest's form ID.
    pub quest: FormId,
    /// The old save held no change record for the quest.
    pub started: bool,
    /// Stages set in the new save and not in the old one.
    pub stages_set: Vec<u8>,
}

/// A global variable whose value differs.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct GlobalChange {
    /// The global variable's form ID.
    pub global: FormId,
    /// Its value in the old save; None when the old save holds none.
    pub old: Option<f32>,
    /// Its value in the new save; None when the new save holds none.
    pub new: Option<f32>,
}

/// Everything that differs between two saves.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct SaveDiff {
    /// Plugins in the new save's list and not in the old one's, in the
    /// new save's order.
    pub plugins_added: Vec<String>,
    /// Plugins in the old save's list and not in the new one's, in the
    /// old save's order.
    pub plugins_removed: Vec<String>,
    /// The player's name, level, race, class, attributes, skills, health,
    /// actor values, spells, factions, cell and position.
    pub player: Vec<FieldChange>,
    /// Items of the player's inventory changes whose count differs, by
    /// form ID.
    pub inventory: Vec<ItemChange>,
    /// References moved, created or removed, by form ID; the player's
    /// reference is left out.
    pub references: Vec<ReferenceChange>,
    /// Quests started or with stages newly set, by form ID.
    pub quests: Vec<QuestChange>,
    /// Cells with a change record in the new save and none in the old one.
    pub cells_visited: Vec<FormId>,
    /// Global variables whose value differs, bit for bit, by form ID.
    pub globals: Vec<GlobalChange>,
}

impl SaveDiff {
    /// Whether the saves show no difference.
    pub fn is_empty(&self) -> bool {
        self.plugins_added.is_empty()
            && self.plugins_removed.is_empty()
            && self.player.is_empty()
            && self.inventory.is_empty()
            && self.references.is_empty()
            && self.quests.is_empty()
            && self.cells_visited.is_empty()
            && self.globals.is_empty()
    }
}

fn opt_form(f: Option<FormId>) -> String {
    f.map(|f| f.to_string()).unwrap_or_else(|| "-".into())
}

fn opt_num(v: Option<f32>) -> String {
    v.map(|v| v.to_string()).unwrap_or_else(|| "-".into())
}

fn player_changes(old: &Player, new: &Player) -> Vec<FieldChange> {
    let mut out = Vec::new();
    let mut field = |name: &str, a: String, b: String| {
        if a != b {
            out.push(FieldChange {
                field: name.to_string(),
                old: a,
                new: b,
            });
        }
    };
    field("name", old.name.clone(), new.name.clone());
    field("level", old.level.to_string(), new.level.to_string());
    field(
        "base level",
        opt_num(old.base_data.map(|d| d.level as f32)),
        opt_num(new.base_data.map(|d| d.level as f32)),
    );
    field("race", opt_form(old.race), opt_form(new.race));
    field("class", opt_form(old.class), opt_form(new.class));
    let stats = |p: &Player| -> BTreeMap<String, (Option<f32>, Option<f32>)> {
        p.attributes
            .iter()
            .chain(&p.skills)
            .chain(&p.derived)
            .chain(&p.other)
            .map(|s| {
                let current = s
                    .current()
                    .or_else(|| s.changed().then_some(s.magic + s.script + s.damage));
                (s.name.clone(), (s.base, current))
            })
            .collect()
    };
    let (a, b) = (stats(old), stats(new));
    let names: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    // Attributes and skills first, in the game's order.
    let order: Vec<&String> = old
        .attributes
        .iter()
        .chain(&old.skills)
        .chain(&old.derived)
        .map(|s| &s.name)
        .chain(names.iter().copied())
        .collect();
    let mut seen = BTreeSet::new();
    for n in order {
        if !seen.insert(n) {
            continue;
        }
        let (ab, ac) = a.get(n).copied().unwrap_or((None, None));
        let (bb, bc) = b.get(n).copied().unwrap_or((None, None));
        field(n, opt_num(ab), opt_num(bb));
        // The current value only where the save holds changes on top of
        // the base in either save.
        if ac != ab || bc != bb {
            field(&format!("{n} (current)"), opt_num(ac), opt_num(bc));
        }
    }
    let set = |v: &[Option<FormId>]| v.iter().flatten().copied().collect::<BTreeSet<_>>();
    let (sa, sb) = (set(&old.spells), set(&new.spells));
    for s in sb.difference(&sa) {
        field("spell added", String::new(), s.to_string());
    }
    for s in sa.difference(&sb) {
        field("spell removed", s.to_string(), String::new());
    }
    let ranks = |p: &Player| -> BTreeMap<FormId, i8> {
        p.factions
            .iter()
            .filter_map(|f| Some((f.faction?, f.rank)))
            .collect()
    };
    let (fa, fb) = (ranks(old), ranks(new));
    let factions: BTreeSet<&FormId> = fa.keys().chain(fb.keys()).collect();
    for f in factions {
        let r = |m: &BTreeMap<FormId, i8>| {
            m.get(f)
                .map(|r| format!("rank {r}"))
                .unwrap_or_else(|| "-".into())
        };
        field(&format!("faction {f}"), r(&fa), r(&fb));
    }
    field("cell", old.cell.to_string(), new.cell.to_string());
    field("world", old.world.to_string(), new.world.to_string());
    let pos = |p: [f32; 3]| format!("{:.0}, {:.0}, {:.0}", p[0], p[1], p[2]);
    field("position", pos(old.position), pos(new.position));
    out
}

fn inventory_counts(save: &SaveFile) -> BTreeMap<FormId, i32> {
    let mut out = BTreeMap::new();
    if let Some(inv) = save.player().and_then(|p| p.inventory()) {
        for item in inv.items() {
            if let Some(id) = save.resolve(item.iref) {
                *out.entry(id).or_insert(0) += item.count;
            }
        }
    }
    out
}

fn place(save: &SaveFile, c: &ChangeRecord<'_>) -> (Option<FormId>, Option<[f32; 3]>) {
    match c.placement() {
        Some(p) => (save.resolve(p.cell).filter(|f| f.0 != 0), Some(p.position)),
        None => (None, None),
    }
}

fn stages_set(c: &ChangeRecord<'_>) -> BTreeSet<u8> {
    c.parts()
        .filter_map(|p| match p {
            Part::QuestStages { stages } => Some(stages),
            _ => None,
        })
        .flat_map(|s| s.iter().filter(|(s, _)| s.done()).map(|(s, _)| s.stage))
        .collect()
}

/// Compares two saves, the older first.
pub fn diff(old: &SaveFile, new: &SaveFile) -> SaveDiff {
    let mut d = SaveDiff::default();
    let names = |s: &SaveFile| s.plugins.iter().map(|p| p.text()).collect::<Vec<_>>();
    let (pa, pb) = (names(old), names(new));
    d.plugins_added = pb.iter().filter(|p| !pa.contains(p)).cloned().collect();
    d.plugins_removed = pa.iter().filter(|p| !pb.contains(p)).cloned().collect();
    d.player = player_changes(&old.player_character(), &new.player_character());

    let (ia, ib) = (inventory_counts(old), inventory_counts(new));
    let items: BTreeSet<&FormId> = ia.keys().chain(ib.keys()).collect();
    for item in items {
        let (a, b) = (ia.get(item).copied(), ib.get(item).copied());
        if a != b {
            d.inventory.push(ItemChange {
                item: *item,
                old: a,
                new: b,
            });
        }
    }

    let refs = |s: &SaveFile| -> BTreeMap<(FormId, u8), usize> {
        s.changes
            .iter()
            .enumerate()
            .filter(|(_, c)| matches!(c.kind, TYPE_REFR | TYPE_ACHR | TYPE_ACRE))
            .filter(|(_, c)| c.form_id != PLAYER_REF)
            .map(|(i, c)| ((c.form_id, c.kind), i))
            .collect()
    };
    let (ra, rb) = (refs(old), refs(new));
    let keys: BTreeSet<&(FormId, u8)> = ra.keys().chain(rb.keys()).collect();
    for key in keys {
        let a = ra.get(key).and_then(|&i| old.changes.get(i));
        let b = rb.get(key).and_then(|&i| new.changes.get(i));
        let (old_cell, old_position) = a.map(|c| place(old, &c)).unwrap_or((None, None));
        let (new_cell, new_position) = b.map(|c| place(new, &c)).unwrap_or((None, None));
        let created = key.0.master_index() == 0xFF;
        let event = match (a.is_some(), b.is_some()) {
            (false, true) if created => ReferenceEvent::Created,
            (true, false) if created => ReferenceEvent::Removed,
            _ if new_position.is_some() && (old_position, old_cell) != (new_position, new_cell) => {
                ReferenceEvent::Moved
            }
            _ => continue,
        };
        d.references.push(ReferenceChange {
            form_id: key.0,
            kind: match key.1 {
                TYPE_REFR => "REFR",
                TYPE_ACHR => "ACHR",
                _ => "ACRE",
            },
            event,
            old_cell,
            old_position,
            new_cell,
            new_position,
        });
    }

    let quests = |s: &SaveFile| -> BTreeMap<FormId, BTreeSet<u8>> {
        s.changes
            .iter()
            .filter(|c| c.kind == TYPE_QUST)
            .map(|c| (c.form_id, stages_set(&c)))
            .collect()
    };
    let (qa, qb) = (quests(old), quests(new));
    for (q, stages) in &qb {
        let before = qa.get(q);
        let set: Vec<u8> = stages
            .iter()
            .filter(|s| before.is_none_or(|b| !b.contains(s)))
            .copied()
            .collect();
        if !set.is_empty() || before.is_none() {
            d.quests.push(QuestChange {
                quest: *q,
                started: before.is_none(),
                stages_set: set,
            });
        }
    }

    let cells = |s: &SaveFile| -> BTreeSet<FormId> {
        s.changes
            .iter()
            .filter(|c| c.kind == TYPE_CELL)
            .map(|c| c.form_id)
            .collect()
    };
    let (ca, cb) = (cells(old), cells(new));
    d.cells_visited = cb.difference(&ca).copied().collect();

    let globals = |s: &SaveFile| -> BTreeMap<FormId, f32> {
        s.globals
            .iter()
            .filter_map(|g| Some((s.resolve(g.iref)?, g.value)))
            .collect()
    };
    let (ga, gb) = (globals(old), globals(new));
    let ids: BTreeSet<&FormId> = ga.keys().chain(gb.keys()).collect();
    for g in ids {
        let (a, b) = (ga.get(g).copied(), gb.get(g).copied());
        if a.map(f32::to_bits) != b.map(f32::to_bits) {
            d.globals.push(GlobalChange {
                global: *g,
                old: a,
                new: b,
            });
        }
    }
    d
}
