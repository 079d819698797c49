//! RFCT: a visual effect.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Visual effect flags: rotate to face target, attach to camera, inherit
/// rotation.
pub static EFFECT_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "rotate_to_face_target"),
        (0x02, "attach_to_camera"),
        (0x04, "inherit_rotation"),
    ],
};

/// Skyrim's visual effect (RFCT) record declaration.
pub static RFCT: RecordDef = RecordDef {
    sig: Sig(*b"RFCT"),
    title: "Visual effect",
    members: &[
        editor_id(),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("effect_art", fid(&[b"ARTO"])),
                f("shader", fid(&[b"EFSH"])),
                f("flags", Ty::Flags(Int::U32, &EFFECT_FLAGS)),
            ]),
        ),
    ],
};
