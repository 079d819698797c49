//! RACE: a race (playable or not): its spells, body and skeleton, the
//! head parts, morphs and tints the face editor offers, its movement and
//! its attacks.

use super::body::{body_template, body_template_2};
use super::common::*;
use super::npc_::ATTACK;
use crate::defs::shared::race;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Race flags (DATA `flags`).
pub static RACE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0000_0001, "playable"),
        (0x0000_0002, "facegen_head"),
        (0x0000_0004, "child"),
        (0x0000_0008, "tilt_front_back"),
        (0x0000_0010, "tilt_left_right"),
        (0x0000_0020, "no_shadow"),
        (0x0000_0040, "swims"),
        (0x0000_0080, "flies"),
        (0x0000_0100, "walks"),
        (0x0000_0200, "immobile"),
        (0x0000_0400, "not_pushable"),
        (0x0000_0800, "no_combat_in_water"),
        (0x0000_1000, "no_rotating_to_head_track"),
        (0x0000_2000, "dont_show_blood_spray"),
        (0x0000_4000, "dont_show_blood_decal"),
        (0x0000_8000, "uses_head_track_anims"),
        (0x0001_0000, "spells_align_with_magic_node"),
        (0x0002_0000, "use_world_raycasts_for_foot_ik"),
        (0x0004_0000, "allow_ragdoll_collision"),
        (0x0008_0000, "regen_hp_in_combat"),
        (0x0010_0000, "cant_open_doors"),
        (0x0020_0000, "allow_pc_dialogue"),
        (0x0040_0000, "no_knockdowns"),
        (0x0080_0000, "allow_pickpocket"),
        (0x0100_0000, "always_use_proxy_controller"),
        (0x0200_0000, "dont_show_weapon_blood"),
        (0x0400_0000, "overlay_head_part_list"),
        (0x0800_0000, "override_head_part_list"),
        (0x1000_0000, "can_pickup_items"),
        (0x2000_0000, "allow_multiple_membrane_shaders"),
        (0x4000_0000, "can_dual_wield"),
        (0x8000_0000, "avoids_roads"),
    ],
};

/// Race flags, second word (DATA `flags_2`).
pub static RACE_FLAGS_2: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "use_advanced_avoidance"),
        (0x02, "non_hostile"),
        (0x10, "allow_mounted_combat"),
    ],
};

/// Race sizes: small, medium, large, extra large.
pub static SIZES: EnumDef = EnumDef {
    values: &[
        (0, "small"),
        (1, "medium"),
        (2, "large"),
        (3, "extra_large"),
    ],
};

/// A biped slot by its index (slot 30 is index 0), or -1 for none.
pub static BIPED_OBJECTS: EnumDef = EnumDef {
    values: &[
        (-1, "none"),
        (0, "head"),
        (1, "hair"),
        (2, "body"),
        (3, "hands"),
        (4, "forearms"),
        (5, "amulet"),
        (6, "ring"),
        (7, "feet"),
        (8, "calves"),
        (9, "shield"),
        (10, "tail"),
        (11, "long_hair"),
        (12, "circlet"),
        (13, "ears"),
        (14, "slot_44"),
        (15, "slot_45"),
        (16, "slot_46"),
        (17, "slot_47"),
        (18, "slot_48"),
        (19, "slot_49"),
        (20, "decapitate_head"),
        (21, "decapitate"),
        (22, "slot_52"),
        (23, "slot_53"),
        (24, "slot_54"),
        (25, "slot_55"),
        (26, "slot_56"),
        (27, "slot_57"),
        (28, "slot_58"),
        (29, "slot_59"),
        (30, "slot_60"),
        (31, "fx01"),
    ],
};

/// Weapon kinds a race can equip (VNAM `equipment_flags`).
pub static EQUIP_TYPES: FlagsDef = FlagsDef {
    bits: &[
        (0x0001, "hand_to_hand_melee"),
        (0x0002, "one_hand_sword"),
        (0x0004, "one_hand_dagger"),
        (0x0008, "one_hand_axe"),
        (0x0010, "one_hand_mace"),
        (0x0020, "two_hand_sword"),
        (0x0040, "two_hand_axe"),
        (0x0080, "bow"),
        (0x0100, "staff"),
        (0x0200, "spell"),
        (0x0400, "shield"),
        (0x0800, "torch"),
        (0x1000, "crossbow"),
    ],
};

