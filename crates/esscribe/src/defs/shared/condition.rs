//! Conditions, in both games: the fields a condition starts with, and the
//! comparison operators.

use crate::defs::AXES;
use crate::schema::types::*;

/// The comparison operator, in the top three bits of the type byte.
pub static OPERATORS: EnumDef = EnumDef {
    values: &[
        (0, "=="),
        (1, "!="),
        (2, ">"),
        (3, ">="),
        (4, "<"),
        (5, "<="),
    ],
};

/// The fields a condition starts with in both games, read with the game's
/// type bits, function table and parameters.
pub const fn head(
    kind: &'static [BitField],
    functions: &'static EnumDef,
    parameter_1: &'static SelectDef,
    parameter_2: &'static SelectDef,
) -> [FieldDef; 7] {
    [
        f("type", Ty::Bits(Int::U8, kind)),
        f("unused", Ty::Bytes(3)),
        f("comparison_value", Ty::Select(&COMPARISON_VALUE)),
        f("function", Ty::Enum(Int::U16, functions)),
        f("unused_2", Ty::Bytes(2)),
        f("parameter_1", Ty::Select(parameter_1)),
        f("parameter_2", Ty::Select(parameter_2)),
    ]
}

/// The type byte: the operator, and the game's flags in the low bits.
pub const fn condition_type(flags: &'static FlagsDef) -> [BitField; 2] {
    [
        BitField {
            name: "operator",
            mask: 0xE0,
            kind: BitKind::Enum(&OPERATORS),
        },
        BitField {
            name: "flags",
            mask: 0x1F,
            kind: BitKind::Flags(flags),
        },
    ]
}

/// The comparison value is a float, or a global variable when "use
/// global" is set in the type byte.
pub static COMPARISON_VALUE: SelectDef = SelectDef {
    field: "type",
    cases: &[(Match::AnyBit(0x04), fid(&[b"GLOB"]))],
    default: Ty::F32,
};

/// What a parameter holds by the function besides a form ID: a float or
/// an axis for the functions of the game's lists given. The form ID cases
/// come first, from the game's table of parameter types.
pub const fn parameter_cases(floats: &'static [i64], axes: &'static [i64]) -> [(Match, Ty); 2] {
    [
        (Match::OneOf(floats), Ty::F32),
        (Match::OneOf(axes), Ty::Enum(Int::U32, &AXES)),
    ]
}

/// A parameter: what it holds is chosen by the function, among `cases`;
/// an integer otherwise.
pub const fn parameter(cases: &'static [(Match, Ty)]) -> SelectDef {
    SelectDef {
        field: "function",
        cases,
        default: I32,
    }
}
