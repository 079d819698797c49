//! The declaration engine. Each record type is declared once, as a table of
//! its subrecords and their fields ([`types`]), in the spirit of Wrye Bash's
//! MelSet; decoding, encoding, JSON both ways and the coverage statistics
//! all follow from that table ([`record`], [`codec`]). No record type has
//! parsing code of its own.

pub mod codec;
pub mod fields;
pub mod record;
pub mod types;

pub use codec::FormCtx;
pub use fields::Fields;
pub use record::{decode, encode, encode_data, raw_record, Coverage, Decoded};
pub use types::RecordDef;

use crate::io::Sig;
use crate::plugin::Game;

/// The declaration of a record type in a game, if there is one.
pub fn find(game: Game, sig: Sig) -> Option<&'static RecordDef> {
    let defs: &[&RecordDef] = match game {
        Game::Oblivion => crate::defs::oblivion::ALL,
        Game::Skyrim => crate::defs::skyrim::ALL,
    };
    defs.iter().copied().find(|d| d.sig == sig)
}

#[cfg(test)]
mod tests;
