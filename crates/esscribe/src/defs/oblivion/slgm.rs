//! SLGM: a soul gem.

use super::common::*;
use crate::defs::shared::slgm;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's soul gem (SLGM) record declaration.
pub static SLGM: RecordDef = RecordDef {
    sig: Sig(*b"SLGM"),
    title: "Soul gem",
    members: &join::<_, 8>(&[
        &[
            editor_id(),
            full_name(),
            model(),
            icon(),
            script(),
            sub(
                b"DATA",
                "data",
                Field::Struct(&[f("value", U32), f("weight", Ty::F32)]),
            ),
        ],
        &slgm::SOUL_MEMBERS,
    ]),
};
