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
        &[editor_id()],
        &ITEM_PRESENTATION,
        &[keyword_count(), keywords(), value_weight()],
        &slgm::SOUL_MEMBERS,
        &[form_of(b"NAM0", "linked_to", &[b"SLGM"])],
    ]),
};
