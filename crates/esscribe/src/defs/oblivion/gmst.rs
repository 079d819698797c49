//! GMST: a game setting. The first letter of its editor ID gives the type
//! of its value: f float, i int, s string.

use crate::defs::shared::gmst;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Oblivion's game setting (GMST) record declaration.
pub static GMST: RecordDef = records::GMST.with(&gmst::members(&join::<_, 3>(&[
    &gmst::NUMBERS,
    &[("s*", Field::ZString)],
])));
