//! `esscribe save ...`: look into Oblivion save games: summary, screenshot,
//! inventories, change records, decoding statistics and a write-back check.

use crate::util;
use anyhow::{bail, Context as _, Result};
use clap::Subcommand;
use esscribe::loadorder::{LoadOrder, PluginFiles};
use esscribe::plugin::MappedFile;
use esscribe::save::{
    change::PLAYER_REF, ChangeRecord, InventoryItem, PropertySet, PropertyValue, SaveFile,
    TypeStats,
};
use esscribe::FormId;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Appends a line to an output buffer; output is written in one go at the
/// end so that a closed pipe (`| head`) ends the command quietly.
macro_rules! outln {
    ($o:expr, $($t:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($o, $($t)*);
    }};
}

/// Writes command output to stdout; a reader that went away is not an
/// error.
fn emit(text: &str) -> Result<()> {
    use std::io::Write;
    // Names and places come from the save: none reaches the terminal as
    // an escape sequence (JSON escapes its own).
    let text = util::terminal_safe(text);
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r.context("cannot write to stdout"),
    }
}

/// A number the game can hold: NaN and infinities are refused.
fn finite_f32(s: &str) -> Result<f32, String> {
    match s.trim().parse::<f32>() {
        Ok(x) if x.is_finite() => Ok(x),
        Ok(x) => Err(format!("{x} is not a finite number")),
        Err(_) => Err(format!("not a number: {s:?}")),
    }
}

fn parse_form_id(s: &str) -> Result<FormId, String> {
    FormId::parse(s).ok_or_else(|| format!("not a hex form ID: {s:?} (e.g. 0x00000014)"))
}

