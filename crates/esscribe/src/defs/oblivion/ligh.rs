//! LIGH: a light.

use super::common::{editor_id, form_of, full_name, icon, model, script, RGBA};
use crate::defs::shared::ligh;
use crate::io::Sig;
use crate::schema::types::*;

pub static LIGHT_FLAGS: FlagsDef = FlagsDef {
    bits: &join::<_, 10>(&[&ligh::FLAG_BITS, &[(0x0400, "spot_shadow")]]),
};

pub static LIGH: RecordDef = RecordDef {
    sig: Sig(*b"LIGH"),
    title: "Light",
    members: &[
        editor_id(),
        model(),
        script(),
        full_name(),
        icon(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("time", I32),
                f("radius", U32),
                f("color", Ty::Struct(&RGBA)),
                f("flags", Ty::Flags(Int::U32, &LIGHT_FLAGS)),
                f("falloff_exponent", Ty::F32),
                f("fov", Ty::F32),
                f("value", U32),
                f("weight", Ty::F32),
            ]),
        ),
        opt(b"FNAM", "fade_value", Field::Value(Ty::F32)),
        form_of(b"SNAM", "sound", &[b"SOUN"]),
    ],
};
