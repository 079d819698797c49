//! EXPL: an explosion.

use super::common::*;
use super::mgef::SOUND_LEVELS;
use crate::io::Sig;
use crate::schema::types::*;

/// Explosion flags.
pub static EXPLOSION_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0002, "always_uses_world_orientation"),
        (0x0004, "knock_down_always"),
        (0x0008, "knock_down_by_formula"),
        (0x0010, "ignore_los_check"),
        (0x0020, "push_explosion_source_ref_only"),
        (0x0040, "ignore_image_space_swap"),
        (0x0080, "chain"),
        (0x0100, "no_controller_vibration"),
    ],
};

/// Skyrim's explosion (EXPL) record declaration.
pub static EXPL: RecordDef = RecordDef {
    sig: Sig(*b"EXPL"),
    title: "Explosion",
    members: &[
        editor_id(),
        object_bounds(),
        full_name(),
        model(),
        form_of(b"EITM", "object_effect", &[b"ENCH"]),
        form_of(b"MNAM", "image_space_modifier", &[b"IMAD"]),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("light", fid(&[b"LIGH"])),
                f("sound_1", fid(&[b"SNDR"])),
                f("sound_2", fid(&[b"SNDR"])),
                f("impact_data_set", fid(&[b"IPDS"])),
                f("placed_object", Ty::FormId),
                f("spawn_projectile", fid(&[b"PROJ"])),
                f("force", Ty::F32),
                f("damage", Ty::F32),
                f("radius", Ty::F32),
                f("image_space_radius", Ty::F32),
                f("vertical_offset_multiplier", Ty::F32),
                f("flags", Ty::Flags(Int::U32, &EXPLOSION_FLAGS)),
                f("sound_level", Ty::Enum(Int::U32, &SOUND_LEVELS)),
            ]),
        ),
    ],
};