#[derive(Debug, Subcommand)]
pub enum SaveCommand {
    /// Player, place, time, plugins and change-record counts of saves.
    #[command(
        after_help = "Examples:\n  esscribe save info save002.ess\n  esscribe save info --json *.ess"
    )]
    Info {
        /// The Oblivion saves to read (.ess).
        #[arg(required = true)]
        saves: Vec<PathBuf>,
        /// JSON on stdout: one object, or an array for several saves.
        #[arg(long)]
        json: bool,
    },
    /// The player's character: name, race, class, level, attributes and
    /// skills with the changes the save holds, health, spells, factions,
    /// place.
    #[command(
        after_help = "Examples:\n  esscribe save player save002.ess\n  esscribe save player save002.ess --data Data\n  esscribe save player save002.ess --json"
    )]
    Player {
        /// The Oblivion save to read (.ess).
        save: PathBuf,
        /// The game's Data folder: the save's plugins, read from there,
        /// name the race, class, place, spells and factions.
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
    },
    /// What changed between two saves of a playthrough: the player's
    /// stats, inventory, references moved, created or removed, quest
    /// stages set, cells visited, globals and plugins. Exit status 1 when
    /// anything differs.
    #[command(
        after_help = "Examples:\n  esscribe save diff save002.ess save010.ess\n  esscribe save diff old.ess new.ess --json"
    )]
    Diff {
        /// The older save.
        old: PathBuf,
        /// The newer save.
        new: PathBuf,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
        /// How many references, cells and globals to list in the text form
        /// (JSON lists all).
        #[arg(long, default_value_t = 20, value_name = "N")]
        limit: usize,
    },
    /// Lists the save's plugins, with how many change records each has;
    /// --rename renames one in the list (a plugin renamed or merged) and
    /// writes the save as `edit` does.
    #[command(
        after_help = "Examples:\n  esscribe save masters save002.ess\n  esscribe save masters save002.ess --rename Old.esp=New.esp -o renamed.ess"
    )]
    Masters {
        /// The Oblivion save (.ess).
        save: PathBuf,
        /// OLD=NEW: the plugin to rename and its new name; may be repeated.
        #[arg(long, value_name = "OLD=NEW", value_parser = name_value)]
        rename: Vec<(String, String)>,
        /// Print JSON on standard output (the list).
        #[arg(long)]
        json: bool,
        /// Where to write (default: replace the save, keeping a backup);
        /// `-` for standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        force: util::ForceOpt,
    },
    /// Reports bloat: created records nothing refers to and change records
    /// of plugins no longer in the list; --remove removes it and writes the
    /// save as `edit` does (a save without bloat is left untouched).
    #[command(
        after_help = "Examples:\n  esscribe save clean save002.ess\n  esscribe save clean save002.ess --remove -o clean.ess"
    )]
    Clean {
        /// The Oblivion save (.ess).
        save: PathBuf,
        /// Remove what is found.
        #[arg(long)]
        remove: bool,
        /// Print the findings as JSON on standard output.
        #[arg(long)]
        json: bool,
        /// Where to write (default: replace the save, keeping a backup);
        /// `-` for standard output.
        #[arg(short, long, value_name = "FILE", requires = "remove")]
        output: Option<PathBuf>,
        #[command(flatten)]
        force: util::ForceOpt,
    },
    /// Writes the save's screenshot as a PNG.
    #[command(after_help = "Example:\n  esscribe save screenshot save002.ess -o shot.png")]
    Screenshot {
        /// The Oblivion save to read (.ess).
        save: PathBuf,
        /// The PNG file to write; `-` for standard output.
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
        #[command(flatten)]
        force: util::ForceOpt,
    },
    /// Lists the inventory changes of a reference (the player's by default).
    #[command(
        after_help = "Examples:\n  esscribe save inventory save002.ess\n  esscribe save inventory save002.ess --ref 0x00009D81 --json"
    )]
    Inventory {
        /// The Oblivion save to read (.ess).
        save: PathBuf,
        /// Form ID of the reference (container, NPC or creature).
        #[arg(long = "ref", value_name = "0xID", value_parser = parse_form_id)]
        reference: Option<FormId>,
        /// The game's Data folder: the save's plugins, read from there, name
        /// the items (editor ID, name and type).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Print JSON on standard output (an empty list when nothing changed).
        #[arg(long)]
        json: bool,
    },
    /// Shows decoded change records.
    #[command(
        after_help = "Examples:\n  esscribe save records save002.ess --type ACHR --form 0x00000014\n  esscribe save records save002.ess --type refr --json"
    )]
    Records {
        /// The Oblivion save to read (.ess).
        save: PathBuf,
        /// Only records of this type (REFR, ACHR, ..., in any case) or type
        /// number.
        #[arg(long = "type", value_name = "TYPE")]
        kind: Option<String>,
        /// Only the records of this form ID.
        #[arg(long, value_name = "0xID", value_parser = parse_form_id)]
        form: Option<FormId>,
        /// The game's Data folder: the save's plugins, read from there, name
        /// the records and references.
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
    },
    /// How much of each change-record type decodes, over all given saves.
    #[command(
        after_help = "Examples:\n  esscribe save stats *.ess\n  esscribe save stats --json save002.ess"
    )]
    Stats {
        /// The Oblivion saves to read (.ess).
        #[arg(required = true)]
        saves: Vec<PathBuf>,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
    },
    /// Reads and writes each save in memory and compares the bytes.
    #[command(after_help = "Example:\n  esscribe save verify *.ess")]
    Verify {
        /// The Oblivion saves to read (.ess).
        #[arg(required = true)]
        saves: Vec<PathBuf>,
        /// Also check that every change record of a decoded type decodes
        /// without stopping, and every created record reads by its
        /// declaration and encodes back.
        #[arg(long)]
        deep: bool,
    },
    /// Changes an item count, a position or a scale and writes the save:
    /// in place (keeping a backup, FILE.bak or FILE.N.bak) or to --output.
    /// The written file is read back and checked before it replaces
    /// anything; a second edit of the same file waits for the first.
    #[command(
        after_help = "Examples:\n  esscribe save edit save002.ess --item 0x0002EE72 --count 20\n  esscribe save edit save002.ess --position 1765,2054,-41 -o moved.ess\n  esscribe save edit save002.ess --ref 0xFF000830 --scale 1.5 -o big.ess"
    )]
    Edit {
        /// The Oblivion save to change (.ess).
        save: PathBuf,
        /// The reference to change (the player by default).
        #[arg(long = "ref", value_name = "0xID", value_parser = parse_form_id)]
        reference: Option<FormId>,
        /// Form ID of an inventory item whose count to set (with --count).
        #[arg(long, value_name = "0xID", value_parser = parse_form_id, requires = "count")]
        item: Option<FormId>,
        /// New count of --item (an item the inventory changes do not hold
        /// yet is added).
        #[arg(long, requires = "item", allow_hyphen_values = true)]
        count: Option<i32>,
        /// New position, as X,Y,Z (for the player, the player's position
        /// in the save's global data is set too).
        #[arg(long, value_delimiter = ',', num_args = 1, allow_hyphen_values = true, value_parser = finite_f32)]
        position: Option<Vec<f32>>,
        /// New scale.
        #[arg(long, value_parser = finite_f32)]
        scale: Option<f32>,
        /// Renames the player (save header and the player's records).
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
        /// Sets one of the player's skills, as NAME=VALUE (for example
        /// Marksman=100); may be repeated.
        #[arg(long, value_name = "NAME=VALUE", value_parser = name_value)]
        skill: Vec<(String, String)>,
        /// Sets one of the player's attributes, as NAME=VALUE (for example
        /// Strength=60); may be repeated.
        #[arg(long, value_name = "NAME=VALUE", value_parser = name_value)]
        attribute: Vec<(String, String)>,
        /// Where to write (default: replace the save, keeping a backup);
        /// `-` for standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        force: util::ForceOpt,
    },
}

