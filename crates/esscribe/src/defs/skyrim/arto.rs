//! ARTO: an art object.

use super::common::{editor_id, model, object_bounds};
use crate::io::Sig;
use crate::schema::types::*;

pub static ART_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "magic_casting"),
        (1, "magic_hit_effect"),
        (2, "enchantment_effect"),
    ],
};

pub static ARTO: RecordDef = RecordDef {
    sig: Sig(*b"ARTO"),
    title: "Art object",
    members: &[
        editor_id(),
        object_bounds(),
        model(),
        opt(
            b"DNAM",
            "art_type",
            Field::Value(Ty::Enum(Int::U32, &ART_TYPES)),
        ),
    ],
};
