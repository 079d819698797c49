//! Conditions, in both games: the fields a condition starts with, and the
//! comparison operators.

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
/// type bits, comparison value, function table and parameters.
pub const fn head(
    kind: &'static [BitField],
    comparison: &'static SelectDef,
    functions: &'static EnumDef,
    parameter_1: &'static SelectDef,
    parameter_2: &'static SelectDef,
) -> [FieldDef; 7] {
    [
        f("type", Ty::Bits(Int::U8, kind)),
        f("unused", Ty::Bytes(3)),
        f("comparison_value", Ty::Select(comparison)),
        f("function", Ty::Enum(Int::U16, functions)),
        f("unused_2", Ty::Bytes(2)),
        f("parameter_1", Ty::Select(parameter_1)),
        f("parameter_2", Ty::Select(parameter_2)),
    ]
}
