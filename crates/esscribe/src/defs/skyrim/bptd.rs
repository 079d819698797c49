//! BPTD: body part data.

use super::common::{editor_id, model, model_info};
use crate::io::Sig;
use crate::schema::types::*;

/// Body part flags (BPND `flags`): severable, explodable, IK data, ...
pub static PART_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "severable"),
        (0x02, "ik_data"),
        (0x04, "ik_data_biped_data"),
        (0x08, "explodable"),
        (0x10, "ik_data_is_head"),
        (0x20, "ik_data_headtracking"),
        (0x40, "to_hit_chance_absolute"),
    ],
};

/// Body part types (BPND `part_type`).
pub static PART_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "torso"),
        (1, "head"),
        (2, "eye"),
        (3, "look_at"),
        (4, "fly_grab"),
        (5, "saddle"),
    ],
};

static PART: [Member; 9] = [
    sub(b"BPTN", "name", Field::LString),
    opt(b"PNAM", "pose_matching", Field::ZString),
    opt(b"BPNN", "node_name", Field::ZString),
    opt(b"BPNT", "vats_target", Field::ZString),
    opt(b"BPNI", "ik_start_node", Field::ZString),
    opt(
        b"BPND",
        "data",
        Field::Struct(&[
            f("damage_multiplier", Ty::F32),
            f("flags", Ty::Flags(Int::U8, &PART_FLAGS)),
            f("part_type", Ty::Enum(Int::U8, &PART_TYPES)),
            f("health_percent", U8),
            f("actor_value", I8),
            f("to_hit_chance", U8),
            f("explodable_explosion_chance", U8),
            f("explodable_debris_count", U16),
            f("explodable_debris", fid(&[b"DEBR"])),
            f("explodable_explosion", fid(&[b"EXPL"])),
            f("tracking_max_angle", Ty::F32),
            f("explodable_debris_scale", Ty::F32),
            f("severable_debris_count", I32),
            f("severable_debris", fid(&[b"DEBR"])),
            f("severable_explosion", fid(&[b"EXPL"])),
            f("severable_debris_scale", Ty::F32),
            f("gore_translate_x", Ty::F32),
            f("gore_translate_y", Ty::F32),
            f("gore_translate_z", Ty::F32),
            f("gore_rotation_x", Ty::F32),
            f("gore_rotation_y", Ty::F32),
            f("gore_rotation_z", Ty::F32),
            f("severable_impact_data_set", fid(&[b"IPDS"])),
            f("explodable_impact_data_set", fid(&[b"IPDS"])),
            f("severable_decal_count", U8),
            f("explodable_decal_count", U8),
            f("unused", Ty::Bytes(2)),
            f("limb_replacement_scale", Ty::F32),
        ]),
    ),
    opt(b"NAM1", "limb_replacement_model", Field::ZString),
    opt(b"NAM4", "gore_target_bone", Field::ZString),
    opt(b"NAM5", "texture_hashes", model_info()),
];

/// Skyrim's body part data (BPTD) record declaration.
pub static BPTD: RecordDef = RecordDef {
    sig: Sig(*b"BPTD"),
    title: "Body part data",
    members: &[
        editor_id(),
        model(),
        groups("parts", &PART),
        opt(b"RAGA", "ragdoll", Field::Value(fid(&[b"RGDL"]))),
    ],
};
