//! What leveled lists share: chance none, flags, entries.

use super::common::form;
use crate::schema::types::*;

/// Leveled list flags (LVLF), shared by leveled NPCs, items and spells.
pub static LEVELED_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "calculate_from_all_levels"),
        (0x02, "calculate_for_each_item_in_count"),
        (0x04, "use_all"),
        (0x08, "special_loot"),
    ],
};

static ENTRY: [Member; 2] = [
    sub(
        b"LVLO",
        "entry",
        Field::Struct(&[
            f("level", U16),
            f("unused", Ty::Bytes(2)),
            f("reference", Ty::FormId),
            f_default("count", U16, Default::Int(1)),
            f("unused_2", Ty::Bytes(2)),
        ]),
    ),
    opt(
        b"COED",
        "extra_data",
        Field::Struct(&[
            f("owner", Ty::FormId),
            f("global_variable_or_rank", U32),
            f("item_condition", Ty::F32),
        ]),
    ),
];

/// Chance in percent that the list yields nothing (LVLD).
pub const fn chance_none() -> Member {
    opt(b"LVLD", "chance_none", Field::Value(U8))
}

/// Maximum count (LVLM).
pub const fn max_count() -> Member {
    opt(b"LVLM", "max_count", Field::Value(U8))
}

/// Leveled list flags (LVLF); see [`LEVELED_FLAGS`].
pub const fn flags() -> Member {
    opt(
        b"LVLF",
        "flags",
        Field::Value(Ty::Flags(Int::U8, &LEVELED_FLAGS)),
    )
}

/// The global variable that gives the chance none, when used (LVLG).
pub const fn use_global() -> Member {
    form(b"LVLG", "use_global")
}

/// The number of entries that follow (LLCT).
pub const fn entry_count() -> Member {
    opt(b"LLCT", "entry_count", Field::Value(U8))
}

/// The list's entries (LVLO with optional COED).
pub const fn entries() -> Member {
    groups("entries", &ENTRY)
}
