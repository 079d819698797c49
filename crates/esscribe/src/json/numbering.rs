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

/// One plugin noted with one top byte: how often, and where first.
pub(super) struct Noted {
    name: String,
    count: usize,
    first: String,
}

/// Every plugin noted beside a form ID in `v`, by top byte; `at` says
/// where `v` is (the record, then the path of keys in it).
pub(super) fn collect_notes(
    v: &Value,
    at: &str,
    notes: &mut std::collections::BTreeMap<u8, Vec<Noted>>,
) {
    match v {
        Value::String(text) => {
            let Some((id, name)) = noted_form_id(text) else {
                return;
            };
            let list = notes.entry(id.master_index()).or_default();
            match list.iter_mut().find(|n| n.name.eq_ignore_ascii_case(name)) {
                Some(n) => n.count += 1,
                None => list.push(Noted {
                    name: name.to_string(),
                    count: 1,
                    first: format!("{at}: {text}"),
                }),
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                collect_notes(item, &format!("{at}.{i}"), notes);
            }
        }
        Value::Object(m) => {
            // A record names itself by type and form ID.
            let record = match (m.get("type"), m.get("form_id")) {
                (Some(Value::String(t)), Some(Value::String(id))) => {
                    let id = id.split_whitespace().next().unwrap_or(id);
                    Some(format!("{t} {id}"))
                }
                _ => None,
            };
            for (k, item) in m {
                let here = match (&record, k.as_str()) {
                    (Some(r), "fields") => r.clone(),
                    (Some(r), _) => format!("{r} {k}"),
                    (None, "entries") => "".to_string(),
                    (None, _) if at.is_empty() => k.clone(),
                    (None, _) => format!("{at}.{k}"),
                };
                if record.is_some() && k == "entries" {
                    collect_notes(item, "", notes);
                } else {
                    collect_notes(item, &here, notes);
                }
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
    let mut notes = std::collections::BTreeMap::new();
    collect_notes(entries, "", &mut notes);
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
    for (&index, list) in &notes {
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
