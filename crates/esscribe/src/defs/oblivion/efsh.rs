//! EFSH: an effect shader (membrane, fill, edge and particle effects).
//! Older records hold fewer fields; the ones there are read.

use super::common::editor_id;
use crate::defs::shared::efsh::{self, color, float};
use crate::defs::shared::records;
use crate::schema::types::*;

/// Effect shader flags.
pub static SHADER_FLAGS: FlagsDef = FlagsDef {
    bits: &[
        (0x01, "no_membrane_shader"),
        (0x08, "no_particle_shader"),
        (0x10, "edge_effect_inverse"),
        (0x20, "membrane_shader_affect_skin_only"),
    ],
};

static SHADER: [FieldDef; 57] = join(&[
    &[
        f("flags", Ty::Flags(Int::U8, &SHADER_FLAGS)),
        f("unused", Ty::Bytes(3)),
    ],
    &efsh::MEMBRANE,
    &[color("fill_color")],
    &efsh::FILL_EDGE,
    &[float("persistent_particle_birth_ratio")],
    &efsh::PARTICLES,
]);

/// Oblivion's effect shader (EFSH) record declaration.
pub static EFSH: RecordDef = records::EFSH.with(&[
    editor_id(),
    opt(b"ICON", "fill_texture", Field::ZString),
    opt(b"ICO2", "particle_shader_texture", Field::ZString),
    opt(b"DATA", "data", Field::Struct(&SHADER)),
]);
