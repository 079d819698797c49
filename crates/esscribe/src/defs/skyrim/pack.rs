//! PACK: an AI package. The same signatures mean different things in the
//! record's sections, which follow each other in a fixed order: the header,
//! the public package data (data inputs, then their IDs), the procedure
//! tree, the procedure data, and the on begin / on end / on change
//! sections. The declaration lists the sections in that order, so each
//! ANAM, UNAM, PNAM, CNAM, QNAM, PDTO and CTDA is read with the meaning of
//! the section it stands in.

use super::condition::CONDITION_GROUP;
use super::vmad::PACKAGE_VMAD;
use crate::defs::shared::pack::{self, ANY_IF_NEGATIVE};
use crate::defs::shared::records;
use crate::schema::types::*;

/// AI package flags (PKDT `flags`; PFO2 set and clear flags).
pub static PACKAGE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0000_0001, "offers_services"),
        (0x0000_0004, "must_complete"),
        (0x0000_0008, "maintain_speed_at_goal"),
        (0x0000_0040, "unlock_doors_at_package_start"),
        (0x0000_0080, "unlock_doors_at_package_end"),
        (0x0000_0200, "continue_if_pc_near"),
        (0x0000_0400, "once_per_day"),
        (0x0000_2000, "preferred_speed"),
        (0x0002_0000, "always_sneak"),
        (0x0004_0000, "allow_swimming"),
        (0x0010_0000, "ignore_combat"),
        (0x0020_0000, "weapons_unequipped"),
        (0x0080_0000, "weapon_drawn"),
        (0x0800_0000, "no_combat_alert"),
        (0x2000_0000, "wear_sleep_outfit"),
    ],
};

/// AI package interrupt flags: which interruptions the package allows.
pub static INTERRUPT_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0001, "hellos_to_player"),
        (0x0002, "random_conversations"),
        (0x0004, "observe_combat_behavior"),
        (0x0008, "greet_corpse_behavior"),
        (0x0010, "reaction_to_player_actions"),
        (0x0020, "friendly_fire_comments"),
        (0x0040, "aggro_radius_behavior"),
        (0x0080, "allow_idle_chatter"),
        (0x0200, "world_interactions"),
    ],
};

/// AI package types (PKDT `type`): package, template.
pub static PACKAGE_TYPES: EnumDef = EnumDef {
    values: &[(0x12, "package"), (0x13, "template")],
};

/// AI package interrupt overrides (PKDT `interrupt_override`).
pub static INTERRUPT_OVERRIDES: EnumDef = EnumDef {
    values: &[
        (0, "none"),
        (1, "spectator"),
        (2, "observe_dead"),
        (3, "guard_warn"),
        (4, "combat"),
    ],
};

/// AI package preferred speeds: walk, jog, run, fast walk.
pub static SPEEDS: EnumDef = EnumDef {
    values: &[(0, "walk"), (1, "jog"), (2, "run"), (3, "fast_walk")],
};

/// Days of an AI package's schedule (PSDT): `any`, one day from Sunday
/// to Saturday, or a set of days (weekdays, weekends, ...).
pub static DAYS_OF_WEEK: EnumDef = EnumDef {
    values: &[
        (-1, "any"),
        (0, "sunday"),
        (1, "monday"),
        (2, "tuesday"),
        (3, "wednesday"),
        (4, "thursday"),
        (5, "friday"),
        (6, "saturday"),
        (7, "weekdays"),
        (8, "weekends"),
        (9, "monday_wednesday_friday"),
        (10, "tuesday_thursday"),
    ],
};

/// How an AI package plays its idles (IDLF `idle_flags`).
pub static IDLE_FLAGS: EnumDef = EnumDef {
    values: &[
        (0, "none"),
        (8, "random"),
        (9, "in_sequence"),
        (12, "random_do_once"),
        (13, "in_sequence_do_once"),
    ],
};

/// AI package location types.
pub static LOCATION_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "near_reference"),
        (1, "in_cell"),
        (2, "near_package_start"),
        (3, "near_editor_location"),
        (4, "object_id"),
        (5, "object_type"),
        (6, "near_linked_reference"),
        (7, "at_package_location"),
        (8, "reference_alias"),
        (9, "location_alias"),
        (12, "near_self"),
    ],
};

