//! KEYM: a key, declared as a miscellaneous item is.

use super::misc::MEMBERS;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Skyrim's key (KEYM) record declaration.
pub static KEYM: RecordDef = records::KEYM.with(&MEMBERS);
