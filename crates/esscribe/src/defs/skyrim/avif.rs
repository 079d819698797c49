//! AVIF: actor value information: a skill's name, description and
//! experience rates, and the layout of its perk tree.

use super::common::{description, editor_id, form_of, full_name};
use crate::io::Sig;
use crate::schema::types::*;

/// One perk of the tree, where it is drawn and what it leads to.
static PERK_NODE: [Member; 9] = [
    form_of(b"PNAM", "perk", &[b"PERK"]),
    opt(b"FNAM", "unknown_fnam", Field::Value(U32)),
    opt(b"XNAM", "grid_x", Field::Value(U32)),
    opt(b"YNAM", "grid_y", Field::Value(U32)),
    opt(b"HNAM", "horizontal_position", Field::Value(Ty::F32)),
    opt(b"VNAM", "vertical_position", Field::Value(Ty::F32)),
    form_of(b"SNAM", "associated_skill", &[b"AVIF"]),
    // The index of each node this one has a line to.
    rep(b"CNAM", "lines_to", Field::Value(U32)),
    opt(b"INAM", "index", Field::Value(U32)),
];

/// Skyrim's actor value information (AVIF) record declaration.
pub static AVIF: RecordDef = RecordDef {
    sig: Sig(*b"AVIF"),
    title: "Actor value information",
    members: &[
        editor_id(),
        full_name(),
        description(b"DESC"),
        opt(b"ANAM", "abbreviation", Field::ZString),
        // A skill's category (0 none, 1 combat, 2 magic, 3 stealth);
        // other values in other actor values.
        opt(b"CNAM", "unknown_cnam", Field::Value(U32)),
        opt(
            b"AVSK",
            "skill",
            Field::Struct(&[
                f("use_multiplier", Ty::F32),
                f("use_offset", Ty::F32),
                f("improve_multiplier", Ty::F32),
                f("improve_offset", Ty::F32),
            ]),
        ),
        groups("perk_tree", &PERK_NODE),
    ],
};
