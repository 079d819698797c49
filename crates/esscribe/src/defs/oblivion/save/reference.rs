//! Placed references (REFR, ACHR, ACRE): the parts of their change
//! records. The order, as the save format pages give it: the original
//! cell and position when the reference changed cells; one of created,
//! moved, havok moved or the Oblivion cell; for actors the player's
//! temporary attribute changes and the actor flag; form flags; inventory;
//! properties; animation; havok; scale.

use super::{ending, part, ChangeTable, Layout, PartKind as P, Step, When};

pub use super::PLAYER_REF;

/// Flag bits of reference change records.
pub mod bits {
    /// A u32 of current form flags follows.
    pub const FORM_FLAGS: u32 = 1 << 0;
    /// Created in game: flags, base, cell, position, rotation.
    pub const CREATED: u32 = 1 << 1;
    /// Moved: cell, position, rotation.
    pub const MOVED: u32 = 1 << 2;
    /// Moved by physics: a placement (when not created or moved) and a
    /// havok block after the properties.
    pub const HAVOK_MOVED: u32 = 1 << 3;
    /// A scale (f32) ends the decoded parts.
    pub const SCALE: u32 = 1 << 4;
    /// REFR only: a havok block after the properties.
    pub const HAVOK_EXTRA: u32 = 1 << 11;
    /// The Oblivion cell (4 bytes) when no placement is stored.
    pub const OBLIVION_CELL: u32 = 1 << 23;
    /// REFR: an animation block after the properties.
    pub const ANIMATION: u32 = 1 << 25;
    /// Inventory changes follow the form flags.
    pub const INVENTORY: u32 = 1 << 27;
    /// The original cell and position come first.
    pub const CELL_CHANGED: u32 = 1 << 31;
    /// Bits any of which brings a properties section into a REFR record.
    pub const REFR_PROPERTIES: u32 = (1 << 5)
        | (1 << 6)
        | (1 << 7)
        | (1 << 10)
        | (1 << 16)
        | (1 << 17)
        | (1 << 20)
        | (1 << 21)
        | (1 << 22)
        | (1 << 24)
        | (1 << 25)
        | (1 << 26)
        | (1 << 28);
}

/// Size of the player's temporary attribute changes (219 f32).
pub const TEMP_ATTRIBUTES_LEN: usize = 876;

use bits::*;

/// The player's reference: an actor whose form ID is 0x14.
const PLAYER_ACTOR: When = When::All(&[When::Actor, When::Player]);

/// The parts of a placed reference's change record, in stored order.
pub static REFERENCE: ChangeTable = ChangeTable::new(
    "reference (REFR, ACHR, ACRE)",
    &[
        Step::Part(
            part(
                P::CellChanged,
                When::Any(CELL_CHANGED),
                Layout::CellPosition,
                "cell changed",
            )
            .located(),
        ),
        // A stub actor record: only the cell of the move and the actor
        // flag, whatever else the flags announce.
        ending(
            When::All(&[When::Actor, When::Any(MOVED), When::BytesLeft(5)]),
            &[
                part(P::MovedCell, When::Always, Layout::U32, "moved cell iref"),
                part(P::ActorFlag, When::Always, Layout::U8, "actor flag"),
            ],
        ),
        // Created, moved, havok moved and the Oblivion cell exclude each
        // other, the first set winning.
        Step::Part(
            part(
                P::Created,
                When::Any(CREATED),
                Layout::CreatedPlacement,
                "created",
            )
            .located(),
        ),
        // Created references with bit 0 of their own flags set carry
        // further data whose layout is not known, before anything else.
        ending(
            When::All(&[When::NotActor, When::CreatedFlag(1)]),
            &[part(
                P::Remainder,
                When::Always,
                Layout::Rest,
                "created data",
            )],
        ),
        Step::Part(
            part(
                P::Moved,
                When::Without {
                    bit: MOVED,
                    without: CREATED,
                },
                Layout::Placement,
                "moved",
            )
            .located(),
        ),
        Step::Part(
            part(
                P::HavokMoved,
                When::Without {
                    bit: HAVOK_MOVED,
                    without: CREATED | MOVED,
                },
                Layout::Placement,
                "havok-moved",
            )
            .located(),
        ),
        Step::Part(part(
            P::OblivionCell,
            When::Without {
                bit: OBLIVION_CELL,
                without: CREATED | MOVED | HAVOK_MOVED,
            },
            Layout::U32,
            "oblivion cell",
        )),
        Step::Part(part(
            P::TempAttributes,
            PLAYER_ACTOR,
            Layout::Bytes(TEMP_ATTRIBUTES_LEN),
            "temporary attribute changes",
        )),
        Step::Part(part(P::ActorFlag, When::Actor, Layout::U8, "actor flag")),
        Step::Part(part(
            P::FormFlags,
            When::Any(FORM_FLAGS),
            Layout::U32,
            "form flags",
        )),
        Step::Part(
            part(
                P::Inventory,
                When::Any(INVENTORY),
                Layout::Inventory,
                "inventory",
            )
            .located(),
        ),
        // Actors always hold a properties section; objects when any of
        // the property-bearing bits is set.
        Step::Part(
            part(
                P::Properties,
                When::Either(&[When::Actor, When::Any(REFR_PROPERTIES)]),
                Layout::Properties,
                "properties",
            )
            .located(),
        ),
        Step::Part(part(
            P::Animation,
            When::All(&[When::NotActor, When::Any(ANIMATION)]),
            Layout::ShortBlock,
            "animation block",
        )),
        Step::Part(part(
            P::Havok,
            When::Either(&[
                When::Any(HAVOK_MOVED),
                When::All(&[When::NotActor, When::Any(HAVOK_EXTRA)]),
            ]),
            Layout::ShortBlock,
            "havok block",
        )),
        Step::Part(part(P::Scale, When::Any(SCALE), Layout::F32, "scale")),
        // The player's record goes on with the character: looks, name and
        // class, found by the name.
        ending(
            PLAYER_ACTOR,
            &[part(
                P::PlayerCharacter,
                When::Always,
                Layout::PlayerCharacter,
                "player character",
            )],
        ),
    ],
);
