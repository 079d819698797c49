//! Change records: what the game changed about a form since the plugins
//! were loaded. Every record has the same 12-byte header (form ID, type
//! code, flags, version, u16 data size); the data of placed references
//! (REFR, ACHR, ACRE) is decoded part by part, in the order the flags
//! select. Decoding never fails a whole save: where it stops, the rest of
//! the record is kept as raw bytes with a note saying why.

use crate::io::{Error, FormId, Reader, Result, WriteLe};
use serde::Serialize;

use super::inventory::Inventory;
use super::properties::PropertySet;
use super::ser_hex;

/// Type codes of change records: the game's form types in their order
/// (CELL 48, REFR 49, ROAD 56, DIAL 57, INFO 58, QUST 59, PACK 61).
pub const TYPE_NAMES: &[(u8, &str)] = &[
    (6, "FACT"),
    (7, "HAIR"),
    (8, "EYES"),
    (9, "RACE"),
    (10, "SOUN"),
    (11, "SKIL"),
    (12, "MGEF"),
    (13, "SCPT"),
    (14, "LTEX"),
    (15, "ENCH"),
    (16, "SPEL"),
    (17, "BSGN"),
    (18, "ACTI"),
    (19, "APPA"),
    (20, "ARMO"),
    (21, "BOOK"),
    (22, "CLOT"),
    (23, "CONT"),
    (24, "DOOR"),
    (25, "INGR"),
    (26, "LIGH"),
    (27, "MISC"),
    (28, "STAT"),
    (29, "GRAS"),
    (30, "TREE"),
    (31, "FLOR"),
    (32, "FURN"),
    (33, "WEAP"),
    (34, "AMMO"),
    (35, "NPC_"),
    (36, "CREA"),
    (37, "LVLC"),
    (38, "SLGM"),
    (39, "KEYM"),
    (40, "ALCH"),
    (41, "SBSP"),
    (42, "SGST"),
    (43, "LVLI"),
    (44, "SNDG"),
    (45, "WTHR"),
    (46, "CLMT"),
    (47, "REGN"),
    (48, "CELL"),
    (49, "REFR"),
    (50, "ACHR"),
    (51, "ACRE"),
    (52, "PGRD"),
    (53, "WRLD"),
    (54, "LAND"),
    (55, "TLOD"),
    (56, "ROAD"),
    (57, "DIAL"),
    (58, "INFO"),
    (59, "QUST"),
    (60, "IDLE"),
    (61, "PACK"),
    (62, "CSTY"),
    (63, "LSCR"),
    (64, "LVSP"),
    (65, "ANIO"),
    (66, "WATR"),
    (67, "EFSH"),
];

/// The type name of a change-record type code, or its number.
pub fn type_name(code: u8) -> String {
    TYPE_NAMES
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, n)| n.to_string())
        .unwrap_or_else(|| code.to_string())
}

/// The type code for a name ("REFR") or a number ("49").
pub fn type_code(name: &str) -> Option<u8> {
    if let Ok(n) = name.parse::<u8>() {
        return Some(n);
    }
    (0..=u8::MAX).find(|c| type_name(*c).eq_ignore_ascii_case(name))
}

/// Placed object.
pub const TYPE_REFR: u8 = 49;
/// Placed NPC (the player too).
pub const TYPE_ACHR: u8 = 50;
/// Placed creature.
pub const TYPE_ACRE: u8 = 51;

/// Flag bits of reference change records.
pub mod bits {
    /// A u32 of current form flags follows.
    pub const FORM_FLAGS: u32 = 1 << 0;
    /// Created in game: flags, base, cell, position, rotation.
    pub const CREATED: u32 = 1 << 1;
    /// Moved: cell, position, rotation.
    pub const MOVED: u32 = 1 << 2;
    /// Moved by physics: a placement (when not created or moved) and a
    /// havok block after the properties.
    pub const HAVOK_MOVED: u32 = 1 << 3;
    /// A scale (f32) ends the decoded parts.
    pub const SCALE: u32 = 1 << 4;
    /// REFR only: a havok block after the properties.
    pub const HAVOK_EXTRA: u32 = 1 << 11;
    /// The Oblivion cell (4 bytes) when no placement is stored.
    pub const OBLIVION_CELL: u32 = 1 << 23;
    /// REFR: an animation block after the properties.
    pub const ANIMATION: u32 = 1 << 25;
    /// Inventory changes follow the form flags.
    pub const INVENTORY: u32 = 1 << 27;
    /// The original cell and position come first.
    pub const CELL_CHANGED: u32 = 1 << 31;
    /// Bits any of which brings a properties section into a REFR record.
    pub const REFR_PROPERTIES: u32 = (1 << 5)
        | (1 << 6)
        | (1 << 7)
        | (1 << 10)
        | (1 << 16)
        | (1 << 17)
        | (1 << 20)
        | (1 << 21)
        | (1 << 22)
        | (1 << 24)
        | (1 << 25)
        | (1 << 26)
        | (1 << 28);
}

