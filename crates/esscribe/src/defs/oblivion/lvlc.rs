//! LVLC: a leveled creature list.

use super::common::{editor_id, form_of, script};
use crate::io::Sig;
use crate::schema::types::*;

/// Leveled list flags (LVLF), shared by leveled creatures, items and spells.
pub static LEVELED_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "calculate_from_all_levels"),
        (0x02, "calculate_for_each_item"),
        (0x04, "use_all"),
    ],
};

/// A leveled list's entry, naming a record of one of `targets`.
pub const fn leveled_entry(targets: Targets) -> [FieldDef; 5] {
    [
        f("level", I16),
        f("unused", Ty::Bytes(2)),
        f("reference", fid(targets)),
        f_default("count", I16, Default::Int(1)),
        f("unused_2", Ty::Bytes(2)),
    ]
}

/// What every leveled list declares first: editor ID, chance none, flags
/// and the entries, each an `entry`.
pub const fn leveled_list(entry: &'static [FieldDef; 5]) -> [Member; 4] {
    [
        editor_id(),
        opt(b"LVLD", "chance_none", Field::Value(U8)),
        opt(
            b"LVLF",
            "flags",
            Field::Value(Ty::Flags(Int::U8, &LEVELED_FLAGS)),
        ),
        rep(b"LVLO", "entries", Field::Struct(entry)),
    ]
}

static LEVELED_ENTRY: [FieldDef; 5] = leveled_entry(&[b"NPC_", b"CREA", b"LVLC"]);

/// Oblivion's leveled creature (LVLC) record declaration.
pub static LVLC: RecordDef = RecordDef {
    sig: Sig(*b"LVLC"),
    title: "Leveled creature",
    members: &join::<_, 6>(&[
        &leveled_list(&LEVELED_ENTRY),
        &[
            script(),
            form_of(b"TNAM", "creature_template", &[b"NPC_", b"CREA"]),
        ],
    ]),
};
