//! ASTP: an association type (parent, child, sibling, spouse, ...).

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Association type flags (DATA `flags`).
pub static ASSOCIATION_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "family_association")],
};

/// Skyrim's association type (ASTP) record declaration.
pub static ASTP: RecordDef = RecordDef {
    sig: Sig(*b"ASTP"),
    title: "Association type",
    members: &[
        editor_id(),
        opt(b"MPRT", "male_parent_title", Field::ZString),
        opt(b"FPRT", "female_parent_title", Field::ZString),
        opt(b"MCHT", "male_child_title", Field::ZString),
        opt(b"FCHT", "female_child_title", Field::ZString),
        opt(
            b"DATA",
            "flags",
            Field::Value(Ty::Flags(Int::U32, &ASSOCIATION_FLAGS)),
        ),
    ],
};
