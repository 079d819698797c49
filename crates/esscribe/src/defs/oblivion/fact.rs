//! FACT: a faction.

use crate::defs::shared::records;
use crate::schema::types::*;

static FACTION_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "hidden_from_player"),
        (0x02, "evil"),
        (0x04, "special_combat"),
    ],
};

/// Oblivion's faction (FACT) record declaration.
pub static FACT: RecordDef = records::FACT.with(&[
    opt(b"EDID", "editor_id", Field::ZString),
    opt(b"FULL", "name", Field::ZString),
    rep(
        b"XNAM",
        "relations",
        Field::Struct(&[f("faction", fid(&[b"FACT", b"RACE"])), f("modifier", I32)]),
    ),
    opt(
        b"DATA",
        "flags",
        Field::Value(Ty::Flags(Int::U8, &FACTION_FLAGS)),
    ),
    opt(b"CNAM", "crime_gold_multiplier", Field::Value(Ty::F32)),
    groups(
        "ranks",
        &[
            sub(b"RNAM", "rank", Field::Value(I32)),
            opt(b"MNAM", "male", Field::ZString),
            opt(b"FNAM", "female", Field::ZString),
            opt(b"INAM", "insignia", Field::ZString),
        ],
    ),
]);
