//! LVLI: a leveled item list.

use super::common::{editor_id, object_bounds};
use super::leveled::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Skyrim's leveled item (LVLI) record declaration.
pub static LVLI: RecordDef = records::LVLI.with(&[
    editor_id(),
    object_bounds(),
    chance_none(),
    flags(),
    use_global(),
    entry_count(),
    entries(&ITEM_ENTRY),
]);
