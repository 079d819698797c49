//! ANIO: an animated object.

use super::common::{editor_id, model};
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's animated object (ANIO) record declaration.
pub static ANIO: RecordDef = RecordDef {
    sig: Sig(*b"ANIO"),
    title: "Animated object",
    members: &[
        editor_id(),
        model(),
        sub(b"DATA", "idle_animation", Field::Value(fid(&[b"IDLE"]))),
    ],
};
