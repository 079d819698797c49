//! STAT: a static object.

use super::common::{editor_id, model};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Oblivion's static (STAT) record declaration.
pub static STAT: RecordDef = records::STAT.with(&[editor_id(), model()]);
