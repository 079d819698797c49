//! Change forms: what changed about one form since the plugins defined it.
//!
//! Each is a ref ID, change flags, a type byte whose top two bits give the
//! width of the two length fields, a version, and the data, zlib-compressed
//! when the second length (the inflated size) is not zero. The stored bytes
//! are kept, so an unchanged form is written back as it was read.

use crate::io::{Error, ErrorKind, FormId, Reader, Result, WriteLe};
use serde::Serialize;
use std::borrow::Cow;

/// A form reference as a Skyrim save stores it: three bytes, big-endian.
/// The top two bits say what the other 22 are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RefId(pub u32);

/// What a [`RefId`] stands for, before the save's form ID array is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefKind {
    /// An index into the form ID array, counted from 1; 0 is no form.
    Indexed(u32),
    /// A form of the first plugin (`Skyrim.esm`), by its object index.
    Default(u32),
    /// A form created in the game (plugin index 0xFF).
    Created(u32),
    /// The fourth kind, which the format does not use.
    Unknown(u32),
}

impl RefId {
    /// Reads three bytes.
    pub fn read(r: &mut Reader<'_>, what: &str) -> Result<Self> {
        let [a, b, c] = r.array::<3>(what)?;
        Ok(RefId(u32::from_be_bytes([0, a, b, c])))
    }

    /// Writes three bytes.
    pub fn write(self, out: &mut Vec<u8>) {
        out.put(&self.0.to_be_bytes()[1..]);
    }

    /// The kind and its 22-bit value.
    pub fn kind(self) -> RefKind {
        let value = self.0 & 0x3F_FFFF;
        match self.0 >> 22 {
            0 => RefKind::Indexed(value),
            1 => RefKind::Default(value),
            2 => RefKind::Created(value),
            _ => RefKind::Unknown(value),
        }
    }

    /// The form ID this stands for, given the save's form ID array; `None`
    /// for an index past the array or the unused fourth kind.
    pub fn resolve(self, form_ids: &[FormId]) -> Option<FormId> {
        match self.kind() {
            RefKind::Indexed(0) => Some(FormId(0)),
            RefKind::Indexed(i) => form_ids.get(i as usize - 1).copied(),
            RefKind::Default(v) => Some(FormId(v)),
            RefKind::Created(v) => Some(FormId(0xFF00_0000 | v)),
            RefKind::Unknown(_) => None,
        }
    }
}

/// The change form types, by the low six bits of the type byte.
const TYPE_NAMES: [&str; 49] = [
    "REFR", "ACHR", "PMIS", "PGRE", "PBEA", "PFLA", "CELL", "INFO", "QUST", "NPC_", "ACTI", "TACT",
    "ARMO", "BOOK", "CONT", "DOOR", "INGR", "LIGH", "MISC", "APPA", "STAT", "MSTT", "FURN", "WEAP",
    "AMMO", "KEYM", "ALCH", "IDLM", "NOTE", "ECZN", "CLAS", "FACT", "PACK", "NAVM", "WOOP", "MGEF",
    "SMQN", "SCEN", "LCTN", "RELA", "PHZD", "PBAR", "PCON", "FLST", "LVLN", "LVLI", "LVSP", "PARW",
    "ENCH",
];

/// The change form type of quests.
pub const TYPE_QUST: u8 = 8;
/// The change form type of actor bases (NPC_).
pub const TYPE_NPC: u8 = 9;

/// The record type a change form type stands for (`REFR`, `NPC_`…), or its
/// number for a type the format does not name.
pub fn change_type_name(kind: u8) -> Cow<'static, str> {
    match TYPE_NAMES.get(kind as usize) {
        Some(name) => Cow::Borrowed(name),
        None => Cow::Owned(format!("type {kind}")),
    }
}

/// The change form type a record type name stands for, in any case.
pub fn change_type_code(name: &str) -> Option<u8> {
    TYPE_NAMES
        .iter()
        .position(|n| n.eq_ignore_ascii_case(name))
        .map(|i| i as u8)
}

