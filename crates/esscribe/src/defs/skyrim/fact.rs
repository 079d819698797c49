//! FACT: a faction: relations, crime settings, ranks and vendor setup.

use super::common::{conditions, editor_id, form_of, full_name};
use super::pack::LOCATION;
use crate::defs::shared::records;
use crate::schema::types::*;

/// How a faction's members react to another group in combat.
pub static COMBAT_REACTIONS: EnumDef = EnumDef {
    values: &[(0, "neutral"), (1, "enemy"), (2, "ally"), (3, "friend")],
};

/// Faction flags (DATA `flags`).
pub static FACTION_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0000_0001, "hidden_from_pc"),
        (0x0000_0002, "special_combat"),
        (0x0000_0040, "track_crime"),
        (0x0000_0080, "ignore_crimes_murder"),
        (0x0000_0100, "ignore_crimes_assault"),
        (0x0000_0200, "ignore_crimes_stealing"),
        (0x0000_0400, "ignore_crimes_trespass"),
        (0x0000_0800, "do_not_report_crimes_against_members"),
        (0x0000_1000, "crime_gold_use_defaults"),
        (0x0000_2000, "ignore_crimes_pickpocket"),
        (0x0000_4000, "vendor"),
        (0x0000_8000, "can_be_owner"),
        (0x0001_0000, "ignore_crimes_werewolf"),
    ],
};

/// A boolean stored as an integer: `false` (0) or `true` (1).
pub static NO_YES: EnumDef = EnumDef {
    values: &[(0, "false"), (1, "true")],
};

static RANK: [Member; 4] = [
    sub(b"RNAM", "rank", Field::Value(U32)),
    opt(b"MNAM", "male_title", Field::LString),
    opt(b"FNAM", "female_title", Field::LString),
    opt(b"INAM", "insignia", Field::ZString),
];

/// Skyrim's faction (FACT) record declaration.
pub static FACT: RecordDef = records::FACT.with(&[
    editor_id(),
    full_name(),
    rep(
        b"XNAM",
        "relations",
        Field::Struct(&[
            f("faction", fid(&[b"FACT", b"RACE"])),
            f("modifier", I32),
            f(
                "group_combat_reaction",
                Ty::Enum(Int::U32, &COMBAT_REACTIONS),
            ),
        ]),
    ),
    sub(
        b"DATA",
        "flags",
        Field::Value(Ty::Flags(Int::U32, &FACTION_FLAGS)),
    ),
    form_of(b"JAIL", "exterior_jail_marker", &[b"REFR"]),
    form_of(b"WAIT", "follower_wait_marker", &[b"REFR"]),
    form_of(b"STOL", "stolen_goods_container", &[b"REFR"]),
    form_of(b"PLCN", "player_inventory_container", &[b"REFR"]),
    form_of(b"CRGR", "shared_crime_faction_list", &[b"FLST"]),
    form_of(b"JOUT", "jail_outfit", &[b"OTFT"]),
    opt(
        b"CRVA",
        "crime_values",
        Field::Struct(&[
            f("arrest", Ty::Enum(Int::U8, &NO_YES)),
            f("attack_on_sight", Ty::Enum(Int::U8, &NO_YES)),
            f("murder", U16),
            f("assault", U16),
            f("trespass", U16),
            f("pickpocket", U16),
            f("unknown", U16),
            f("steal_multiplier", Ty::F32),
            f("escape", U16),
            f("werewolf", U16),
        ]),
    ),
    groups("ranks", &RANK),
    form_of(b"VEND", "vendor_buy_sell_list", &[b"FLST"]),
    form_of(b"VENC", "merchant_container", &[b"REFR"]),
    opt(
        b"VENV",
        "vendor_values",
        Field::Struct(&[
            f("start_hour", U16),
            f("end_hour", U16),
            f("radius", U16),
            f("unknown", Ty::Bytes(2)),
            f("only_buys_stolen_items", Ty::Enum(Int::U8, &NO_YES)),
            f("not_sell_buy", Ty::Enum(Int::U8, &NO_YES)),
            f("unknown_2", Ty::Bytes(2)),
        ]),
    ),
    opt(b"PLVD", "vendor_location", Field::Struct(&LOCATION)),
    opt(b"CITC", "condition_count", Field::Value(U32)).counts("conditions"),
    conditions(),
]);
