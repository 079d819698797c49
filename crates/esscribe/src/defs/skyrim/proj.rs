//! PROJ: a projectile.

use super::common::*;
use super::mgef::SOUND_LEVELS;
use crate::io::Sig;
use crate::schema::types::*;

/// Projectile flags (DATA `flags`).
pub static PROJECTILE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0001, "hitscan"),
        (0x0002, "explosion"),
        (0x0004, "alt_trigger"),
        (0x0008, "muzzle_flash"),
        (0x0020, "can_be_disabled"),
        (0x0040, "can_be_picked_up"),
        (0x0080, "supersonic"),
        (0x0100, "pins_limbs"),
        (0x0200, "pass_through_small_transparent"),
        (0x0400, "disable_combat_aim_correction"),
        (0x0800, "rotation"),
    ],
};

/// Projectile types (DATA `type`): missile, lobber, beam, flame, cone, ...
pub static PROJECTILE_TYPES: EnumDef = EnumDef {
    values: &[
        (0x01, "missile"),
        (0x02, "lobber"),
        (0x04, "beam"),
        (0x08, "flame"),
        (0x10, "cone"),
        (0x20, "barrier"),
        (0x40, "arrow"),
    ],
};

/// Skyrim's projectile (PROJ) record declaration.
pub static PROJ: RecordDef = RecordDef {
    sig: Sig(*b"PROJ"),
    title: "Projectile",
    members: &[
        editor_id(),
        object_bounds(),
        full_name(),
        model(),
        destructible(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("flags", Ty::Flags(Int::U16, &PROJECTILE_FLAGS)),
                f("type", Ty::Enum(Int::U16, &PROJECTILE_TYPES)),
                f("gravity", Ty::F32),
                f("speed", Ty::F32),
                f("range", Ty::F32),
                f("light", fid(&[b"LIGH"])),
                f("muzzle_flash_light", fid(&[b"LIGH"])),
                f("tracer_chance", Ty::F32),
                f("explosion_alt_trigger_proximity", Ty::F32),
                f("explosion_alt_trigger_timer", Ty::F32),
                f("explosion", fid(&[b"EXPL"])),
                f("sound", fid(&[b"SNDR"])),
                f("muzzle_flash_duration", Ty::F32),
                f("fade_duration", Ty::F32),
                f("impact_force", Ty::F32),
                f("countdown_sound", fid(&[b"SNDR"])),
                f("disable_sound", fid(&[b"SNDR"])),
                f("default_weapon_source", fid(&[b"WEAP"])),
                f("cone_spread", Ty::F32),
                f("collision_radius", Ty::F32),
                f("lifetime", Ty::F32),
                f("relaunch_interval", Ty::F32),
                f("decal_data", fid(&[b"TXST"])),
                f("collision_layer", fid(&[b"COLL"])),
            ]),
        ),
        opt(b"NAM1", "muzzle_flash_model", Field::ZString),
        opt(b"NAM2", "muzzle_flash_texture_hashes", model_info()),
        opt(
            b"VNAM",
            "sound_level",
            Field::Value(Ty::Enum(Int::U32, &SOUND_LEVELS)),
        ),
    ],
};
