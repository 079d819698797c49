//! The save commands on Skyrim saves (LE and SE): the same names and JSON
//! shapes as for Oblivion saves where they mean the same.

use super::*;
use encoding_rs::Encoding;
use esscribe::save::skyrim::{filetime_text, ChangeForm, SkyrimSave};
use std::sync::OnceLock;

/// The code page of Skyrim saves' text, from `--encoding`: a Skyrim save
/// does not say which it was written in.
static ENCODING: OnceLock<&'static Encoding> = OnceLock::new();

/// Sets the code page from `--encoding` (a WHATWG label: `windows-1251`,
/// `cp1251`, `utf-8`…).
pub(crate) fn set_encoding(label: Option<&str>) -> Result<()> {
    let Some(label) = label else { return Ok(()) };
    let Some(e) = Encoding::for_label(label.trim().as_bytes()) else {
        bail!("--encoding {label:?}: not a code page name (for example windows-1252, windows-1251, utf-8)");
    };
    let _ = ENCODING.set(e);
    Ok(())
}

fn encoding() -> &'static Encoding {
    ENCODING.get().copied().unwrap_or(encoding_rs::WINDOWS_1252)
}

/// Reads a save that is Skyrim's; `None` for any other file.
pub(crate) fn load_skyrim(path: &Path) -> Result<Option<(MappedFile, SkyrimSave)>> {
    let data = util::load(path)?;
    if esscribe::save::game_of_save(&data) != Some(esscribe::Game::Skyrim) {
        return Ok(None);
    }
    let save = data
        .checked(SkyrimSave::parse_with_encoding(&data, encoding()))
        .with_context(|| format!("{}", path.display()))?;
    Ok(Some((data, save)))
}

/// The game that wrote the save, as people name it.
fn edition(save: &SkyrimSave) -> &'static str {
    if save.is_se() {
        "Skyrim SE"
    } else {
        "Skyrim LE"
    }
}

fn counts_by_type(save: &SkyrimSave) -> BTreeMap<String, usize> {
    save.change_stats()
        .into_iter()
        .map(|(k, s)| (k, s.count))
        .collect()
}

/// A form ID with its plugin.
fn form_text(save: &SkyrimSave, id: Option<FormId>) -> String {
    match id {
        Some(f) => match save.plugin_of(f) {
            Some(p) => format!("{f} ({p})"),
            None => f.to_string(),
        },
        None => "?".to_string(),
    }
}

pub(crate) fn info_json(path: &Path, save: &SkyrimSave) -> Value {
    let h = &save.header;
    json!({
        "file": path.display().to_string(),
        "game": edition(save),
        "version": h.version,
        "player": {
            "name": save.text(&h.player_name),
            "level": h.level,
            "location": save.text(&h.location),
            "race": save.text(&h.race),
            "sex": if h.sex == 1 { "female" } else { "male" },
            "experience": h.current_xp,
            "experience_to_level": h.level_up_xp,
        },
        "save_number": h.save_number,
        "game_date": save.text(&h.game_date),
        "saved_at": filetime_text(h.file_time),
        "screenshot": {"width": h.shot_width, "height": h.shot_height},
        "compression": h.compression,
        "plugins": save.plugin_names(),
        "light_plugins": save.light_plugin_names(),
        "form_ids": save.form_ids.len(),
        "change_records": counts_by_type(save),
    })
}

pub(super) fn info_text(o: &mut String, v: &Value) {
    let s = |v: &Value| v.as_str().unwrap_or("").to_string();
    let p = &v["player"];
    outln!(o, "{} ({})", s(&v["file"]), s(&v["game"]));
    outln!(
        o,
        "  player:     {}, level {}, {} {}",
        s(&p["name"]),
        p["level"],
        s(&p["sex"]),
        s(&p["race"])
    );
    outln!(o, "  location:   {}", s(&p["location"]));
    outln!(
        o,
        "  game date:  {} (days.hours.minutes played), saved {}",
        s(&v["game_date"]),
        s(&v["saved_at"])
    );
    let plugins = v["plugins"].as_array().cloned().unwrap_or_default();
    outln!(o, "  plugins ({}):", plugins.len());
    for (i, name) in plugins.iter().enumerate() {
        outln!(o, "    {i:02X} {}", s(name));
    }
    let light = v["light_plugins"].as_array().cloned().unwrap_or_default();
    if !light.is_empty() {
        outln!(o, "  light plugins ({}):", light.len());
        for (i, name) in light.iter().enumerate() {
            outln!(o, "    FE:{i:03X} {}", s(name));
        }
    }
    let counts = v["change_records"].as_object().cloned().unwrap_or_default();
    let total: u64 = counts.values().filter_map(Value::as_u64).sum();
    outln!(o, "  change records ({total}):");
    for (k, n) in &counts {
        outln!(o, "    {k:<5} {n}");
    }
}

