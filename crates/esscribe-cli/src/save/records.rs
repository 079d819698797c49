//! What a save holds, shown: the player, its change records with their
//! parts and inventories named from the load order, the screenshot, and
//! what changed between two saves.

use super::*;

/// A form ID with its plugin, or `?` when the save does not resolve it.
pub(super) fn form_text(save: &SaveFile, id: Option<FormId>) -> String {
    match id {
        Some(f) => match save.plugin_of(f) {
            Some(p) if p.starts_with('(') => format!("{f} {p}"),
            Some(p) => format!("{f} ({p})"),
            None => f.to_string(),
        },
        None => "?".to_string(),
    }
}

pub(super) fn stat_line(o: &mut String, s: &esscribe::save::player::Stat) {
    let base = s
        .base
        .map(|b| format!("{b:>4}"))
        .unwrap_or_else(|| "   -".into());
    let mut changes = Vec::new();
    for (what, v) in [
        ("magic", s.magic),
        ("script", s.script),
        ("damage", s.damage),
    ] {
        if v != 0.0 {
            changes.push(format!("{what} {v:+}"));
        }
    }
    let current = match (s.current(), changes.is_empty()) {
        (Some(c), false) => format!(" = {c}"),
        _ => String::new(),
    };
    let changes = if changes.is_empty() {
        String::new()
    } else {
        format!("  ({}){current}", changes.join(", "))
    };
    outln!(o, "    {:<22} {base}{changes}", s.name);
}

pub(super) fn player(path: &Path, data: Option<&Path>, as_json: bool) -> Result<ExitCode> {
    if let Some((_, save)) = super::skyrim::load_skyrim(path)? {
        return super::skyrim::player(path, &save, as_json);
    }
    let mut o = String::new();
    let (_, save) = load(path)?;
    let files = save_plugins(&save, data)?;
    let order = crate::loadorder_cmds::context(&files);
    let p = save.player_character();
    // A form ID named from the load order where a plugin of it defines
    // the record; with its plugin otherwise.
    let form_text = |save: &SaveFile, id: Option<FormId>| match (order.as_ref(), id) {
        (Some(order), Some(f)) => save
            .name_in(order, f)
            .unwrap_or_else(|| form_text(save, id)),
        _ => form_text(save, id),
    };
    if as_json {
        let mut v = serde_json::to_value(&p)?;
        v["file"] = json!(path.display().to_string());
        v["cell_plugin"] = json!(save.plugin_of(p.cell));
        if let Some(order) = &order {
            let ids = [p.race, p.class, Some(p.cell), Some(p.world)]
                .into_iter()
                .chain(p.spells.iter().copied())
                .chain(p.factions.iter().map(|f| f.faction))
                .flatten();
            let names: serde_json::Map<String, serde_json::Value> = ids
                .filter_map(|id| Some((id.to_string(), json!(save.name_in(order, id)?))))
                .collect();
            v["names"] = serde_json::Value::Object(names);
        }
        outln!(o, "{}", serde_json::to_string_pretty(&v)?);
        emit(&o)?;
        return Ok(ExitCode::SUCCESS);
    }
    let level = p
        .base_data
        .map(|d| d.level.to_string())
        .unwrap_or_else(|| p.level.to_string());
    outln!(o, "{}, level {level}", p.name);
    outln!(o, "  race:     {}", form_text(&save, p.race));
    outln!(o, "  class:    {}", form_text(&save, p.class));
    outln!(o, "  gender:   {}", p.gender.unwrap_or("?"));
    outln!(
        o,
        "  place:    cell {} in world {}, at {:.0}, {:.0}, {:.0}",
        form_text(&save, Some(p.cell)),
        form_text(&save, Some(p.world)),
        p.position[0],
        p.position[1],
        p.position[2]
    );
    outln!(o, "  attributes:");
    for s in &p.attributes {
        stat_line(&mut o, s);
    }
    outln!(o, "  health, magicka, fatigue, encumbrance:");
    for s in &p.derived {
        stat_line(&mut o, s);
    }
    outln!(o, "  skills:");
    for s in &p.skills {
        stat_line(&mut o, s);
    }
    if !p.other.is_empty() {
        outln!(o, "  other actor values (bounty, fame, infamy, effects):");
        for s in &p.other {
            stat_line(&mut o, s);
        }
    }
    if !p.base_modifiers.is_empty() {
        let m: Vec<String> = p
            .base_modifiers
            .iter()
            .map(|(n, v)| format!("{n} {v}"))
            .collect();
        outln!(o, "  base modifiers: {}", m.join(", "));
    }
    outln!(o, "  spells ({}):", p.spells.len());
    for s in &p.spells {
        outln!(o, "    {}", form_text(&save, *s));
    }
    outln!(o, "  factions ({}):", p.factions.len());
    for f in &p.factions {
        outln!(o, "    {}  rank {}", form_text(&save, f.faction), f.rank);
    }
    emit(&o)?;
    Ok(ExitCode::SUCCESS)
}

