//! Skyrim's record declarations.

pub mod aact;
pub mod achr;
pub mod acti;
pub mod addn;
pub mod alch;
pub mod ammo;
pub mod anio;
pub mod arma;
pub mod armo;
pub mod arto;
pub mod aspc;
pub mod astp;
pub mod body;
pub mod book;
pub mod bptd;
pub mod cell;
pub mod clas;
pub mod clfm;
pub mod clmt;
pub mod cobj;
pub mod coll;
pub mod common;
pub mod condition;
pub mod cont;
pub mod csty;
pub mod debr;
pub mod dial;
pub mod dlbr;
pub mod dlvw;
pub mod door;
pub mod dual;
pub mod eczn;
pub mod efsh;
pub mod ench;
pub mod equp;
pub mod expl;
pub mod eyes;
pub mod fact;
pub mod flor;
pub mod flst;
pub mod fstp;
pub mod fsts;
pub mod functions;
pub mod furn;
pub mod glob;
pub mod gmst;
pub mod gras;
pub mod hazd;
pub mod hdpt;
pub mod idle;
pub mod idlm;
pub mod imad;
pub mod info;
pub mod ingr;
pub mod ipct;
pub mod ipds;
pub mod keym;
pub mod kywd;
pub mod land;
pub mod lcrt;
pub mod lctn;
pub mod leveled;
pub mod lgtm;
pub mod ligh;
pub mod lscr;
pub mod ltex;
pub mod lvli;
pub mod lvln;
pub mod lvsp;
pub mod magic;
pub mod mato;
pub mod matt;
pub mod mesg;
pub mod mgef;
pub mod misc;
pub mod movt;
pub mod mstt;
pub mod musc;
pub mod must;
pub mod navi;
pub mod navm;
pub mod npc_;
pub mod otft;
pub mod pack;
pub mod perk;
pub mod proj;
pub mod qust;
pub mod race;
pub mod refr;
pub mod rela;
pub mod revb;
pub mod rfct;
pub mod scen;
pub mod scrl;
pub mod seasons;
pub mod shou;
pub mod slgm;
pub mod smbn;
pub mod smen;
pub mod smqn;
pub mod snct;
pub mod sndr;
pub mod sopm;
pub mod soun;
pub mod spel;
pub mod spgd;
pub mod stat;
pub mod story;
pub mod tes4;
pub mod tree;
pub mod txst;
pub mod vmad;
pub mod vtyp;
pub mod weap;
pub mod woop;
pub mod wrld;

use crate::schema::RecordDef;

/// Every declared Skyrim record type.
pub static ALL: &[&RecordDef] = &[
    &aact::AACT,
    &achr::ACHR,
    &acti::ACTI,
    &addn::ADDN,
    &alch::ALCH,
    &ammo::AMMO,
    &anio::ANIO,
    &arma::ARMA,
    &armo::ARMO,
    &arto::ARTO,
    &aspc::ASPC,
    &astp::ASTP,
    &book::BOOK,
    &bptd::BPTD,
    &cell::CELL,
    &clas::CLAS,
    &clfm::CLFM,
    &clmt::CLMT,
    &cobj::COBJ,
    &coll::COLL,
    &cont::CONT,
    &csty::CSTY,
    &debr::DEBR,
    &dial::DIAL,
    &dlbr::DLBR,
    &dlvw::DLVW,
    &door::DOOR,
    &dual::DUAL,
    &eczn::ECZN,
    &efsh::EFSH,
    &ench::ENCH,
    &equp::EQUP,
    &expl::EXPL,
    &eyes::EYES,
    &fact::FACT,
    &flor::FLOR,
    &flst::FLST,
    &fstp::FSTP,
    &fsts::FSTS,
    &furn::FURN,
    &glob::GLOB,
    &gmst::GMST,
    &gras::GRAS,
    &hazd::HAZD,
    &hdpt::HDPT,
    &idle::IDLE,
    &idlm::IDLM,
    &imad::IMAD,
    &info::INFO,
    &ingr::INGR,
    &ipct::IPCT,
    &ipds::IPDS,
    &keym::KEYM,
    &kywd::KYWD,
    &land::LAND,
    &lcrt::LCRT,
    &lctn::LCTN,
    &lgtm::LGTM,
    &ligh::LIGH,
    &lscr::LSCR,
    &ltex::LTEX,
    &lvli::LVLI,
    &lvln::LVLN,
    &lvsp::LVSP,
    &mato::MATO,
    &matt::MATT,
    &mesg::MESG,
    &mgef::MGEF,
    &misc::MISC,
    &movt::MOVT,
    &mstt::MSTT,
    &musc::MUSC,
    &must::MUST,
    &navi::NAVI,
    &navm::NAVM,
    &npc_::NPC_,
    &otft::OTFT,
    &pack::PACK,
    &perk::PERK,
    &proj::PROJ,
    &qust::QUST,
    &race::RACE,
    &refr::REFR,
    &rela::RELA,
    &revb::REVB,
    &rfct::RFCT,
    &scen::SCEN,
    &scrl::SCRL,
    &shou::SHOU,
    &slgm::SLGM,
    &smbn::SMBN,
    &smen::SMEN,
    &smqn::SMQN,
    &snct::SNCT,
    &sndr::SNDR,
    &sopm::SOPM,
    &soun::SOUN,
    &spel::SPEL,
    &spgd::SPGD,
    &stat::STAT,
    &tes4::TES4,
    &tree::TREE,
    &txst::TXST,
    &vtyp::VTYP,
    &weap::WEAP,
    &woop::WOOP,
    &wrld::WRLD,
];
