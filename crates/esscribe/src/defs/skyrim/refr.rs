//! REFR: a placed object (a reference to a base object, with where it
//! stands and how it is set up).

use super::common::{activation_parents, editor_id, form_of, scripts, PLACED};
pub use super::common::{POSITION_ROTATION, XYZ};
use crate::defs::shared::records;
use crate::defs::shared::refr;
pub use crate::defs::shared::refr::LOCK_FLAGS;
use crate::schema::types::*;

/// Primitive shapes of a placed trigger or room bound (XPRM `type`).
pub static PRIMITIVE_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "none"),
        (1, "box"),
        (2, "sphere"),
        (3, "portal_box"),
        (4, "line"),
    ],
};

/// Teleport destination flags: no alarm.
pub static TELEPORT_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "no_alarm")],
};

/// Lock levels (XLOC `level`), novice to master, or requires a key.
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

/// Enable-parent flags (XESP `flags`).
pub static ENABLE_PARENT_FLAGS: FlagsDef = FlagsDef {
    bits: &join::<_, 2>(&[&refr::ENABLE_PARENT_FLAG_BITS, &[(0x02, "pop_in")]]),
};

/// Map marker flags (FNAM `flags`).
pub static MAP_MARKER_FLAGS: FlagsDef = FlagsDef {
    bits: &join::<_, 3>(&[&refr::MAP_MARKER_FLAG_BITS, &[(0x04, "show_all_hidden")]]),
};

/// Room marker flags (XRMR `flags`).
pub static ROOM_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x40, "has_image_space"), (0x80, "has_lighting_template")],
};

/// Whether a water reflects or refracts a reference (XPWR `type`).
pub static WATER_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "reflection"), (0x02, "refraction")],
};

pub use refr::ACTION_FLAGS;

/// A linked reference (XLKR): keyword and reference.
pub static LINKED_REFERENCE: [Member; 1] = [sub(
    b"XLKR",
    "link",
    Field::Struct(&[
        f(
            "keyword",
            fid(&[
                b"KYWD", b"REFR", b"ACHR", b"PGRE", b"PMIS", b"PARW", b"PBAR", b"PBEA", b"PCON",
                b"PFLA", b"PHZD",
            ]),
        ),
        f("reference", fid(PLACED)),
    ]),
)];

static MAP_MARKER_TYPE: [FieldDef; 2] = [f("type", U8), f("unused", Ty::Bytes(1))];

/// A map marker's subrecords: its flags, name and type.
pub static MAP_MARKER: [Member; 4] =
    refr::map_marker(&MAP_MARKER_FLAGS, Field::LString, &MAP_MARKER_TYPE);

static ROOM: [Member; 4] = [
    sub(
        b"XRMR",
        "header",
        Field::Struct(&[
            f("linked_room_count", U8),
            f("flags", Ty::Flags(Int::U8, &ROOM_FLAGS)),
            f("unknown", Ty::Bytes(2)),
        ]),
    ),
    form_of(b"LNAM", "lighting_template", &[b"LGTM"]),
    form_of(b"INAM", "image_space", &[b"IMGS"]),
    rep(b"XLRM", "linked_rooms", Field::Value(fid(&[b"REFR"]))),
];

/// Patrol data: idle time, marker, idle, the leftovers of a script of
/// older form versions, the topics and the topic said.
pub static PATROL: [Member; 10] = [
    sub(b"XPRD", "idle_time", Field::Value(Ty::F32)),
    opt(b"XPPA", "script_marker", Field::Empty),
    form_of(b"INAM", "idle", &[b"IDLE"]),
    opt(b"SCHR", "unused_script_header", Field::Opaque),
    opt(b"SCDA", "unused_compiled_script", Field::Opaque),
    opt(b"SCTX", "unused_script_source", Field::Text),
    opt(b"QNAM", "unused_qnam", Field::Opaque),
    rep(b"SCRO", "unused_references", Field::Value(Ty::FormId)),
    rep(b"PDTO", "topics", Field::Struct(&super::pack::TOPIC)),
    form_of(b"TNAM", "topic", &[b"DIAL"]),
];

static REFLECTION: [FieldDef; 2] = [
    f("water", fid(&[b"REFR"])),
    f("type", Ty::Flags(Int::U32, &WATER_FLAGS)),
];

/// The water references that reflect or refract this one (XPWR), each with
/// how it does.
pub const fn reflected_refracted_by() -> Member {
    rep(
        b"XPWR",
        "reflected_refracted_by",
        Field::Struct(&REFLECTION),
    )
}

