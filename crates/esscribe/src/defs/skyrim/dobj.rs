//! DOBJ: the default object manager: for each use the game has (named by a
//! four-character code, such as WWSP for the werewolf spell), the object
//! that serves it.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

static OBJECT: [FieldDef; 2] = [f("use", Ty::Char4), f("object", Ty::FormId)];

/// Skyrim's default object manager (DOBJ) record declaration.
pub static DOBJ: RecordDef = RecordDef {
    sig: Sig(*b"DOBJ"),
    title: "Default object manager",
    members: &[editor_id(), opt(b"DNAM", "objects", Field::Array(&OBJECT))],
};
