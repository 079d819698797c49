//! ACRE: a placed creature.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's placed creature (ACRE) record declaration.
pub static ACRE: RecordDef = RecordDef {
    sig: Sig(*b"ACRE"),
    title: "Placed creature",
    members: &[
        editor_id(),
        sub(b"NAME", "base", Field::Value(fid(&[b"CREA"]))),
        owner(),
        owner_rank(),
        owner_global(),
        ragdoll(),
        distant_lod(),
        enable_parent(),
        scale(),
        position_rotation(),
    ],
};
