//! LENS: a lens flare and its sprites.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Lens flare sprite flags: rotates, shrinks when occluded.
pub static SPRITE_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "rotates"), (0x02, "shrinks_when_occluded")],
};

static SPRITE: [Member; 3] = [
    sub(b"DNAM", "id", Field::ZString),
    opt(b"FNAM", "texture", Field::ZString),
    opt(
        b"LFSD",
        "data",
        Field::Struct(&[
            f("tint_red", Ty::F32),
            f("tint_green", Ty::F32),
            f("tint_blue", Ty::F32),
            f("width", Ty::F32),
            f("height", Ty::F32),
            f("position", Ty::F32),
            f("angular_fade", Ty::F32),
            f("opacity", Ty::F32),
            f("flags", Ty::Flags(Int::U32, &SPRITE_FLAGS)),
        ]),
    ),
];

/// Skyrim's lens flare (LENS) record declaration.
pub static LENS: RecordDef = RecordDef {
    sig: Sig(*b"LENS"),
    title: "Lens flare",
    members: &[
        editor_id(),
        opt(b"CNAM", "color_influence", Field::Value(Ty::F32)),
        opt(b"DNAM", "fade_distance_radius_scale", Field::Value(Ty::F32)),
        opt(b"LFSP", "sprite_count", Field::Value(U32)).counts("sprites"),
        groups("sprites", &SPRITE),
    ],
};
