//! `esscribe masters`: list, add, remove, sort and rename a plugin's
//! masters, every form ID following its record.

use crate::util::{self, file_name, load, parse_plugin, thousands};
use anyhow::{bail, Context, Result};
use esscribe::masters::{
    form_id_list, master_use_counts, rename_master, set_masters, unused_masters, MastersChanged,
};
use esscribe::plugin::Plugin;
use serde_json::json;
use std::path::Path;
use std::process::ExitCode;

/// What to change in a plugin's masters; nothing given lists them.
#[derive(clap::Args, Debug, Default)]
pub struct MasterChanges {
    /// Add a master at the end of the list (repeatable).
    #[arg(long, value_name = "NAME")]
    pub add: Vec<String>,
    /// Remove a master; refused while anything in the plugin still uses
    /// it, with the places named (repeatable).
    #[arg(long, value_name = "NAME")]
    pub remove: Vec<String>,
    /// Remove every master nothing in the plugin uses.
    #[arg(long)]
    pub remove_unused: bool,
    /// Put the masters in the order of this load order: plugin names, first
    /// to last, or a `plugins.txt`/`loadorder.txt`, or a Data folder; every
    /// master must be in it.
    #[arg(long, value_name = "PLUGIN", num_args = 1..)]
    pub sort: Vec<String>,
    /// Rename a master: the plugin then depends on NEW where it depended
    /// on OLD (form IDs keep their place).
    #[arg(long, num_args = 2, value_names = ["OLD", "NEW"])]
    pub rename: Vec<String>,
}

impl MasterChanges {
    fn is_empty(&self) -> bool {
        self.add.is_empty()
            && self.remove.is_empty()
            && !self.remove_unused
            && self.sort.is_empty()
            && self.rename.is_empty()
    }
}

