//! IPDS: an impact data set (which impact shows on which material).

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's impact data set (IPDS) record declaration.
pub static IPDS: RecordDef = RecordDef {
    sig: Sig(*b"IPDS"),
    title: "Impact data set",
    members: &[
        editor_id(),
        rep(
            b"PNAM",
            "impacts",
            Field::Struct(&[f("material", fid(&[b"MATT"])), f("impact", fid(&[b"IPCT"]))]),
        ),
    ],
};
