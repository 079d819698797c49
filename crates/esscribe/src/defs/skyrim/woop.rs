//! WOOP: a word of power.

use super::common::{editor_id, full_name};
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's word of power (WOOP) record declaration.
pub static WOOP: RecordDef = RecordDef {
    sig: Sig(*b"WOOP"),
    title: "Word of power",
    members: &[
        editor_id(),
        full_name(),
        opt(b"TNAM", "translation", Field::LString),
    ],
};
