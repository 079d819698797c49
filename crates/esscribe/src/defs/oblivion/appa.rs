//! APPA: an alchemical apparatus.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Alchemical apparatus types (apparatus DATA `type`).
pub static APPARATUS_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "mortar_and_pestle"),
        (1, "alembic"),
        (2, "calcinator"),
        (3, "retort"),
    ],
};

/// Oblivion's alchemical apparatus (APPA) record declaration.
pub static APPA: RecordDef = records::APPA.with(&join::<_, 6>(&[
    &ITEM_HEAD,
    &[sub(
        b"DATA",
        "data",
        Field::Struct(&[
            f("type", Ty::Enum(Int::U8, &APPARATUS_TYPES)),
            f("value", U32),
            f("weight", Ty::F32),
            f("quality", Ty::F32),
        ]),
    )],
]));
