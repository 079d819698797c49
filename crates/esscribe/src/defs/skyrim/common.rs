//! Pieces many Skyrim records share: editor ID, names, object bounds,
//! models, destructible data, keywords, scripts, conditions, effects and
//! container items.

use super::condition::CONDITION_GROUP;
use super::vmad::VMAD;
pub use crate::defs::shared::common::{
    editor_id, form, form_of, value_weight, FLOAT_VALUE, POSITION_ROTATION, RGB, RGBA, RGB_F32,
    VALUE_WEIGHT, XY, XYZ,
};
use crate::schema::types::*;

/// The in-game name (FULL), a translatable string.
pub const fn full_name() -> Member {
    opt(b"FULL", "name", Field::LString)
}

/// A description under the given signature, a translatable string.
pub const fn description(sig: &[u8; 4]) -> Member {
    opt(sig, "description", Field::LString)
}

/// Papyrus scripts attached to the record (VMAD).
pub const fn scripts() -> Member {
    opt(b"VMAD", "scripts", Field::Struct(&VMAD))
}

/// An object's bounding box: two corners, in game units.
pub static OBJECT_BOUNDS: [FieldDef; 6] = [
    f("x1", I16),
    f("y1", I16),
    f("z1", I16),
    f("x2", I16),
    f("y2", I16),
    f("z2", I16),
];

/// Object bounds (OBND); see [`OBJECT_BOUNDS`].
pub const fn object_bounds() -> Member {
    sub(b"OBND", "object_bounds", Field::Struct(&OBJECT_BOUNDS))
}

/// The number of keywords that follow (KSIZ).
pub const fn keyword_count() -> Member {
    opt(b"KSIZ", "keyword_count", Field::Value(U32)).counts("keywords")
}

static KEYWORD: [FieldDef; 1] = [f("keyword", fid(&[b"KYWD"]))];

/// Keywords (KWDA), an array of form IDs.
pub const fn keywords() -> Member {
    opt(b"KWDA", "keywords", Field::Array(&KEYWORD))
}

static TEXTURE_HASH: [FieldDef; 3] = [
    f("file_hash", U32),
    f("extension", Ty::Char4),
    f("folder_hash", U32),
];

/// Texture file hashes of a model (MODT and its kin) from form version 40
/// on: how many header values follow (two: the texture and addon node
/// counts), then the textures and the addon node indexes.
pub static MODEL_INFO: [FieldDef; 5] = [
    f_default("header_count", U32, Default::Int(2)),
    f("texture_count", U32),
    f("addon_node_count", U32),
    f("textures", Ty::ListBy("texture_count", &TEXTURE_HASH)),
    f(
        "addon_nodes",
        Ty::ListBy("addon_node_count", &[f("index", U32)]),
    ),
];

/// The layouts of the texture hashes over the form versions, newest
/// first. A record of a later form version may still hold an older
/// layout, so the data decides: older hashes read as the newer layout give
/// counts their bytes do not meet (an extension read as the texture
/// count), and go on to their own layout.
static MODEL_INFO_LAYOUTS: [Field; 3] = [
    Field::Struct(&MODEL_INFO),
    // Form versions 38 and 39: the textures alone, 12 bytes each.
    Field::Array(&TEXTURE_HASH),
    // Before form version 38: hashes in a layout nobody has documented.
    Field::Opaque,
];

/// Texture file hashes of a model (MODT and its kin) in the layout of any
/// form version: from form version 40, [`MODEL_INFO`]; for 38 and 39 the
/// textures alone; before that, bytes.
pub const fn model_info() -> Field {
    Field::ByFit(&MODEL_INFO_LAYOUTS)
}

/// Alternate textures of a model (MODS and its kin).
pub static ALTERNATE_TEXTURES: [FieldDef; 1] = [f(
    "textures",
    Ty::List(
        Int::U32,
        &[
            f("name", Ty::String32),
            f("texture_set", fid(&[b"TXST"])),
            f("index", I32),
        ],
    ),
)];

