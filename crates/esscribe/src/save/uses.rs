//! "Can I remove this mod from my playthrough?": everything a save holds
//! of one plugin, and what removing it would lose or leave behind.

use super::change::Part;
use super::forms::TYPE_QUST;
use super::SaveFile;
use crate::io::{Error, FormId, Result};
use serde::Serialize;
use std::collections::BTreeMap;

/// An item of the plugin in an inventory.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ItemUse {
    /// The item.
    pub item: FormId,
    /// Who holds it (the reference whose inventory changed).
    pub holder: FormId,
    /// How many the change adds (negative: removes).
    pub count: i32,
}

/// A form created in game from one of the plugin's forms.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CreatedUse {
    /// The created form (0xFF…).
    pub form_id: FormId,
    /// The plugin's form it was created from.
    pub base: FormId,
}

/// A script instance attached to one of the plugin's forms, or of a script
/// only the plugin would define.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScriptUse {
    /// The script's name.
    pub script: String,
    /// The form it is attached to.
    pub form: Option<FormId>,
}

/// Everything a save holds of one plugin.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PluginUses {
    /// The plugin, as the save lists it.
    pub plugin: String,
    /// Its place in the save's lists: `05`, or `FE:001` for a light plugin.
    pub index: String,
    /// How many change records are about its forms.
    pub change_records: usize,
    /// Those, by record type.
    pub change_records_by_type: BTreeMap<String, usize>,
    /// Forms created in game from its forms.
    pub created: Vec<CreatedUse>,
    /// Its items in inventories, and where.
    pub items: Vec<ItemUse>,
    /// Its spells (and, in Skyrim, shouts) the player has.
    pub player_spells: Vec<FormId>,
    /// Its quests whose state the save holds (started, staged or done).
    pub quests: Vec<FormId>,
    /// Script instances on its forms (Skyrim).
    pub script_instances: Vec<ScriptUse>,
    /// What this save's decoding cannot see, said rather than guessed.
    pub not_examined: Vec<String>,
    /// The answer in words.
    pub verdict: String,
}

impl PluginUses {
    /// An empty report for a plugin at `index`.
    pub fn new(plugin: String, index: String) -> Self {
        PluginUses {
            plugin,
            index,
            change_records: 0,
            change_records_by_type: BTreeMap::new(),
            created: Vec::new(),
            items: Vec::new(),
            player_spells: Vec::new(),
            quests: Vec::new(),
            script_instances: Vec::new(),
            not_examined: Vec::new(),
            verdict: String::new(),
        }
    }

    /// Counts one change record of `kind`.
    pub fn count_change(&mut self, kind: String) {
        self.change_records += 1;
        *self.change_records_by_type.entry(kind).or_insert(0) += 1;
    }

    /// Writes the verdict from what was found.
    pub fn conclude(&mut self) {
        let mut lost = Vec::new();
        let n = |count: usize, one: &str, many: &str| {
            format!("{count} {}", if count == 1 { one } else { many })
        };
        if self.change_records > 0 {
            let types: Vec<String> = self
                .change_records_by_type
                .iter()
                .map(|(k, v)| format!("{v} {k}"))
                .collect();
            lost.push(format!(
                "{} to its forms ({}) are lost",
                n(self.change_records, "change", "changes"),
                types.join(", ")
            ));
        }
        if !self.items.is_empty() {
            lost.push(format!(
                "{} vanish from inventories",
                n(self.items.len(), "item stack", "item stacks")
            ));
        }
        if !self.created.is_empty() {
            lost.push(format!(
                "{} made from its forms are left without a base",
                n(self.created.len(), "created form", "created forms")
            ));
        }
        if !self.player_spells.is_empty() {
            lost.push(format!(
                "the player loses {}",
                n(self.player_spells.len(), "spell", "spells or shouts")
            ));
        }
        if !self.quests.is_empty() {
            lost.push(format!(
                "{} in progress or done stop existing",
                n(self.quests.len(), "quest", "quests")
            ));
        }
        if !self.script_instances.is_empty() {
            lost.push(format!(
                "{} stay in the save, attached to forms that are gone (`esscribe save clean --remove` clears them once the game has saved without the plugin)",
                n(self.script_instances.len(), "script instance", "script instances")
            ));
        }
        let unseen = if self.not_examined.is_empty() {
            String::new()
        } else {
            format!(" Not examined: {}.", self.not_examined.join("; "))
        };
        self.verdict = if lost.is_empty() {
            format!(
                "The save holds nothing of {}: it is safe to remove.{unseen}",
                self.plugin
            )
        } else {
            format!("Removing {}: {}.{unseen}", self.plugin, lost.join("; "))
        };
    }
}

/// The index of a plugin in a list, by name in any case.
pub(crate) fn find_plugin(names: &[String], plugin: &str) -> Result<usize> {
    names
        .iter()
        .position(|n| n.eq_ignore_ascii_case(plugin))
        .ok_or_else(|| {
            Error::not_found(format!(
                "the save lists no plugin {plugin:?}; it lists {}",
                names.join(", ")
            ))
        })
}

impl SaveFile {
    /// Everything the save holds of `plugin`.
    pub fn uses_of(&self, plugin: &str) -> Result<PluginUses> {
        let names = self.plugin_names();
        let index = find_plugin(&names, plugin)?;
        let ours = |id: FormId| id.master_index() as usize == index;
        let mut u = PluginUses::new(names[index].clone(), format!("{index:02X}"));
        for c in &self.changes {
            if ours(c.form_id) {
                u.count_change(c.type_name());
                if c.kind == TYPE_QUST {
                    u.quests.push(c.form_id);
                }
            }
            for part in c.parts() {
                if let Part::Created { base, .. } = part {
                    if let Some(base) = self.resolve(base).filter(|b| ours(*b)) {
                        u.created.push(CreatedUse {
                            form_id: c.form_id,
                            base,
                        });
                    }
                }
            }
            for item in c.inventory().into_iter().flat_map(|inv| inv.items()) {
                if let Some(id) = self.resolve(item.iref).filter(|i| ours(*i)) {
                    u.items.push(ItemUse {
                        item: id,
                        holder: c.form_id,
                        count: item.count,
                    });
                }
            }
        }
        u.player_spells = self
            .player_character()
            .spells
            .into_iter()
            .flatten()
            .filter(|s| ours(*s))
            .collect();
        u.not_examined
            .push("active magic effects (the save's temporary effects are kept as bytes)".into());
        u.conclude();
        Ok(u)
    }
}
