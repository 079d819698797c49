//! The masters a JSON document's form IDs were numbered by, read from the
//! plugin names noted beside them.

use super::*;

/// A form ID with the plugin noted beside it: `0x0001CB6 (Skyrim.esm)`.
pub(super) fn noted_form_id(text: &str) -> Option<(FormId, &str)> {
    let (hex, rest) = text.trim().split_once(char::is_whitespace)?;
    let id = FormId::parse(hex)?;
    let name = rest.trim().strip_prefix('(')?.strip_suffix(')')?;
    Some((id, name))
}

/// The plugins noted beside form IDs, by top byte, in the order first
/// met.
pub(super) type Notes = std::collections::BTreeMap<u8, Vec<Noted>>;

/// One plugin noted with one top byte: how often, and where first.
pub(super) struct Noted {
    name: String,
    count: usize,
    first: String,
}

/// Where a value stands, for the note found first: put into words only
/// for a note not met before.
#[derive(Clone, Copy)]
enum Place<'a> {
    /// An entries list's own place (shown empty).
    Entries,
    /// An item of a list.
    Item(&'a Place<'a>, usize),
    /// A key of an object that is not a record.
    Key(&'a Place<'a>, &'a str),
    /// A record's fields: its type and form ID.
    Record(&'a str, &'a str),
    /// Another key of a record.
    RecordKey(&'a str, &'a str, &'a str),
}

impl std::fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Place::Entries => Ok(()),
            Place::Item(up, i) => write!(f, "{up}.{i}"),
            Place::Key(Place::Entries, k) => f.write_str(k),
            Place::Key(up, k) => write!(f, "{up}.{k}"),
            Place::Record(t, id) => write!(f, "{t} {id}"),
            Place::RecordKey(t, id, k) => write!(f, "{t} {id} {k}"),
        }
    }
}

/// Every plugin noted beside a form ID in `entries` (a document's list
/// of entries), by top byte.
pub(super) fn collect_notes(entries: &Value, notes: &mut Notes) {
    note_value(entries, Place::Entries, notes);
}

/// [`collect_notes`] for the entry at `index` of an entries list.
pub(super) fn collect_entry_notes(entry: &Value, index: usize, notes: &mut Notes) {
    note_value(entry, Place::Item(&Place::Entries, index), notes);
}

/// Notes the plugin `text` names beside a form ID, if it is a noted form
/// ID; `place` says where it stands, asked only for a note not met
/// before.
pub(super) fn note_text(text: &str, notes: &mut Notes, place: impl FnOnce() -> String) {
    let Some((id, name)) = noted_form_id(text) else {
        return;
    };
    note_plugin(id.master_index(), name, notes, || {
        format!("{}: {text}", place())
    });
}

/// Notes `name` beside a form ID with the top byte `index`; `first` says
/// where, asked only for a note not met before.
pub(super) fn note_plugin(
    index: u8,
    name: &str,
    notes: &mut Notes,
    first: impl FnOnce() -> String,
) {
    let list = notes.entry(index).or_default();
    match list.iter_mut().find(|n| n.name.eq_ignore_ascii_case(name)) {
        Some(n) => n.count += 1,
        None => list.push(Noted {
            name: name.to_string(),
            count: 1,
            first: first(),
        }),
    }
}

fn note_value(v: &Value, at: Place<'_>, notes: &mut Notes) {
    match v {
        Value::String(text) => note_text(text, notes, || at.to_string()),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                note_value(item, Place::Item(&at, i), notes);
            }
        }
        Value::Object(m) => {
            // A record names itself by type and form ID.
            let record = match (m.get("type"), m.get("form_id")) {
                (Some(Value::String(t)), Some(Value::String(id))) => {
                    Some((t.as_str(), id.split_whitespace().next().unwrap_or(id)))
                }
                _ => None,
            };
            for (k, item) in m {
                let here = match (record, k.as_str()) {
                    (_, "entries") => Place::Entries,
                    (Some((t, id)), "fields") => Place::Record(t, id),
                    (Some((t, id)), _) => Place::RecordKey(t, id, k),
                    (None, _) => Place::Key(&at, k),
                };
                note_value(item, here, notes);
            }
        }
        _ => {}
    }
}

