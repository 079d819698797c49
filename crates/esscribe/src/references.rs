//! Checks of the references between records: a form ID field whose
//! declaration names the record types it may point to, pointing at a
//! record of another type. Targets are looked up in the plugins given
//! together (the referring plugin itself, its masters when given).

use crate::defs::catalog;
use crate::io::{decode_cp1252, FormId, Result, Sig};
use crate::json::form_ctx;
use crate::plugin::{Plugin, Record};
use crate::schema::record_form_refs;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashMap;

/// A record found in the plugins given: its type and editor ID.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Found {
    sig: Sig,
    editor_id: Option<String>,
}

/// The records of a set of plugins, found by the plugin a form ID belongs
/// to (its file name, in any case) and its object index. A record that
/// overrides a master's record is found under the master too.
#[derive(Debug, Default)]
pub struct RecordIndex {
    records: HashMap<(String, u32), Found>,
}

/// The plugin a form ID of a plugin with these masters belongs to, by
/// file name in lower case; `None` when its master index names no plugin.
fn owner(masters: &[String], own_name: &str, id: FormId) -> Option<String> {
    let index = id.master_index() as usize;
    match index.cmp(&masters.len()) {
        std::cmp::Ordering::Less => Some(masters[index].to_lowercase()),
        std::cmp::Ordering::Equal => Some(own_name.to_lowercase()),
        std::cmp::Ordering::Greater => None,
    }
}

fn editor_id(record: &Record<'_>, plugin: &Plugin<'_>) -> Option<String> {
    let mut found = None;
    // A record whose data does not read has no editor ID to show.
    let _ = record.for_each_subrecord(plugin.game, |sub| {
        if found.is_none() && sub.sig.0 == *b"EDID" {
            let text = sub.data.strip_suffix(&[0]).unwrap_or(sub.data);
            found = Some(decode_cp1252(text).into_owned());
        }
    });
    found
}

impl RecordIndex {
    /// An empty index.
    pub fn new() -> RecordIndex {
        RecordIndex::default()
    }

    /// Adds every record of `plugin`, named `file_name`; the first record
    /// added under a form ID stays.
    pub fn add(&mut self, plugin: &Plugin<'_>, file_name: &str) -> Result<()> {
        let masters = plugin.masters()?;
        for record in plugin.records() {
            let id = record.header.form_id;
            let Some(owner) = owner(&masters, file_name, id) else {
                continue;
            };
            self.records
                .entry((owner, id.object_index()))
                .or_insert_with(|| Found {
                    sig: record.header.sig,
                    editor_id: editor_id(record, plugin),
                });
        }
        Ok(())
    }

    fn find(&self, owner: String, id: FormId) -> Option<&Found> {
        self.records.get(&(owner, id.object_index()))
    }

    /// The type and editor ID of the record a form ID of a plugin names
    /// (the plugin's masters and its own file name say whose it is), when
    /// one of the plugins added holds it.
    pub fn resolve(
        &self,
        masters: &[String],
        own_name: &str,
        id: FormId,
    ) -> Option<(Sig, Option<&str>)> {
        let found = self.find(owner(masters, own_name, id)?, id)?;
        Some((found.sig, found.editor_id.as_deref()))
    }
}

/// A reference to a record of a type its field does not allow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WrongTarget {
    /// The referring record's signature.
    pub sig: String,
    /// The referring record's form ID, with the plugin it belongs to.
    pub form_id: String,
    /// The referring record's editor ID (empty when it has none).
    pub editor_id: String,
    /// The field, as JSON names it.
    pub field: String,
    /// The form ID pointed to, with the plugin it belongs to.
    pub target: String,
    /// The signature of the record pointed to.
    pub target_sig: String,
    /// The editor ID of the record pointed to (empty when it has none).
    pub target_editor_id: String,
    /// The record types the field allows.
    pub allowed: Vec<String>,
}

impl std::fmt::Display for WrongTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let target = if self.target_editor_id.is_empty() {
            self.target.clone()
        } else {
            format!("{} {}", self.target, self.target_editor_id)
        };
        write!(
            f,
            "{} points to {} {target}, but may point only to {}",
            self.field,
            self.target_sig,
            self.allowed.join(", ")
        )
    }
}

/// The references of `plugin` (named `file_name`) that point to a record
/// of a type their field does not allow, where `index` holds the record
/// pointed to; in file order.
pub fn wrong_targets(
    plugin: &Plugin<'_>,
    file_name: &str,
    index: &RecordIndex,
) -> Result<Vec<WrongTarget>> {
    let catalog = catalog(plugin.game);
    let ctx = form_ctx(plugin, file_name);
    let masters = &ctx.masters;
    let found: Vec<Result<Vec<WrongTarget>>> = plugin
        .par_records()
        .map(|record| {
            let Some(refs) = record_form_refs(record, catalog, &ctx)? else {
                return Ok(Vec::new());
            };
            let mut out = Vec::new();
            for r in refs {
                if r.targets.is_empty() || r.form_id.0 == 0 {
                    continue;
                }
                let Some(target) = owner(masters, file_name, r.form_id)
                    .and_then(|owner| index.find(owner, r.form_id))
                else {
                    continue;
                };
                if r.allows(target.sig) {
                    continue;
                }
                out.push(WrongTarget {
                    sig: record.header.sig.to_string(),
                    form_id: show(&ctx, record.header.form_id),
                    editor_id: editor_id(record, plugin).unwrap_or_default(),
                    field: r.path.clone(),
                    target: show(&ctx, r.form_id),
                    target_sig: target.sig.to_string(),
                    target_editor_id: target.editor_id.clone().unwrap_or_default(),
                    allowed: r.targets.iter().map(|t| Sig(**t).to_string()).collect(),
                });
            }
            Ok(out)
        })
        .collect();
    let mut out = Vec::new();
    for f in found {
        out.extend(f?);
    }
    Ok(out)
}

fn show(ctx: &crate::schema::FormCtx, id: FormId) -> String {
    match ctx.show(id) {
        serde_json::Value::String(s) => s,
        other => other.to_string(),
    }
}
