//! A change record in the record model: its parts as [`Fields`], read and
//! changed by path as a plugin record's fields are
//! (`inventory.0.count`, `moved.position.x`, `scale`), each part laid out
//! as `defs::oblivion::save::shapes` declares it.
//!
//! A change is written back by reading the record's new data by its
//! table again, as a record read from a file: the change is kept only
//! when every part reads back to the bytes it was set to.

use super::change::{
    type_code, type_name, ChangeRecord, ChangeRecords, StoredChange, PLAYER_REF, TYPE_ACHR,
    TYPE_ACRE, TYPE_REFR,
};
use super::edit::stat_code;
use super::forms::{FIRST_SKILL, PLAYER_BASE, TYPE_NPC};
use super::header::BString;
use super::part::Part;
use super::properties::{declaration, Property};
use super::SaveFile;
use crate::defs::oblivion::save::shapes::part_shape;
use crate::io::{encode_cp1252, to_hex, Error, FormId, Result, Sig};
use crate::plugin::Game;
use crate::schema::types::Field;
use crate::schema::{parse_form_id, Fields, FormCtx, Irefs};
use serde_json::{json, Value};

/// The name a part has in the model, as `save records --json` names it.
fn part_name(part: &Part<'_>) -> &'static str {
    match part {
        Part::CellChanged { .. } => "cell_changed",
        Part::Created { .. } => "created",
        Part::Moved { .. } => "moved",
        Part::MovedCell { .. } => "moved_cell",
        Part::HavokMoved { .. } => "havok_moved",
        Part::OblivionCell { .. } => "oblivion_cell",
        Part::TempAttributes { .. } => "temp_attributes",
        Part::ActorFlag { .. } => "actor_flag",
        Part::FormFlags { .. } => "form_flags",
        Part::Inventory(_) => "inventory",
        Part::Properties(_) => "properties",
        Part::Animation { .. } => "animation",
        Part::Havok { .. } => "havok",
        Part::Scale { .. } => "scale",
        Part::Attributes { .. } => "attributes",
        Part::BaseData(_) => "base_data",
        Part::Factions { .. } => "factions",
        Part::Spells { .. } => "spells",
        Part::AiData { .. } => "ai_data",
        Part::BaseHealth { .. } => "base_health",
        Part::BaseModifiers { .. } => "base_modifiers",
        Part::FullName { .. } => "full_name",
        Part::Skills { .. } => "skills",
        Part::CombatStyle { .. } => "combat_style",
        Part::PlayerLooks(_) => "player_looks",
        Part::PlayerName { .. } => "player_name",
        Part::PlayerClass { .. } => "player_class",
        Part::Flags { .. } => "flags",
        Part::Grid { .. } => "grid",
        Part::DetachTime { .. } => "detach_time",
        Part::SeenData { .. } => "seen_data",
        Part::Pathgrid { .. } => "pathgrid",
        Part::Owner { .. } => "owner",
        Part::QuestStages { .. } => "quest_stages",
        Part::ScriptVars { .. } => "script_vars",
        Part::Reactions { .. } => "reactions",
        Part::Value { .. } => "value",
        Part::Teaches { .. } => "teaches",
        Part::Remainder { .. } => "remainder",
        Part::Raw { .. } => "raw",
    }
}

/// The record type as a signature, for messages (`REFR`, `NPC_`); a type
/// with no name is its number, as `0057`.
fn type_sig(kind: u8) -> Sig {
    let name = type_name(kind);
    match <[u8; 4]>::try_from(name.as_bytes()) {
        Ok(sig) => Sig(sig),
        Err(_) => Sig(*format!("{kind:04}")
            .as_bytes()
            .first_chunk()
            .unwrap_or(b"????")),
    }
}

impl ChangeRecord<'_> {
    /// The record's parts as fields: each part by the layout its name
    /// declares, a record of a type not decoded as one part `raw`; irefs
    /// are named through `ctx` (see [`SaveFile::form_ctx`]).
    pub fn fields(&self, ctx: &FormCtx) -> Fields {
        let parts: Vec<(&'static str, Vec<u8>)> = match self.parts().len() {
            0 => vec![("raw", self.data_bytes())],
            _ => self
                .parts()
                .map(|p| {
                    let mut bytes = Vec::with_capacity(p.encoded_len());
                    p.write(&mut bytes);
                    (part_name(&p), bytes)
                })
                .collect(),
        };
        Fields::of_parts(
            (type_sig(self.kind), self.form_id, Game::Oblivion),
            ctx.clone(),
            parts
                .iter()
                .map(|(name, bytes)| (*name, part_shape(name), bytes.as_slice())),
        )
    }
}

