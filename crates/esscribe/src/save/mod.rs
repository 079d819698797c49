//! Oblivion save games (`.ess`), read whole and written back byte for byte.
//!
//! A save is a file header, a save header (player, place, time, screenshot),
//! the plugin list, global data (which includes the created data), the
//! change records, temporary effects, the formIdArray and the world spaces.
//! Every part is kept, either decoded or as bytes, and encoding works from
//! the decoded structures: sizes, counts and the formIdArray offset are
//! recomputed, so edits write valid files.
//!
//! Most references inside a save are irefs: indexes into the formIdArray at
//! the end of the file. A value whose top byte is 0xFF is instead a form ID
//! created in the save. A form ID's top byte indexes the save's plugin list.
//!
//! ```no_run
//! use esscribe::save::{SaveFile, PLAYER_REF};
//!
//! let data = std::fs::read("save002.ess")?;
//! let mut save = SaveFile::parse(&data)?;
//! let player = save.player().expect("every save has the player");
//! if let Some(place) = player.placement() {
//!     println!("at {:?} in cell {:?}", place.position, save.resolve(place.cell));
//! }
//! for item in player.inventory().into_iter().flat_map(|inv| inv.items()) {
//!     println!("{:?} × {}", save.resolve(item.iref), item.count);
//! }
//! save.set_item_count(PLAYER_REF, esscribe::FormId(0x0000000F), 500)?; // gold
//! let bytes = save.to_bytes()?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod change;
pub mod created;
pub mod diff;
pub mod edit;
mod fields;
pub mod forms;
pub mod global;
pub mod header;
pub mod inventory;
mod part;
pub mod player;
pub mod properties;
pub mod skyrim;
mod store;
mod table;
pub mod uses;

pub use change::{
    type_code, type_name, ChangeData, ChangeRecord, ChangeRecords, Part, Parts, Placement, Records,
    StoredChange, PLAYER_REF,
};
pub use created::{CreatedRecord, Effect};
pub use global::{DeathCount, GlobalHeader, GlobalVar, Opaque, QuickKey, Region};
pub use header::{game_of_save, BString, FileHeader, SaveHeader, Screenshot, SystemTime};
pub use inventory::{Inventory, InventoryItem};
pub use properties::{Property, PropertySet, PropertyValue};

use crate::io::{Context, Error, FormId, Reader, Result, WriteLe};
use std::collections::BTreeMap;

/// Serde helpers that show bytes as hex and stored text decoded.
pub(crate) mod ser_hex {
    use serde::Serializer;

    pub fn bytes<S: Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&crate::io::to_hex(b))
    }

    pub fn f32s<S: Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            b.chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        )
    }

    pub fn u16s<S: Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(b.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])))
    }

    pub fn text<S: Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&crate::io::decode_cp1252(b))
    }
}

/// A whole save game.
#[derive(Debug, Clone, PartialEq)]
pub struct SaveFile {
    /// Magic, format version and the executable's time stamp.
    pub file_header: FileHeader,
    /// Player, place, time and screenshot.
    pub header: SaveHeader,
    /// Plugin names (Windows-1252, no NUL), in load order: a form ID's top
    /// byte indexes this list.
    pub plugins: Vec<BString>,
    /// The fixed fields of the global data: next object ID, world and cell.
    pub global: GlobalHeader,
    /// Global variables and their values.
    pub globals: Vec<GlobalVar>,
    /// How often each actor base has died.
    pub death_counts: Vec<DeathCount>,
    /// Seconds of play in game mode, stored after the death counts.
    pub game_mode_seconds: f32,
    /// The processes block, kept as bytes.
    pub processes: Opaque,
    /// The special events block, kept as bytes.
    pub special_events: Opaque,
    /// The weather block, kept as bytes.
    pub weather: Opaque,
    /// The player's combat count.
    pub player_combat_count: u32,
    /// Records created in game (spells, potions, enchantments, ...), in the
    /// plugin record format.
    pub created: Vec<CreatedRecord>,
    /// The quick-key slots.
    pub quick_keys: Vec<QuickKey>,
    /// The reticule block, kept as bytes.
    pub reticule: Opaque,
    /// The interface block, kept as bytes.
    pub interface: Opaque,
    /// Regions and their state.
    pub regions: Vec<Region>,
    /// The change records: what changed about each form.
    pub changes: ChangeRecords,
    /// The temporary effects, kept as bytes (the u32 size before them is
    /// recomputed on write).
    pub temp_effects: Vec<u8>,
    /// The formIdArray: iref `i` stands for `form_ids[i]`.
    pub form_ids: Vec<FormId>,
    /// The world spaces list that follows the formIdArray.
    pub world_spaces: Vec<FormId>,
    /// Bytes after the world spaces, if a file has any.
    pub trailing: Vec<u8>,
}

