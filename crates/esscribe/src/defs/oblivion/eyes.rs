//! EYES: eyes.

use super::common::full_name;
use crate::defs::shared::eyes;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Eyes flags (DATA): playable.
pub static EYES_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "playable")],
};

/// Oblivion's eyes (EYES) record declaration.
pub static EYES: RecordDef = records::EYES.with(&eyes::members(full_name(), &EYES_FLAGS));
