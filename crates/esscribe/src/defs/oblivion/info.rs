//! INFO: a dialogue response: its topic, responses, conditions, choices
//! and result script.

use super::common::*;
use super::dial::DIALOGUE_TYPES;
use super::scpt::RESULT_SCRIPT;
use crate::defs::shared::info;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Who speaks next after a dialogue response (DATA `next_speaker`).
pub static NEXT_SPEAKERS: EnumDef = EnumDef {
    values: &[(0, "target"), (1, "self"), (2, "either")],
};

/// Dialogue response flags (goodbye, random, say once, ...).
pub static INFO_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "goodbye"),
        (0x02, "random"),
        (0x04, "say_once"),
        (0x08, "run_immediately"),
        (0x10, "info_refusal"),
        (0x20, "random_end"),
        (0x40, "run_for_rumors"),
    ],
};

/// Emotions a dialogue response is spoken with (TRDT `emotion_type`).
pub static EMOTIONS: EnumDef = EnumDef {
    values: &info::EMOTION_VALUES,
};

static RESPONSE_DATA: [FieldDef; 5] = join(&[
    &[
        f("emotion_type", Ty::Enum(Int::U32, &EMOTIONS)),
        f("emotion_value", I32),
    ],
    &info::RESPONSE_NUMBER,
]);

static RESPONSE: [Member; 3] = [
    sub(b"TRDT", "data", Field::Struct(&RESPONSE_DATA)),
    opt(b"NAM1", "text", Field::ZString),
    opt(b"NAM2", "actor_notes", Field::ZString),
];

/// Oblivion's dialogue response (INFO) record declaration.
pub static INFO: RecordDef = records::INFO.with(&join::<_, 16>(&[
    &[
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("type", Ty::Enum(Int::U8, &DIALOGUE_TYPES)),
                f("next_speaker", Ty::Enum(Int::U8, &NEXT_SPEAKERS)),
                f("flags", Ty::Flags(Int::U8, &INFO_FLAGS)),
            ]),
        ),
        form_of(b"QSTI", "quest", &[b"QUST"]),
        form_of(b"TPIC", "topic", &[b"DIAL"]),
        form_of(b"PNAM", "previous_info", &[b"INFO"]),
        rep(b"NAME", "add_topics", Field::Value(fid(&[b"DIAL"]))),
        groups("responses", &RESPONSE),
        conditions(),
        conditions_old(),
        rep(b"TCLT", "choices", Field::Value(fid(&[b"DIAL"]))),
        rep(b"TCLF", "link_from", Field::Value(fid(&[b"DIAL"]))),
    ],
    &RESULT_SCRIPT,
]));
