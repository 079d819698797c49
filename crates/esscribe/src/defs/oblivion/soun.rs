//! SOUN: a sound.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Sound flags (random frequency shift, loop, menu sound, ...).
pub static SOUND_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "random_frequency_shift"),
        (0x02, "play_at_random"),
        (0x04, "environment_ignored"),
        (0x08, "random_location"),
        (0x10, "loop"),
        (0x20, "menu_sound"),
        (0x40, "2d"),
        (0x80, "360_lfe"),
    ],
};

static SOUND_DATA: [FieldDef; 9] = [
    f("minimum_attenuation_distance", U8),
    f("maximum_attenuation_distance", U8),
    f("frequency_adjustment_percent", I8),
    f("unused", Ty::Bytes(1)),
    f("flags", Ty::Flags(Int::U16, &SOUND_FLAGS)),
    f("unused_2", Ty::Bytes(2)),
    f("static_attenuation_hundredths_db", U16),
    f("stop_time", U8),
    f("start_time", U8),
];

/// Oblivion's sound (SOUN) record declaration.
pub static SOUN: RecordDef = RecordDef {
    sig: Sig(*b"SOUN"),
    title: "Sound",
    members: &[
        editor_id(),
        opt(b"FNAM", "file", Field::ZString),
        opt(b"SNDD", "data_short", Field::Struct(&SOUND_DATA)),
        opt(b"SNDX", "data", Field::Struct(&SOUND_DATA)),
    ],
};