/// The masters a document's form IDs are numbered against, when the
/// plugins noted beside them say these are not `masters` (the masters were
/// edited): one name per top byte up to the plugin's own, empty where no
/// form ID tells. `None` when the notes mostly agree with `masters`.
///
/// When they do not, notes that disagree among themselves (one top byte
/// noted as two plugins, one plugin with two top bytes) and plugins that
/// are not masters are refused, naming where.
pub(super) fn numbering_of(
    entries: &Value,
    masters: &[String],
    own: &str,
) -> Result<Option<Vec<String>>> {
    let mut notes = Notes::new();
    collect_notes(entries, &mut notes);
    numbering_from_notes(&notes, masters, own)
}

/// [`numbering_of`] from the notes [`collect_notes`] gathered over a
/// document's entries.
pub(super) fn numbering_from_notes(
    notes: &Notes,
    masters: &[String],
    own: &str,
) -> Result<Option<Vec<String>>> {
    // A top byte past the masters is the plugin's own, as the game takes
    // it and as a form ID is shown.
    let expected = |index: u8| -> &str { masters.get(index as usize).map_or(own, String::as_str) };
    // Notes that mostly agree with the masters leave them as they are;
    // a stray note that does not is refused where it stands, as any
    // field that does not fit.
    let agrees = notes.iter().all(|(&index, list)| {
        list.iter()
            .max_by_key(|n| n.count)
            .is_some_and(|n| n.name.eq_ignore_ascii_case(expected(index)))
    });
    if agrees {
        return Ok(None);
    }
    let mut by_name: Vec<(&str, u8, &str)> = Vec::new();
    for (&index, list) in notes {
        if list.len() > 1 {
            // The odd one out: not the plugin the top byte names, the
            // fewest.
            let odd = list
                .iter()
                .filter(|n| !n.name.eq_ignore_ascii_case(expected(index)))
                .min_by_key(|n| n.count)
                .unwrap_or(&list[0]);
            let other = list.iter().find(|n| !std::ptr::eq(*n, odd)).unwrap_or(odd);
            return Err(bad(
                &odd.first,
                format!(
                    "noted as {}, but {} form IDs with top byte {index:02X} are noted as {} ({}): one plugin's form IDs share one top byte",
                    odd.name, other.count, other.name, other.first
                ),
            ));
        }
        let n = &list[0];
        if let Some((_, other_index, other_at)) = by_name
            .iter()
            .find(|(name, ..)| name.eq_ignore_ascii_case(&n.name))
        {
            return Err(bad(
                &n.first,
                format!(
                    "{} is noted with top byte {index:02X} here and {other_index:02X} at {other_at}: one plugin's form IDs share one top byte",
                    n.name
                ),
            ));
        }
        let known = n.name.eq_ignore_ascii_case(own)
            || masters.iter().any(|m| m.eq_ignore_ascii_case(&n.name));
        if !known {
            return Err(bad(
                &n.first,
                format!(
                    "noted as {}, which is not a master of this plugin (its masters: {})",
                    n.name,
                    if masters.is_empty() {
                        "none".to_string()
                    } else {
                        masters.join(", ")
                    }
                ),
            ));
        }
        by_name.push((&n.name, index, &n.first));
    }
    let own_index = by_name
        .iter()
        .find(|(name, ..)| name.eq_ignore_ascii_case(own))
        .map(|&(_, index, _)| index as usize);
    let last_master = by_name
        .iter()
        .filter(|(name, ..)| !name.eq_ignore_ascii_case(own))
        .map(|&(_, index, _)| index as usize + 1)
        .max()
        .unwrap_or(0);
    let mut old = vec![String::new(); own_index.unwrap_or(last_master.max(masters.len()))];
    for &(name, index, _) in &by_name {
        if let Some(slot) = old.get_mut(index as usize) {
            *slot = name.to_string();
        }
    }
    Ok(Some(old))
}
