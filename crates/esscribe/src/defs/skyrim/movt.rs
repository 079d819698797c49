//! MOVT: a movement type (speeds per direction).

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

const fn float(name: &'static str) -> FieldDef {
    f(name, Ty::F32)
}

/// Skyrim's movement type (MOVT) record declaration.
pub static MOVT: RecordDef = RecordDef {
    sig: Sig(*b"MOVT"),
    title: "Movement type",
    members: &[
        editor_id(),
        opt(b"MNAM", "name", Field::ZString),
        opt(
            b"SPED",
            "speeds",
            Field::Struct(&[
                float("left_walk"),
                float("left_run"),
                float("right_walk"),
                float("right_run"),
                float("forward_walk"),
                float("forward_run"),
                float("back_walk"),
                float("back_run"),
                float("rotate_in_place_walk"),
                float("rotate_in_place_run"),
                float("rotate_while_moving_run"),
            ]),
        ),
        opt(
            b"INAM",
            "animation_change_thresholds",
            Field::Struct(&[
                float("directional"),
                float("movement_speed"),
                float("rotation_speed"),
            ]),
        ),
    ],
};
