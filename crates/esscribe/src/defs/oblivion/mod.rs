//! Oblivion's record declarations.

pub mod condition;
pub mod fact;
pub mod functions;
pub mod pack;

use crate::schema::RecordDef;

/// Every declared Oblivion record type.
pub static ALL: &[&RecordDef] = &[&fact::FACT, &pack::PACK];
