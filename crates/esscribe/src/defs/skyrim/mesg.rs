//! MESG: a message (a notification or a message box with buttons).

use super::common::{conditions, description, editor_id, form, form_of, full_name};
use super::condition::CONDITION_GROUP;
use crate::io::Sig;
use crate::schema::types::*;

/// Message flags (DNAM `flags`): message box, auto display.
pub static MESSAGE_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "message_box"), (0x02, "auto_display")],
};

static BUTTON: [Member; 2] = [
    sub(b"ITXT", "text", Field::LString),
    groups("conditions", &CONDITION_GROUP),
];

/// Skyrim's message (MESG) record declaration.
pub static MESG: RecordDef = RecordDef {
    sig: Sig(*b"MESG"),
    title: "Message",
    members: &[
        editor_id(),
        description(b"DESC"),
        full_name(),
        form(b"INAM", "icon"),
        form_of(b"QNAM", "owner_quest", &[b"QUST"]),
        sub(
            b"DNAM",
            "flags",
            Field::Value(Ty::Flags(Int::U32, &MESSAGE_FLAGS)),
        ),
        opt(b"TNAM", "display_time", Field::Value(U32)),
        groups("buttons", &BUTTON),
        conditions(),
    ],
};
