//! WRLD, in both games: the flags they share, the map's size and corner
//! cells, and the flags with the object bounds.

use super::common::XY;
use crate::schema::types::*;

/// The flags both games have at the same bits.
pub static FLAG_BITS: [(u64, &str); 2] = [(0x01, "small_world"), (0x02, "cant_fast_travel")];

/// The map's usable size and its corner cells.
pub static MAP_CELLS: [FieldDef; 6] = [
    f("usable_width", I32),
    f("usable_height", I32),
    f("north_west_cell_x", I16),
    f("north_west_cell_y", I16),
    f("south_east_cell_x", I16),
    f("south_east_cell_y", I16),
];

/// The world's flags (the game's) and the bounds of its objects.
pub const fn flags_and_bounds(flags: &'static FlagsDef) -> [Member; 3] {
    [
        opt(b"DATA", "flags", Field::Value(Ty::Flags(Int::U8, flags))),
        opt(b"NAM0", "object_bounds_min", Field::Struct(&XY)),
        opt(b"NAM9", "object_bounds_max", Field::Struct(&XY)),
    ]
}
