//! SCRL: a scroll (a spell cast once from the inventory).

use super::common::*;
use super::spel::{SPELL_DATA, SPELL_HEAD};
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's scroll (SCRL) record declaration.
pub static SCRL: RecordDef = RecordDef {
    sig: Sig(*b"SCRL"),
    title: "Scroll",
    members: &join::<_, 15>(&[
        &SPELL_HEAD,
        &[
            model(),
            destructible(),
            pickup_sound(),
            drop_sound(),
            sub(
                b"DATA",
                "data",
                Field::Struct(&[f("value", U32), f("weight", Ty::F32)]),
            ),
            sub(b"SPIT", "spell_data", Field::Struct(&SPELL_DATA)),
            effects(),
        ],
    ]),
};
