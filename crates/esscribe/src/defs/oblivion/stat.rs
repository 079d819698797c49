//! STAT: a static object.

use super::common::{editor_id, model};
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's static (STAT) record declaration.
pub static STAT: RecordDef = RecordDef {
    sig: Sig(*b"STAT"),
    title: "Static",
    members: &[editor_id(), model()],
};
