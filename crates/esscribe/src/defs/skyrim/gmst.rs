//! GMST: a game setting. The first letter of its editor ID gives the type
//! of its value: b bool, f float, i int, s string, u unsigned.

use super::fact::NO_YES;
use crate::defs::shared::gmst;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Skyrim's game setting (GMST) record declaration.
pub static GMST: RecordDef = records::GMST.with(&gmst::members(&join::<_, 5>(&[
    &[("b*", Field::Value(Ty::Enum(Int::U32, &NO_YES)))],
    &gmst::NUMBERS,
    &[("s*", Field::LString), ("u*", Field::Value(U32))],
])));
