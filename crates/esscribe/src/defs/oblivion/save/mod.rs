//! Oblivion save change records, declared: for each change-record type,
//! the parts its data may hold, in stored order, each with the condition
//! that brings it in and its layout. `save` walks these tables to read a
//! record's data into parts; nothing here knows how parts are stored.
//!
//! Facts from the UESP wiki's Oblivion save format pages ("Change
//! Records"): a change record's flags say which parts follow, and the
//! parts always come in one order per record type.

pub mod actor_base;
pub mod cell;
mod compiled;
pub mod faction;
pub mod item;
pub mod properties;
pub mod quest;
pub mod reference;
pub mod shapes;

#[cfg(test)]
mod tests;

use crate::io::FormId;
pub use compiled::{fact_bits, Compiled};

/// The parts a change record's data is made of. `save` keeps each as a
/// typed value of the same name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartKind {
    /// The cell and position a reference started in before changing cells.
    CellChanged,
    /// A reference created in game: its flags, base object and placement.
    Created,
    /// Where a reference was moved to.
    Moved,
    /// A stub actor record's move: the cell only.
    MovedCell,
    /// Where physics moved a reference to.
    HavokMoved,
    /// The Oblivion cell or world holding a reference.
    OblivionCell,
    /// The player's temporary attribute changes.
    TempAttributes,
    /// An actor's flag (0 high, 1 mid high, 2 mid low, 3 low, 0xFF none).
    ActorFlag,
    /// The form's current form flags.
    FormFlags,
    /// Inventory changes.
    Inventory,
    /// The properties section.
    Properties,
    /// A reference's animation block.
    Animation,
    /// A reference's Havok (physics) block.
    Havok,
    /// A reference's scale.
    Scale,
    /// An actor base's eight attributes.
    Attributes,
    /// An actor base's base data (as the plugin's ACBS).
    BaseData,
    /// An actor base's factions and ranks.
    Factions,
    /// An actor base's spells.
    Spells,
    /// An actor base's AI data.
    AiData,
    /// An actor base's base health.
    BaseHealth,
    /// An actor base's actor-value modifiers.
    BaseModifiers,
    /// The name of an actor base or a cell.
    FullName,
    /// An actor base's 21 skills.
    Skills,
    /// An actor base's combat style.
    CombatStyle,
    /// Flags of a cell, quest or faction (one byte).
    ByteFlags,
    /// An exterior cell's world space and grid place.
    Grid,
    /// When a cell was detached.
    DetachTime,
    /// What of a cell the map shows as seen.
    SeenData,
    /// A cell's changed pathgrid points.
    Pathgrid,
    /// A cell's owner.
    Owner,
    /// A quest's stages and their log entries.
    QuestStages,
    /// A quest script's variables.
    ScriptVars,
    /// A faction's reactions to other factions.
    Reactions,
    /// An item's value in gold.
    Value,
    /// The skill a book teaches.
    Teaches,
    /// Bytes of a known place whose layout is not understood.
    Remainder,
    /// The end of the player's reference record: looks, name and class
    /// where they can be found, the rest a remainder.
    PlayerCharacter,
}

/// How a part's bytes are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// One byte.
    U8,
    /// A little-endian u32 (flags, an iref, a value).
    U32,
    /// A little-endian f32.
    F32,
    /// Bytes of a fixed size.
    Bytes(usize),
    /// A cell iref and a position (three f32).
    CellPosition,
    /// A cell iref, a position and a rotation (three f32 each).
    Placement,
    /// u32 flags, the base object's iref, then a placement.
    CreatedPlacement,
    /// Inventory changes: u16 item count, each an iref, an i32 count, a
    /// u32 count of changed entries and their property sets.
    Inventory,
    /// A property set: u16 count, each a flag byte and its value.
    Properties,
    /// A u16 length and that many bytes.
    ShortBlock,
    /// u32 flags, u16 spell points, fatigue, barter gold, i16 level, u16
    /// calc min and max (16 bytes).
    ActorBaseData,
    /// u16 count, each a faction iref and an i8 rank.
    FactionRanks,
    /// u16 count, each an iref.
    Irefs,
    /// u16 count, each an actor value (u8) and an f32.
    ActorValueModifiers,
    /// u8 length and that many bytes of text (no NUL).
    ShortText,
    /// u16 world-space index, i8 grid X, i8 grid Y.
    Grid,
    /// An interior cell's seen data: a 32-byte block, a u16 block count n
    /// (never 0), and 2 + 34 · (n − 1) bytes more.
    InteriorSeenData,
    /// u16 count, then that many u16.
    U16s,
    /// u8 stage count, each stage u8 index, u8 flags, u8 log entry count,
    /// each entry u8 index and 4 bytes.
    QuestStages,
    /// u16 count, each u16 index, u16 type and a value (0x0000: f64,
    /// 0xF000: iref), then a closing u8.
    ScriptVars,
    /// u16 count, each a faction iref and an i32 modifier.
    FactionReactions,
    /// Every byte left, whatever it holds.
    Rest,
    /// Every byte left, split where the player's looks (FaceGen data,
    /// race, hair, eyes, hair length and colour, gender), name (u8 length
    /// counting a NUL) and class iref can be shown to sit: the name is
    /// searched for, as the save header gives it.
    PlayerCharacter,
}