static BODY_PART_INDEXES: EnumDef = EnumDef {
    values: &[(0, "body_texture")],
};

static MORPH_KINDS: EnumDef = EnumDef {
    values: &[(0, "nose"), (1, "brow"), (2, "eyes"), (3, "lips")],
};

/// Which variants of a face feature (nose, brow, eyes or lips) the face
/// editor offers, one bit each.
static MORPH_VARIANTS: FlagsDef = FlagsDef {
    bits: &[
        (1 << 0, "variant_0"),
        (1 << 1, "variant_1"),
        (1 << 2, "variant_2"),
        (1 << 3, "variant_3"),
        (1 << 4, "variant_4"),
        (1 << 5, "variant_5"),
        (1 << 6, "variant_6"),
        (1 << 7, "variant_7"),
        (1 << 8, "variant_8"),
        (1 << 9, "variant_9"),
        (1 << 10, "variant_10"),
        (1 << 11, "variant_11"),
        (1 << 12, "variant_12"),
        (1 << 13, "variant_13"),
        (1 << 14, "variant_14"),
        (1 << 15, "variant_15"),
        (1 << 16, "variant_16"),
        (1 << 17, "variant_17"),
        (1 << 18, "variant_18"),
        (1 << 19, "variant_19"),
        (1 << 20, "variant_20"),
        (1 << 21, "variant_21"),
        (1 << 22, "variant_22"),
        (1 << 23, "variant_23"),
        (1 << 24, "variant_24"),
        (1 << 25, "variant_25"),
        (1 << 26, "variant_26"),
        (1 << 27, "variant_27"),
        (1 << 28, "variant_28"),
        (1 << 29, "variant_29"),
        (1 << 30, "variant_30"),
        (1 << 31, "variant_31"),
    ],
};

/// Face tint mask types (TINP `mask_type`).
pub static TINT_MASK_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "none"),
        (1, "lip_color"),
        (2, "cheek_color"),
        (3, "eyeliner"),
        (4, "eye_socket_upper"),
        (5, "eye_socket_lower"),
        (6, "skin_tone"),
        (7, "paint"),
        (8, "laugh_lines"),
        (9, "cheek_color_lower"),
        (10, "nose"),
        (11, "chin"),
        (12, "neck"),
        (13, "forehead"),
        (14, "dirt"),
    ],
};

static SKILL_BOOST: [FieldDef; 2] = [f("skill", I8), f("boost", I8)];

static SKILL_BOOSTS: [FieldDef; 7] = race::skill_boosts(&SKILL_BOOST);

static MOUNT_DATA: [FieldDef; 9] = [
    f("mount_offset_x", Ty::F32),
    f("mount_offset_y", Ty::F32),
    f("mount_offset_z", Ty::F32),
    f("dismount_offset_x", Ty::F32),
    f("dismount_offset_y", Ty::F32),
    f("dismount_offset_z", Ty::F32),
    f("mount_camera_offset_x", Ty::F32),
    f("mount_camera_offset_y", Ty::F32),
    f("mount_camera_offset_z", Ty::F32),
];

