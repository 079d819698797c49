//! Pieces records of both games share: editor ID, form references,
//! positions, colours, value and weight.

use crate::schema::types::*;

/// The editor ID (EDID), a Windows-1252 string.
pub const fn editor_id() -> Member {
    opt(b"EDID", "editor_id", Field::ZString)
}

/// An optional subrecord holding one form ID of any record type.
pub const fn form(sig: &[u8; 4], name: &'static str) -> Member {
    opt(sig, name, Field::Value(Ty::FormId))
}

/// An optional subrecord holding one form ID that may point only to
/// records of the given types.
pub const fn form_of(sig: &[u8; 4], name: &'static str, targets: Targets) -> Member {
    opt(sig, name, Field::Value(Ty::FormIdOf(targets)))
}

/// A placed object's position and rotation (x, y, z each), as both games store it.
pub static POSITION_ROTATION: [FieldDef; 6] = [
    f("position_x", Ty::F32),
    f("position_y", Ty::F32),
    f("position_z", Ty::F32),
    f("rotation_x", Ty::F32),
    f("rotation_y", Ty::F32),
    f("rotation_z", Ty::F32),
];

/// A point or vector as three floats.
pub static XYZ: [FieldDef; 3] = [f("x", Ty::F32), f("y", Ty::F32), f("z", Ty::F32)];

/// A point on a plane as two floats.
pub static XY: [FieldDef; 2] = [f("x", Ty::F32), f("y", Ty::F32)];

/// A colour as red, green, blue bytes, with no fourth byte.
pub static RGB: [FieldDef; 3] = [f("red", U8), f("green", U8), f("blue", U8)];

/// A colour as red, green, blue floats from 0 to 1.
pub static RGB_F32: [FieldDef; 3] = [f("red", Ty::F32), f("green", Ty::F32), f("blue", Ty::F32)];

/// One float of a list of floats (face morphs and face geometry).
pub static FLOAT_VALUE: [FieldDef; 1] = [f("value", Ty::F32)];

/// A color as red, green, blue bytes and an unused byte.
pub static RGBA: [FieldDef; 4] = [
    f("red", U8),
    f("green", U8),
    f("blue", U8),
    f("unused", Ty::Bytes(1)),
];

/// Value and weight of an inventory item.
pub static VALUE_WEIGHT: [FieldDef; 2] = [f("value", I32), f("weight", Ty::F32)];

/// An item's value and weight (DATA).
pub const fn value_weight() -> Member {
    sub(b"DATA", "data", Field::Struct(&VALUE_WEIGHT))
}
