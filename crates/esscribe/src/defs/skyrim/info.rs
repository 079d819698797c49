//! INFO: a dialogue response: flags, links, response texts, conditions.

use super::common::{conditions, editor_id, form_of};
use super::vmad::INFO_VMAD;
use crate::defs::shared::info;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Dialogue response flags (ENAM `flags`).
pub static RESPONSE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0001, "goodbye"),
        (0x0002, "random"),
        (0x0004, "say_once"),
        (0x0008, "requires_player_activation"),
        (0x0010, "info_refusal"),
        (0x0020, "random_end"),
        (0x0040, "invisible_continue"),
        (0x0080, "walk_away"),
        (0x0100, "walk_away_invisible_in_menu"),
        (0x0200, "force_subtitle"),
        (0x0400, "can_move_while_greeting"),
        (0x0800, "has_no_lip_file"),
        (0x1000, "requires_post_processing"),
        (0x2000, "audio_output_override"),
        (0x4000, "spends_favor_points"),
    ],
};

/// Favor levels of a dialogue response (CNAM `favor_level`).
pub static FAVOR_LEVELS: EnumDef = EnumDef {
    values: &[(0, "none"), (1, "small"), (2, "medium"), (3, "large")],
};

/// Emotions a dialogue response is spoken with (TRDT `emotion_type`).
pub static EMOTIONS: EnumDef = EnumDef {
    values: &join::<_, 8>(&[&info::EMOTION_VALUES, &[(7, "puzzled")]]),
};

/// Dialogue response text flags: use emotion animation.
pub static TEXT_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "use_emotion_animation")],
};

static RESPONSE_DATA: [FieldDef; 8] = join(&[
    &[
        f("emotion_type", Ty::Enum(Int::U32, &EMOTIONS)),
        f("emotion_value", U32),
    ],
    &info::RESPONSE_NUMBER,
    &[
        f("sound", fid(&[b"SNDR"])),
        f("flags", Ty::Flags(Int::U8, &TEXT_FLAGS)),
        f("unused_3", Ty::Bytes(3)),
    ],
]);

static RESPONSE: [Member; 6] = [
    sub(b"TRDT", "data", Field::Struct(&RESPONSE_DATA)),
    opt(b"NAM1", "text", Field::LString),
    opt(b"NAM2", "script_notes", Field::ZString),
    opt(b"NAM3", "edits", Field::ZString),
    form_of(b"SNAM", "speaker_idle_animation", &[b"IDLE"]),
    form_of(b"LNAM", "listener_idle_animation", &[b"IDLE"]),
];

/// A script's leftovers in responses of older form versions, each ended
/// by a NEXT marker.
static UNUSED_SCRIPT: [Member; 3] = [
    sub(b"SCHR", "header", Field::Opaque),
    opt(b"QNAM", "form", Field::Value(Ty::FormId)),
    opt(b"NEXT", "end", Field::Empty),
];

/// Skyrim's dialogue response (INFO) record declaration.
pub static INFO: RecordDef = records::INFO.with(&[
    editor_id(),
    opt(b"VMAD", "scripts", Field::Struct(&INFO_VMAD)),
    opt(b"DATA", "unused", Field::Opaque),
    opt(
        b"ENAM",
        "response_data",
        Field::Struct(&[
            f("flags", Ty::Flags(Int::U16, &RESPONSE_FLAGS)),
            f("reset_hours_scaled", U16),
        ]),
    ),
    form_of(b"TPIC", "topic", &[b"DIAL"]),
    form_of(b"PNAM", "previous_info", &[b"INFO"]),
    opt(
        b"CNAM",
        "favor_level",
        Field::Value(Ty::Enum(Int::U8, &FAVOR_LEVELS)),
    ),
    rep(b"TCLT", "link_to", Field::Value(fid(&[b"DIAL", b"INFO"]))),
    form_of(b"DNAM", "response_data_from", &[b"INFO"]),
    groups("responses", &RESPONSE),
    conditions(),
    groups("unused_scripts", &UNUSED_SCRIPT),
    opt(b"RNAM", "prompt", Field::LString),
    form_of(b"ANAM", "speaker", &[b"NPC_"]),
    form_of(b"TWAT", "walk_away_topic", &[b"DIAL"]),
    form_of(b"ONAM", "audio_output_override", &[b"SOPM"]),
]);
