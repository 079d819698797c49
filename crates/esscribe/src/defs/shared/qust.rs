//! QUST, in both games: the flags of a quest target.

use crate::schema::types::*;

/// Quest target flags (QSTA `flags`).
pub static TARGET_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "compass_marker_ignores_locks")],
};
