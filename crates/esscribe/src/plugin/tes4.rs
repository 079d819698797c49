//! The `TES4` header record: HEDR (version, record count, next object ID),
//! author, description, masters and the Skyrim extras.

use super::{Game, Record, Subrecord, FLAG_LIGHT, FLAG_MASTER};
use crate::io::{decode_cp1252, Error, FormId, Reader, Result};
use serde::Serialize;

/// A master file named by `MAST`, with the u64 of the `DATA` that follows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Master {
    pub name: String,
    pub data: Option<u64>,
}

/// What the `TES4` record says, decoded for people.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PluginHeader {
    pub version: f32,
    pub record_count: i32,
    pub next_object_id: u32,
    pub author: Option<String>,
    pub description: Option<String>,
    pub masters: Vec<Master>,
    /// Skyrim: overridden references (ONAM).
    pub overrides: Vec<FormId>,
    /// Skyrim: INTV, the tagified-strings count.
    pub intv: Option<u32>,
    /// Skyrim: INCC.
    pub incc: Option<u32>,
    pub is_master: bool,
    pub is_light: bool,
    pub flags: u32,
}

fn zstring(data: &[u8]) -> String {
    let end = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    decode_cp1252(&data[..end]).into_owned()
}

impl PluginHeader {
    pub fn from_record(record: &Record<'_>, game: Game) -> Result<Self> {
        let mut h = PluginHeader {
            version: 0.0,
            record_count: 0,
            next_object_id: 0,
            author: None,
            description: None,
            masters: Vec::new(),
            overrides: Vec::new(),
            intv: None,
            incc: None,
            is_master: record.header.flags & FLAG_MASTER != 0,
            is_light: game == Game::Skyrim && record.header.flags & FLAG_LIGHT != 0,
            flags: record.header.flags,
        };
        let mut saw_hedr = false;
        let mut result = Ok(());
        record.for_each_subrecord(game, |s| {
            let mut r = Reader::new(s.data, s.offset);
            let step = (|| -> Result<()> {
                match &s.sig.0 {
                    b"HEDR" => {
                        h.version = r.f32("HEDR version")?;
                        h.record_count = r.i32("HEDR record count")?;
                        h.next_object_id = r.u32("HEDR next object ID")?;
                        saw_hedr = true;
                    }
                    b"CNAM" => h.author = Some(zstring(s.data)),
                    b"SNAM" => h.description = Some(zstring(s.data)),
                    b"MAST" => h.masters.push(Master {
                        name: zstring(s.data),
                        data: None,
                    }),
                    b"DATA" => {
                        if let Some(m) = h.masters.last_mut() {
                            m.data = Some(r.u64("master DATA")?);
                        }
                    }
                    b"ONAM" => {
                        while r.remaining() >= 4 {
                            h.overrides.push(r.form_id("ONAM form ID")?);
                        }
                    }
                    b"INTV" => h.intv = Some(r.u32("INTV")?),
                    b"INCC" => h.incc = Some(r.u32("INCC")?),
                    _ => {}
                }
                Ok(())
            })();
            if result.is_ok() {
                result = step.map_err(|e| e.within(format!("TES4 {}", s.sig)));
            }
        })?;
        result?;
        if !saw_hedr {
            return Err(Error::invalid(
                record.offset,
                "TES4 header record has no HEDR subrecord",
            ));
        }
        Ok(h)
    }
}

/// Adds `delta` to HEDR's record count; a count that would leave the
/// range of an i32 is an error, not clamped.
pub(super) fn adjust_record_count(subs: &mut [Subrecord], delta: i64) -> Result<()> {
    let hedr = subs
        .iter_mut()
        .find(|s| s.sig.0 == *b"HEDR" && s.data.len() >= 8)
        .ok_or_else(|| Error::invalid(0, "TES4 header record has no HEDR subrecord"))?;
    let old = i32::from_le_bytes(hedr.data[4..8].try_into().expect("4 bytes"));
    let new = i32::try_from(old as i64 + delta)
        .ok()
        .filter(|n| *n >= 0)
        .ok_or_else(|| {
            Error::invalid(
                0,
                format!(
                    "TES4 HEDR record count {old} cannot follow the {delta:+} records and groups added or removed"
                ),
            )
        })?;
    hedr.data[4..8].copy_from_slice(&new.to_le_bytes());
    Ok(())
}
