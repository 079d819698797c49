//! NPC_: a non-player character (actor base).

use super::common::*;
pub use super::mgef::SOUND_LEVELS;
use crate::defs::shared::actor;
use crate::defs::shared::records;
use crate::schema::types::*;

/// NPC flags (ACBS `flags`).
pub static ACTOR_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0000_0001, "female"),
        (0x0000_0002, "essential"),
        (0x0000_0004, "is_chargen_face_preset"),
        (0x0000_0008, "respawn"),
        (0x0000_0010, "auto_calc_stats"),
        (0x0000_0020, "unique"),
        (0x0000_0040, "doesnt_affect_stealth_meter"),
        (0x0000_0080, "pc_level_mult"),
        (0x0000_0800, "protected"),
        (0x0000_4000, "summonable"),
        (0x0001_0000, "doesnt_bleed"),
        (0x0004_0000, "bleedout_override"),
        (0x0008_0000, "opposite_gender_animations"),
        (0x0010_0000, "simple_actor"),
        (0x2000_0000, "is_ghost"),
        (0x8000_0000, "invulnerable"),
    ],
};

/// Which data an NPC takes from its template (ACBS `template_flags`).
pub static TEMPLATE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0001, "use_traits"),
        (0x0002, "use_stats"),
        (0x0004, "use_factions"),
        (0x0008, "use_spell_list"),
        (0x0010, "use_ai_data"),
        (0x0020, "use_ai_packages"),
        (0x0040, "use_model_animation"),
        (0x0080, "use_base_data"),
        (0x0100, "use_inventory"),
        (0x0200, "use_script"),
        (0x0400, "use_def_pack_list"),
        (0x0800, "use_attack_data"),
        (0x1000, "use_keywords"),
    ],
};

/// Creature sound types (CSDT `type`): footsteps, idle, aware, attack, ...
pub static SOUND_TYPES: EnumDef = EnumDef {
    values: &join::<_, 22>(&[
        &actor::SOUND_TYPE_VALUES,
        &[
            (10, "movement_loop"),
            (11, "conscious_loop"),
            (12, "auxiliary_1"),
            (13, "auxiliary_2"),
            (14, "auxiliary_3"),
            (15, "auxiliary_4"),
            (16, "auxiliary_5"),
            (17, "auxiliary_6"),
            (18, "auxiliary_7"),
            (19, "auxiliary_8"),
            (20, "jump"),
            (21, "play_random_loop"),
        ],
    ]),
};

/// One attack: its data (ATKD) and animation event name (ATKE).
pub static ATTACK: [Member; 2] = [
    sub(
        b"ATKD",
        "data",
        Field::Struct(&[
            f("damage_multiplier", Ty::F32),
            f("attack_chance", Ty::F32),
            f("attack_spell", fid(&[b"SPEL", b"SHOU"])),
            f("attack_flags", U32),
            f("attack_angle", Ty::F32),
            f("strike_angle", Ty::F32),
            f("stagger", Ty::F32),
            f("attack_type", fid(&[b"KYWD"])),
            f("knockdown", Ty::F32),
            f("recovery_time", Ty::F32),
            f("stamina_multiplier", Ty::F32),
        ]),
    ),
    opt(b"ATKE", "event", Field::ZString),
];

static SOUND: [Member; 2] = actor::sound(&[b"SNDR"]);

static SOUND_TYPE: [Member; 2] = actor::sound_type(&SOUND_TYPES, &SOUND);

