//! ASPC: an acoustic space.

use super::common::{editor_id, form_of, object_bounds};
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's acoustic space (ASPC) record declaration.
pub static ASPC: RecordDef = RecordDef {
    sig: Sig(*b"ASPC"),
    title: "Acoustic space",
    members: &[
        editor_id(),
        object_bounds(),
        form_of(b"SNAM", "ambient_sound", &[b"SNDR"]),
        form_of(b"RDAT", "use_sound_from_region", &[b"REGN"]),
        form_of(b"BNAM", "environment_type", &[b"REVB"]),
    ],
};
