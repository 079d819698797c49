//! ACTI: an activator.

use super::common::{editor_id, form_of, full_name, model, script};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Oblivion's activator (ACTI) record declaration.
pub static ACTI: RecordDef = records::ACTI.with(&[
    editor_id(),
    full_name(),
    model(),
    script(),
    form_of(b"SNAM", "sound", &[b"SOUN"]),
]);
