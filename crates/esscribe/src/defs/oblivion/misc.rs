//! MISC: a miscellaneous item.

use super::common::*;
use crate::defs::shared::records;
use crate::schema::types::*;

/// A miscellaneous item's members, which keys share: the item's head, value
/// and weight.
pub static MEMBERS: [Member; 6] = join(&[&ITEM_HEAD, &[value_weight()]]);

/// Oblivion's miscellaneous item (MISC) record declaration.
pub static MISC: RecordDef = records::MISC.with(&MEMBERS);