/// The form ID of the player's reference.
pub const PLAYER_REF: FormId = FormId(0x14);
/// Size of the player's temporary attribute changes (219 f32).
pub const TEMP_ATTRIBUTES_LEN: usize = 876;

/// A position with rotation, as placed references store it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Placement {
    /// Iref of the cell (0: unchanged).
    pub cell: u32,
    pub position: [f32; 3],
    pub rotation: [f32; 3],
}

/// One decoded part of a reference's change record, in file order.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "part", rename_all = "snake_case")]
pub enum Part {
    /// The cell and position the reference started in before it changed
    /// cells.
    CellChanged {
        cell: u32,
        position: [f32; 3],
    },
    /// A reference created in game: flags, base object and placement.
    Created {
        flags: u32,
        base: u32,
        placement: Placement,
    },
    Moved {
        placement: Placement,
    },
    /// A stub actor record's move: only the cell iref.
    MovedCell {
        cell: u32,
    },
    HavokMoved {
        placement: Placement,
    },
    /// A form ID or an iref of the Oblivion cell or world holding it.
    OblivionCell {
        cell: u32,
    },
    /// The player's temporary attribute changes (219 f32), kept as bytes
    /// and shown as numbers.
    TempAttributes {
        #[serde(serialize_with = "ser_hex::f32s")]
        bytes: Vec<u8>,
    },
    /// Actor flag: 0 high, 1 mid high, 2 mid low, 3 low, 0xFF none.
    ActorFlag {
        value: u8,
    },
    FormFlags {
        flags: u32,
    },
    Inventory(Inventory),
    Properties(PropertySet),
    Animation {
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: Vec<u8>,
    },
    Havok {
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: Vec<u8>,
    },
    Scale {
        scale: f32,
    },
    /// Trailing data of a known place whose layout is not understood.
    Remainder {
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: Vec<u8>,
    },
    /// Bytes kept as they were because decoding stopped here; `note` says
    /// where and why.
    Raw {
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: Vec<u8>,
        note: String,
    },
}

fn read_f3(r: &mut Reader<'_>, what: &str) -> Result<[f32; 3]> {
    Ok([r.f32(what)?, r.f32(what)?, r.f32(what)?])
}

fn read_placement(r: &mut Reader<'_>) -> Result<Placement> {
    Ok(Placement {
        cell: r.u32("cell iref")?,
        position: read_f3(r, "position")?,
        rotation: read_f3(r, "rotation")?,
    })
}

fn put_placement(out: &mut Vec<u8>, p: &Placement) {
    out.put_u32(p.cell);
    for x in p.position.iter().chain(&p.rotation) {
        out.put_f32(*x);
    }
}

fn short_block(r: &mut Reader<'_>, what: &str) -> Result<Vec<u8>> {
    let n = r.u16(what)? as usize;
    Ok(r.bytes(n, what)?.to_vec())
}

impl Part {
    /// Writes the part exactly as it is stored.
    pub fn write(&self, out: &mut Vec<u8>) {
        match self {
            Part::CellChanged { cell, position } => {
                out.put_u32(*cell);
                for x in position {
                    out.put_f32(*x);
                }
            }
            Part::Created {
                flags,
                base,
                placement,
            } => {
                out.put_u32(*flags);
                out.put_u32(*base);
                out.put_u32(placement.cell);
                for x in placement.position.iter().chain(&placement.rotation) {
                    out.put_f32(*x);
                }
            }
            Part::Moved { placement } | Part::HavokMoved { placement } => {
                put_placement(out, placement)
            }
            Part::OblivionCell { cell } | Part::MovedCell { cell } => out.put_u32(*cell),
            Part::TempAttributes { bytes } | Part::Remainder { bytes } => out.put(bytes),
            Part::Raw { bytes, .. } => out.put(bytes),
            Part::ActorFlag { value } => out.put_u8(*value),
            Part::FormFlags { flags } => out.put_u32(*flags),
            Part::Inventory(inv) => inv.write(out),
            Part::Properties(set) => set.write(out),
            Part::Animation { bytes } | Part::Havok { bytes } => {
                out.put_u16(bytes.len() as u16);
                out.put(bytes);
            }
            Part::Scale { scale } => out.put_f32(*scale),
        }
    }

