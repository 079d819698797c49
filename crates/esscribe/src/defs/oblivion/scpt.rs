//! SCPT: a script: its header, compiled code, source, local variables and
//! the objects and variables it refers to.

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

/// Script types (SCHR `type`): object, quest, magic effect.
pub static SCRIPT_TYPES: EnumDef = EnumDef {
    values: &[(0, "object"), (1, "quest"), (0x100, "magic_effect")],
};

/// SCHR: the script header, shared by scripts and result scripts.
pub static SCRIPT_HEADER: [FieldDef; 5] = [
    f("unused", Ty::Bytes(4)),
    f("reference_count", U32),
    f("compiled_size", U32),
    f("variable_count", U32),
    f("type", Ty::Enum(Int::U32, &SCRIPT_TYPES)),
];

static UNKNOWN_BYTE: [FieldDef; 1] = [f("byte", U8)];

/// The header older editors wrote (SCHD): the fields of SCHR, then bytes of
/// unknown meaning.
pub static OLD_SCRIPT_HEADER: [FieldDef; 6] = [
    f("unused", Ty::Bytes(4)),
    f("reference_count", U32),
    f("compiled_size", U32),
    f("variable_count", U32),
    f("type", Ty::Enum(Int::U32, &SCRIPT_TYPES)),
    f("unknown", Ty::Rest(&UNKNOWN_BYTE)),
];

/// Script local variable types: float, or long/short (integer).
pub static VARIABLE_TYPES: EnumDef = EnumDef {
    values: &[(0, "float"), (1, "long_or_short")],
};

static VARIABLE: [Member; 2] = [
    sub(
        b"SLSD",
        "data",
        Field::Struct(&[
            f("index", U32),
            f("unused", Ty::Bytes(12)),
            f("type", Ty::Enum(Int::U8, &VARIABLE_TYPES)),
            f("unused_2", Ty::Bytes(7)),
        ]),
    ),
    opt(b"SCVR", "name", Field::ZString),
];

/// A run of object references followed by a run of local variable
/// references. Scripts list their references in index order, objects
/// (SCRO) and variables (SCRV) mixed; the list reads as such runs, after
/// any variable references that come first.
pub static REFERENCE_RUN: [Member; 2] = [
    rep(b"SCRO", "objects", Field::Value(Ty::FormId)),
    rep(b"SCRV", "variables", Field::Value(U32)),
];

/// Variable references (SCRV) that come before any object reference.
pub const fn leading_variable_references() -> Member {
    rep(b"SCRV", "leading_variable_references", Field::Value(U32))
}

/// A script's references as runs of objects and variables; see
/// [`REFERENCE_RUN`].
pub const fn references() -> Member {
    groups("references", &REFERENCE_RUN)
}

/// A result script, run when a dialogue response is said or a quest stage
/// is reached: header, compiled code, source and references.
pub static RESULT_SCRIPT: [Member; 6] = [
    opt(
        b"SCHR",
        "result_script_header",
        Field::Struct(&SCRIPT_HEADER),
    ),
    opt(
        b"SCHD",
        "result_script_old_header",
        Field::Struct(&OLD_SCRIPT_HEADER),
    ),
    opt(b"SCDA", "result_script_compiled", Field::Opaque),
    opt(b"SCTX", "result_script_source", Field::Text),
    leading_variable_references(),
    references(),
];

/// Oblivion's script (SCPT) record declaration.
pub static SCPT: RecordDef = RecordDef {
    sig: Sig(*b"SCPT"),
    title: "Script",
    members: &[
        editor_id(),
        sub(b"SCHR", "header", Field::Struct(&SCRIPT_HEADER)),
        opt(b"SCHD", "old_header", Field::Struct(&OLD_SCRIPT_HEADER)),
        opt(b"SCDA", "compiled", Field::Opaque),
        opt(b"SCTX", "source", Field::Text),
        groups("variables", &VARIABLE),
        leading_variable_references(),
        references(),
    ],
};
