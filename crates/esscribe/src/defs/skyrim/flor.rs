//! FLOR: flora (a harvestable plant or object).

use super::acti::ACTIVATOR_FLAGS;
use super::common::*;
use super::seasons::seasonal_chances;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Skyrim's flora (FLOR) record declaration.
pub static FLOR: RecordDef = records::FLOR.with(&join::<_, 14>(&[
    &ACTIVATOR_HEAD,
    &[
        opt(b"PNAM", "marker_color", Field::Struct(&RGBA)),
        opt(b"RNAM", "activate_text_override", Field::LString),
        opt(
            b"FNAM",
            "flags",
            Field::Value(Ty::Flags(Int::U16, &ACTIVATOR_FLAGS)),
        ),
        form_of(b"PFIG", "ingredient", &[b"INGR", b"ALCH", b"LVLI", b"MISC"]),
        form_of(b"SNAM", "harvest_sound", &[b"SNDR"]),
        seasonal_chances(),
    ],
]));
