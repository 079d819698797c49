//! LSCR: a load screen.

use super::common::{editor_id, icon};
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's load screen (LSCR) record declaration.
pub static LSCR: RecordDef = RecordDef {
    sig: Sig(*b"LSCR"),
    title: "Load screen",
    members: &[
        editor_id(),
        icon(),
        opt(b"DESC", "text", Field::ZString),
        rep(
            b"LNAM",
            "locations",
            Field::Struct(&[
                f("direct", fid(&[b"CELL"])),
                f("world", fid(&[b"WRLD"])),
                f("grid_y", I16),
                f("grid_x", I16),
            ]),
        ),
    ],
};