/// Object types, as locations and targets name them.
pub static OBJECT_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "none"),
        (1, "activators"),
        (2, "armor"),
        (3, "books"),
        (4, "clothing"),
        (5, "containers"),
        (6, "doors"),
        (7, "ingredients"),
        (8, "lights"),
        (9, "misc"),
        (10, "flora"),
        (11, "furniture"),
        (12, "weapons_any"),
        (13, "ammo"),
        (14, "npcs"),
        (15, "creatures"),
        (16, "keys"),
        (17, "alchemy"),
        (18, "food"),
        (19, "all_combat_wearable"),
        (20, "all_wearable"),
        (21, "weapons_ranged"),
        (22, "weapons_melee"),
        (23, "weapons_none"),
        (24, "actor_effects_any"),
        (25, "actor_effects_range_target"),
        (26, "actor_effects_range_touch"),
        (27, "actor_effects_range_self"),
        (28, "actors_any"),
    ],
};

/// What a package's near or specific reference names: a placed object.
const REFERENCES: Targets = &[
    b"REFR", b"ACHR", b"PGRE", b"PMIS", b"PARW", b"PBAR", b"PBEA", b"PCON", b"PFLA", b"PHZD",
];

/// What a package location's "near reference" names: a placed object,
/// or a door.
const LOCATION_REFERENCES: Targets = &[
    b"DOOR", b"REFR", b"ACHR", b"PGRE", b"PMIS", b"PARW", b"PBAR", b"PBEA", b"PCON", b"PFLA",
    b"PHZD",
];

/// What a package location's "object ID" names.
const OBJECT_IDS: Targets = &[
    b"ACTI", b"DOOR", b"STAT", b"MSTT", b"FURN", b"SPEL", b"SCRL", b"NPC_", b"CONT", b"ARMO",
    b"AMMO", b"MISC", b"WEAP", b"BOOK", b"KEYM", b"ALCH", b"LIGH", b"FACT", b"FLST", b"IDLM",
    b"SHOU",
];

/// A form ID for near reference, in cell, object ID and near linked
/// reference (a keyword); an object type; an alias index; else unused.
static LOCATION_VALUE: SelectDef = SelectDef {
    field: "type",
    cases: &[
        (Match::OneOf(&[0]), fid(LOCATION_REFERENCES)),
        (Match::OneOf(&[1]), fid(&[b"CELL"])),
        (Match::OneOf(&[4]), fid(OBJECT_IDS)),
        (Match::OneOf(&[6]), fid(&[b"KYWD"])),
        (Match::OneOf(&[5]), Ty::Enum(Int::U32, &OBJECT_TYPES)),
        (Match::OneOf(&[8, 9]), I32),
    ],
    default: U32,
};

/// An AI package location (PLDT; PLVD for a faction's vendor location):
/// type, the location itself and radius.
pub static LOCATION: [FieldDef; 3] = [
    f("type", Ty::Enum(Int::I32, &LOCATION_TYPES)),
    f("location", Ty::Select(&LOCATION_VALUE)),
    f("radius", I32),
];

/// AI package target types.
pub static TARGET_TYPES: EnumDef = EnumDef {
    values: &join::<_, 6>(&[
        &pack::TARGET_TYPE_VALUES,
        &[(3, "linked_reference"), (4, "reference_alias"), (6, "self")],
    ]),
};

/// What a package target's "object ID" names: a package location's, and
/// sounds, texture sets and projectiles.
const TARGET_OBJECT_IDS: Targets = &[
    b"ACTI", b"DOOR", b"STAT", b"MSTT", b"FURN", b"SPEL", b"SCRL", b"NPC_", b"CONT", b"ARMO",
    b"AMMO", b"MISC", b"WEAP", b"BOOK", b"KEYM", b"ALCH", b"INGR", b"LIGH", b"FACT", b"FLST",
    b"IDLM", b"SHOU", b"SOUN", b"TXST", b"PROJ",
];

/// A form ID for a specific reference and an object ID; a linked
/// reference's form ID names no one type; an object type; an alias index.
static TARGET_VALUE: SelectDef = SelectDef {
    field: "type",
    cases: &[
        (Match::OneOf(&[0]), fid(REFERENCES)),
        (Match::OneOf(&[1]), fid(TARGET_OBJECT_IDS)),
        (Match::OneOf(&[3]), Ty::FormId),
        (Match::OneOf(&[2]), Ty::Enum(Int::U32, &OBJECT_TYPES)),
        (Match::OneOf(&[4]), I32),
    ],
    default: U32,
};