impl SaveFile {
    /// What the save's irefs name: its form ID array, whose form IDs'
    /// top bytes index its plugin list.
    pub fn form_ctx(&self) -> FormCtx {
        FormCtx {
            masters: self.plugins.iter().map(|p| p.text()).collect(),
            irefs: Some(std::sync::Arc::new(Irefs::new(&self.form_ids))),
            ..FormCtx::default()
        }
    }

    /// The change record of a form (of type `kind`, where the form has
    /// several), as fields to read and change; see [`SaveFile::apply`].
    pub fn record_fields(&self, id: FormId, kind: Option<u8>) -> Result<Fields> {
        let mut of_form = self.changes.iter().filter(|c| c.form_id == id);
        let record = match kind {
            Some(kind) => of_form.find(|c| c.kind == kind),
            None => {
                let first = of_form.next();
                if let (Some(a), Some(b)) = (first, of_form.next()) {
                    return Err(Error::value(
                        "record",
                        format!(
                            "{id}: the save holds change records of it of more than one type \
                             ({} and {}): name the type",
                            a.type_name(),
                            b.type_name()
                        ),
                    ));
                }
                first
            }
        };
        let ctx = self.form_ctx();
        record.map(|c| c.fields(&ctx)).ok_or_else(|| {
            Error::not_found(match kind {
                Some(kind) => format!(
                    "{id}: the save holds no {} change record of it",
                    type_name(kind)
                ),
                None => format!("{id}: the save holds no change record of it"),
            })
        })
    }

    /// Writes changed fields back into their change record. The record's
    /// new data is read by its table as if read from a file; unless it
    /// reads back to the very parts set, each of the bytes it was set to
    /// (not so when bytes end a part early, or a part's length changes
    /// what follows), nothing changes and the error says why. Fields not changed leave the save as it is.
    pub fn apply(&mut self, fields: &Fields) -> Result<()> {
        if fields.declaration().is_some() {
            return Err(Error::value(
                "record",
                format!(
                    "{} {}: a plugin record's fields, not a save's change record",
                    fields.sig(),
                    fields.form_id()
                ),
            ));
        }
        let Some(data) = fields.changed_data() else {
            return Ok(());
        };
        let (id, sig) = (fields.form_id(), fields.sig());
        let kind = type_code(&sig.to_string()).ok_or_else(|| {
            Error::value("record", format!("{sig} {id}: not a change-record type"))
        })?;
        let index = self.change_index(id, kind).ok_or_else(|| {
            Error::not_found(format!("{sig} {id}: the save holds no such change record"))
        })?;
        if data.len() > u16::MAX as usize {
            return Err(Error::refused(format!(
                "{sig} {id}: the record would hold {} bytes of data; a save stores at most 65,535",
                data.len()
            )));
        }
        let set = fields.encoded_entries()?;
        let record = self.changes.get(index).expect("a record just found");
        // Read alone first, as from a file: part by part, the record must
        // hold the bytes each part was set to. (A number given as `120`
        // reads back as `120.0`, and a float given with more digits than
        // an f32 holds reads back shorter: the values may be shown
        // otherwise, not the bytes.)
        let alone = StoredChange {
            data,
            ..record.stored()
        };
        let name = &self.header.player_name.0;
        let player_name = name.strip_suffix(&[0]).unwrap_or(name);
        let read = ChangeRecords::decode_for(&[alone], player_name);
        let ctx = self.form_ctx();
        let back = read.get(0).map(|c| c.fields(&ctx));
        if !matches!(back.as_ref().map(Fields::encoded_entries), Some(Ok(back)) if back == set) {
            return Err(Error::refused(format!(
                "{sig} {id}: the record's parts would not read back as set \
                 (a part's size or a count no longer agrees with what follows it)"
            )));
        }
        self.changes.replace(index, alone, player_name)?;
        Ok(())
    }
}

/// Edits of a placed reference, made through its fields.
impl SaveFile {
    /// A placed reference's change record (REFR, ACHR or ACRE) as fields.
    fn reference_fields(&self, id: FormId) -> Result<Fields> {
        self.changes
            .iter()
            .find(|c| c.form_id == id && matches!(c.kind, TYPE_REFR | TYPE_ACHR | TYPE_ACRE))
            .map(|c| c.fields(&self.form_ctx()))
            .ok_or_else(|| super::no_changes_of(id))
    }

