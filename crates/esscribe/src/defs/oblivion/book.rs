//! BOOK: a book or scroll.

use super::common::{form_of, ITEM_HEAD};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Book flags (DATA `flags`).
pub static BOOK_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "scroll"), (0x02, "cant_be_taken")],
};

/// The skill the book teaches; -1 for none.
pub static SKILLS: EnumDef = EnumDef {
    values: &[
        (-1, "none"),
        (12, "armorer"),
        (13, "athletics"),
        (14, "blade"),
        (15, "block"),
        (16, "blunt"),
        (17, "hand_to_hand"),
        (18, "heavy_armor"),
        (19, "alchemy"),
        (20, "alteration"),
        (21, "conjuration"),
        (22, "destruction"),
        (23, "illusion"),
        (24, "mysticism"),
        (25, "restoration"),
        (26, "acrobatics"),
        (27, "light_armor"),
        (28, "marksman"),
        (29, "mercantile"),
        (30, "security"),
        (31, "sneak"),
        (32, "speechcraft"),
    ],
};

/// Oblivion's book (BOOK) record declaration.
pub static BOOK: RecordDef = records::BOOK.with(&join::<_, 9>(&[
    &ITEM_HEAD,
    &[
        form_of(b"ENAM", "enchantment", &[b"ENCH"]),
        opt(b"ANAM", "enchantment_points", Field::Value(U16)),
        opt(b"DESC", "text", Field::ZString),
        sub(
            b"DATA",
            "data",
            Field::Struct(&[
                f("flags", Ty::Flags(Int::U8, &BOOK_FLAGS)),
                f("teaches", Ty::Enum(Int::I8, &SKILLS)),
                f("value", U32),
                f("weight", Ty::F32),
            ]),
        ),
    ],
]));