/// One change form, as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct ChangeForm {
    /// The form that changed.
    pub ref_id: RefId,
    /// Which parts of the form changed; their meaning depends on the type.
    pub flags: u32,
    /// The type (the low six bits of the stored type byte).
    pub kind: u8,
    /// The width of the two length fields: 0 for u8, 1 for u16, 2 for u32.
    pub length_width: u8,
    /// The change form format version (74 for LE, 78 for SE 1.5+).
    pub version: u8,
    /// The data as stored: zlib-compressed when `inflated_len` is not zero.
    pub stored: Vec<u8>,
    /// The data's inflated size, or 0 when it is stored as is.
    pub inflated_len: u32,
}

/// The largest size a change form's data may state it inflates to: the
/// largest of the corpus saves' are a few hundred KiB.
const MAX_INFLATED_CHANGE: u32 = 64 << 20;

impl ChangeForm {
    /// Reads one change form.
    pub fn read(r: &mut Reader<'_>) -> Result<Self> {
        let ref_id = RefId::read(r, "change form ref ID")?;
        let flags = r.u32("change flags")?;
        let at = r.offset();
        let type_byte = r.u8("change form type")?;
        let (kind, length_width) = (type_byte & 0x3F, type_byte >> 6);
        let version = r.u8("change form version")?;
        let mut length =
            |what: &str| -> Result<u32> {
                Ok(match length_width {
                    0 => r.u8(what)? as u32,
                    1 => r.u16(what)? as u32,
                    2 => r.u32(what)?,
                    _ => return Err(Error::invalid(
                        at,
                        "the type byte's top bits say length fields of a width that does not exist",
                    )
                    .expected_found("0, 1 or 2 (u8, u16, u32)", "3")),
                })
            };
        let stored_len = length("change form data length")?;
        let inflated_len = length("change form inflated length")?;
        let stored = r.bytes(stored_len as usize, "change form data")?.to_vec();
        Ok(ChangeForm {
            ref_id,
            flags,
            kind,
            length_width,
            version,
            stored,
            inflated_len,
        })
    }

    /// Writes the change form as stored, widening the length fields if the
    /// data has outgrown them.
    pub fn write(&self, out: &mut Vec<u8>) {
        self.ref_id.write(out);
        out.put_u32(self.flags);
        let longest = (self.stored.len() as u32).max(self.inflated_len);
        let needed = match longest {
            0..=0xFF => 0,
            0x100..=0xFFFF => 1,
            _ => 2,
        };
        let width = self.length_width.max(needed);
        out.put_u8(self.kind | (width << 6));
        out.put_u8(self.version);
        for n in [self.stored.len() as u32, self.inflated_len] {
            match width {
                0 => out.put_u8(n as u8),
                1 => out.put_u16(n as u16),
                _ => out.put_u32(n),
            }
        }
        out.put(&self.stored);
    }

    /// The record type this change form is about (`REFR`, `NPC_`…).
    pub fn type_name(&self) -> Cow<'static, str> {
        change_type_name(self.kind)
    }

    /// Whether the data is stored compressed.
    pub fn is_compressed(&self) -> bool {
        self.inflated_len != 0
    }

    /// The data, inflated where it is stored compressed. `offset` is where
    /// the data starts in the (uncompressed) save, for errors.
    pub fn data(&self, offset: u64) -> Result<Cow<'_, [u8]>> {
        if !self.is_compressed() {
            return Ok(Cow::Borrowed(&self.stored));
        }
        if self.inflated_len > MAX_INFLATED_CHANGE {
            return Err(Error::new(
                ErrorKind::Limit,
                offset,
                format!(
                    "a {} change form states {} inflated bytes, more than the {MAX_INFLATED_CHANGE} allowed",
                    self.type_name(),
                    self.inflated_len
                ),
            ));
        }
        crate::plugin::inflate_exact(&self.stored, self.inflated_len as usize, offset)
            .map(Cow::Owned)
    }

    /// Replaces the data, compressing it when the form was stored compressed.
    pub fn set_data(&mut self, data: &[u8]) -> Result<()> {
        if self.is_compressed() {
            let stored = crate::plugin::compress_record_data(data)?;
            // The record form leads with the u32 size; a change form states
            // it in its own length field.
            self.stored = stored[4..].to_vec();
            self.inflated_len = data.len() as u32;
        } else {
            self.stored = data.to_vec();
        }
        Ok(())
    }
}

/// Counts per change form type, as `save stats` shows them.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ChangeTypeStats {
    /// How many change forms of the type.
    pub count: usize,
    /// Their data's inflated size in bytes.
    pub bytes: usize,
    /// How many are stored compressed.
    pub compressed: usize,
}
