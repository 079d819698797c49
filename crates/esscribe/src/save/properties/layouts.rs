//! The table of property flags: for each, its name where it has one and
//! the layout of its value.

use super::*;

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

pub(super) const fn decl(flag: u8, name: Option<&'static str>, layout: Layout) -> PropertyDecl {
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

impl Layout {
    /// Whether a value has this layout.
    pub fn fits(self, v: &PropertyValue<'_>) -> bool {
        use PropertyValue as V;
        match (self, v) {
            (Layout::Fixed(n), V::Bytes4 { .. }) => n == 4,
            (Layout::Fixed(n), V::Bytes5 { .. }) => n == 5,
            (Layout::Fixed(n), V::Bytes12 { .. }) => n == 12,
            (Layout::Fixed(n), V::Bytes14 { .. }) => n == 14,
            (Layout::Fixed(n), V::Bytes63 { .. }) => n == 63,
            (Layout::Fixed(n), V::Bytes { bytes }) => n == bytes.len(),
            (Layout::Empty, V::Empty)
            | (Layout::U8, V::U8 { .. })
            | (Layout::U16, V::U16 { .. })
            | (Layout::U32, V::U32 { .. })
            | (Layout::Iref, V::Iref { .. })
            | (Layout::F32, V::F32 { .. })
            | (Layout::Script, V::Script { .. })
            | (Layout::Lock, V::Lock { .. })
            | (Layout::Teleport, V::Teleport { .. })
            | (Layout::DoorPosition, V::DoorPosition { .. })
            | (Layout::CellPosition, V::CellPosition { .. })
            | (Layout::IrefBytes, V::IrefBytes { .. })
            | (Layout::Irefs, V::Irefs { .. })
            | (Layout::IrefBlocks, V::IrefBlocks { .. })
            | (Layout::Blocks10, V::Blocks10 { .. })
            | (Layout::Text, V::Text { .. })
            | (Layout::MovementExtra, V::MovementExtra { .. })
            | (Layout::Conversation, V::Conversation { .. }) => true,
            _ => false,
        }
    }
}

/// The declarations indexed by flag, built from [`PROPERTIES`] at compile
/// time.
pub(super) const BY_FLAG: [Option<PropertyDecl>; 256] = {
    let mut t = [None; 256];
    let mut i = 0;
    while i < PROPERTIES.len() {
        t[PROPERTIES[i].flag as usize] = Some(PROPERTIES[i]);
        i += 1;
    }
    t
};

/// The declaration of a property flag, if its layout is known.
pub fn declaration(flag: u8) -> Option<PropertyDecl> {
    BY_FLAG[flag as usize]
}

/// A short name for a property flag, where its meaning is known; others
/// are shown by number.
pub fn flag_name(f: u8) -> Option<&'static str> {
    declaration(f)?.name
}