pub(super) fn diff(
    old_path: &Path,
    new_path: &Path,
    as_json: bool,
    limit: usize,
) -> Result<ExitCode> {
    let mut o = String::new();
    match (
        super::skyrim::load_skyrim(old_path)?,
        super::skyrim::load_skyrim(new_path)?,
    ) {
        (Some((_, old)), Some((_, new))) => {
            return super::skyrim::diff((old_path, &old), (new_path, &new), as_json, limit)
        }
        (None, None) => {}
        _ => bail!(
            "{} and {} are saves of different games",
            old_path.display(),
            new_path.display()
        ),
    }
    let (_, old) = load(old_path)?;
    let (_, new) = load(new_path)?;
    let d = esscribe::save::diff::diff(&old, &new);
    let status = if d.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    if as_json {
        outln!(o, "{}", serde_json::to_string_pretty(&d)?);
        emit(&o)?;
        return Ok(status);
    }
    let form = |id: FormId| form_text(&new, Some(id));
    let opt = |id: Option<FormId>| id.map(form).unwrap_or_else(|| "-".into());
    let more = |o: &mut String, n: usize| more_line(o, n, limit);
    diff_heading(
        &mut o,
        (old_path, new_path),
        d.is_empty(),
        (&d.plugins_added, &d.plugins_removed),
    );
    if !d.player.is_empty() {
        outln!(o, "  player:");
        for f in &d.player {
            match (f.old.is_empty(), f.new.is_empty()) {
                (true, _) => outln!(o, "    {}: {}", f.field, f.new),
                (_, true) => outln!(o, "    {}: {}", f.field, f.old),
                _ => outln!(o, "    {}: {} → {}", f.field, f.old, f.new),
            }
        }
    }
    if !d.inventory.is_empty() {
        outln!(o, "  inventory:");
        for i in &d.inventory {
            match (i.old, i.new) {
                (None, Some(n)) => outln!(o, "    + {}  {n}", form(i.item)),
                (Some(n), None) => outln!(o, "    - {}  (was {n})", form(i.item)),
                (a, b) => outln!(
                    o,
                    "    {}  {} → {}",
                    form(i.item),
                    a.unwrap_or(0),
                    b.unwrap_or(0)
                ),
            }
        }
    }
    if !d.references.is_empty() {
        use esscribe::save::diff::ReferenceEvent as E;
        let count = |e: E| d.references.iter().filter(|r| r.event == e).count();
        outln!(
            o,
            "  references: {} moved, {} created, {} removed",
            count(E::Moved),
            count(E::Created),
            count(E::Removed)
        );
        let at = |c: Option<FormId>, p: Option<[f32; 3]>| match p {
            Some(p) => format!("{} at {:.0}, {:.0}, {:.0}", opt(c), p[0], p[1], p[2]),
            None => "-".into(),
        };
        for r in d.references.iter().take(limit) {
            let what = match r.event {
                E::Moved => format!(
                    "moved: {} → {}",
                    at(r.old_cell, r.old_position),
                    at(r.new_cell, r.new_position)
                ),
                E::Created => format!("created: {}", at(r.new_cell, r.new_position)),
                E::Removed => format!("removed (was {})", at(r.old_cell, r.old_position)),
            };
            outln!(o, "    {} {} {what}", r.form_id, r.kind);
        }
        more(&mut o, d.references.len());
    }
    if !d.quests.is_empty() {
        outln!(o, "  quests:");
        for q in d.quests.iter().take(limit) {
            let stages: Vec<String> = q.stages_set.iter().map(|s| s.to_string()).collect();
            let started = if q.started { " (new)" } else { "" };
            if stages.is_empty() {
                outln!(o, "    {}{started}", form(q.quest));
            } else {
                outln!(
                    o,
                    "    {}{started}: stage {} set",
                    form(q.quest),
                    stages.join(", ")
                );
            }
        }
        more(&mut o, d.quests.len());
    }
    if !d.cells_visited.is_empty() {
        outln!(o, "  cells visited ({}):", d.cells_visited.len());
        for c in d.cells_visited.iter().take(limit) {
            outln!(o, "    {}", form(*c));
        }
        more(&mut o, d.cells_visited.len());
    }
    if !d.globals.is_empty() {
        outln!(o, "  globals:");
        let num = |v: Option<f32>| v.map(|v| v.to_string()).unwrap_or_else(|| "-".into());
        for g in d.globals.iter().take(limit) {
            outln!(o, "    {}  {} → {}", form(g.global), num(g.old), num(g.new));
        }
        more(&mut o, d.globals.len());
    }
    emit(&o)?;
    Ok(status)
}

