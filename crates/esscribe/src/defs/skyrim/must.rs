//! MUST: a music track.

use super::common::{conditions, editor_id};
use crate::io::Sig;
use crate::schema::types::*;

/// Music track types (CNAM `track_type`): palette, single track, silent
/// track.
pub static TRACK_TYPES: EnumDef = EnumDef {
    values: &[
        (0x23F6_78C3, "palette"),
        (0x6ED7_E048, "single_track"),
        (0xA1A9_C4D5, "silent_track"),
    ],
};

static CUE_POINT: [FieldDef; 1] = [f("time", Ty::F32)];

static TRACK: [FieldDef; 1] = [f("track", fid(&[b"MUST"]))];

/// Skyrim's music track (MUST) record declaration.
pub static MUST: RecordDef = RecordDef {
    sig: Sig(*b"MUST"),
    title: "Music track",
    members: &[
        editor_id(),
        opt(
            b"CNAM",
            "track_type",
            Field::Value(Ty::Enum(Int::U32, &TRACK_TYPES)),
        ),
        opt(b"FLTV", "duration", Field::Value(Ty::F32)),
        opt(b"DNAM", "fade_out", Field::Value(Ty::F32)),
        opt(b"ANAM", "track_file", Field::ZString),
        opt(b"BNAM", "finale_file", Field::ZString),
        opt(b"FNAM", "cue_points", Field::Array(&CUE_POINT)),
        opt(
            b"LNAM",
            "loop",
            Field::Struct(&[f("begins", Ty::F32), f("ends", Ty::F32), f("count", U32)]),
        ),
        opt(b"CITC", "condition_count", Field::Value(U32)).counts("conditions"),
        conditions(),
        opt(b"SNAM", "tracks", Field::Array(&TRACK)),
    ],
};