/// What must hold, where the table reaches an entry, for it to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// Always.
    Always,
    /// Any of these flag bits is set (one bit, or several).
    Any(u32),
    /// This flag bit is set and none of `without`: the later of
    /// alternatives that exclude each other.
    Without {
        /// The bit that brings the part in.
        bit: u32,
        /// Bits whose alternative comes first and wins.
        without: u32,
    },
    /// The record is of a placed actor (ACHR, ACRE).
    Actor,
    /// The record is of a placed object (REFR), not an actor.
    NotActor,
    /// The record is the player's reference (form ID 0x14).
    Player,
    /// Exactly this many bytes are left.
    BytesLeft(usize),
    /// The created part read before has this bit of its own flags set.
    CreatedFlag(u32),
    /// Every one of these holds.
    All(&'static [When]),
    /// At least one of these holds.
    Either(&'static [When]),
}

/// What is known of a record where a condition is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facts {
    /// The record's flags.
    pub flags: u32,
    /// The record is of a placed actor.
    pub actor: bool,
    /// The record is the player's reference.
    pub player: bool,
    /// Bytes of the data not read yet.
    pub bytes_left: usize,
    /// Flags of the created part, once read.
    pub created_flags: Option<u32>,
}

impl When {
    /// Whether the condition holds, as declared. Reading asks the
    /// [`Compiled`] form, which answers the same.
    pub fn holds(&self, f: &Facts) -> bool {
        match *self {
            When::Always => true,
            When::Any(bits) => f.flags & bits != 0,
            When::Without { bit, without } => f.flags & bit != 0 && f.flags & without == 0,
            When::Actor => f.actor,
            When::NotActor => !f.actor,
            When::Player => f.player,
            When::BytesLeft(n) => f.bytes_left == n,
            When::CreatedFlag(bit) => f.created_flags.is_some_and(|c| c & bit != 0),
            When::All(all) => all.iter().all(|w| w.holds(f)),
            When::Either(any) => any.iter().any(|w| w.holds(f)),
        }
    }
}

/// One part a record may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartDecl {
    /// Which part.
    pub part: PartKind,
    /// What brings it in.
    pub when: When,
    /// How its bytes are laid out.
    pub layout: Layout,
    /// The part's name in error messages.
    pub label: &'static str,
    /// Errors inside the part are reported as "LABEL at OFFSET" around
    /// the failing field, for parts of several fields.
    pub located: bool,
    /// `when`, compiled.
    pub test: Compiled,
}

/// A part `part`, read when `when` holds, laid out as `layout`; `label`
/// names it in error messages.
pub const fn part(part: PartKind, when: When, layout: Layout, label: &'static str) -> PartDecl {
    PartDecl {
        part,
        when,
        layout,
        label,
        located: false,
        test: Compiled::of(&when),
    }
}

impl PartDecl {
    /// Errors inside the part name the part and where it starts.
    pub const fn located(self) -> PartDecl {
        PartDecl {
            located: true,
            ..self
        }
    }
}

/// A step of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A part, read when its condition holds.
    Part(PartDecl),
    /// When the condition holds where the step is reached, the record is
    /// these parts (each read when its own condition holds) and ends: the
    /// steps after it are not asked.
    Ending {
        /// What makes the record end here.
        when: When,
        /// `when`, compiled.
        test: Compiled,
        /// The parts that end it.
        parts: &'static [PartDecl],
    },
}

impl Step {
    /// The step's condition, compiled.
    pub fn test(&self) -> &Compiled {
        match self {
            Step::Part(p) => &p.test,
            Step::Ending { test, .. } => test,
        }
    }
}

/// A step that ends the record with `parts` when `when` holds.
pub const fn ending(when: When, parts: &'static [PartDecl]) -> Step {
    Step::Ending {
        when,
        test: Compiled::of(&when),
        parts,
    }
}

