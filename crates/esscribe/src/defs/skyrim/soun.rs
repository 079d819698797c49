//! SOUN: a sound marker.

use super::common::{editor_id, form_of, object_bounds};
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's sound marker (SOUN) record declaration.
pub static SOUN: RecordDef = RecordDef {
    sig: Sig(*b"SOUN"),
    title: "Sound marker",
    members: &[
        editor_id(),
        object_bounds(),
        opt(b"FNAM", "file", Field::ZString),
        // Left over from earlier versions of the format.
        opt(b"SNDD", "sound_data", Field::Opaque),
        form_of(b"SDSC", "sound_descriptor", &[b"SNDR"]),
    ],
};
