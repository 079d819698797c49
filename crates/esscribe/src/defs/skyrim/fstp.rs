//! FSTP: a footstep.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's footstep (FSTP) record declaration.
pub static FSTP: RecordDef = RecordDef {
    sig: Sig(*b"FSTP"),
    title: "Footstep",
    members: &[
        editor_id(),
        opt(b"DATA", "impact_data_set", Field::Value(fid(&[b"IPDS"]))),
        opt(b"ANAM", "tag", Field::ZString),
    ],
};
