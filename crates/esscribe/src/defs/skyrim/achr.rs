//! ACHR: a placed NPC.

use super::common::{activation_parents, editor_id, form_of, scripts, RGBA};
use super::refr::{ENABLE_PARENT, LINKED_REFERENCE, PATROL, POSITION_ROTATION, RAGDOLL_BONE, XYZ};
use crate::defs::shared::records;
use crate::schema::types::*;

static LOCATION_REF_TYPE: [FieldDef; 1] = [f("location_ref_type", fid(&[b"LCRT"]))];

/// Skyrim's placed NPC (ACHR) record declaration.
pub static ACHR: RecordDef = records::ACHR.with(&[
    editor_id(),
    scripts(),
    sub(b"NAME", "base", Field::Value(fid(&[b"NPC_"]))),
    form_of(b"XEZN", "encounter_zone", &[b"ECZN"]),
    opt(b"XRGD", "ragdoll", Field::Array(&RAGDOLL_BONE)),
    opt(b"XRGB", "ragdoll_biped_rotation", Field::Struct(&XYZ)),
    groups("patrol", &PATROL),
    opt(b"XLCM", "level_modifier", Field::Value(I32)),
    form_of(b"XMRC", "merchant_container", &[b"REFR"]),
    opt(b"XCNT", "count", Field::Value(I32)),
    opt(b"XRDS", "radius", Field::Value(Ty::F32)),
    opt(b"XHLP", "health", Field::Value(Ty::F32)),
    groups("linked_references", &LINKED_REFERENCE),
    opt(b"XAPD", "activation_parent_flags", Field::Value(U8)),
    activation_parents(),
    opt(
        b"XCLP",
        "linked_reference_color",
        Field::Struct(&[f("start", Ty::Struct(&RGBA)), f("end", Ty::Struct(&RGBA))]),
    ),
    form_of(b"XLCN", "persistent_location", &[b"LCTN"]),
    form_of(b"XLRL", "location_reference", &[b"LCRT", b"LCTN"]),
    opt(b"XIS2", "ignored_by_sandbox", Field::Empty),
    opt(
        b"XLRT",
        "location_ref_types",
        Field::Array(&LOCATION_REF_TYPE),
    ),
    form_of(b"XHOR", "horse", &[b"ACHR"]),
    opt(b"XHTW", "head_tracking_weight", Field::Value(Ty::F32)),
    opt(b"XFVC", "favor_cost", Field::Value(Ty::F32)),
    opt(b"XESP", "enable_parent", Field::Struct(&ENABLE_PARENT)),
    form_of(b"XOWN", "owner", &[b"FACT", b"ACHR", b"NPC_"]),
    opt(b"XRNK", "faction_rank", Field::Value(I32)),
    form_of(b"XEMI", "emittance", &[b"LIGH", b"REGN"]),
    form_of(
        b"XMBR",
        "multibound_reference",
        &[
            b"REFR", b"PGRE", b"PHZD", b"PMIS", b"PARW", b"PBAR", b"PBEA", b"PCON", b"PFLA",
        ],
    ),
    opt(b"XIBS", "ignored_by_sandbox_2", Field::Empty),
    opt(b"XSCL", "scale", Field::Value(Ty::F32)),
    sub(
        b"DATA",
        "position_rotation",
        Field::Struct(&POSITION_ROTATION),
    ),
]);
