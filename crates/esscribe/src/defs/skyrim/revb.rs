//! REVB: reverb parameters.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's reverb parameters (REVB) record declaration.
pub static REVB: RecordDef = RecordDef {
    sig: Sig(*b"REVB"),
    title: "Reverb parameters",
    members: &[
        editor_id(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("decay_time_ms", U16),
                f("hf_reference_hz", U16),
                f("room_filter", I8),
                f("room_hf_filter", I8),
                f("reflections", I8),
                f("reverb_amp", I8),
                f("decay_hf_ratio_hundredths", U8),
                f("reflect_delay", U8),
                f("reverb_delay", U8),
                f("diffusion_percent", U8),
                f("density_percent", U8),
                f("unknown", U8),
            ]),
        ),
    ],
};
