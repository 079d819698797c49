//! ARTO: an art object.

use super::common::{editor_id, model, object_bounds};
use crate::io::Sig;
use crate::schema::types::*;

/// Art object types (DNAM `art_type`).
pub static ART_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "magic_casting"),
        (1, "magic_hit_effect"),
        (2, "enchantment_effect"),
    ],
};

/// Skyrim's art object (ARTO) record declaration.
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