/// DATA: 128 bytes in older files, 164 with the mount data.
static DATA: [FieldDef; 31] = [
    f("skill_boosts", Ty::Struct(&SKILL_BOOSTS)),
    f("unknown_0x0e", Ty::Bytes(2)),
    f("male_height", Ty::F32),
    f("female_height", Ty::F32),
    f("male_weight", Ty::F32),
    f("female_weight", Ty::F32),
    f("flags", Ty::Flags(Int::U32, &RACE_FLAGS)),
    f("starting_health", Ty::F32),
    f("starting_magicka", Ty::F32),
    f("starting_stamina", Ty::F32),
    f("base_carry_weight", Ty::F32),
    f("base_mass", Ty::F32),
    f("acceleration_rate", Ty::F32),
    f("deceleration_rate", Ty::F32),
    f("size", Ty::Enum(Int::U32, &SIZES)),
    f("head_biped_object", Ty::Enum(Int::I32, &BIPED_OBJECTS)),
    f("hair_biped_object", Ty::Enum(Int::I32, &BIPED_OBJECTS)),
    f("injured_health_percent", Ty::F32),
    f("shield_biped_object", Ty::Enum(Int::I32, &BIPED_OBJECTS)),
    f("health_regen", Ty::F32),
    f("magicka_regen", Ty::F32),
    f("stamina_regen", Ty::F32),
    f("unarmed_damage", Ty::F32),
    f("unarmed_reach", Ty::F32),
    f("body_biped_object", Ty::Enum(Int::I32, &BIPED_OBJECTS)),
    f("aim_angle_tolerance", Ty::F32),
    f("flight_radius", Ty::F32),
    f("angular_acceleration_rate", Ty::F32),
    f("angular_tolerance", Ty::F32),
    f("flags_2", Ty::Flags(Int::U32, &RACE_FLAGS_2)),
    f("mount_data", Ty::Struct(&MOUNT_DATA)),
];

/// A form ID for each sex, of one of `targets`.
const fn male_female(targets: Targets) -> [FieldDef; 2] {
    [f("male", fid(targets)), f("female", fid(targets))]
}

static VOICES: [FieldDef; 2] = male_female(&[b"VTYP"]);
static DECAPITATE_ARMORS: [FieldDef; 2] = male_female(&[b"ARMO"]);
static HAIR_COLORS: [FieldDef; 2] = male_female(&[b"CLFM"]);

/// A movement type's four-letter code (MTNM). Copies some editors made
/// end it with a zero byte, which the game and the Creation Kit ignore:
/// that form is shown as an object so that it builds back to five bytes.
const MOVEMENT_TYPE_NAME: Field = Field::BySize(&[
    (4, Field::Value(Ty::Char4)),
    (5, Field::Struct(&[f("name", Ty::ZString)])),
]);

static HAIRS: [FieldDef; 1] = [f("form", fid(&[b"HDPT"]))];
static EYES: [FieldDef; 1] = [f("form", fid(&[b"EYES"]))];

/// A skeleton: the sex marker, then the model file and its texture hashes.
macro_rules! skeleton {
    ($name:ident, $marker:literal) => {
        static $name: [Member; 3] = [
            sub($marker, "marker", Field::Empty),
            opt(b"ANAM", "file", Field::ZString),
            opt(b"MODT", "texture_hashes", model_info()),
        ];
    };
}

skeleton!(MALE_SKELETON, b"MNAM");
skeleton!(FEMALE_SKELETON, b"FNAM");

static BODY_PART: [Member; 2] = [
    sub(
        b"INDX",
        "index",
        Field::Value(Ty::Enum(Int::U32, &BODY_PART_INDEXES)),
    ),
    group("model", &MODEL),
];

static BODY_DATA: [Member; 5] = [
    sub(b"NAM1", "marker", Field::Empty),
    opt(b"MNAM", "male_marker", Field::Empty),
    groups("male_parts", &BODY_PART),
    opt(b"FNAM", "female_marker", Field::Empty),
    groups("female_parts", &BODY_PART),
];

static MALE_BEHAVIOR_GRAPH: [Member; 2] =
    [sub(b"MNAM", "marker", Field::Empty), group("model", &MODEL)];

static FEMALE_BEHAVIOR_GRAPH: [Member; 2] =
    [sub(b"FNAM", "marker", Field::Empty), group("model", &MODEL)];

