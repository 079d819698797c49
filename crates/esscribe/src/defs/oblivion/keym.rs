//! KEYM: a key.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Oblivion's key (KEYM) record declaration.
pub static KEYM: RecordDef = records::KEYM.with(&[
    editor_id(),
    full_name(),
    model(),
    icon(),
    script(),
    value_weight(),
]);
