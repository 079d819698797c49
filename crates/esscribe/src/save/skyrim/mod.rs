//! Skyrim save games (`.ess`), LE (format versions 7 to 9) and SE (12),
//! read whole and written back byte for byte.
//!
//! A save is the magic, a header (player, place, time), a screenshot, and
//! the body: compressed with LZ4 or zlib in SE saves, stored as is in LE
//! ones. The body holds the plugin lists, a file location table, three
//! tables of global data, the change forms, the form ID array, the visited
//! world spaces and a last table. Everything is kept, decoded or as bytes;
//! sizes, counts and the location table are recomputed on write, and an
//! unchanged body is written from its stored compressed bytes.
//!
//! A form inside the body is named by a three-byte ref ID (see [`RefId`]),
//! most often an index into the form ID array at the end.
//!
//! ```no_run
//! use esscribe::save::skyrim::SkyrimSave;
//!
//! let data = std::fs::read("quicksave.ess")?;
//! let save = SkyrimSave::parse(&data)?;
//! println!("{}, level {}, in {}", save.text(&save.header.player_name),
//!     save.header.level, save.text(&save.header.location));
//! for name in save.plugin_names() {
//!     println!("{name}");
//! }
//! assert_eq!(save.to_bytes()?, data);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod body;
pub mod change;
pub mod clean;
mod compression;
pub mod diff;
pub mod globals;
pub mod header;
pub mod npc;
pub mod papyrus;
mod uses;

pub use change::{change_type_code, change_type_name, ChangeForm, ChangeTypeStats, RefId, RefKind};
pub use globals::{GlobalData, MiscStat, PlayerLocation};
pub use header::{filetime_text, Compression, SkyrimHeader, WString};

use crate::io::{Context, Error, FormId, Reader, Result};
use encoding_rs::Encoding;
use std::collections::BTreeMap;

/// Global variables and their values; the form ID is `None` where the
/// save's ref ID does not resolve.
pub type GlobalValues = Vec<(Option<FormId>, f32)>;

/// The first bytes of every Skyrim save.
pub use super::header::SKYRIM_MAGIC as MAGIC;

/// A whole Skyrim save.
#[derive(Debug, Clone, PartialEq)]
pub struct SkyrimSave {
    /// Player, place, time, screenshot size and the body's compression.
    pub header: SkyrimHeader,
    /// The screenshot's pixels, top row first: RGB in LE saves, RGBA in SE.
    pub screenshot: Vec<u8>,
    /// The form format version of the body (74 for LE, 78 for SE 1.5).
    pub form_version: u8,
    /// The plugins, in load order: a form ID's top byte indexes this list.
    pub plugins: Vec<WString>,
    /// The light plugins (SE), where a form ID's top byte is 0xFE.
    pub light_plugins: Option<Vec<WString>>,
    /// Global data types 0 to 8.
    pub globals1: Vec<GlobalData>,
    /// Global data types 100 to 114.
    pub globals2: Vec<GlobalData>,
    /// What changed about each form.
    pub change_forms: Vec<ChangeForm>,
    /// Global data types 1000 to 1005 (1001 is Papyrus).
    pub globals3: Vec<GlobalData>,
    /// The form ID array: ref ID index `i` stands for `form_ids[i - 1]`.
    pub form_ids: Vec<FormId>,
    /// The world spaces the player has visited.
    pub world_spaces: Vec<FormId>,
    /// The last table, kept as stored (a count and that many strings in
    /// the saves seen).
    pub last_table: Vec<u8>,
    /// The file location table's fifteen words after its counts, kept as
    /// stored.
    pub location_table_rest: [u8; 60],
    /// How many more blocks the third global data table holds than the
    /// location table states (the game states one fewer).
    pub globals3_unstated: u32,
    /// The code page of the save's text.
    pub encoding: &'static Encoding,
    stored_body: Option<StoredBody>,
}

/// A compressed body as read, kept to be written back while the body is
/// unchanged.
#[derive(Debug, Clone, PartialEq)]
struct StoredBody {
    body: Vec<u8>,
    compressed: Vec<u8>,
}