impl SaveFile {
    /// Reads a save. Container-level damage is an error naming the offset;
    /// a change record that does not decode is kept raw, never an error.
    pub fn parse(data: &[u8]) -> Result<Self> {
        let mut r = Reader::new(data, 0);
        let r = &mut r;
        let file_header = FileHeader::read(r).within(|| "file header".into())?;
        let header = SaveHeader::read(r).within(|| "save header".into())?;
        let n = r.u8("plugin count")? as usize;
        let mut plugins = Vec::with_capacity(n);
        for i in 0..n {
            plugins.push(BString::read_u8(r, "plugin name").within(|| format!("plugin {i}"))?);
        }

        let ctx = || "global data".to_string();
        let fia_at = r.offset();
        let form_id_array_offset = r.u32("formIdArray offset").within(ctx)? as usize;
        let change_count = r.u32("change record count").within(ctx)? as usize;
        let global = GlobalHeader {
            next_object_id: r.u32("next object ID").within(ctx)?,
            world_id: r.form_id("world ID").within(ctx)?,
            world_x: r.i32("world X").within(ctx)?,
            world_y: r.i32("world Y").within(ctx)?,
            player_cell: r.form_id("player cell").within(ctx)?,
            player_position: [
                r.f32("player X").within(ctx)?,
                r.f32("player Y").within(ctx)?,
                r.f32("player Z").within(ctx)?,
            ],
        };
        // The formIdArray and world spaces are read first, through the
        // offset: a truncated or cut save is then reported at once, before
        // the change records are decoded.
        let (form_ids, world_spaces, tail_len) = {
            let start = form_id_array_offset.min(data.len());
            let mut t = Reader::new(&data[start..], start as u64);
            if form_id_array_offset > data.len() {
                return Err(Error::truncated(
                    fia_at,
                    format!(
                        "formIdArray offset 0x{form_id_array_offset:X} is past the end of the file (0x{:X})",
                        data.len()
                    ),
                ));
            }
            let form_ids = t.form_id_list("formIdArray")?;
            let world_spaces = t.form_id_list("world spaces")?;
            (form_ids, world_spaces, t.position())
        };
        let globals = global::read_globals(r).within(|| "globals".into())?;
        let (death_counts, game_mode_seconds) =
            global::read_death_counts(r).within(|| "death counts".into())?;
        let processes = Opaque::read(r, "processes block")?;
        let special_events = Opaque::read(r, "special events block")?;
        let weather = Opaque::read(r, "weather block")?;
        let player_combat_count = r.u32("player combat count")?;
        let created_count = r.u32("created data count")? as usize;
        r.check_count(created_count, 20, "created records")?;
        let mut created = Vec::with_capacity(created_count);
        for i in 0..created_count {
            created.push(CreatedRecord::read(r).within(|| format!("created record {i}"))?);
        }
        let quick_keys = global::read_quick_keys(r).within(|| "quick keys".into())?;
        let reticule = Opaque::read(r, "reticule block")?;
        let interface = Opaque::read(r, "interface block")?;
        let regions = global::read_regions(r).within(|| "regions".into())?;

        r.check_count(change_count, 12, "change records")?;
        let mut stored = Vec::with_capacity(change_count);
        for i in 0..change_count {
            stored.push(StoredChange::read(r).within(|| format!("change record {i}"))?);
        }
        let name = &header.player_name.0;
        let changes = ChangeRecords::decode_for(&stored, name.strip_suffix(&[0]).unwrap_or(name));
        let n = r.u32("temporary effects size")? as usize;
        let temp_effects = r.bytes(n, "temporary effects")?.to_vec();
        if r.position() != form_id_array_offset {
            return Err(Error::invalid(
                fia_at,
                format!(
                    "formIdArray offset says 0x{form_id_array_offset:X}, the parts before it end at 0x{:X}",
                    r.position()
                ),
            ));
        }
        r.bytes(tail_len, "formIdArray and world spaces")?;
        let trailing = r.rest().to_vec();
        Ok(SaveFile {
            file_header,
            header,
            plugins,
            global,
            globals,
            death_counts,
            game_mode_seconds,
            processes,
            special_events,
            weather,
            player_combat_count,
            created,
            quick_keys,
            reticule,
            interface,
            regions,
            changes,
            temp_effects,
            form_ids,
            world_spaces,
            trailing,
        })
    }

