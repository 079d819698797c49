//! Record declarations, one file per record type and game.

pub mod oblivion;
pub mod skyrim;
