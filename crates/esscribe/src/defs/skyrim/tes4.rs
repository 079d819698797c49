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

/// A count of 4 bytes, or nothing.
static COUNT_OR_EMPTY: [(usize, Field); 2] = [(4, Field::Value(U32)), (0, Field::Empty)];

/// Skyrim's plugin header (TES4) record declaration.
pub static TES4: RecordDef = records::TES4.with(&join::<_, 10>(&[
    &tes4::MEMBERS,
    &[
        opt(b"ONAM", "overridden_forms", Field::Array(&FORM)),
        // An image the editor stored, never shown by the game.
        opt(b"SCRN", "screenshot", Field::Opaque),
        // Both are found empty in real plugins as well as of 4 bytes.
        opt(b"INTV", "tagified_strings", Field::BySize(&COUNT_OR_EMPTY)),
        opt(b"INCC", "unknown_incc", Field::BySize(&COUNT_OR_EMPTY)),
    ],
]));
