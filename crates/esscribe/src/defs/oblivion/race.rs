//! RACE: a race: its skill boosts, heights and weights, voices, hair,
//! base attributes, the head and body parts and their models, and the
//! face it starts from.

use super::actor::ATTRIBUTE_VALUES;
use super::book::SKILLS;
use super::common::*;
use crate::defs::shared::race;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Race flags (DATA `flags`): playable.
pub static RACE_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "playable")],
};

/// Head part slots of a race (INDX `index` among its face data).
pub static HEAD_PART_INDEXES: EnumDef = EnumDef {
    values: &[
        (0, "head"),
        (1, "ear_male"),
        (2, "ear_female"),
        (3, "mouth"),
        (4, "teeth_lower"),
        (5, "teeth_upper"),
        (6, "tongue"),
        (7, "eye_left"),
        (8, "eye_right"),
    ],
};

/// Body part slots of a race (INDX `index` among its body data).
pub static BODY_PART_INDEXES: EnumDef = EnumDef {
    values: &[
        (0, "upper_body"),
        (1, "lower_body"),
        (2, "hand"),
        (3, "foot"),
        (4, "tail"),
    ],
};

static SKILL_BOOST: [FieldDef; 2] = [f("skill", Ty::Enum(Int::I8, &SKILLS)), f("boost", I8)];

static SKILL_BOOSTS: [FieldDef; 7] = race::skill_boosts(&SKILL_BOOST);

/// A form ID for each sex, of one of `targets`.
const fn male_female(targets: Targets) -> [FieldDef; 2] {
    [f("male", fid(targets)), f("female", fid(targets))]
}

static VOICES: [FieldDef; 2] = male_female(&[b"RACE"]);
static DEFAULT_HAIR: [FieldDef; 2] = male_female(&[b"HAIR"]);

static HAIRS: [FieldDef; 1] = [f("form", fid(&[b"HAIR"]))];
static EYES: [FieldDef; 1] = [f("form", fid(&[b"EYES"]))];

/// A head part: which one, its model and (for the eyes) its texture.
static FACE_PART: [Member; 3] = [
    sub(
        b"INDX",
        "index",
        Field::Value(Ty::Enum(Int::U32, &HEAD_PART_INDEXES)),
    ),
    model(),
    opt(b"ICON", "texture", Field::ZString),
];

static FACE_DATA: [Member; 2] = [
    sub(b"NAM0", "marker", Field::Empty),
    groups("parts", &FACE_PART),
];

static BODY_PART: [Member; 2] = [
    sub(
        b"INDX",
        "index",
        Field::Value(Ty::Enum(Int::U32, &BODY_PART_INDEXES)),
    ),
    opt(b"ICON", "texture", Field::ZString),
];

static MALE_BODY_DATA: [Member; 3] = [
    sub(b"MNAM", "marker", Field::Empty),
    model(),
    groups("parts", &BODY_PART),
];

static FEMALE_BODY_DATA: [Member; 3] = [
    sub(b"FNAM", "marker", Field::Empty),
    model(),
    groups("parts", &BODY_PART),
];

/// Oblivion's race (RACE) record declaration.
pub static RACE: RecordDef = records::RACE.with(&join::<_, 22>(&[
    &[
        editor_id(),
        full_name(),
        opt(b"DESC", "description", Field::ZString),
        rep(b"SPLO", "spells", Field::Value(fid(&[b"SPEL"]))),
        rep(
            b"XNAM",
            "relations",
            Field::Struct(&[f("faction", fid(&[b"FACT", b"RACE"])), f("modifier", I32)]),
        ),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("skill_boosts", Ty::Struct(&SKILL_BOOSTS)),
                f("unused", Ty::Bytes(2)),
                f("male_height", Ty::F32),
                f("female_height", Ty::F32),
                f("male_weight", Ty::F32),
                f("female_weight", Ty::F32),
                f("flags", Ty::Flags(Int::U32, &RACE_FLAGS)),
            ]),
        ),
        opt(b"VNAM", "voices", Field::Struct(&VOICES)),
        opt(b"DNAM", "default_hair", Field::Struct(&DEFAULT_HAIR)),
        opt(b"CNAM", "default_hair_color", Field::Value(U8)),
        opt(b"PNAM", "facegen_main_clamp", Field::Value(Ty::F32)),
        opt(b"UNAM", "facegen_face_clamp", Field::Value(Ty::F32)),
        opt(
            b"ATTR",
            "base_attributes",
            Field::Struct(&[
                f("male", Ty::Struct(&ATTRIBUTE_VALUES)),
                f("female", Ty::Struct(&ATTRIBUTE_VALUES)),
            ]),
        ),
        group("face_data", &FACE_DATA),
        opt(b"NAM1", "body_data_marker", Field::Empty),
        group("male_body_data", &MALE_BODY_DATA),
        group("female_body_data", &FEMALE_BODY_DATA),
        opt(b"HNAM", "hairs", Field::Array(&HAIRS)),
        opt(b"ENAM", "eyes", Field::Array(&EYES)),
    ],
    &FACEGEN,
    &[opt(b"SNAM", "unknown_snam", Field::Value(U16))],
]));
