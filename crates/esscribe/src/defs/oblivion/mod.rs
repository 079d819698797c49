//! Oblivion's record declarations.

pub mod achr;
pub mod acre;
pub mod acti;
pub mod actor;
pub mod book;
pub mod cell;
pub mod common;
pub mod condition;
pub mod cont;
pub mod crea;
pub mod csty;
pub mod door;
pub mod fact;
pub mod functions;
pub mod glob;
pub mod gmst;
pub mod land;
pub mod ligh;
pub mod lvlc;
pub mod npc_;
pub mod pack;
pub mod pgrd;
pub mod refr;
pub mod scpt;
pub mod soun;
pub mod stat;
pub mod tes4;
pub mod wrld;

use crate::schema::RecordDef;

/// Every declared Oblivion record type.
pub static ALL: &[&RecordDef] = &[
    &achr::ACHR,
    &acre::ACRE,
    &acti::ACTI,
    &book::BOOK,
    &cell::CELL,
    &cont::CONT,
    &crea::CREA,
    &csty::CSTY,
    &door::DOOR,
    &fact::FACT,
    &glob::GLOB,
    &gmst::GMST,
    &land::LAND,
    &ligh::LIGH,
    &lvlc::LVLC,
    &npc_::NPC_,
    &pack::PACK,
    &pgrd::PGRD,
    &refr::REFR,
    &scpt::SCPT,
    &soun::SOUN,
    &stat::STAT,
    &tes4::TES4,
    &wrld::WRLD,
];
