//! Skyrim's record declarations.

use crate::schema::RecordDef;

/// Every declared Skyrim record type.
pub static ALL: &[&RecordDef] = &[];