/// One bone of a ragdoll pose (XRGD): bone ID, position and rotation.
pub static RAGDOLL_BONE: [FieldDef; 8] = join(&[
    &[f("bone_id", U8), f("unused", Ty::Bytes(3))],
    &POSITION_ROTATION,
]);

static LOCATION_REF_TYPE: [FieldDef; 1] = [f("location_ref_type", fid(&[b"LCRT"]))];

/// The enable parent (XESP): reference and flags.
pub static ENABLE_PARENT: [FieldDef; 3] = refr::enable_parent(PLACED, &ENABLE_PARENT_FLAGS);

/// A rectangle placed in the world (an occlusion plane, a room portal):
/// its size, position and rotation as a quaternion.
static PLANE: [FieldDef; 9] = [
    f("width", Ty::F32),
    f("height", Ty::F32),
    f("position_x", Ty::F32),
    f("position_y", Ty::F32),
    f("position_z", Ty::F32),
    f("rotation_q1", Ty::F32),
    f("rotation_q2", Ty::F32),
    f("rotation_q3", Ty::F32),
    f("rotation_q4", Ty::F32),
];

/// What a placed object may be an instance of.
const BASE_OBJECTS: Targets = &[
    b"TREE", b"SNDR", b"ACTI", b"DOOR", b"STAT", b"FURN", b"CONT", b"ARMO", b"AMMO", b"LVLN",
    b"MISC", b"WEAP", b"BOOK", b"KEYM", b"ALCH", b"LIGH", b"GRAS", b"ASPC", b"IDLM", b"ARMA",
    b"INGR", b"MSTT", b"TACT", b"TXST", b"FLOR", b"SLGM", b"SCRL", b"SOUN", b"APPA",
];