/// Runs `esscribe masters`.
pub fn run(
    file: &Path,
    changes: &MasterChanges,
    output: Option<&Path>,
    force: bool,
    as_json: bool,
) -> Result<ExitCode> {
    if changes.is_empty() {
        return list(file, as_json);
    }
    let target = output.unwrap_or(file);
    // Held from before the plugin is read until the changed one is in
    // place: a second change of the same file waits, then starts from
    // this one.
    let lock = util::lock_for_writing(target)?;
    let data = load(file)?;
    let mut plugin = parse_plugin(&data, None, file)?;
    plugin.set_name(file_name(file));
    let masters_before = plugin.masters()?;
    // A renamed master is the same plugin under its new name: what named
    // OLD's records before names NEW's after.
    let mut resolved_before = form_id_list(&plugin)?.resolved(&masters_before, plugin.name());
    for pair in changes.rename.chunks(2) {
        resolved_before.rename_owner(&pair[0], &pair[1]);
    }
    let done = change(&mut plugin, changes, force)?;
    if done.before == done.after {
        eprintln!(
            "{}: masters unchanged ({}); nothing written",
            file.display(),
            done.after.join(", ")
        );
        return Ok(ExitCode::SUCCESS);
    }
    let bytes = plugin.to_bytes()?;
    let name = plugin.name().to_string();
    let after = done.after.clone();
    // Read back from disk: the plugin parses, has the masters asked for,
    // and every form ID still names the record it named.
    let check = |written: &[u8]| -> esscribe::Result<()> {
        let mut back = Plugin::parse_as(written, plugin.game)?;
        back.set_name(name.clone());
        let masters = back.masters()?;
        let same = masters.len() == after.len() && masters.iter().zip(&after).all(|(a, b)| a == b);
        let resolved = form_id_list(&back)?.resolved(&masters, &name);
        if !same || resolved != resolved_before {
            return Err(esscribe::Error::invalid(
                0,
                "the written plugin's form IDs do not name the records they named before",
            ));
        }
        Ok(())
    };
    let written = util::write_locked(&lock, target, &bytes, force, check)?;
    let r = &done.rewritten;
    eprintln!(
        "{}: masters {} -> {}; {} form IDs rewritten in {} records; {}{}",
        file.display(),
        shown(&done.before),
        shown(&done.after),
        thousands(r.form_ids as u64),
        thousands(r.records as u64),
        util::wrote(target, &written),
        util::backup_note(&written)
    );
    if !r.unread.is_empty() {
        eprintln!(
            "warning: {} records may hold form IDs that could not be rewritten (--force): {}",
            r.unread.len(),
            r.unread.join("; ")
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn shown(masters: &[String]) -> String {
    if masters.is_empty() {
        "(none)".into()
    } else {
        masters.join(", ")
    }
}

/// Applies the changes: renames, then additions, removals and the order.
fn change(plugin: &mut Plugin<'_>, c: &MasterChanges, force: bool) -> Result<MastersChanged> {
    let before = plugin.masters()?;
    for pair in c.rename.chunks(2) {
        rename_master(plugin, &pair[0], &pair[1])?;
    }
    let mut list = plugin.masters()?;
    for name in &c.add {
        if list.iter().any(|m| m.eq_ignore_ascii_case(name)) {
            bail!("{name} is already a master of {}", plugin.name());
        }
        list.push(name.clone());
    }
    for name in &c.remove {
        let Some(at) = list.iter().position(|m| m.eq_ignore_ascii_case(name)) else {
            bail!(
                "{name} is not a master of {} (its masters: {})",
                plugin.name(),
                shown(&list)
            );
        };
        list.remove(at);
    }
    if c.remove_unused {
        let unused = unused_masters(plugin)?;
        list.retain(|m| !unused.iter().any(|u| u.eq_ignore_ascii_case(m)));
    }
    if !c.sort.is_empty() {
        let order = load_order_names(&c.sort)?;
        let place = |m: &String| order.iter().position(|s| s.eq_ignore_ascii_case(m));
        if let Some(missing) = list.iter().find(|m| place(m).is_none()) {
            bail!("{missing} is a master but not in the load order given to --sort");
        }
        list.sort_by_key(place);
    }
    let mut done = set_masters(plugin, &list, force)?;
    done.before = before;
    Ok(done)
}

/// The plugin names of a load order given to `--sort`: the names
/// themselves, or one list file (`plugins.txt`, `loadorder.txt`: a name a
/// line, `*` marks and `#` comments allowed), or one `Data` folder (its
/// plugins in the order the game loads them).
fn load_order_names(given: &[String]) -> Result<Vec<String>> {
    let [one] = given else {
        return Ok(given.to_vec());
    };
    let path = Path::new(one);
    if path.is_dir() {
        let order = esscribe::loadorder::plugins_in_data_dir(path)?;
        return Ok(order.active_names());
    }
    if path.is_file() && !esscribe::loadorder::is_plugin_name(&file_name(path)) {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        return Ok(text
            .lines()
            .map(|l| l.trim().trim_start_matches('*').trim())
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect());
    }
    Ok(given.to_vec())
}

/// Lists the masters with how many form IDs use each.
fn list(file: &Path, as_json: bool) -> Result<ExitCode> {
    let data = load(file)?;
    let mut plugin = parse_plugin(&data, None, file)?;
    plugin.set_name(file_name(file));
    let counts = master_use_counts(&plugin)?;
    if as_json {
        let masters: Vec<_> = counts
            .iter()
            .enumerate()
            .map(|(i, (name, uses))| json!({"index": i, "name": name, "uses": uses}))
            .collect();
        util::print_json(&json!({"file": file_name(file), "masters": masters}))?;
        return Ok(ExitCode::SUCCESS);
    }
    if counts.is_empty() {
        println!("{}: no masters", file.display());
    }
    for (i, (name, uses)) in counts.iter().enumerate() {
        let note = if *uses == 0 { " (unused)" } else { "" };
        println!(
            "{i:02X} {}: {} form IDs{note}",
            util::terminal_safe(name),
            thousands(*uses as u64)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The command's examples, for its help text.
pub const EXAMPLES: &str = "Examples:\n  esscribe masters Mod.esp\n  esscribe masters Mod.esp --add Dawnguard.esm\n  esscribe masters Mod.esp --remove-unused\n  esscribe masters Mod.esp --sort Skyrim.esm Update.esm Dawnguard.esm\n  esscribe masters Mod.esp --rename Old.esm New.esm -o Renamed.esp";
