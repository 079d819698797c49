//! TACT: a talking activator (an object the player can talk with).

use super::common::*;
use crate::io::Sig;
use crate::schema::types::*;

/// Skyrim's talking activator (TACT) record declaration.
pub static TACT: RecordDef = RecordDef {
    sig: Sig(*b"TACT"),
    title: "Talking activator",
    members: &join::<_, 12>(&[
        &ACTIVATOR_HEAD,
        &[
            // Left over from earlier versions of the editor, which resets
            // them: data nobody has documented, of more than one size.
            opt(b"PNAM", "unknown_pnam", Field::Opaque),
            form_of(b"SNAM", "looping_sound", &[b"SNDR"]),
            opt(b"FNAM", "unknown_fnam", Field::Opaque),
            form_of(b"VNAM", "voice_type", &[b"VTYP"]),
        ],
    ]),
};
