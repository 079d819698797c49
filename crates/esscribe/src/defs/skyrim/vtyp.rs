//! VTYP: a voice type.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Voice type flags (DNAM `flags`): allow default dialog, female.
pub static VOICE_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "allow_default_dialog"), (0x02, "female")],
};

/// Skyrim's voice type (VTYP) record declaration.
pub static VTYP: RecordDef = RecordDef {
    sig: Sig(*b"VTYP"),
    title: "Voice type",
    members: &[
        editor_id(),
        opt(
            b"DNAM",
            "flags",
            Field::Value(Ty::Flags(Int::U8, &VOICE_FLAGS)),
        ),
    ],
};