impl SkyrimSave {
    /// Reads a save whose text is Windows-1252 (the Western code page).
    pub fn parse(data: &[u8]) -> Result<Self> {
        Self::parse_with_encoding(data, encoding_rs::WINDOWS_1252)
    }

    /// Reads a save whose text is in `encoding` (Windows-1251 for a
    /// Russian game, for instance): a Skyrim save does not say.
    pub fn parse_with_encoding(data: &[u8], encoding: &'static Encoding) -> Result<Self> {
        let mut r = Reader::new(data, 0);
        let magic = r.bytes(MAGIC.len(), "magic")?;
        if magic != MAGIC {
            return Err(Error::invalid(0, "not a Skyrim save").expected_found(
                "TESV_SAVEGAME",
                crate::io::decode_cp1252(magic).into_owned(),
            ));
        }
        let header = SkyrimHeader::read(&mut r)?;
        let shot_len = header
            .screenshot_len()
            .ok_or_else(|| Error::invalid(r.offset(), "the screenshot's size overflows"))?;
        let screenshot = r.bytes(shot_len, "screenshot")?.to_vec();
        let prefix_len = r.position();
        let (body, stored_body) = match header.compression {
            None | Some(Compression::None) => (r.rest().to_vec(), None),
            Some(c) => {
                let stated = r.u32("uncompressed body length")? as usize;
                let stored_len = r.u32("compressed body length")? as usize;
                let at = r.offset();
                let compressed = r.bytes(stored_len, "compressed body")?;
                let body = compression::decompress(c, compressed, stated, at)?;
                if !r.is_empty() {
                    return Err(Error::invalid(
                        r.offset(),
                        format!("{} bytes follow the compressed body", r.remaining()),
                    ));
                }
                let stored = StoredBody {
                    body: body.clone(),
                    compressed: compressed.to_vec(),
                };
                (body, Some(stored))
            }
        };
        let mut save = SkyrimSave {
            header,
            screenshot,
            form_version: 0,
            plugins: Vec::new(),
            light_plugins: None,
            globals1: Vec::new(),
            globals2: Vec::new(),
            change_forms: Vec::new(),
            globals3: Vec::new(),
            form_ids: Vec::new(),
            world_spaces: Vec::new(),
            last_table: Vec::new(),
            location_table_rest: [0; 60],
            globals3_unstated: 0,
            encoding,
            stored_body,
        };
        let compressed = save.stored_body.is_some();
        body::read(&mut save, &body, prefix_len as u64).map_err(|e| {
            if compressed {
                // Offsets past the screenshot count in the inflated body,
                // as the save's own location table does.
                e.within("the compressed body, offsets as if inflated")
            } else {
                e
            }
        })?;
        Ok(save)
    }

