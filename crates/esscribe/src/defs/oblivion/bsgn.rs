//! BSGN: a birthsign.

use super::actor::spells;
use super::common::{editor_id, full_name};
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's birthsign (BSGN) record declaration.
pub static BSGN: RecordDef = RecordDef {
    sig: Sig(*b"BSGN"),
    title: "Birthsign",
    members: &[
        editor_id(),
        full_name(),
        opt(b"ICON", "constellation_image", Field::ZString),
        opt(b"DESC", "description", Field::ZString),
        spells(),
    ],
};
