//! WOOC: a word of power.

use super::common::{editor_id, full_name};
use crate::io::Sig;
use crate::schema::types::*;

pub static WOOC: RecordDef = RecordDef {
    sig: Sig(*b"WOOC"),
    title: "Word of power",
    members: &[
        editor_id(),
        full_name(),
        opt(b"TNAM", "translation", Field::LString),
    ],
};
