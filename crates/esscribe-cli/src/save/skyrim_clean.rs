//! `save clean` on Skyrim saves: script instances attached to nothing, to
//! a gone plugin's form, or of scripts no longer defined or installed, and
//! change forms of plugins no longer listed.

use super::skyrim::{load_skyrim, modify_and_write};
use super::*;
use esscribe::save::skyrim::clean::{self, Bloat, InstanceProblem};
use esscribe::save::skyrim::SkyrimSave;
use std::collections::HashSet;

/// The scripts a Data folder provides: `Scripts/*.pex` and the same paths
/// inside its archives, by lower-case name.
fn installed_scripts(data: &Path) -> Result<HashSet<String>> {
    if !data.is_dir() {
        bail!("--data {}: not a folder", data.display());
    }
    let mut names = HashSet::new();
    let stem = |path: &str| {
        let lower = path.to_ascii_lowercase().replace('/', "\\");
        let name = lower.strip_prefix("scripts\\")?.strip_suffix(".pex")?;
        (!name.contains('\\')).then(|| name.to_string())
    };
    for entry in std::fs::read_dir(data).with_context(|| data.display().to_string())? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().to_string();
        if name.eq_ignore_ascii_case("scripts") && entry.path().is_dir() {
            for f in std::fs::read_dir(entry.path())? {
                let f = f?.file_name().to_string_lossy().to_string();
                names.extend(stem(&format!("scripts\\{f}")));
            }
        } else if name.to_ascii_lowercase().ends_with(".bsa") {
            let archive = esscribe::archive::Archive::open(entry.path())
                .with_context(|| entry.path().display().to_string())?;
            names.extend(archive.entries().iter().filter_map(|e| stem(&e.path)));
        }
    }
    Ok(names)
}

fn find(save: &SkyrimSave, installed: Option<&HashSet<String>>) -> Bloat {
    let has = |s: &str| installed.is_some_and(|set| set.contains(&s.to_ascii_lowercase()));
    clean::find(save, installed.map(|_| &has as &dyn Fn(&str) -> bool))
}

fn report(path: &Path, bloat: &Bloat, as_json: bool) -> Result<String> {
    let mut o = String::new();
    if as_json {
        outln!(o, "{}", serde_json::to_string_pretty(bloat)?);
        return Ok(o);
    }
    let count = |p: InstanceProblem| bloat.instances.iter().filter(|i| i.problem == p).count();
    outln!(
        o,
        "{}: {} script instances attached to nothing, {} attached to forms of plugins not in the list, {} of scripts not defined{}; {} change records of plugins not in the list",
        path.display(),
        count(InstanceProblem::Unattached),
        count(InstanceProblem::PluginGone),
        count(InstanceProblem::Undefined),
        if bloat.papyrus_read { "" } else { " (the Papyrus block could not be read: no instance is checked)" },
        bloat.change_forms_of_missing_plugins.len()
    );
    for i in &bloat.instances {
        let form = i.form.map(|f| format!(" on {f}")).unwrap_or_default();
        let kept = if i.in_use {
            " (still pointed at: kept)"
        } else {
            ""
        };
        let why = match i.problem {
            InstanceProblem::Unattached => "attached to nothing",
            InstanceProblem::PluginGone => "its form's plugin is gone",
            InstanceProblem::Undefined => "script not defined or installed",
        };
        outln!(
            o,
            "  instance 0x{:X} {}{form}: {why}{kept}",
            i.handle,
            i.script
        );
    }
    for (id, kind) in &bloat.change_forms_of_missing_plugins {
        outln!(o, "  change record {id} {kind}");
    }
    if bloat.active_scripts > 0 {
        outln!(
            o,
            "  {} active scripts are running or waiting; their stacks are kept as they are",
            bloat.active_scripts
        );
    }
    Ok(o)
}

pub(super) fn clean(
    path: &Path,
    data: Option<&Path>,
    remove: bool,
    as_json: bool,
    (output, force): (Option<&Path>, bool),
) -> Result<ExitCode> {
    let installed = data.map(installed_scripts).transpose()?;
    if !remove {
        let Some((_, save)) = load_skyrim(path)? else {
            bail!("{} is not a Skyrim save", path.display());
        };
        emit(&report(path, &find(&save, installed.as_ref()), as_json)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    modify_and_write(path, (output, force), |save| {
        let bloat = find(save, installed.as_ref());
        emit(&report(path, &bloat, as_json)?)?;
        if bloat.removable() == 0 {
            return Ok(output
                .filter(|o| *o != path)
                .map(|_| "nothing to remove".to_string()));
        }
        let removed = clean::remove(save, &bloat)?;
        Ok(Some(format!(
            "removed {} script instances and {} change records",
            removed.instances, removed.change_forms
        )))
    })
}
