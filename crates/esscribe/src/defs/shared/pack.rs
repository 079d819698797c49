//! PACK, in both games: when a package's schedule starts, and the target
//! types both have.

use crate::schema::types::*;

/// -1 means any month, hour or minute.
pub static ANY_IF_NEGATIVE: EnumDef = EnumDef {
    values: &[(-1, "any")],
};

/// 0 means any date.
pub static ANY_IF_ZERO: EnumDef = EnumDef {
    values: &[(0, "any")],
};

/// The package target types both games have.
pub static TARGET_TYPE_VALUES: [(i64, &str); 3] = [
    (0, "specific_reference"),
    (1, "object_id"),
    (2, "object_type"),
];

/// The start of a package's schedule (PSDT): month, day of the week (named
/// as the game names days), date and hour, each of which may be any.
pub const fn schedule_start(days_of_week: &'static EnumDef) -> [FieldDef; 4] {
    [
        f("month", Ty::Enum(Int::I8, &ANY_IF_NEGATIVE)),
        f("day_of_week", Ty::Enum(Int::I8, days_of_week)),
        f("date", Ty::Enum(Int::U8, &ANY_IF_ZERO)),
        f("hour", Ty::Enum(Int::I8, &ANY_IF_NEGATIVE)),
    ]
}
