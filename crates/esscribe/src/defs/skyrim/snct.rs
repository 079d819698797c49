//! SNCT: a sound category.

use super::common::{editor_id, form_of, full_name};
use crate::io::Sig;
use crate::schema::types::*;

/// Sound category flags (FNAM `flags`).
pub static CATEGORY_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "mute_when_submerged"),
        (0x02, "should_appear_on_menu"),
    ],
};

/// Skyrim's sound category (SNCT) record declaration.
pub static SNCT: RecordDef = RecordDef {
    sig: Sig(*b"SNCT"),
    title: "Sound category",
    members: &[
        editor_id(),
        full_name(),
        opt(
            b"FNAM",
            "flags",
            Field::Value(Ty::Flags(Int::U32, &CATEGORY_FLAGS)),
        ),
        form_of(b"PNAM", "parent", &[b"SNCT"]),
        opt(b"VNAM", "static_volume_multiplier", Field::Value(U16)),
        opt(b"UNAM", "default_menu_value", Field::Value(U16)),
    ],
};
