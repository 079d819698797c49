//! MISC: a miscellaneous item.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Oblivion's miscellaneous item (MISC) record declaration.
pub static MISC: RecordDef = records::MISC.with(&[
    editor_id(),
    full_name(),
    model(),
    icon(),
    script(),
    value_weight(),
]);
