//! Skyrim's record declarations.

pub mod condition;
pub mod functions;
pub mod pack;
pub mod vmad;

use crate::schema::RecordDef;

/// Every declared Skyrim record type.
pub static ALL: &[&RecordDef] = &[&pack::PACK];
