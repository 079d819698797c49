//! PARW, PBAR, PBEA, PCON, PFLA, PGRE, PHZD, PMIS: a placed projectile
//! (arrow, barrier, beam, cone or voice, flame, trap, hazard, missile).
//! The eight types share one layout; only the signature differs.

use super::common::{activation_parents, editor_id, form_of, scripts};
use super::refr::{
    reflected_refracted_by, ENABLE_PARENT, LINKED_REFERENCE, POSITION_ROTATION, XYZ,
};
use crate::io::Sig;
use crate::schema::types::*;

static LOCATION_REF_TYPE: [FieldDef; 1] = [f("location_ref_type", fid(&[b"LCRT"]))];

/// The members of every placed projectile record; only their signature
/// differs.
pub static PLACED_PROJECTILE: [Member; 21] = [
    editor_id(),
    scripts(),
    sub(
        b"NAME",
        "projectile",
        Field::Value(fid(&[b"PROJ", b"HAZD"])),
    ),
    form_of(b"XEZN", "encounter_zone", &[b"ECZN"]),
    form_of(b"XOWN", "owner", &[b"FACT", b"ACHR", b"NPC_"]),
    opt(b"XRNK", "faction_rank", Field::Value(I32)),
    opt(b"XHTW", "head_tracking_weight", Field::Value(Ty::F32)),
    opt(b"XFVC", "favor_cost", Field::Value(Ty::F32)),
    reflected_refracted_by(),
    groups("linked_references", &LINKED_REFERENCE),
    opt(b"XAPD", "activation_parent_flags", Field::Value(U8)),
    activation_parents(),
    opt(b"XESP", "enable_parent", Field::Struct(&ENABLE_PARENT)),
    form_of(b"XEMI", "emittance", &[b"LIGH", b"REGN"]),
    form_of(b"XMBR", "multibound_reference", &[b"REFR"]),
    opt(b"XIS2", "ignored_by_sandbox", Field::Empty),
    opt(
        b"XLRT",
        "location_ref_types",
        Field::Array(&LOCATION_REF_TYPE),
    ),
    form_of(b"XLRL", "location_reference", &[b"LCRT", b"LCTN"]),
    opt(b"XLOD", "distant_lod", Field::Struct(&XYZ)),
    opt(b"XSCL", "scale", Field::Value(Ty::F32)),
    sub(
        b"DATA",
        "position_rotation",
        Field::Struct(&POSITION_ROTATION),
    ),
];

macro_rules! placed {
    ($name:ident, $sig:literal, $title:literal) => {
        #[doc = concat!("Skyrim's placed projectile declaration: ", $title, ".")]
        pub static $name: RecordDef = RecordDef {
            sig: Sig(*$sig),
            title: $title,
            members: &PLACED_PROJECTILE,
        };
    };
}

placed!(PARW, b"PARW", "Placed arrow");
placed!(PBAR, b"PBAR", "Placed barrier");
placed!(PBEA, b"PBEA", "Placed beam");
placed!(PCON, b"PCON", "Placed cone or voice");
placed!(PFLA, b"PFLA", "Placed flame");
placed!(PGRE, b"PGRE", "Placed projectile");
placed!(PHZD, b"PHZD", "Placed hazard");
placed!(PMIS, b"PMIS", "Placed missile");
