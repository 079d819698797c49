//! Change records: what the game changed about a form since the plugins
//! were loaded. Every record has the same 12-byte header (form ID, type
//! code, flags, version, u16 data size); the data is decoded part by part
//! by the table its type declares (`defs::oblivion::save`), the flags
//! selecting the parts. Decoding never fails a whole save: where it stops,
//! the rest of the record is kept as raw bytes with a note saying why.

pub use super::part::{Part, PlayerLooks, QuestStages};
pub use super::store::Placement;
use super::store::{Chunk, Head, PartData, Span};
use super::table::{AllowedSteps, Record};
use crate::defs::oblivion::save::{is_actor_reference, table_for, Facts};
use crate::io::{Error, FormId, Reader, Result, WriteLe};
use rayon::prelude::*;
use serde::Serialize;

use super::inventory::Inventory;
use super::properties::{PropertySet, Seq};

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

pub use crate::defs::oblivion::save::reference::{bits, TEMP_ATTRIBUTES_LEN};
pub use crate::defs::oblivion::save::{PLAYER_REF, TYPE_ACHR, TYPE_ACRE, TYPE_REFR};

/// A change record's header and its data, borrowed from the file, before
/// the data is decoded.
#[derive(Debug, Clone, Copy)]
pub struct StoredChange<'a> {
    /// File offset of the record's header.
    pub offset: u64,
    /// The form ID (the player's reference is 0x14).
    pub form_id: FormId,
    /// Type code (49 REFR, 50 ACHR, ...; see [`TYPE_NAMES`]).
    pub kind: u8,
    /// Flags: which parts the data holds (see [`bits`] for references).
    pub flags: u32,
    /// The record's version byte.
    pub version: u8,
    /// File offset of the data, just past the 12-byte header.
    pub data_offset: u64,
    /// The data, as stored (at most 65535 bytes: the size is a u16).
    pub data: &'a [u8],
}