/// Skyrim's placed object (REFR) declaration.
pub static REFR: RecordDef = records::REFR.with(&[
    editor_id(),
    scripts(),
    sub(b"NAME", "base", Field::Value(fid(BASE_OBJECTS))),
    opt(b"XMBO", "bound_half_extents", Field::Struct(&XYZ)),
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
    opt(
        b"XORD",
        "linked_occlusion_references",
        Field::Struct(&[
            f("right", fid(&[b"REFR"])),
            f("left", fid(&[b"REFR"])),
            f("bottom", fid(&[b"REFR"])),
            f("top", fid(&[b"REFR"])),
        ]),
    ),
    opt(b"XOCP", "occlusion_plane", Field::Struct(&PLANE)),
    opt(
        b"XPOD",
        "portals",
        Field::Array(&[
            f("origin", fid(&[b"REFR"])),
            f("destination", fid(&[b"REFR"])),
        ]),
    ),
    opt(b"XPTL", "unused_room_portal", Field::Struct(&PLANE)),
    group("room", &ROOM),
    opt(b"XMBP", "multibound_primitive", Field::Empty),
    opt(b"XRGD", "ragdoll", Field::Array(&RAGDOLL_BONE)),
    opt(b"XRGB", "ragdoll_biped_rotation", Field::Struct(&XYZ)),
    opt(b"XRDS", "radius", Field::Value(Ty::F32)),
    reflected_refracted_by(),
    rep(b"XLTW", "lit_water", Field::Value(fid(&[b"REFR"]))),
    form_of(b"XEMI", "emittance", &[b"LIGH", b"REGN"]),
    opt(
        b"XLIG",
        "light",
        Field::Struct(&[
            f("fov_offset", Ty::F32),
            f("fade_offset", Ty::F32),
            f("end_distance_cap", Ty::F32),
            f("shadow_depth_bias", Ty::F32),
            f("unknown", Ty::Bytes(4)),
        ]),
    ),
    opt(
        b"XALP",
        "alpha",
        Field::Struct(&[f("cutoff", U8), f("base", U8)]),
    ),
    opt(
        b"XTEL",
        "teleport_destination",
        Field::Struct(&join::<_, 8>(&[
            &[f("door", fid(&[b"REFR"]))],
            &POSITION_ROTATION,
            &[f("flags", Ty::Flags(Int::U32, &TELEPORT_FLAGS))],
        ])),
    ),
    form_of(b"XTNM", "teleport_message_box", &[b"MESG"]),
    form_of(b"XMBR", "multibound_reference", &[b"REFR"]),
    opt(b"XWCN", "unknown_xwcn", Field::Value(U32)),
    opt(b"XWCS", "unknown_xwcs", Field::Value(U32)),
    opt(
        b"XWCU",
        "water_velocity",
        Field::Struct(&[
            f("x_offset", Ty::F32),
            f("y_offset", Ty::F32),
            f("z_offset", Ty::F32),
            f("unknown", Ty::Bytes(4)),
            f("x_angle", Ty::F32),
            f("y_angle", Ty::F32),
            f("z_angle", Ty::F32),
            // A third velocity, in later form versions.
            f("unknown_2", Ty::Bytes(4)),
            f("unknown_x", Ty::F32),
            f("unknown_y", Ty::F32),
            f("unknown_z", Ty::F32),
            f("unknown_3", Ty::Bytes(4)),
        ]),
    ),
    opt(
        b"XCVL",
        "unknown_xcvl",
        Field::Struct(&[
            f("unknown", Ty::Bytes(4)),
            f("x_angle", Ty::F32),
            f("unknown_2", Ty::Bytes(4)),
        ]),
    ),
    opt(
        b"XCVR",
        "water_current_rotational_velocity",
        Field::Struct(&XYZ),
    ),
    opt(b"XCZA", "unknown_xcza", Field::Value(Ty::Bytes(4))),
    form_of(b"XCZC", "unknown_xczc", &[b"CELL"]),
    form_of(b"XCZR", "water_current_zone_reference", PLACED),
    opt(b"XSCL", "scale", Field::Value(Ty::F32)),
    form_of(b"XSPC", "spawn_container", &[b"REFR"]),
    opt(b"XAPD", "activation_parent_flags", Field::Value(U8)),
    activation_parents(),
    form_of(b"XLIB", "leveled_item_base_object", &[b"LVLI"]),
    opt(b"XLCM", "level_modifier", Field::Value(I32)),
    form_of(b"XLCN", "persistent_location", &[b"LCTN"]),
    opt(b"XTRI", "collision_layer", Field::Value(U32)),
    opt(
        b"XLOC",
        "lock",
        Field::Struct(&[
            f("level", Ty::Enum(Int::U8, &LOCK_LEVELS)),
            f("unused", Ty::Bytes(3)),
            f("key", fid(&[b"KEYM"])),
            f("flags", Ty::Flags(Int::U8, &LOCK_FLAGS)),
            f("unused_2", Ty::Bytes(3)),
            f("unknown", Ty::Bytes(8)),
        ]),
    ),
    form_of(b"XEZN", "encounter_zone", &[b"ECZN"]),
    opt(
        b"XNDP",
        "navigation_door_link",
        Field::Struct(&[
            f("navmesh", fid(&[b"NAVM"])),
            f("triangle", U16),
            f("unused", Ty::Bytes(2)),
        ]),
    ),
    opt(
        b"XLRT",
        "location_ref_types",
        Field::Array(&LOCATION_REF_TYPE),
    ),
    opt(b"XIS2", "ignored_by_sandbox", Field::Empty),
    form_of(b"XOWN", "owner", &[b"FACT", b"ACHR", b"NPC_"]),
    opt(b"XRNK", "faction_rank", Field::Value(I32)),
    opt(b"XCNT", "item_count", Field::Value(I32)),
    opt(b"XCHG", "charge", Field::Value(Ty::F32)),
    form_of(b"XLRL", "location_reference", &[b"LCRT", b"LCTN"]),
    opt(b"XESP", "enable_parent", Field::Struct(&ENABLE_PARENT)),
    groups("linked_references", &LINKED_REFERENCE),
    groups("patrol", &PATROL),
    opt(
        b"XACT",
        "action_flags",
        Field::Value(Ty::Flags(Int::U32, &ACTION_FLAGS)),
    ),
    opt(b"XHTW", "head_tracking_weight", Field::Value(Ty::F32)),
    opt(b"XFVC", "favor_cost", Field::Value(Ty::F32)),
    opt(b"ONAM", "open_by_default", Field::Empty),
    group("map_marker", &MAP_MARKER),
    form_of(
        b"XATR",
        "attach_reference",
        &[
            b"REFR", b"PGRE", b"PHZD", b"PARW", b"PBAR", b"PBEA", b"PCON", b"PFLA",
        ],
    ),
    opt(b"XLOD", "distant_lod", Field::Struct(&XYZ)),
    sub(
        b"DATA",
        "position_rotation",
        Field::Struct(&POSITION_ROTATION),
    ),
]);
