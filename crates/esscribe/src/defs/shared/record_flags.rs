//! The flags of a record's header, by name: the bits every record type
//! has, and those only the file header or placed references give a
//! meaning. Bits whose meaning depends on a type not listed here are shown
//! as numbers (`0x00000080`), never guessed.

use crate::plugin::Game;
use crate::schema::types::FlagsDef;

/// Bits of every record: deleted, ignored by the game, data compressed.
const EVERY_RECORD: [(u64, &str); 3] = [
    (0x0000_0020, "deleted"),
    (0x0000_1000, "ignored"),
    (0x0004_0000, "compressed"),
];

/// Any record type's header flags.
static RECORD: FlagsDef = FlagsDef {
    bits: &EVERY_RECORD,
};

/// A placed reference's: persistent, initially disabled, visible when
/// distant.
static REFERENCE: FlagsDef = FlagsDef {
    bits: &[
        (0x0000_0020, "deleted"),
        (0x0000_0400, "persistent"),
        (0x0000_0800, "initially_disabled"),
        (0x0000_1000, "ignored"),
        (0x0000_8000, "visible_when_distant"),
        (0x0004_0000, "compressed"),
    ],
};

/// Oblivion's file header: a master file.
static OBLIVION_HEADER: FlagsDef = FlagsDef {
    bits: &[(0x0000_0001, "master")],
};

/// Skyrim's file header: master, localized (strings in string tables),
/// light (an ESL).
static SKYRIM_HEADER: FlagsDef = FlagsDef {
    bits: &[
        (0x0000_0001, "master"),
        (0x0000_0080, "localized"),
        (0x0000_0200, "light"),
    ],
};

/// Oblivion's placed references.
const OBLIVION_REFERENCES: [&[u8; 4]; 3] = [b"REFR", b"ACHR", b"ACRE"];

/// Skyrim's placed references: objects, actors and placed projectiles,
/// hazards and the like.
const SKYRIM_REFERENCES: [&[u8; 4]; 10] = [
    b"REFR", b"ACHR", b"PGRE", b"PMIS", b"PHZD", b"PARW", b"PBAR", b"PBEA", b"PCON", b"PFLA",
];

/// The named header flags of a record of type `sig`.
pub fn record_flags(game: Game, sig: [u8; 4]) -> &'static FlagsDef {
    let references: &[&[u8; 4]] = match game {
        Game::Oblivion => &OBLIVION_REFERENCES,
        Game::Skyrim => &SKYRIM_REFERENCES,
    };
    match (game, &sig) {
        (Game::Oblivion, b"TES4") => &OBLIVION_HEADER,
        (Game::Skyrim, b"TES4") => &SKYRIM_HEADER,
        _ if references.contains(&&sig) => &REFERENCE,
        _ => &RECORD,
    }
}
