//! MGEF: a magic effect. Its editor ID is its four-letter effect code.

use super::common::{editor_id, full_name, icon, model, MAGIC_SCHOOLS};
use crate::defs::shared::{mgef, records};
use crate::schema::types::*;

/// Magic effect flags (DATA `flags`).
pub static EFFECT_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (1 << 0, "hostile"),
        (1 << 1, "recover"),
        (1 << 2, "detrimental"),
        (1 << 3, "magnitude_percent"),
        (1 << 4, "self"),
        (1 << 5, "touch"),
        (1 << 6, "target"),
        (1 << 7, "no_duration"),
        (1 << 8, "no_magnitude"),
        (1 << 9, "no_area"),
        (1 << 10, "fx_persist"),
        (1 << 11, "spellmaking"),
        (1 << 12, "enchanting"),
        (1 << 13, "no_ingredient"),
        (1 << 16, "use_weapon"),
        (1 << 17, "use_armor"),
        (1 << 18, "use_creature"),
        (1 << 19, "use_skill"),
        (1 << 20, "use_attribute"),
        (1 << 24, "use_actor_value"),
        (1 << 25, "spray_projectile_type"),
        (1 << 26, "bolt_projectile_type"),
        (1 << 27, "no_hit_effect"),
    ],
};

/// What the associated item is, by the effect's flags: a weapon, a piece
/// of armor, a creature (bound items and summons), or an actor value.
static ASSOCIATED_ITEM: SelectDef = SelectDef {
    field: "flags",
    cases: &[
        (Match::AnyBit(1 << 16), fid(&[b"WEAP"])),
        (Match::AnyBit(1 << 17), fid(&[b"ARMO"])),
        (Match::AnyBit(1 << 18), fid(&[b"CREA", b"LVLC", b"NPC_"])),
    ],
    default: U32,
};

static CODE: [FieldDef; 1] = [f("effect", Ty::Char4)];

/// Oblivion's magic effect (MGEF) record declaration.
pub static MGEF: RecordDef = records::MGEF.with(&[
    editor_id(),
    full_name(),
    opt(b"DESC", "description", Field::ZString),
    icon(),
    model(),
    sub(
        b"DATA",
        "data",
        Field::Struct(&join::<_, 17>(&[
            &mgef::flags_and_cost(&EFFECT_FLAGS),
            &[
                f(
                    "associated_item_or_actor_value",
                    Ty::Select(&ASSOCIATED_ITEM),
                ),
                f("magic_school", Ty::Enum(Int::U32, &MAGIC_SCHOOLS)),
                f("resist_value", U32),
                f("counter_effect_count", U16),
                f("unused", Ty::Bytes(2)),
                f("light", fid(&[b"LIGH"])),
                f("projectile_speed", Ty::F32),
                f("effect_shader", fid(&[b"EFSH"])),
                f("enchant_effect", fid(&[b"EFSH"])),
                f("casting_sound", fid(&[b"SOUN"])),
                f("bolt_sound", fid(&[b"SOUN"])),
                f("hit_sound", fid(&[b"SOUN"])),
                f("area_sound", fid(&[b"SOUN"])),
                f("constant_effect_enchantment_factor", Ty::F32),
                f("constant_effect_barter_factor", Ty::F32),
            ],
        ])),
    ),
    opt(b"ESCE", "counter_effects", Field::Array(&CODE)),
]);