    /// Bytes this part takes when written.
    pub fn encoded_len(&self) -> usize {
        let mut v = Vec::new();
        self.write(&mut v);
        v.len()
    }

    /// Whether the part's bytes are understood (not kept raw).
    pub fn is_decoded(&self) -> bool {
        !matches!(self, Part::Raw { .. } | Part::Remainder { .. })
    }
}

/// The data of a change record.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChangeData {
    /// Decoded parts of a placed reference, in file order. The last part
    /// may be [`Part::Raw`] when decoding stopped early.
    Reference { parts: Vec<Part> },
    /// Data of a type this layer does not decode, kept as stored.
    Raw {
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: Vec<u8>,
    },
}

/// One change record.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChangeRecord {
    pub form_id: FormId,
    /// Type code (49 REFR, 50 ACHR, ...).
    pub kind: u8,
    pub flags: u32,
    pub version: u8,
    /// File offset the record was read from (0 for built records).
    #[serde(skip)]
    pub offset: u64,
    pub data: ChangeData,
}

/// A change record's header and its data, borrowed from the file, before
/// the data is decoded.
#[derive(Debug, Clone, Copy)]
pub struct StoredChange<'a> {
    pub offset: u64,
    pub form_id: FormId,
    pub kind: u8,
    pub flags: u32,
    pub version: u8,
    pub data_offset: u64,
    pub data: &'a [u8],
}

impl<'a> StoredChange<'a> {
    pub fn read(r: &mut Reader<'a>) -> Result<Self> {
        let offset = r.offset();
        let form_id = r.form_id("change record form ID")?;
        let kind = r.u8("change record type")?;
        let flags = r.u32("change record flags")?;
        let version = r.u8("change record version")?;
        let size = r.u16("change record data size")? as usize;
        let data_offset = r.offset();
        let data = r.bytes(size, "change record data")?;
        Ok(StoredChange {
            offset,
            form_id,
            kind,
            flags,
            version,
            data_offset,
            data,
        })
    }
}

/// Reads the parts of a REFR/ACHR/ACRE record's data; never fails. The
/// first part that cannot be read turns the rest into a [`Part::Raw`].
pub fn decode_reference(
    form_id: FormId,
    kind: u8,
    flags: u32,
    data: &[u8],
    base: u64,
) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut r = Reader::new(data, base);
    if let Err(e) = decode_parts(form_id, kind, flags, &mut r, &mut parts) {
        // Everything from the start of the part that failed stays raw.
        let consumed: usize = parts.iter().map(Part::encoded_len).sum();
        parts.push(Part::Raw {
            bytes: data[consumed.min(data.len())..].to_vec(),
            note: e.to_string(),
        });
    }
    parts
}

