//! RELA: a relationship between two actors.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Relationship ranks, from lover to archnemesis.
pub static RANKS: EnumDef = EnumDef {
    values: &[
        (0, "lover"),
        (1, "ally"),
        (2, "confidant"),
        (3, "friend"),
        (4, "acquaintance"),
        (5, "rival"),
        (6, "foe"),
        (7, "enemy"),
        (8, "archnemesis"),
    ],
};

/// Relationship flags: secret.
pub static RELATIONSHIP_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x80, "secret")],
};

/// Skyrim's relationship (RELA) record declaration.
pub static RELA: RecordDef = RecordDef {
    sig: Sig(*b"RELA"),
    title: "Relationship",
    members: &[
        editor_id(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("parent", fid(&[b"NPC_"])),
                f("child", fid(&[b"NPC_"])),
                f("rank", Ty::Enum(Int::U16, &RANKS)),
                f("unknown", U8),
                f("flags", Ty::Flags(Int::U8, &RELATIONSHIP_FLAGS)),
                f("association_type", fid(&[b"ASTP"])),
            ]),
        ),
    ],
};