static MOVEMENT_TYPE: [Member; 2] = [
    sub(b"MTYP", "movement_type", Field::Value(fid(&[b"MOVT"]))),
    opt(
        b"SPED",
        "override_values",
        Field::Struct(&[
            f("left_walk", Ty::F32),
            f("left_run", Ty::F32),
            f("right_walk", Ty::F32),
            f("right_run", Ty::F32),
            f("forward_walk", Ty::F32),
            f("forward_run", Ty::F32),
            f("back_walk", Ty::F32),
            f("back_run", Ty::F32),
            f("rotate_in_place_walk", Ty::F32),
            f("rotate_in_place_run", Ty::F32),
            f("rotate_while_moving_run", Ty::F32),
        ]),
    ),
];

/// Weights of the 16 lip-sync targets for one phoneme.
static PHONEME_WEIGHTS: [FieldDef; 16] = [
    f("aah_or_lip_big_aah", Ty::F32),
    f("big_aah_or_lip_dst", Ty::F32),
    f("bmp_or_lip_eee", Ty::F32),
    f("ch_j_sh_or_lip_fv", Ty::F32),
    f("dst_or_lip_k", Ty::F32),
    f("eee_or_lip_l", Ty::F32),
    f("eh_or_lip_r", Ty::F32),
    f("fv_or_lip_th", Ty::F32),
    f("i", Ty::F32),
    f("k", Ty::F32),
    f("n", Ty::F32),
    f("oh", Ty::F32),
    f("ooh_q", Ty::F32),
    f("r", Ty::F32),
    f("th", Ty::F32),
    f("w", Ty::F32),
];

static HEAD_PART: [Member; 2] = [
    sub(b"INDX", "index", Field::Value(U32)),
    opt(b"HEAD", "head_part", Field::Value(fid(&[b"HDPT"]))),
];

/// One of the four face features (nose, brow, eyes, lips) and the variants
/// offered for it.
static MORPH: [Member; 2] = [
    sub(
        b"MPAI",
        "feature",
        Field::Value(Ty::Enum(Int::U32, &MORPH_KINDS)),
    ),
    opt(
        b"MPAV",
        "variants",
        Field::Struct(&[
            f("available", Ty::Flags(Int::U32, &MORPH_VARIANTS)),
            f("unknown_0x04", Ty::Bytes(28)),
        ]),
    ),
];

static TINT_PRESET: [Member; 3] = [
    sub(b"TINC", "color", Field::Value(fid(&[b"CLFM"]))),
    opt(b"TINV", "default_value", Field::Value(Ty::F32)),
    opt(b"TIRS", "index", Field::Value(U16)),
];

static TINT_MASK: [Member; 5] = [
    sub(b"TINI", "index", Field::Value(U16)),
    opt(b"TINT", "file", Field::ZString),
    opt(
        b"TINP",
        "mask_type",
        Field::Value(Ty::Enum(Int::U16, &TINT_MASK_TYPES)),
    ),
    form_of(b"TIND", "preset_default", &[b"CLFM"]),
    groups("presets", &TINT_PRESET),
];

/// The head data of one sex: its marker (MNAM male, FNAM female) says
/// which.
static HEAD_DATA: [Member; 15] = [
    sub(b"NAM0", "marker", Field::Empty),
    opt(b"MNAM", "male_marker", Field::Empty),
    opt(b"FNAM", "female_marker", Field::Empty),
    groups("head_parts", &HEAD_PART),
    groups("morphs", &MORPH),
    rep(b"RPRM", "male_presets", Field::Value(fid(&[b"NPC_"]))),
    rep(b"RPRF", "female_presets", Field::Value(fid(&[b"NPC_"]))),
    rep(b"AHCM", "male_hair_colors", Field::Value(fid(&[b"CLFM"]))),
    rep(b"AHCF", "female_hair_colors", Field::Value(fid(&[b"CLFM"]))),
    rep(
        b"FTSM",
        "male_face_detail_textures",
        Field::Value(fid(&[b"TXST"])),
    ),
    rep(
        b"FTSF",
        "female_face_detail_textures",
        Field::Value(fid(&[b"TXST"])),
    ),
    form_of(b"DFTM", "male_default_face_texture", &[b"TXST"]),
    form_of(b"DFTF", "female_default_face_texture", &[b"TXST"]),
    groups("tint_masks", &TINT_MASK),
    group("model", &MODEL),
];

