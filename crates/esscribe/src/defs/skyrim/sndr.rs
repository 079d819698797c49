//! SNDR: a sound descriptor.

use super::common::{conditions, editor_id, form_of};
use crate::io::Sig;
use crate::schema::types::*;

/// Sound descriptor looping modes (LNAM `looping`).
pub static LOOPING: EnumDef = EnumDef {
    values: &[
        (0x00, "none"),
        (0x08, "loop"),
        (0x10, "envelope_fast"),
        (0x20, "envelope_slow"),
    ],
};

/// Skyrim's sound descriptor (SNDR) record declaration.
pub static SNDR: RecordDef = RecordDef {
    sig: Sig(*b"SNDR"),
    title: "Sound descriptor",
    members: &[
        editor_id(),
        opt(b"CNAM", "descriptor_type", Field::Value(U32)),
        form_of(b"GNAM", "category", &[b"SNCT"]),
        form_of(b"SNAM", "alternate_sound_for", &[b"SNDR"]),
        rep(b"ANAM", "sound_files", Field::ZString),
        form_of(b"ONAM", "output_model", &[b"SOPM"]),
        opt(b"FNAM", "string", Field::ZString),
        conditions(),
        opt(
            b"LNAM",
            "values",
            Field::Struct(&[
                f("unknown", U8),
                f("looping", Ty::Enum(Int::U8, &LOOPING)),
                f("unknown_2", U8),
                f("rumble_send_value", U8),
            ]),
        ),
        opt(
            b"BNAM",
            "values_2",
            Field::Struct(&[
                f("frequency_shift_percent", I8),
                f("frequency_variance_percent", I8),
                f("priority", U8),
                f("db_variance", U8),
                f("static_attenuation_hundredths_db", U16),
            ]),
        ),
    ],
};
