//! SCEN: a scene: phases (each between two HNAM markers), actors, and
//! actions (each between a typed ANAM and an empty one).

use super::common::{conditions, editor_id, form_of};
use super::condition::CONDITION_GROUP;
use super::vmad::SCENE_VMAD;
use crate::io::Sig;
use crate::schema::types::*;

/// Scene flags (FNAM `flags`).
pub static SCENE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "begin_on_quest_start"),
        (0x02, "stop_quest_on_end"),
        (0x04, "show_all_text"),
        (0x08, "repeat_conditions_while_true"),
        (0x10, "interruptible"),
    ],
};

/// Scene actor flags (LNAM `flags`): no player activation, optional.
pub static ACTOR_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "no_player_activation"), (0x02, "optional")],
};

/// What a scene actor's death, combat, dialogue or observed combat does to
/// the scene: pause or end (DNAM `behaviour`).
pub static ACTOR_BEHAVIOUR: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "death_pause"),
        (0x02, "death_end"),
        (0x04, "combat_pause"),
        (0x08, "combat_end"),
        (0x10, "dialogue_pause"),
        (0x20, "dialogue_end"),
        (0x40, "obs_com_pause"),
        (0x80, "obs_com_end"),
    ],
};

/// Scene action types (ANAM `type`): dialogue, package, timer.
pub static ACTION_TYPES: EnumDef = EnumDef {
    values: &[(0, "dialogue"), (1, "package"), (2, "timer")],
};

/// A script's leftovers in scenes of older form versions: its header,
/// compiled code, source, a QNAM and the forms it refers to.
static UNUSED_SCRIPT: [Member; 5] = [
    sub(b"SCHR", "header", Field::Opaque),
    opt(b"SCDA", "compiled", Field::Opaque),
    opt(b"SCTX", "source", Field::Text),
    opt(b"QNAM", "unknown_qnam", Field::Opaque),
    rep(b"SCRO", "references", Field::Value(Ty::FormId)),
];

static PHASE: [Member; 10] = [
    sub(b"HNAM", "start", Field::Empty),
    opt(b"NAM0", "name", Field::ZString),
    groups("start_conditions", &CONDITION_GROUP),
    opt(b"NEXT", "end_of_start_conditions", Field::Empty),
    groups("completion_conditions", &CONDITION_GROUP),
    group("unused_script", &UNUSED_SCRIPT),
    opt(b"NEXT", "end_of_completion_conditions", Field::Empty),
    group("unused_script_2", &UNUSED_SCRIPT),
    opt(b"WNAM", "editor_width", Field::Value(U32)),
    opt(b"HNAM", "end", Field::Empty),
];

static ACTOR: [Member; 3] = [
    sub(b"ALID", "alias", Field::Value(U32)),
    opt(
        b"LNAM",
        "flags",
        Field::Value(Ty::Flags(Int::U32, &ACTOR_FLAGS)),
    ),
    opt(
        b"DNAM",
        "behaviour",
        Field::Value(Ty::Flags(Int::U32, &ACTOR_BEHAVIOUR)),
    ),
];

static ACTION: [Member; 18] = [
    sub(
        b"ANAM",
        "type",
        Field::Value(Ty::Enum(Int::U16, &ACTION_TYPES)),
    ),
    opt(b"NAM0", "name", Field::ZString),
    opt(b"ALID", "actor", Field::Value(I32)),
    opt(b"LNAM", "unknown", Field::Opaque),
    opt(b"INAM", "index", Field::Value(U32)),
    opt(b"FNAM", "flags", Field::Value(U32)),
    opt(b"SNAM", "start_phase", Field::Value(U32)),
    opt(b"ENAM", "end_phase", Field::Value(U32)),
    opt(b"SNAM", "timer_seconds", Field::Value(Ty::F32)),
    rep(b"PNAM", "packages", Field::Value(fid(&[b"PACK"]))),
    form_of(b"DATA", "topic", &[b"DIAL"]),
    opt(b"HTID", "headtrack_actor", Field::Value(I32)),
    opt(b"DMAX", "looping_max", Field::Value(Ty::F32)),
    opt(b"DMIN", "looping_min", Field::Value(Ty::F32)),
    opt(b"DEMO", "emotion_type", Field::Value(U32)),
    opt(b"DEVA", "emotion_value", Field::Value(U32)),
    group("unused_script", &UNUSED_SCRIPT),
    opt(b"ANAM", "end", Field::Empty),
];

/// Skyrim's scene (SCEN) record declaration.
pub static SCEN: RecordDef = RecordDef {
    sig: Sig(*b"SCEN"),
    title: "Scene",
    members: &[
        editor_id(),
        opt(b"VMAD", "scripts", Field::Struct(&SCENE_VMAD)),
        opt(
            b"FNAM",
            "flags",
            Field::Value(Ty::Flags(Int::U32, &SCENE_FLAGS)),
        ),
        groups("phases", &PHASE),
        groups("actors", &ACTOR),
        groups("actions", &ACTION),
        group("unused_script", &UNUSED_SCRIPT),
        opt(b"NEXT", "end_of_actions", Field::Empty),
        group("unused_script_2", &UNUSED_SCRIPT),
        form_of(b"PNAM", "quest", &[b"QUST"]),
        opt(b"INAM", "last_action_index", Field::Value(U32)),
        opt(b"VNAM", "unknown", Field::Opaque),
        conditions(),
    ],
};
