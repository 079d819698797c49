//! ACHR: a placed NPC.

use super::common::{editor_id, form, scripts};
use super::refr::{ENABLE_PARENT_FLAGS, POSITION_ROTATION};
use crate::io::Sig;
use crate::schema::types::*;

static LINKED_REFERENCE: [Member; 1] = [sub(
    b"XLKR",
    "link",
    Field::Struct(&[f("keyword", Ty::FormId), f("reference", Ty::FormId)]),
)];

static RAGDOLL_BONE: [FieldDef; 8] = [
    f("bone_id", U8),
    f("unused", Ty::Bytes(3)),
    f("position_x", Ty::F32),
    f("position_y", Ty::F32),
    f("position_z", Ty::F32),
    f("rotation_x", Ty::F32),
    f("rotation_y", Ty::F32),
    f("rotation_z", Ty::F32),
];

static XYZ: [FieldDef; 3] = [f("x", Ty::F32), f("y", Ty::F32), f("z", Ty::F32)];

pub static ACHR: RecordDef = RecordDef {
    sig: Sig(*b"ACHR"),
    title: "Placed NPC",
    members: &[
        editor_id(),
        scripts(),
        sub(b"NAME", "base", Field::Value(Ty::FormId)),
        form(b"XEZN", "encounter_zone"),
        opt(b"XRGD", "ragdoll", Field::Array(&RAGDOLL_BONE)),
        opt(b"XRGB", "ragdoll_biped_rotation", Field::Struct(&XYZ)),
        opt(b"XPRD", "idle_time", Field::Value(Ty::F32)),
        opt(b"XPPA", "patrol_script_marker", Field::Empty),
        form(b"INAM", "idle"),
        opt(b"XLCM", "level_modifier", Field::Value(I32)),
        opt(b"XAPD", "activation_parent_flags", Field::Value(U8)),
        rep(
            b"XAPR",
            "activation_parents",
            Field::Struct(&[f("reference", Ty::FormId), f("delay", Ty::F32)]),
        ),
        rep(b"XLRT", "location_ref_types", Field::Value(Ty::FormId)),
        form(b"XHOR", "horse"),
        opt(
            b"XESP",
            "enable_parent",
            Field::Struct(&[
                f("reference", Ty::FormId),
                f("flags", Ty::Flags(Int::U8, &ENABLE_PARENT_FLAGS)),
                f("unused", Ty::Bytes(3)),
            ]),
        ),
        form(b"XOWN", "owner"),
        opt(b"XRNK", "faction_rank", Field::Value(I32)),
        groups("linked_references", &LINKED_REFERENCE),
        form(b"XLCN", "persistent_location"),
        opt(b"XIS2", "ignored_by_sandbox", Field::Empty),
        form(b"XLRL", "location_reference"),
        opt(b"XSCL", "scale", Field::Value(Ty::F32)),
        sub(
            b"DATA",
            "position_rotation",
            Field::Struct(&POSITION_ROTATION),
        ),
    ],
};
