//! What the property table (`defs::oblivion::save::properties`) gives
//! the reader: declarations by flag, and which stored values fit a layout.

use super::*;

pub use crate::defs::oblivion::save::properties::{flag, Layout, PropertyDecl, PROPERTIES};

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
