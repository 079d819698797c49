//! EYES: eyes.

use super::common::full_name;
use crate::defs::shared::eyes;
use crate::io::Sig;
use crate::schema::types::*;

/// Eyes flags (DATA): playable.
pub static EYES_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "playable")],
};

/// Oblivion's eyes (EYES) record declaration.
pub static EYES: RecordDef = RecordDef {
    sig: Sig(*b"EYES"),
    title: "Eyes",
    members: &eyes::members(full_name(), &EYES_FLAGS),
};
