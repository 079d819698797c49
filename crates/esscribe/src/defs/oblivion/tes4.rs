//! TES4: the plugin's header record: version, record count, author,
//! description, masters ([`crate::defs::shared::tes4`]).

use crate::defs::shared::records;
use crate::defs::shared::tes4;
use crate::schema::types::*;

/// Oblivion's plugin header (TES4) record declaration.
pub static TES4: RecordDef = records::TES4.with(&tes4::MEMBERS);