    /// Encodes the save. Fails only when an edited part no longer fits its
    /// size field.
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.file_header.write(&mut out);
        self.header.write(&mut out);
        if self.plugins.len() > u8::MAX as usize {
            return Err(Error::refused(format!(
                "the save would list {} plugins; it can list at most 255",
                self.plugins.len()
            )));
        }
        out.put_u8(self.plugins.len() as u8);
        for p in &self.plugins {
            p.write_u8(&mut out);
        }
        let fia_field = out.len();
        out.put_u32(0);
        out.put_u32(self.changes.len() as u32);
        let g = &self.global;
        out.put_u32(g.next_object_id);
        out.put_u32(g.world_id.0);
        out.put_i32(g.world_x);
        out.put_i32(g.world_y);
        out.put_u32(g.player_cell.0);
        for x in g.player_position {
            out.put_f32(x);
        }
        global::write_globals(&mut out, &self.globals);
        global::write_death_counts(&mut out, &self.death_counts, self.game_mode_seconds)?;
        global::write_short_block(&mut out, "processes block", &self.processes.0)?;
        global::write_short_block(&mut out, "special events block", &self.special_events.0)?;
        global::write_short_block(&mut out, "weather block", &self.weather.0)?;
        out.put_u32(self.player_combat_count);
        out.put_u32(self.created.len() as u32);
        for c in &self.created {
            c.write(&mut out);
        }
        global::write_quick_keys(&mut out, &self.quick_keys)?;
        global::write_short_block(&mut out, "reticule block", &self.reticule.0)?;
        global::write_short_block(&mut out, "interface block", &self.interface.0)?;
        global::write_regions(&mut out, &self.regions)?;
        for c in &self.changes {
            c.write(&mut out)?;
        }
        out.put_u32(self.temp_effects.len() as u32);
        out.put(&self.temp_effects);
        let fia = out.len() as u32;
        out[fia_field..fia_field + 4].copy_from_slice(&fia.to_le_bytes());
        out.put_u32(self.form_ids.len() as u32);
        for f in &self.form_ids {
            out.put_u32(f.0);
        }
        out.put_u32(self.world_spaces.len() as u32);
        for f in &self.world_spaces {
            out.put_u32(f.0);
        }
        out.put(&self.trailing);
        Ok(out)
    }

    /// The form ID an iref stands for: 0xFF…… values are created form IDs,
    /// others index the formIdArray.
    pub fn resolve(&self, iref: u32) -> Option<FormId> {
        resolve_in(&self.form_ids, iref)
    }

    /// The save's plugins by file name, in its load order.
    pub fn plugin_names(&self) -> Vec<String> {
        self.plugins.iter().map(|p| p.text()).collect()
    }

    /// The save's plugins, found in a data folder: the load order its
    /// form IDs are numbered in. Plugins not there are reported by the
    /// load order, never fatal.
    pub fn plugin_files(&self, data: &std::path::Path) -> Result<crate::loadorder::PluginFiles> {
        crate::loadorder::PluginFiles::from_names(data, &self.plugin_names())
    }

    /// A form ID of this save named from a load order of its plugins:
    /// `IronSword "Iron Sword" [WEAP:0002EE72 Oblivion.esm]`; `None` when
    /// no plugin of the order defines it (or it was created in the save).
    pub fn name_in(&self, order: &crate::loadorder::LoadOrder<'_>, id: FormId) -> Option<String> {
        let plugin = self.plugins.get(id.master_index() as usize)?.text();
        let global = order.global_id(&plugin, id.object_index())?;
        order.winner(global)?;
        Some(order.describe(global))
    }

    /// The plugin a form ID comes from: its top byte indexes the plugin
    /// list; 0xFF means created in this save.
    pub fn plugin_of(&self, id: FormId) -> Option<String> {
        match id.master_index() {
            0xFF => Some("(created in save)".to_string()),
            i => self.plugins.get(i as usize).map(BString::text),
        }
    }

    /// The in-game calendar date, from the globals GameYear (0x35),
    /// GameMonth (0x36, counted from 0), GameDay (0x37) and GameHour (0x38)
    /// of Oblivion.esm, which every save stores among its globals.
    pub fn game_date(&self) -> Option<GameDate> {
        let get = |id: u32| {
            self.globals
                .iter()
                .find(|g| self.resolve(g.iref) == Some(FormId(id)))
                .map(|g| g.value)
        };
        Some(GameDate {
            year: get(0x35)? as i32,
            month: get(0x36)? as u8,
            day: get(0x37)? as u8,
            hour: get(0x38)?,
        })
    }

    /// The created record with this form ID.
    pub fn created_record(&self, id: FormId) -> Option<&CreatedRecord> {
        self.created.iter().find(|c| c.header.form_id == id)
    }

    /// The change record of a form, or with a type as well.
    pub fn change(&self, id: FormId, kind: Option<u8>) -> Option<ChangeRecord<'_>> {
        self.changes
            .iter()
            .find(|c| c.form_id == id && kind.is_none_or(|k| k == c.kind))
    }

    /// Player's change record (form ID 0x14).
    pub fn player(&self) -> Option<ChangeRecord<'_>> {
        self.change(PLAYER_REF, Some(change::TYPE_ACHR))
    }

    /// Reads every change record and created record as deeply as esscribe
    /// can: a change record of a decoded type must decode without stopping,
    /// a created record must read by its declaration and encode back
    /// (`save verify --deep`).
    pub fn check_decoding(&self) -> crate::schema::DeepCheck {
        let mut check = crate::schema::DeepCheck::default();
        for c in &self.changes {
            let stopped = c.stop_note().map(|note| {
                format!(
                    "change record {} {} at 0x{:X}: decoding stopped: {note}",
                    c.form_id,
                    c.type_name(),
                    c.offset
                )
            });
            check.add(Ok(crate::schema::RecordCheck {
                warnings: stopped.into_iter().collect(),
                ..Default::default()
            }));
        }
        let ctx = crate::schema::FormCtx::default();
        for r in &self.created {
            let mut data = Vec::new();
            for s in &r.subrecords {
                crate::plugin::write_subrecord(&mut data, s.sig, &s.data, s.size_form);
            }
            let record = crate::plugin::Record {
                header: crate::plugin::RecordHeader {
                    flags: r.header.flags & !crate::plugin::FLAG_COMPRESSED,
                    ..r.header
                },
                offset: 0,
                body: crate::plugin::Body::Stored(std::borrow::Cow::Owned(data)),
            };
            let found = crate::schema::check_record(
                &record,
                crate::defs::catalog(crate::plugin::Game::Oblivion),
                &ctx,
            )
            .map(|found| {
                // What a created record holds of what is not declared yet
                // is counted by `save stats`; here only damage fails it.
                let faults: Vec<String> = found
                    .faults
                    .into_iter()
                    .map(|f| format!("created record: {f}"))
                    .collect();
                crate::schema::RecordCheck {
                    coverage: found.coverage,
                    warnings: faults.clone(),
                    faults,
                }
            });
            check.add(found);
        }
        check
    }

    /// Change-record statistics per type name.
    pub fn stats(&self) -> BTreeMap<String, TypeStats> {
        let mut out: BTreeMap<String, TypeStats> = BTreeMap::new();
        for c in &self.changes {
            let s = out.entry(c.type_name()).or_default();
            let (d, raw) = c.coverage();
            s.count += 1;
            s.bytes += d + raw;
            s.decoded_bytes += d;
            s.raw_bytes += raw;
            if c.is_exact() {
                s.exact += 1;
            }
            if c.stop_note().is_some() {
                s.stopped += 1;
            }
        }
        out
    }
}

