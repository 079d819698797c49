//! GMST: a game setting. The first letter of its editor ID gives the type
//! of its value: b bool, f float, i int, s string, u unsigned.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

pub static GMST: RecordDef = RecordDef {
    sig: Sig(*b"GMST"),
    title: "Game setting",
    members: &[
        editor_id(),
        sub(
            b"DATA",
            "value",
            Field::BySibling {
                sibling: "editor_id",
                cases: &[
                    ("b*", Field::Value(Ty::Enum(Int::U32, &BOOL32))),
                    ("f*", Field::Value(Ty::F32)),
                    ("i*", Field::Value(I32)),
                    ("s*", Field::LString),
                    ("u*", Field::Value(U32)),
                ],
                default: &Field::Bytes,
            },
        ),
    ],
};

/// A boolean stored in four bytes.
pub static BOOL32: EnumDef = EnumDef {
    values: &[(0, "false"), (1, "true")],
};
