//! ARMO: armor or clothing.

use super::body::{body_template, body_template_2};
use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Skyrim's armor (ARMO) record declaration.
pub static ARMO: RecordDef = records::ARMO.with(&[
    editor_id(),
    scripts(),
    object_bounds(),
    full_name(),
    form_of(b"EITM", "object_effect", &[b"ENCH"]),
    opt(b"EAMT", "enchantment_amount", Field::Value(U16)),
    group("male_world_model", &MODEL_2),
    opt(b"ICON", "male_large_icon", Field::ZString),
    opt(b"MICO", "male_small_icon", Field::ZString),
    group("female_world_model", &MODEL_4),
    opt(b"ICO2", "female_large_icon", Field::ZString),
    opt(b"MIC2", "female_small_icon", Field::ZString),
    body_template(),
    body_template_2(),
    destructible(),
    pickup_sound(),
    drop_sound(),
    opt(b"BMCT", "ragdoll_constraint_template", Field::ZString),
    form_of(b"ETYP", "equip_type", &[b"EQUP"]),
    form_of(b"BIDS", "bash_impact_data_set", &[b"IPDS"]),
    form_of(b"BAMT", "alternate_block_material", &[b"MATT"]),
    form_of(b"RNAM", "race", &[b"RACE"]),
    keyword_count(),
    keywords(),
    description(b"DESC"),
    rep(b"MODL", "armatures", Field::Value(fid(&[b"ARMA"]))),
    sub(b"DATA", "data", Field::Struct(&VALUE_WEIGHT)),
    sub(b"DNAM", "armor_rating", Field::Value(I32)),
    form_of(b"TNAM", "template_armor", &[b"ARMO"]),
]);
