//! `save uses`: everything a save holds of one plugin, and whether it can
//! be removed from the playthrough.

use super::*;
use esscribe::save::uses::PluginUses;

/// What `save uses` needs of a save, whatever its game.
trait SaveOfPlugins {
    fn uses_of(&self, plugin: &str) -> esscribe::Result<PluginUses>;
    fn plugin_files(&self, data: &Path) -> esscribe::Result<PluginFiles>;
    fn name_in(&self, order: &LoadOrder<'_>, id: FormId) -> Option<String>;
}

macro_rules! save_of_plugins {
    ($t:ty) => {
        impl SaveOfPlugins for $t {
            fn uses_of(&self, plugin: &str) -> esscribe::Result<PluginUses> {
                <$t>::uses_of(self, plugin)
            }
            fn plugin_files(&self, data: &Path) -> esscribe::Result<PluginFiles> {
                <$t>::plugin_files(self, data)
            }
            fn name_in(&self, order: &LoadOrder<'_>, id: FormId) -> Option<String> {
                <$t>::name_in(self, order, id)
            }
        }
    };
}
save_of_plugins!(SaveFile);
save_of_plugins!(esscribe::save::skyrim::SkyrimSave);

/// The report, and the names the save's plugins in `data` give its forms.
fn report(
    path: &Path,
    save: &dyn SaveOfPlugins,
    plugin: &str,
    data: Option<&Path>,
) -> Result<(PluginUses, BTreeMap<FormId, String>)> {
    let u = save
        .uses_of(plugin)
        .with_context(|| path.display().to_string())?;
    let files = data
        .map(|d| {
            if !d.is_dir() {
                bail!("--data {}: not a folder", d.display());
            }
            save.plugin_files(d)
                .with_context(|| format!("cannot read the plugins of {}", d.display()))
        })
        .transpose()?;
    let named = match crate::loadorder_cmds::context(&files) {
        Some(order) => forms_of(&u)
            .filter_map(|id| Some((id, save.name_in(&order, id)?)))
            .collect(),
        None => BTreeMap::new(),
    };
    Ok((u, named))
}

pub(super) fn uses(
    path: &Path,
    plugin: &str,
    data: Option<&Path>,
    as_json: bool,
) -> Result<ExitCode> {
    let (u, named) = match super::skyrim::load_skyrim(path)? {
        Some((_, save)) => report(path, &save, plugin, data)?,
        None => report(path, &load(path)?.1, plugin, data)?,
    };
    let names = |id: FormId| named.get(&id).cloned().unwrap_or_else(|| id.to_string());
    let mut o = String::new();
    if as_json {
        let mut v = serde_json::to_value(&u)?;
        v["file"] = json!(path.display().to_string());
        let named: serde_json::Map<String, Value> = forms_of(&u)
            .map(|id| (id.to_string(), json!(names(id))))
            .filter(|(k, v)| v.as_str() != Some(k))
            .collect();
        if !named.is_empty() {
            v["names"] = Value::Object(named);
        }
        outln!(o, "{}", serde_json::to_string_pretty(&v)?);
    } else {
        outln!(o, "{} [{}] in {}", u.plugin, u.index, path.display());
        outln!(o, "  change records: {}", u.change_records);
        for (k, n) in &u.change_records_by_type {
            outln!(o, "    {k:<5} {n}");
        }
        if !u.quests.is_empty() {
            outln!(o, "  quests in progress or done ({}):", u.quests.len());
            for q in &u.quests {
                outln!(o, "    {}", names(*q));
            }
        }
        if !u.items.is_empty() {
            outln!(o, "  items in inventories ({}):", u.items.len());
            for i in &u.items {
                outln!(
                    o,
                    "    {} × {} held by {}",
                    names(i.item),
                    i.count,
                    names(i.holder)
                );
            }
        }
        if !u.created.is_empty() {
            outln!(o, "  forms created from its forms ({}):", u.created.len());
            for c in &u.created {
                outln!(o, "    {} from {}", c.form_id, names(c.base));
            }
        }
        if !u.player_spells.is_empty() {
            outln!(o, "  the player's spells ({}):", u.player_spells.len());
            for s in &u.player_spells {
                outln!(o, "    {}", names(*s));
            }
        }
        if !u.script_instances.is_empty() {
            outln!(
                o,
                "  script instances on its forms ({}):",
                u.script_instances.len()
            );
            let mut by_script: BTreeMap<&str, usize> = BTreeMap::new();
            for s in &u.script_instances {
                *by_script.entry(&s.script).or_insert(0) += 1;
            }
            for (script, n) in by_script {
                outln!(o, "    {script} × {n}");
            }
        }
        outln!(o, "{}", u.verdict);
    }
    emit(&o)?;
    Ok(ExitCode::SUCCESS)
}

/// Every form ID a report names.
fn forms_of(u: &PluginUses) -> impl Iterator<Item = FormId> + '_ {
    u.quests
        .iter()
        .copied()
        .chain(u.items.iter().flat_map(|i| [i.item, i.holder]))
        .chain(u.created.iter().map(|c| c.base))
        .chain(u.player_spells.iter().copied())
}