/// A change-record type's parts, in stored order. Bytes left after the
/// last step are a remainder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChangeTable {
    /// The record types the table is for, as a short name.
    pub name: &'static str,
    /// The steps, in stored order.
    pub steps: &'static [Step],
}

/// Most steps a table may have: the reader sorts them out as the bits of
/// a u64.
pub const MAX_STEPS: usize = 64;

impl ChangeTable {
    /// A table of `steps`, refused when it is built if it has more than
    /// [`MAX_STEPS`].
    pub const fn new(name: &'static str, steps: &'static [Step]) -> ChangeTable {
        if steps.len() > MAX_STEPS {
            panic!("a change-record table has more steps than the reader sorts out");
        }
        ChangeTable { name, steps }
    }

    /// Every part declaration of the table, in order, endings' parts
    /// included.
    pub fn parts(&self) -> impl Iterator<Item = &'static PartDecl> {
        self.steps.iter().flat_map(|s| match s {
            Step::Part(p) => std::slice::from_ref(p),
            Step::Ending { parts, .. } => parts,
        })
    }
}

/// Type code of faction change records.
pub const TYPE_FACT: u8 = 6;
/// Type code of book change records.
pub const TYPE_BOOK: u8 = 21;
/// Type code of NPC change records (the player's base is 0x00000007).
pub const TYPE_NPC: u8 = 35;
/// Type code of creature change records.
pub const TYPE_CREA: u8 = 36;
/// Type code of cell change records.
pub const TYPE_CELL: u8 = 48;
/// Placed object.
pub const TYPE_REFR: u8 = 49;
/// Placed NPC (the player too).
pub const TYPE_ACHR: u8 = 50;
/// Placed creature.
pub const TYPE_ACRE: u8 = 51;
/// Type code of dialogue-topic change records (no data in real saves).
pub const TYPE_DIAL: u8 = 57;
/// Type code of dialogue-response change records (no data in real saves).
pub const TYPE_INFO: u8 = 58;
/// Type code of quest change records.
pub const TYPE_QUST: u8 = 59;
/// Type code of AI package change records (no data in real saves).
pub const TYPE_PACK: u8 = 61;
/// Item types whose records hold form flags and a value (the generic
/// layout): ARMO, CLOT, INGR, MISC, WEAP, SLGM, KEYM.
pub const GENERIC_ITEM_TYPES: &[u8] = &[20, 22, 25, 27, 33, 38, 39];

/// The form ID of the player's reference.
pub const PLAYER_REF: FormId = FormId(0x14);

/// Whether a type code is of a placed actor (ACHR, ACRE).
pub fn is_actor_reference(kind: u8) -> bool {
    kind == TYPE_ACHR || kind == TYPE_ACRE
}

/// Whether a type code is of a placed reference (REFR, ACHR, ACRE).
pub fn is_reference(kind: u8) -> bool {
    kind == TYPE_REFR || is_actor_reference(kind)
}

/// Every other form type keeps its form flags at bit 0 (DIAL, INFO and
/// PACK records hold no data in real saves); anything else is a
/// remainder.
pub static OTHER_FORM: ChangeTable = ChangeTable::new(
    "other forms",
    &[Step::Part(part(
        PartKind::FormFlags,
        When::Any(1 << 0),
        Layout::U32,
        "form flags",
    ))],
);

/// The table a change-record type's data is read by.
pub fn table_for(kind: u8) -> &'static ChangeTable {
    TABLE_BY_TYPE[kind as usize]
}

/// Each type code's table, looked up once per record.
static TABLE_BY_TYPE: [&ChangeTable; 256] = {
    let mut tables: [&ChangeTable; 256] = [&OTHER_FORM; 256];
    tables[TYPE_REFR as usize] = &reference::REFERENCE;
    tables[TYPE_ACHR as usize] = &reference::REFERENCE;
    tables[TYPE_ACRE as usize] = &reference::REFERENCE;
    tables[TYPE_NPC as usize] = &actor_base::ACTOR_BASE;
    tables[TYPE_CREA as usize] = &actor_base::ACTOR_BASE;
    tables[TYPE_CELL as usize] = &cell::CELL;
    tables[TYPE_QUST as usize] = &quest::QUEST;
    tables[TYPE_FACT as usize] = &faction::FACTION;
    tables[TYPE_BOOK as usize] = &item::BOOK;
    let mut i = 0;
    while i < GENERIC_ITEM_TYPES.len() {
        tables[GENERIC_ITEM_TYPES[i] as usize] = &item::ITEM;
        i += 1;
    }
    tables
};
