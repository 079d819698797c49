//! VMAD: the scripts attached to a record, with their properties, and (for
//! packages) the script fragments run on begin, end and change.

use crate::schema::types::*;

static SCRIPT_FLAGS: EnumDef = EnumDef {
    values: &[
        (0, "local"),
        (1, "inherited"),
        (2, "removed"),
        (3, "inherited_and_removed"),
    ],
};

static PROPERTY_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "none"),
        (1, "object"),
        (2, "string"),
        (3, "int"),
        (4, "float"),
        (5, "bool"),
        (11, "object_array"),
        (12, "string_array"),
        (13, "int_array"),
        (14, "float_array"),
        (15, "bool_array"),
    ],
};

static PROPERTY_FLAGS: EnumDef = EnumDef {
    values: &[(1, "edited"), (3, "removed")],
};

/// Object format 1: form ID, alias, unused.
static OBJECT_V1: [FieldDef; 3] = [
    f("form_id", Ty::FormId),
    f("alias", I16),
    f("unused", Ty::Bytes(2)),
];

/// Object format 2: unused, alias, form ID.
static OBJECT_V2: [FieldDef; 3] = [
    f("unused", Ty::Bytes(2)),
    f("alias", I16),
    f("form_id", Ty::FormId),
];

/// Every object value in a VMAD follows the format its header names.
static OBJECT: SelectDef = SelectDef {
    field: "object_format",
    cases: &[(Match::OneOf(&[1]), Ty::Struct(&OBJECT_V1))],
    default: Ty::Struct(&OBJECT_V2),
};

static PROPERTY_VALUE: SelectDef = SelectDef {
    field: "type",
    cases: &[
        (Match::OneOf(&[1]), Ty::Select(&OBJECT)),
        (Match::OneOf(&[2]), Ty::WString),
        (Match::OneOf(&[3]), I32),
        (Match::OneOf(&[4]), Ty::F32),
        (Match::OneOf(&[5]), Ty::Bool),
        (
            Match::OneOf(&[11]),
            Ty::List(Int::U32, &[f("object", Ty::Select(&OBJECT))]),
        ),
        (
            Match::OneOf(&[12]),
            Ty::List(Int::U32, &[f("string", Ty::WString)]),
        ),
        (Match::OneOf(&[13]), Ty::List(Int::U32, &[f("int", I32)])),
        (
            Match::OneOf(&[14]),
            Ty::List(Int::U32, &[f("float", Ty::F32)]),
        ),
        (
            Match::OneOf(&[15]),
            Ty::List(Int::U32, &[f("bool", Ty::Bool)]),
        ),
    ],
    // "None" and unknown types carry no value bytes.
    default: Ty::Bytes(0),
};

/// Script and property status bytes exist from version 4 on.
static STATUS_SINCE_V4: IfDef = IfDef {
    field: "version",
    test: Match::AtLeast(4),
    ty: Ty::Enum(Int::U8, &SCRIPT_FLAGS),
};

static PROPERTY_STATUS_SINCE_V4: IfDef = IfDef {
    field: "version",
    test: Match::AtLeast(4),
    ty: Ty::Enum(Int::U8, &PROPERTY_FLAGS),
};

static PROPERTY: [FieldDef; 4] = [
    f("name", Ty::WString),
    f("type", Ty::Enum(Int::U8, &PROPERTY_TYPES)),
    f("status", Ty::If(&PROPERTY_STATUS_SINCE_V4)),
    f("value", Ty::Select(&PROPERTY_VALUE)),
];

/// One attached Papyrus script: its name, status (from VMAD version 4 on)
/// and properties.
pub static SCRIPT: [FieldDef; 3] = [
    f("name", Ty::WString),
    f("status", Ty::If(&STATUS_SINCE_V4)),
    f("properties", Ty::List(Int::U16, &PROPERTY)),
];

static FRAGMENT: [FieldDef; 3] = [
    f("unknown", I8),
    f("script_name", Ty::WString),
    f("fragment_name", Ty::WString),
];

static FRAGMENT_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "on_begin"), (0x02, "on_end"), (0x04, "on_change")],
};

static ON_BEGIN: IfDef = IfDef {
    field: "flags",
    test: Match::AnyBit(0x01),
    ty: Ty::Struct(&FRAGMENT),
};
static ON_END: IfDef = IfDef {
    field: "flags",
    test: Match::AnyBit(0x02),
    ty: Ty::Struct(&FRAGMENT),
};
static ON_CHANGE: IfDef = IfDef {
    field: "flags",
    test: Match::AnyBit(0x04),
    ty: Ty::Struct(&FRAGMENT),
};

/// A package's fragments, in the order on begin, on end, on change.
static PACKAGE_FRAGMENTS: [FieldDef; 6] = [
    f("extra_bind_data_version", I8),
    f("flags", Ty::Flags(Int::U8, &FRAGMENT_FLAGS)),
    f("file_name", Ty::WString),
    f("on_begin", Ty::If(&ON_BEGIN)),
    f("on_end", Ty::If(&ON_END)),
    f("on_change", Ty::If(&ON_CHANGE)),
];

/// VMAD of most records: the version, the object format and the scripts.
pub static VMAD: [FieldDef; 3] = [
    f_default("version", I16, Default::Int(5)),
    f_default("object_format", I16, Default::Int(2)),
    f("scripts", Ty::List(Int::U16, &SCRIPT)),
];

