//! SLGM: a soul gem.

use super::common::*;
use crate::defs::shared::records;
use crate::defs::shared::slgm;
use crate::schema::types::*;

/// Oblivion's soul gem (SLGM) record declaration.
pub static SLGM: RecordDef = records::SLGM.with(&join::<_, 8>(&[
    &ITEM_HEAD,
    &[sub(
        b"DATA",
        "data",
        Field::Struct(&[f("value", U32), f("weight", Ty::F32)]),
    )],
    &slgm::SOUL_MEMBERS,
]));
