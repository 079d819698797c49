//! EQUP: an equip slot.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Equip slot flags (DATA `flags`).
pub static SLOT_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "use_all_parents")],
};

static SLOT: [FieldDef; 1] = [f("slot", fid(&[b"EQUP"]))];

/// Skyrim's equip slot (EQUP) record declaration.
pub static EQUP: RecordDef = RecordDef {
    sig: Sig(*b"EQUP"),
    title: "Equip slot",
    members: &[
        editor_id(),
        opt(b"PNAM", "slot_parents", Field::Array(&SLOT)),
        opt(
            b"DATA",
            "flags",
            Field::Value(Ty::Flags(Int::U32, &SLOT_FLAGS)),
        ),
    ],
};