impl<'a> StoredChange<'a> {
    /// Reads the 12-byte header and the data it sizes; fails when the input
    /// ends inside either.
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

/// Whether records of a type are decoded into parts: every form type of
/// the game is; a type code outside [`TYPE_NAMES`] is kept as bytes.
pub fn is_decoded_type(kind: u8) -> bool {
    TYPE_NAMES.iter().any(|(c, _)| *c == kind)
}

/// Records decoded per chunk (and per parallel task): enough to make the
/// split cheap, few enough to keep both cores busy.
const CHUNK_RECORDS: usize = 1024;

impl Chunk {
    fn decode(stored: &[StoredChange<'_>], player_name: &[u8]) -> Chunk {
        let data_len: usize = stored.iter().map(|s| s.data.len()).sum();
        let mut c = Chunk {
            heads: Vec::with_capacity(stored.len()),
            parts: Vec::with_capacity(stored.len() * 3),
            props: Vec::with_capacity(data_len / 16),
            bytes: Vec::with_capacity(data_len / 4),
            ..Chunk::default()
        };
        let mut allowed = AllowedSteps::new();
        for s in stored {
            let head = c.decode_record(s, player_name, &mut allowed);
            c.heads.push(head);
        }
        c
    }

    fn decode_record(
        &mut self,
        s: &StoredChange<'_>,
        player_name: &[u8],
        allowed: &mut AllowedSteps,
    ) -> Head {
        let decoded = is_decoded_type(s.kind);
        let data = if decoded {
            let start = self.parts.len();
            self.decode_reference(s, player_name, allowed);
            Span::new(start, self.parts.len() - start)
        } else {
            self.push_bytes(s.data)
        };
        Head {
            form_id: s.form_id,
            kind: s.kind,
            version: s.version,
            decoded,
            flags: s.flags,
            offset: s.offset,
            data,
        }
    }

    /// Reads the parts of a record's data by its type's table; never
    /// fails. The first part that cannot be read turns the rest into a raw
    /// part.
    fn decode_reference(
        &mut self,
        s: &StoredChange<'_>,
        player_name: &[u8],
        allowed: &mut AllowedSteps,
    ) {
        let mut r = Reader::new(s.data, s.data_offset);
        let mut done = 0;
        let mut rec = Record {
            r: &mut r,
            allowed,
            done: &mut done,
            facts: Facts {
                flags: s.flags,
                actor: is_actor_reference(s.kind),
                player: s.form_id == PLAYER_REF,
                bytes_left: s.data.len(),
                created_flags: None,
            },
            player_name,
        };
        let found = self.read_by_table(table_for(s.kind), &mut rec);
        if found.is_ok() && !r.is_empty() && done == r.position() {
            // What the flags announce is read; anything after it is not
            // understood and stays as bytes, counted as raw.
            let bytes = self.push_bytes(r.rest());
            self.parts.push(PartData::Remainder(bytes));
        }
        if let Err(e) = found {
            // Everything from the start of the part that failed stays raw.
            let note = format!(
                "change record {} {} at 0x{:X}: {e}",
                s.form_id,
                type_name(s.kind),
                s.offset
            );
            self.notes.push(note);
            let bytes = self.push_bytes(&s.data[done..]);
            self.parts.push(PartData::Raw {
                bytes,
                note: (self.notes.len() - 1) as u32,
            });
        }
    }
}

/// The change records of a save, decoded: REFR, ACHR and ACRE records
/// part by part, the others kept as bytes. Records are read through
/// [`ChangeRecord`] views.
#[derive(Debug, Clone, Default)]
pub struct ChangeRecords {
    /// Every chunk but the last holds exactly `CHUNK_RECORDS` records.
    chunks: Vec<Chunk>,
    len: usize,
}

impl ChangeRecords {
    /// Decodes records split from a file; records are independent of each
    /// other, so runs of them decode in parallel.
    pub fn decode(stored: &[StoredChange<'_>]) -> Self {
        Self::decode_for(stored, &[])
    }

    /// Decodes records knowing the player's name (from the save header,
    /// without its NUL), which marks where the player's looks, name and
    /// class sit in the player's record.
    pub fn decode_for(stored: &[StoredChange<'_>], player_name: &[u8]) -> Self {
        let chunks: Vec<Chunk> = stored
            .par_chunks(CHUNK_RECORDS)
            .map(|s| Chunk::decode(s, player_name))
            .collect();
        ChangeRecords {
            chunks,
            len: stored.len(),
        }
    }

    /// Puts `record` in place of the record at `index`, decoded as records
    /// read from a file are; only the records sharing its chunk are read
    /// again.
    pub(crate) fn replace(
        &mut self,
        index: usize,
        record: StoredChange<'_>,
        player_name: &[u8],
    ) -> Result<()> {
        let k = index / CHUNK_RECORDS;
        let Some(chunk) = self.chunks.get(k) else {
            return Ok(());
        };
        let mut buf = Vec::new();
        for head in &chunk.heads {
            ChangeRecord::new(chunk, head).write(&mut buf)?;
        }
        let mut r = Reader::new(&buf, chunk.heads.first().map_or(0, |h| h.offset));
        let mut stored = (0..chunk.heads.len())
            .map(|_| StoredChange::read(&mut r))
            .collect::<Result<Vec<_>>>()?;
        if let Some(slot) = stored.get_mut(index % CHUNK_RECORDS) {
            *slot = record;
        }
        self.chunks[k] = Chunk::decode(&stored, player_name);
        Ok(())
    }

    /// Number of change records.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no change records.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The record at an index, in file order.
    pub fn get(&self, index: usize) -> Option<ChangeRecord<'_>> {
        let chunk = self.chunks.get(index / CHUNK_RECORDS)?;
        let head = chunk.heads.get(index % CHUNK_RECORDS)?;
        Some(ChangeRecord::new(chunk, head))
    }

    /// The records in file order.
    pub fn iter(&self) -> Records<'_> {
        Records {
            chunks: self.chunks.iter(),
            heads: [].iter(),
            chunk: None,
            left: self.len,
        }
    }
}

/// The records of a [`ChangeRecords`], in file order.
#[derive(Clone)]
pub struct Records<'s> {
    chunks: std::slice::Iter<'s, Chunk>,
    heads: std::slice::Iter<'s, Head>,
    chunk: Option<&'s Chunk>,
    left: usize,
}

impl<'s> Iterator for Records<'s> {
    type Item = ChangeRecord<'s>;

