//! ROAD: the road network of a worldspace: points, and for each point the
//! positions of the points it connects to.

use super::common::XYZ;
use super::pgrd::POINT;
use crate::io::Sig;
use crate::schema::types::*;

/// Oblivion's road (ROAD) record declaration.
pub static ROAD: RecordDef = RecordDef {
    sig: Sig(*b"ROAD"),
    title: "Road",
    members: &[
        opt(b"PGRP", "points", Field::Array(&POINT)),
        // The points each point connects to, as many per point as its
        // connection count, in the order of the points.
        opt(b"PGRR", "connections", Field::Array(&XYZ)),
    ],
};
