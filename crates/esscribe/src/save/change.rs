//! Change records: what the game changed about a form since the plugins
//! were loaded. Every record has the same 12-byte header (form ID, type
//! code, flags, version, u16 data size); the data of placed references
//! (REFR, ACHR, ACRE) is decoded part by part, in the order the flags
//! select. Decoding never fails a whole save: where it stops, the rest of
//! the record is kept as raw bytes with a note saying why.

use crate::io::{Error, FormId, Reader, Result, WriteLe};
use rayon::prelude::*;
use serde::Serialize;

use super::forms::{
    ActorBaseData, ActorValueModifier, FactionRank, FactionReaction, LooksData, QuestLogEntry,
    QuestStage,
};
use super::inventory::{read_inventory, Inventory, ItemData};
use super::properties::{
    read_set, ConversationEntry, Fixed, PropData, PropertySet, ScriptVar, Seq,
};
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
    /// Position (x, y, z), in game units.
    pub position: [f32; 3],
    /// Rotation (x, y, z), in radians.
    pub rotation: [f32; 3],
}

/// A run of entries of one of a [`Chunk`]'s arrays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Span {
    start: u32,
    len: u32,
}

impl Span {
    /// Spans stay far below 4 GiB: a chunk holds a bounded number of
    /// records of at most 64 KiB each.
    pub(crate) fn new(start: usize, len: usize) -> Self {
        Span {
            start: start as u32,
            len: len as u32,
        }
    }

    pub(crate) fn len(self) -> usize {
        self.len as usize
    }

    pub(crate) fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.start as usize + self.len as usize
    }

    pub(crate) fn of<T>(self, items: &[T]) -> &[T] {
        &items[self.range()]
    }
}

/// A run of change records decoded into flat arrays: record headers,
/// parts, properties, inventory items and the bytes kept as they are.
/// Nested lists are spans of these arrays, so decoding a record allocates
/// nothing of its own and a whole chunk is freed at once.
#[derive(Debug, Clone, Default)]
pub(crate) struct Chunk {
    pub heads: Vec<Head>,
    pub parts: Vec<PartData>,
    pub props: Vec<PropData>,
    /// Property sets of inventory entries (spans of `props`).
    pub sets: Vec<Span>,
    pub items: Vec<ItemData>,
    pub vars: Vec<ScriptVar>,
    pub u32s: Vec<u32>,
    pub pairs: Vec<(u32, u8)>,
    pub blocks61: Vec<Fixed<61>>,
    pub blocks10: Vec<Fixed<10>>,
    pub convs: Vec<ConversationEntry>,
    pub factions: Vec<FactionRank>,
    pub modifiers: Vec<ActorValueModifier>,
    pub looks: Vec<LooksData>,
    pub stages: Vec<QuestStage>,
    pub entries: Vec<QuestLogEntry>,
    pub reactions: Vec<FactionReaction>,
    pub bytes: Vec<u8>,
    pub notes: Vec<String>,
}

impl Chunk {
    pub(crate) fn push_bytes(&mut self, b: &[u8]) -> Span {
        let start = self.bytes.len();
        self.bytes.extend_from_slice(b);
        Span::new(start, b.len())
    }
}

/// A stored change-record header and where its data is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Head {
    pub form_id: FormId,
    pub kind: u8,
    pub version: u8,
    /// The data is decoded into parts (`data` spans `parts`); otherwise
    /// it is kept as bytes (`data` spans `bytes`).
    pub decoded: bool,
    pub flags: u32,
    pub offset: u64,
    pub data: Span,
}

