//! Pieces many Oblivion records share: editor ID, name, model, script,
//! icon, container items, positions and ownership.

pub use crate::defs::shared::common::{
    editor_id, form, form_of, value_weight, FLOAT_VALUE, POSITION_ROTATION, RGB, RGBA, RGB_F32,
    VALUE_WEIGHT, XY, XYZ,
};
use crate::defs::shared::refr;
use crate::schema::types::*;

/// The in-game name (FULL), a Windows-1252 string.
pub const fn full_name() -> Member {
    opt(b"FULL", "name", Field::ZString)
}

/// The attached script (SCRI), a form ID.
pub const fn script() -> Member {
    opt(b"SCRI", "script", Field::Value(fid(&[b"SCPT"])))
}

/// The inventory icon (ICON), a path under Textures.
pub const fn icon() -> Member {
    opt(b"ICON", "icon", Field::ZString)
}

/// What an inventory item declares first: editor ID, name, model, icon and
/// script.
pub static ITEM_HEAD: [Member; 5] = [editor_id(), full_name(), model(), icon(), script()];

macro_rules! model {
    ($name:ident, $file:literal, $bound:literal, $hashes:literal) => {
        /// A model under one set of signatures: its file, bound radius
        /// and texture file hashes.
        pub static $name: [Member; 3] = [
            sub($file, "file", Field::ZString),
            opt($bound, "bound_radius", Field::Value(Ty::F32)),
            opt($hashes, "texture_hashes", Field::Opaque),
        ];
    };
}

model!(MODEL, b"MODL", b"MODB", b"MODT");
model!(MODEL_2, b"MOD2", b"MO2B", b"MO2T");
model!(MODEL_3, b"MOD3", b"MO3B", b"MO3T");
model!(MODEL_4, b"MOD4", b"MO4B", b"MO4T");

/// The model group (MODL, MODB, MODT); see [`MODEL`].
pub const fn model() -> Member {
    group("model", &MODEL)
}

/// An entry of a container or inventory list: the item and its count.
pub static ITEM: [FieldDef; 2] = [
    f(
        "item",
        fid(&[
            b"ARMO", b"AMMO", b"MISC", b"WEAP", b"BOOK", b"LVLI", b"KEYM", b"CLOT", b"ALCH",
            b"APPA", b"INGR", b"SGST", b"SLGM", b"LIGH",
        ]),
    ),
    f("count", I32),
];

/// Items held, as container, NPC and creature records list them.
pub const fn items() -> Member {
    rep(b"CNTO", "items", Field::Struct(&ITEM))
}

/// A placed reference's position and rotation (DATA); rotation in radians.
pub const fn position_rotation() -> Member {
    sub(
        b"DATA",
        "position_rotation",
        Field::Struct(&POSITION_ROTATION),
    )
}

/// An owner, with the rank or global variable that goes with it.
pub const fn owner() -> Member {
    form_of(b"XOWN", "owner", &[b"FACT", b"NPC_"])
}

/// The faction rank that goes with a faction owner (XRNK).
pub const fn owner_rank() -> Member {
    opt(b"XRNK", "faction_rank", Field::Value(I32))
}

/// The global variable that goes with an owner (XGLB).
pub const fn owner_global() -> Member {
    form_of(b"XGLB", "global_variable", &[b"GLOB"])
}

/// Enable-parent flags (XESP `flags`).
pub static ENABLE_PARENT_FLAGS: FlagsDef = FlagsDef {
    bits: &refr::ENABLE_PARENT_FLAG_BITS,
};

static ENABLE_PARENT: [FieldDef; 3] =
    refr::enable_parent(&[b"REFR", b"ACHR", b"ACRE"], &ENABLE_PARENT_FLAGS);

/// The reference whose enabled state this one follows (XESP).
pub const fn enable_parent() -> Member {
    opt(b"XESP", "enable_parent", Field::Struct(&ENABLE_PARENT))
}

/// The position of a reference's distant LOD model (XLOD).
pub const fn distant_lod() -> Member {
    opt(b"XLOD", "distant_lod", Field::Struct(&XYZ))
}

