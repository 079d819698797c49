//! Script bloat and orphans: what a Skyrim save keeps of scripts and mods
//! that are gone, found, and removed where nothing points at it.

use super::papyrus::Papyrus;
use super::SkyrimSave;
use crate::io::{FormId, Result};
use serde::Serialize;
use std::collections::HashSet;

/// Why a script instance is bloat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InstanceProblem {
    /// Attached to no form.
    Unattached,
    /// Attached to a form of a plugin the save no longer lists.
    PluginGone,
    /// Its script is not among the save's script definitions, or (when
    /// the caller knows the installed scripts) no longer installed.
    Undefined,
}

/// One script instance found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InstanceFinding {
    /// The instance's VM handle.
    pub handle: u64,
    /// Its script's name.
    pub script: String,
    /// The form it is attached to, where it resolves.
    pub form: Option<FormId>,
    /// Why it is bloat.
    pub problem: InstanceProblem,
    /// Whether something still points at it (then it is reported, not
    /// removed).
    pub in_use: bool,
}

/// What cleaning finds.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Bloat {
    /// Script instances attached to nothing, to a gone plugin's form, or of
    /// undefined scripts.
    pub instances: Vec<InstanceFinding>,
    /// Change forms of forms whose plugin the save no longer lists.
    pub change_forms_of_missing_plugins: Vec<(FormId, String)>,
    /// Active scripts (running or waiting threads) the save holds; their
    /// stacks are kept as bytes and never removed.
    pub active_scripts: usize,
    /// Whether the Papyrus block could be read (when not, no script
    /// instance is reported or removed).
    pub papyrus_read: bool,
}

impl Bloat {
    /// Whether there is anything to remove.
    pub fn removable(&self) -> usize {
        self.instances.iter().filter(|i| !i.in_use).count()
            + self.change_forms_of_missing_plugins.len()
    }
}

/// Whether a form belongs to a plugin the save does not list.
fn plugin_gone(save: &SkyrimSave, id: FormId) -> bool {
    match id.master_index() {
        0xFF => false,
        0xFE if save.light_plugins.is_some() => {
            (id.0 >> 12 & 0xFFF) as usize >= save.light_plugins.as_ref().map_or(0, Vec::len)
        }
        i => i as usize >= save.plugins.len(),
    }
}

/// Finds the bloat. `installed` says whether a script (by name, any case)
/// is installed; without it, only the save's own definitions count.
pub fn find(save: &SkyrimSave, installed: Option<&dyn Fn(&str) -> bool>) -> Bloat {
    let mut bloat = Bloat {
        change_forms_of_missing_plugins: save
            .change_forms
            .iter()
            .filter_map(|c| {
                let id = save.resolve(c.ref_id)?;
                plugin_gone(save, id).then(|| (id, c.type_name().into_owned()))
            })
            .collect(),
        ..Bloat::default()
    };
    let Some(Ok(papyrus)) = save.papyrus() else {
        return bloat;
    };
    bloat.papyrus_read = true;
    bloat.active_scripts = papyrus.active_scripts.len();
    let defined = papyrus.defined_scripts();
    let in_use = papyrus.handles_in_use();
    for inst in &papyrus.instances {
        let form = save.resolve(inst.ref_id);
        let script = papyrus.string(inst.script, save.encoding);
        let problem = if !defined.contains(&inst.script) || installed.is_some_and(|f| !f(&script)) {
            InstanceProblem::Undefined
        } else if form == Some(FormId(0)) {
            InstanceProblem::Unattached
        } else if form.is_some_and(|f| plugin_gone(save, f)) {
            InstanceProblem::PluginGone
        } else {
            continue;
        };
        bloat.instances.push(InstanceFinding {
            handle: inst.id,
            script,
            form,
            problem,
            in_use: in_use.contains(&inst.id),
        });
    }
    bloat
}

/// What removing took out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Removed {
    /// Script instances removed, with their data.
    pub instances: usize,
    /// Change forms removed.
    pub change_forms: usize,
}

/// Removes what `bloat` found and nothing points at.
pub fn remove(save: &mut SkyrimSave, bloat: &Bloat) -> Result<Removed> {
    let mut removed = Removed::default();
    let gone: HashSet<FormId> = bloat
        .change_forms_of_missing_plugins
        .iter()
        .map(|(id, _)| *id)
        .collect();
    if !gone.is_empty() {
        let before = save.change_forms.len();
        let form_ids = &save.form_ids;
        save.change_forms.retain(|c| {
            c.ref_id
                .resolve(form_ids)
                .is_none_or(|id| !gone.contains(&id))
        });
        removed.change_forms = before - save.change_forms.len();
    }
    let handles: HashSet<u64> = bloat
        .instances
        .iter()
        .filter(|i| !i.in_use)
        .map(|i| i.handle)
        .collect();
    if !handles.is_empty() {
        if let Some(papyrus) = save.papyrus() {
            let mut papyrus: Papyrus = papyrus?;
            let before = papyrus.instances.len();
            papyrus.instances.retain(|i| !handles.contains(&i.id));
            removed.instances = before - papyrus.instances.len();
            save.set_papyrus(&papyrus)?;
        }
    }
    Ok(removed)
}
