//! Cells (CELL): the parts of their change records, in stored order:
//! grid place, detach time, flags, seen data, pathgrid, full name, owner.

use super::{part, ChangeTable, Layout, PartKind as P, Step, When};

/// Flag bits of CELL change records, in stored order: grid place, detach
/// time, flags, seen data, pathgrid, full name, owner.
pub mod cell_bits {
    /// Created in game, with bit 2: no data.
    pub const CREATED: u32 = 1 << 1;
    /// Cell flags (u8).
    pub const FLAGS: u32 = 1 << 3;
    /// Full name: u8 length and the name.
    pub const FULL_NAME: u32 = 1 << 4;
    /// Owner iref.
    pub const OWNER: u32 = 1 << 5;
    /// Pathgrid: u16 count, then that many u16.
    pub const PATHGRID: u32 = 1 << 24;
    /// An exterior cell's place: u16 index into the save's world-space
    /// list (never 0, always below its length in real saves), then i8 X
    /// and i8 Y of the cell grid.
    pub const GRID: u32 = 1 << 26;
    /// Detach time (u32).
    pub const DETACH_TIME: u32 = 1 << 27;
    /// Seen data (the map's fog): 32 bytes in exterior cells (grid set),
    /// else a 32-byte block, a u16 count n, and 2 + 34 · (n − 1) bytes.
    pub const SEEN: u32 = 1 << 28;
}

use cell_bits::*;

/// Size of an exterior cell's seen data: 16 × 16 bits.
pub const EXTERIOR_SEEN_LEN: usize = 32;

/// The parts of a CELL change record, in stored order.
pub static CELL: ChangeTable = ChangeTable::new(
    "cell (CELL)",
    &[
        Step::Part(part(P::Grid, When::Any(GRID), Layout::Grid, "grid")),
        Step::Part(part(
            P::DetachTime,
            When::Any(DETACH_TIME),
            Layout::U32,
            "detach time",
        )),
        Step::Part(part(P::ByteFlags, When::Any(FLAGS), Layout::U8, "flags")),
        // Exterior cells (those with a grid place) see one block; interiors
        // count theirs.
        Step::Part(part(
            P::SeenData,
            When::All(&[When::Any(SEEN), When::Any(GRID)]),
            Layout::Bytes(EXTERIOR_SEEN_LEN),
            "seen data",
        )),
        Step::Part(part(
            P::SeenData,
            When::Without {
                bit: SEEN,
                without: GRID,
            },
            Layout::InteriorSeenData,
            "seen data",
        )),
        Step::Part(part(
            P::Pathgrid,
            When::Any(PATHGRID),
            Layout::U16s,
            "pathgrid",
        )),
        Step::Part(part(
            P::FullName,
            When::Any(FULL_NAME),
            Layout::ShortText,
            "full name",
        )),
        Step::Part(part(P::Owner, When::Any(OWNER), Layout::U32, "owner iref")),
    ],
);
