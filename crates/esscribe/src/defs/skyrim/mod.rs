//! Skyrim's record declarations.

pub mod aact;
pub mod achr;
pub mod acti;
pub mod addn;
pub mod alch;
pub mod ammo;
pub mod anio;
pub mod appa;
pub mod arma;
pub mod armo;
pub mod arto;
pub mod aspc;
pub mod astp;
pub mod avif;
pub mod body;
pub mod book;
pub mod bptd;
pub mod cams;
pub mod cell;
pub mod clas;
pub mod cldc;
pub mod clfm;
pub mod clmt;
pub mod cobj;
pub mod coll;
pub mod common;
pub mod condition;
pub mod cont;
pub mod cpth;
pub mod csty;
pub mod debr;
pub mod dial;
pub mod dlbr;
pub mod dlvw;
pub mod dobj;
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
pub mod hair;
pub mod hazd;
pub mod hdpt;
pub mod idle;
pub mod idlm;
pub mod imad;
pub mod imgs;
pub mod info;
pub mod ingr;
pub mod ipct;
pub mod ipds;
pub mod keym;
pub mod kywd;
pub mod land;
pub mod lcrt;
pub mod lctn;
pub mod lens;
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
pub mod placed_projectile;
pub mod proj;
pub mod pwat;
pub mod qust;
pub mod race;
pub mod refr;
pub mod regn;
pub mod rela;
pub mod revb;
pub mod rfct;
pub mod rgdl;
pub mod scen;
pub mod scol;
pub mod scpt;
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
pub mod tact;
pub mod tes4;
pub mod tree;
pub mod txst;
pub mod vmad;
pub mod voli;
pub mod vtyp;
pub mod watr;
pub mod weap;
pub mod woop;
pub mod wrld;
pub mod wthr;

use crate::plugin::Game;
use crate::schema::Catalog;

/// Every declared Skyrim record type.
pub static CATALOG: Catalog = Catalog::new(
    Game::Skyrim,
    &[
        &aact::AACT,
        &achr::ACHR,
        &acti::ACTI,
        &addn::ADDN,
        &alch::ALCH,
        &ammo::AMMO,
        &anio::ANIO,
        &appa::APPA,
        &arma::ARMA,
        &armo::ARMO,
        &arto::ARTO,
        &aspc::ASPC,
        &astp::ASTP,
        &avif::AVIF,
        &book::BOOK,
        &bptd::BPTD,
        &cams::CAMS,
        &cell::CELL,
        &clas::CLAS,
        &cldc::CLDC,
        &clfm::CLFM,
        &clmt::CLMT,
        &cobj::COBJ,
        &coll::COLL,
        &cont::CONT,
        &cpth::CPTH,
        &csty::CSTY,
        &debr::DEBR,
        &dial::DIAL,
        &dlbr::DLBR,
        &dlvw::DLVW,
        &dobj::DOBJ,
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
        &hair::HAIR,
        &hazd::HAZD,
        &hdpt::HDPT,
        &idle::IDLE,
        &idlm::IDLM,
        &imad::IMAD,
        &imgs::IMGS,
        &info::INFO,
        &ingr::INGR,
        &ipct::IPCT,
        &ipds::IPDS,
        &keym::KEYM,
        &kywd::KYWD,
        &land::LAND,
        &lcrt::LCRT,
        &lctn::LCTN,
        &lens::LENS,
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
        &placed_projectile::PARW,
        &placed_projectile::PBAR,
        &placed_projectile::PBEA,
        &placed_projectile::PCON,
        &perk::PERK,
        &placed_projectile::PFLA,
        &placed_projectile::PGRE,
        &placed_projectile::PHZD,
        &placed_projectile::PMIS,
        &proj::PROJ,
        &pwat::PWAT,
        &qust::QUST,
        &race::RACE,
        &refr::REFR,
        &regn::REGN,
        &rela::RELA,
        &revb::REVB,
        &rfct::RFCT,
        &rgdl::RGDL,
        &scen::SCEN,
        &scol::SCOL,
        &scpt::SCPT,
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
        &tact::TACT,
        &tes4::TES4,
        &tree::TREE,
        &txst::TXST,
        &voli::VOLI,
        &vtyp::VTYP,
        &watr::WATR,
        &weap::WEAP,
        &woop::WOOP,
        &wrld::WRLD,
        &wthr::WTHR,
    ],
);
