//! Skyrim's record declarations.

pub mod acti;
pub mod arma;
pub mod armo;
pub mod body;
pub mod book;
pub mod cobj;
pub mod common;
pub mod condition;
pub mod flst;
pub mod functions;
pub mod furn;
pub mod glob;
pub mod gmst;
pub mod kywd;
pub mod misc;
pub mod pack;
pub mod stat;
pub mod vmad;

use crate::schema::RecordDef;

/// Every declared Skyrim record type.
pub static ALL: &[&RecordDef] = &[
    &acti::ACTI,
    &arma::ARMA,
    &armo::ARMO,
    &book::BOOK,
    &cobj::COBJ,
    &flst::FLST,
    &furn::FURN,
    &glob::GLOB,
    &gmst::GMST,
    &kywd::KYWD,
    &misc::MISC,
    &pack::PACK,
    &stat::STAT,
];