/// A decoded part as the store keeps it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum PartData {
    CellChanged {
        cell: u32,
        position: [f32; 3],
    },
    Created {
        flags: u32,
        base: u32,
        placement: Placement,
    },
    Moved {
        placement: Placement,
    },
    MovedCell {
        cell: u32,
    },
    HavokMoved {
        placement: Placement,
    },
    OblivionCell {
        cell: u32,
    },
    TempAttributes(Span),
    ActorFlag(u8),
    FormFlags(u32),
    Inventory(Span),
    Properties(Span),
    Animation(Span),
    Havok(Span),
    Scale(f32),
    Attributes([u8; 8]),
    BaseData(ActorBaseData),
    Factions(Span),
    Spells(Span),
    AiData([u8; 4]),
    BaseHealth(u32),
    BaseModifiers(Span),
    FullName(Span),
    Skills([u8; 21]),
    CombatStyle(u32),
    PlayerLooks(u32),
    PlayerName(Span),
    PlayerClass(u32),
    ByteFlags(u8),
    Grid {
        world: u16,
        x: i8,
        y: i8,
    },
    DetachTime(u32),
    SeenData(Span),
    Pathgrid(Span),
    Owner(u32),
    QuestStages {
        stages: Span,
        entries: Span,
    },
    ScriptVars {
        vars: Span,
        trailer: u8,
    },
    Reactions(Span),
    Value(u32),
    Teaches(u8),
    Remainder(Span),
    Raw {
        bytes: Span,
        note: u32,
    },
}