/// An AI package target (PTDA): type, the target itself and count.
pub static TARGET: [FieldDef; 3] = [
    f("type", Ty::Enum(Int::I32, &TARGET_TYPES)),
    f("target", Ty::Select(&TARGET_VALUE)),
    f("count", I32),
];

static TOPIC_TYPES: EnumDef = EnumDef {
    values: &[(0, "topic"), (1, "subtype")],
};

/// A DIAL form ID, or a four-character subtype such as HELO.
static TOPIC_VALUE: SelectDef = SelectDef {
    field: "type",
    cases: &[(Match::OneOf(&[1]), Ty::Char4)],
    default: fid(&[b"DIAL"]),
};

/// An AI package topic (PDTO): type, and the topic as a form ID or a name.
pub static TOPIC: [FieldDef; 2] = [
    f("type", Ty::Enum(Int::U32, &TOPIC_TYPES)),
    f("topic", Ty::Select(&TOPIC_VALUE)),
];

/// A data input's CNAM: its type name says how to read it.
const INPUT_NUMBER: Field = Field::BySibling {
    sibling: "type",
    cases: &[
        ("Bool", Field::Value(Ty::Bool)),
        ("Int", Field::Value(I32)),
        ("Float", Field::Value(Ty::F32)),
        ("ObjectList", Field::Value(Ty::F32)),
    ],
    default: &Field::Bytes,
};

/// One data input: its type name, then its value in the subrecord that
/// type uses.
static INPUT: [Member; 7] = [
    sub(b"ANAM", "type", Field::ZString),
    opt(b"CNAM", "value", INPUT_NUMBER).when("type", &["Bool", "Int", "Float", "ObjectList"]),
    opt(b"PLDT", "value", Field::Struct(&LOCATION)).when("type", &["Location"]),
    opt(b"PTDA", "value", Field::Struct(&TARGET)).when("type", &["SingleRef", "TargetSelector"]),
    rep(b"PDTO", "value", Field::Struct(&TOPIC)).when("type", &["Topic"]),
    opt(b"TPIC", "topic", Field::Value(fid(&[b"DIAL"]))),
    opt(b"BNAM", "name", Field::ZString),
];

static BRANCH_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x1, "repeat_when_complete")],
};

static PROCEDURE_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x1, "success_completes_package")],
};

/// A node of the procedure tree: a branch (Sequence, Simultaneous,
/// Stacked, Random...) with its child count, or a Procedure with its
/// name and the activity IDs it uses.
static BRANCH: [Member; 9] = [
    sub(b"ANAM", "branch_type", Field::ZString),
    opt(b"CITC", "condition_count", Field::Value(U32)).counts("conditions"),
    groups("conditions", &CONDITION_GROUP),
    opt(
        b"PRCB",
        "branch",
        Field::Struct(&[
            f("child_count", U32),
            f("flags", Ty::Flags(Int::U32, &BRANCH_FLAGS)),
        ]),
    ),
    opt(b"PNAM", "procedure", Field::ZString),
    opt(
        b"FNAM",
        "flags",
        Field::Value(Ty::Flags(Int::U32, &PROCEDURE_FLAGS)),
    ),
    rep(b"PKC2", "activity_ids", Field::Value(U8)),
    rep(
        b"PFO2",
        "flag_overrides",
        Field::Struct(&[
            f("set_flags", Ty::Flags(Int::U32, &PACKAGE_FLAGS)),
            f("clear_flags", Ty::Flags(Int::U32, &PACKAGE_FLAGS)),
            f("set_interrupt_flags", Ty::Flags(Int::U16, &INTERRUPT_FLAGS)),
            f(
                "clear_interrupt_flags",
                Ty::Flags(Int::U16, &INTERRUPT_FLAGS),
            ),
            f("preferred_speed", Ty::Enum(Int::U8, &SPEEDS)),
            f("unknown", Ty::Bytes(3)),
        ]),
    ),
    // Bytes nobody has documented.
    rep(b"PFOR", "pfor", Field::Opaque),
];

static ACTIVITY_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x1, "public")],
};

/// A leftover script header from older engines: 4 unused bytes, then the
/// reference, compiled size, variable count and type.
static SCRIPT_HEADER: [FieldDef; 6] = [
    f("unused", Ty::Bytes(4)),
    f("reference_count", U32),
    f("compiled_size", U32),
    f("variable_count", U32),
    f("type", U16),
    f("flags", U16),
];

