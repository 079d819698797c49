//! DLVW: a dialogue view (how the editor lays out a quest's dialogue
//! branches or topics; the game does not use it).

use super::common::{editor_id, form_of};
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's dialogue view (DLVW) record declaration.
pub static DLVW: RecordDef = RecordDef {
    sig: Sig(*b"DLVW"),
    title: "Dialogue view",
    members: &[
        editor_id(),
        form_of(b"QNAM", "quest", &[b"QUST"]),
        rep(b"BNAM", "branches", Field::Value(fid(&[b"DLBR"]))),
        rep(b"TNAM", "topics", Field::Value(fid(&[b"DIAL"]))),
        // 0 in views of branches, 7 in views of topics.
        opt(b"ENAM", "unknown_enam", Field::Value(U32)),
        opt(b"DNAM", "show_all_text", Field::Value(Ty::Bool)),
    ],
};