    /// Where `item` is among the inventory changes in `fields`, if it is.
    fn item_at(&self, fields: &Fields, reference: FormId, item: FormId) -> Result<Option<usize>> {
        let items = fields
            .get("inventory")
            .and_then(Value::as_array)
            .ok_or_else(|| {
                Error::value(
                    "--ref",
                    format!("{reference}: the save holds no inventory changes of it"),
                )
            })?;
        // Shown as the form ID its iref names, or as the iref where the
        // form ID array does not hold it.
        Ok(items.iter().position(|i| match &i["item"] {
            Value::String(text) => parse_form_id(text, None).ok() == Some(item),
            v => {
                v.as_u64()
                    .and_then(|n| self.resolve(u32::try_from(n).ok()?))
                    == Some(item)
            }
        }))
    }

    /// Sets the count of an item (by its form ID) in a reference's
    /// inventory changes.
    pub fn set_item_count(&mut self, reference: FormId, item: FormId, count: i32) -> Result<()> {
        let mut fields = self.reference_fields(reference)?;
        let at = self
            .item_at(&fields, reference, item)?
            .ok_or_else(|| Error::not_found(format!("{reference} has no item {item}")))?;
        fields.set(&format!("inventory.{at}.count"), count)?;
        self.apply(&fields)
    }

    /// Sets the count of an item in a reference's inventory changes, adding
    /// the item when the inventory does not hold it yet (its form ID joins
    /// the formIdArray if the save has no iref for it). Returns whether the
    /// item was added.
    pub fn set_or_add_item(&mut self, reference: FormId, item: FormId, count: i32) -> Result<bool> {
        let mut fields = self.reference_fields(reference)?;
        let at = self.item_at(&fields, reference, item).map_err(|_| {
            Error::value(
                "--ref",
                format!("{reference}: the save holds no inventory changes of it to add to"),
            )
        })?;
        if let Some(at) = at {
            fields.set(&format!("inventory.{at}.count"), count)?;
            return self.apply(&fields).map(|()| false);
        }
        if fields
            .get("inventory")
            .and_then(Value::as_array)
            .map(Vec::len)
            >= Some(u16::MAX as usize)
        {
            return Err(Error::refused(format!(
                "{reference}: the inventory holds 65535 items already"
            )));
        }
        let known = self.form_ids.len();
        let iref = if item.master_index() == 0xFF {
            item.0
        } else if let Some(i) = self.form_ids.iter().skip(1).position(|f| *f == item) {
            (i + 1) as u32
        } else {
            if (known as u64) >= 0xFF00_0000 {
                return Err(Error::refused(
                    "the item cannot be added: the save's form ID array is full",
                ));
            }
            self.form_ids.push(item);
            known as u32
        };
        let added = fields
            .push(
                "inventory",
                json!({"item": iref, "count": count, "entries": []}),
            )
            .and_then(|()| self.apply(&fields));
        if added.is_err() {
            self.form_ids.truncate(known);
        }
        added.map(|()| true)
    }

    /// Sets the scale of a reference whose change record stores one. The
    /// scale must be a finite number.
    pub fn set_scale(&mut self, reference: FormId, scale: f32) -> Result<()> {
        if !scale.is_finite() {
            return Err(Error::value(
                "scale",
                format!("{reference}: scale {scale} is not a finite number"),
            ));
        }
        let mut fields = self.reference_fields(reference)?;
        if fields.get("scale").is_none() {
            return Err(Error::not_found(format!("{reference} stores no scale")));
        }
        fields.set("scale", scale)?;
        self.apply(&fields)
    }

    /// Sets the position of a reference whose change record stores its
    /// placement (moved, havok-moved or created). For the player the global
    /// player position is set too, since the two must agree. Each
    /// coordinate must be a finite number.
    pub fn set_position(&mut self, reference: FormId, position: [f32; 3]) -> Result<()> {
        if let Some(x) = position.iter().find(|x| !x.is_finite()) {
            return Err(Error::value(
                "position",
                format!("{reference}: position coordinate {x} is not a finite number"),
            ));
        }
        let mut fields = self.reference_fields(reference)?;
        let part = ["moved", "havok_moved", "created"]
            .into_iter()
            .find(|p| fields.get(p).is_some())
            .ok_or_else(|| Error::not_found(format!("{reference} stores no position")))?;
        let [x, y, z] = position;
        fields.set(&format!("{part}.position"), json!({"x": x, "y": y, "z": z}))?;
        self.apply(&fields)?;
        if reference == PLAYER_REF {
            self.global.player_position = position;
        }
        Ok(())
    }

