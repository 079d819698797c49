//! Everything a Skyrim save holds of one plugin.

use super::SkyrimSave;
use crate::io::{FormId, Result};
use crate::save::uses::{find_plugin, PluginUses, ScriptUse};

impl SkyrimSave {
    /// Everything the save holds of `plugin` (regular or light).
    pub fn uses_of(&self, plugin: &str) -> Result<PluginUses> {
        let mut names = self.plugin_names();
        let regular = names.len();
        names.extend(self.light_plugin_names());
        let found = find_plugin(&names, plugin)?;
        let (index, ours): (String, Box<dyn Fn(FormId) -> bool>) = if found < regular {
            (
                format!("{found:02X}"),
                Box::new(move |id: FormId| id.master_index() as usize == found),
            )
        } else {
            let light = (found - regular) as u32;
            (
                format!("FE:{light:03X}"),
                Box::new(move |id: FormId| {
                    id.master_index() == 0xFE && (id.0 >> 12 & 0xFFF) == light
                }),
            )
        };
        let mut u = PluginUses::new(names[found].clone(), index);
        for c in &self.change_forms {
            if let Some(id) = self.resolve(c.ref_id).filter(|id| ours(*id)) {
                u.count_change(c.type_name().into_owned());
                if c.kind == super::change::TYPE_QUST {
                    u.quests.push(id);
                }
            }
        }
        match self.papyrus() {
            Some(Ok(papyrus)) => {
                for inst in &papyrus.instances {
                    let form = self.resolve(inst.ref_id);
                    if form.is_some_and(&ours) {
                        u.script_instances.push(ScriptUse {
                            script: papyrus.string(inst.script, self.encoding),
                            form,
                        });
                    }
                }
            }
            Some(Err(e)) => u.not_examined.push(format!(
                "script instances (the Papyrus block does not read: {e})"
            )),
            None => {}
        }
        match self.player_base() {
            Some(Ok(base)) => {
                u.player_spells = base
                    .spells
                    .iter()
                    .chain(&base.shouts)
                    .filter_map(|id| self.resolve(*id))
                    .filter(|id| ours(*id))
                    .collect();
            }
            Some(Err(e)) => u.not_examined.push(format!(
                "the player's spells (the actor base does not decode: {e})"
            )),
            None => {}
        }
        u.not_examined
            .push("items and created forms (references' change forms are kept as bytes)".into());
        u.conclude();
        Ok(u)
    }
}
