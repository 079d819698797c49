//! SCRL: a scroll (a spell cast once from the inventory).

use super::common::*;
use super::spel::SPELL_DATA;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's scroll (SCRL) record declaration.
pub static SCRL: RecordDef = RecordDef {
    sig: Sig(*b"SCRL"),
    title: "Scroll",
    members: &[
        editor_id(),
        object_bounds(),
        full_name(),
        keyword_count(),
        keywords(),
        form_of(b"MDOB", "menu_display_object", &[b"STAT"]),
        form_of(b"ETYP", "equip_type", &[b"EQUP"]),
        description(b"DESC"),
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
};
