//! `esscribe set`: one record's fields changed in place through the record
//! model, each change checked against the record's declaration, the
//! plugin written safely and read back.

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
