//! `esscribe save ...`: look into save games (Oblivion, Skyrim LE and SE): summary, screenshot,
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
        /// The saves to read (.ess), Oblivion or Skyrim.
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
        /// The save to read (.ess), Oblivion or Skyrim.
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
        /// The save (.ess), Oblivion or Skyrim.
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
        /// The save (.ess).
        save: PathBuf,
        /// Remove what is found.
        #[arg(long)]
        remove: bool,
        /// Skyrim: the game's Data folder; script instances of scripts
        /// neither in its `Scripts` folder nor in its archives are bloat too.
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
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
    /// Everything the save holds of one plugin (change records by type,
    /// quests, items in inventories, forms created from its forms, the
    /// player's spells, script instances on its forms), and whether it can
    /// be removed from the playthrough.
    #[command(
        after_help = "Examples:\n  esscribe save uses save002.ess OblivionOnline.esp\n  esscribe save uses quicksave.ess SkyUI_SE.esp --json"
    )]
    Uses {
        /// The save (.ess).
        save: PathBuf,
        /// The plugin, as the save lists it (any case).
        plugin: String,
        /// The game's Data folder: the save's plugins, read from there,
        /// name the forms.
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
    },
    /// Writes the save's screenshot as a PNG.
    #[command(after_help = "Example:\n  esscribe save screenshot save002.ess -o shot.png")]
    Screenshot {
        /// The save to read (.ess), Oblivion or Skyrim.
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
        after_help = "Examples:\n  esscribe save records save002.ess --type ACHR --form 0x00000014\n  esscribe save records save002.ess --type refr --json\n  esscribe save records save002.ess --form 0x00000014 --fields"
    )]
    Records {
        /// The save to read (.ess), Oblivion or Skyrim.
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
        /// Print each record's fields as JSON, as `esscribe set` reads and
        /// changes them (`moved.position.z`, `inventory.0.count`), irefs
        /// named by the form IDs they stand for (Oblivion saves).
        #[arg(long, conflicts_with = "json")]
        fields: bool,
    },
    /// How much of each change-record type decodes, over all given saves.
    #[command(
        after_help = "Examples:\n  esscribe save stats *.ess\n  esscribe save stats --json save002.ess"
    )]
    Stats {
        /// The saves to read (.ess), Oblivion or Skyrim.
        #[arg(required = true)]
        saves: Vec<PathBuf>,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
    },
    /// Reads and writes each save in memory and compares the bytes.
    #[command(after_help = "Example:\n  esscribe save verify *.ess")]
    Verify {
        /// The saves to read (.ess), Oblivion or Skyrim.
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
            fields,
        } => records(
            &save,
            (kind.as_deref(), form),
            data.as_deref(),
            (json, fields),
        ),
        SaveCommand::Stats { saves, json } => stats(&saves, json),
        SaveCommand::Uses {
            save,
            plugin,
            data,
            json,
        } => uses_cmd::uses(&save, &plugin, data.as_deref(), json),
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
            data,
            json,
            output,
            force,
        } => {
            if skyrim::load_skyrim(&save)?.is_some() {
                return skyrim_clean::clean(
                    &save,
                    data.as_deref(),
                    remove,
                    json,
                    (output.as_deref(), force.force),
                );
            }
            if data.is_some() {
                bail!("--data applies to Skyrim saves; an Oblivion save's scripts live in its plugins");
            }
            clean(&save, remove, json, output.as_deref(), force.force)
        }
    }
}

pub(crate) fn load(path: &Path) -> Result<(MappedFile, SaveFile)> {
    let data = util::load(path)?;
    if esscribe::save::game_of_save(&data) == Some(esscribe::Game::Skyrim) {
        bail!(
            "{} is a Skyrim save; this command reads Oblivion saves only (on Skyrim saves: info, verify, stats, records, masters, screenshot, player, diff, uses, clean)",
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
    let results = util::for_files(paths, "saves", |p| match skyrim::load_skyrim(p)? {
        Some((_, s)) => Ok(skyrim::info_json(p, &s)),
        None => load(p).map(|(_, s)| info_json(p, &s)),
    });
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
            if v["game"].is_string() {
                skyrim::info_text(&mut o, v);
                continue;
            }
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

fn stats(paths: &[PathBuf], as_json: bool) -> Result<ExitCode> {
    let mut o = String::new();
    let results = util::for_files(paths, "saves", |p| match skyrim::load_skyrim(p)? {
        Some((_, s)) => Ok(skyrim::stats(&s)),
        None => load(p).map(|(_, s)| s.stats()),
    });
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
    // What a deep check that found nothing has shown, per game.
    const OBLIVION_DEEP: &str = "every record decodes";
    const SKYRIM_DEEP: &str = "every change form inflates, and the misc stats, player location, globals and Papyrus decode (change form data is kept as bytes)";
    let results = util::for_files(paths, "saves", |p| {
        if let Some((data, save)) = skyrim::load_skyrim(p)? {
            let (at, problems) = skyrim::verify(&data, &save, deep)?;
            let report = (!problems.is_empty())
                .then(|| format!("{} problems: {}", problems.len(), problems.join("; ")));
            return Ok((at, report, SKYRIM_DEEP));
        }
        let (data, save) = load(p)?;
        let out = save.to_bytes()?;
        let report = deep
            .then(|| save.check_decoding())
            .as_ref()
            .and_then(crate::plugin_cmds::deep_report);
        Ok((
            esscribe::plugin::first_difference(&data, &out),
            report,
            OBLIVION_DEEP,
        ))
    });
    let mut ok = 0;
    for (p, r) in paths.iter().zip(results) {
        match r {
            Ok((None, report, shown)) => match report {
                None if deep => {
                    ok += 1;
                    outln!(o, "{}: identical, and {shown}", p.display());
                }
                None => {
                    ok += 1;
                    outln!(o, "{}: identical", p.display());
                }
                Some(report) => outln!(o, "{}: identical, but {report}", p.display()),
            },
            Ok((Some(at), ..)) => outln!(o, "{}: differs at offset 0x{at:X}", p.display()),
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

mod edit;
mod records;
mod skyrim;
mod skyrim_clean;
mod uses_cmd;
mod writing;

pub(crate) use skyrim::{
    info_json as skyrim_info_json, load_skyrim, screenshot_png as skyrim_screenshot_png,
    set_encoding, skyrim_text,
};

pub(crate) use edit::modify_and_write;
pub use edit::EditRequest;
use edit::*;
pub(crate) use records::*;
