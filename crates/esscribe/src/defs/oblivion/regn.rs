//! REGN: a region: its area, then data entries (objects, weather, map
//! name, land, grass, sound).

pub use super::cell::MUSIC_TYPES;
use super::common::{editor_id, icon};
use crate::defs::shared::records;
use crate::defs::shared::regn;
use crate::schema::types::*;

/// Region data entry types (RDAT `type`): objects, weather, map, land,
/// grass, sound.
pub static ENTRY_TYPES: EnumDef = EnumDef {
    values: &regn::ENTRY_TYPE_VALUES,
};

static OBJECT: [FieldDef; 20] = join(&[
    &[
        f("object", fid(&[b"TREE", b"FLOR", b"STAT", b"LTEX"])),
        f("parent_index", U16),
        f("unused", Ty::Bytes(2)),
    ],
    &regn::OBJECT_DENSITY,
    &[f("radius_wrt_parent", U16)],
    &regn::OBJECT_SIZE,
    &[f("unused_2", Ty::Bytes(2)), f("unused_3", Ty::Bytes(4))],
]);

static GRASS: [FieldDef; 2] = [f("grass", fid(&[b"GRAS"])), f("unused", Ty::Bytes(4))];

static SOUND: [FieldDef; 3] = [
    f("sound", fid(&[b"SOUN"])),
    f("flags", Ty::Flags(Int::U32, &regn::SOUND_FLAGS)),
    f("chance", U32),
];

static WEATHER: [FieldDef; 2] = [f("weather", fid(&[b"WTHR"])), f("chance", U32)];

static ENTRY: [Member; 7] = [
    sub(
        b"RDAT",
        "header",
        Field::Struct(&[
            f("type", Ty::Enum(Int::U32, &ENTRY_TYPES)),
            f("override", Ty::Bool),
            f("priority", U8),
            f("unused", Ty::Bytes(2)),
        ]),
    ),
    opt(b"RDOT", "objects", Field::Array(&OBJECT)),
    opt(b"RDMP", "map_name", Field::ZString),
    opt(b"RDGS", "grasses", Field::Array(&GRASS)),
    opt(
        b"RDMD",
        "music",
        Field::Value(Ty::Enum(Int::U32, &MUSIC_TYPES)),
    ),
    opt(b"RDSD", "sounds", Field::Array(&SOUND)),
    opt(b"RDWT", "weathers", Field::Array(&WEATHER)),
];

static MAP_AND_ENTRIES: [Member; 4] = regn::map_and_entries(&ENTRY);

/// Oblivion's region (REGN) declaration.
pub static REGN: RecordDef = records::REGN.with(&[
    editor_id(),
    icon(),
    MAP_AND_ENTRIES[0],
    MAP_AND_ENTRIES[1],
    MAP_AND_ENTRIES[2],
    MAP_AND_ENTRIES[3],
]);
