//! What leveled lists share: chance none, flags, entries.

use super::common::form_of;
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

/// A leveled list's entry fields, naming a record of one of `targets`.
const fn entry_fields(targets: Targets) -> [FieldDef; 5] {
    [
        f("level", U16),
        f("unused", Ty::Bytes(2)),
        f("reference", fid(targets)),
        f_default("count", U16, Default::Int(1)),
        f("unused_2", Ty::Bytes(2)),
    ]
}

static EXTRA_DATA: [FieldDef; 3] = [
    f("owner", fid(&[b"NPC_", b"FACT"])),
    f("global_variable_or_rank", U32),
    f("item_condition", Ty::F32),
];

/// An entry of a list and its extra data.
const fn entry(fields: &'static [FieldDef; 5]) -> [Member; 2] {
    [
        sub(b"LVLO", "entry", Field::Struct(fields)),
        opt(b"COED", "extra_data", Field::Struct(&EXTRA_DATA)),
    ]
}

static ITEM_FIELDS: [FieldDef; 5] = entry_fields(&[
    b"ARMO", b"AMMO", b"APPA", b"MISC", b"WEAP", b"BOOK", b"LVLI", b"KEYM", b"ALCH", b"INGR",
    b"LIGH", b"SLGM", b"SCRL",
]);
static ACTOR_FIELDS: [FieldDef; 5] = entry_fields(&[b"NPC_", b"LVLN"]);
static SPELL_FIELDS: [FieldDef; 5] = entry_fields(&[b"SPEL", b"LVSP"]);

/// Entries of item lists.
pub static ITEM_ENTRY: [Member; 2] = entry(&ITEM_FIELDS);

/// Entries of actor lists.
pub static ACTOR_ENTRY: [Member; 2] = entry(&ACTOR_FIELDS);

/// Entries of spell lists.
pub static SPELL_ENTRY: [Member; 2] = entry(&SPELL_FIELDS);

/// The chance, in percent, that a leveled list gives nothing (LVLD).
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
    form_of(b"LVLG", "use_global", &[b"GLOB"])
}

/// The number of entries that follow (LLCT).
pub const fn entry_count() -> Member {
    opt(b"LLCT", "entry_count", Field::Value(U8)).counts("entries")
}

/// The entries of a list: `entry` is one of [`ITEM_ENTRY`],
/// [`ACTOR_ENTRY`], [`SPELL_ENTRY`].
pub const fn entries(entry: &'static [Member; 2]) -> Member {
    groups("entries", entry)
}
