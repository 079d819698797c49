//! ACHR: a placed NPC.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

static UNUSED_CELL: [Member; 2] = [
    sub(b"XPCI", "cell", Field::Value(fid(&[b"CELL"]))),
    opt(b"FULL", "name", Field::ZString),
];

/// Oblivion's placed NPC (ACHR) record declaration.
pub static ACHR: RecordDef = records::ACHR.with(&[
    editor_id(),
    sub(b"NAME", "base", Field::Value(fid(&[b"NPC_"]))),
    group("unused_cell", &UNUSED_CELL),
    distant_lod(),
    enable_parent(),
    form_of(b"XMRC", "merchant_container", &[b"REFR"]),
    form_of(b"XHRS", "horse", &[b"ACRE"]),
    ragdoll(),
    scale(),
    position_rotation(),
]);
