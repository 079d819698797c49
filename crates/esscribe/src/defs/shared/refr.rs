//! REFR, in both games: a map marker.

use crate::schema::types::*;

/// The map marker flags both games have.
pub static MAP_MARKER_FLAG_BITS: [(u64, &str); 2] = [(0x01, "visible"), (0x02, "can_travel_to")];

/// A map marker: the marker, its flags, its name (as the game stores
/// names) and its type.
pub const fn map_marker(
    flags: &'static FlagsDef,
    name: Field,
    kind: &'static [FieldDef],
) -> [Member; 4] {
    [
        sub(b"XMRK", "marker", Field::Empty),
        opt(b"FNAM", "flags", Field::Value(Ty::Flags(Int::U8, flags))),
        opt(b"FULL", "name", name),
        opt(b"TNAM", "type", Field::Struct(kind)),
    ]
}

/// The enable-parent flags both games have.
pub static ENABLE_PARENT_FLAG_BITS: [(u64, &str); 1] =
    [(0x01, "set_enable_state_opposite_to_parent")];

/// The enable parent (XESP): the reference (of one of the game's placed
/// types) whose enabled state this one follows, and the game's flags.
pub const fn enable_parent(references: Targets, flags: &'static FlagsDef) -> [FieldDef; 3] {
    [
        f("reference", fid(references)),
        f("flags", Ty::Flags(Int::U8, flags)),
        f("unused", Ty::Bytes(3)),
    ]
}

/// Lock flags (XLOC `flags`).
pub static LOCK_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x04, "leveled_lock")],
};

/// What activating a reference does.
pub static ACTION_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "use_default"),
        (0x02, "activate"),
        (0x04, "open"),
        (0x08, "open_by_default"),
    ],
};
