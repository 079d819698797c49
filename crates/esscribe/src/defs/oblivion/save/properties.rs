//! Properties of a save's change records (inventory entries, references,
//! actors): each is a flag byte and a value whose layout the flag decides.
//!
//! Facts from the UESP wiki's Oblivion save format pages ("Properties"),
//! with the layouts of unnamed flags as real saves confirm them.

use crate::schema::types::{f, FieldDef, Int, Match, SelectDef, Ty};

/// Property flags with a commonly used name.
pub mod flag {
    /// Script state: the script's iref and its variables.
    pub const SCRIPT: u8 = 0x12;
    /// The item is equipped (no value).
    pub const EQUIPPED: u8 = 0x1b;
    /// The item is equipped in the left hand / as a second item (no value).
    pub const EQUIPPED_LEFT: u8 = 0x1c;
    /// Owner iref.
    pub const OWNER: u8 = 0x27;
    /// How many items of the stack a changed entry applies to.
    pub const AFFECTED_COUNT: u8 = 0x2a;
    /// Item health (f32).
    pub const HEALTH: u8 = 0x2b;
    /// Time left on a light source (f32).
    pub const TIME_LEFT: u8 = 0x2d;
    /// Enchantment charge left (f32).
    pub const CHARGE: u8 = 0x2e;
    /// Soul held by a soul gem (u8).
    pub const SOUL: u8 = 0x2f;
    /// Lock level, key and lock flags.
    pub const LOCK: u8 = 0x31;
    /// Teleport destination of a door.
    pub const TELEPORT: u8 = 0x32;
    /// Scale of an inventory item (f32).
    pub const SCALE: u8 = 0x37;
    /// Crime gold of an actor.
    pub const CRIME_GOLD: u8 = 0x3d;
    /// Animation name string.
    pub const ANIMATION: u8 = 0x4a;
    /// Movement extra data (copies of animation and havok blocks).
    pub const MOVEMENT_EXTRA: u8 = 0x4b;
    /// Investment gold of a merchant.
    pub const INVESTMENT_GOLD: u8 = 0x52;
}

/// How a property's value is laid out after its flag byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// No value: the flag's presence is the whole message.
    Empty,
    /// One byte (soul, and unnamed flags).
    U8,
    /// A u16 (affected count).
    U16,
    /// A u32 (investment gold, and unnamed flags).
    U32,
    /// An iref (or a created form ID).
    Iref,
    /// An f32 (health, time left, charge, scale, crime gold, ...).
    F32,
    /// Script iref, u16 variable count, variables, a closing u8.
    Script,
    /// u8 level, key iref, u8 flags.
    Lock,
    /// Position, rotation, door iref.
    Teleport,
    /// Door iref, position.
    DoorPosition,
    /// Cell iref, position, u32 flags.
    CellPosition,
    /// u16 count of (iref, u8).
    IrefBytes,
    /// u16 count of irefs.
    Irefs,
    /// An iref and a u16 count of 61-byte blocks.
    IrefBlocks,
    /// u16 count of 10-byte blocks.
    Blocks10,
    /// u8-length string without NUL.
    Text,
    /// u16 lead value, then two u16-length blocks.
    MovementExtra,
    /// u8-length topic, a byte, a u8 count of 13-byte entries.
    Conversation,
    /// Bytes of a fixed size whose meaning is not known (4, 5, 12, 14 or
    /// 63).
    Fixed(usize),
}

/// A property flag's declaration: its short name, where its meaning is
/// known, and its value's layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PropertyDecl {
    /// The flag byte that tags the property.
    pub flag: u8,
    /// Short name (`script`, `lock`, ...); `None` when the flag's
    /// meaning is not known.
    pub name: Option<&'static str>,
    /// How the value after the flag byte is laid out.
    pub layout: Layout,
}

const fn decl(flag: u8, name: Option<&'static str>, layout: Layout) -> PropertyDecl {
    PropertyDecl { flag, name, layout }
}

