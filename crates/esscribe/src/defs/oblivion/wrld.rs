//! WRLD: a worldspace.

pub use super::cell::MUSIC_TYPES;
use super::common::{editor_id, form_of, full_name, icon};
use crate::defs::shared::records;
use crate::defs::shared::wrld;
use crate::schema::types::*;

/// Worldspace flags (DATA `flags`).
pub static WORLD_FLAGS: FlagsDef = FlagsDef {
    bits: &join::<_, 4>(&[
        &wrld::FLAG_BITS,
        &[(0x04, "oblivion_worldspace"), (0x10, "no_lod_water")],
    ]),
};

static MAP_DATA: [FieldDef; 6] = join(&[&wrld::MAP_CELLS]);

static FLAGS_AND_BOUNDS: [Member; 3] = wrld::flags_and_bounds(&WORLD_FLAGS);

/// Oblivion's worldspace (WRLD) record declaration.
pub static WRLD: RecordDef = records::WRLD.with(&[
    editor_id(),
    full_name(),
    form_of(b"WNAM", "parent_worldspace", &[b"WRLD"]),
    form_of(b"CNAM", "climate", &[b"CLMT"]),
    form_of(b"NAM2", "water", &[b"WATR"]),
    icon(),
    opt(b"MNAM", "map_data", Field::Struct(&MAP_DATA)),
    FLAGS_AND_BOUNDS[0],
    FLAGS_AND_BOUNDS[1],
    FLAGS_AND_BOUNDS[2],
    opt(
        b"SNAM",
        "music",
        Field::Value(Ty::Enum(Int::U32, &MUSIC_TYPES)),
    ),
    // Offsets the editor writes for the worldspace's cells, in the game's
    // own worldspaces too: no layout of them is documented and they hold
    // no form IDs.
    opt(b"OFST", "offset_data", Field::Opaque),
]);
