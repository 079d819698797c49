//! ACHR: a placed NPC.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

pub static ACHR: RecordDef = RecordDef {
    sig: Sig(*b"ACHR"),
    title: "Placed NPC",
    members: &[
        editor_id(),
        sub(b"NAME", "base", Field::Value(Ty::FormId)),
        form(b"XPCI", "unused_cell"),
        opt(b"FULL", "unused_cell_name", Field::ZString),
        distant_lod(),
        enable_parent(),
        form(b"XMRC", "merchant_container"),
        form(b"XHRS", "horse"),
        ragdoll(),
        scale(),
        position_rotation(),
    ],
};
