//! IMGS: an image space (HDR, cinematic, tint and depth of field
//! settings).

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Image space sky blur radii.
pub static SKY_BLUR_RADII: EnumDef = EnumDef {
    values: &[
        (16384, "radius_0"),
        (16672, "radius_1"),
        (16784, "radius_2"),
        (16848, "radius_3"),
        (16904, "radius_4"),
        (16936, "radius_5"),
        (16968, "radius_6"),
        (17000, "radius_7"),
        (16576, "no_sky_radius_0"),
        (16736, "no_sky_radius_1"),
        (16816, "no_sky_radius_2"),
        (16880, "no_sky_radius_3"),
        (16920, "no_sky_radius_4"),
        (16952, "no_sky_radius_5"),
        (16984, "no_sky_radius_6"),
        (17016, "no_sky_radius_7"),
    ],
};

/// The layouts of the leftover ENAM, the data deciding: ten values of the
/// kinds HNAM and CNAM hold (form versions 15 to 19), or bytes nobody has
/// documented.
static ENAM_LAYOUTS: [Field; 2] = [
    Field::Struct(&[
        f("eye_adapt_speed", Ty::F32),
        f("bloom_blur_radius", Ty::F32),
        f("bloom_threshold", Ty::F32),
        f("bloom_scale", Ty::F32),
        f("receive_bloom_threshold", Ty::F32),
        f("sunlight_scale", Ty::F32),
        f("sky_scale", Ty::F32),
        f("saturation", Ty::F32),
        f("brightness", Ty::F32),
        f("contrast", Ty::F32),
    ]),
    Field::Opaque,
];

/// Skyrim's image space (IMGS) record declaration.
pub static IMGS: RecordDef = RecordDef {
    sig: Sig(*b"IMGS"),
    title: "Image space",
    members: &[
        editor_id(),
        // Left over from earlier versions of the format; its layout
        // changed with the form version.
        opt(b"ENAM", "unknown_enam", Field::ByFit(&ENAM_LAYOUTS)),
        opt(
            b"HNAM",
            "hdr",
            Field::Struct(&[
                f("eye_adapt_speed", Ty::F32),
                f("bloom_blur_radius", Ty::F32),
                f("bloom_threshold", Ty::F32),
                f("bloom_scale", Ty::F32),
                f("receive_bloom_threshold", Ty::F32),
                f("white", Ty::F32),
                f("sunlight_scale", Ty::F32),
                f("sky_scale", Ty::F32),
                f("eye_adapt_strength", Ty::F32),
            ]),
        ),
        opt(
            b"CNAM",
            "cinematic",
            Field::Struct(&[
                f("saturation", Ty::F32),
                f("brightness", Ty::F32),
                f("contrast", Ty::F32),
            ]),
        ),
        opt(
            b"TNAM",
            "tint",
            Field::Struct(&[
                f("amount", Ty::F32),
                f("red", Ty::F32),
                f("green", Ty::F32),
                f("blue", Ty::F32),
            ]),
        ),
        opt(
            b"DNAM",
            "depth_of_field",
            Field::Struct(&[
                f("strength", Ty::F32),
                f("distance", Ty::F32),
                f("range", Ty::F32),
                f("unknown_0x0c", Ty::Bytes(2)),
                f("sky_blur_radius", Ty::Enum(Int::U16, &SKY_BLUR_RADII)),
            ]),
        ),
    ],
};
