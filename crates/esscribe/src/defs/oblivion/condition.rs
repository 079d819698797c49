//! Oblivion conditions (CTDA; CTDT in older files), shared by every record
//! that has conditions.

use super::functions::{
    AXIS_PARAMETER_1, AXIS_PARAMETER_2, FLOAT_PARAMETER_1, FLOAT_PARAMETER_2, FORM_PARAMETER_1,
    FORM_PARAMETER_2, FUNCTIONS,
};
use crate::defs::shared::condition;
use crate::defs::shared::condition::OPERATORS;
use crate::defs::AXES;
use crate::schema::types::*;

/// Flags in the low bits of the type byte.
pub static CONDITION_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "or"), (0x02, "run_on_target"), (0x04, "use_global")],
};

/// The type byte: operator and flags.
pub static CONDITION_TYPE: [BitField; 2] = [
    BitField {
        name: "operator",
        mask: 0xE0,
        kind: BitKind::Enum(&OPERATORS),
    },
    BitField {
        name: "flags",
        mask: 0x1F,
        kind: BitKind::Flags(&CONDITION_FLAGS),
    },
];

/// The comparison value is a float, or a GLOB form ID when "use global" is
/// set in the type byte.
pub static COMPARISON_VALUE: SelectDef = SelectDef {
    field: "type",
    cases: &[(Match::AnyBit(0x04), Ty::FormId)],
    default: Ty::F32,
};

/// What a parameter holds depends on the function.
static PARAMETER_1: SelectDef = SelectDef {
    field: "function",
    cases: &[
        (Match::OneOf(FORM_PARAMETER_1), Ty::FormId),
        (Match::OneOf(FLOAT_PARAMETER_1), Ty::F32),
        (Match::OneOf(AXIS_PARAMETER_1), Ty::Enum(Int::U32, &AXES)),
    ],
    default: I32,
};

static PARAMETER_2: SelectDef = SelectDef {
    field: "function",
    cases: &[
        (Match::OneOf(FORM_PARAMETER_2), Ty::FormId),
        (Match::OneOf(FLOAT_PARAMETER_2), Ty::F32),
        (Match::OneOf(AXIS_PARAMETER_2), Ty::Enum(Int::U32, &AXES)),
    ],
    default: I32,
};

/// 24 bytes; 20 in older files, which lack the last field.
pub static CONDITION: [FieldDef; 8] = join(&[
    &condition::head(
        &CONDITION_TYPE,
        &COMPARISON_VALUE,
        &FUNCTIONS,
        &PARAMETER_1,
        &PARAMETER_2,
    ),
    &[f("unused_3", Ty::Bytes(4))],
]);
