//! TES4: the plugin's header record: version, record count, author,
//! description, masters, overridden forms.

use crate::io::Sig;
use crate::schema::types::*;

pub static HEADER: [FieldDef; 3] = [
    f("version", Ty::F32),
    f("record_count", I32),
    f("next_object_id", U32),
];

pub static MASTER: [Member; 2] = [
    sub(b"MAST", "file", Field::ZString),
    opt(b"DATA", "file_size", Field::Value(Ty::Int(Int::U64))),
];

static FORM: [FieldDef; 1] = [f("form", Ty::FormId)];

pub static TES4: RecordDef = RecordDef {
    sig: Sig(*b"TES4"),
    title: "Plugin header",
    members: &[
        sub(b"HEDR", "header", Field::Struct(&HEADER)),
        opt(b"OFST", "offsets", Field::Bytes),
        opt(b"DELE", "deletions", Field::Bytes),
        opt(b"CNAM", "author", Field::ZString),
        opt(b"SNAM", "description", Field::ZString),
        groups("masters", &MASTER),
        opt(b"ONAM", "overridden_forms", Field::Array(&FORM)),
        opt(b"SCRN", "screenshot", Field::Bytes),
        opt(b"INTV", "tagified_strings", Field::Value(U32)),
        opt(b"INCC", "unknown_incc", Field::Value(U32)),
    ],
};