/// The first lines of `save diff`, whatever the game: the two files, and
/// the plugins added and removed.
pub(super) fn diff_heading(
    o: &mut String,
    (old, new): (&Path, &Path),
    empty: bool,
    (added, removed): (&[String], &[String]),
) {
    outln!(o, "{} → {}", old.display(), new.display());
    if empty {
        outln!(o, "  no differences");
    }
    for p in added {
        outln!(o, "  plugin added:   {p}");
    }
    for p in removed {
        outln!(o, "  plugin removed: {p}");
    }
}

/// The line that says how many more a list holds than `limit` shows.
pub(super) fn more_line(o: &mut String, n: usize, limit: usize) {
    if n > limit {
        outln!(
            o,
            "    … and {} more (--limit, or --json for all)",
            n - limit
        );
    }
}

/// The save's screenshot as a PNG image.
pub(crate) fn screenshot_png(save: &SaveFile) -> Result<Vec<u8>> {
    let shot = &save.header.screenshot;
    let expected = 3 * shot.width as u64 * shot.height as u64;
    if shot.rgb.len() as u64 != expected || shot.width == 0 || shot.height == 0 {
        bail!(
            "screenshot of {}x{} should hold {expected} bytes of RGB, holds {}",
            shot.width,
            shot.height,
            shot.rgb.len()
        );
    }
    let mut png_bytes = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut png_bytes, shot.width, shot.height);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header()?;
        w.write_image_data(&shot.rgb)?;
        w.finish()?;
    }
    Ok(png_bytes)
}

pub(super) fn screenshot(path: &Path, output: &Path, force: bool) -> Result<ExitCode> {
    let (png_bytes, (width, height)) = match super::skyrim::load_skyrim(path)? {
        Some((_, save)) => (
            super::skyrim::screenshot_png(&save).with_context(|| path.display().to_string())?,
            (save.header.shot_width, save.header.shot_height),
        ),
        None => {
            let (_, save) = load(path)?;
            let shot = &save.header.screenshot;
            (
                screenshot_png(&save).with_context(|| path.display().to_string())?,
                (shot.width, shot.height),
            )
        }
    };
    if util::is_stdout(output) {
        util::write_stdout(&png_bytes)?;
        return Ok(ExitCode::SUCCESS);
    }
    let lock = util::lock_for_writing(output)?;
    let written = util::write_locked(&lock, output, &png_bytes, force, |_| Ok(()))?;
    eprintln!(
        "{} ({width}x{height}){}",
        util::wrote(output, &written),
        util::backup_note(&written)
    );
    Ok(ExitCode::SUCCESS)
}