/// A quest's script fragment, run when a stage is set.
static QUEST_FRAGMENT: [FieldDef; 6] = [
    f("quest_stage", U16),
    f("unknown", I16),
    f("quest_stage_index", I32),
    f("unknown_2", I8),
    f("script_name", Ty::WString),
    f("fragment_name", Ty::WString),
];

/// The scripts attached to one of a quest's aliases.
static QUEST_ALIAS: [FieldDef; 4] = [
    f("object", Ty::Select(&OBJECT)),
    f_default("version", I16, Default::Int(5)),
    f_default("object_format", I16, Default::Int(2)),
    f("scripts", Ty::List(Int::U16, &SCRIPT)),
];

static QUEST_FRAGMENTS: [FieldDef; 6] = [
    f("extra_bind_data_version", I8),
    f("fragment_count", U16),
    f("file_name", Ty::WString),
    f("fragments", Ty::ListBy("fragment_count", &QUEST_FRAGMENT)),
    f("alias_count", U16),
    f("aliases", Ty::ListBy("alias_count", &QUEST_ALIAS)),
];

/// VMAD of a quest: scripts, then stage fragments and alias scripts.
pub static QUEST_VMAD: [FieldDef; 4] = [
    f_default("version", I16, Default::Int(5)),
    f_default("object_format", I16, Default::Int(2)),
    f("scripts", Ty::List(Int::U16, &SCRIPT)),
    f("fragments", Ty::Struct(&QUEST_FRAGMENTS)),
];

/// A perk's script fragment, run from an entry point.
static PERK_FRAGMENT: [FieldDef; 5] = [
    f("fragment_index", U16),
    f("unknown", I16),
    f("unknown_2", I8),
    f("script_name", Ty::WString),
    f("fragment_name", Ty::WString),
];

static PERK_FRAGMENTS: [FieldDef; 3] = [
    f("extra_bind_data_version", I8),
    f("file_name", Ty::WString),
    f("fragments", Ty::List(Int::U16, &PERK_FRAGMENT)),
];

/// VMAD of a perk: scripts, then entry point fragments.
pub static PERK_VMAD: [FieldDef; 4] = [
    f_default("version", I16, Default::Int(5)),
    f_default("object_format", I16, Default::Int(2)),
    f("scripts", Ty::List(Int::U16, &SCRIPT)),
    f("fragments", Ty::Struct(&PERK_FRAGMENTS)),
];

static SCENE_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "on_begin"), (0x02, "on_end")],
};

static SCENE_ON_BEGIN: IfDef = IfDef {
    field: "flags",
    test: Match::AnyBit(0x01),
    ty: Ty::Struct(&FRAGMENT),
};
static SCENE_ON_END: IfDef = IfDef {
    field: "flags",
    test: Match::AnyBit(0x02),
    ty: Ty::Struct(&FRAGMENT),
};

static PHASE_FRAGMENT_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "on_start"), (0x02, "on_completion")],
};

/// A scene phase's script fragment, run when the phase starts or ends.
static PHASE_FRAGMENT: [FieldDef; 7] = [
    f("flags", Ty::Flags(Int::U8, &PHASE_FRAGMENT_FLAGS)),
    f("phase_index", U8),
    f("unknown", I16),
    f("unknown_2", I8),
    f("unknown_3", I8),
    f("script_name", Ty::WString),
    f("fragment_name", Ty::WString),
];

static SCENE_FRAGMENTS: [FieldDef; 6] = [
    f("extra_bind_data_version", I8),
    f("flags", Ty::Flags(Int::U8, &SCENE_FLAGS)),
    f("file_name", Ty::WString),
    f("on_begin", Ty::If(&SCENE_ON_BEGIN)),
    f("on_end", Ty::If(&SCENE_ON_END)),
    f("phase_fragments", Ty::List(Int::U16, &PHASE_FRAGMENT)),
];

/// VMAD of a scene: scripts, then begin, end and phase fragments.
pub static SCENE_VMAD: [FieldDef; 4] = [
    f_default("version", I16, Default::Int(5)),
    f_default("object_format", I16, Default::Int(2)),
    f("scripts", Ty::List(Int::U16, &SCRIPT)),
    f("fragments", Ty::Struct(&SCENE_FRAGMENTS)),
];

static INFO_FRAGMENTS: [FieldDef; 5] = [
    f("extra_bind_data_version", I8),
    f("flags", Ty::Flags(Int::U8, &SCENE_FLAGS)),
    f("file_name", Ty::WString),
    f("on_begin", Ty::If(&SCENE_ON_BEGIN)),
    f("on_end", Ty::If(&SCENE_ON_END)),
];

/// VMAD of a dialogue response: scripts, then begin and end fragments.
pub static INFO_VMAD: [FieldDef; 4] = [
    f_default("version", I16, Default::Int(5)),
    f_default("object_format", I16, Default::Int(2)),
    f("scripts", Ty::List(Int::U16, &SCRIPT)),
    f("fragments", Ty::Struct(&INFO_FRAGMENTS)),
];

/// VMAD of a package. The fragment section may be absent.
pub static PACKAGE_VMAD: [FieldDef; 4] = [
    f_default("version", I16, Default::Int(5)),
    f_default("object_format", I16, Default::Int(2)),
    f("scripts", Ty::List(Int::U16, &SCRIPT)),
    f("fragments", Ty::Struct(&PACKAGE_FRAGMENTS)),
];