fn decode_parts(
    form_id: FormId,
    kind: u8,
    flags: u32,
    r: &mut Reader<'_>,
    parts: &mut Vec<Part>,
) -> Result<()> {
    let actor = kind == TYPE_ACHR || kind == TYPE_ACRE;
    let has = |b: u32| flags & b != 0;
    let at = |r: &Reader<'_>| r.offset();
    if has(bits::CELL_CHANGED) {
        let o = at(r);
        parts.push(Part::CellChanged {
            cell: r
                .u32("cell iref")
                .map_err(|e| e.within(format!("cell changed at 0x{o:X}")))?,
            position: read_f3(r, "position")
                .map_err(|e| e.within(format!("cell changed at 0x{o:X}")))?,
        });
    }
    if actor && has(bits::MOVED) && r.remaining() == 5 {
        // A stub actor record: only the cell of the move and the actor
        // flag, whatever else the flags announce.
        parts.push(Part::MovedCell {
            cell: r.u32("moved cell iref")?,
        });
        parts.push(Part::ActorFlag {
            value: r.u8("actor flag")?,
        });
        return Ok(());
    }
    if has(bits::CREATED) {
        let o = at(r);
        let ctx = |e: Error| e.within(format!("created at 0x{o:X}"));
        let flags = r.u32("created flags").map_err(ctx)?;
        let base = r.u32("base iref").map_err(ctx)?;
        let placement = read_placement(r).map_err(ctx)?;
        parts.push(Part::Created {
            flags,
            base,
            placement,
        });
        if flags & 1 != 0 && !actor {
            // Created references with bit 0 set carry further data whose
            // layout is not known; it sits before anything else.
            if !r.is_empty() {
                parts.push(Part::Remainder {
                    bytes: r.rest().to_vec(),
                });
            }
            return Ok(());
        }
    } else if has(bits::MOVED) {
        let o = at(r);
        let placement = read_placement(r).map_err(|e| e.within(format!("moved at 0x{o:X}")))?;
        parts.push(Part::Moved { placement });
    } else if has(bits::HAVOK_MOVED) {
        let o = at(r);
        let placement =
            read_placement(r).map_err(|e| e.within(format!("havok-moved at 0x{o:X}")))?;
        parts.push(Part::HavokMoved { placement });
    } else if has(bits::OBLIVION_CELL) {
        parts.push(Part::OblivionCell {
            cell: r.u32("oblivion cell")?,
        });
    }
    if actor {
        if form_id == PLAYER_REF {
            parts.push(Part::TempAttributes {
                bytes: r
                    .bytes(TEMP_ATTRIBUTES_LEN, "temporary attribute changes")?
                    .to_vec(),
            });
        }
        parts.push(Part::ActorFlag {
            value: r.u8("actor flag")?,
        });
    }
    if has(bits::FORM_FLAGS) {
        parts.push(Part::FormFlags {
            flags: r.u32("form flags")?,
        });
    }
    if has(bits::INVENTORY) {
        let o = at(r);
        let inv = Inventory::read(r).map_err(|e| e.within(format!("inventory at 0x{o:X}")))?;
        parts.push(Part::Inventory(inv));
    }
    if actor || has(bits::REFR_PROPERTIES) {
        let o = at(r);
        let set = PropertySet::read(r).map_err(|e| e.within(format!("properties at 0x{o:X}")))?;
        parts.push(Part::Properties(set));
    }
    if !actor && has(bits::ANIMATION) {
        parts.push(Part::Animation {
            bytes: short_block(r, "animation block")?,
        });
    }
    if has(bits::HAVOK_MOVED) || (!actor && has(bits::HAVOK_EXTRA)) {
        parts.push(Part::Havok {
            bytes: short_block(r, "havok block")?,
        });
    }
    if has(bits::SCALE) {
        parts.push(Part::Scale {
            scale: r.f32("scale")?,
        });
    }
    if !r.is_empty() {
        parts.push(Part::Remainder {
            bytes: r.rest().to_vec(),
        });
    }
    Ok(())
}

impl ChangeRecord {
    /// Reads one record (header and data) at the reader's position.
    pub fn read(r: &mut Reader<'_>) -> Result<Self> {
        Ok(Self::decode(StoredChange::read(r)?))
    }

    /// Decodes a record split from the file; independent of every other
    /// record, so records decode in parallel.
    pub fn decode(stored: StoredChange<'_>) -> Self {
        let StoredChange {
            offset,
            form_id,
            kind,
            flags,
            version,
            data_offset,
            data,
        } = stored;
        let data = match kind {
            TYPE_REFR | TYPE_ACHR | TYPE_ACRE => ChangeData::Reference {
                parts: decode_reference(form_id, kind, flags, data, data_offset)
                    .into_iter()
                    .map(|p| match p {
                        Part::Raw { bytes, note } => Part::Raw {
                            bytes,
                            note: format!(
                                "change record {form_id} {} at 0x{offset:X}: {note}",
                                type_name(kind)
                            ),
                        },
                        p => p,
                    })
                    .collect(),
            },
            _ => ChangeData::Raw {
                bytes: data.to_vec(),
            },
        };
        ChangeRecord {
            form_id,
            kind,
            flags,
            version,
            offset,
            data,
        }
    }

    /// The record's type as a name (or number when unknown).
    pub fn type_name(&self) -> String {
        type_name(self.kind)
    }

