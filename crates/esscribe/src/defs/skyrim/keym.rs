//! KEYM: a key.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's key (KEYM) record declaration.
pub static KEYM: RecordDef = RecordDef {
    sig: Sig(*b"KEYM"),
    title: "Key",
    members: &[
        editor_id(),
        scripts(),
        object_bounds(),
        full_name(),
        model(),
        large_icon(),
        small_icon(),
        destructible(),
        pickup_sound(),
        drop_sound(),
        keyword_count(),
        keywords(),
        sub(b"DATA", "data", Field::Struct(&VALUE_WEIGHT)),
    ],
};