    fn next(&mut self) -> Option<ChangeRecord<'s>> {
        loop {
            if let (Some(head), Some(chunk)) = (self.heads.next(), self.chunk) {
                self.left -= 1;
                return Some(ChangeRecord::new(chunk, head));
            }
            let chunk = self.chunks.next()?;
            self.chunk = Some(chunk);
            self.heads = chunk.heads.iter();
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Records<'_> {}

impl<'s> IntoIterator for &'s ChangeRecords {
    type Item = ChangeRecord<'s>;
    type IntoIter = Records<'s>;

    fn into_iter(self) -> Records<'s> {
        self.iter()
    }
}

impl PartialEq for ChangeRecords {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

/// One change record, as a view into the decoded [`ChangeRecords`].
#[derive(Clone, Copy)]
pub struct ChangeRecord<'s> {
    /// The form ID (the player's reference is 0x14).
    pub form_id: FormId,
    /// Type code (49 REFR, 50 ACHR, ...).
    pub kind: u8,
    /// Flags: which parts the data holds (see [`bits`] for references).
    pub flags: u32,
    /// The record's version byte.
    pub version: u8,
    /// File offset the record was read from.
    pub offset: u64,
    chunk: &'s Chunk,
    head: &'s Head,
}

/// The data of a change record.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ChangeData<'s> {
    /// Decoded parts of a placed reference, in file order. The last part
    /// may be [`Part::Raw`] when decoding stopped early.
    Reference {
        /// The parts.
        parts: Parts<'s>,
    },
    /// Decoded parts of a form's record (an actor base, a cell, a
    /// quest...), in file order, ending in a [`Part::Remainder`] where
    /// bytes are left that no flag explains.
    Form {
        /// The parts.
        parts: Parts<'s>,
    },
    /// Data of a type this layer does not decode, kept as stored.
    Raw {
        /// The data, as stored.
        bytes: &'s [u8],
    },
}

impl Serialize for ChangeData<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("ChangeData", 2)?;
        match self {
            ChangeData::Reference { parts } => {
                st.serialize_field("kind", "reference")?;
                st.serialize_field("parts", &Seq(*parts))?;
            }
            ChangeData::Form { parts } => {
                st.serialize_field("kind", "form")?;
                st.serialize_field("parts", &Seq(*parts))?;
            }
            ChangeData::Raw { bytes } => {
                st.serialize_field("kind", "raw")?;
                st.serialize_field("bytes", &crate::io::to_hex(bytes))?;
            }
        }
        st.end()
    }
}

/// The decoded parts of a record, in file order.
#[derive(Clone, Copy)]
pub struct Parts<'s> {
    chunk: &'s Chunk,
    parts: &'s [PartData],
}

impl<'s> Iterator for Parts<'s> {
    type Item = Part<'s>;

    fn next(&mut self) -> Option<Part<'s>> {
        let (first, rest) = self.parts.split_first()?;
        self.parts = rest;
        Some(self.chunk.part(first))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.parts.len(), Some(self.parts.len()))
    }
}

impl ExactSizeIterator for Parts<'_> {}

impl PartialEq for Parts<'_> {
    fn eq(&self, o: &Self) -> bool {
        self.parts.len() == o.parts.len() && (*self).eq(*o)
    }
}

impl std::fmt::Debug for Parts<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(*self).finish()
    }
}

impl<'s> ChangeRecord<'s> {
    fn new(chunk: &'s Chunk, head: &'s Head) -> Self {
        ChangeRecord {
            form_id: head.form_id,
            kind: head.kind,
            flags: head.flags,
            version: head.version,
            offset: head.offset,
            chunk,
            head,
        }
    }

