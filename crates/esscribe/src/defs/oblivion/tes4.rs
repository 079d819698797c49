//! TES4: the plugin's header record: version, record count, author,
//! description, masters.

use crate::defs::skyrim::tes4::{HEADER, MASTER};
use crate::io::Sig;
use crate::schema::types::*;

pub static TES4: RecordDef = RecordDef {
    sig: Sig(*b"TES4"),
    title: "Plugin header",
    members: &[
        sub(b"HEDR", "header", Field::Struct(&HEADER)),
        opt(b"OFST", "offsets", Field::Bytes),
        opt(b"DELE", "deletions", Field::Bytes),
        opt(b"CNAM", "author", Field::ZString),
        opt(b"SNAM", "description", Field::ZString),
        groups("masters", &MASTER),
    ],
};
