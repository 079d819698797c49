//! SMBN: a story manager branch node.

use super::story::BRANCH_NODE;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's story manager branch node (SMBN) record declaration.
pub static SMBN: RecordDef = RecordDef {
    sig: Sig(*b"SMBN"),
    title: "Story manager branch node",
    members: &BRANCH_NODE,
};