/// A reference's scale (XSCL); 1.0 when absent.
pub const fn scale() -> Member {
    opt(b"XSCL", "scale", Field::Value(Ty::F32))
}

/// Ragdoll pose data (XRGD). No layout of it is documented and it holds
/// no form IDs, so it is kept as bytes by design.
pub const fn ragdoll() -> Member {
    opt(b"XRGD", "ragdoll_data", Field::Opaque)
}

/// Conditions (CTDA; CTDT in older files).
pub const fn conditions() -> Member {
    rep(
        b"CTDA",
        "conditions",
        Field::Struct(&super::condition::CONDITION),
    )
}

/// Conditions in their older, shorter layout (CTDT), read with the same
/// fields as CTDA.
pub const fn conditions_old() -> Member {
    rep(
        b"CTDT",
        "conditions_old",
        Field::Struct(&super::condition::CONDITION),
    )
}

/// An enchantment and its points.
pub const fn enchantment() -> Member {
    form_of(b"ENAM", "enchantment", &[b"ENCH"])
}

/// Enchantment points of an enchantable item (ANAM).
pub const fn enchantment_points() -> Member {
    opt(b"ANAM", "enchantment_points", Field::Value(U16))
}

/// Ranges of a magic effect item: self, touch, target.
pub static EFFECT_RANGES: EnumDef = EnumDef {
    values: &[(0, "self"), (1, "touch"), (2, "target")],
};

/// The six schools of magic.
pub static MAGIC_SCHOOLS: EnumDef = EnumDef {
    values: &[
        (0, "alteration"),
        (1, "conjuration"),
        (2, "destruction"),
        (3, "illusion"),
        (4, "mysticism"),
        (5, "restoration"),
    ],
};

static EFFECT: [Member; 4] = [
    sub(b"EFID", "effect", Field::Value(Ty::Char4)),
    opt(
        b"EFIT",
        "data",
        Field::Struct(&[
            f("effect", Ty::Char4),
            f("magnitude", U32),
            f("area", U32),
            f("duration", U32),
            f("range", Ty::Enum(Int::U32, &EFFECT_RANGES)),
            f("actor_value", I32),
        ]),
    ),
    opt(
        b"SCIT",
        "script_effect",
        Field::Struct(&[
            f("script", fid(&[b"SCPT"])),
            f("magic_school", Ty::Enum(Int::U32, &MAGIC_SCHOOLS)),
            f("visual_effect", Ty::Char4),
            f("hostile", Ty::Bool),
            f("unused", Ty::Bytes(3)),
        ]),
    ),
    opt(b"FULL", "script_effect_name", Field::ZString),
];

/// Magic effects of a spell, enchantment, potion, ingredient or sigil
/// stone.
pub const fn effects() -> Member {
    groups("effects", &EFFECT)
}

/// Potion and ingredient flags: no auto-calculation, food item.
pub static CONSUMABLE_FLAGS: FlagsDef = FlagsDef {
    bits: &[(0x01, "no_auto_calculation"), (0x02, "food_item")],
};

/// ENIT of potions and ingredients.
pub static CONSUMABLE: [FieldDef; 3] = [
    f("value", I32),
    f("flags", Ty::Flags(Int::U8, &CONSUMABLE_FLAGS)),
    f("unused", Ty::Bytes(3)),
];

/// A potion's or an ingredient's members: both declare the same.
pub static CONSUMABLE_MEMBERS: [Member; 8] = join(&[
    &ITEM_HEAD,
    &[
        sub(b"DATA", "weight", Field::Value(Ty::F32)),
        sub(b"ENIT", "data", Field::Struct(&CONSUMABLE)),
        effects(),
    ],
]);

/// Face generation data of an NPC or a race: symmetric and asymmetric
/// geometry, symmetric texture.
pub static FACEGEN: [Member; 3] = [
    opt(
        b"FGGS",
        "facegen_geometry_symmetric",
        Field::Array(&FLOAT_VALUE),
    ),
    opt(
        b"FGGA",
        "facegen_geometry_asymmetric",
        Field::Array(&FLOAT_VALUE),
    ),
    opt(
        b"FGTS",
        "facegen_texture_symmetric",
        Field::Array(&FLOAT_VALUE),
    ),
];