    /// Adds a changed entry (a property set describing a subset of the
    /// stack) to an item in a reference's inventory changes. The record
    /// grows; sizes and offsets follow when the save is written.
    pub fn add_item_entry(
        &mut self,
        reference: FormId,
        item: FormId,
        properties: &[Property<'_>],
    ) -> Result<()> {
        // A value of another layout than its flag's would not read back.
        if let Some(p) = properties
            .iter()
            .find(|p| !declaration(p.flag).is_some_and(|d| d.layout.fits(&p.value)))
        {
            return Err(Error::value(
                "property",
                format!(
                    "property 0x{:02X}: the value does not have the layout its flag declares",
                    p.flag
                ),
            ));
        }
        let count = u16::try_from(properties.len())
            .map_err(|_| Error::value("property", "more than 65535 properties in a set"))?;
        let mut bytes = count.to_le_bytes().to_vec();
        for p in properties {
            p.write(&mut bytes);
        }
        let set = Fields::of_parts(
            (type_sig(TYPE_REFR), reference, Game::Oblivion),
            self.form_ctx(),
            [("properties", part_shape("properties"), &bytes[..])],
        );
        let mut fields = self.reference_fields(reference)?;
        let at = self
            .item_at(&fields, reference, item)?
            .ok_or_else(|| Error::not_found(format!("{reference} has no item {item}")))?;
        let set = set.get("properties").cloned().unwrap_or_default();
        fields.push(&format!("inventory.{at}.entries"), set)?;
        self.apply(&fields)
    }

    /// Sets one of the player's attributes or skills (by name, as
    /// [`stat_code`] reads it) in the player's actor base record.
    pub fn set_player_stat(&mut self, name: &str, value: u8) -> Result<()> {
        let code = stat_code(name).ok_or_else(|| {
            Error::value(
                "stat",
                format!("{name:?} is no attribute or skill (Strength ... Luck, Armorer ... Speechcraft)"),
            )
        })?;
        let (part, index) = match code {
            0..8 => ("attributes", code),
            _ => ("skills", code - FIRST_SKILL),
        };
        let mut fields = self
            .record_fields(PLAYER_BASE, Some(TYPE_NPC))
            .map_err(|_| {
                Error::not_found(
                    "the save has no change record of the player's actor base (NPC_ 0x7)",
                )
            })?;
        let (Field::Struct(names), Some(_)) = (part_shape(part), fields.get(part)) else {
            return Err(Error::not_found(format!(
                "the player's actor base record stores no {part}"
            )));
        };
        fields.set(&format!("{part}.{}", names[index].name), value)?;
        self.apply(&fields)
    }

    /// Renames the player: in the save header and in the player's
    /// reference record (and the player's actor base, if it stores a
    /// name). The name must be Windows-1252 text of 1 to 250 bytes.
    pub fn rename_player(&mut self, name: &str) -> Result<()> {
        let bytes = encode_cp1252(name)
            .ok_or_else(|| Error::value("name", format!("{name:?} is not Windows-1252 text")))?;
        if bytes.is_empty() || bytes.len() > 250 || bytes.contains(&0) {
            return Err(Error::value(
                "name",
                format!("a player name takes 1 to 250 bytes, without NUL: {name:?}"),
            ));
        }
        let mut player = self
            .record_fields(PLAYER_REF, Some(TYPE_ACHR))
            .map_err(|_| {
                Error::not_found("the save has no change record of the player (ACHR 0x14)")
            })?;
        if player.get("player_name").is_none() {
            return Err(Error::not_found(
                "the player's record holds no name where esscribe finds it; not renamed",
            ));
        }
        // As stored: a length counting the NUL, the name, the NUL.
        let mut stored = vec![bytes.len() as u8 + 1];
        stored.extend_from_slice(&bytes);
        stored.push(0);
        player.set("player_name", to_hex(&stored))?;
        // The actor base's name first: its record reads alone, whatever
        // the header says. Each apply changes nothing when it refuses.
        let base = match self.record_fields(PLAYER_BASE, Some(TYPE_NPC)) {
            Ok(base) if base.get("full_name").is_some() => {
                let mut renamed = base.clone();
                renamed.set("full_name", name)?;
                self.apply(&renamed)?;
                Some(base)
            }
            _ => None,
        };
        // The player's record is split where the header's name is found:
        // the header is renamed first, and back, with the actor base's
        // name, if the record refuses.
        let old = std::mem::replace(
            &mut self.header.player_name,
            BString([bytes, vec![0]].concat()),
        );
        let renamed = self.apply(&player);
        if renamed.is_err() {
            self.header.player_name = old;
            if let Some(base) = base {
                // Its own fields as read: every part reads back to them.
                let mut back = base.clone();
                back.set("full_name", base.get("full_name").cloned())?;
                self.apply(&back)?;
            }
        }
        renamed
    }
}
