//! BOOK: a book, note or scroll.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Book flags (DATA `flags`).
pub static BOOK_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "teaches_skill"),
        (0x02, "cant_be_taken"),
        (0x04, "teaches_spell"),
        (0x08, "read"),
    ],
};

/// Book types (DATA `type`): book or tome, note or scroll.
pub static BOOK_TYPES: EnumDef = EnumDef {
    values: &[(0, "book_or_tome"), (255, "note_or_scroll")],
};

/// A spell when the book teaches one, else a skill (an actor value, -1
/// for none).
static TEACHES: SelectDef = SelectDef {
    field: "flags",
    cases: &[(Match::AnyBit(0x04), fid(&[b"SPEL"]))],
    default: I32,
};

/// Skyrim's book (BOOK) record declaration.
pub static BOOK: RecordDef = records::BOOK.with(&[
    editor_id(),
    scripts(),
    object_bounds(),
    full_name(),
    model(),
    large_icon(),
    small_icon(),
    description(b"DESC"),
    destructible(),
    pickup_sound(),
    drop_sound(),
    keyword_count(),
    keywords(),
    sub(
        b"DATA",
        "data",
        Field::Struct(&[
            f("flags", Ty::Flags(Int::U8, &BOOK_FLAGS)),
            f("type", Ty::Enum(Int::U8, &BOOK_TYPES)),
            f("unused", Ty::Bytes(2)),
            f("teaches", Ty::Select(&TEACHES)),
            f("value", U32),
            f("weight", Ty::F32),
        ]),
    ),
    form_of(b"INAM", "inventory_art", &[b"STAT"]),
    opt(b"CNAM", "inventory_description", Field::LString),
]);
