//! Changes to a save: a field of a change record, the player, the
//! masters, and what cleaning removes; each written safely.

use super::*;

/// A `NAME=VALUE` argument.
pub(super) fn name_value(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((n, v)) if !n.trim().is_empty() => Ok((n.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("expected NAME=VALUE, got {s:?}")),
    }
}

/// What `save edit` changes.
pub struct EditRequest {
    pub reference: FormId,
    pub item_count: Option<(FormId, i32)>,
    pub position: Option<Vec<f32>>,
    pub scale: Option<f32>,
    pub name: Option<String>,
    pub stats: Vec<(String, String)>,
}

pub(super) fn edit(
    path: &Path,
    req: EditRequest,
    output: Option<&Path>,
    force: bool,
) -> Result<ExitCode> {
    let reference = req.reference;
    modify_and_write(path, (output, force), |save| {
        let mut changes = Vec::new();
        if let Some((item, count)) = req.item_count {
            if save.set_or_add_item(reference, item, count)? {
                changes.push(format!("{item} added with count {count}"));
            } else {
                changes.push(format!("count of {item} set to {count}"));
            }
        }
        if let Some(p) = &req.position {
            let [x, y, z] = p[..] else {
                bail!("--position needs three numbers, X,Y,Z");
            };
            let global = save.global.player_position;
            save.set_position(reference, [x, y, z])?;
            changes.push(format!("position set to {x}, {y}, {z}"));
            if save.global.player_position != global {
                changes.push(format!(
                    "the player's position in the global data too (was {}, {}, {})",
                    global[0], global[1], global[2]
                ));
            }
        }
        if let Some(s) = req.scale {
            save.set_scale(reference, s)?;
            changes.push(format!("scale set to {s}"));
        }
        if let Some(n) = &req.name {
            let old = save.header.player_name.text();
            save.rename_player(n)?;
            changes.push(format!("player renamed from {old:?} to {n:?}"));
        }
        for (stat, value) in &req.stats {
            let v: u8 = value
                .parse()
                .map_err(|_| anyhow::anyhow!("{stat}={value}: a value from 0 to 255"))?;
            save.set_player_stat(stat, v)?;
            changes.push(format!("{stat} set to {v}"));
        }
        if changes.is_empty() {
            bail!(
                "nothing to change: give --item and --count, --position, --scale, --name, --skill or --attribute"
            );
        }
        Ok(Some(format!("{reference}: {}", changes.join(", "))))
    })
}

/// Reads a save under the write lock, lets `change` modify it and say
/// what it did (None: nothing to write), then writes it through the lock:
/// read back, parsed and checked to decode as the modified save does.
pub(crate) fn modify_and_write(
    path: &Path,
    target: (Option<&Path>, bool),
    change: impl FnOnce(&mut SaveFile) -> Result<Option<String>>,
) -> Result<ExitCode> {
    // Read back from disk, the save must parse and its change records
    // decode as those of the edited save do.
    let decoding = |s: &SaveFile| -> Vec<_> {
        s.stats()
            .into_iter()
            .map(|(k, t)| (k, t.count, t.exact, t.stopped))
            .collect()
    };
    super::writing::edit_and_write(
        path,
        target,
        |p| load(p).map(|(_, s)| s),
        change,
        SaveFile::to_bytes,
        |save, b| {
            if decoding(&SaveFile::parse(b)?) != decoding(save) {
                return Err(esscribe::Error::invalid(
                    0,
                    "the written save's change records do not decode as the edited ones do",
                ));
            }
            Ok(())
        },
    )
}

pub(super) fn masters(
    path: &Path,
    renames: &[(String, String)],
    as_json: bool,
    output: Option<&Path>,
    force: bool,
) -> Result<ExitCode> {
    if let Some((_, save)) = super::skyrim::load_skyrim(path)? {
        if renames.is_empty() {
            return super::skyrim::masters_list(&save, as_json);
        }
        return super::skyrim::modify_and_write(path, (output, force), |save| {
            let mut done = Vec::new();
            for (old, new) in renames {
                save.rename_plugin(old, new)?;
                done.push(format!("{old} renamed to {new}"));
            }
            Ok(Some(done.join(", ")))
        });
    }
    if renames.is_empty() {
        let mut o = String::new();
        let (_, save) = load(path)?;
        let counts = save.changes_per_plugin();
        let list: Vec<Value> = save
            .plugins
            .iter()
            .enumerate()
            .map(|(i, p)| {
                json!({
                    "index": i,
                    "name": p.text(),
                    "change_records": counts.get(&(i as u8)).copied().unwrap_or(0),
                })
            })
            .collect();
        let orphans: usize = counts
            .iter()
            .filter(|(i, _)| **i < 0xFE && **i as usize >= save.plugins.len())
            .map(|(_, n)| n)
            .sum();
        if as_json {
            let v = json!({"plugins": list, "change_records_of_missing_plugins": orphans});
            outln!(o, "{}", serde_json::to_string_pretty(&v)?);
        } else {
            for p in &list {
                outln!(
                    o,
                    "{:02X} {:<40} {} change records",
                    p["index"].as_u64().unwrap_or(0),
                    p["name"].as_str().unwrap_or(""),
                    p["change_records"]
                );
            }
            if orphans > 0 {
                outln!(
                    o,
                    "{orphans} change records of plugins not in the list (esscribe save clean removes them)"
                );
            }
        }
        emit(&o)?;
        return Ok(ExitCode::SUCCESS);
    }
    modify_and_write(path, (output, force), |save| {
        let mut done = Vec::new();
        for (old, new) in renames {
            save.rename_plugin(old, new)?;
            done.push(format!("{old} renamed to {new}"));
        }
        Ok(Some(done.join(", ")))
    })
}

pub(super) fn clean(
    path: &Path,
    remove: bool,
    as_json: bool,
    output: Option<&Path>,
    force: bool,
) -> Result<ExitCode> {
    let report = |save: &SaveFile, bloat: &esscribe::save::edit::Bloat| -> Result<String> {
        let mut o = String::new();
        if as_json {
            outln!(o, "{}", serde_json::to_string_pretty(bloat)?);
            return Ok(o);
        }
        outln!(
            o,
            "{}: {} created records nothing refers to, {} change records of plugins not in the list",
            path.display(),
            bloat.unreferenced_created.len(),
            bloat.orphan_changes.len()
        );
        for id in &bloat.unreferenced_created {
            let name = save
                .created_record(*id)
                .map(|c| {
                    let n = c.name().map(|n| format!(" \"{n}\"")).unwrap_or_default();
                    format!("{}{n}", c.header.sig)
                })
                .unwrap_or_default();
            outln!(o, "  created {id} {name}");
        }
        for (id, kind) in &bloat.orphan_changes {
            outln!(
                o,
                "  change record {id} {}",
                esscribe::save::type_name(*kind)
            );
        }
        Ok(o)
    };
    if !remove {
        let (_, save) = load(path)?;
        let bloat = save.find_bloat()?;
        emit(&report(&save, &bloat)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    modify_and_write(path, (output, force), |save| {
        let bloat = save.find_bloat()?;
        emit(&report(save, &bloat)?)?;
        if bloat.is_empty() {
            // Nothing to remove: the save is left as it is, byte for byte;
            // another output gets an identical copy.
            return Ok(output
                .filter(|o| *o != path)
                .map(|_| "nothing to remove".to_string()));
        }
        save.remove_bloat(&bloat)?;
        Ok(Some(format!(
            "removed {} created records and {} change records",
            bloat.unreferenced_created.len(),
            bloat.orphan_changes.len()
        )))
    })
}