    /// The record's data as it is written.
    pub fn data_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match &self.data {
            ChangeData::Raw { bytes } => out.put(bytes),
            ChangeData::Reference { parts } => {
                for p in parts {
                    p.write(&mut out);
                }
            }
        }
        out
    }

    /// Writes header and data; the data size is recomputed. Fails when the
    /// data no longer fits the u16 size field.
    pub fn write(&self, out: &mut Vec<u8>) -> Result<()> {
        let data = self.data_bytes();
        let size = u16::try_from(data.len()).map_err(|_| {
            Error::invalid(
                self.offset,
                format!(
                    "change record {} {}: data of {} bytes does not fit a u16 size",
                    self.form_id,
                    self.type_name(),
                    data.len()
                ),
            )
        })?;
        out.put_u32(self.form_id.0);
        out.put_u8(self.kind);
        out.put_u32(self.flags);
        out.put_u8(self.version);
        out.put_u16(size);
        out.put(&data);
        Ok(())
    }

    /// The decoded parts (empty for types kept raw).
    pub fn parts(&self) -> &[Part] {
        match &self.data {
            ChangeData::Reference { parts } => parts,
            ChangeData::Raw { .. } => &[],
        }
    }

    /// The decoded parts, for edits; sizes follow on write.
    pub fn parts_mut(&mut self) -> Option<&mut Vec<Part>> {
        match &mut self.data {
            ChangeData::Reference { parts } => Some(parts),
            ChangeData::Raw { .. } => None,
        }
    }

    /// The inventory part, when decoded.
    pub fn inventory(&self) -> Option<&Inventory> {
        self.parts().iter().find_map(|p| match p {
            Part::Inventory(i) => Some(i),
            _ => None,
        })
    }

    /// The properties section, when decoded.
    pub fn properties(&self) -> Option<&PropertySet> {
        self.parts().iter().find_map(|p| match p {
            Part::Properties(s) => Some(s),
            _ => None,
        })
    }

    /// The moved, havok-moved or created placement, whichever is present.
    pub fn placement(&self) -> Option<&Placement> {
        self.parts().iter().find_map(|p| match p {
            Part::Moved { placement }
            | Part::HavokMoved { placement }
            | Part::Created { placement, .. } => Some(placement),
            _ => None,
        })
    }

    /// Every iref the decoded parts hold (cells, base objects, items,
    /// property values), in order, for resolving through the formIdArray.
    pub fn irefs(&self) -> Vec<u32> {
        let mut out = Vec::new();
        for p in self.parts() {
            match p {
                Part::CellChanged { cell, .. } | Part::MovedCell { cell } => out.push(*cell),
                Part::Created {
                    base, placement, ..
                } => {
                    out.push(*base);
                    out.push(placement.cell);
                }
                Part::Moved { placement } | Part::HavokMoved { placement } => {
                    out.push(placement.cell)
                }
                Part::Inventory(inv) => {
                    for item in &inv.items {
                        out.push(item.iref);
                        for e in &item.entries {
                            for p in &e.properties {
                                out.extend(p.value.irefs());
                            }
                        }
                    }
                }
                Part::Properties(set) => {
                    for p in &set.properties {
                        out.extend(p.value.irefs());
                    }
                }
                _ => {}
            }
        }
        out.retain(|&i| i != 0);
        out
    }

    /// Where decoding stopped, if it did.
    pub fn stop_note(&self) -> Option<&str> {
        self.parts().iter().find_map(|p| match p {
            Part::Raw { note, .. } => Some(note.as_str()),
            _ => None,
        })
    }

    /// (decoded bytes, raw bytes) of the data: raw counts both the
    /// not-understood remainder and anything kept after decoding stopped.
    pub fn coverage(&self) -> (usize, usize) {
        match &self.data {
            ChangeData::Raw { bytes } => (0, bytes.len()),
            ChangeData::Reference { parts } => {
                let mut d = 0;
                let mut raw = 0;
                for p in parts {
                    if p.is_decoded() {
                        d += p.encoded_len();
                    } else {
                        raw += p.encoded_len();
                    }
                }
                (d, raw)
            }
        }
    }

    /// Decoded to the last byte, with nothing kept raw.
    pub fn is_exact(&self) -> bool {
        matches!(&self.data, ChangeData::Reference { parts } if parts.iter().all(Part::is_decoded))
    }

    /// Decoded up to (at most) a not-understood remainder: decoding did not
    /// stop early.
    pub fn decodes_to_remainder(&self) -> bool {
        matches!(&self.data, ChangeData::Reference { parts }
            if !parts.iter().any(|p| matches!(p, Part::Raw { .. })))
    }
}