/// `save stats` numbers: actor bases (NPC_) are decoded part by part;
/// the other change forms are kept as their bytes, so all of their bytes
/// count as raw.
pub(super) fn stats(save: &SkyrimSave) -> BTreeMap<String, TypeStats> {
    let mut out: BTreeMap<String, TypeStats> = BTreeMap::new();
    for c in &save.change_forms {
        let len = if c.is_compressed() {
            c.inflated_len as usize
        } else {
            c.stored.len()
        };
        let s = out.entry(c.type_name().into_owned()).or_default();
        s.count += 1;
        s.bytes += len;
        let decoded = c.kind == esscribe::save::skyrim::change::TYPE_NPC
            && esscribe::save::skyrim::npc::NpcChange::decode(c).is_ok();
        if decoded {
            s.decoded_bytes += len;
            s.exact += 1;
        } else {
            s.raw_bytes += len;
        }
    }
    out
}

/// `save verify`: identical on write-back, and with `deep` every change
/// form's data inflates and every understood global block decodes.
pub(super) fn verify(
    data: &[u8],
    save: &SkyrimSave,
    deep: bool,
) -> Result<(Option<usize>, Vec<String>)> {
    let out = save.to_bytes()?;
    let problems = if deep { save.check() } else { Vec::new() };
    Ok((esscribe::plugin::first_difference(data, &out), problems))
}

fn change_json(save: &SkyrimSave, c: &ChangeForm) -> Result<Value> {
    let id = save.resolve(c.ref_id);
    let data = c.data(0)?;
    Ok(json!({
        "form_id": id.map(|f| f.to_string()),
        "ref_id": format!("0x{:06X}", c.ref_id.0),
        "plugin": id.and_then(|f| save.plugin_of(f)),
        "type": c.type_name(),
        "flags": format!("0x{:08X}", c.flags),
        "version": c.version,
        "length": data.len(),
        "compressed": c.is_compressed(),
        "data_hex": esscribe::io::to_hex(&data),
    }))
}

pub(super) fn records(
    path: &Path,
    save: &SkyrimSave,
    (kind, form): (Option<&str>, Option<FormId>),
    data: Option<&Path>,
    as_json: bool,
) -> Result<ExitCode> {
    let files = match data {
        Some(d) if !d.is_dir() => bail!("--data {}: not a folder", d.display()),
        Some(d) => Some(
            save.plugin_files(d)
                .with_context(|| format!("cannot read the plugins of {}", d.display()))?,
        ),
        None => None,
    };
    let order = crate::loadorder_cmds::context(&files);
    let name = |id: Option<FormId>| id.and_then(|f| save.name_in(order.as_ref()?, f));
    use esscribe::save::skyrim::change_type_code;
    let code = match kind {
        Some(k) => Some(match k.parse::<u8>() {
            Ok(n) => n,
            Err(_) => change_type_code(k).with_context(|| {
                let valid: Vec<String> = (0..49)
                    .map(|n| esscribe::save::skyrim::change_type_name(n).into_owned())
                    .collect();
                format!(
                    "unknown change form type {k:?}; valid types: {}",
                    util::nearest_first(k, &valid, 20)
                )
            })?,
        }),
        None => None,
    };
    let selected: Vec<&ChangeForm> = save
        .change_forms
        .iter()
        .filter(|c| code.is_none_or(|k| c.kind == k))
        .filter(|c| form.is_none_or(|f| save.resolve(c.ref_id) == Some(f)))
        .collect();
    if selected.is_empty() && (kind.is_some() || form.is_some()) {
        let what = kind
            .map(|k| k.to_ascii_uppercase() + " ")
            .unwrap_or_default();
        match form {
            Some(f) => bail!("{}: no {what}change form for {f}", path.display()),
            None => bail!("{}: no {what}change forms", path.display()),
        }
    }
    let mut o = String::new();
    if as_json {
        let v = selected
            .iter()
            .map(|c| {
                let mut v = change_json(save, c)?;
                if let Some(n) = name(save.resolve(c.ref_id)) {
                    v["record"] = json!(n);
                }
                Ok(v)
            })
            .collect::<Result<Vec<_>>>()?;
        outln!(o, "{}", serde_json::to_string_pretty(&v)?);
    } else {
        for c in &selected {
            let stored = if c.is_compressed() {
                format!(
                    "{} bytes, {} stored compressed",
                    c.inflated_len,
                    c.stored.len()
                )
            } else {
                format!("{} bytes", c.stored.len())
            };
            outln!(
                o,
                "{} {:<4} flags 0x{:08X} version {}, {stored} (kept as bytes)",
                name(save.resolve(c.ref_id))
                    .unwrap_or_else(|| form_text(save, save.resolve(c.ref_id))),
                c.type_name(),
                c.flags,
                c.version,
            );
        }
    }
    emit(&o)?;
    eprintln!(
        "{}",
        util::plural(selected.len() as u64, "change form", "change forms")
    );
    Ok(ExitCode::SUCCESS)
}