/// Every property flag whose layout real saves confirm, one line each:
/// reading, writing, names and the JSON form all follow from it.
pub const PROPERTIES: &[PropertyDecl] = &[
    decl(0x11, None, Layout::U32),
    decl(0x12, Some("script"), Layout::Script),
    decl(0x1b, Some("equipped"), Layout::Empty),
    decl(0x1c, Some("equipped-left"), Layout::Empty),
    decl(0x1e, None, Layout::CellPosition),
    decl(0x1f, None, Layout::Fixed(14)),
    decl(0x20, Some("trespass"), Layout::Fixed(63)),
    decl(0x21, None, Layout::IrefBytes),
    decl(0x22, None, Layout::U32),
    decl(0x23, None, Layout::Irefs),
    decl(0x25, None, Layout::Empty),
    decl(0x27, Some("owner"), Layout::Iref),
    decl(0x28, None, Layout::U32),
    decl(0x29, None, Layout::U32),
    decl(0x2a, Some("affected-count"), Layout::U16),
    decl(0x2b, Some("health"), Layout::F32),
    decl(0x2c, None, Layout::U8),
    decl(0x2d, Some("time-left"), Layout::F32),
    decl(0x2e, Some("charge"), Layout::F32),
    decl(0x2f, Some("soul"), Layout::U8),
    decl(0x31, Some("lock"), Layout::Lock),
    decl(0x32, Some("teleport"), Layout::Teleport),
    decl(0x33, None, Layout::U8),
    decl(0x35, Some("leveled-creature"), Layout::Empty),
    decl(0x36, None, Layout::Fixed(5)),
    decl(0x37, Some("scale"), Layout::F32),
    decl(0x39, None, Layout::Fixed(12)),
    decl(0x3a, None, Layout::IrefBlocks),
    decl(0x3c, None, Layout::U32),
    decl(0x3d, Some("crime-gold"), Layout::F32),
    decl(0x3e, Some("oblivion-entry"), Layout::DoorPosition),
    decl(0x41, None, Layout::F32),
    decl(0x47, None, Layout::Empty),
    decl(0x48, None, Layout::U32),
    decl(0x4a, Some("animation"), Layout::Text),
    decl(0x4b, Some("movement-extra"), Layout::MovementExtra),
    decl(0x4e, None, Layout::Blocks10),
    decl(0x4f, None, Layout::Fixed(4)),
    decl(0x50, None, Layout::Empty),
    decl(0x52, Some("investment-gold"), Layout::U32),
    decl(0x53, None, Layout::U32),
    decl(0x55, None, Layout::U8),
    decl(0x59, None, Layout::Conversation),
    decl(0x5a, None, Layout::U8),
    decl(0x5c, None, Layout::F32),
];

/// A layout no value has: the value of a flag whose layout is not known
/// cannot be read (no data holds `usize::MAX` bytes) nor written (no hex
/// is that long), so nothing after it is guessed at.
pub const UNKNOWN: Ty = Ty::Bytes(usize::MAX);

const U8: Ty = Ty::Int(Int::U8);
const U16: Ty = Ty::Int(Int::U16);
const U32: Ty = Ty::Int(Int::U32);
const IREF: Ty = Ty::Iref;

/// A position or a rotation: three f32.
pub const XYZ: Ty = Ty::Struct(&[f("x", Ty::F32), f("y", Ty::F32), f("z", Ty::F32)]);

/// A script's variables: u16 count, each u16 index, u16 type and a value
/// the type decides (0x0000: f64, 0xF000: iref).
pub const SCRIPT_VARS: Ty = Ty::List(
    Int::U16,
    &[
        f("index", U16),
        f("type", U16),
        f(
            "value",
            Ty::Select(&SelectDef {
                field: "type",
                cases: &[(Match::Is(0x0000), Ty::F64), (Match::Is(0xF000), IREF)],
                default: UNKNOWN,
            }),
        ),
    ],
);

