//! Layouts both games share. A game's declaration takes them from here and
//! says only where it differs.

pub mod actor;
pub mod cell;
pub mod clmt;
pub mod common;
pub mod cont;
pub mod door;
pub mod eyes;
pub mod functions;
pub mod glob;
pub mod info;
pub mod land;
pub mod pack;
pub mod qust;
pub mod race;
pub mod record_flags;
pub mod records;
pub mod refr;
pub mod regn;

pub mod condition;
pub mod efsh;
pub mod gmst;
pub mod gras;
pub mod ligh;
pub mod mgef;
pub mod slgm;
pub mod spel;
pub mod tes4;
pub mod watr;
pub mod wrld;
pub mod wthr;
