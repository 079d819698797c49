//! IDLM: an idle marker.

use super::common::{editor_id, model, object_bounds};
use crate::io::Sig;
use crate::schema::types::*;

/// Idle marker flags (IDLF `flags`).
pub static IDLE_MARKER_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "run_in_sequence"),
        (0x04, "do_once"),
        (0x10, "ignored_by_sandbox"),
    ],
};

static IDLE: [FieldDef; 1] = [f("idle", fid(&[b"IDLE"]))];

/// Skyrim's idle marker (IDLM) record declaration.
pub static IDLM: RecordDef = RecordDef {
    sig: Sig(*b"IDLM"),
    title: "Idle marker",
    members: &[
        editor_id(),
        object_bounds(),
        opt(
            b"IDLF",
            "flags",
            Field::Value(Ty::Flags(Int::U8, &IDLE_MARKER_FLAGS)),
        ),
        opt(b"IDLC", "animation_count", Field::Value(U8)).counts("animations"),
        opt(b"IDLT", "idle_timer", Field::Value(Ty::F32)),
        opt(b"IDLA", "animations", Field::Array(&IDLE)),
        model(),
    ],
};
