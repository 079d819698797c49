//! CLMT: a climate.

use super::common::model;
use crate::defs::shared::clmt;
use crate::defs::shared::records;
use crate::schema::types::*;

static WEATHER: [FieldDef; 2] = [f("weather", fid(&[b"WTHR"])), f("chance", I32)];

/// Oblivion's climate (CLMT) record declaration.
pub static CLMT: RecordDef = records::CLMT.with(&clmt::members(&WEATHER, model()));
