//! TES4, in both games: the plugin's header record. Skyrim's adds members
//! after these.

use crate::schema::types::*;

/// The plugin header's HEDR: format version, record count and next object
/// ID.
pub static HEADER: [FieldDef; 3] = [
    f("version", Ty::F32),
    f("record_count", I32),
    f("next_object_id", U32),
];

/// One master file (MAST) and its size (DATA, kept at 0 by most tools).
pub static MASTER: [Member; 2] = [
    sub(b"MAST", "file", Field::ZString),
    opt(b"DATA", "file_size", Field::Value(Ty::Int(Int::U64))),
];

/// The members of TES4 both games have: header, author, description,
/// masters.
pub static MEMBERS: [Member; 6] = [
    sub(b"HEDR", "header", Field::Struct(&HEADER)),
    // Left by early versions of the editors, read by nothing known.
    opt(b"OFST", "offsets", Field::Opaque),
    opt(b"DELE", "deletions", Field::Opaque),
    opt(b"CNAM", "author", Field::ZString),
    opt(b"SNAM", "description", Field::ZString),
    groups("masters", &MASTER),
];
