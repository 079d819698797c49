//! KEYM: a key, declared as a miscellaneous item is.

use super::misc::MEMBERS;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's key (KEYM) record declaration.
pub static KEYM: RecordDef = RecordDef {
    sig: Sig(*b"KEYM"),
    title: "Key",
    members: &MEMBERS,
};
