//! The store change records are decoded into: a chunk of records at a
//! time, its parts, properties, inventory items and the bytes kept as they
//! are held in flat arrays, nested lists being spans of them. The decoders
//! (`table`, `forms`, `inventory`, `properties`) fill it and the views
//! read it; it depends on none of them.

use crate::io::FormId;
use serde::Serialize;

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

impl Span {
    /// Spans stay far below 4 GiB: a chunk holds a bounded number of
    /// records of at most 64 KiB each.
    pub(crate) fn new(start: usize, len: usize) -> Self {
        Span {
            start: start as u32,
            len: len as u32,
        }
    }

    pub(crate) fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.start as usize + self.len as usize
    }

    pub(crate) fn of<T>(self, items: &[T]) -> &[T] {
        &items[self.range()]
    }
}

impl Chunk {
    pub(crate) fn push_bytes(&mut self, b: &[u8]) -> Span {
        let start = self.bytes.len();
        self.bytes.extend_from_slice(b);
        Span::new(start, b.len())
    }
}

/// An actor's base data, as the plugin's ACBS subrecord holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ActorBaseData {
    /// ACBS flags: for NPC_ 0x1 female, 0x2 essential, 0x8 respawn, 0x10
    /// auto-calculated stats, 0x80 PC level offset, ...; creatures have
    /// their own set.
    pub flags: u32,
    /// Base spell points (magicka).
    pub spell_points: u16,
    /// Base fatigue.
    pub fatigue: u16,
    /// Gold the actor has for bartering.
    pub barter_gold: u16,
    /// The level, or the offset from the player's level when the
    /// "PC level offset" flag (0x80) is set.
    pub level: i16,
    /// Lowest level the level offset may give.
    pub calc_min: u16,
    /// Highest level the level offset may give.
    pub calc_max: u16,
}

/// A faction an actor belongs to, and the rank held (-1: expelled or not
/// yet a member).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FactionRank {
    /// Iref of the faction.
    pub faction: u32,
    /// The rank held, from 0; -1 when expelled or not yet a member.
    pub rank: i8,
}

/// A change to an actor value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ActorValueModifier {
    /// Actor value code (see [`actor_value_name`](super::forms::actor_value_name)).
    pub actor_value: u8,
    /// The amount added to the actor value's base.
    pub value: f32,
}

/// The player's looks, read before the name at the end of the player's
/// reference record: FaceGen data, race, hair, eyes, hair length and
/// colour, gender.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LooksData {
    pub face: Span,
    pub race: u32,
    pub hair: u32,
    pub eyes: u32,
    pub hair_length: f32,
    pub hair_color: [u8; 3],
    pub unused: u8,
    pub gender: u8,
}

/// A faction's reaction to another faction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FactionReaction {
    /// Iref of the other faction.
    pub faction: u32,
    /// Disposition modifier toward the other faction's members, as the
    /// plugin's XNAM holds it (negative: disliked).
    pub modifier: i32,
}

/// A quest stage as a save records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct QuestStage {
    /// The stage's index (10, 20, ...).
    pub stage: u8,
    /// Stage flags: 1 where the stage has been set.
    pub flags: u8,
    /// How many log entries follow.
    pub entry_count: u8,
}

/// A log entry of a quest stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct QuestLogEntry {
    /// The entry's number; reported to count on across the quest's
    /// stages rather than restart at 0 in each.
    pub index: u8,
    /// Four bytes, zero while the stage is not set; their meaning is not
    /// confirmed.
    #[serde(serialize_with = "super::ser_hex::bytes")]
    pub data: [u8; 4],
}

/// One stored inventory entry: its changed entries are a span of the
/// store's property-set spans.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct ItemData {
    pub iref: u32,
    pub count: i32,
    pub sets: Span,
}

/// A script variable's value: type 0x0000 holds an f64, type 0xF000 an
/// iref to a reference.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum VarValue {
    /// Type 0x0000: a number (every numeric script variable is an f64 here).
    Number(f64),
    /// Type 0xF000: an iref to a reference.
    Reference(u32),
}

/// One script variable.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ScriptVar {
    /// The variable's index in its script.
    pub index: u16,
    /// Stored type code (0x0000 number, 0xF000 reference).
    pub var_type: u16,
    /// The value, as its type says.
    pub value: VarValue,
}

/// One conversation entry of property 0x59.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ConversationEntry {
    /// The entry's index.
    pub index: u8,
    /// The quest, as an iref.
    pub quest: u32,
    /// The dialogue topic, as an iref.
    pub dialogue: u32,
    /// The dialogue response, as an iref.
    pub info: u32,
}

/// Bytes of a fixed size, kept inline and shown as hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fixed<const N: usize>(pub [u8; N]);

/// A property value as the decoded store keeps it: lists and bytes are
/// spans of the store's arrays.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Value {
    Empty,
    U8(u8),
    U16(u16),
    U32(u32),
    Iref(u32),
    F32(f32),
    Script {
        script: u32,
        vars: Span,
        trailer: u8,
    },
    Lock {
        level: u8,
        key: u32,
        flags: u8,
    },
    Teleport {
        position: [f32; 3],
        rotation: [f32; 3],
        door: u32,
    },
    DoorPosition {
        door: u32,
        position: [f32; 3],
    },
    CellPosition {
        cell: u32,
        position: [f32; 3],
        flags: u32,
    },
    IrefBytes(Span),
    Irefs(Span),
    IrefBlocks {
        iref: u32,
        blocks: Span,
    },
    Blocks10(Span),
    Text(Span),
    MovementExtra {
        lead: u16,
        animation: Span,
        havok: Span,
    },
    Conversation {
        topic: Span,
        unknown: u8,
        entries: Span,
    },
    /// Fixed-size bytes (4, 5, 12, 14 or 63 of them).
    Fixed(Span),
}

/// One stored property.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct PropData {
    pub flag: u8,
    pub value: Value,
}
