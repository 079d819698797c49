//! REGN: a region: its area in a worldspace, then data entries (objects,
//! weather, map name, grass, sound).

use super::common::{editor_id, form_of, large_icon, small_icon};
use crate::defs::shared::records;
use crate::defs::shared::regn;
use crate::schema::types::*;

/// Region data entry types (RDAT `type`).
pub static ENTRY_TYPES: EnumDef = EnumDef {
    values: &join::<_, 7>(&[&regn::ENTRY_TYPE_VALUES, &[(8, "imposter")]]),
};

/// Region data entry flags (RDAT `flags`): override.
pub static ENTRY_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "override")],
};

static OBJECT: [FieldDef; 20] = join(&[
    &[
        f(
            "object",
            fid(&[b"TREE", b"FLOR", b"STAT", b"LTEX", b"MSTT"]),
        ),
        f("parent_index", U16),
        f("unknown_0x06", Ty::Bytes(2)),
    ],
    &regn::OBJECT_DENSITY,
    &[f("radius_to_parent", U16)],
    &regn::OBJECT_SIZE,
    &[
        f("unknown_0x2e", Ty::Bytes(2)),
        f("unknown_0x30", Ty::Bytes(4)),
    ],
]);

static GRASS: [FieldDef; 2] = [f("grass", fid(&[b"GRAS"])), f("unknown_0x04", Ty::Bytes(4))];

static SOUND: [FieldDef; 3] = [
    f("sound", fid(&[b"SNDR"])),
    f("flags", Ty::Flags(Int::U32, &regn::SOUND_FLAGS)),
    f("chance", Ty::F32),
];

static WEATHER: [FieldDef; 3] = [
    f("weather", fid(&[b"WTHR"])),
    f("chance", U32),
    f("global", fid(&[b"GLOB"])),
];

static ENTRY: [Member; 9] = [
    sub(
        b"RDAT",
        "header",
        Field::Struct(&[
            f("type", Ty::Enum(Int::U32, &ENTRY_TYPES)),
            f("flags", Ty::Flags(Int::U8, &ENTRY_FLAGS)),
            f("priority", U8),
            f("unknown_0x06", Ty::Bytes(2)),
        ]),
    ),
    large_icon(),
    small_icon(),
    form_of(b"RDMO", "music", &[b"MUSC"]),
    opt(b"RDSA", "sounds", Field::Array(&SOUND)),
    opt(b"RDMP", "map_name", Field::LString),
    opt(b"RDOT", "objects", Field::Array(&OBJECT)),
    opt(b"RDGS", "grasses", Field::Array(&GRASS)),
    opt(b"RDWT", "weathers", Field::Array(&WEATHER)),
];

static MAP_AND_ENTRIES: [Member; 4] = regn::map_and_entries(&ENTRY);

/// Skyrim's region (REGN) declaration.
pub static REGN: RecordDef = records::REGN.with(&[
    editor_id(),
    MAP_AND_ENTRIES[0],
    MAP_AND_ENTRIES[1],
    MAP_AND_ENTRIES[2],
    MAP_AND_ENTRIES[3],
]);
