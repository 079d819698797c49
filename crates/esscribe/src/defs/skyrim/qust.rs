//! QUST: a quest: its settings, stages with log entries, objectives and
//! aliases.

use super::common::{
    conditions, editor_id, form, form_of, full_name, item_count, items, keyword_count, keywords,
    OVERRIDE_PACKAGE_LISTS, PLACED,
};
use super::condition::CONDITION_GROUP;
use super::vmad::QUEST_VMAD;
pub use crate::defs::shared::qust::TARGET_FLAGS;
use crate::defs::shared::records;
use crate::schema::types::*;

/// Quest flags (DNAM `flags`).
pub static QUEST_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0001, "start_game_enabled"),
        (0x0002, "completed"),
        (0x0004, "add_idle_topic_to_hello"),
        (0x0008, "allow_repeated_stages"),
        (0x0010, "starts_enabled"),
        (0x0020, "displayed_in_hud"),
        (0x0040, "failed"),
        (0x0080, "stage_wait"),
        (0x0100, "run_once"),
        (0x0200, "exclude_from_dialogue_export"),
        (0x0400, "warn_on_alias_fill_failure"),
        (0x0800, "active"),
        (0x1000, "repeats_conditions"),
        (0x2000, "keep_instance"),
        (0x4000, "want_dormant"),
        (0x8000, "has_dialogue_data"),
    ],
};

/// Quest types (DNAM `type`): none, main quest, guild quests, ...
pub static QUEST_TYPES: EnumDef = EnumDef {
    values: &[
        (0, "none"),
        (1, "main_quest"),
        (2, "mages_guild"),
        (3, "thieves_guild"),
        (4, "dark_brotherhood"),
        (5, "companion_quests"),
        (6, "miscellaneous"),
        (7, "daedric"),
        (8, "side_quest"),
        (9, "civil_war"),
        (10, "vampire"),
        (11, "dragonborn"),
    ],
};

/// Quest stage flags (INDX `flags`).
pub static STAGE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "unknown_1"),
        (0x02, "start_up_stage"),
        (0x04, "shut_down_stage"),
        (0x08, "keep_instance_data_from_here_on"),
    ],
};

/// Quest log entry flags (QSDT `flags`): complete quest, fail quest.
pub static LOG_ENTRY_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "complete_quest"), (0x02, "fail_quest")],
};

/// Quest objective flags (FNAM `flags`).
pub static OBJECTIVE_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "ored_with_previous")],
};

/// Quest alias flags (FNAM `flags`).
pub static ALIAS_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x0000_0001, "reserves_location_or_reference"),
        (0x0000_0002, "optional"),
        (0x0000_0004, "quest_object"),
        (0x0000_0008, "allow_reuse_in_quest"),
        (0x0000_0010, "allow_dead"),
        (0x0000_0020, "in_loaded_area"),
        (0x0000_0040, "essential"),
        (0x0000_0080, "allow_disabled"),
        (0x0000_0100, "stores_text"),
        (0x0000_0200, "allow_reserved"),
        (0x0000_0400, "protected"),
        (0x0000_0800, "no_fill_type"),
        (0x0000_1000, "allow_destroyed"),
        (0x0000_2000, "closest"),
        (0x0000_4000, "uses_stored_text"),
        (0x0000_8000, "initially_disabled"),
        (0x0001_0000, "allow_cleared"),
        (0x0002_0000, "clear_names_when_removed"),
    ],
};

/// Where a quest alias creates its reference (ALCA `create`): at, in, near.
pub static CREATE_AT: EnumDef = EnumDef {
    values: &[(0, "at"), (1, "in"), (2, "near")],
};

/// Level of a quest alias's created reference (ALCL `create_level`).
pub static CREATE_LEVELS: EnumDef = EnumDef {
    values: &[
        (0, "easy"),
        (1, "medium"),
        (2, "hard"),
        (3, "very_hard"),
        (4, "none"),
    ],
};

/// How a "find matching reference near alias" fill relates the reference
/// to the alias (ALNT `near_alias_type`).
pub static NEAR_ALIAS_TYPES: EnumDef = EnumDef {
    values: &[(0, "linked_ref_child")],
};

static LOG_ENTRY: [Member; 9] = [
    sub(
        b"QSDT",
        "flags",
        Field::Value(Ty::Flags(Int::U8, &LOG_ENTRY_FLAGS)),
    ),
    groups("conditions", &CONDITION_GROUP),
    opt(b"CNAM", "log_entry", Field::LString),
    form_of(b"NAM0", "next_quest", &[b"QUST"]),
    opt(b"SCHR", "unused_script_header", Field::Opaque),
    opt(b"SCDA", "unused_compiled_script", Field::Opaque),
    opt(b"SCTX", "unused_script_source", Field::Text),
    opt(b"QNAM", "unused_qnam", Field::Opaque),
    rep(b"SCRO", "unused_references", Field::Value(Ty::FormId)),
];

static STAGE: [Member; 2] = [
    sub(
        b"INDX",
        "stage",
        Field::Struct(&[
            f("index", U16),
            f("flags", Ty::Flags(Int::U8, &STAGE_FLAGS)),
            f("unknown", U8),
        ]),
    ),
    groups("log_entries", &LOG_ENTRY),
];

