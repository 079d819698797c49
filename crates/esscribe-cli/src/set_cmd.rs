//! `esscribe set`: one record's fields changed in place through the record
//! model, each change checked against the record's declaration, the
//! plugin written safely and read back. An Oblivion save's change record
//! is changed the same way, by its parts' declared layouts.

use crate::util::{self, file_name, load, parse_plugin};
use anyhow::{bail, Context, Result};
use esscribe::{Plugin, RecordKey};
use serde_json::Value;
use std::path::Path;
use std::process::ExitCode;

/// The changes asked for, in the order they are made: values set, then
/// items added, then entries or items removed.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct Changes {
    /// PATH=VALUE: set a field (`schedule.hour=21`, `name=Brass Lantern`,
    /// `keywords.0=0x000914EE`). VALUE is read as JSON where it is JSON
    /// (a number, `true`, `"text"`, a list or an object), else as text.
    #[arg(value_name = "PATH=VALUE")]
    pub set: Vec<String>,
    /// LIST=VALUE: add an item at the end of a list (`keywords=0x000914EE`);
    /// a count the record keeps of the list follows it.
    #[arg(long, value_name = "LIST=VALUE")]
    pub push: Vec<String>,
    /// PATH: remove an optional entry (`name`) or a list's item
    /// (`keywords.1`); a count the record keeps of the list follows it.
    #[arg(long, value_name = "PATH")]
    pub remove: Vec<String>,
}

/// `PATH=VALUE` split, the value read as JSON where it is JSON.
fn assignment(text: &str) -> Result<(&str, Value)> {
    let Some((path, value)) = text.split_once('=') else {
        bail!("expected PATH=VALUE (e.g. schedule.hour=21), found {text:?}");
    };
    if path.is_empty() {
        bail!("no field named before '=' in {text:?}");
    }
    let value = serde_json::from_str(value).unwrap_or_else(|_| Value::from(value));
    Ok((path, value))
}

/// Each `PATH=VALUE` of `texts`, split.
fn assignments(texts: &[String]) -> Result<Vec<(&str, Value)>> {
    texts.iter().map(|t| assignment(t)).collect()
}

pub fn run(
    file: &Path,
    record: &str,
    changes: &Changes,
    output: Option<&Path>,
    force: bool,
) -> Result<ExitCode> {
    let (sets, pushes) = (assignments(&changes.set)?, assignments(&changes.push)?);
    if sets.is_empty() && pushes.is_empty() && changes.remove.is_empty() {
        bail!("nothing to change: give PATH=VALUE, --push LIST=VALUE or --remove PATH");
    }
    let target = output.unwrap_or(file);
    if let Some(game) = save_game(file)? {
        if game != esscribe::plugin::Game::Oblivion {
            bail!(
                "{}: a {game:?} save: only an Oblivion save's change records are read as fields",
                file.display()
            );
        }
        return set_in_save(
            file,
            record,
            (&sets, &pushes, &changes.remove),
            output,
            force,
        );
    }
    let lock = util::lock_for_writing(target)?;
    let data = load(file)?;
    let mut plugin = parse_plugin(&data, None, file)?;
    plugin.set_name(file_name(file));
    // A form ID as the plugin numbers it, or an editor ID (any case).
    let key = RecordKey::from(record);
    let at = |what: &str| format!("{}: {key}: {what}", file.display());
    let id = plugin.get(key.clone())?.form_id();
    {
        let mut fields = plugin.record(id)?.fields()?;
        for (path, value) in &sets {
            fields
                .set(path, value)
                .with_context(|| at(&format!("cannot set {path}")))?;
        }
        for (path, value) in &pushes {
            fields
                .push(path, value)
                .with_context(|| at(&format!("cannot add to {path}")))?;
        }
        for path in &changes.remove {
            if !fields
                .remove(path)
                .with_context(|| at(&format!("cannot remove {path}")))?
            {
                bail!("{}", at(&format!("no {path} to remove")));
            }
        }
    }
    let bytes = plugin.to_bytes()?;
    // A plugin read is written back as it was read: the same bytes say
    // nothing changed.
    if bytes[..] == data[..] {
        eprintln!(
            "{}: unchanged; nothing written",
            at("the values given are those it holds")
        );
        return Ok(ExitCode::SUCCESS);
    }
    let expected: Vec<(String, Value)> = {
        let record = plugin.get(id)?.fields()?;
        sets.iter()
            .chain(&pushes)
            .map(|(path, _)| {
                (
                    path.to_string(),
                    record.get(path).cloned().unwrap_or(Value::Null),
                )
            })
            .collect()
    };
    let (name, game) = (plugin.name().to_string(), plugin.game);
    // Read back from disk: the plugin parses, every other record is as it
    // was, and the record reads as the changes left it.
    let check = |written: &[u8]| -> esscribe::Result<()> {
        let mut back = Plugin::parse_as(written, game)?;
        back.set_name(name.clone());
        let old = Plugin::parse_as(&data, game)?;
        let others_kept = back
            .records()
            .zip(old.records())
            .filter(|(b, _)| b.header.form_id != id)
            .all(|(b, o)| b.header == o.header && b.body == o.body);
        let fields = back.get(id)?.fields()?;
        let as_set = expected
            .iter()
            .all(|(path, v)| fields.get(path).unwrap_or(&Value::Null) == v);
        if back.records().count() != old.records().count() || !others_kept || !as_set {
            return Err(esscribe::Error::invalid(
                0,
                "the written plugin does not read back as changed",
            ));
        }
        Ok(())
    };
    let written = util::write_locked(&lock, target, &bytes, force, check)?;
    eprintln!(
        "{}; {}{}",
        at(&format!(
            "{} changed",
            sets.len() + pushes.len() + changes.remove.len()
        )),
        util::wrote(target, &written),
        util::backup_note(&written)
    );
    Ok(ExitCode::SUCCESS)
}

