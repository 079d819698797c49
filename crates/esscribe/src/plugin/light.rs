//! Whether a Skyrim plugin can be flagged light (an ESL): a light plugin
//! shares the FE load-order slot with others, so the records it adds must
//! fit a 12-bit object ID.
//!
//! Records it adds are those whose form ID's top byte names the plugin
//! itself (equal to its number of masters); overrides of its masters'
//! records keep their masters' IDs and do not count. With a header version
//! below 1.71 the game takes object IDs 0x800–0xFFF (2,048 records); from
//! 1.71 on (the game's 1.6.1130 release widened it) 0x000–0xFFF (4,096).

use super::{Game, Plugin};
use crate::io::{Error, ErrorKind, FormId, Result, Sig};
use std::ops::RangeInclusive;

/// The first header version whose light plugins may use object IDs below
/// 0x800.
pub const WIDE_RANGE_VERSION: f32 = 1.71;

/// The object IDs a light plugin's new records may have, by header version.
pub fn light_range(version: f32) -> RangeInclusive<u32> {
    if version >= WIDE_RANGE_VERSION {
        0x000..=0xFFF
    } else {
        0x800..=0xFFF
    }
}

/// A record a light plugin could not hold where it is.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct OutOfRange {
    /// The record's type.
    #[serde(rename = "type")]
    pub sig: String,
    /// Its form ID as stored.
    pub form_id: String,
}

/// What checking a plugin for the light flag found.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct LightCheck {
    /// The header's format version (HEDR).
    pub version: f32,
    /// The object IDs its new records may have.
    pub range: (u32, u32),
    /// Records the plugin adds (not overrides), the header not counted.
    pub new_records: usize,
    /// The most new records the range holds.
    pub capacity: usize,
    /// New records whose object ID is outside the range, in file order.
    pub out_of_range: Vec<OutOfRange>,
    /// Whether the plugin already has the light flag.
    pub flagged: bool,
}

impl LightCheck {
    /// Whether the plugin can be flagged light as it is: every new record
    /// in range (and so no more of them than the range holds).
    pub fn can_be_light(&self) -> bool {
        self.out_of_range.is_empty() && self.new_records <= self.capacity
    }

    /// Why a plugin flagged light must not be written so, for an error:
    /// `None` when its new records fit.
    pub fn refusal(&self) -> Option<String> {
        if self.can_be_light() {
            return None;
        }
        let first = self
            .out_of_range
            .first()
            .map(|r| format!(", the first {} {}", r.sig, r.form_id))
            .unwrap_or_default();
        Some(format!(
            "the light flag (0x200) is set, but {} of its {} new records are outside object IDs 0x{:03X}-0x{:03X}{first} (a light plugin of header version {:.2} holds at most {}); `esscribe esl check` lists them",
            self.out_of_range.len(),
            self.new_records,
            self.range.0,
            self.range.1,
            self.version,
            self.capacity
        ))
    }
}

/// Checks whether a Skyrim plugin's new records fit a light plugin's
/// object IDs. An error for an Oblivion plugin (the game has no light
/// plugins) or a header that does not read.
pub fn check_light(plugin: &Plugin<'_>) -> Result<LightCheck> {
    if plugin.game != Game::Skyrim {
        return Err(Error::new(
            ErrorKind::Value,
            0,
            "only Skyrim (Special Edition) has light plugins; this is an Oblivion plugin",
        ));
    }
    let own = u8::try_from(plugin.masters()?.len()).unwrap_or(u8::MAX);
    // A header without a HEDR reads as version 0, as its decoding shows it.
    let version = plugin.header_version()?.unwrap_or(0.0);
    let range = light_range(version);
    let mut check = LightCheck {
        version,
        range: (*range.start(), *range.end()),
        new_records: 0,
        capacity: (range.end() - range.start() + 1) as usize,
        out_of_range: Vec::new(),
        flagged: plugin.header.header.flags & super::FLAG_LIGHT != 0,
    };
    for r in plugin.records() {
        let id: FormId = r.header.form_id;
        if id.master_index() < own {
            continue;
        }
        check.new_records += 1;
        if !range.contains(&id.object_index()) {
            check.out_of_range.push(OutOfRange {
                sig: Sig::to_string(&r.header.sig),
                form_id: id.to_string(),
            });
        }
    }
    Ok(check)
}
