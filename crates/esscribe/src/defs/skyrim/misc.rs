//! MISC: a miscellaneous item.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// A miscellaneous item's members, which keys share: names, scripts, the
/// item's presentation, keywords, value and weight.
pub static MEMBERS: [Member; 13] = join(&[
    &[editor_id(), scripts()],
    &ITEM_PRESENTATION,
    &[keyword_count(), keywords(), value_weight()],
]);

/// Skyrim's miscellaneous item (MISC) record declaration.
pub static MISC: RecordDef = records::MISC.with(&MEMBERS);