static TARGET: [Member; 2] = [
    sub(
        b"QSTA",
        "target",
        Field::Struct(&[
            f("alias", I32),
            f("flags", Ty::Flags(Int::U8, &TARGET_FLAGS)),
            f("unused", Ty::Bytes(3)),
        ]),
    ),
    groups("conditions", &CONDITION_GROUP),
];

static OBJECTIVE: [Member; 4] = [
    sub(b"QOBJ", "index", Field::Value(U16)),
    opt(
        b"FNAM",
        "flags",
        Field::Value(Ty::Flags(Int::U32, &OBJECTIVE_FLAGS)),
    ),
    opt(b"NNAM", "display_text", Field::LString),
    groups("targets", &TARGET),
];

/// What a reference alias and a location alias share after their ID.
macro_rules! alias {
    ($name:ident, $id_sig:literal, $id_name:literal) => {
        static $name: [Member; 34] = join(&[
            &[
                sub($id_sig, $id_name, Field::Value(U32)),
                opt(b"ALID", "name", Field::ZString),
                opt(
                    b"FNAM",
                    "flags",
                    Field::Value(Ty::Flags(Int::U32, &ALIAS_FLAGS)),
                ),
                opt(b"ALFI", "force_into_alias_when_filled", Field::Value(I32)),
                form_of(b"ALFL", "specific_location", &[b"LCTN"]),
                form_of(b"ALFR", "forced_reference", PLACED),
                form_of(b"ALUA", "unique_actor", &[b"NPC_"]),
                opt(b"ALFA", "location_alias", Field::Value(I32)),
                form_of(b"KNAM", "location_keyword", &[b"KYWD"]),
                form_of(b"ALRT", "reference_type", &[b"LCRT"]),
                form(b"ALCO", "create_object"),
                opt(
                    b"ALCA",
                    "create_at",
                    Field::Struct(&[f("alias", I16), f("create", Ty::Enum(Int::U16, &CREATE_AT))]),
                ),
                opt(
                    b"ALCL",
                    "create_level",
                    Field::Value(Ty::Enum(Int::U32, &CREATE_LEVELS)),
                ),
                form_of(b"ALEQ", "external_alias_quest", &[b"QUST"]),
                opt(b"ALEA", "external_alias", Field::Value(I32)),
                opt(b"ALNA", "near_alias", Field::Value(I32)),
                opt(
                    b"ALNT",
                    "near_alias_type",
                    Field::Value(Ty::Enum(Int::U32, &NEAR_ALIAS_TYPES)),
                ),
                opt(b"ALFE", "from_event", Field::Value(Ty::Char4)),
                opt(b"ALFD", "event_data", Field::Value(Ty::Char4)),
                conditions(),
                keyword_count(),
                keywords(),
                item_count(),
                items(),
            ],
            &OVERRIDE_PACKAGE_LISTS,
            &[
                form_of(b"ALDN", "display_name", &[b"MESG"]),
                rep(b"ALSP", "spells", Field::Value(fid(&[b"SPEL"]))),
                rep(b"ALFC", "factions", Field::Value(fid(&[b"FACT"]))),
                rep(b"ALPC", "packages", Field::Value(fid(&[b"PACK"]))),
                form_of(
                    b"VTCK",
                    "voice_types",
                    &[b"NPC_", b"FACT", b"FLST", b"VTYP"],
                ),
                opt(b"ALED", "end", Field::Empty),
            ],
        ]);
    };
}

alias!(REFERENCE_ALIAS, b"ALST", "reference_alias_id");
alias!(LOCATION_ALIAS, b"ALLS", "location_alias_id");

/// Skyrim's quest (QUST) record declaration.
pub static QUST: RecordDef = records::QUST.with(&[
    editor_id(),
    opt(b"VMAD", "scripts", Field::Struct(&QUEST_VMAD)),
    full_name(),
    sub(
        b"DNAM",
        "general",
        Field::Struct(&[
            f("flags", Ty::Flags(Int::U16, &QUEST_FLAGS)),
            f("priority", U8),
            f("form_version", U8),
            f("unknown", Ty::Bytes(4)),
            f("type", Ty::Enum(Int::U32, &QUEST_TYPES)),
        ]),
    ),
    opt(b"ENAM", "event", Field::Value(Ty::Char4)),
    rep(
        b"QTGL",
        "text_display_globals",
        Field::Value(fid(&[b"GLOB"])),
    ),
    opt(b"FLTR", "object_window_filter", Field::ZString),
    groups("dialogue_conditions", &CONDITION_GROUP),
    opt(b"NEXT", "end_of_dialogue_conditions", Field::Empty),
    groups("event_conditions", &CONDITION_GROUP),
    groups("stages", &STAGE),
    groups("objectives", &OBJECTIVE),
    opt(b"ANAM", "next_alias_id", Field::Value(U32)),
    groups("reference_aliases", &REFERENCE_ALIAS),
    groups("location_aliases", &LOCATION_ALIAS),
    opt(b"NNAM", "description", Field::LString),
]);
