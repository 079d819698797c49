//! ACTI: an activator.

use super::common::{editor_id, form_of, full_name, model, script};
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's activator (ACTI) record declaration.
pub static ACTI: RecordDef = RecordDef {
    sig: Sig(*b"ACTI"),
    title: "Activator",
    members: &[
        editor_id(),
        full_name(),
        model(),
        script(),
        form_of(b"SNAM", "sound", &[b"SOUN"]),
    ],
};