const SCRIPT: Ty = Ty::Struct(&[f("script", IREF), f("vars", SCRIPT_VARS), f("trailer", U8)]);
const LOCK: Ty = Ty::Struct(&[f("level", U8), f("key", IREF), f("flags", U8)]);
const TELEPORT: Ty = Ty::Struct(&[f("position", XYZ), f("rotation", XYZ), f("door", IREF)]);
const DOOR_POSITION: Ty = Ty::Struct(&[f("door", IREF), f("position", XYZ)]);
const CELL_POSITION: Ty = Ty::Struct(&[f("cell", IREF), f("position", XYZ), f("flags", U32)]);
const IREF_BYTES: Ty = Ty::List(Int::U16, &[f("iref", IREF), f("byte", U8)]);
const IREFS: Ty = Ty::List(Int::U16, &[f("iref", IREF)]);
const IREF_BLOCKS: Ty = Ty::Struct(&[
    f("iref", IREF),
    f("blocks", Ty::List(Int::U16, &[f("block", Ty::Bytes(61))])),
]);
const BLOCKS10: Ty = Ty::List(Int::U16, &[f("block", Ty::Bytes(10))]);
const MOVEMENT_EXTRA: Ty = Ty::Struct(&[
    f("lead", U16),
    f("animation", Ty::Block(Int::U16)),
    f("havok", Ty::Block(Int::U16)),
]);
const CONVERSATION: Ty = Ty::Struct(&[
    f("topic", Ty::BString),
    f("unknown", U8),
    f(
        "entries",
        Ty::List(
            Int::U8,
            &[
                f("index", U8),
                f("quest", IREF),
                f("dialogue", IREF),
                f("info", IREF),
            ],
        ),
    ),
]);

impl Layout {
    /// The layout as a schema type: how a property's `value` is shown,
    /// read and written in the record model.
    pub const fn shape(self) -> Ty {
        match self {
            Layout::Empty => Ty::Struct(&[]),
            Layout::U8 => U8,
            Layout::U16 => U16,
            Layout::U32 => U32,
            Layout::Iref => IREF,
            Layout::F32 => Ty::F32,
            Layout::Script => SCRIPT,
            Layout::Lock => LOCK,
            Layout::Teleport => TELEPORT,
            Layout::DoorPosition => DOOR_POSITION,
            Layout::CellPosition => CELL_POSITION,
            Layout::IrefBytes => IREF_BYTES,
            Layout::Irefs => IREFS,
            Layout::IrefBlocks => IREF_BLOCKS,
            Layout::Blocks10 => BLOCKS10,
            Layout::Text => Ty::BString,
            Layout::MovementExtra => MOVEMENT_EXTRA,
            Layout::Conversation => CONVERSATION,
            Layout::Fixed(n) => Ty::Bytes(n),
        }
    }
}

/// One case per declared flag: the flag's value and its layout's shape.
const VALUE_CASES: [(Match, Ty); PROPERTIES.len()] = {
    let mut cases = [(Match::Is(-1), UNKNOWN); PROPERTIES.len()];
    let mut i = 0;
    while i < PROPERTIES.len() {
        cases[i] = (
            Match::Is(PROPERTIES[i].flag as i64),
            PROPERTIES[i].layout.shape(),
        );
        i += 1;
    }
    cases
};

/// A property: its flag, then the value the flag's layout gives
/// ([`PROPERTIES`], line for line).
pub const PROPERTY: &[FieldDef] = &[
    f("flag", U8),
    f(
        "value",
        Ty::Select(&SelectDef {
            field: "flag",
            cases: &VALUE_CASES,
            default: UNKNOWN,
        }),
    ),
];

/// A property set: u16 count, then the properties.
pub const PROPERTY_SET: Ty = Ty::List(Int::U16, PROPERTY);