pub(super) fn masters_list(save: &SkyrimSave, as_json: bool) -> Result<ExitCode> {
    let counts = save.changes_by_plugin();
    let count = |name: &str| counts.get(&Some(name.to_string())).copied().unwrap_or(0);
    let entry = |index: String, name: String| json!({"index": index, "change_records": count(&name), "name": name});
    let mut list: Vec<Value> = save
        .plugin_names()
        .into_iter()
        .enumerate()
        .map(|(i, n)| entry(format!("{i:02X}"), n))
        .collect();
    list.extend(
        save.light_plugin_names()
            .into_iter()
            .enumerate()
            .map(|(i, n)| entry(format!("FE:{i:03X}"), n)),
    );
    // Forms whose plugin index is past the lists: their plugin is gone.
    let orphans: usize = save
        .change_forms
        .iter()
        .filter(|c| {
            save.resolve(c.ref_id)
                .is_some_and(|id| id.master_index() != 0xFF && save.plugin_of(id).is_none())
        })
        .count();
    let mut o = String::new();
    if as_json {
        let v = json!({"plugins": list, "change_records_of_missing_plugins": orphans});
        outln!(o, "{}", serde_json::to_string_pretty(&v)?);
    } else {
        for p in &list {
            outln!(
                o,
                "{:<6} {:<44} {} change records",
                p["index"].as_str().unwrap_or(""),
                p["name"].as_str().unwrap_or(""),
                p["change_records"]
            );
        }
        if orphans > 0 {
            outln!(o, "{orphans} change records of plugins not in the list");
        }
    }
    emit(&o)?;
    Ok(ExitCode::SUCCESS)
}

/// Reads a Skyrim save under the write lock, lets `change` modify it,
/// then writes it: read back, it must read to the same save.
pub(super) fn modify_and_write(
    path: &Path,
    target: (Option<&Path>, bool),
    change: impl FnOnce(&mut SkyrimSave) -> Result<Option<String>>,
) -> Result<ExitCode> {
    super::writing::edit_and_write(
        path,
        target,
        |p| match load_skyrim(p)? {
            Some((_, save)) => Ok(save),
            None => bail!("{} is not a Skyrim save", p.display()),
        },
        change,
        SkyrimSave::to_bytes,
        |save, b| {
            let back = SkyrimSave::parse_with_encoding(b, save.encoding)?;
            if back.plugins != save.plugins
                || back.light_plugins != save.light_plugins
                || back.change_forms != save.change_forms
                || back.globals3 != save.globals3
            {
                return Err(esscribe::Error::invalid(
                    0,
                    "the written save does not read back as the edited one",
                ));
            }
            Ok(())
        },
    )
}

