//! Record and group headers: 20 bytes in Oblivion, 24 in Skyrim.

use crate::io::{Error, FormId, Reader, Result, Sig, WriteLe};
use serde::{Deserialize, Serialize};

/// Which game's container layout a plugin uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    /// The Elder Scrolls IV: Oblivion: 20-byte record and group headers.
    Oblivion,
    /// The Elder Scrolls V: Skyrim, LE and SE: 24-byte headers.
    Skyrim,
}

impl Game {
    /// Size of a record or group header: 20 bytes in Oblivion, 24 in Skyrim.
    pub fn header_len(self) -> usize {
        match self {
            Game::Oblivion => 20,
            Game::Skyrim => 24,
        }
    }

    /// The game's name for messages: `Oblivion` or `Skyrim`.
    pub fn name(self) -> &'static str {
        match self {
            Game::Oblivion => "Oblivion",
            Game::Skyrim => "Skyrim",
        }
    }
}

impl std::str::FromStr for Game {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "oblivion" | "tes4" => Ok(Game::Oblivion),
            "skyrim" | "tes5" | "sse" | "skyrimse" => Ok(Game::Skyrim),
            _ => Err(format!("unknown game {s:?} (oblivion or skyrim)")),
        }
    }
}

/// The signature that starts every group header.
pub const GRUP: Sig = Sig(*b"GRUP");

/// Whether a record type is four characters from A–Z, 0–9 and `_`, as
/// every record type of the games is. A record header whose type is not
/// lies where no record starts.
#[inline]
pub fn is_record_sig(sig: Sig) -> bool {
    sig.0
        .iter()
        .all(|&b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
}

/// Record flag: the data is a u32 decompressed size followed by a zlib stream.
pub const FLAG_COMPRESSED: u32 = 0x0004_0000;
/// TES4 flag: master file.
pub const FLAG_MASTER: u32 = 0x0000_0001;
/// TES4 flag (Skyrim SE): light plugin.
pub const FLAG_LIGHT: u32 = 0x0000_0200;
/// Record flag: deleted.
pub const FLAG_DELETED: u32 = 0x0000_0020;

/// A record header, every field kept so that it is written back exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordHeader {
    /// The record type.
    pub sig: Sig,
    /// Size of the data that follows the header, as stored (compressed
    /// size for compressed records).
    pub data_size: u32,
    /// Record flags as stored (deleted 0x20, compressed 0x40000, ...).
    pub flags: u32,
    /// The record's form ID, as stored (its top byte indexes the masters).
    pub form_id: FormId,
    /// Version-control info (Skyrim: u16 timestamp + u16 VC info).
    pub version_control: u32,
    /// Skyrim only: form version.
    pub form_version: u16,
    /// Skyrim only: second version-control field.
    pub version_control_2: u16,
}

impl RecordHeader {
    /// Reads a header of `game`'s size; fails when the input ends inside it.
    #[inline]
    pub fn read(r: &mut Reader<'_>, game: Game) -> Result<Self> {
        // Whole header present (the usual case): decode it from one slice
        // with one bounds check. Otherwise read field by field, so the
        // error names the field that is cut.
        if let Some(h) = Self::decode(r.peek_rest(), game) {
            r.bytes(game.header_len(), "record header")?;
            return Ok(h);
        }
        Self::read_fields(r, game)
    }

    /// Decodes a header from the start of `b`; `None` if `b` is too short.
    #[inline]
    pub(crate) fn decode(b: &[u8], game: Game) -> Option<Self> {
        let b = b.get(..game.header_len())?;
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let u16_at = |i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
        let skyrim = game == Game::Skyrim;
        Some(RecordHeader {
            sig: Sig([b[0], b[1], b[2], b[3]]),
            data_size: u32_at(4),
            flags: u32_at(8),
            form_id: FormId(u32_at(12)),
            version_control: u32_at(16),
            form_version: if skyrim { u16_at(20) } else { 0 },
            version_control_2: if skyrim { u16_at(22) } else { 0 },
        })
    }

    #[cold]
    fn read_fields(r: &mut Reader<'_>, game: Game) -> Result<Self> {
        let sig = r.sig("record signature")?;
        let data_size = r.u32("record data size")?;
        let flags = r.u32("record flags")?;
        let form_id = r.form_id("record form ID")?;
        let version_control = r.u32("record version-control info")?;
        let (form_version, version_control_2) = match game {
            Game::Oblivion => (0, 0),
            Game::Skyrim => (r.u16("form version")?, r.u16("version-control info 2")?),
        };
        Ok(RecordHeader {
            sig,
            data_size,
            flags,
            form_id,
            version_control,
            form_version,
            version_control_2,
        })
    }

