//! LVSP: a leveled spell list.

use super::common::{editor_id, object_bounds};
use super::leveled::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Skyrim's leveled spell (LVSP) record declaration.
pub static LVSP: RecordDef = records::LVSP.with(&[
    editor_id(),
    object_bounds(),
    chance_none(),
    flags(),
    entry_count(),
    entries(&SPELL_ENTRY),
]);
