//! TES4: the plugin's header record: version, record count, author,
//! description, masters, overridden forms.

use crate::defs::shared::records;
use crate::defs::shared::tes4;
use crate::schema::types::*;

/// The records a plugin overrides that the game loads only with their
/// cell: placed objects, landscape and navigation meshes.
static FORM: [FieldDef; 1] = [f(
    "form",
    fid(&[
        b"ACHR", b"LAND", b"NAVM", b"REFR", b"PGRE", b"PHZD", b"PMIS", b"PARW", b"PBAR", b"PBEA",
        b"PCON", b"PFLA",
    ]),
)];

/// Skyrim's plugin header (TES4) record declaration.
pub static TES4: RecordDef = records::TES4.with(&join::<_, 10>(&[
    &tes4::MEMBERS,
    &[
        opt(b"ONAM", "overridden_forms", Field::Array(&FORM)),
        opt(b"SCRN", "screenshot", Field::Bytes),
        opt(b"INTV", "tagified_strings", Field::Value(U32)),
        opt(b"INCC", "unknown_incc", Field::Value(U32)),
    ],
]));
