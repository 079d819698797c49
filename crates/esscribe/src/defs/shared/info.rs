//! INFO, in both games: the emotions a response is spoken with and the
//! numbering of its data.

use crate::schema::types::*;

/// The emotions both games have.
pub static EMOTION_VALUES: [(i64, &str); 7] = [
    (0, "neutral"),
    (1, "anger"),
    (2, "disgust"),
    (3, "fear"),
    (4, "sad"),
    (5, "happy"),
    (6, "surprise"),
];

/// A response's number, between its padding.
pub static RESPONSE_NUMBER: [FieldDef; 3] = [
    f("unused", Ty::Bytes(4)),
    f("response_number", U8),
    f("unused_2", Ty::Bytes(3)),
];
