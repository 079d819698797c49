//! PERK: a perk: requirements, then effects (quest stages, abilities or
//! entry points with their conditions and function parameters).

use super::common::{conditions, description, editor_id, form_of, full_name};
use super::condition::CONDITION_GROUP;
pub use super::fact::NO_YES;
use super::vmad::PERK_VMAD;
use crate::io::Sig;
use crate::schema::types::*;

/// Perk effect types (PRKE `type`): quest stage, ability, entry point.
pub static EFFECT_TYPES: EnumDef = EnumDef {
    values: &[(0, "quest_stage"), (1, "ability"), (2, "entry_point")],
};

/// Perk entry point functions: set, add, multiply value, ...
pub static ENTRY_POINT_FUNCTIONS: EnumDef = EnumDef {
    values: &[
        (0, "unknown_0"),
        (1, "set_value"),
        (2, "add_value"),
        (3, "multiply_value"),
        (4, "add_range_to_value"),
        (5, "add_actor_value_mult"),
        (6, "absolute_value"),
        (7, "negative_absolute_value"),
        (8, "add_leveled_list"),
        (9, "add_activate_choice"),
        (10, "select_spell"),
        (11, "select_text"),
        (12, "set_to_actor_value_mult"),
        (13, "multiply_actor_value_mult"),
        (14, "multiply_1_plus_actor_value_mult"),
        (15, "set_text"),
    ],
};

/// Perk entry point function parameter types (EPFT).
pub static PARAMETER_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "none"),
        (1, "float"),
        (2, "float_float"),
        (3, "leveled_item"),
        (4, "spell_with_label"),
        (5, "spell"),
        (6, "string"),
        (7, "lstring"),
    ],
};

/// Perk entry point script fragment flags (EPF3 `flags`).
pub static SCRIPT_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "run_immediately"), (0x02, "replace_default")],
};

static PERK_CONDITION: [Member; 2] = [
    sub(b"PRKC", "run_on_tab_index", Field::Value(I8)),
    groups("conditions", &CONDITION_GROUP),
];

static EFFECT: [Member; 8] = [
    sub(
        b"PRKE",
        "header",
        Field::Struct(&[
            f("type", Ty::Enum(Int::U8, &EFFECT_TYPES)),
            f("rank", U8),
            f("priority", U8),
        ]),
    ),
    // The three kinds of effect data differ in size.
    opt(
        b"DATA",
        "data",
        Field::BySize(&[
            (
                8,
                Field::Struct(&[
                    f("quest", fid(&[b"QUST"])),
                    f("quest_stage", U8),
                    f("unused", Ty::Bytes(3)),
                ]),
            ),
            (4, Field::Struct(&[f("ability", fid(&[b"SPEL"]))])),
            (
                3,
                Field::Struct(&[
                    f("entry_point", U8),
                    f("function", Ty::Enum(Int::U8, &ENTRY_POINT_FUNCTIONS)),
                    f("perk_condition_tab_count", U8),
                ]),
            ),
        ]),
    ),
    groups("perk_conditions", &PERK_CONDITION),
    opt(
        b"EPFT",
        "function_parameter_type",
        Field::Value(Ty::Enum(Int::U8, &PARAMETER_TYPES)),
    ),
    opt(b"EPF2", "button_label", Field::LString),
    opt(
        b"EPF3",
        "script_flags",
        Field::Struct(&[
            f("flags", Ty::Flags(Int::U16, &SCRIPT_FLAGS)),
            f("fragment_index", U16),
        ]),
    ),
    opt(
        b"EPFD",
        "function_data",
        Field::BySibling {
            sibling: "function_parameter_type",
            cases: &[
                // Data under no parameter type: nobody has documented it.
                ("none", Field::Opaque),
                ("float", Field::Value(Ty::F32)),
                (
                    "float_float",
                    Field::Struct(&[f("value_1", Ty::F32), f("value_2", Ty::F32)]),
                ),
                ("leveled_item", Field::Value(fid(&[b"LVLI"]))),
                ("spell_with_label", Field::Value(fid(&[b"SPEL"]))),
                ("spell", Field::Value(fid(&[b"SPEL"]))),
                ("string", Field::ZString),
                ("lstring", Field::LString),
            ],
            default: &Field::Bytes,
        },
    ),
    opt(b"PRKF", "end", Field::Empty),
];

/// Skyrim's perk (PERK) record declaration.
pub static PERK: RecordDef = RecordDef {
    sig: Sig(*b"PERK"),
    title: "Perk",
    members: &[
        editor_id(),
        opt(b"VMAD", "scripts", Field::Struct(&PERK_VMAD)),
        full_name(),
        description(b"DESC"),
        opt(b"ICON", "icon", Field::ZString),
        conditions(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("trait", Ty::Enum(Int::U8, &NO_YES)),
                f("level", U8),
                f("rank_count", U8),
                f("playable", Ty::Enum(Int::U8, &NO_YES)),
                f("hidden", Ty::Enum(Int::U8, &NO_YES)),
            ]),
        ),
        form_of(b"NNAM", "next_perk", &[b"PERK"]),
        groups("effects", &EFFECT),
    ],
};