/// On begin, on end or on change: the marker, the idle, leftovers of an
/// old script, and the topics.
const fn action(marker: &'static [u8; 4]) -> [Member; 8] {
    [
        sub(marker, "marker", Field::Empty),
        opt(b"INAM", "idle", Field::Value(fid(&[b"IDLE"]))),
        opt(b"SCHR", "script_header", Field::Struct(&SCRIPT_HEADER)),
        opt(b"SCDA", "compiled_script", Field::Opaque),
        opt(b"SCTX", "script_text", Field::Text),
        opt(b"QNAM", "quest", Field::Value(fid(&[b"QUST"]))),
        opt(b"TNAM", "tnam", Field::Value(U32)),
        rep(b"PDTO", "topics", Field::Struct(&TOPIC)),
    ]
}

static ON_BEGIN: [Member; 8] = action(b"POBA");
static ON_END: [Member; 8] = action(b"POEA");
static ON_CHANGE: [Member; 8] = action(b"POCA");

/// Skyrim's AI package (PACK) record declaration.
pub static PACK: RecordDef = records::PACK.with(&[
    opt(b"EDID", "editor_id", Field::ZString),
    opt(b"VMAD", "scripts", Field::Struct(&PACKAGE_VMAD)),
    sub(
        b"PKDT",
        "general",
        Field::Struct(&[
            f("flags", Ty::Flags(Int::U32, &PACKAGE_FLAGS)),
            f("type", Ty::Enum(Int::U8, &PACKAGE_TYPES)),
            f(
                "interrupt_override",
                Ty::Enum(Int::U8, &INTERRUPT_OVERRIDES),
            ),
            f("preferred_speed", Ty::Enum(Int::U8, &SPEEDS)),
            f("unknown", Ty::Bytes(1)),
            f("interrupt_flags", Ty::Flags(Int::U16, &INTERRUPT_FLAGS)),
            f("unknown_2", Ty::Bytes(2)),
        ]),
    ),
    sub(
        b"PSDT",
        "schedule",
        Field::Struct(&join::<_, 7>(&[
            &pack::schedule_start(&DAYS_OF_WEEK),
            &[
                f("minute", Ty::Enum(Int::I8, &ANY_IF_NEGATIVE)),
                f("unused", Ty::Bytes(3)),
                f("duration_minutes", I32),
            ],
        ])),
    ),
    groups("conditions", &CONDITION_GROUP),
    opt(
        b"IDLF",
        "idle_flags",
        Field::Value(Ty::Enum(Int::U8, &IDLE_FLAGS)),
    ),
    opt(
        b"IDLC",
        "idle_count",
        Field::Struct(&[f("count", U8), f("unused", Ty::Bytes(3))]),
    ),
    opt(b"IDLT", "idle_timer", Field::Value(Ty::F32)),
    opt(
        b"IDLA",
        "idle_animations",
        Field::Array(&[f("idle", fid(&[b"IDLE"]))]),
    ),
    opt(
        b"IDLB",
        "idle_unknown",
        Field::Struct(&[f("unknown", Ty::Bytes(4))]),
    ),
    opt(b"CNAM", "combat_style", Field::Value(fid(&[b"CSTY"]))),
    opt(b"QNAM", "owner_quest", Field::Value(fid(&[b"QUST"]))),
    sub(
        b"PKCU",
        "counter",
        Field::Struct(&[
            f("data_input_count", U32),
            f("template", fid(&[b"PACK"])),
            f("version", U32),
        ]),
    ),
    paired("data_inputs", &INPUT, b"UNAM", "id", Field::Value(I8)),
    sub(b"XNAM", "marker", Field::Value(I8)),
    tree("procedure_tree", &BRANCH, ("branch", "child_count")),
    groups(
        "procedure_data",
        &[
            sub(b"UNAM", "id", Field::Value(I8)),
            opt(b"BNAM", "name", Field::ZString),
            opt(
                b"PNAM",
                "flags",
                Field::Value(Ty::Flags(Int::U32, &ACTIVITY_FLAGS)),
            ),
        ],
    ),
    group("on_begin", &ON_BEGIN),
    group("on_end", &ON_END),
    group("on_change", &ON_CHANGE),
]);
