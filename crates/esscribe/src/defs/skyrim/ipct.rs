//! IPCT: an impact (what a hit on a material shows and plays).

use super::common::{editor_id, form_of, model};
use super::mgef::SOUND_LEVELS;
use super::txst::DECAL;
use crate::io::Sig;
use crate::schema::types::*;

/// Impact orientations (DATA `orientation`).
pub static ORIENTATIONS: EnumDef = EnumDef {
    values: &[
        (0, "surface_normal"),
        (1, "projectile_vector"),
        (2, "projectile_reflection"),
    ],
};

/// Impact flags: no decal data.
pub static IMPACT_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "no_decal_data")],
};

/// What a projectile does on impact: default, destroy, bounce, impale,
/// stick.
pub static IMPACT_RESULTS: EnumDef = EnumDef {
    values: &[
        (0, "default"),
        (1, "destroy"),
        (2, "bounce"),
        (3, "impale"),
        (4, "stick"),
    ],
};

/// Skyrim's impact (IPCT) record declaration.
pub static IPCT: RecordDef = RecordDef {
    sig: Sig(*b"IPCT"),
    title: "Impact",
    members: &[
        editor_id(),
        model(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("effect_duration", Ty::F32),
                f("orientation", Ty::Enum(Int::U32, &ORIENTATIONS)),
                f("angle_threshold", Ty::F32),
                f("placement_radius", Ty::F32),
                f("sound_level", Ty::Enum(Int::U32, &SOUND_LEVELS)),
                f("flags", Ty::Flags(Int::U8, &IMPACT_FLAGS)),
                f("impact_result", Ty::Enum(Int::U8, &IMPACT_RESULTS)),
                f("unknown", Ty::Bytes(2)),
            ]),
        ),
        opt(b"DODT", "decal", Field::Struct(&DECAL)),
        form_of(b"DNAM", "texture_set", &[b"TXST"]),
        form_of(b"ENAM", "secondary_texture_set", &[b"TXST"]),
        form_of(b"SNAM", "sound_1", &[b"SNDR"]),
        form_of(b"NAM1", "sound_2", &[b"SNDR"]),
        form_of(b"NAM2", "hazard", &[b"HAZD"]),
    ],
};
