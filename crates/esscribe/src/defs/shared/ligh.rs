//! LIGH, in both games: a light's flags.

/// The flags both games give the same meaning.
pub static FLAG_BITS: [(u64, &str); 9] = [
    (0x0001, "dynamic"),
    (0x0002, "can_be_carried"),
    (0x0004, "negative"),
    (0x0008, "flicker"),
    (0x0020, "off_by_default"),
    (0x0040, "flicker_slow"),
    (0x0080, "pulse"),
    (0x0100, "pulse_slow"),
    (0x0200, "spot_light"),
];
