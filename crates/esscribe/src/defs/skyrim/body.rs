//! Body template (BODT, BOD2) shared by armor and armor addons.

use crate::schema::types::*;

/// Biped body slots, the 32 bits armor and armor addons fill.
pub static BIPED_SLOTS: FlagsDef = FlagsDef {
    bits: &[
        (1 << 0, "head"),
        (1 << 1, "hair"),
        (1 << 2, "body"),
        (1 << 3, "hands"),
        (1 << 4, "forearms"),
        (1 << 5, "amulet"),
        (1 << 6, "ring"),
        (1 << 7, "feet"),
        (1 << 8, "calves"),
        (1 << 9, "shield"),
        (1 << 10, "tail"),
        (1 << 11, "long_hair"),
        (1 << 12, "circlet"),
        (1 << 13, "ears"),
        (1 << 14, "slot_44"),
        (1 << 15, "slot_45"),
        (1 << 16, "slot_46"),
        (1 << 17, "slot_47"),
        (1 << 18, "slot_48"),
        (1 << 19, "slot_49"),
        (1 << 20, "decapitate_head"),
        (1 << 21, "decapitate"),
        (1 << 22, "slot_52"),
        (1 << 23, "slot_53"),
        (1 << 24, "slot_54"),
        (1 << 25, "slot_55"),
        (1 << 26, "slot_56"),
        (1 << 27, "slot_57"),
        (1 << 28, "slot_58"),
        (1 << 29, "slot_59"),
        (1 << 30, "slot_60"),
        (1 << 31, "fx01"),
    ],
};

/// Armor general flags beside the body slots: modulates voice, non-playable.
pub static GENERAL_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "modulates_voice"), (0x10, "non_playable")],
};

/// Armor types: light, heavy, clothing.
pub static ARMOR_TYPES: EnumDef = EnumDef {
    values: &[(0, "light_armor"), (1, "heavy_armor"), (2, "clothing")],
};

/// BOD2: the slots and the armor type.
pub static BODY_TEMPLATE_2: [FieldDef; 2] = [
    f("first_person_flags", Ty::Flags(Int::U32, &BIPED_SLOTS)),
    f("armor_type", Ty::Enum(Int::U32, &ARMOR_TYPES)),
];

/// BODT: the slots, general flags and (in newer files) the armor type.
pub static BODY_TEMPLATE: [FieldDef; 4] = [
    f("first_person_flags", Ty::Flags(Int::U32, &BIPED_SLOTS)),
    f("general_flags", Ty::Flags(Int::U8, &GENERAL_FLAGS)),
    f("unused", Ty::Bytes(3)),
    f("armor_type", Ty::Enum(Int::U32, &ARMOR_TYPES)),
];

/// The body template in its legacy layout (BODT).
pub const fn body_template() -> Member {
    opt(
        b"BODT",
        "body_template_legacy",
        Field::Struct(&BODY_TEMPLATE),
    )
}

/// The body template (BOD2): body slots and armor type.
pub const fn body_template_2() -> Member {
    opt(b"BOD2", "body_template", Field::Struct(&BODY_TEMPLATE_2))
}