/// One decoded part of a reference's change record, in file order.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "part", rename_all = "snake_case")]
pub enum Part<'s> {
    /// The cell and position the reference started in before it changed
    /// cells.
    CellChanged {
        /// The original cell, as an iref.
        cell: u32,
        /// The original position (x, y, z).
        position: [f32; 3],
    },
    /// A reference created in game: flags, base object and placement.
    Created {
        /// Flags of the created reference as stored (bit 0: further data of
        /// unknown layout follows).
        flags: u32,
        /// The base object, as an iref.
        base: u32,
        /// Where it was placed.
        placement: Placement,
    },
    /// Flag 0x4: where the reference was moved to.
    Moved {
        /// Cell, position and rotation.
        placement: Placement,
    },
    /// A stub actor record's move: only the cell iref.
    MovedCell {
        /// The cell, as an iref.
        cell: u32,
    },
    /// Flag 0x8: where physics moved the reference to (when it was neither
    /// created nor moved).
    HavokMoved {
        /// Cell, position and rotation.
        placement: Placement,
    },
    /// A form ID or an iref of the Oblivion cell or world holding it.
    OblivionCell {
        /// The cell or world, as a form ID or an iref.
        cell: u32,
    },
    /// The player's temporary attribute changes (219 f32), kept as bytes
    /// and shown as numbers.
    TempAttributes {
        /// The 876 bytes (219 f32), as stored.
        #[serde(serialize_with = "ser_hex::f32s")]
        bytes: &'s [u8],
    },
    /// Actor flag: 0 high, 1 mid high, 2 mid low, 3 low, 0xFF none.
    ActorFlag {
        /// The byte as stored.
        value: u8,
    },
    /// Flag 0x1: the reference's current form flags.
    FormFlags {
        /// The form flags as stored.
        flags: u32,
    },
    /// Flag 0x8000000: inventory changes.
    Inventory(Inventory<'s>),
    /// The properties section: always for actors, and for REFR records when
    /// a property-bearing flag is set.
    Properties(PropertySet<'s>),
    /// Flag 0x2000000, REFR only: the animation block.
    Animation {
        /// The block's bytes, without its u16 length.
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: &'s [u8],
    },
    /// The Havok (physics) block: with flag 0x8, or flag 0x800 on a REFR.
    Havok {
        /// The block's bytes, without its u16 length.
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: &'s [u8],
    },
    /// Flag 0x10: the reference's scale.
    Scale {
        /// The scale (1.0 is normal size).
        scale: f32,
    },
    /// An actor base's eight attributes, Strength to Luck.
    Attributes {
        /// Base values, one byte each: Strength, Intelligence, Willpower,
        /// Agility, Speed, Endurance, Personality, Luck.
        values: [u8; 8],
    },
    /// An actor base's base data (flags, level, ...).
    BaseData(ActorBaseData),
    /// An actor base's factions and ranks.
    Factions {
        /// Each faction (an iref) with the rank held, in stored order.
        factions: &'s [FactionRank],
    },
    /// An actor base's spells (irefs).
    Spells {
        /// The spells, as irefs, in stored order (the u16 count before
        /// them is not kept).
        spells: &'s [u32],
    },
    /// An actor base's AI data: aggression, confidence, energy,
    /// responsibility.
    AiData {
        /// Aggression, confidence, energy and responsibility, one byte
        /// each.
        values: [u8; 4],
    },
    /// An actor base's base health.
    BaseHealth {
        /// Base health, in points.
        health: u32,
    },
    /// An actor base's actor-value modifiers.
    BaseModifiers {
        /// Each actor value changed, with its modifier, in stored order.
        modifiers: &'s [ActorValueModifier],
    },
    /// The name of an actor base or of a cell.
    FullName {
        /// The name's bytes (Windows-1252), without the u8 length before
        /// them.
        #[serde(serialize_with = "ser_hex::text")]
        name: &'s [u8],
    },
    /// An actor base's 21 skills, Armorer to Speechcraft.
    Skills {
        /// Base values, one byte each, in actor-value order: Armorer,
        /// Athletics, Blade, ... Speechcraft.
        values: [u8; 21],
    },
    /// An actor base's combat style (an iref).
    CombatStyle {
        /// The combat style, as an iref.
        iref: u32,
    },
    /// The player's looks: FaceGen data, race, hair, eyes, hair length
    /// and colour, gender.
    PlayerLooks(PlayerLooks<'s>),
    /// The player's name, as the player's reference record stores it.
    PlayerName {
        /// The name's bytes (Windows-1252), without the length byte before
        /// them and the NUL after them.
        #[serde(serialize_with = "ser_hex::text")]
        name: &'s [u8],
    },
    /// The player's class (an iref).
    PlayerClass {
        /// The class, as an iref.
        class: u32,
    },
    /// Flags of a cell, quest or faction (u8).
    Flags {
        /// The byte as stored.
        flags: u8,
    },
    /// An exterior cell's place: its world space (an index into the
    /// save's world-space list) and grid coordinates.
    Grid {
        /// Index into the world-space list at the end of the save.
        world: u16,
        /// The cell's X on the world's cell grid.
        x: i8,
        /// The cell's Y on the world's cell grid.
        y: i8,
    },
    /// When a cell was detached (game hours).
    DetachTime {
        /// The time the cell was detached, as the game stores it.
        time: u32,
    },
    /// What of a cell the map shows as seen: 16 × 16 bit blocks.
    SeenData {
        /// The data as stored: 32 bytes in an exterior cell; in an
        /// interior, a 32-byte block, a u16 block count n and
        /// 2 + 34 · (n − 1) bytes more.
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: &'s [u8],
    },
    /// A cell's changed pathgrid points (u16 each).
    Pathgrid {
        /// The stored u16 values, two bytes each, without the u16 count
        /// before them.
        #[serde(serialize_with = "ser_hex::u16s")]
        points: &'s [u8],
    },
    /// A cell's owner (an iref).
    Owner {
        /// The owner, as an iref.
        owner: u32,
    },
    /// A quest's stages and their log entries.
    QuestStages {
        /// Every stage the record stores, each with its log entries.
        stages: QuestStages<'s>,
    },
    /// A quest script's variables.
    ScriptVars {
        /// The variables, in stored order (a u16 count is stored before
        /// them).
        vars: &'s [ScriptVar],
        /// The byte that closes the list, as stored.
        trailer: u8,
    },
    /// A faction's reactions to other factions.
    Reactions {
        /// Each other faction (an iref) with the reaction modifier, in
        /// stored order.
        reactions: &'s [FactionReaction],
    },
    /// An item's value in gold.
    Value {
        /// The new value, in gold.
        value: u32,
    },
    /// The skill a book teaches (0xFF once read).
    Teaches {
        /// The skill's actor value code (12 Armorer to 32 Speechcraft), as
        /// in the plugin's BOOK data; 0xFF (none) once the book is read.
        skill: u8,
    },
    /// Trailing data of a known place whose layout is not understood.
    Remainder {
        /// The bytes, as stored.
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: &'s [u8],
    },
    /// Bytes kept as they were because decoding stopped here; `note` says
    /// where and why.
    Raw {
        /// The bytes, as stored.
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: &'s [u8],
        /// Where and why decoding stopped.
        note: &'s str,
    },
}

/// The player's looks, stored before the name in the player's reference
/// record.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PlayerLooks<'s> {
    /// FaceGen data: symmetric geometry (200 bytes), asymmetric geometry
    /// (120) and texture (200).
    #[serde(serialize_with = "ser_hex::bytes")]
    pub face: &'s [u8],
    /// The race, as an iref.
    pub race: u32,
    /// The hair, as an iref.
    pub hair: u32,
    /// The eyes, as an iref.
    pub eyes: u32,
    /// Hair length, as the plugin's NPC_ LNAM holds it.
    pub hair_length: f32,
    /// Red, green, blue.
    pub hair_color: [u8; 3],
    /// The colour's fourth byte, unused as in the plugin's HCLR; kept to
    /// be written back.
    pub unused: u8,
    /// 0 male, 1 female.
    pub gender: u8,
}

/// A quest's stages, each with its log entries.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct QuestStages<'s> {
    /// The stages, in stored order.
    pub stages: &'s [QuestStage],
    /// The log entries of every stage, one after another.
    pub entries: &'s [QuestLogEntry],
}

