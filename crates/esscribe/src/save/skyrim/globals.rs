//! The global data tables: blocks of game state, each a type, a length and
//! data. They are kept as stored; the ones understood are decoded on
//! request, and a decoder must account for every byte of its block.

use super::change::RefId;
use super::header::WString;
use crate::io::{Error, Reader, Result};
use serde::Serialize;

/// One block of global data.
#[derive(Debug, Clone, PartialEq)]
pub struct GlobalData {
    /// What the block holds (see [`global_data_name`]).
    pub kind: u32,
    /// The block's bytes.
    pub data: Vec<u8>,
}

/// Misc stats.
pub const MISC_STATS: u32 = 0;
/// The player's location.
pub const PLAYER_LOCATION: u32 = 1;
/// Global variables.
pub const GLOBAL_VARIABLES: u32 = 3;
/// The Papyrus virtual machine's state.
pub const PAPYRUS: u32 = 1001;

/// The name of a global data type, as the format's documentation gives it.
pub fn global_data_name(kind: u32) -> &'static str {
    match kind {
        0 => "Misc Stats",
        1 => "Player Location",
        2 => "TES",
        3 => "Global Variables",
        4 => "Created Objects",
        5 => "Effects",
        6 => "Weather",
        7 => "Audio",
        8 => "SkyCells",
        100 => "Process Lists",
        101 => "Combat",
        102 => "Interface",
        103 => "Actor Causes",
        104 => "Unknown 104",
        105 => "Detection Manager",
        106 => "Location MetaData",
        107 => "Quest Static Data",
        108 => "StoryTeller",
        109 => "Magic Favorites",
        110 => "PlayerControls",
        111 => "Story Event Manager",
        112 => "Ingredient Shared",
        113 => "MenuControls",
        114 => "MenuTopicManager",
        1000 => "Temp Effects",
        1001 => "Papyrus",
        1002 => "Anim Objects",
        1003 => "Timer",
        1004 => "Synchronized Animations",
        1005 => "Main",
        _ => "unknown",
    }
}

impl GlobalData {
    /// Reads a type, a u32 length and that many bytes.
    pub fn read(r: &mut Reader<'_>) -> Result<Self> {
        let kind = r.u32("global data type")?;
        let len = r.u32("global data length")? as usize;
        let data = r.bytes(len, "global data")?.to_vec();
        Ok(GlobalData { kind, data })
    }

    /// Writes the block with its length.
    pub fn write(&self, out: &mut Vec<u8>) {
        use crate::io::WriteLe;
        out.put_u32(self.kind);
        out.put_u32(self.data.len() as u32);
        out.put(&self.data);
    }

    /// The block's name.
    pub fn name(&self) -> &'static str {
        global_data_name(self.kind)
    }
}

/// A variable-size count: the low two bits of the first byte say whether
/// it takes one, two or three bytes; the value is the rest.
pub fn read_vsval(r: &mut Reader<'_>, what: &str) -> Result<u32> {
    let at = r.offset();
    let first = r.u8(what)?;
    Ok(match first & 3 {
        0 => (first >> 2) as u32,
        1 => (u16::from_le_bytes([first, r.u8(what)?]) >> 2) as u32,
        2 => {
            let [b, c] = r.array::<2>(what)?;
            u32::from_le_bytes([first, b, c, 0]) >> 2
        }
        _ => {
            return Err(Error::invalid(
                at,
                format!("{what}: a variable-size count whose low bits are 3"),
            )
            .expected_found("low bits 0, 1 or 2", "3"))
        }
    })
}

/// One misc stat: what the game's statistics menu shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MiscStat {
    /// The stat's name, as the game keys it.
    pub name: String,
    /// Its category (0 general, 1 quest, 2 combat, 3 magic, 4 crafting,
    /// 5 crime, 6 DLC).
    pub category: u8,
    /// Its value.
    pub value: i32,
}

/// Decodes the misc stats block; `decode` turns the save's text to a string.
pub fn misc_stats(data: &[u8], decode: impl Fn(&WString) -> String) -> Result<Vec<MiscStat>> {
    let mut r = Reader::new(data, 0);
    let n = r.u32("misc stat count")? as usize;
    r.check_count(n, 7, "misc stats")?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let name = WString::read(&mut r, "misc stat name")?;
        out.push(MiscStat {
            name: decode(&name),
            category: r.u8("misc stat category")?,
            value: r.i32("misc stat value")?,
        });
    }
    r.expect_end("misc stats")?;
    Ok(out)
}

/// Where the player is, as the global data states it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerLocation {
    /// The next form ID the game gives a created form.
    pub next_object_id: u32,
    /// The world space (or 0 in an interior), as a ref ID.
    #[serde(skip)]
    pub world_space: RefId,
    /// The exterior cell's grid coordinates.
    pub cell: [i32; 2],
    /// The cell or world space the position is in, as a ref ID.
    #[serde(skip)]
    pub parent: RefId,
    /// The position.
    pub position: [f32; 3],
    /// Bytes after the position, kept as they are.
    #[serde(skip)]
    pub rest: Vec<u8>,
}

/// Decodes the player location block.
pub fn player_location(data: &[u8]) -> Result<PlayerLocation> {
    let mut r = Reader::new(data, 0);
    Ok(PlayerLocation {
        next_object_id: r.u32("next object ID")?,
        world_space: RefId::read(&mut r, "world space")?,
        cell: [r.i32("cell x")?, r.i32("cell y")?],
        parent: RefId::read(&mut r, "cell or world space")?,
        position: [r.f32("x")?, r.f32("y")?, r.f32("z")?],
        rest: r.rest().to_vec(),
    })
}

/// Decodes the global variables block: each a ref ID and its value.
pub fn global_variables(data: &[u8]) -> Result<Vec<(RefId, f32)>> {
    let mut r = Reader::new(data, 0);
    let n = read_vsval(&mut r, "global variable count")? as usize;
    r.check_count(n, 7, "global variables")?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push((
            RefId::read(&mut r, "global variable")?,
            r.f32("global variable value")?,
        ));
    }
    r.expect_end("global variables")?;
    Ok(out)
}
