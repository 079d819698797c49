//! SBSP: a subspace.

use super::common::{editor_id, XYZ};
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's subspace (SBSP) record declaration.
pub static SBSP: RecordDef = RecordDef {
    sig: Sig(*b"SBSP"),
    title: "Subspace",
    members: &[editor_id(), sub(b"DNAM", "size", Field::Struct(&XYZ))],
};
