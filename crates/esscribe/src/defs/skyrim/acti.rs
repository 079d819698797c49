//! ACTI: an activator.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Activator flags (FNAM `flags`), also used by flora.
pub static ACTIVATOR_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "no_displacement"), (0x02, "ignored_by_sandbox")],
};

/// Skyrim's activator (ACTI) record declaration.
pub static ACTI: RecordDef = records::ACTI.with(&join::<_, 15>(&[
    &ACTIVATOR_HEAD,
    &[
        opt(b"PNAM", "marker_color", Field::Struct(&RGBA)),
        form_of(b"SNAM", "looping_sound", &[b"SNDR"]),
        form_of(b"VNAM", "activation_sound", &[b"SNDR"]),
        form_of(b"WNAM", "water_type", &[b"WATR"]),
        opt(b"RNAM", "activate_text_override", Field::LString),
        opt(
            b"FNAM",
            "flags",
            Field::Value(Ty::Flags(Int::U16, &ACTIVATOR_FLAGS)),
        ),
        form_of(b"KNAM", "interaction_keyword", &[b"KYWD"]),
    ],
]));
