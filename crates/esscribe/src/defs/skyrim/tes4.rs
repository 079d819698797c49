//! TES4: the plugin's header record: version, record count, author,
//! description, masters, overridden forms.

use crate::defs::shared::tes4;
use crate::io::Sig;
use crate::schema::types::*;

static FORM: [FieldDef; 1] = [f("form", Ty::FormId)];

/// Skyrim's plugin header (TES4) record declaration.
pub static TES4: RecordDef = RecordDef {
    sig: Sig(*b"TES4"),
    title: "Plugin header",
    members: &join::<_, 10>(&[
        &tes4::MEMBERS,
        &[
            opt(b"ONAM", "overridden_forms", Field::Array(&FORM)),
            opt(b"SCRN", "screenshot", Field::Bytes),
            opt(b"INTV", "tagified_strings", Field::Value(U32)),
            opt(b"INCC", "unknown_incc", Field::Value(U32)),
        ],
    ]),
};
