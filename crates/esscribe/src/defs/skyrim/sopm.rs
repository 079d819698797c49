//! SOPM: a sound output model (how a sound is spread over the speakers
//! and fades with distance).

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Sound output model flags (NAM1 `flags`).
pub static OUTPUT_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "attenuates_with_distance"), (0x02, "allows_rumble")],
};

/// Sound output model types (MNAM `type`): HRTF, defined speaker output.
pub static OUTPUT_TYPES: EnumDef = EnumDef {
    values: &[(0, "uses_hrtf"), (1, "defined_speaker_output")],
};

/// Levels (0 to 100) of one input channel on each speaker.
static CHANNEL: [FieldDef; 8] = [
    f("left", U8),
    f("right", U8),
    f("center", U8),
    f("low_frequency", U8),
    f("rear_left", U8),
    f("rear_right", U8),
    f("back_left", U8),
    f("back_right", U8),
];

static CURVE: [FieldDef; 5] = [
    f("point_1", U8),
    f("point_2", U8),
    f("point_3", U8),
    f("point_4", U8),
    f("point_5", U8),
];

/// Skyrim's sound output model (SOPM) record declaration.
pub static SOPM: RecordDef = RecordDef {
    sig: Sig(*b"SOPM"),
    title: "Sound output model",
    members: &[
        editor_id(),
        opt(
            b"NAM1",
            "data",
            Field::Struct(&[
                f("flags", Ty::Flags(Int::U8, &OUTPUT_FLAGS)),
                f("unknown_0x01", Ty::Bytes(2)),
                f("reverb_send_percent", U8),
            ]),
        ),
        // Left over from earlier versions of the editor.
        opt(b"FNAM", "unknown_fnam", Field::Opaque),
        opt(
            b"MNAM",
            "type",
            Field::Value(Ty::Enum(Int::U32, &OUTPUT_TYPES)),
        ),
        opt(b"CNAM", "unknown_cnam", Field::Opaque),
        opt(b"SNAM", "unknown_snam", Field::Opaque),
        opt(
            b"ONAM",
            "output_values",
            Field::Struct(&[
                f("channel_0", Ty::Struct(&CHANNEL)),
                f("channel_1", Ty::Struct(&CHANNEL)),
                f("channel_2", Ty::Struct(&CHANNEL)),
            ]),
        ),
        opt(
            b"ANAM",
            "attenuation",
            Field::Struct(&[
                f("unknown_0x00", Ty::Bytes(4)),
                f("min_distance", Ty::F32),
                f("max_distance", Ty::F32),
                f("curve", Ty::Struct(&CURVE)),
                f("unknown_0x11", Ty::Bytes(3)),
            ]),
        ),
    ],
};
