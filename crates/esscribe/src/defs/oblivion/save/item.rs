//! Items: the parts of their change records. Most item types (ARMO,
//! CLOT, INGR, MISC, WEAP, SLGM, KEYM) keep form flags and a value; a
//! BOOK adds the skill it teaches, which reading it clears.

use super::{part, ChangeTable, Layout, PartKind as P, Step, When};

/// Flag bits of item change records (generic layout and BOOK).
pub mod item_bits {
    /// Form flags (u32).
    pub const FORM_FLAGS: u32 = 1 << 0;
    /// BOOK: the skill the book teaches (u8; 0xFF once read).
    pub const TEACHES: u32 = 1 << 2;
    /// Value in gold (u32).
    pub const VALUE: u32 = 1 << 3;
}

use item_bits::*;

const FORM_FLAGS_PART: Step = Step::Part(part(
    P::FormFlags,
    When::Any(FORM_FLAGS),
    Layout::U32,
    "form flags",
));
const VALUE_PART: Step = Step::Part(part(P::Value, When::Any(VALUE), Layout::U32, "value"));

/// The parts of an item's change record (the generic layout), in stored
/// order; bit 2 is not read here, as only books give it a meaning.
pub static ITEM: ChangeTable = ChangeTable::new(
    "item (ARMO, CLOT, INGR, MISC, WEAP, SLGM, KEYM)",
    &[FORM_FLAGS_PART, VALUE_PART],
);

/// The parts of a BOOK change record, in stored order: the value's bit is
/// the higher, yet the skill comes last.
pub static BOOK: ChangeTable = ChangeTable::new(
    "book (BOOK)",
    &[
        FORM_FLAGS_PART,
        VALUE_PART,
        Step::Part(part(
            P::Teaches,
            When::Any(TEACHES),
            Layout::U8,
            "teaches skill",
        )),
    ],
);
