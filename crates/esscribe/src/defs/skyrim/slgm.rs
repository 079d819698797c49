//! SLGM: a soul gem.

use super::common::*;
use crate::defs::shared::records;
use crate::defs::shared::slgm;
use crate::schema::types::*;

/// Skyrim's soul gem (SLGM) record declaration.
pub static SLGM: RecordDef = records::SLGM.with(&join::<_, 15>(&[
    &[editor_id()],
    &ITEM_PRESENTATION,
    &[keyword_count(), keywords(), value_weight()],
    &slgm::SOUL_MEMBERS,
    &[form_of(b"NAM0", "linked_to", &[b"SLGM"])],
]));