    /// Writes the save; unchanged, it is the bytes it was read from.
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let mut out = Vec::with_capacity(self.screenshot.len() + 1024);
        out.extend_from_slice(MAGIC);
        self.header.write(&mut out);
        out.extend_from_slice(&self.screenshot);
        let body = body::write(self, out.len() as u64)?;
        match self.header.compression {
            None | Some(Compression::None) => out.extend_from_slice(&body),
            Some(c) => {
                let compressed = match &self.stored_body {
                    Some(stored) if stored.body == body => stored.compressed.clone(),
                    _ => compression::compress(c, &body)?,
                };
                out.extend_from_slice(&(body.len() as u32).to_le_bytes());
                out.extend_from_slice(&(compressed.len() as u32).to_le_bytes());
                out.extend_from_slice(&compressed);
            }
        }
        Ok(out)
    }

    /// Decodes the save's text for people.
    pub fn text(&self, s: &WString) -> String {
        s.text(self.encoding)
    }

    /// Whether the save is Skyrim SE's (format version 12).
    pub fn is_se(&self) -> bool {
        self.header.version >= 12
    }

    /// The plugin names, in load order.
    pub fn plugin_names(&self) -> Vec<String> {
        self.plugins.iter().map(|p| self.text(p)).collect()
    }

    /// The light plugin names, in order (empty for LE saves).
    pub fn light_plugin_names(&self) -> Vec<String> {
        self.light_plugins
            .iter()
            .flatten()
            .map(|p| self.text(p))
            .collect()
    }

    /// The plugin a form ID belongs to: its top byte indexes the plugin
    /// list, 0xFE the light plugins, 0xFF forms created in game (`None`).
    pub fn plugin_of(&self, id: FormId) -> Option<String> {
        match id.master_index() {
            0xFF => None,
            0xFE if self.light_plugins.is_some() => {
                let index = (id.0 >> 12) & 0xFFF;
                self.light_plugins
                    .as_ref()?
                    .get(index as usize)
                    .map(|p| self.text(p))
            }
            i => self.plugins.get(i as usize).map(|p| self.text(p)),
        }
    }

    /// The form ID a ref ID stands for.
    pub fn resolve(&self, id: RefId) -> Option<FormId> {
        id.resolve(&self.form_ids)
    }

    /// All blocks of global data, in file order.
    pub fn global_data(&self) -> impl Iterator<Item = &GlobalData> {
        self.globals1
            .iter()
            .chain(&self.globals2)
            .chain(&self.globals3)
    }

    /// The global data block of a type.
    pub fn global(&self, kind: u32) -> Option<&GlobalData> {
        self.global_data().find(|g| g.kind == kind)
    }

    /// The misc stats, decoded.
    pub fn misc_stats(&self) -> Option<Result<Vec<MiscStat>>> {
        self.global(globals::MISC_STATS)
            .map(|g| globals::misc_stats(&g.data, |s| self.text(s)))
    }

    /// The player's location as the global data states it.
    pub fn player_location(&self) -> Option<Result<PlayerLocation>> {
        self.global(globals::PLAYER_LOCATION)
            .map(|g| globals::player_location(&g.data))
    }

    /// The global variables and their values, as form IDs.
    pub fn global_variables(&self) -> Option<Result<GlobalValues>> {
        self.global(globals::GLOBAL_VARIABLES).map(|g| {
            globals::global_variables(&g.data).map(|vars| {
                vars.into_iter()
                    .map(|(id, v)| (self.resolve(id), v))
                    .collect()
            })
        })
    }

    /// The change forms of a form.
    pub fn changes_of(&self, id: FormId) -> impl Iterator<Item = &ChangeForm> {
        self.change_forms
            .iter()
            .filter(move |c| self.resolve(c.ref_id) == Some(id))
    }

    /// Counts, bytes and compressed forms per change form type.
    pub fn change_stats(&self) -> BTreeMap<String, ChangeTypeStats> {
        let mut out: BTreeMap<String, ChangeTypeStats> = BTreeMap::new();
        for c in &self.change_forms {
            let s = out.entry(c.type_name().into_owned()).or_default();
            s.count += 1;
            s.bytes += if c.is_compressed() {
                c.inflated_len as usize
            } else {
                c.stored.len()
            };
            s.compressed += usize::from(c.is_compressed());
        }
        out
    }

    /// How many change forms each plugin's forms have, by plugin name;
    /// forms created in game are counted under `None`.
    pub fn changes_by_plugin(&self) -> BTreeMap<Option<String>, usize> {
        let mut out = BTreeMap::new();
        for c in &self.change_forms {
            let plugin = self.resolve(c.ref_id).and_then(|id| self.plugin_of(id));
            *out.entry(plugin).or_insert(0) += 1;
        }
        out
    }

    /// Checks that every change form's data inflates and every understood
    /// global data block decodes whole; returns the problems, each naming
    /// where.
    pub fn check(&self) -> Vec<String> {
        use rayon::prelude::*;
        let mut problems: Vec<String> = self
            .change_forms
            .par_iter()
            .enumerate()
            .filter_map(|(i, c)| {
                let e = c.data(0).err()?;
                Some(format!("change form {i} ({}): {e}", c.type_name()))
            })
            .collect();
        if let Some(Err(e)) = self.misc_stats() {
            problems.push(format!("misc stats: {e}"));
        }
        if let Some(Err(e)) = self.player_location() {
            problems.push(format!("player location: {e}"));
        }
        if let Some(Err(e)) = self.global_variables() {
            problems.push(format!("global variables: {e}"));
        }
        match self.papyrus() {
            Some(Err(e)) => problems.push(e.to_string()),
            Some(Ok(p))
                if Some(p.write().as_slice())
                    != self.global(globals::PAPYRUS).map(|g| g.data.as_slice()) =>
            {
                problems.push("Papyrus (global data 1001) does not write back as read".to_string())
            }
            _ => {}
        }
        problems
    }

    /// Renames a plugin in the list (regular or light): a plugin renamed
    /// or merged into another. Its forms keep their place in the order.
    pub fn rename_plugin(&mut self, old: &str, new: &str) -> Result<()> {
        let bytes = WString::encode(new, self.encoding)
            .filter(|b| !b.0.is_empty() && !b.0.contains(&0))
            .ok_or_else(|| {
                Error::value(
                    "plugin",
                    format!("{new:?} is not a plugin name in the save's code page"),
                )
            })?;
        let encoding = self.encoding;
        let lists = self
            .plugins
            .iter_mut()
            .chain(self.light_plugins.iter_mut().flatten());
        let mut found = None;
        let mut taken = false;
        for p in lists {
            let text = p.text(encoding);
            if text.eq_ignore_ascii_case(old) && found.is_none() {
                found = Some(p);
            } else if text.eq_ignore_ascii_case(new) {
                taken = true;
            }
        }
        let slot =
            found.ok_or_else(|| Error::not_found(format!("the save lists no plugin {old:?}")))?;
        if taken {
            return Err(Error::value(
                "plugin",
                format!("the save lists {new:?} already; renaming {old:?} would list it twice"),
            ));
        }
        *slot = bytes;
        Ok(())
    }

    /// The Papyrus block, decoded; `None` when the save has none.
    pub fn papyrus(&self) -> Option<Result<papyrus::Papyrus>> {
        self.global(globals::PAPYRUS).map(|g| {
            papyrus::Papyrus::read(&g.data, self.is_se())
                .within(|| "Papyrus (global data 1001)".to_string())
        })
    }

    /// Replaces the Papyrus block with `papyrus` written out.
    pub fn set_papyrus(&mut self, papyrus: &papyrus::Papyrus) -> Result<()> {
        let block = self
            .globals3
            .iter_mut()
            .find(|g| g.kind == globals::PAPYRUS)
            .ok_or_else(|| Error::not_found("the save has no Papyrus block"))?;
        block.data = papyrus.write();
        Ok(())
    }

    /// The save's plugins, regular then light, found in a Data folder.
    pub fn plugin_files(&self, data: &std::path::Path) -> Result<crate::loadorder::PluginFiles> {
        let mut names = self.plugin_names();
        names.extend(self.light_plugin_names());
        crate::loadorder::PluginFiles::from_names(data, &names)
    }

    /// A form ID of this save named from a load order of its plugins;
    /// `None` when no plugin of the order defines it.
    pub fn name_in(&self, order: &crate::loadorder::LoadOrder<'_>, id: FormId) -> Option<String> {
        let plugin = self.plugin_of(id)?;
        let object = if id.master_index() == 0xFE && self.light_plugins.is_some() {
            id.0 & 0xFFF
        } else {
            id.object_index()
        };
        let global = order.global_id(&plugin, object)?;
        order.winner(global)?;
        Some(order.describe(global))
    }

    /// The player's actor base (form 0x7) as its change form holds it:
    /// level, skills, spells, shouts, factions, race.
    pub fn player_base(&self) -> Option<Result<npc::NpcChange>> {
        self.change_forms
            .iter()
            .find(|c| c.kind == change::TYPE_NPC && self.resolve(c.ref_id) == Some(FormId(7)))
            .map(npc::NpcChange::decode)
    }
}