pub fn run(cmd: SaveCommand) -> Result<ExitCode> {
    match cmd {
        SaveCommand::Info { saves, json } => info(&saves, json),
        SaveCommand::Screenshot {
            save,
            output,
            force,
        } => screenshot(&save, &output, force.force),
        SaveCommand::Player { save, data, json } => player(&save, data.as_deref(), json),
        SaveCommand::Diff {
            old,
            new,
            json,
            limit,
        } => diff(&old, &new, json, limit),
        SaveCommand::Inventory {
            save,
            reference,
            data,
            json,
        } => inventory(
            &save,
            reference.unwrap_or(PLAYER_REF),
            data.as_deref(),
            json,
        ),
        SaveCommand::Records {
            save,
            kind,
            form,
            data,
            json,
        } => records(&save, kind.as_deref(), form, data.as_deref(), json),
        SaveCommand::Stats { saves, json } => stats(&saves, json),
        SaveCommand::Verify { saves, deep } => verify(&saves, deep),
        SaveCommand::Edit {
            save,
            reference,
            item,
            count,
            position,
            scale,
            name,
            skill,
            attribute,
            output,
            force,
        } => edit(
            &save,
            EditRequest {
                reference: reference.unwrap_or(PLAYER_REF),
                item_count: item.zip(count),
                position,
                scale,
                name,
                stats: attribute.into_iter().chain(skill).collect(),
            },
            output.as_deref(),
            force.force,
        ),
        SaveCommand::Masters {
            save,
            rename,
            json,
            output,
            force,
        } => masters(&save, &rename, json, output.as_deref(), force.force),
        SaveCommand::Clean {
            save,
            remove,
            json,
            output,
            force,
        } => clean(&save, remove, json, output.as_deref(), force.force),
    }
}

pub(crate) fn load(path: &Path) -> Result<(MappedFile, SaveFile)> {
    let data = util::load(path)?;
    if esscribe::save::game_of_save(&data) == Some(esscribe::Game::Skyrim) {
        bail!(
            "{} is a Skyrim save; esscribe reads Oblivion saves only, Skyrim saves are not read yet",
            path.display()
        );
    }
    if data.starts_with(b"TES4") && !data.starts_with(b"TES4SAVEGAME") {
        bail!(
            "{} is a plugin, not a save game; use the plugin commands (esscribe info, dump, ...)",
            path.display()
        );
    }
    // Parsed into a save of its own: reading the file ends here.
    let save = data
        .checked(SaveFile::parse(&data))
        .with_context(|| format!("{}", path.display()))?;
    Ok((data, save))
}

