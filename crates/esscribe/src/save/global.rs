//! Global data: the block between the plugin list and the change records.
//! It opens with fixed fields (where the formIdArray starts, how many change
//! records follow, the player's world, cell and position), then globals,
//! u16-sized blocks (death counts, processes, special events, weather), the
//! combat count, the created data, quick keys, reticule, interface and
//! regions. Blocks whose layout is not needed are kept as bytes.

use crate::io::{Context, Error, FormId, Reader, Result, WriteLe};
use serde::Serialize;

use super::ser_hex;

/// The fixed fields at the start of the global data. The formIdArray offset
/// and the change-record count are recomputed on write.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GlobalHeader {
    /// The next form ID the game gives a created form.
    pub next_object_id: u32,
    /// Form ID of the world space the player is in.
    pub world_id: FormId,
    /// World X coordinate of the player, as stored.
    pub world_x: i32,
    /// World Y coordinate of the player, as stored.
    pub world_y: i32,
    /// Form ID of the player's cell.
    pub player_cell: FormId,
    /// The player's position (x, y, z), in game units.
    pub player_position: [f32; 3],
}

/// A global variable's value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct GlobalVar {
    /// The global, as an iref.
    pub iref: u32,
    /// Its value (every global is stored as an f32 here).
    pub value: f32,
}

/// How often an actor base has died.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct DeathCount {
    /// The actor base, as an iref.
    pub iref: u32,
    /// How many times it has died.
    pub count: u16,
}

/// A quick-key slot: empty, or an iref to what it casts or uses.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct QuickKey {
    /// The slot's flag byte: bit 0 set when an iref follows.
    pub flag: u8,
    /// What the slot casts or uses, as an iref; `None` for an empty slot.
    pub iref: Option<u32>,
}

/// A region and its state.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Region {
    /// The region, as an iref.
    pub iref: u32,
    /// The region's state value, as stored (meaning not known).
    pub value: u32,
}

/// A block kept as bytes, written back with its u16 size.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Opaque(#[serde(serialize_with = "ser_hex::bytes")] pub Vec<u8>);

pub(crate) fn read_short_block<'a>(r: &mut Reader<'a>, what: &str) -> Result<Reader<'a>> {
    let n = r.u16(&format!("{what} size"))? as usize;
    let base = r.offset();
    Ok(Reader::new(r.bytes(n, what)?, base))
}

pub(crate) fn write_short_block(out: &mut Vec<u8>, what: &str, body: &[u8]) -> Result<()> {
    let n = u16::try_from(body.len()).map_err(|_| {
        Error::invalid(
            0,
            format!("{what}: {} bytes do not fit a u16 size", body.len()),
        )
    })?;
    out.put_u16(n);
    out.put(body);
    Ok(())
}

impl Opaque {
    pub(crate) fn read(r: &mut Reader<'_>, what: &str) -> Result<Self> {
        Ok(Opaque(read_short_block(r, what)?.rest().to_vec()))
    }
}

pub(crate) fn read_globals(r: &mut Reader<'_>) -> Result<Vec<GlobalVar>> {
    let n = r.u16("global count")? as usize;
    r.check_count(n, 8, "globals")?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(GlobalVar {
            iref: r.u32("global iref")?,
            value: r.f32("global value")?,
        });
    }
    Ok(out)
}

pub(crate) fn write_globals(out: &mut Vec<u8>, globals: &[GlobalVar]) {
    out.put_u16(globals.len() as u16);
    for g in globals {
        out.put_u32(g.iref);
        out.put_f32(g.value);
    }
}

/// Reads the death-count block: u32 count, entries, then the game-mode
/// seconds.
pub(crate) fn read_death_counts(r: &mut Reader<'_>) -> Result<(Vec<DeathCount>, f32)> {
    let mut b = read_short_block(r, "death counts block")?;
    let n = b.u32("death count entries")? as usize;
    b.check_count(n, 6, "death counts")?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(DeathCount {
            iref: b.u32("death count iref")?,
            count: b.u16("death count")?,
        });
    }
    let secs = b.f32("game-mode seconds")?;
    b.expect_end("death counts block")?;
    Ok((out, secs))
}

pub(crate) fn write_death_counts(
    out: &mut Vec<u8>,
    counts: &[DeathCount],
    secs: f32,
) -> Result<()> {
    let mut b = Vec::new();
    b.put_u32(counts.len() as u32);
    for c in counts {
        b.put_u32(c.iref);
        b.put_u16(c.count);
    }
    b.put_f32(secs);
    write_short_block(out, "death counts block", &b)
}

pub(crate) fn read_quick_keys(r: &mut Reader<'_>) -> Result<Vec<QuickKey>> {
    let mut b = read_short_block(r, "quick keys block")?;
    // Each entry takes at least one byte, so the loop ends with the block.
    let mut out = Vec::new();
    let mut i = 0;
    while !b.is_empty() {
        let k = (|| {
            let flag = b.u8("quick key flag")?;
            let iref = if flag & 1 != 0 {
                Some(b.u32("quick key iref")?)
            } else {
                None
            };
            Ok(QuickKey { flag, iref })
        })()
        .within(|| format!("quick key {i}"))?;
        out.push(k);
        i += 1;
    }
    Ok(out)
}

pub(crate) fn write_quick_keys(out: &mut Vec<u8>, keys: &[QuickKey]) -> Result<()> {
    let mut b = Vec::new();
    for k in keys {
        b.put_u8(k.flag);
        if let Some(i) = k.iref {
            b.put_u32(i);
        }
    }
    write_short_block(out, "quick keys block", &b)
}

pub(crate) fn read_regions(r: &mut Reader<'_>) -> Result<Vec<Region>> {
    let mut b = read_short_block(r, "regions block")?;
    let n = b.u16("region count")? as usize;
    b.check_count(n, 8, "regions")?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(Region {
            iref: b.u32("region iref")?,
            value: b.u32("region value")?,
        });
    }
    b.expect_end("regions block")?;
    Ok(out)
}

pub(crate) fn write_regions(out: &mut Vec<u8>, regions: &[Region]) -> Result<()> {
    let mut b = Vec::new();
    b.put_u16(regions.len() as u16);
    for g in regions {
        b.put_u32(g.iref);
        b.put_u32(g.value);
    }
    write_short_block(out, "regions block", &b)
}
