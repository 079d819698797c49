//! LSCR: a load screen.

use super::common::{editor_id, icon};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Oblivion's load screen (LSCR) record declaration.
pub static LSCR: RecordDef = records::LSCR.with(&[
    editor_id(),
    icon(),
    opt(b"DESC", "text", Field::ZString),
    rep(
        b"LNAM",
        "locations",
        Field::Struct(&[
            f("direct", fid(&[b"CELL", b"WRLD"])),
            f("world", fid(&[b"WRLD"])),
            f("grid_y", I16),
            f("grid_x", I16),
        ]),
    ),
]);
