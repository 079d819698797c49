//! CONT: a container.

use super::common::{editor_id, form_of, full_name, items, model, script};
use crate::defs::shared::cont;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Container flags (DATA `flags`).
pub static CONTAINER_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x02, "respawns")],
};

static DATA: [FieldDef; 2] = cont::data(&CONTAINER_FLAGS);

/// Oblivion's container (CONT) declaration.
pub static CONT: RecordDef = records::CONT.with(&[
    editor_id(),
    full_name(),
    model(),
    script(),
    items(),
    sub(b"DATA", "data", Field::Struct(&DATA)),
    form_of(b"SNAM", "open_sound", &[b"SOUN"]),
    form_of(b"QNAM", "close_sound", &[b"SOUN"]),
]);
