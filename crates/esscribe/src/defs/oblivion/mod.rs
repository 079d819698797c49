//! Oblivion's record declarations.

pub mod achr;
pub mod acre;
pub mod acti;
pub mod actor;
pub mod alch;
pub mod ammo;
pub mod anio;
pub mod appa;
pub mod apparel;
pub mod armo;
pub mod book;
pub mod bsgn;
pub mod cell;
pub mod clas;
pub mod clmt;
pub mod clot;
pub mod common;
pub mod condition;
pub mod cont;
pub mod crea;
pub mod csty;
pub mod dial;
pub mod door;
pub mod efsh;
pub mod ench;
pub mod eyes;
pub mod fact;
pub mod flor;
pub mod functions;
pub mod furn;
pub mod glob;
pub mod gmst;
pub mod gras;
pub mod hair;
pub mod idle;
pub mod info;
pub mod ingr;
pub mod keym;
pub mod land;
pub mod ligh;
pub mod lscr;
pub mod ltex;
pub mod lvlc;
pub mod lvli;
pub mod lvsp;
pub mod mgef;
pub mod misc;
pub mod npc_;
pub mod pack;
pub mod pgrd;
pub mod qust;
pub mod race;
pub mod refr;
pub mod regn;
pub mod road;
pub mod sbsp;
pub mod scpt;
pub mod sgst;
pub mod skil;
pub mod slgm;
pub mod soun;
pub mod spel;
pub mod stat;
pub mod tes4;
pub mod tree;
pub mod watr;
pub mod weap;
pub mod wrld;
pub mod wthr;

use crate::plugin::Game;
use crate::schema::Catalog;

/// Every declared Oblivion record type.
pub static CATALOG: Catalog = Catalog::new(
    Game::Oblivion,
    &[
        &achr::ACHR,
        &acre::ACRE,
        &acti::ACTI,
        &alch::ALCH,
        &ammo::AMMO,
        &anio::ANIO,
        &appa::APPA,
        &armo::ARMO,
        &book::BOOK,
        &bsgn::BSGN,
        &cell::CELL,
        &clas::CLAS,
        &clmt::CLMT,
        &clot::CLOT,
        &cont::CONT,
        &crea::CREA,
        &csty::CSTY,
        &dial::DIAL,
        &door::DOOR,
        &efsh::EFSH,
        &ench::ENCH,
        &eyes::EYES,
        &fact::FACT,
        &flor::FLOR,
        &furn::FURN,
        &glob::GLOB,
        &gmst::GMST,
        &gras::GRAS,
        &hair::HAIR,
        &idle::IDLE,
        &info::INFO,
        &ingr::INGR,
        &keym::KEYM,
        &land::LAND,
        &ligh::LIGH,
        &lscr::LSCR,
        &ltex::LTEX,
        &lvlc::LVLC,
        &lvli::LVLI,
        &lvsp::LVSP,
        &mgef::MGEF,
        &misc::MISC,
        &npc_::NPC_,
        &pack::PACK,
        &pgrd::PGRD,
        &qust::QUST,
        &race::RACE,
        &refr::REFR,
        &regn::REGN,
        &road::ROAD,
        &sbsp::SBSP,
        &scpt::SCPT,
        &sgst::SGST,
        &skil::SKIL,
        &slgm::SLGM,
        &soun::SOUN,
        &spel::SPEL,
        &stat::STAT,
        &tes4::TES4,
        &tree::TREE,
        &watr::WATR,
        &weap::WEAP,
        &wrld::WRLD,
        &wthr::WTHR,
    ],
);
pub mod save;