    /// Writes the header as stored, in `game`'s layout.
    pub fn write(&self, out: &mut Vec<u8>, game: Game) {
        out.put(&self.sig.0);
        out.put_u32(self.data_size);
        out.put_u32(self.flags);
        out.put_u32(self.form_id.0);
        out.put_u32(self.version_control);
        if game == Game::Skyrim {
            out.put_u16(self.form_version);
            out.put_u16(self.version_control_2);
        }
    }

    /// Whether the data is a zlib stream after a u32 of its inflated size
    /// (flag 0x40000).
    pub fn is_compressed(&self) -> bool {
        self.flags & FLAG_COMPRESSED != 0
    }
}

/// The kind of a group, from its type field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GroupKind {
    /// Type 0: the top group of one record type, labelled with that type.
    Top,
    /// Type 1: a worldspace's cells, labelled with the WRLD form ID.
    WorldChildren,
    /// Type 2: a block of interior cells, labelled with the block number.
    InteriorCellBlock,
    /// Type 3: a sub-block of interior cells, labelled with the sub-block
    /// number.
    InteriorCellSubBlock,
    /// Type 4: a block of exterior cells, labelled with grid Y, X.
    ExteriorCellBlock,
    /// Type 5: a sub-block of exterior cells, labelled with grid Y, X.
    ExteriorCellSubBlock,
    /// Type 6: a cell's references, labelled with the CELL form ID.
    CellChildren,
    /// Type 7: a dialogue topic's responses, labelled with the DIAL form ID.
    TopicChildren,
    /// Type 8: a cell's persistent references, labelled with the CELL form
    /// ID.
    CellPersistentChildren,
    /// Type 9: a cell's temporary references, labelled with the CELL form
    /// ID.
    CellTemporaryChildren,
    /// Type 10: a cell's visible-distant references, labelled with the CELL
    /// form ID.
    CellVisibleDistantChildren,
    /// Any other type value; the label is kept raw.
    Unknown,
}

impl GroupKind {
    /// The kind a group type value names; [`GroupKind::Unknown`] for any
    /// other value.
    pub fn from_type(group_type: i32) -> Self {
        use GroupKind::*;
        match group_type {
            0 => Top,
            1 => WorldChildren,
            2 => InteriorCellBlock,
            3 => InteriorCellSubBlock,
            4 => ExteriorCellBlock,
            5 => ExteriorCellSubBlock,
            6 => CellChildren,
            7 => TopicChildren,
            8 => CellPersistentChildren,
            9 => CellTemporaryChildren,
            10 => CellVisibleDistantChildren,
            _ => Unknown,
        }
    }

    /// The kind's name for messages, such as `interior cell block`.
    pub fn name(self) -> &'static str {
        use GroupKind::*;
        match self {
            Top => "top",
            WorldChildren => "world children",
            InteriorCellBlock => "interior cell block",
            InteriorCellSubBlock => "interior cell sub-block",
            ExteriorCellBlock => "exterior cell block",
            ExteriorCellSubBlock => "exterior cell sub-block",
            CellChildren => "cell children",
            TopicChildren => "topic children",
            CellPersistentChildren => "cell persistent children",
            CellTemporaryChildren => "cell temporary children",
            CellVisibleDistantChildren => "cell visible distant children",
            Unknown => "unknown",
        }
    }
}

/// A group's label, interpreted by its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupLabel {
    /// Top groups: the record type they hold.
    Sig(Sig),
    /// World, cell and topic children: the parent record's form ID.
    Parent(FormId),
    /// Interior cell blocks and sub-blocks.
    Block(i32),
    /// Exterior cell blocks and sub-blocks: grid Y then X.
    Grid {
        /// Grid Y, the label's first i16.
        y: i16,
        /// Grid X, the label's second i16.
        x: i16,
    },
    /// Any other group type: the raw label.
    Raw([u8; 4]),
}

impl std::fmt::Display for GroupLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GroupLabel::Sig(s) => write!(f, "{s}"),
            GroupLabel::Parent(id) => write!(f, "{id}"),
            GroupLabel::Block(n) => write!(f, "block {n}"),
            GroupLabel::Grid { y, x } => write!(f, "grid ({x}, {y})"),
            GroupLabel::Raw(b) => write!(f, "0x{:08X}", u32::from_le_bytes(*b)),
        }
    }
}

