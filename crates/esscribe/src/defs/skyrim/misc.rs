//! MISC: a miscellaneous item.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's miscellaneous item (MISC) record declaration.
pub static MISC: RecordDef = RecordDef {
    sig: Sig(*b"MISC"),
    title: "Miscellaneous item",
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
