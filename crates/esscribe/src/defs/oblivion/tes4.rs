//! TES4: the plugin's header record: version, record count, author,
//! description, masters ([`crate::defs::shared::tes4`]).

use crate::defs::shared::tes4;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's plugin header (TES4) record declaration.
pub static TES4: RecordDef = RecordDef {
    sig: Sig(*b"TES4"),
    title: "Plugin header",
    members: &tes4::MEMBERS,
};
