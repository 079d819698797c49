//! APPA: an alchemical apparatus.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

pub use crate::defs::shared::spel::MASTERY_LEVELS as QUALITIES;

/// Skyrim's alchemical apparatus (APPA) record declaration.
pub static APPA: RecordDef = records::APPA.with(&join::<_, 13>(&[
    &[editor_id(), scripts()],
    &ITEM_PRESENTATION,
    &[
        opt(
            b"QUAL",
            "quality",
            Field::Value(Ty::Enum(Int::I32, &QUALITIES)),
        ),
        description(b"DESC"),
        opt(
            b"DATA",
            "data",
            Field::Struct(&[f("value", U32), f("weight", Ty::F32)]),
        ),
    ],
]));
