//! Renumbering a Skyrim plugin's new records into the object IDs a light
//! plugin may use, with every reference inside the plugin following.
//!
//! Records already in range keep their IDs; the others take the lowest
//! free object IDs, in file order, from where xEdit allocates: 0x800 for a
//! header version below 1.71, 0x001 from 1.71 on when the plugin has a
//! master (a plugin without masters keeps 0x001–0x7FF for the game's own
//! forms, so it starts at 0x800 too); 0x000 is never given. When records
//! were renumbered, the header's next object ID is set past the highest one
//! used (if it was not already in range and past it).
//!
//! Renumbering changes what other plugins' form IDs pointing into this one
//! mean, so plugins that have it as a master must be renumbered with it
//! (or not at all): [`dependents`] finds them in a folder.

use crate::io::{Error, ErrorKind, FormId, Result, Sig};
use crate::masters::{check_readable, form_id_list, rewrite_form_ids, Rewritten};
use crate::plugin::light::{light_range, WIDE_RANGE_VERSION};
use crate::plugin::{Game, Plugin};
use crate::schema::{Fields, FormCtx};
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// What [`compact_light`] did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Compacted {
    /// The header's format version (HEDR).
    pub version: f32,
    /// The object IDs new records may have.
    pub range: (u32, u32),
    /// Records the plugin adds (overrides not counted).
    pub new_records: usize,
    /// Each renumbered record: its type, old and new form ID.
    pub renumbered: Vec<(Sig, FormId, FormId)>,
    /// The form IDs rewritten: headers, fields and group labels.
    pub rewritten: Rewritten,
    /// The header's next object ID, before and after.
    pub next_object_id: (u32, u32),
}

/// Where a plugin's allocation of light object IDs starts.
fn first_object_id(version: f32, masters: usize) -> u32 {
    if version >= WIDE_RANGE_VERSION && masters > 0 {
        0x001
    } else {
        0x800
    }
}

/// Renumbers the plugin's new records whose object IDs a light plugin
/// cannot have, and rewrites every form ID in the plugin that points to
/// them. Refused when there are more new records than the range holds,
/// and (unless `force`) when some records' form IDs cannot all be found.
pub fn compact_light(plugin: &mut Plugin<'_>, force: bool) -> Result<Compacted> {
    if plugin.game != Game::Skyrim {
        return Err(Error::new(
            ErrorKind::Value,
            0,
            "only Skyrim (Special Edition) has light plugins; this is an Oblivion plugin",
        ));
    }
    let info = plugin.info()?;
    let own = info.masters.len();
    let range = light_range(info.version);
    let capacity = (range.end() - range.start() + 1) as usize;
    let new: Vec<(Sig, FormId)> = plugin
        .records()
        .filter(|r| r.header.form_id.master_index() as usize >= own)
        .map(|r| (r.header.sig, r.header.form_id))
        .collect();
    let mut out = Compacted {
        version: info.version,
        range: (*range.start(), *range.end()),
        new_records: new.len(),
        next_object_id: (info.next_object_id, info.next_object_id),
        ..Compacted::default()
    };
    let start = first_object_id(info.version, own);
    let room = (range.end() - start + 1) as usize;
    if new.len() > room {
        return Err(Error::new(
            ErrorKind::Value,
            0,
            format!(
                "{} new records are more than the {} a light plugin of header version {:.2} can hold (object IDs 0x{start:03X}-0x{:03X}); at most {capacity} in all",
                new.len(),
                room,
                info.version,
                range.end()
            ),
        ));
    }
    let own_index = u8::try_from(own).map_err(|_| Error::value("masters", "too many masters"))?;
    let fits = |id: FormId| {
        id.master_index() == own_index
            && id.object_index() != 0
            && range.contains(&id.object_index())
    };
    let mut used: HashSet<u32> = new
        .iter()
        .filter(|(_, id)| fits(*id))
        .map(|(_, id)| id.object_index())
        .collect();
    let mut next = start;
    let mut map: HashMap<FormId, FormId> = HashMap::new();
    for &(sig, id) in &new {
        if fits(id) || map.contains_key(&id) {
            continue;
        }
        while used.contains(&next) {
            next += 1;
        }
        used.insert(next);
        let to = FormId(((own_index as u32) << 24) | next);
        map.insert(id, to);
        out.renumbered.push((sig, id, to));
    }
    if !map.is_empty() {
        check_readable(&form_id_list(plugin)?.unread, force)?;
        out.rewritten = rewrite_form_ids(plugin, &|id| map.get(&id).copied().unwrap_or(id))?;
    }
    let highest = used.iter().copied().max().unwrap_or(start - 1);
    // A plugin left as it was keeps its header as it was.
    let moved = !out.renumbered.is_empty();
    if moved && (!range.contains(&info.next_object_id) || info.next_object_id <= highest) {
        let next_id = highest + 1;
        set_next_object_id(plugin, next_id)?;
        out.next_object_id.1 = next_id;
    }
    Ok(out)
}

/// Sets HEDR's next object ID, through the header's declaration.
fn set_next_object_id(plugin: &mut Plugin<'_>, next: u32) -> Result<()> {
    let ctx = FormCtx::of(plugin);
    let catalog = crate::defs::catalog(plugin.game);
    let mut fields = Fields::of(&plugin.header, catalog, &ctx)?
        .ok_or_else(|| Error::value("header", "the header record has no declaration"))?;
    fields.set("header.next_object_id", next)?;
    fields.apply_to(&mut plugin.header)
}

/// The plugins in `dir` (`.esm`, `.esp`, `.esl`) that have `name` as a
/// master, by file name, sorted. Files that do not read as plugins are
/// passed over.
pub fn dependents(dir: &Path, name: &str) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for path in crate::loadorder::list_plugin_files(dir)? {
        let file = path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        if file.eq_ignore_ascii_case(name) {
            continue;
        }
        let Ok(mapped) = crate::plugin::open_mmap(&path) else {
            continue;
        };
        let Ok(game) = crate::plugin::detect_game(&mapped) else {
            continue;
        };
        let Ok(header) = Plugin::parse_header(&mapped, game) else {
            continue;
        };
        let Ok(info) = crate::plugin::PluginHeader::from_record(&header, game) else {
            continue;
        };
        if info
            .masters
            .iter()
            .any(|m| m.name.eq_ignore_ascii_case(name))
        {
            out.push(file);
        }
    }
    out.sort();
    Ok(out)
}
