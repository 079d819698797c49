//! EYES: eyes.

use super::common::full_name;
use crate::defs::shared::eyes;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Eyes flags (DATA): playable, not male, not female.
pub static EYES_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "playable"), (0x02, "not_male"), (0x04, "not_female")],
};

/// Skyrim's eyes (EYES) record declaration.
pub static EYES: RecordDef = records::EYES.with(&eyes::members(full_name(), &EYES_FLAGS));