/// A group header, every field kept so that it is written back exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GroupHeader {
    /// Size of the whole group, header included, as stored.
    pub size: u32,
    /// The label as stored; see [`label`](Self::label) for its meaning.
    pub label: [u8; 4],
    /// The group type as stored; see [`kind`](Self::kind).
    pub group_type: i32,
    /// Oblivion: stamp; Skyrim: u16 timestamp + u16 VC info.
    pub stamp: u32,
    /// Skyrim only: u32 unknown.
    pub unknown: u32,
}

impl GroupHeader {
    /// Reads the fields after the `GRUP` signature.
    #[inline]
    pub fn read_after_sig(r: &mut Reader<'_>, game: Game) -> Result<Self> {
        // As for records: one bounds check when the header is whole.
        if r.remaining() >= game.header_len() - 4 {
            let b = r.bytes(game.header_len() - 4, "group header")?;
            let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
            return Ok(GroupHeader {
                size: u32_at(0),
                label: [b[4], b[5], b[6], b[7]],
                group_type: u32_at(8) as i32,
                stamp: u32_at(12),
                unknown: if game == Game::Skyrim { u32_at(16) } else { 0 },
            });
        }
        Self::read_fields(r, game)
    }

    #[cold]
    fn read_fields(r: &mut Reader<'_>, game: Game) -> Result<Self> {
        let size = r.u32("group size")?;
        let label = r.array("group label")?;
        let group_type = r.i32("group type")?;
        let stamp = r.u32("group stamp")?;
        let unknown = match game {
            Game::Oblivion => 0,
            Game::Skyrim => r.u32("group unknown field")?,
        };
        Ok(GroupHeader {
            size,
            label,
            group_type,
            stamp,
            unknown,
        })
    }

    /// Writes the header as stored, in `game`'s layout; the size is written
    /// as it is, not recomputed.
    pub fn write(&self, out: &mut Vec<u8>, game: Game) {
        out.put(&GRUP.0);
        out.put_u32(self.size);
        out.put(&self.label);
        out.put_i32(self.group_type);
        out.put_u32(self.stamp);
        if game == Game::Skyrim {
            out.put_u32(self.unknown);
        }
    }

    /// The kind of group, from its type.
    pub fn kind(&self) -> GroupKind {
        GroupKind::from_type(self.group_type)
    }

    /// The label read according to the group's kind.
    pub fn label(&self) -> GroupLabel {
        use GroupKind::*;
        let l = self.label;
        match self.kind() {
            Top => GroupLabel::Sig(Sig(l)),
            WorldChildren
            | CellChildren
            | TopicChildren
            | CellPersistentChildren
            | CellTemporaryChildren
            | CellVisibleDistantChildren => GroupLabel::Parent(FormId(u32::from_le_bytes(l))),
            InteriorCellBlock | InteriorCellSubBlock => GroupLabel::Block(i32::from_le_bytes(l)),
            ExteriorCellBlock | ExteriorCellSubBlock => GroupLabel::Grid {
                y: i16::from_le_bytes([l[0], l[1]]),
                x: i16::from_le_bytes([l[2], l[3]]),
            },
            Unknown => GroupLabel::Raw(l),
        }
    }
}

/// Tells the game from the file itself: the `TES4` record's first
/// subrecord, `HEDR`, follows a 20-byte header in Oblivion and a 24-byte
/// header in Skyrim.
pub fn detect_game(data: &[u8]) -> Result<Game> {
    if data.starts_with(b"TES4SAVEGAME") {
        return Err(Error::invalid(
            0,
            "this is an Oblivion save game, not a plugin (use the save commands)",
        ));
    }
    if data.len() < 4 || &data[0..4] != b"TES4" {
        let found = Sig(data
            .get(0..4)
            .and_then(|s| s.try_into().ok())
            .unwrap_or([0; 4]));
        return Err(Error::invalid(
            0,
            format!("expected a plugin starting with a TES4 record, found {found}"),
        ));
    }
    if data.get(24..28) == Some(b"HEDR") {
        return Ok(Game::Skyrim);
    }
    if data.get(20..24) == Some(b"HEDR") {
        return Ok(Game::Oblivion);
    }
    if data.len() < 28 {
        // Too short to hold HEDR after either header: say so where it ends,
        // not at an offset the file does not reach.
        return Err(Error::truncated(
            data.len() as u64,
            "file ends inside the TES4 header record",
        ));
    }
    Err(Error::invalid(
        20,
        "cannot tell the game: no HEDR subrecord after a 20- or 24-byte TES4 header (use --game)",
    ))
}