/// The game of a save game file, `None` for any other file.
fn save_game(file: &Path) -> Result<Option<esscribe::plugin::Game>> {
    use std::io::Read;
    let mut head = Vec::new();
    std::fs::File::open(file)
        .with_context(|| format!("cannot read {}", file.display()))?
        .take(64)
        .read_to_end(&mut head)
        .with_context(|| format!("cannot read {}", file.display()))?;
    Ok(esscribe::save::game_of_save(&head))
}

/// A change record named as `0x00000014`, or with its type where the form
/// has several, `0x00000014:ACHR`.
fn change_record(text: &str) -> Result<(esscribe::FormId, Option<u8>)> {
    let (id, kind) = match text.split_once(':') {
        Some((id, kind)) => (id, Some(kind)),
        None => (text, None),
    };
    let Some(form_id) = esscribe::FormId::parse(id) else {
        bail!("a save's record is named by its form ID (0x00000014, or 0x00000014:ACHR), not {text:?}");
    };
    let kind =
        match kind {
            Some(k) => Some(esscribe::save::change::type_code(k).with_context(|| {
                format!("{k:?} is not a change-record type (REFR, ACHR, NPC_...)")
            })?),
            None => None,
        };
    Ok((form_id, kind))
}

type Edits<'c> = (&'c [(&'c str, Value)], &'c [(&'c str, Value)], &'c [String]);

/// `set` on an Oblivion save: the change record's parts changed by path,
/// then the save written as `save edit` writes it.
fn set_in_save(
    file: &Path,
    record: &str,
    (sets, pushes, removes): Edits<'_>,
    output: Option<&Path>,
    force: bool,
) -> Result<ExitCode> {
    let (id, kind) = change_record(record)?;
    let at = |what: &str| format!("{}: {record}: {what}", file.display());
    crate::save::modify_and_write(file, (output, force), |save| {
        let mut fields = save.record_fields(id, kind)?;
        for (path, value) in sets {
            fields
                .set(path, value)
                .with_context(|| at(&format!("cannot set {path}")))?;
        }
        for (path, value) in pushes {
            fields
                .push(path, value)
                .with_context(|| at(&format!("cannot add to {path}")))?;
        }
        for path in removes {
            if !fields
                .remove(path)
                .with_context(|| at(&format!("cannot remove {path}")))?
            {
                bail!("{}", at(&format!("no {path} to remove")));
            }
        }
        if fields.changed_data() == Some(&save.record_fields(id, kind)?.encode_data()?[..]) {
            eprintln!(
                "{}: unchanged; nothing written",
                at("the values given are those it holds")
            );
            return Ok(None);
        }
        save.apply(&fields).with_context(|| at("cannot change"))?;
        Ok(Some(format!(
            "{} {id}: {} changed",
            fields.sig(),
            sets.len() + pushes.len() + removes.len()
        )))
    })
}
