//! MUSC: a music type.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Music type flags (FNAM `flags`).
pub static MUSIC_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "plays_one_selection"),
        (0x02, "abrupt_transition"),
        (0x04, "cycle_tracks"),
        (0x08, "maintain_track_order"),
        (0x20, "ducks_current_track"),
    ],
};

static TRACK: [FieldDef; 1] = [f("track", fid(&[b"MUST"]))];

/// Skyrim's music type (MUSC) record declaration.
pub static MUSC: RecordDef = RecordDef {
    sig: Sig(*b"MUSC"),
    title: "Music type",
    members: &[
        editor_id(),
        opt(
            b"FNAM",
            "flags",
            Field::Value(Ty::Flags(Int::U32, &MUSIC_FLAGS)),
        ),
        opt(
            b"PNAM",
            "data",
            Field::Struct(&[f("priority", U16), f("ducking_hundredths_db", U16)]),
        ),
        opt(b"WNAM", "fade_duration", Field::Value(Ty::F32)),
        opt(b"TNAM", "music_tracks", Field::Array(&TRACK)),
    ],
};
