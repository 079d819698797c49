//! Pieces many Oblivion records share: editor ID, name, model, script,
//! icon, container items, positions and ownership.

use crate::schema::types::*;

pub const fn editor_id() -> Member {
    opt(b"EDID", "editor_id", Field::ZString)
}

pub const fn full_name() -> Member {
    opt(b"FULL", "name", Field::ZString)
}

pub const fn script() -> Member {
    opt(b"SCRI", "script", Field::Value(Ty::FormId))
}

pub const fn icon() -> Member {
    opt(b"ICON", "icon", Field::ZString)
}

pub const fn form(sig: &[u8; 4], name: &'static str) -> Member {
    opt(sig, name, Field::Value(Ty::FormId))
}

/// A model: its file, bound radius and texture file hashes.
pub static MODEL: [Member; 3] = [
    sub(b"MODL", "file", Field::ZString),
    opt(b"MODB", "bound_radius", Field::Value(Ty::F32)),
    opt(b"MODT", "texture_hashes", Field::Bytes),
];

pub const fn model() -> Member {
    group("model", &MODEL)
}

pub static ITEM: [FieldDef; 2] = [f("item", Ty::FormId), f("count", I32)];

/// Items held, as container, NPC and creature records list them.
pub const fn items() -> Member {
    rep(b"CNTO", "items", Field::Struct(&ITEM))
}

pub static POSITION_ROTATION: [FieldDef; 6] = [
    f("position_x", Ty::F32),
    f("position_y", Ty::F32),
    f("position_z", Ty::F32),
    f("rotation_x", Ty::F32),
    f("rotation_y", Ty::F32),
    f("rotation_z", Ty::F32),
];

pub const fn position_rotation() -> Member {
    sub(
        b"DATA",
        "position_rotation",
        Field::Struct(&POSITION_ROTATION),
    )
}

pub static RGBA: [FieldDef; 4] = [
    f("red", U8),
    f("green", U8),
    f("blue", U8),
    f("unused", Ty::Bytes(1)),
];

/// An owner, with the rank or global variable that goes with it.
pub const fn owner() -> Member {
    form(b"XOWN", "owner")
}

pub const fn owner_rank() -> Member {
    opt(b"XRNK", "faction_rank", Field::Value(I32))
}

pub const fn owner_global() -> Member {
    form(b"XGLB", "global_variable")
}

pub static ENABLE_PARENT_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "set_enable_state_opposite_to_parent")],
};

static ENABLE_PARENT: [FieldDef; 3] = [
    f("reference", Ty::FormId),
    f("flags", Ty::Flags(Int::U8, &ENABLE_PARENT_FLAGS)),
    f("unused", Ty::Bytes(3)),
];

pub const fn enable_parent() -> Member {
    opt(b"XESP", "enable_parent", Field::Struct(&ENABLE_PARENT))
}

pub static XYZ: [FieldDef; 3] = [f("x", Ty::F32), f("y", Ty::F32), f("z", Ty::F32)];

pub const fn distant_lod() -> Member {
    opt(b"XLOD", "distant_lod", Field::Struct(&XYZ))
}

pub const fn scale() -> Member {
    opt(b"XSCL", "scale", Field::Value(Ty::F32))
}

pub const fn ragdoll() -> Member {
    opt(b"XRGD", "ragdoll_data", Field::Bytes)
}