    /// The record's header as stored, with no data.
    pub(crate) fn stored(&self) -> StoredChange<'static> {
        StoredChange {
            offset: self.offset,
            form_id: self.form_id,
            kind: self.kind,
            flags: self.flags,
            version: self.version,
            data_offset: self.offset + 12,
            data: &[],
        }
    }

    /// The record's type as a name (or number when unknown).
    pub fn type_name(&self) -> String {
        type_name(self.kind)
    }

    /// The record's data: decoded parts or bytes.
    pub fn data(&self) -> ChangeData<'s> {
        if self.head.decoded {
            if matches!(self.kind, TYPE_REFR | TYPE_ACHR | TYPE_ACRE) {
                ChangeData::Reference {
                    parts: self.parts(),
                }
            } else {
                ChangeData::Form {
                    parts: self.parts(),
                }
            }
        } else {
            ChangeData::Raw {
                bytes: self.head.data.of(&self.chunk.bytes),
            }
        }
    }

    /// The record's data as it is written.
    pub fn data_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write_data(&mut out);
        out
    }

    fn write_data(&self, out: &mut Vec<u8>) {
        match self.data() {
            ChangeData::Raw { bytes } => out.put(bytes),
            ChangeData::Reference { parts } | ChangeData::Form { parts } => {
                for p in parts {
                    p.write(out);
                }
            }
        }
    }

    /// Writes header and data; the data size is recomputed. Fails when the
    /// data no longer fits the u16 size field.
    pub fn write(&self, out: &mut Vec<u8>) -> Result<()> {
        out.put_u32(self.form_id.0);
        out.put_u8(self.kind);
        out.put_u32(self.flags);
        out.put_u8(self.version);
        let size_at = out.len();
        out.put_u16(0);
        self.write_data(out);
        let len = out.len() - size_at - 2;
        let Ok(size) = u16::try_from(len) else {
            out.truncate(size_at - 10);
            return Err(Error::invalid(
                self.offset,
                format!(
                    "change record {} {}: data of {len} bytes does not fit a u16 size",
                    self.form_id,
                    self.type_name(),
                ),
            ));
        };
        out[size_at..size_at + 2].copy_from_slice(&size.to_le_bytes());
        Ok(())
    }

    /// The decoded parts (empty for types kept raw).
    pub fn parts(&self) -> Parts<'s> {
        let parts = if self.head.decoded {
            self.head.data.of(&self.chunk.parts)
        } else {
            &[]
        };
        Parts {
            chunk: self.chunk,
            parts,
        }
    }

    /// The inventory part, when decoded.
    pub fn inventory(&self) -> Option<Inventory<'s>> {
        self.parts().find_map(|p| match p {
            Part::Inventory(i) => Some(i),
            _ => None,
        })
    }

    /// The properties section, when decoded.
    pub fn properties(&self) -> Option<PropertySet<'s>> {
        self.parts().find_map(|p| match p {
            Part::Properties(s) => Some(s),
            _ => None,
        })
    }

    /// The moved, havok-moved or created placement, whichever is present.
    pub fn placement(&self) -> Option<Placement> {
        self.parts().find_map(|p| match p {
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
                Part::CellChanged { cell, .. } | Part::MovedCell { cell } => out.push(cell),
                Part::Created {
                    base, placement, ..
                } => {
                    out.push(base);
                    out.push(placement.cell);
                }
                Part::Moved { placement } | Part::HavokMoved { placement } => {
                    out.push(placement.cell)
                }
                Part::Inventory(inv) => {
                    for item in inv.items() {
                        out.push(item.iref);
                        for e in item.entries() {
                            for p in e.iter() {
                                p.value.push_irefs(&mut out);
                            }
                        }
                    }
                }
                Part::Properties(set) => {
                    for p in set.iter() {
                        p.value.push_irefs(&mut out);
                    }
                }
                Part::Factions { factions } => out.extend(factions.iter().map(|f| f.faction)),
                Part::Spells { spells } => out.extend_from_slice(spells),
                Part::CombatStyle { iref } | Part::PlayerClass { class: iref } => out.push(iref),
                Part::PlayerLooks(l) => out.extend([l.race, l.hair, l.eyes]),
                Part::Owner { owner } => out.push(owner),
                Part::Reactions { reactions } => out.extend(reactions.iter().map(|r| r.faction)),
                Part::ScriptVars { vars, .. } => {
                    out.extend(vars.iter().filter_map(|v| match v.value {
                        super::properties::VarValue::Reference(r) => Some(r),
                        _ => None,
                    }))
                }
                _ => {}
            }
        }
        out.retain(|&i| i != 0);
        out
    }

    /// Where decoding stopped, if it did.
    pub fn stop_note(&self) -> Option<&'s str> {
        self.parts().find_map(|p| match p {
            Part::Raw { note, .. } => Some(note),
            _ => None,
        })
    }

    /// (decoded bytes, raw bytes) of the data: raw counts both the
    /// not-understood remainder and anything kept after decoding stopped.
    pub fn coverage(&self) -> (usize, usize) {
        match self.data() {
            ChangeData::Raw { bytes } => (0, bytes.len()),
            ChangeData::Reference { parts } | ChangeData::Form { parts } => {
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
        self.head.decoded && self.parts().all(|p| p.is_decoded())
    }

    /// Decoded up to (at most) a not-understood remainder: decoding did not
    /// stop early.
    pub fn decodes_to_remainder(&self) -> bool {
        self.head.decoded && !self.parts().any(|p| matches!(p, Part::Raw { .. }))
    }
}

impl PartialEq for ChangeRecord<'_> {
    fn eq(&self, o: &Self) -> bool {
        (self.form_id, self.kind, self.flags, self.version)
            == (o.form_id, o.kind, o.flags, o.version)
            && self.data() == o.data()
    }
}

impl std::fmt::Debug for ChangeRecord<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChangeRecord")
            .field("form_id", &self.form_id)
            .field("kind", &self.kind)
            .field("flags", &self.flags)
            .field("version", &self.version)
            .field("offset", &self.offset)
            .field("data", &self.data())
            .finish()
    }
}

impl Serialize for ChangeRecord<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("ChangeRecord", 5)?;
        st.serialize_field("form_id", &self.form_id)?;
        st.serialize_field("kind", &self.kind)?;
        st.serialize_field("flags", &self.flags)?;
        st.serialize_field("version", &self.version)?;
        st.serialize_field("data", &self.data())?;
        st.end()
    }
}
