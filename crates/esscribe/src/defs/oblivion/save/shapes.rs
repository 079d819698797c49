//! How each part of a change record is shown, read and changed in the
//! record model: one schema layout per part, by the part's name. The
//! layouts say what the tables' [`Layout`](super::Layout)s say, in the
//! schema's terms, with names for the values the wiki names.
//!
//! A part whose layout the schema cannot say (the player's looks, seen
//! data, bytes not understood) is shown as hex; what it holds is still
//! checked by the table when it changes.

use super::properties::{PROPERTY_SET, SCRIPT_VARS, XYZ};
use crate::defs::oblivion::actor::{ATTRIBUTE_VALUES, SKILL_VALUES};
use crate::schema::types::{f, Field, FieldDef, Int, Ty};

const U8: Ty = Ty::Int(Int::U8);
const U16: Ty = Ty::Int(Int::U16);
const U32: Ty = Ty::Int(Int::U32);
/// A reference to a form, through the save's form ID array.
const IREF: Ty = Ty::Iref;

/// A cell iref, a position and a rotation.
const PLACEMENT: &[FieldDef] = &[f("cell", IREF), f("position", XYZ), f("rotation", XYZ)];

static CELL_POSITION: Field = Field::Struct(&[f("cell", IREF), f("position", XYZ)]);
static CREATED: Field = Field::Struct(&[
    f("flags", U32),
    f("base", IREF),
    f("cell", IREF),
    f("position", XYZ),
    f("rotation", XYZ),
]);
static PLACED: Field = Field::Struct(PLACEMENT);
static ONE_U8: Field = Field::Value(U8);
static ONE_U32: Field = Field::Value(U32);
static ONE_IREF: Field = Field::Value(IREF);
static ONE_F32: Field = Field::Value(Ty::F32);
static F32S: Field = Field::Array(&[f("value", Ty::F32)]);
static INVENTORY: Field = Field::Value(Ty::List(
    Int::U16,
    &[
        f("item", IREF),
        f("count", Ty::Int(Int::I32)),
        f(
            "entries",
            Ty::List(Int::U32, &[f("properties", PROPERTY_SET)]),
        ),
    ],
));
static PROPERTIES: Field = Field::Value(PROPERTY_SET);
static BLOCK: Field = Field::Value(Ty::Block(Int::U16));
static ATTRIBUTES: Field = Field::Struct(&ATTRIBUTE_VALUES);
static BASE_DATA: Field = Field::Struct(&[
    f("flags", U32),
    f("spell_points", U16),
    f("fatigue", U16),
    f("barter_gold", U16),
    f("level", Ty::Int(Int::I16)),
    f("calc_min", U16),
    f("calc_max", U16),
]);
static FACTIONS: Field = Field::Value(Ty::List(
    Int::U16,
    &[f("faction", IREF), f("rank", Ty::Int(Int::I8))],
));
static IREFS: Field = Field::Value(Ty::List(Int::U16, &[f("spell", IREF)]));
static AI_DATA: Field = Field::Struct(&[
    f("aggression", U8),
    f("confidence", U8),
    f("energy", U8),
    f("responsibility", U8),
]);
static MODIFIERS: Field = Field::Value(Ty::List(
    Int::U16,
    &[f("actor_value", U8), f("value", Ty::F32)],
));
static NAME: Field = Field::Value(Ty::BString);
static SKILLS: Field = Field::Struct(&SKILL_VALUES);
static GRID: Field = Field::Struct(&[
    f("world", U16),
    f("x", Ty::Int(Int::I8)),
    f("y", Ty::Int(Int::I8)),
]);
static U16S: Field = Field::Value(Ty::List(Int::U16, &[f("point", U16)]));
static QUEST_STAGES: Field = Field::Value(Ty::List(
    Int::U8,
    &[
        f("stage", U8),
        f("flags", U8),
        f(
            "log_entries",
            Ty::List(Int::U8, &[f("index", U8), f("data", Ty::Bytes(4))]),
        ),
    ],
));
static SCRIPT: Field = Field::Struct(&[f("vars", SCRIPT_VARS), f("trailer", U8)]);
static REACTIONS: Field = Field::Value(Ty::List(
    Int::U16,
    &[f("faction", IREF), f("modifier", Ty::Int(Int::I32))],
));
static HEX: Field = Field::Opaque;

/// The layout of the part named `name` (as `save records --json` names
/// parts: `moved`, `inventory`, `scale`...); parts of no other name are
/// shown as hex.
pub fn part_shape(name: &str) -> &'static Field {
    match name {
        "cell_changed" => &CELL_POSITION,
        "created" => &CREATED,
        "moved" | "havok_moved" => &PLACED,
        "moved_cell" | "combat_style" | "player_class" | "owner" => &ONE_IREF,
        // The Oblivion cell is a form ID or an iref, which the record does
        // not tell apart.
        "oblivion_cell" | "form_flags" | "base_health" | "detach_time" | "value" => &ONE_U32,
        "actor_flag" | "flags" | "teaches" => &ONE_U8,
        "temp_attributes" => &F32S,
        "inventory" => &INVENTORY,
        "properties" => &PROPERTIES,
        "animation" | "havok" => &BLOCK,
        "scale" => &ONE_F32,
        "attributes" => &ATTRIBUTES,
        "base_data" => &BASE_DATA,
        "factions" => &FACTIONS,
        "spells" => &IREFS,
        "ai_data" => &AI_DATA,
        "base_modifiers" => &MODIFIERS,
        "full_name" => &NAME,
        "skills" => &SKILLS,
        "grid" => &GRID,
        "pathgrid" => &U16S,
        "quest_stages" => &QUEST_STAGES,
        "script_vars" => &SCRIPT,
        "reactions" => &REACTIONS,
        _ => &HEX,
    }
}
