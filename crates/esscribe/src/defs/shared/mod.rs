//! Layouts both games share. A game's declaration takes them from here and
//! says only where it differs.

pub mod functions;
pub mod land;