impl<'s> QuestStages<'s> {
    /// Each stage with its log entries.
    pub fn iter(&self) -> impl Iterator<Item = (QuestStage, &'s [QuestLogEntry])> + 's {
        let entries = self.entries;
        let mut at = 0usize;
        self.stages.iter().map(move |s| {
            let n = s.entry_count as usize;
            let e = entries.get(at..at + n).unwrap_or(&[]);
            at += n;
            (*s, e)
        })
    }
}

impl Serialize for QuestStages<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Stage<'a> {
            stage: u8,
            flags: u8,
            entries: &'a [QuestLogEntry],
        }
        s.collect_seq(self.iter().map(|(st, e)| Stage {
            stage: st.stage,
            flags: st.flags,
            entries: e,
        }))
    }
}

impl Chunk {
    fn part(&self, p: &PartData) -> Part<'_> {
        match *p {
            PartData::CellChanged { cell, position } => Part::CellChanged { cell, position },
            PartData::Created {
                flags,
                base,
                placement,
            } => Part::Created {
                flags,
                base,
                placement,
            },
            PartData::Moved { placement } => Part::Moved { placement },
            PartData::MovedCell { cell } => Part::MovedCell { cell },
            PartData::HavokMoved { placement } => Part::HavokMoved { placement },
            PartData::OblivionCell { cell } => Part::OblivionCell { cell },
            PartData::TempAttributes(s) => Part::TempAttributes {
                bytes: s.of(&self.bytes),
            },
            PartData::ActorFlag(value) => Part::ActorFlag { value },
            PartData::FormFlags(flags) => Part::FormFlags { flags },
            PartData::Inventory(s) => Part::Inventory(Inventory::new(self, s)),
            PartData::Properties(s) => Part::Properties(PropertySet::new(self, s)),
            PartData::Animation(s) => Part::Animation {
                bytes: s.of(&self.bytes),
            },
            PartData::Havok(s) => Part::Havok {
                bytes: s.of(&self.bytes),
            },
            PartData::Scale(scale) => Part::Scale { scale },
            PartData::Attributes(values) => Part::Attributes { values },
            PartData::BaseData(d) => Part::BaseData(d),
            PartData::Factions(s) => Part::Factions {
                factions: s.of(&self.factions),
            },
            PartData::Spells(s) => Part::Spells {
                spells: s.of(&self.u32s),
            },
            PartData::AiData(values) => Part::AiData { values },
            PartData::BaseHealth(health) => Part::BaseHealth { health },
            PartData::BaseModifiers(s) => Part::BaseModifiers {
                modifiers: s.of(&self.modifiers),
            },
            PartData::FullName(s) => Part::FullName {
                name: s.of(&self.bytes),
            },
            PartData::Skills(values) => Part::Skills { values },
            PartData::CombatStyle(iref) => Part::CombatStyle { iref },
            PartData::PlayerLooks(i) => {
                let l = &self.looks[i as usize];
                Part::PlayerLooks(PlayerLooks {
                    face: l.face.of(&self.bytes),
                    race: l.race,
                    hair: l.hair,
                    eyes: l.eyes,
                    hair_length: l.hair_length,
                    hair_color: l.hair_color,
                    unused: l.unused,
                    gender: l.gender,
                })
            }
            PartData::PlayerName(s) => Part::PlayerName {
                name: s.of(&self.bytes),
            },
            PartData::PlayerClass(class) => Part::PlayerClass { class },
            PartData::ByteFlags(flags) => Part::Flags { flags },
            PartData::Grid { world, x, y } => Part::Grid { world, x, y },
            PartData::DetachTime(time) => Part::DetachTime { time },
            PartData::SeenData(s) => Part::SeenData {
                bytes: s.of(&self.bytes),
            },
            PartData::Pathgrid(s) => Part::Pathgrid {
                points: s.of(&self.bytes),
            },
            PartData::Owner(owner) => Part::Owner { owner },
            PartData::QuestStages { stages, entries } => Part::QuestStages {
                stages: QuestStages {
                    stages: stages.of(&self.stages),
                    entries: entries.of(&self.entries),
                },
            },
            PartData::ScriptVars { vars, trailer } => Part::ScriptVars {
                vars: vars.of(&self.vars),
                trailer,
            },
            PartData::Reactions(s) => Part::Reactions {
                reactions: s.of(&self.reactions),
            },
            PartData::Value(value) => Part::Value { value },
            PartData::Teaches(skill) => Part::Teaches { skill },
            PartData::Remainder(s) => Part::Remainder {
                bytes: s.of(&self.bytes),
            },
            PartData::Raw { bytes, note } => Part::Raw {
                bytes: bytes.of(&self.bytes),
                note: &self.notes[note as usize],
            },
        }
    }
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