/// The screenshot as a PNG: RGB in LE saves, RGBA in SE saves.
pub(crate) fn screenshot_png(save: &SkyrimSave) -> Result<Vec<u8>> {
    let (w, h) = (save.header.shot_width, save.header.shot_height);
    if w == 0 || h == 0 {
        bail!("the save's screenshot is empty ({w}x{h})");
    }
    let mut png_bytes = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut png_bytes, w, h);
        enc.set_color(if save.header.bytes_per_pixel() == 4 {
            png::ColorType::Rgba
        } else {
            png::ColorType::Rgb
        });
        enc.set_depth(png::BitDepth::Eight);
        let mut wr = enc.write_header()?;
        wr.write_image_data(&save.screenshot)?;
        wr.finish()?;
    }
    Ok(png_bytes)
}

fn player_json(path: &Path, save: &SkyrimSave) -> Result<Value> {
    let h = &save.header;
    let mut v = json!({
        "file": path.display().to_string(),
        "name": save.text(&h.player_name),
        "level": h.level,
        "race": save.text(&h.race),
        "gender": if h.sex == 1 { "female" } else { "male" },
        "experience": h.current_xp,
        "experience_to_level": h.level_up_xp,
        "location": save.text(&h.location),
    });
    if let Some(place) = save.player_location().transpose()? {
        v["cell_grid"] = json!(place.cell);
        v["position"] = json!(place.position);
        v["world"] = json!(save.resolve(place.world_space).map(|f| f.to_string()));
        v["cell"] = json!(save.resolve(place.parent).map(|f| f.to_string()));
    }
    if let Some(stats) = save.misc_stats().transpose()? {
        v["misc_stats"] = json!(stats);
    }
    if let Some(base) = save.player_base().transpose()? {
        use esscribe::save::skyrim::npc::SKILLS;
        let forms = |ids: &[esscribe::save::skyrim::RefId]| -> Vec<String> {
            ids.iter()
                .map(|id| form_text(save, save.resolve(*id)))
                .collect()
        };
        if let Some(skills) = base.skills {
            v["base_skills"] = SKILLS
                .iter()
                .zip(skills)
                .map(|(name, value)| (name.to_string(), json!(value)))
                .collect::<serde_json::Map<_, _>>()
                .into();
        }
        v["spells"] = json!(forms(&base.spells));
        v["shouts"] = json!(forms(&base.shouts));
        v["factions"] = json!(base
            .factions
            .iter()
            .map(|(f, rank)| json!({"faction": form_text(save, save.resolve(*f)), "rank": rank}))
            .collect::<Vec<_>>());
    }
    let player = esscribe::FormId(0x14);
    v["change_forms"] = json!(save
        .changes_of(player)
        .map(|c| json!({"type": c.type_name(), "flags": format!("0x{:08X}", c.flags)}))
        .collect::<Vec<_>>());
    Ok(v)
}

pub(super) fn player(path: &Path, save: &SkyrimSave, as_json: bool) -> Result<ExitCode> {
    let v = player_json(path, save)?;
    let mut o = String::new();
    if as_json {
        outln!(o, "{}", serde_json::to_string_pretty(&v)?);
    } else {
        let s = |k: &str| v[k].as_str().unwrap_or("").to_string();
        outln!(o, "{}, level {}", s("name"), v["level"]);
        outln!(o, "  race:     {}", s("race"));
        outln!(o, "  gender:   {}", s("gender"));
        outln!(
            o,
            "  xp:       {} of {}",
            v["experience"],
            v["experience_to_level"]
        );
        outln!(o, "  location: {}", s("location"));
        if let Some(p) = v["position"].as_array() {
            let f = |i: usize| p.get(i).and_then(Value::as_f64).unwrap_or(0.0);
            let grid = |i: usize| v["cell_grid"][i].as_i64().unwrap_or(0);
            outln!(
                o,
                "  place:    world {}, cell {}, {}, at {:.0}, {:.0}, {:.0}",
                v["world"].as_str().unwrap_or("-"),
                grid(0),
                grid(1),
                f(0),
                f(1),
                f(2)
            );
        }
        if let Some(skills) = v["base_skills"].as_object() {
            // The actor base's values: what the player gained since is
            // kept in the reference's actor values, not decoded.
            outln!(o, "  base skills (before what the player gained):");
            for (name, value) in skills {
                outln!(o, "    {name:<14} {value}");
            }
        }
        for key in ["spells", "shouts"] {
            if let Some(list) = v[key].as_array() {
                outln!(o, "  {key} ({}):", list.len());
                for s in list {
                    outln!(o, "    {}", s.as_str().unwrap_or(""));
                }
            }
        }
        if let Some(list) = v["factions"].as_array() {
            outln!(o, "  factions ({}):", list.len());
            for f in list {
                outln!(
                    o,
                    "    {}  rank {}",
                    f["faction"].as_str().unwrap_or(""),
                    f["rank"]
                );
            }
        }
        if let Some(stats) = v["misc_stats"].as_array() {
            let shown: Vec<String> = stats
                .iter()
                .filter(|m| m["value"].as_i64().unwrap_or(0) != 0)
                .map(|m| format!("{} {}", m["name"].as_str().unwrap_or(""), m["value"]))
                .collect();
            outln!(o, "  misc stats ({} not zero):", shown.len());
            for m in shown {
                outln!(o, "    {m}");
            }
        }
    }
    emit(&o)?;
    Ok(ExitCode::SUCCESS)
}

