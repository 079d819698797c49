//! Record declarations, one file per record type and game.

pub mod oblivion;
pub mod shared;
pub mod skyrim;

use crate::plugin::Game;
use crate::schema::types::EnumDef;
use crate::schema::Catalog;

/// Axes as condition parameters name them: the character codes of X, Y, Z.
pub static AXES: EnumDef = EnumDef {
    values: &[(88, "X"), (89, "Y"), (90, "Z")],
};

/// The catalogue of a game's record declarations, the one every reader and
/// writer of this crate uses.
pub fn catalog(game: Game) -> &'static Catalog {
    match game {
        Game::Oblivion => &oblivion::CATALOG,
        Game::Skyrim => &skyrim::CATALOG,
    }
}

#[cfg(test)]
mod tests;