fn put_short_block(out: &mut Vec<u8>, bytes: &[u8]) {
    out.put_u16(bytes.len() as u16);
    out.put(bytes);
}

impl Part<'_> {
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
                put_placement(out, placement);
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
            Part::Animation { bytes } | Part::Havok { bytes } => put_short_block(out, bytes),
            Part::Scale { scale } => out.put_f32(*scale),
            Part::Attributes { values } => out.put(values),
            Part::BaseData(d) => {
                out.put_u32(d.flags);
                out.put_u16(d.spell_points);
                out.put_u16(d.fatigue);
                out.put_u16(d.barter_gold);
                out.put_u16(d.level as u16);
                out.put_u16(d.calc_min);
                out.put_u16(d.calc_max);
            }
            Part::Factions { factions } => {
                out.put_u16(factions.len() as u16);
                for f in *factions {
                    out.put_u32(f.faction);
                    out.put_u8(f.rank as u8);
                }
            }
            Part::Spells { spells } => {
                out.put_u16(spells.len() as u16);
                for s in *spells {
                    out.put_u32(*s);
                }
            }
            Part::AiData { values } => out.put(values),
            Part::BaseHealth { health } => out.put_u32(*health),
            Part::BaseModifiers { modifiers } => {
                out.put_u16(modifiers.len() as u16);
                for m in *modifiers {
                    out.put_u8(m.actor_value);
                    out.put_f32(m.value);
                }
            }
            Part::FullName { name } => {
                out.put_u8(name.len() as u8);
                out.put(name);
            }
            Part::Skills { values } => out.put(values),
            Part::CombatStyle { iref } | Part::PlayerClass { class: iref } => out.put_u32(*iref),
            Part::PlayerLooks(l) => {
                out.put(l.face);
                out.put_u32(l.race);
                out.put_u32(l.hair);
                out.put_u32(l.eyes);
                out.put_f32(l.hair_length);
                out.put(&l.hair_color);
                out.put_u8(l.unused);
                out.put_u8(l.gender);
            }
            Part::Flags { flags } => out.put_u8(*flags),
            Part::Teaches { skill } => out.put_u8(*skill),
            Part::SeenData { bytes } => out.put(bytes),
            Part::Grid { world, x, y } => {
                out.put_u16(*world);
                out.put_u8(*x as u8);
                out.put_u8(*y as u8);
            }
            Part::DetachTime { time: v } | Part::Owner { owner: v } | Part::Value { value: v } => {
                out.put_u32(*v)
            }
            Part::Pathgrid { points } => {
                out.put_u16((points.len() / 2) as u16);
                out.put(points);
            }
            Part::QuestStages { stages: q } => {
                out.put_u8(q.stages.len() as u8);
                for (st, entries) in q.iter() {
                    out.put_u8(st.stage);
                    out.put_u8(st.flags);
                    out.put_u8(st.entry_count);
                    for e in entries {
                        out.put_u8(e.index);
                        out.put(&e.data);
                    }
                }
            }
            Part::ScriptVars { vars, trailer } => {
                out.put_u16(vars.len() as u16);
                for v in *vars {
                    out.put_u16(v.index);
                    out.put_u16(v.var_type);
                    match v.value {
                        super::properties::VarValue::Number(x) => out.put(&x.to_le_bytes()),
                        super::properties::VarValue::Reference(x) => out.put_u32(x),
                    }
                }
                out.put_u8(*trailer);
            }
            Part::Reactions { reactions } => {
                out.put_u16(reactions.len() as u16);
                for r in *reactions {
                    out.put_u32(r.faction);
                    out.put_i32(r.modifier);
                }
            }
            Part::PlayerName { name } => {
                out.put_u8(name.len() as u8 + 1);
                out.put(name);
                out.put_u8(0);
            }
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
        for s in stored {
            let head = c.decode_record(s, player_name);
            c.heads.push(head);
        }
        c
    }

    fn decode_record(&mut self, s: &StoredChange<'_>, player_name: &[u8]) -> Head {
        let decoded = is_decoded_type(s.kind);
        let data = if decoded {
            let start = self.parts.len();
            self.decode_reference(s, player_name);
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

    /// Reads the parts of a REFR/ACHR/ACRE record's data; never fails. The
    /// first part that cannot be read turns the rest into a raw part.
    fn decode_reference(&mut self, s: &StoredChange<'_>, player_name: &[u8]) {
        let mut r = Reader::new(s.data, s.data_offset);
        let mut done = 0;
        let found = match s.kind {
            TYPE_REFR | TYPE_ACHR | TYPE_ACRE => {
                self.decode_parts(s.form_id, s.kind, s.flags, &mut r, &mut done, player_name)
            }
            _ => self.decode_form(s.kind, s.flags, &mut r, &mut done),
        };
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

    /// Reads the parts of a record of a form type (not a reference).
    fn decode_form(
        &mut self,
        kind: u8,
        flags: u32,
        r: &mut Reader<'_>,
        done: &mut usize,
    ) -> Result<()> {
        match kind {
            super::forms::TYPE_NPC | super::forms::TYPE_CREA => {
                self.decode_actor_base(flags, r, done)
            }
            super::forms::TYPE_CELL => self.decode_cell(flags, r, done),
            super::forms::TYPE_QUST => self.decode_quest(flags, r, done),
            super::forms::TYPE_FACT => self.decode_faction(flags, r, done),
            super::forms::TYPE_BOOK => self.decode_item(true, flags, r, done),
            k if super::forms::GENERIC_ITEM_TYPES.contains(&k) => {
                self.decode_item(false, flags, r, done)
            }
            // Other types: the form flags every type keeps at bit 0 (DIAL,
            // INFO and PACK records hold no data in real saves); anything
            // else stays a remainder.
            _ => {
                if flags & bits::FORM_FLAGS != 0 {
                    let v = r.u32("form flags")?;
                    self.parts.push(PartData::FormFlags(v));
                    *done = r.position();
                }
                Ok(())
            }
        }
    }

    fn decode_parts(
        &mut self,
        form_id: FormId,
        kind: u8,
        flags: u32,
        r: &mut Reader<'_>,
        done: &mut usize,
        player_name: &[u8],
    ) -> Result<()> {
        let actor = kind == TYPE_ACHR || kind == TYPE_ACRE;
        let has = |b: u32| flags & b != 0;
        let mut push = |c: &mut Chunk, r: &Reader<'_>, p: PartData| {
            c.parts.push(p);
            *done = r.position();
        };
        if has(bits::CELL_CHANGED) {
            let o = r.offset();
            let ctx = |e: Error| e.within(format!("cell changed at 0x{o:X}"));
            let cell = r.u32("cell iref").map_err(ctx)?;
            let position = read_f3(r, "position").map_err(ctx)?;
            push(self, r, PartData::CellChanged { cell, position });
        }
        if actor && has(bits::MOVED) && r.remaining() == 5 {
            // A stub actor record: only the cell of the move and the actor
            // flag, whatever else the flags announce.
            let cell = r.u32("moved cell iref")?;
            push(self, r, PartData::MovedCell { cell });
            let value = r.u8("actor flag")?;
            push(self, r, PartData::ActorFlag(value));
            return Ok(());
        }
        if has(bits::CREATED) {
            let o = r.offset();
            let ctx = |e: Error| e.within(format!("created at 0x{o:X}"));
            let flags = r.u32("created flags").map_err(ctx)?;
            let base = r.u32("base iref").map_err(ctx)?;
            let placement = read_placement(r).map_err(ctx)?;
            push(
                self,
                r,
                PartData::Created {
                    flags,
                    base,
                    placement,
                },
            );
            if flags & 1 != 0 && !actor {
                // Created references with bit 0 set carry further data whose
                // layout is not known; it sits before anything else.
                if !r.is_empty() {
                    let bytes = self.push_bytes(r.rest());
                    push(self, r, PartData::Remainder(bytes));
                }
                return Ok(());
            }
        } else if has(bits::MOVED) {
            let o = r.offset();
            let placement = read_placement(r).map_err(|e| e.within(format!("moved at 0x{o:X}")))?;
            push(self, r, PartData::Moved { placement });
        } else if has(bits::HAVOK_MOVED) {
            let o = r.offset();
            let placement =
                read_placement(r).map_err(|e| e.within(format!("havok-moved at 0x{o:X}")))?;
            push(self, r, PartData::HavokMoved { placement });
        } else if has(bits::OBLIVION_CELL) {
            let cell = r.u32("oblivion cell")?;
            push(self, r, PartData::OblivionCell { cell });
        }
        if actor {
            if form_id == PLAYER_REF {
                let b = r.bytes(TEMP_ATTRIBUTES_LEN, "temporary attribute changes")?;
                let bytes = self.push_bytes(b);
                push(self, r, PartData::TempAttributes(bytes));
            }
            let value = r.u8("actor flag")?;
            push(self, r, PartData::ActorFlag(value));
        }
        if has(bits::FORM_FLAGS) {
            let flags = r.u32("form flags")?;
            push(self, r, PartData::FormFlags(flags));
        }
        if has(bits::INVENTORY) {
            let o = r.offset();
            let inv =
                read_inventory(r, self).map_err(|e| e.within(format!("inventory at 0x{o:X}")))?;
            push(self, r, PartData::Inventory(inv));
        }
        if actor || has(bits::REFR_PROPERTIES) {
            let o = r.offset();
            let set = read_set(r, self).map_err(|e| e.within(format!("properties at 0x{o:X}")))?;
            push(self, r, PartData::Properties(set));
        }
        if !actor && has(bits::ANIMATION) {
            let n = r.u16("animation block")? as usize;
            let bytes = self.push_bytes(r.bytes(n, "animation block")?);
            push(self, r, PartData::Animation(bytes));
        }
        if has(bits::HAVOK_MOVED) || (!actor && has(bits::HAVOK_EXTRA)) {
            let n = r.u16("havok block")? as usize;
            let bytes = self.push_bytes(r.bytes(n, "havok block")?);
            push(self, r, PartData::Havok(bytes));
        }
        if has(bits::SCALE) {
            let scale = r.f32("scale")?;
            push(self, r, PartData::Scale(scale));
        }
        if !r.is_empty() {
            let rest = r.rest();
            if form_id == PLAYER_REF && actor {
                self.split_player_remainder(rest, player_name);
            } else {
                let bytes = self.push_bytes(rest);
                self.parts.push(PartData::Remainder(bytes));
            }
            *done = r.position();
        }
        Ok(())
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

    /// The store and header of the record at an index, for edits.
    pub(crate) fn slot_mut(&mut self, index: usize) -> Option<(&mut Chunk, Head)> {
        let chunk = self.chunks.get_mut(index / CHUNK_RECORDS)?;
        let head = *chunk.heads.get(index % CHUNK_RECORDS)?;
        Some((chunk, head))
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
