//! LIGH: a light.

use super::common::*;
use crate::defs::shared::ligh;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Light flags (dynamic, can be carried, flicker, shadow types, ...).
pub static LIGHT_FLAGS: FlagsDef = FlagsDef {
    bits: &join::<_, 13>(&[
        &ligh::FLAG_BITS,
        &[
            (0x0400, "shadow_spotlight"),
            (0x0800, "shadow_hemisphere"),
            (0x1000, "shadow_omnidirectional"),
            (0x2000, "portal_strict"),
        ],
    ]),
};

static DATA_HEAD: [FieldDef; 6] = ligh::data_head(&LIGHT_FLAGS);

static DATA: [FieldDef; 12] = join(&[
    &DATA_HEAD,
    &[
        f("near_clip", Ty::F32),
        f("flicker_period", Ty::F32),
        f("flicker_intensity_amplitude", Ty::F32),
        f("flicker_movement_amplitude", Ty::F32),
        f("value", U32),
        f("weight", Ty::F32),
    ],
]);

/// Skyrim's light (LIGH) declaration.
pub static LIGH: RecordDef = records::LIGH.with(&[
    editor_id(),
    scripts(),
    object_bounds(),
    model(),
    destructible(),
    full_name(),
    large_icon(),
    small_icon(),
    sub(b"DATA", "data", Field::Struct(&DATA)),
    opt(b"FNAM", "fade_value", Field::Value(Ty::F32)),
    form_of(b"SNAM", "sound", &[b"SNDR"]),
    // Skyrim Special Edition adds the lens flare.
    form_of(b"LNAM", "lens_flare", &[b"LENS"]),
]);
