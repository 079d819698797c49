//! ARMA: an armor addon (the models an armor shows, per race).

use super::body::{body_template, body_template_2};
use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

static WEIGHT_SLIDER: FlagsDef = FlagsDef {
    bits: &[(0x02, "enabled")],
};

/// Skyrim's armor addon (ARMA) record declaration.
pub static ARMA: RecordDef = RecordDef {
    sig: Sig(*b"ARMA"),
    title: "Armor addon",
    members: &[
        editor_id(),
        body_template(),
        body_template_2(),
        form_of(b"RNAM", "race", &[b"RACE"]),
        sub(
            b"DNAM",
            "data",
            Field::Struct(&[
                f("male_priority", U8),
                f("female_priority", U8),
                f("male_weight_slider", Ty::Flags(Int::U8, &WEIGHT_SLIDER)),
                f("female_weight_slider", Ty::Flags(Int::U8, &WEIGHT_SLIDER)),
                f("unknown", Ty::Bytes(2)),
                f("detection_sound_value", U8),
                f("unknown_2", Ty::Bytes(1)),
                f("weapon_adjust", Ty::F32),
            ]),
        ),
        group("male_model", &MODEL_2),
        group("female_model", &MODEL_3),
        group("male_first_person_model", &MODEL_4),
        group("female_first_person_model", &MODEL_5),
        form_of(b"NAM0", "male_skin_texture", &[b"TXST"]),
        form_of(b"NAM1", "female_skin_texture", &[b"TXST"]),
        form_of(b"NAM2", "male_skin_texture_swap_list", &[b"FLST"]),
        form_of(b"NAM3", "female_skin_texture_swap_list", &[b"FLST"]),
        rep(b"MODL", "additional_races", Field::Value(fid(&[b"RACE"]))),
        form_of(b"SNDD", "footstep_sound", &[b"FSTS"]),
        form_of(b"ONAM", "art_object", &[b"ARTO"]),
    ],
};
