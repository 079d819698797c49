//! KEYM: a key.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's key (KEYM) record declaration.
pub static KEYM: RecordDef = RecordDef {
    sig: Sig(*b"KEYM"),
    title: "Key",
    members: &[
        editor_id(),
        full_name(),
        model(),
        icon(),
        script(),
        value_weight(),
    ],
};
