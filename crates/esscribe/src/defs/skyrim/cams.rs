//! CAMS: a camera shot (of the kill cameras).

use super::common::{editor_id, form_of, model};
use crate::io::Sig;
use crate::schema::types::*;

/// Camera shot actions (DATA `action`): shoot, fly, hit, zoom.
pub static ACTIONS: EnumDef = EnumDef {
    values: &[(0, "shoot"), (1, "fly"), (2, "hit"), (3, "zoom")],
};

/// Camera shot locations and targets: attacker, projectile, target, lead
/// actor.
pub static LOCATIONS: EnumDef = EnumDef {
    values: &[
        (0, "attacker"),
        (1, "projectile"),
        (2, "target"),
        (3, "lead_actor"),
    ],
};

/// Camera shot flags (DATA `flags`).
pub static SHOT_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "position_follows_location"),
        (0x02, "rotation_follows_target"),
        (0x04, "dont_follow_bone"),
        (0x08, "first_person_camera"),
        (0x10, "no_tracer"),
        (0x20, "start_at_time_zero"),
    ],
};

/// Skyrim's camera shot (CAMS) record declaration.
pub static CAMS: RecordDef = RecordDef {
    sig: Sig(*b"CAMS"),
    title: "Camera shot",
    members: &[
        editor_id(),
        model(),
        opt(
            b"DATA",
            "data",
            Field::Struct(&[
                f("action", Ty::Enum(Int::U32, &ACTIONS)),
                f("location", Ty::Enum(Int::U32, &LOCATIONS)),
                f("target", Ty::Enum(Int::U32, &LOCATIONS)),
                f("flags", Ty::Flags(Int::U32, &SHOT_FLAGS)),
                f("player_time_multiplier", Ty::F32),
                f("target_time_multiplier", Ty::F32),
                f("global_time_multiplier", Ty::F32),
                f("max_time", Ty::F32),
                f("min_time", Ty::F32),
                f("target_percent_between_actors", Ty::F32),
                f("near_target_distance", Ty::F32),
            ]),
        ),
        form_of(b"MNAM", "image_space_modifier", &[b"IMAD"]),
    ],
};
