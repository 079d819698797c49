//! Skyrim's record declarations.

pub mod achr;
pub mod acti;
pub mod alch;
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
pub mod dial;
pub mod door;
pub mod efsh;
pub mod ench;
pub mod expl;
pub mod fact;
pub mod flor;
pub mod flst;
pub mod functions;
pub mod furn;
pub mod glob;
pub mod gmst;
pub mod hazd;
pub mod idle;
pub mod imad;
pub mod info;
pub mod ingr;
pub mod ipct;
pub mod ipds;
pub mod keym;
pub mod kywd;
pub mod leveled;
pub mod ligh;
pub mod lvli;
pub mod lvln;
pub mod lvsp;
pub mod magic;
pub mod mato;
pub mod mesg;
pub mod mgef;
pub mod misc;
pub mod mstt;
pub mod npc_;
pub mod otft;
pub mod pack;
pub mod perk;
pub mod proj;
pub mod qust;
pub mod refr;
pub mod rfct;
pub mod scen;
pub mod seasons;
pub mod slgm;
pub mod sndr;
pub mod soun;
pub mod spel;
pub mod stat;
pub mod tes4;
pub mod tree;
pub mod txst;
pub mod vmad;
pub mod weap;
pub mod wrld;

use crate::schema::RecordDef;

/// Every declared Skyrim record type.
pub static ALL: &[&RecordDef] = &[
    &achr::ACHR,
    &acti::ACTI,
    &alch::ALCH,
    &ammo::AMMO,
    &arma::ARMA,
    &armo::ARMO,
    &arto::ARTO,
    &book::BOOK,
    &bptd::BPTD,
    &cell::CELL,
    &cobj::COBJ,
    &cont::CONT,
    &dial::DIAL,
    &door::DOOR,
    &efsh::EFSH,
    &ench::ENCH,
    &expl::EXPL,
    &fact::FACT,
    &flor::FLOR,
    &flst::FLST,
    &furn::FURN,
    &glob::GLOB,
    &gmst::GMST,
    &hazd::HAZD,
    &idle::IDLE,
    &imad::IMAD,
    &info::INFO,
    &ingr::INGR,
    &ipct::IPCT,
    &ipds::IPDS,
    &keym::KEYM,
    &kywd::KYWD,
    &ligh::LIGH,
    &lvli::LVLI,
    &lvln::LVLN,
    &lvsp::LVSP,
    &mato::MATO,
    &mesg::MESG,
    &mgef::MGEF,
    &misc::MISC,
    &mstt::MSTT,
    &npc_::NPC_,
    &otft::OTFT,
    &pack::PACK,
    &perk::PERK,
    &proj::PROJ,
    &qust::QUST,
    &refr::REFR,
    &rfct::RFCT,
    &scen::SCEN,
    &slgm::SLGM,
    &sndr::SNDR,
    &soun::SOUN,
    &spel::SPEL,
    &stat::STAT,
    &tes4::TES4,
    &tree::TREE,
    &txst::TXST,
    &weap::WEAP,
    &wrld::WRLD,
];