fn resolve_in(form_ids: &[FormId], iref: u32) -> Option<FormId> {
    if iref >> 24 == 0xFF {
        Some(FormId(iref))
    } else {
        form_ids.get(iref as usize).copied()
    }
}

/// The error for a reference the save holds no changes of: a reference
/// the user named, not damage in the save.
pub(crate) fn no_changes_of(reference: FormId) -> Error {
    Error::not_found(format!(
        "reference {reference}: the save holds no changes of it (the player is {PLAYER_REF})"
    ))
}

/// A date of the game's calendar.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct GameDate {
    /// Year of the third era.
    pub year: i32,
    /// Month, counted from 0 (Morning Star).
    pub month: u8,
    /// Day of the month, from the GameDay global.
    pub day: u8,
    /// Hour of the day, with its fraction.
    pub hour: f32,
}

/// The months of the game's calendar.
pub const MONTHS: [&str; 12] = [
    "Morning Star",
    "Sun's Dawn",
    "First Seed",
    "Rain's Hand",
    "Second Seed",
    "Midyear",
    "Sun's Height",
    "Last Seed",
    "Hearthfire",
    "Frostfall",
    "Sun's Dusk",
    "Evening Star",
];

impl std::fmt::Display for GameDate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let month = MONTHS.get(self.month as usize).copied().unwrap_or("?");
        let minutes = (self.hour.clamp(0.0, 24.0) * 60.0) as u32;
        write!(
            f,
            "{} {month} 3E {}, {:02}:{:02}",
            self.day,
            self.year,
            minutes / 60,
            minutes % 60
        )
    }
}

/// How well the change records of one type decode.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct TypeStats {
    /// Number of change records of the type.
    pub count: usize,
    /// Data bytes (without the 12-byte headers).
    pub bytes: usize,
    /// Data bytes decoded (the rest of [`bytes`](Self::bytes) is raw).
    pub decoded_bytes: usize,
    /// Bytes kept raw: not-understood remainders and data after a stop.
    pub raw_bytes: usize,
    /// Records decoded to their last byte with nothing kept raw.
    pub exact: usize,
    /// Records whose decoding stopped early (rest kept raw, with a note).
    pub stopped: usize,
}

impl TypeStats {
    /// Adds another file's numbers, for totals over many saves.
    pub fn add(&mut self, o: &TypeStats) {
        self.count += o.count;
        self.bytes += o.bytes;
        self.decoded_bytes += o.decoded_bytes;
        self.raw_bytes += o.raw_bytes;
        self.exact += o.exact;
        self.stopped += o.stopped;
    }
}
