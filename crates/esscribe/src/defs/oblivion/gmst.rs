//! GMST: a game setting. The first letter of its editor ID gives the type
//! of its value: f float, i int, s string.

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
                    ("f*", Field::Value(Ty::F32)),
                    ("i*", Field::Value(I32)),
                    ("s*", Field::ZString),
                ],
                default: &Field::Bytes,
            },
        ),
    ],
};
