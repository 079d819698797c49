//! DUAL: dual cast data.

use super::common::{editor_id, object_bounds};
use crate::io::Sig;
use crate::schema::types::*;

/// Which parts of a dual cast inherit the caster's scale.
pub static INHERIT_SCALE: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "hit_effect_art"),
        (0x02, "projectile"),
        (0x04, "explosion"),
    ],
};

/// Skyrim's dual cast data (DUAL) record declaration.
pub static DUAL: RecordDef = RecordDef {
    sig: Sig(*b"DUAL"),
    title: "Dual cast data",
    members: &[
        editor_id(),
        object_bounds(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("projectile", Ty::FormId),
                f("explosion", Ty::FormId),
                f("effect_shader", Ty::FormId),
                f("hit_effect_art", Ty::FormId),
                f("impact_data_set", Ty::FormId),
                f("inherit_scale", Ty::Flags(Int::U32, &INHERIT_SCALE)),
            ]),
        ),
    ],
};
