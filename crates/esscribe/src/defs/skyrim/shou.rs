//! SHOU: a shout (three words of power, each with its spell).

use super::common::{description, editor_id, form_of, full_name};
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's shout (SHOU) record declaration.
pub static SHOU: RecordDef = RecordDef {
    sig: Sig(*b"SHOU"),
    title: "Shout",
    members: &[
        editor_id(),
        full_name(),
        form_of(b"MDOB", "menu_display_object", &[b"STAT"]),
        description(b"DESC"),
        rep(
            b"SNAM",
            "words",
            Field::Struct(&[
                f("word", fid(&[b"WOOP"])),
                f("spell", fid(&[b"SPEL"])),
                f("recovery_time", Ty::F32),
            ]),
        ),
    ],
};