/// The save's plugins, found in `data`: the save's load order.
pub(super) fn save_plugins(save: &SaveFile, data: Option<&Path>) -> Result<Option<PluginFiles>> {
    let Some(dir) = data else {
        return Ok(None);
    };
    if !dir.is_dir() {
        bail!("--data {}: not a folder", dir.display());
    }
    let files = save
        .plugin_files(dir)
        .with_context(|| format!("cannot read the plugins of {}", dir.display()))?;
    Ok(Some(files))
}

/// A save's form ID named from its load order: `IronSword "Iron Sword"
/// [WEAP:0002EE72 Oblivion.esm]`, when a plugin of the save defines it.
pub(crate) fn save_name(
    order: Option<&LoadOrder<'_>>,
    save: &SaveFile,
    f: FormId,
) -> Option<String> {
    save.name_in(order?, f)
}

/// A form ID for an iref, with its plugin, or the iref when it does not
/// resolve.
pub(super) fn form_of(save: &SaveFile, iref: u32) -> String {
    match save.resolve(iref) {
        Some(f) => match save.plugin_of(f) {
            Some(p) => format!("{f} ({p})"),
            None => f.to_string(),
        },
        None => format!("iref 0x{iref:X}"),
    }
}

pub(super) fn describe_value(save: &SaveFile, v: &PropertyValue) -> String {
    use esscribe::save::properties::VarValue;
    match v {
        PropertyValue::Empty => String::new(),
        PropertyValue::U8 { value } => value.to_string(),
        PropertyValue::U16 { value } => value.to_string(),
        PropertyValue::U32 { value } => format!("0x{value:X}"),
        PropertyValue::F32 { value } => format!("{value}"),
        PropertyValue::Iref { iref } => form_of(save, *iref),
        PropertyValue::Script { script, vars, .. } => {
            let vars: Vec<String> = vars
                .iter()
                .map(|var| match var.value {
                    VarValue::Number(n) => format!("var {} = {n}", var.index),
                    VarValue::Reference(r) => format!("var {} = {}", var.index, form_of(save, r)),
                })
                .collect();
            if vars.is_empty() {
                form_of(save, *script)
            } else {
                format!("{} ({})", form_of(save, *script), vars.join(", "))
            }
        }
        PropertyValue::Lock { level, key, .. } => {
            format!("level {level}, key {}", form_of(save, *key))
        }
        other => serde_json::to_string(other).unwrap_or_default(),
    }
}

