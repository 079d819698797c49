//! The `TES4` header record: HEDR (version, record count, next object ID),
//! author, description, masters and the Skyrim extras.

use super::{Game, Record, Subrecord};
use crate::io::{decode_cp1252, Error, FormId, Result};
use serde::Serialize;

/// A master file named by `MAST`, with the u64 of the `DATA` that follows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Master {
    /// The master's file name (MAST), decoded from Windows-1252.
    pub name: String,
    /// The u64 of the DATA that follows (the master's size when written,
    /// usually 0); `None` when absent.
    pub data: Option<u64>,
}

/// What the `TES4` record says, decoded for people.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PluginHeader {
    /// Format version from HEDR (Oblivion 1.0; Skyrim 0.94, Special Edition
    /// 1.7 or 1.71).
    pub version: f32,
    /// The record and group count from HEDR, as stored.
    pub record_count: i32,
    /// The next object ID from HEDR: the next form ID the editor would
    /// assign.
    pub next_object_id: u32,
    /// The author (CNAM); `None` when absent.
    pub author: Option<String>,
    /// The description (SNAM); `None` when absent.
    pub description: Option<String>,
    /// The master files (MAST), in order: a form ID's top byte indexes this
    /// list.
    pub masters: Vec<Master>,
    /// Skyrim: overridden references (ONAM).
    pub overrides: Vec<FormId>,
    /// Skyrim: INTV, the tagified-strings count.
    pub intv: Option<u32>,
    /// Skyrim: INCC.
    pub incc: Option<u32>,
    /// Whether the master flag (0x1) is set: an ESM, whatever the file's
    /// extension.
    pub is_master: bool,
    /// Skyrim only: whether the light flag (0x200) is set (an ESL).
    pub is_light: bool,
    /// The header record's flags as stored.
    pub flags: u32,
    /// Header subrecords kept as bytes because they do not fit their
    /// declared layout, and what could not be read.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

pub(crate) fn zstring(data: &[u8]) -> String {
    let end = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    decode_cp1252(&data[..end]).into_owned()
}

/// Whether a file name ends in the extension `ext` (any case).
pub fn extension_is(name: &str, ext: &str) -> bool {
    name.rsplit_once('.')
        .is_some_and(|(_, e)| e.eq_ignore_ascii_case(ext))
}

impl PluginHeader {
    /// Whether the game loads the file `name` as a master: its master
    /// flag, or in Skyrim the `.esm` or `.esl` extension, whatever the
    /// flag says.
    pub fn loads_as_master(&self, game: Game, name: &str) -> bool {
        self.is_master
            || (game == Game::Skyrim && (extension_is(name, "esm") || extension_is(name, "esl")))
    }

    /// Whether the game loads the file `name` as a light plugin (in the
    /// shared light slots): in Skyrim, its light flag or the `.esl`
    /// extension.
    pub fn loads_as_light(&self, game: Game, name: &str) -> bool {
        game == Game::Skyrim && (self.is_light || extension_is(name, "esl"))
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

/// The masters the header names (`MAST`), in order. Read from the
/// container itself, as the game reads them: a form ID's top byte indexes
/// this list, so a name that is not a complete zero-terminated string is
/// still taken up to its end.
pub(super) fn master_names(record: &Record<'_>, game: Game) -> Result<Vec<String>> {
    let mut names = Vec::new();
    record.for_each_subrecord(game, |sub| {
        if sub.sig.0 == *b"MAST" {
            names.push(zstring(sub.data));
        }
    })?;
    Ok(names)
}

/// The format version HEDR starts with; `None` without a HEDR of at least
/// four bytes.
pub(super) fn hedr_version(record: &Record<'_>, game: Game) -> Result<Option<f32>> {
    let mut version = None;
    record.for_each_subrecord(game, |sub| {
        if sub.sig.0 == *b"HEDR" && version.is_none() {
            version = sub.data.first_chunk::<4>().map(|b| f32::from_le_bytes(*b));
        }
    })?;
    Ok(version)
}
