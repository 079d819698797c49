//! GRAS: grass.

use super::common::{editor_id, model};
use crate::defs::skyrim::gras::{GRASS_FLAGS, WATER_TYPES};
use crate::io::Sig;
use crate::schema::types::*;

pub static GRAS: RecordDef = RecordDef {
    sig: Sig(*b"GRAS"),
    title: "Grass",
    members: &[
        editor_id(),
        model(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("density", U8),
                f("minimum_slope", U8),
                f("maximum_slope", U8),
                f("unused", Ty::Bytes(1)),
                f("units_from_water", U16),
                f("unused_2", Ty::Bytes(2)),
                f("units_from_water_type", Ty::Enum(Int::U32, &WATER_TYPES)),
                f("position_range", Ty::F32),
                f("height_range", Ty::F32),
                f("color_range", Ty::F32),
                f("wave_period", Ty::F32),
                f("flags", Ty::Flags(Int::U8, &GRASS_FLAGS)),
                f("unused_3", Ty::Bytes(3)),
            ]),
        ),
    ],
};