macro_rules! model {
    ($name:ident, $file:literal, $info:literal, $alt:literal) => {
        /// A model under one set of signatures: its file, texture hashes
        /// and alternate textures.
        pub static $name: [Member; 3] = [
            sub($file, "file", Field::ZString),
            opt($info, "texture_hashes", model_info()),
            opt(
                $alt,
                "alternate_textures",
                Field::Struct(&ALTERNATE_TEXTURES),
            ),
        ];
    };
}

model!(MODEL, b"MODL", b"MODT", b"MODS");
model!(MODEL_2, b"MOD2", b"MO2T", b"MO2S");
model!(MODEL_3, b"MOD3", b"MO3T", b"MO3S");
model!(MODEL_4, b"MOD4", b"MO4T", b"MO4S");
model!(MODEL_5, b"MOD5", b"MO5T", b"MO5S");
model!(DAMAGE_MODEL, b"DMDL", b"DMDT", b"DMDS");

/// The model group (MODL, MODT, MODS); see [`MODEL`].
pub const fn model() -> Member {
    group("model", &MODEL)
}

static DESTRUCTIBLE_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "vats_targetable")],
};

static STAGE_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "cap_damage"),
        (0x02, "disable"),
        (0x04, "destroy"),
        (0x08, "ignore_external_damage"),
    ],
};

static DESTRUCTION_STAGE: [Member; 3] = [
    sub(
        b"DSTD",
        "stage",
        Field::Struct(&[
            f("health_percent", U8),
            f("index", U8),
            f("model_damage_stage", U8),
            f("flags", Ty::Flags(Int::U8, &STAGE_FLAGS)),
            f("self_damage_per_second", I32),
            f("explosion", fid(&[b"EXPL"])),
            f("debris", fid(&[b"DEBR"])),
            f("debris_count", I32),
        ]),
    ),
    group("model", &DAMAGE_MODEL),
    opt(b"DSTF", "end", Field::Empty),
];

static DESTRUCTIBLE: [Member; 2] = [
    sub(
        b"DEST",
        "header",
        Field::Struct(&[
            f("health", I32),
            f("stage_count", U8),
            f("flags", Ty::Flags(Int::U8, &DESTRUCTIBLE_FLAGS)),
            f("unknown", Ty::Bytes(2)),
        ]),
    ),
    groups("stages", &DESTRUCTION_STAGE),
];

/// Destruction data: health, stages and their models.
pub const fn destructible() -> Member {
    group("destructible", &DESTRUCTIBLE)
}

/// Conditions (CTDA, each with optional CIS1 and CIS2).
pub const fn conditions() -> Member {
    groups("conditions", &CONDITION_GROUP)
}

/// The large inventory icon (ICON), a texture path.
pub const fn large_icon() -> Member {
    opt(b"ICON", "large_icon", Field::ZString)
}

/// The small inventory icon (MICO), a texture path.
pub const fn small_icon() -> Member {
    opt(b"MICO", "small_icon", Field::ZString)
}

/// The sound played when the item is picked up (YNAM).
pub const fn pickup_sound() -> Member {
    opt(b"YNAM", "pickup_sound", Field::Value(fid(&[b"SNDR"])))
}

/// The sound played when the item is dropped (ZNAM).
pub const fn drop_sound() -> Member {
    opt(b"ZNAM", "drop_sound", Field::Value(fid(&[b"SNDR"])))
}

static EFFECT: [Member; 3] = [
    sub(b"EFID", "effect", Field::Value(fid(&[b"MGEF"]))),
    sub(
        b"EFIT",
        "values",
        Field::Struct(&[f("magnitude", Ty::F32), f("area", U32), f("duration", U32)]),
    ),
    groups("conditions", &CONDITION_GROUP),
];

/// Magic effects of a spell, enchantment, potion or ingredient.
pub const fn effects() -> Member {
    groups("effects", &EFFECT)
}