pub(super) fn diff(
    (old_path, old): (&Path, &SkyrimSave),
    (new_path, new): (&Path, &SkyrimSave),
    as_json: bool,
    limit: usize,
) -> Result<ExitCode> {
    let d = esscribe::save::skyrim::diff::diff(old, new);
    let status = if d.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    let mut o = String::new();
    if as_json {
        outln!(o, "{}", serde_json::to_string_pretty(&d)?);
        emit(&o)?;
        return Ok(status);
    }
    let more = |o: &mut String, n: usize| super::more_line(o, n, limit);
    super::diff_heading(
        &mut o,
        (old_path, new_path),
        d.is_empty(),
        (&d.plugins_added, &d.plugins_removed),
    );
    if !d.player.is_empty() {
        outln!(o, "  player:");
        for f in &d.player {
            outln!(o, "    {}: {} → {}", f.field, f.old, f.new);
        }
    }
    if !d.misc_stats.is_empty() {
        outln!(o, "  misc stats:");
        for s in d.misc_stats.iter().take(limit) {
            outln!(o, "    {}: {} → {}", s.name, s.old, s.new);
        }
        more(&mut o, d.misc_stats.len());
    }
    if !d.globals.is_empty() {
        outln!(o, "  globals:");
        let num = |v: Option<f32>| v.map(|v| v.to_string()).unwrap_or_else(|| "-".into());
        for g in d.globals.iter().take(limit) {
            outln!(
                o,
                "    {}  {} → {}",
                form_text(new, Some(g.global)),
                num(g.old),
                num(g.new)
            );
        }
        more(&mut o, d.globals.len());
    }
    if !d.change_forms.is_empty() {
        outln!(o, "  change forms:");
        for (kind, c) in &d.change_forms {
            outln!(
                o,
                "    {kind:<5} {} added, {} removed, {} changed",
                c.added,
                c.removed,
                c.changed
            );
        }
    }
    if !d.world_spaces_visited.is_empty() {
        outln!(
            o,
            "  world spaces visited ({}):",
            d.world_spaces_visited.len()
        );
        for w in d.world_spaces_visited.iter().take(limit) {
            outln!(o, "    {}", form_text(new, Some(*w)));
        }
        more(&mut o, d.world_spaces_visited.len());
    }
    emit(&o)?;
    Ok(status)
}

/// A Skyrim save as text, for `git diff`: its summary, then one line per
/// change form (its data as a size and a checksum: change form data is
/// kept as bytes).
pub(crate) fn skyrim_text(file: &Path, out: &mut dyn std::io::Write) -> Result<ExitCode> {
    let Some((_, save)) = load_skyrim(file)? else {
        bail!("{} is not a Skyrim save", file.display());
    };
    let mut info = info_json(file, &save);
    if let Some(m) = info.as_object_mut() {
        m.shift_remove("file");
    }
    writeln!(out, "save")?;
    serde_json::to_writer_pretty(&mut *out, &info)?;
    writeln!(out)?;
    for c in &save.change_forms {
        let data = c.data(0)?;
        // FNV-1a: a stable digest that changes with any byte.
        let digest = data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        });
        writeln!(
            out,
            "change form {} {} flags 0x{:08X}: {} bytes, fnv 0x{digest:016X}",
            form_text(&save, save.resolve(c.ref_id)),
            c.type_name(),
            c.flags,
            data.len()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