fn play_time(ticks: u32) -> String {
    let s = ticks / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

fn counts_by_type(save: &SaveFile) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for c in &save.changes {
        *m.entry(c.type_name()).or_insert(0) += 1;
    }
    m
}

pub(crate) fn info_json(path: &Path, save: &SaveFile) -> Value {
    let h = &save.header;
    json!({
        "file": path.display().to_string(),
        "player": {
            "name": h.player_name.text(),
            "level": h.level,
            "location": h.location.text(),
        },
        "save_number": h.save_number,
        "game_days": h.game_days,
        "game_date": save.game_date().map(|d| d.to_string()),
        "play_time_seconds": h.game_ticks / 1000,
        "saved_at": h.game_time.to_string(),
        "screenshot": {"width": h.screenshot.width, "height": h.screenshot.height},
        "plugins": save.plugins.iter().map(|p| p.text()).collect::<Vec<_>>(),
        "created_records": save.created.len(),
        "created": save.created.iter().map(|c| json!({
            "form_id": c.header.form_id.to_string(),
            "type": c.header.sig.to_string(),
            "name": c.name(),
            "effects": c.effects(),
        })).collect::<Vec<_>>(),
        "form_ids": save.form_ids.len(),
        "change_records": counts_by_type(save),
    })
}

fn info(paths: &[PathBuf], as_json: bool) -> Result<ExitCode> {
    let mut o = String::new();
    let results = util::for_files(paths, "saves", |p| load(p).map(|(_, s)| info_json(p, &s)));
    let mut failed = false;
    let mut values = Vec::new();
    for r in results {
        match r {
            Ok(v) => values.push(v),
            Err(e) => {
                crate::report_error(&e);
                failed = true;
            }
        }
    }
    if as_json {
        let out = if paths.len() == 1 && values.len() == 1 {
            values.pop().unwrap_or(Value::Null)
        } else {
            Value::Array(values)
        };
        outln!(o, "{}", serde_json::to_string_pretty(&out)?);
    } else {
        for v in &values {
            outln!(o, "{}", v["file"].as_str().unwrap_or(""));
            let p = &v["player"];
            outln!(
                o,
                "  player:     {}, level {}",
                p["name"].as_str().unwrap_or(""),
                p["level"]
            );
            outln!(o, "  location:   {}", p["location"].as_str().unwrap_or(""));
            outln!(
                o,
                "  game date:  {} (day {:.2} in game), saved {}",
                v["game_date"].as_str().unwrap_or("?"),
                v["game_days"].as_f64().unwrap_or(0.0),
                v["saved_at"].as_str().unwrap_or("")
            );
            outln!(
                o,
                "  play time:  {}",
                play_time((v["play_time_seconds"].as_u64().unwrap_or(0) * 1000) as u32)
            );
            let plugins = v["plugins"].as_array().cloned().unwrap_or_default();
            outln!(o, "  plugins ({}):", plugins.len());
            for (i, name) in plugins.iter().enumerate() {
                outln!(o, "    {i:02X} {}", name.as_str().unwrap_or(""));
            }
            let created = v["created"].as_array().cloned().unwrap_or_default();
            if !created.is_empty() {
                outln!(o, "  created ({}):", created.len());
            }
            for c in &created {
                let effects: Vec<String> = c["effects"]
                    .as_array()
                    .map(|fx| {
                        fx.iter()
                            .map(|e| {
                                let range = match e["range"].as_u64() {
                                    Some(0) => "self",
                                    Some(1) => "touch",
                                    Some(2) => "target",
                                    _ => "?",
                                };
                                format!(
                                    "{} {} pts {} s area {} on {range}",
                                    e["code"].as_str().unwrap_or("?"),
                                    e["magnitude"],
                                    e["duration"],
                                    e["area"]
                                )
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let name = c["name"]
                    .as_str()
                    .map(|n| format!(" \"{n}\""))
                    .unwrap_or_default();
                outln!(
                    o,
                    "    {} {}{name}: {}",
                    c["form_id"].as_str().unwrap_or(""),
                    c["type"].as_str().unwrap_or(""),
                    effects.join("; ")
                );
            }
            let counts = v["change_records"].as_object().cloned().unwrap_or_default();
            let total: u64 = counts.values().filter_map(Value::as_u64).sum();
            outln!(o, "  change records ({total}):");
            for (k, n) in &counts {
                outln!(o, "    {k:<5} {n}");
            }
        }
    }
    emit(&o)?;
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// A form ID with its plugin, or `?` when the save does not resolve it.
fn form_text(save: &SaveFile, id: Option<FormId>) -> String {
    match id {
        Some(f) => match save.plugin_of(f) {
            Some(p) if p.starts_with('(') => format!("{f} {p}"),
            Some(p) => format!("{f} ({p})"),
            None => f.to_string(),
        },
        None => "?".to_string(),
    }
}

fn stat_line(o: &mut String, s: &esscribe::save::player::Stat) {
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

fn player(path: &Path, data: Option<&Path>, as_json: bool) -> Result<ExitCode> {
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

fn diff(old_path: &Path, new_path: &Path, as_json: bool, limit: usize) -> Result<ExitCode> {
    let mut o = String::new();
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
    let more = |o: &mut String, n: usize| {
        if n > limit {
            outln!(
                o,
                "    … and {} more (--limit, or --json for all)",
                n - limit
            );
        }
    };
    outln!(o, "{} → {}", old_path.display(), new_path.display());
    if d.is_empty() {
        outln!(o, "  no differences");
    }
    for p in &d.plugins_added {
        outln!(o, "  plugin added:   {p}");
    }
    for p in &d.plugins_removed {
        outln!(o, "  plugin removed: {p}");
    }
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

fn screenshot(path: &Path, output: &Path, force: bool) -> Result<ExitCode> {
    let (_, save) = load(path)?;
    let shot = &save.header.screenshot;
    let png_bytes = screenshot_png(&save).with_context(|| path.display().to_string())?;
    if util::is_stdout(output) {
        util::write_stdout(&png_bytes)?;
        return Ok(ExitCode::SUCCESS);
    }
    let lock = util::lock_for_writing(output)?;
    let written = util::write_locked(&lock, output, &png_bytes, force, |_| Ok(()))?;
    eprintln!(
        "{} ({}x{}){}",
        util::wrote(output, &written),
        shot.width,
        shot.height,
        util::backup_note(&written)
    );
    Ok(ExitCode::SUCCESS)
}

/// The save's plugins, found in `data`: the save's load order.
fn save_plugins(save: &SaveFile, data: Option<&Path>) -> Result<Option<PluginFiles>> {
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
fn form_of(save: &SaveFile, iref: u32) -> String {
    match save.resolve(iref) {
        Some(f) => match save.plugin_of(f) {
            Some(p) => format!("{f} ({p})"),
            None => f.to_string(),
        },
        None => format!("iref 0x{iref:X}"),
    }
}

fn describe_value(save: &SaveFile, v: &PropertyValue) -> String {
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

fn inventory(
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
fn references(save: &SaveFile, c: &ChangeRecord<'_>) -> BTreeMap<String, Value> {
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
fn resolve_irefs(
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

fn records(
    path: &Path,
    kind: Option<&str>,
    form: Option<FormId>,
    data: Option<&Path>,
    as_json: bool,
) -> Result<ExitCode> {
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

fn stats(paths: &[PathBuf], as_json: bool) -> Result<ExitCode> {
    let mut o = String::new();
    let results = util::for_files(paths, "saves", |p| load(p).map(|(_, s)| s.stats()));
    let mut total: BTreeMap<String, TypeStats> = BTreeMap::new();
    let mut failed = false;
    for r in results {
        match r {
            Ok(s) => {
                for (k, v) in s {
                    total.entry(k).or_default().add(&v);
                }
            }
            Err(e) => {
                crate::report_error(&e);
                failed = true;
            }
        }
    }
    if as_json {
        outln!(
            o,
            "{}",
            serde_json::to_string_pretty(&json!({"files": paths.len(), "change_records": total}))?
        );
    } else {
        outln!(
            o,
            "{:<5} {:>8} {:>10} {:>10} {:>9} {:>9} {:>8}",
            "type",
            "count",
            "bytes",
            "raw bytes",
            "decoded",
            "exact",
            "stopped"
        );
        let pct = |a: usize, b: usize| {
            if b == 0 {
                "-".to_string()
            } else {
                format!("{:.2}%", a as f64 * 100.0 / b as f64)
            }
        };
        for (k, s) in &total {
            outln!(
                o,
                "{k:<5} {:>8} {:>10} {:>10} {:>9} {:>9} {:>8}",
                s.count,
                s.bytes,
                s.raw_bytes,
                pct(s.decoded_bytes, s.bytes),
                pct(s.exact, s.count),
                s.stopped
            );
        }
    }
    emit(&o)?;
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn verify(paths: &[PathBuf], deep: bool) -> Result<ExitCode> {
    let mut o = String::new();
    let results = util::for_files(paths, "saves", |p| {
        let (data, save) = load(p)?;
        let out = save.to_bytes()?;
        let check = deep.then(|| save.check_decoding());
        Ok((esscribe::plugin::first_difference(&data, &out), check))
    });
    let mut ok = 0;
    for (p, r) in paths.iter().zip(results) {
        match r {
            Ok((None, check)) => match check.as_ref().and_then(crate::plugin_cmds::deep_report) {
                None if deep => {
                    ok += 1;
                    outln!(o, "{}: identical, and every record decodes", p.display());
                }
                None => {
                    ok += 1;
                    outln!(o, "{}: identical", p.display());
                }
                Some(report) => outln!(o, "{}: identical, but {report}", p.display()),
            },
            Ok((Some(at), _)) => outln!(o, "{}: differs at offset 0x{at:X}", p.display()),
            Err(e) => outln!(o, "{}: error: {}", p.display(), e.root_cause()),
        }
    }
    if deep {
        outln!(o, "{ok} of {} saves identical and decoding", paths.len());
    } else {
        outln!(o, "{ok} of {} saves identical", paths.len());
    }
    emit(&o)?;
    Ok(if ok == paths.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// A `NAME=VALUE` argument.
fn name_value(s: &str) -> Result<(String, String), String> {
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

fn edit(path: &Path, req: EditRequest, output: Option<&Path>, force: bool) -> Result<ExitCode> {
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
fn modify_and_write(
    path: &Path,
    (output, force): (Option<&Path>, bool),
    change: impl FnOnce(&mut SaveFile) -> Result<Option<String>>,
) -> Result<ExitCode> {
    let target = output.unwrap_or(path);
    // Held from before the save is read until the edited one is in place:
    // a second edit of the same file waits, then starts from this one.
    // Standard output needs none.
    let lock = match util::is_stdout(target) {
        true => None,
        false => Some(util::lock_for_writing(target)?),
    };
    let (_, mut save) = load(path)?;
    let Some(summary) = change(&mut save)? else {
        return Ok(ExitCode::SUCCESS);
    };
    let bytes = save.to_bytes()?;
    // Read back from disk, the save must parse and its change records
    // decode as those of the edited save do.
    let decoding = |s: &SaveFile| -> Vec<_> {
        s.stats()
            .into_iter()
            .map(|(k, t)| (k, t.count, t.exact, t.stopped))
            .collect()
    };
    let expected = decoding(&save);
    let check = |b: &[u8]| {
        let back = SaveFile::parse(b)?;
        if decoding(&back) != expected {
            return Err(esscribe::Error::invalid(
                0,
                "the written save's change records do not decode as the edited ones do",
            ));
        }
        Ok(())
    };
    let Some(lock) = lock else {
        check(&bytes)?;
        util::write_stdout(&bytes)?;
        eprintln!("{summary}; wrote standard output");
        return Ok(ExitCode::SUCCESS);
    };
    let written = util::write_locked(&lock, target, &bytes, force, check)?;
    eprintln!(
        "{summary}; {}{}",
        util::wrote(target, &written),
        util::backup_note(&written)
    );
    Ok(ExitCode::SUCCESS)
}

fn masters(
    path: &Path,
    renames: &[(String, String)],
    as_json: bool,
    output: Option<&Path>,
    force: bool,
) -> Result<ExitCode> {
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

fn clean(
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
