//! Skyrim's record declarations.

pub mod acti;
pub mod ammo;
pub mod arma;
pub mod armo;
pub mod arto;
pub mod body;
pub mod book;
pub mod bptd;
pub mod cell;
pub mod cobj;
pub mod common;
pub mod condition;
pub mod cont;
pub mod efsh;
pub mod ench;
pub mod expl;
pub mod flst;
pub mod functions;
pub mod furn;
pub mod glob;
pub mod gmst;
pub mod hazd;
pub mod idle;
pub mod imad;
pub mod ipct;
pub mod ipds;
pub mod kywd;
pub mod ligh;
pub mod magic;
pub mod mato;
pub mod mesg;
pub mod mgef;
pub mod misc;
pub mod mstt;
pub mod pack;
pub mod perk;
pub mod proj;
pub mod qust;
pub mod refr;
pub mod rfct;
pub mod scen;
pub mod sndr;
pub mod soun;
pub mod spel;
pub mod stat;
pub mod tes4;
pub mod txst;
pub mod vmad;
pub mod weap;
pub mod wrld;

use crate::schema::RecordDef;

/// Every declared Skyrim record type.
pub static ALL: &[&RecordDef] = &[
    &acti::ACTI,
    &ammo::AMMO,
    &arma::ARMA,
    &armo::ARMO,
    &arto::ARTO,
    &book::BOOK,
    &bptd::BPTD,
    &cell::CELL,
    &cobj::COBJ,
    &cont::CONT,
    &efsh::EFSH,
    &ench::ENCH,
    &expl::EXPL,
    &flst::FLST,
    &furn::FURN,
    &glob::GLOB,
    &gmst::GMST,
    &hazd::HAZD,
    &idle::IDLE,
    &imad::IMAD,
    &ipct::IPCT,
    &ipds::IPDS,
    &kywd::KYWD,
    &ligh::LIGH,
    &mato::MATO,
    &mesg::MESG,
    &mgef::MGEF,
    &misc::MISC,
    &mstt::MSTT,
    &pack::PACK,
    &perk::PERK,
    &proj::PROJ,
    &qust::QUST,
    &refr::REFR,
    &rfct::RFCT,
    &scen::SCEN,
    &sndr::SNDR,
    &soun::SOUN,
    &spel::SPEL,
    &stat::STAT,
    &tes4::TES4,
    &txst::TXST,
    &weap::WEAP,
    &wrld::WRLD,
];
