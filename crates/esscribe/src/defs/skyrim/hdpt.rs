//! HDPT: a head part (hair, eyes, brows, scars, ...).

use super::common::{editor_id, form_of, full_name, model};
use crate::io::Sig;
use crate::schema::types::*;

/// Head part flags (DATA `flags`).
pub static HEAD_PART_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "playable"),
        (0x02, "male"),
        (0x04, "female"),
        (0x08, "is_extra_part"),
        (0x10, "use_solid_tint"),
    ],
};

/// Head part types (PNAM `type`).
pub static HEAD_PART_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "misc"),
        (1, "face"),
        (2, "eyes"),
        (3, "hair"),
        (4, "facial_hair"),
        (5, "scar"),
        (6, "eyebrows"),
    ],
};

/// Head part file types (NAM0 `type`): race morph, tri, chargen morph.
pub static PART_FILE_TYPES: EnumDef = EnumDef {
    values: &[(0, "race_morph"), (1, "tri"), (2, "chargen_morph")],
};

static PART: [Member; 2] = [
    sub(
        b"NAM0",
        "type",
        Field::Value(Ty::Enum(Int::U32, &PART_FILE_TYPES)),
    ),
    opt(b"NAM1", "file", Field::ZString),
];

/// Skyrim's head part (HDPT) record declaration.
pub static HDPT: RecordDef = RecordDef {
    sig: Sig(*b"HDPT"),
    title: "Head part",
    members: &[
        editor_id(),
        full_name(),
        model(),
        opt(
            b"DATA",
            "flags",
            Field::Value(Ty::Flags(Int::U8, &HEAD_PART_FLAGS)),
        ),
        opt(
            b"PNAM",
            "type",
            Field::Value(Ty::Enum(Int::U32, &HEAD_PART_TYPES)),
        ),
        rep(b"HNAM", "extra_parts", Field::Value(fid(&[b"HDPT"]))),
        groups("parts", &PART),
        form_of(b"TNAM", "texture_set", &[b"TXST"]),
        form_of(b"CNAM", "color", &[b"CLFM"]),
        form_of(b"RNAM", "valid_races", &[b"FLST"]),
    ],
};
