//! AMMO: ammunition.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Ammunition flags (DATA `flags`).
pub static AMMO_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "ignores_normal_weapon_resistance"),
        (0x02, "non_playable"),
        (0x04, "non_bolt"),
    ],
};

/// Skyrim's ammunition (AMMO) record declaration.
pub static AMMO: RecordDef = records::AMMO.with(&join::<_, 14>(&[
    &[editor_id()],
    &ITEM_PRESENTATION,
    &[
        description(b"DESC"),
        keyword_count(),
        keywords(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("projectile", fid(&[b"PROJ"])),
                f("flags", Ty::Flags(Int::U32, &AMMO_FLAGS)),
                f("damage", Ty::F32),
                f("value", U32),
                // Skyrim SE (form version 44) adds the weight; LE's DATA
                // ends before it.
                f("weight", Ty::F32),
            ]),
        ),
        opt(b"ONAM", "short_name", Field::LString),
    ],
]));
