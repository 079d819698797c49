//! ACHR: a placed NPC.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

static UNUSED_CELL: [Member; 2] = [
    sub(b"XPCI", "cell", Field::Value(Ty::FormId)),
    opt(b"FULL", "name", Field::ZString),
];

/// Oblivion's placed NPC (ACHR) record declaration.
pub static ACHR: RecordDef = RecordDef {
    sig: Sig(*b"ACHR"),
    title: "Placed NPC",
    members: &[
        editor_id(),
        sub(b"NAME", "base", Field::Value(Ty::FormId)),
        group("unused_cell", &UNUSED_CELL),
        distant_lod(),
        enable_parent(),
        form(b"XMRC", "merchant_container"),
        form(b"XHRS", "horse"),
        ragdoll(),
        scale(),
        position_rotation(),
    ],
};
