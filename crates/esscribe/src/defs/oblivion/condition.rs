//! Oblivion conditions (CTDA; CTDT in older files), shared by every record
//! that has conditions.

use super::functions::{
    AXIS_PARAMETER_1, AXIS_PARAMETER_2, FLOAT_PARAMETER_1, FLOAT_PARAMETER_2, FORM_PARAMETER_1,
    FORM_PARAMETER_2, FUNCTIONS,
};
use crate::defs::shared::condition;
use crate::schema::types::*;

/// Flags in the low bits of the type byte.
pub static CONDITION_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "or"), (0x02, "run_on_target"), (0x04, "use_global")],
};

/// The type byte: operator and flags.
pub static CONDITION_TYPE: [BitField; 2] = condition::condition_type(&CONDITION_FLAGS);

static PARAMETER_1_CASES: [(Match, Ty); 21] = join(&[
    &FORM_PARAMETER_1,
    &condition::parameter_cases(FLOAT_PARAMETER_1, AXIS_PARAMETER_1),
]);
static PARAMETER_2_CASES: [(Match, Ty); 6] = join(&[
    &FORM_PARAMETER_2,
    &condition::parameter_cases(FLOAT_PARAMETER_2, AXIS_PARAMETER_2),
]);

/// What a parameter holds depends on the function.
static PARAMETER_1: SelectDef = condition::parameter(&PARAMETER_1_CASES);

static PARAMETER_2: SelectDef = condition::parameter(&PARAMETER_2_CASES);

/// 24 bytes; 20 in older files, which lack the last field.
pub static CONDITION: [FieldDef; 8] = join(&[
    &condition::head(&CONDITION_TYPE, &FUNCTIONS, &PARAMETER_1, &PARAMETER_2),
    &[f("unused_3", Ty::Bytes(4))],
]);
