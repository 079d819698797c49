//! DLBR: a dialogue branch.

use super::common::{editor_id, form_of};
use crate::io::Sig;
use crate::schema::types::*;

/// Dialogue branch flags (DNAM `flags`): top level, blocking, exclusive.
pub static BRANCH_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "top_level"), (0x02, "blocking"), (0x04, "exclusive")],
};

/// Dialogue branch categories (TNAM `category`): player, command.
pub static BRANCH_CATEGORIES: EnumDef = EnumDef {
    values: &[(0, "player"), (1, "command")],
};

/// Skyrim's dialogue branch (DLBR) record declaration.
pub static DLBR: RecordDef = RecordDef {
    sig: Sig(*b"DLBR"),
    title: "Dialogue branch",
    members: &[
        editor_id(),
        form_of(b"QNAM", "quest", &[b"QUST"]),
        opt(
            b"TNAM",
            "category",
            Field::Value(Ty::Enum(Int::U32, &BRANCH_CATEGORIES)),
        ),
        opt(
            b"DNAM",
            "flags",
            Field::Value(Ty::Flags(Int::U32, &BRANCH_FLAGS)),
        ),
        form_of(b"SNAM", "starting_topic", &[b"DIAL"]),
    ],
};