static TINT_LAYER: [Member; 4] = [
    sub(b"TINI", "index", Field::Value(U16)),
    opt(b"TINC", "color", Field::Struct(&RGBA)),
    opt(b"TINV", "interpolation_value", Field::Value(I32)),
    opt(b"TIAS", "preset", Field::Value(I16)),
];
/// Skyrim's non-player character (NPC_) record declaration.
pub static NPC_: RecordDef = records::NPC_.with(&join::<_, 52>(&[
    &[
        editor_id(),
        scripts(),
        object_bounds(),
        sub(
            b"ACBS",
            "configuration",
            Field::Struct(&[
                f("flags", Ty::Flags(Int::U32, &ACTOR_FLAGS)),
                f("magicka_offset", I16),
                f("stamina_offset", I16),
                f("level", U16),
                f("calc_min_level", U16),
                f("calc_max_level", U16),
                f("speed_multiplier", U16),
                f("disposition_base", I16),
                f("template_flags", Ty::Flags(Int::U16, &TEMPLATE_FLAGS)),
                f("health_offset", I16),
                f("bleedout_override", U16),
            ]),
        ),
        rep(
            b"SNAM",
            "factions",
            Field::Struct(&[
                f("faction", fid(&[b"FACT"])),
                f("rank", I8),
                f("unused", Ty::Bytes(3)),
            ]),
        ),
        form_of(b"INAM", "death_item", &[b"LVLI"]),
        form_of(b"VTCK", "voice", &[b"VTYP"]),
        form_of(b"TPLT", "template", &[b"LVLN", b"NPC_"]),
        form_of(b"RNAM", "race", &[b"RACE"]),
        opt(b"SPCT", "spell_count", Field::Value(U32)).counts("spells"),
        rep(
            b"SPLO",
            "spells",
            Field::Value(fid(&[b"SPEL", b"SHOU", b"LVSP"])),
        ),
        destructible(),
        form_of(b"WNAM", "worn_armor", &[b"ARMO"]),
        form_of(b"ANAM", "far_away_model", &[b"ARMO"]),
        form_of(b"ATKR", "attack_race", &[b"RACE"]),
        groups("attacks", &ATTACK),
    ],
    &OVERRIDE_PACKAGE_LISTS,
    &[
        opt(b"PRKZ", "perk_count", Field::Value(U32)).counts("perks"),
        rep(
            b"PRKR",
            "perks",
            Field::Struct(&[
                f("perk", fid(&[b"PERK"])),
                f("rank", U8),
                f("unused", Ty::Bytes(3)),
            ]),
        ),
        item_count(),
        items(),
        opt(
            b"AIDT",
            "ai_data",
            Field::Struct(&[
                f("aggression", U8),
                f("confidence", U8),
                f("energy_level", U8),
                f("responsibility", U8),
                f("mood", U8),
                f("assistance", U8),
                f("aggro_radius_behavior", Ty::Bool),
                f("unused", Ty::Bytes(1)),
                f("warn", U32),
                f("warn_attack", U32),
                f("attack", U32),
            ]),
        ),
        rep(b"PKID", "packages", Field::Value(fid(&[b"PACK"]))),
        keyword_count(),
        keywords(),
        form_of(b"CNAM", "class", &[b"CLAS"]),
        full_name(),
        opt(b"SHRT", "short_name", Field::LString),
        opt(b"DATA", "marker", Field::Empty),
        opt(
            b"DNAM",
            "player_skills",
            Field::Struct(&[
                f("values", Ty::Struct(&SKILL_BYTES)),
                f("offsets", Ty::Struct(&SKILL_BYTES)),
                f("health", U16),
                f("magicka", U16),
                f("stamina", U16),
                f("unused", Ty::Bytes(2)),
                f("far_away_model_distance", Ty::F32),
                f("geared_up_weapons", U8),
                f("unused_2", Ty::Bytes(3)),
            ]),
        ),
        rep(b"PNAM", "head_parts", Field::Value(fid(&[b"HDPT"]))),
        form_of(b"HCLF", "hair_color", &[b"CLFM"]),
        form_of(b"ZNAM", "combat_style", &[b"CSTY"]),
        form_of(b"GNAM", "gifts", &[b"FLST"]),
        opt(b"NAM5", "unknown", Field::Value(Ty::Bytes(2))),
        opt(b"NAM6", "height", Field::Value(Ty::F32)),
        opt(b"NAM7", "weight", Field::Value(Ty::F32)),
        opt(
            b"NAM8",
            "sound_level",
            Field::Value(Ty::Enum(Int::U32, &SOUND_LEVELS)),
        ),
        groups("sound_types", &SOUND_TYPE),
        form_of(b"CSCR", "inherits_sounds_from", &[b"NPC_"]),
        form_of(b"DOFT", "default_outfit", &[b"OTFT"]),
        form_of(b"SOFT", "sleeping_outfit", &[b"OTFT"]),
        form_of(b"DPLT", "default_package_list", &[b"FLST"]),
        form_of(b"CRIF", "crime_faction", &[b"FACT"]),
        form_of(b"FTST", "head_texture", &[b"TXST"]),
        opt(b"QNAM", "texture_lighting", Field::Struct(&RGB_F32)),
        opt(b"NAM9", "face_morph", Field::Array(&FLOAT_VALUE)),
        opt(
            b"NAMA",
            "face_parts",
            Field::Struct(&[
                f("nose", U32),
                f("unknown", U32),
                f("eyes", U32),
                f("mouth", U32),
            ]),
        ),
        groups("tint_layers", &TINT_LAYER),
    ],
]));
