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
                f("projectile", fid(&[b"PROJ"])),
                f("explosion", fid(&[b"EXPL"])),
                f("effect_shader", fid(&[b"EFSH"])),
                f("hit_effect_art", fid(&[b"ARTO"])),
                f("impact_data_set", fid(&[b"IPDS"])),
                f("inherit_scale", Ty::Flags(Int::U32, &INHERIT_SCALE)),
            ]),
        ),
    ],
};