pub(crate) fn describe_set(save: &SaveFile, set: PropertySet<'_>) -> String {
    set.iter()
        .map(|p| {
            let name = p
                .name
                .map(str::to_string)
                .unwrap_or_else(|| format!("property 0x{:02X}", p.flag));
            let v = describe_value(save, &p.value);
            if v.is_empty() {
                name
            } else {
                format!("{name} {v}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

pub(crate) fn item_json(save: &SaveFile, item: &InventoryItem<'_>) -> Value {
    let id = save.resolve(item.iref);
    let mut v = json!({
        "form_id": id.map(|f| f.to_string()),
        "iref": format!("0x{:X}", item.iref),
        "plugin": id.and_then(|f| save.plugin_of(f)),
        "count": item.count,
        "entries": item.entries().collect::<Vec<_>>(),
    });
    if let Some(c) = id.and_then(|f| save.created_record(f)) {
        v["name"] = json!(c.name());
        v["type"] = json!(c.header.sig.to_string());
    }
    v
}

pub(super) fn inventory(
    path: &Path,
    reference: FormId,
    data: Option<&Path>,
    as_json: bool,
) -> Result<ExitCode> {
    let mut o = String::new();
    let (_, save) = load(path)?;
    let files = save_plugins(&save, data)?;
    let order = crate::loadorder_cmds::context(&files);
    let rec = save
        .changes
        .iter()
        .find(|c| c.form_id == reference && c.inventory().is_some())
        .or_else(|| save.changes.iter().find(|c| c.form_id == reference));
    let Some(rec) = rec else {
        bail!("{}: no change record for {reference}", path.display());
    };
    let inv = match rec.inventory() {
        Some(inv) => Some(inv),
        None => {
            if let Some(note) = rec.stop_note() {
                bail!(
                    "{}: the inventory of {reference} did not decode: {note}",
                    path.display()
                );
            }
            None
        }
    };
    let items: Vec<InventoryItem<'_>> = inv.iter().flat_map(|i| i.items()).collect();
    if as_json {
        let items: Vec<Value> = items
            .iter()
            .map(|i| {
                let mut v = item_json(&save, i);
                if let Some(name) = save
                    .resolve(i.iref)
                    .and_then(|f| save_name(order.as_ref(), &save, f))
                {
                    v["record"] = json!(name);
                }
                v
            })
            .collect();
        outln!(o, "{}", serde_json::to_string_pretty(&items)?);
        emit(&o)?;
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        o,
        "{} {reference}: {}",
        rec.type_name(),
        if items.is_empty() {
            "no inventory changes".to_string()
        } else {
            util::plural(items.len() as u64, "inventory entry", "inventory entries")
        }
    );
    for item in &items {
        let id = save.resolve(item.iref);
        let id_text = id
            .map(|f| f.to_string())
            .unwrap_or_else(|| format!("iref 0x{:X} (unresolved)", item.iref));
        let plugin = id.and_then(|f| save.plugin_of(f)).unwrap_or_default();
        let name = id
            .and_then(|f| save.created_record(f))
            .and_then(|c| c.name())
            .map(|n| format!(" \"{n}\""))
            .or_else(|| {
                id.and_then(|f| save_name(order.as_ref(), &save, f))
                    .map(|n| format!(" {n}"))
            })
            .unwrap_or_default();
        let props: Vec<String> = item.entries().map(|e| describe_set(&save, e)).collect();
        let props = if props.is_empty() {
            String::new()
        } else {
            format!("  [{}]", props.join("; "))
        };
        outln!(o, "{id_text}  {plugin:<24} {:>6}{name}{props}", item.count);
    }
    emit(&o)?;
    Ok(ExitCode::SUCCESS)
}

/// Each iref of a record resolved to its form ID and plugin.
pub(super) fn references(save: &SaveFile, c: &ChangeRecord<'_>) -> BTreeMap<String, Value> {
    c.irefs()
        .into_iter()
        .map(|i| {
            let id = save.resolve(i);
            let v = match id {
                Some(f) => json!({
                    "form_id": f.to_string(),
                    "plugin": save.plugin_of(f),
                }),
                None => Value::Null,
            };
            (format!("0x{i:X}"), v)
        })
        .collect()
}

pub(crate) fn record_json(save: &SaveFile, c: &ChangeRecord<'_>) -> Value {
    let (decoded, raw) = c.coverage();
    json!({
        "form_id": c.form_id.to_string(),
        "type": c.type_name(),
        "plugin": save.plugin_of(c.form_id),
        "flags": format!("0x{:08X}", c.flags),
        "version": c.version,
        "offset": c.offset,
        "size": decoded + raw,
        "exact": c.is_exact(),
        "stopped": c.stop_note(),
        "data": c.data(),
        "references": references(save, c),
    })
}

/// In the text form, the references of a record's parts (`cell`, `iref`,
/// `base`...) shown as the form IDs they stand for.
pub(super) fn resolve_irefs(
    save: &SaveFile,
    irefs: &std::collections::BTreeSet<u32>,
    v: &mut Value,
    order: Option<&LoadOrder<'_>>,
) {
    match v {
        Value::Object(m) => {
            for (k, x) in m.iter_mut() {
                if let Some(n) = x.as_u64() {
                    let n = n as u32;
                    if matches!(
                        k.as_str(),
                        "cell"
                            | "iref"
                            | "base"
                            | "reference"
                            | "race"
                            | "hair"
                            | "eyes"
                            | "class"
                            | "owner"
                            | "faction"
                    ) && irefs.contains(&n)
                    {
                        if let Some(f) = save.resolve(n) {
                            let plugin = save
                                .plugin_of(f)
                                .map(|p| format!(" ({p})"))
                                .unwrap_or_default();
                            *x = Value::String(
                                save_name(order, save, f).unwrap_or(format!("{f}{plugin}")),
                            );
                        }
                    }
                } else {
                    resolve_irefs(save, irefs, x, order);
                }
            }
        }
        Value::Array(a) => a
            .iter_mut()
            .for_each(|x| resolve_irefs(save, irefs, x, order)),
        _ => {}
    }
}

pub(super) fn records(
    path: &Path,
    (kind, form): (Option<&str>, Option<FormId>),
    data: Option<&Path>,
    (as_json, as_fields): (bool, bool),
) -> Result<ExitCode> {
    if let Some((_, save)) = super::skyrim::load_skyrim(path)? {
        if as_fields {
            bail!(
                "{}: a Skyrim save: only an Oblivion save's change records are read as fields",
                path.display()
            );
        }
        return super::skyrim::records(path, &save, (kind, form), data, as_json);
    }
    let mut o = String::new();
    let (_, save) = load(path)?;
    let files = save_plugins(&save, data)?;
    let order = crate::loadorder_cmds::context(&files);
    let code = match kind {
        Some(k) => Some(esscribe::save::type_code(k).with_context(|| {
            let valid: Vec<String> = esscribe::save::change::TYPE_NAMES
                .iter()
                .map(|(_, n)| n.to_string())
                .collect();
            format!(
                "unknown change-record type {k:?}; valid types: {}",
                util::nearest_first(k, &valid, 20)
            )
        })?),
        None => None,
    };
    let selected: Vec<ChangeRecord<'_>> = save
        .changes
        .iter()
        .filter(|c| code.is_none_or(|k| c.kind == k) && form.is_none_or(|f| c.form_id == f))
        .collect();
    if selected.is_empty() && (kind.is_some() || form.is_some()) {
        let what = kind
            .map(|k| k.to_ascii_uppercase() + " ")
            .unwrap_or_default();
        match form {
            Some(f) => bail!("{}: no {what}change record for {f}", path.display()),
            None => bail!("{}: no {what}change records", path.display()),
        }
    }
    if as_fields {
        let ctx = save.form_ctx();
        let v: Vec<Value> = selected
            .iter()
            .map(|c| {
                let fields = c.fields(&ctx);
                json!({
                    "form_id": c.form_id.to_string(),
                    "type": c.type_name(),
                    "fields": fields.as_map(),
                    "kept_as_bytes": fields.parts_kept_as_bytes(),
                })
            })
            .collect();
        outln!(o, "{}", serde_json::to_string_pretty(&v)?);
        emit(&o)?;
        return Ok(ExitCode::SUCCESS);
    }
    if as_json {
        let v: Vec<Value> = selected
            .iter()
            .map(|c| {
                let mut v = record_json(&save, c);
                if let Some(name) = save_name(order.as_ref(), &save, c.form_id) {
                    v["record"] = json!(name);
                }
                v
            })
            .collect();
        outln!(o, "{}", serde_json::to_string_pretty(&v)?);
        emit(&o)?;
        return Ok(ExitCode::SUCCESS);
    }
    for c in &selected {
        let (decoded, raw) = c.coverage();
        outln!(
            o,
            "{} {:<4} flags 0x{:08X} at 0x{:X}, {} bytes ({} decoded, {} raw){}",
            c.form_id,
            c.type_name(),
            c.flags,
            c.offset,
            decoded + raw,
            decoded,
            raw,
            save_name(order.as_ref(), &save, c.form_id)
                .map(|n| format!(" {n}"))
                .or_else(|| save.plugin_of(c.form_id).map(|p| format!(" [{p}]")))
                .unwrap_or_default()
        );
        let irefs: std::collections::BTreeSet<u32> = c.irefs().into_iter().collect();
        for p in c.parts() {
            let mut v = serde_json::to_value(p).unwrap_or_default();
            resolve_irefs(&save, &irefs, &mut v, order.as_ref());
            let name = v
                .as_object_mut()
                .and_then(|m| m.remove("part"))
                .map(|n| util::scalar(&n))
                .unwrap_or_else(|| "part".into());
            util::show_field(&mut o, 2, &name, &v);
        }
    }
    emit(&o)?;
    eprintln!(
        "{}",
        util::plural(selected.len() as u64, "record", "records")
    );
    Ok(ExitCode::SUCCESS)
}
