//! LVSP: a leveled spell list.

use super::common::{editor_id, object_bounds};
use super::leveled::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's leveled spell (LVSP) record declaration.
pub static LVSP: RecordDef = RecordDef {
    sig: Sig(*b"LVSP"),
    title: "Leveled spell",
    members: &[
        editor_id(),
        object_bounds(),
        chance_none(),
        flags(),
        entry_count(),
        entries(&SPELL_ENTRY),
    ],
};
