//! ASPC: an acoustic space.

use super::common::{editor_id, form, object_bounds};
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's acoustic space (ASPC) record declaration.
pub static ASPC: RecordDef = RecordDef {
    sig: Sig(*b"ASPC"),
    title: "Acoustic space",
    members: &[
        editor_id(),
        object_bounds(),
        form(b"SNAM", "ambient_sound"),
        form(b"RDAT", "use_sound_from_region"),
        form(b"BNAM", "environment_type"),
    ],
};
