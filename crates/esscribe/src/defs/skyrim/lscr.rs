//! LSCR: a load screen.

use super::common::{conditions, description, editor_id, form_of, XYZ};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Skyrim's load screen (LSCR) record declaration.
pub static LSCR: RecordDef = records::LSCR.with(&[
    editor_id(),
    opt(b"ICON", "icon", Field::ZString),
    description(b"DESC"),
    conditions(),
    form_of(b"NNAM", "loading_screen_model", &[b"STAT"]),
    opt(b"SNAM", "initial_scale", Field::Value(Ty::F32)),
    opt(
        b"RNAM",
        "initial_rotation",
        Field::Struct(&[f("x", I16), f("y", I16), f("z", I16)]),
    ),
    opt(
        b"ONAM",
        "rotation_offset_constraints",
        Field::Struct(&[f("minimum", I16), f("maximum", I16)]),
    ),
    opt(b"XNAM", "initial_translation_offset", Field::Struct(&XYZ)),
    opt(b"MOD2", "camera_path", Field::ZString),
]);