/// Skyrim's race (RACE) record declaration.
pub static RACE: RecordDef = records::RACE.with(&[
    editor_id(),
    full_name(),
    description(b"DESC"),
    opt(b"SPCT", "spell_count", Field::Value(U32)).counts("spells"),
    rep(
        b"SPLO",
        "spells",
        Field::Value(fid(&[b"SPEL", b"SHOU", b"LVSP"])),
    ),
    form_of(b"WNAM", "skin", &[b"ARMO"]),
    body_template(),
    body_template_2(),
    keyword_count(),
    keywords(),
    sub(b"DATA", "data", Field::Struct(&DATA)),
    group("male_skeleton", &MALE_SKELETON),
    group("female_skeleton", &FEMALE_SKELETON),
    opt(b"NAM2", "marker_nam2", Field::Empty),
    rep(b"MTNM", "movement_type_names", MOVEMENT_TYPE_NAME),
    opt(b"VTCK", "voices", Field::Struct(&VOICES)),
    opt(
        b"DNAM",
        "decapitate_armors",
        Field::Struct(&DECAPITATE_ARMORS),
    ),
    opt(b"HCLF", "default_hair_colors", Field::Struct(&HAIR_COLORS)),
    opt(b"TINL", "tint_count", Field::Value(U16)),
    opt(b"PNAM", "facegen_main_clamp", Field::Value(Ty::F32)),
    opt(b"UNAM", "facegen_face_clamp", Field::Value(Ty::F32)),
    form_of(b"ATKR", "attack_race", &[b"RACE"]),
    groups("attacks", &ATTACK),
    group("body_data", &BODY_DATA),
    opt(b"HNAM", "hairs", Field::Array(&HAIRS)),
    opt(b"ENAM", "eyes", Field::Array(&EYES)),
    form_of(b"GNAM", "body_part_data", &[b"BPTD"]),
    opt(b"NAM2", "marker_nam2_2", Field::Empty),
    opt(b"NAM3", "marker_nam3", Field::Empty),
    group("male_behavior_graph", &MALE_BEHAVIOR_GRAPH),
    group("female_behavior_graph", &FEMALE_BEHAVIOR_GRAPH),
    form_of(b"NAM4", "material_type", &[b"MATT"]),
    form_of(b"NAM5", "impact_data_set", &[b"IPDS"]),
    form_of(b"NAM7", "decapitation_fx", &[b"ARTO"]),
    form_of(b"ONAM", "open_loot_sound", &[b"SNDR"]),
    form_of(b"LNAM", "close_loot_sound", &[b"SNDR"]),
    rep(b"NAME", "biped_object_names", Field::ZString),
    groups("movement_types", &MOVEMENT_TYPE),
    opt(
        b"VNAM",
        "equipment_flags",
        Field::Value(Ty::Flags(Int::U32, &EQUIP_TYPES)),
    ),
    rep(b"QNAM", "equip_slots", Field::Value(fid(&[b"EQUP"]))),
    form_of(b"UNES", "unarmed_equip_slot", &[b"EQUP"]),
    rep(b"PHTN", "phoneme_target_names", Field::ZString),
    rep(
        b"PHWT",
        "phoneme_target_weights",
        Field::Struct(&PHONEME_WEIGHTS),
    ),
    form_of(b"WKMV", "base_movement_walk", &[b"MOVT"]),
    form_of(b"RNMV", "base_movement_run", &[b"MOVT"]),
    form_of(b"SWMV", "base_movement_swim", &[b"MOVT"]),
    form_of(b"FLMV", "base_movement_fly", &[b"MOVT"]),
    form_of(b"SNMV", "base_movement_sneak", &[b"MOVT"]),
    form_of(b"SPMV", "base_movement_sprint", &[b"MOVT"]),
    groups("head_data", &HEAD_DATA),
    form_of(b"NAM8", "morph_race", &[b"RACE"]),
    form_of(b"RNAM", "armor_race", &[b"RACE"]),
]);
