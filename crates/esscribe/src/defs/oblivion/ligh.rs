//! LIGH: a light.

use super::common::{editor_id, form_of, full_name, icon, model, script};
use crate::defs::shared::ligh;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Light flags (dynamic, can be carried, negative, flicker, ...).
pub static LIGHT_FLAGS: FlagsDef = FlagsDef {
    bits: &join::<_, 10>(&[&ligh::FLAG_BITS, &[(0x0400, "spot_shadow")]]),
};

static DATA_HEAD: [FieldDef; 6] = ligh::data_head(&LIGHT_FLAGS);

static DATA: [FieldDef; 8] = join(&[&DATA_HEAD, &[f("value", U32), f("weight", Ty::F32)]]);

/// Oblivion's light (LIGH) declaration.
pub static LIGH: RecordDef = records::LIGH.with(&[
    editor_id(),
    model(),
    script(),
    full_name(),
    icon(),
    sub(b"DATA", "data", Field::Struct(&DATA)),
    opt(b"FNAM", "fade_value", Field::Value(Ty::F32)),
    form_of(b"SNAM", "sound", &[b"SOUN"]),
]);
