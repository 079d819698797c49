//! HAZD: a hazard.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Hazard flags.
pub static HAZARD_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "affects_player_only"),
        (0x02, "inherit_duration_from_spawn_spell"),
        (0x04, "align_to_impact_normal"),
        (0x08, "inherit_radius_from_spawn_spell"),
        (0x10, "drop_to_ground"),
    ],
};

/// Skyrim's hazard (HAZD) record declaration.
pub static HAZD: RecordDef = RecordDef {
    sig: Sig(*b"HAZD"),
    title: "Hazard",
    members: &[
        editor_id(),
        object_bounds(),
        full_name(),
        model(),
        form_of(b"MNAM", "image_space_modifier", &[b"IMAD"]),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("limit", U32),
                f("radius", Ty::F32),
                f("lifetime", Ty::F32),
                f("image_space_radius", Ty::F32),
                f("target_interval", Ty::F32),
                f("flags", Ty::Flags(Int::U32, &HAZARD_FLAGS)),
                f("spell", fid(&[b"SPEL"])),
                f("light", fid(&[b"LIGH"])),
                f("impact_data_set", fid(&[b"IPDS"])),
                f("sound", fid(&[b"SNDR"])),
            ]),
        ),
    ],
};
