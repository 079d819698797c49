//! Skyrim conditions: a 32-byte CTDA, optionally followed by CIS1 and CIS2
//! (the text of a parameter that names a variable).

use super::functions::{
    AXIS_PARAMETER_1, AXIS_PARAMETER_2, FLOAT_PARAMETER_1, FLOAT_PARAMETER_2, FORM_PARAMETER_1,
    FORM_PARAMETER_2, FUNCTIONS, REF_PARAMETER_1, REF_PARAMETER_2,
};
use crate::defs::shared::condition;
use crate::schema::types::*;

/// Condition flags (CTDA): or, use aliases, use global, ...; the comparison
/// operator sits in the same byte's top bits.
pub static CONDITION_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "or"),
        (0x02, "use_aliases"),
        (0x04, "use_global"),
        (0x08, "use_package_data"),
        (0x10, "swap_subject_and_target"),
    ],
};

static CONDITION_TYPE: [BitField; 2] = condition::condition_type(&CONDITION_FLAGS);

static PARAMETER_1_CASES: [(Match, Ty); 34] = join(&[
    &REF_PARAMETER_1,
    &FORM_PARAMETER_1,
    &condition::parameter_cases(FLOAT_PARAMETER_1, AXIS_PARAMETER_1),
]);
static PARAMETER_2_CASES: [(Match, Ty); 11] = join(&[
    &REF_PARAMETER_2,
    &FORM_PARAMETER_2,
    &condition::parameter_cases(FLOAT_PARAMETER_2, AXIS_PARAMETER_2),
]);

static PARAMETER_1: SelectDef = condition::parameter(&PARAMETER_1_CASES);

static PARAMETER_2: SelectDef = condition::parameter(&PARAMETER_2_CASES);

/// What a condition's function runs on (CTDA `run_on`).
pub static RUN_ON: EnumDef = EnumDef {
    values: &[
        (0, "subject"),
        (1, "target"),
        (2, "reference"),
        (3, "combat_target"),
        (4, "linked_reference"),
        (5, "quest_alias"),
        (6, "package_data"),
        (7, "event_data"),
    ],
};

/// What a condition may run on: a placed object.
const RUN_ON_REFERENCES: Targets = &[
    b"ACHR", b"REFR", b"PGRE", b"PHZD", b"PMIS", b"PARW", b"PBAR", b"PBEA", b"PCON", b"PFLA",
];

/// The reference is a form ID only when the condition runs on a reference.
static REFERENCE: SelectDef = SelectDef {
    field: "run_on",
    cases: &[(Match::OneOf(&[2]), fid(RUN_ON_REFERENCES))],
    default: U32,
};

/// The fields of a condition (CTDA): operator and flags, comparison value,
/// function, its two parameters, what it runs on, reference and the third
/// parameter.
pub static CONDITION: [FieldDef; 10] = join(&[
    &condition::head(&CONDITION_TYPE, &FUNCTIONS, &PARAMETER_1, &PARAMETER_2),
    &[
        f("run_on", Ty::Enum(Int::U32, &RUN_ON)),
        f("reference", Ty::Select(&REFERENCE)),
        f_default("parameter_3", I32, Default::Int(-1)),
    ],
]);

/// A condition and the texts of its variable-name parameters.
pub static CONDITION_GROUP: [Member; 3] = [
    sub(b"CTDA", "condition", Field::Struct(&CONDITION)),
    opt(b"CIS1", "parameter_1_text", Field::ZString),
    opt(b"CIS2", "parameter_2_text", Field::ZString),
];