/// One held item: the entry (CNTO: item and count) and its optional extra
/// data (COED: owner, global or rank, condition).
pub static CONTAINER_ITEM: [Member; 2] = [
    sub(
        b"CNTO",
        "entry",
        Field::Struct(&[
            f(
                "item",
                fid(&[
                    b"ARMO", b"AMMO", b"APPA", b"MISC", b"WEAP", b"BOOK", b"LVLI", b"KEYM",
                    b"ALCH", b"INGR", b"LIGH", b"SLGM", b"SCRL",
                ]),
            ),
            f("count", I32),
        ]),
    ),
    opt(
        b"COED",
        "extra_data",
        Field::Struct(&[
            f("owner", fid(&[b"NPC_", b"FACT"])),
            f("global_variable_or_rank", U32),
            f("item_condition", Ty::F32),
        ]),
    ),
];

/// A container's or a recipe's items: the count, then the items.
pub const fn item_count() -> Member {
    opt(b"COCT", "item_count", Field::Value(U32)).counts("items")
}

/// Held items, one group per CNTO; see [`CONTAINER_ITEM`].
pub const fn items() -> Member {
    groups("items", &CONTAINER_ITEM)
}

/// One byte per skill, in the order the game stores them (class skill
/// weights, an NPC's skill values and offsets).
pub static SKILL_BYTES: [FieldDef; 18] = [
    f("one_handed", U8),
    f("two_handed", U8),
    f("archery", U8),
    f("block", U8),
    f("smithing", U8),
    f("heavy_armor", U8),
    f("light_armor", U8),
    f("pickpocket", U8),
    f("lockpicking", U8),
    f("sneak", U8),
    f("alchemy", U8),
    f("speech", U8),
    f("alteration", U8),
    f("conjuration", U8),
    f("destruction", U8),
    f("illusion", U8),
    f("restoration", U8),
    f("enchanting", U8),
];

/// Every type of placed reference: what a field naming a placed object,
/// actor or projectile may point to.
pub const PLACED: Targets = &[
    b"REFR", b"ACHR", b"PGRE", b"PMIS", b"PARW", b"PBAR", b"PBEA", b"PCON", b"PFLA", b"PHZD",
];

static ACTIVATION_PARENT: [FieldDef; 2] = [f("reference", fid(PLACED)), f("delay", Ty::F32)];

/// A placed reference's activation parents (XAPR): the references whose
/// activation activates it, each with a delay in seconds.
pub const fn activation_parents() -> Member {
    rep(
        b"XAPR",
        "activation_parents",
        Field::Struct(&ACTIVATION_PARENT),
    )
}

/// What an inventory item shows and plays, in the order items store it:
/// bounds, name, model, icons, destruction data, and the sounds of picking
/// it up and putting it down.
pub static ITEM_PRESENTATION: [Member; 8] = [
    object_bounds(),
    full_name(),
    model(),
    large_icon(),
    small_icon(),
    destructible(),
    pickup_sound(),
    drop_sound(),
];

/// What activators, flora, furniture and talking activators declare first:
/// editor ID, scripts, bounds, name, model, destruction data and keywords.
pub static ACTIVATOR_HEAD: [Member; 8] = [
    editor_id(),
    scripts(),
    object_bounds(),
    full_name(),
    model(),
    destructible(),
    keyword_count(),
    keywords(),
];

/// The form lists of packages that override an actor's own when it watches
/// a fight, finds a dead body, warns as a guard and fights: NPCs and quest
/// aliases have them.
pub static OVERRIDE_PACKAGE_LISTS: [Member; 4] = [
    form_of(b"SPOR", "spectator_override_package_list", &[b"FLST"]),
    form_of(
        b"OCOR",
        "observe_dead_body_override_package_list",
        &[b"FLST"],
    ),
    form_of(b"GWOR", "guard_warn_override_package_list", &[b"FLST"]),
    form_of(b"ECOR", "combat_override_package_list", &[b"FLST"]),
];
