//! REFR: a placed object (a reference to a base object, with where it
//! stands and how it is set up).

use super::common::{editor_id, form, scripts};
use crate::io::Sig;
use crate::schema::types::*;

pub static POSITION_ROTATION: [FieldDef; 6] = [
    f("position_x", Ty::F32),
    f("position_y", Ty::F32),
    f("position_z", Ty::F32),
    f("rotation_x", Ty::F32),
    f("rotation_y", Ty::F32),
    f("rotation_z", Ty::F32),
];

pub static PRIMITIVE_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "none"),
        (1, "box"),
        (2, "sphere"),
        (3, "portal_box"),
        (4, "unknown"),
    ],
};

pub static TELEPORT_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "no_alarm")],
};

pub static LOCK_LEVELS: EnumDef = EnumDef {
    values: &[
        (1, "novice"),
        (25, "apprentice"),
        (50, "adept"),
        (75, "expert"),
        (100, "master"),
        (255, "requires_key"),
    ],
};

pub static LOCK_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x04, "leveled_lock")],
};

pub static ENABLE_PARENT_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "set_enable_state_opposite_to_parent"),
        (0x02, "pop_in"),
    ],
};

pub static MAP_MARKER_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "visible"),
        (0x02, "can_travel_to"),
        (0x04, "show_all_hidden"),
    ],
};

static LINKED_REFERENCE: [Member; 1] = [sub(
    b"XLKR",
    "link",
    Field::Struct(&[f("keyword", Ty::FormId), f("reference", Ty::FormId)]),
)];

static MAP_MARKER: [Member; 4] = [
    sub(b"XMRK", "marker", Field::Empty),
    opt(
        b"FNAM",
        "flags",
        Field::Value(Ty::Flags(Int::U8, &MAP_MARKER_FLAGS)),
    ),
    opt(b"FULL", "name", Field::LString),
    opt(
        b"TNAM",
        "type",
        Field::Struct(&[f("type", U8), f("unused", Ty::Bytes(1))]),
    ),
];

pub static REFR: RecordDef = RecordDef {
    sig: Sig(*b"REFR"),
    title: "Placed object",
    members: &[
        editor_id(),
        scripts(),
        sub(b"NAME", "base", Field::Value(Ty::FormId)),
        opt(
            b"XMBO",
            "bound_half_extents",
            Field::Struct(&[f("x", Ty::F32), f("y", Ty::F32), f("z", Ty::F32)]),
        ),
        opt(
            b"XPRM",
            "primitive",
            Field::Struct(&[
                f("bounds_x", Ty::F32),
                f("bounds_y", Ty::F32),
                f("bounds_z", Ty::F32),
                f("red", Ty::F32),
                f("green", Ty::F32),
                f("blue", Ty::F32),
                f("unknown", Ty::F32),
                f("type", Ty::Enum(Int::U32, &PRIMITIVE_TYPES)),
            ]),
        ),
        rep(
            b"XPOD",
            "portals",
            Field::Array(&[f("origin", Ty::FormId), f("destination", Ty::FormId)]),
        ),
        opt(
            b"XRGD",
            "ragdoll",
            Field::Array(&[
                f("bone_id", U8),
                f("unused", Ty::Bytes(3)),
                f("position_x", Ty::F32),
                f("position_y", Ty::F32),
                f("position_z", Ty::F32),
                f("rotation_x", Ty::F32),
                f("rotation_y", Ty::F32),
                f("rotation_z", Ty::F32),
            ]),
        ),
        opt(b"XRDS", "radius", Field::Value(Ty::F32)),
        rep(b"XEMI", "emittance", Field::Value(Ty::FormId)),
        opt(
            b"XTEL",
            "teleport_destination",
            Field::Struct(&[
                f("door", Ty::FormId),
                f("position_x", Ty::F32),
                f("position_y", Ty::F32),
                f("position_z", Ty::F32),
                f("rotation_x", Ty::F32),
                f("rotation_y", Ty::F32),
                f("rotation_z", Ty::F32),
                f("flags", Ty::Flags(Int::U32, &TELEPORT_FLAGS)),
            ]),
        ),
        form(b"XTNM", "teleport_message_box"),
        opt(b"XSCL", "scale", Field::Value(Ty::F32)),
        opt(b"XAPD", "activation_parent_flags", Field::Value(U8)),
        rep(
            b"XAPR",
            "activation_parents",
            Field::Struct(&[f("reference", Ty::FormId), f("delay", Ty::F32)]),
        ),
        opt(b"XLCN", "persistent_location", Field::Value(Ty::FormId)),
        opt(b"XTRI", "collision_layer", Field::Value(U32)),
        opt(
            b"XLOC",
            "lock",
            Field::Struct(&[
                f("level", Ty::Enum(Int::U8, &LOCK_LEVELS)),
                f("unused", Ty::Bytes(3)),
                f("key", Ty::FormId),
                f("flags", Ty::Flags(Int::U8, &LOCK_FLAGS)),
                f("unused_2", Ty::Bytes(3)),
                f("unknown", Ty::Bytes(8)),
            ]),
        ),
        form(b"XEZN", "encounter_zone"),
        opt(
            b"XNDP",
            "navigation_door_link",
            Field::Struct(&[
                f("navmesh", Ty::FormId),
                f("triangle", U16),
                f("unused", Ty::Bytes(2)),
            ]),
        ),
        rep(b"XLRT", "location_ref_types", Field::Value(Ty::FormId)),
        opt(b"XIS2", "ignored_by_sandbox", Field::Empty),
        opt(b"XLRL", "location_reference", Field::Value(Ty::FormId)),
        opt(
            b"XESP",
            "enable_parent",
            Field::Struct(&[
                f("reference", Ty::FormId),
                f("flags", Ty::Flags(Int::U8, &ENABLE_PARENT_FLAGS)),
                f("unused", Ty::Bytes(3)),
            ]),
        ),
        groups("linked_references", &LINKED_REFERENCE),
        opt(
            b"XLOD",
            "distant_lod",
            Field::Struct(&[f("x", Ty::F32), f("y", Ty::F32), f("z", Ty::F32)]),
        ),
        form(b"XOWN", "owner"),
        opt(b"XRNK", "faction_rank", Field::Value(I32)),
        opt(b"XCNT", "item_count", Field::Value(I32)),
        opt(b"XCHG", "charge", Field::Value(Ty::F32)),
        opt(b"XHTW", "head_tracking_weight", Field::Value(Ty::F32)),
        opt(b"XFVC", "favor_cost", Field::Value(Ty::F32)),
        opt(b"ONAM", "open_by_default", Field::Empty),
        group("map_marker", &MAP_MARKER),
        opt(b"XACT", "action_flag", Field::Value(U32)),
        sub(
            b"DATA",
            "position_rotation",
            Field::Struct(&POSITION_ROTATION),
        ),
    ],
};
