//! LVLN: a leveled actor list.

use super::common::{editor_id, model, object_bounds};
use super::leveled::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's leveled actor (LVLN) record declaration.
pub static LVLN: RecordDef = RecordDef {
    sig: Sig(*b"LVLN"),
    title: "Leveled actor",
    members: &[
        editor_id(),
        object_bounds(),
        chance_none(),
        max_count(),
        flags(),
        use_global(),
        entry_count(),
        entries(&ACTOR_ENTRY),
        model(),
    ],
};
