//! VOLI: volumetric lighting (god rays).

use super::common::editor_id;
use crate::io::Sig;
use crate::schema::types::*;

const fn float(sig: &[u8; 4], name: &'static str) -> Member {
    opt(sig, name, Field::Value(Ty::F32))
}

/// Skyrim's volumetric lighting (VOLI) record declaration.
pub static VOLI: RecordDef = RecordDef {
    sig: Sig(*b"VOLI"),
    title: "Volumetric lighting",
    members: &[
        editor_id(),
        float(b"CNAM", "intensity"),
        float(b"DNAM", "custom_color_contribution"),
        float(b"ENAM", "red"),
        float(b"FNAM", "green"),
        float(b"GNAM", "blue"),
        float(b"HNAM", "density_contribution"),
        float(b"INAM", "density_size"),
        float(b"JNAM", "density_wind_speed"),
        float(b"KNAM", "density_falling_speed"),
        float(b"LNAM", "phase_function_contribution"),
        float(b"MNAM", "phase_function_scattering"),
        float(b"NNAM", "sampling_repartition_range_factor"),
    ],
};
