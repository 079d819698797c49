//! SLGM: a soul gem.

use super::common::*;
use crate::defs::shared::slgm;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's soul gem (SLGM) record declaration.
pub static SLGM: RecordDef = RecordDef {
    sig: Sig(*b"SLGM"),
    title: "Soul gem",
    members: &join::<_, 15>(&[
        &[
            editor_id(),
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
        &slgm::SOUL_MEMBERS,
        &[form_of(b"NAM0", "linked_to", &[b"SLGM"])],
    ]),
};
