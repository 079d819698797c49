//! MISC: a miscellaneous item.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's miscellaneous item (MISC) record declaration.
pub static MISC: RecordDef = RecordDef {
    sig: Sig(*b"MISC"),
    title: "Miscellaneous item",
    members: &[
        editor_id(),
        full_name(),
        model(),
        icon(),
        script(),
        value_weight(),
    ],
};
