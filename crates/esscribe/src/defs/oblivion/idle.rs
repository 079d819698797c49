//! IDLE: an idle animation.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Oblivion's idle animation (IDLE) record declaration.
pub static IDLE: RecordDef = records::IDLE.with(&[
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
]);
