//! IDLE: an idle animation.

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's idle animation (IDLE) record declaration.
pub static IDLE: RecordDef = RecordDef {
    sig: Sig(*b"IDLE"),
    title: "Idle animation",
    members: &[
        editor_id(),
        model(),
        conditions(),
        conditions_old(),
        opt(b"ANAM", "animation_group_section", Field::Value(U8)),
        sub(
            b"DATA",
            "related_idles",
            Field::Struct(&[f("parent", fid(&[b"IDLE"])), f("previous", fid(&[b"IDLE"]))]),
        ),
    ],
};
