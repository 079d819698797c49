//! Edits beyond counts and positions: items added to an inventory, the
//! player renamed, the player's skills and attributes set, plugins renamed
//! in the plugin list, and bloat found and removed. Every edit changes the
//! decoded structures; sizes and offsets follow when the save is written.

use serde::Serialize;
use std::collections::HashMap;

use super::change::{ChangeRecord, ChangeRecords, StoredChange};
use super::forms::{ACTOR_VALUES, FIRST_SKILL};
use super::header::BString;
use super::SaveFile;
use crate::io::{encode_cp1252, Error, FormId, Reader, Result};

/// Bloat a save carries: created records nothing refers to, and change
/// records of plugins the save's plugin list no longer holds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Bloat {
    /// Created records (potions, spells, enchanted items...) whose form ID
    /// appears nowhere else in the save.
    pub unreferenced_created: Vec<FormId>,
    /// Change records (form ID, type code) whose form ID's top byte
    /// indexes no plugin of the list (0xFE and 0xFF are not plugin
    /// indexes).
    pub orphan_changes: Vec<(FormId, u8)>,
}

impl Bloat {
    /// Whether there is nothing to remove.
    pub fn is_empty(&self) -> bool {
        self.unreferenced_created.is_empty() && self.orphan_changes.is_empty()
    }
}

/// The actor value code of an attribute or skill name (any case, spaces
/// ignored): attributes 0 to 7, skills 12 to 32.
pub fn stat_code(name: &str) -> Option<usize> {
    let key = |s: &str| {
        s.chars()
            .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    let want = key(name);
    ACTOR_VALUES
        .iter()
        .enumerate()
        .filter(|(i, _)| *i < 8 || (FIRST_SKILL..FIRST_SKILL + 21).contains(i))
        .find(|(_, n)| key(n) == want)
        .map(|(i, _)| i)
}

impl SaveFile {
    pub(super) fn change_index(&self, id: FormId, kind: u8) -> Option<usize> {
        self.changes
            .iter()
            .position(|c| c.form_id == id && c.kind == kind)
    }

    /// Renames a plugin of the save's plugin list (a plugin renamed, or
    /// replaced by one that merged it).
    pub fn rename_plugin(&mut self, old: &str, new: &str) -> Result<()> {
        let bytes = encode_cp1252(new)
            .filter(|b| !b.is_empty() && b.len() < 256 && !b.contains(&0))
            .ok_or_else(|| Error::value("plugin", format!("{new:?} is not a plugin name")))?;
        let pos = self
            .plugins
            .iter()
            .position(|p| p.text().eq_ignore_ascii_case(old))
            .ok_or_else(|| Error::not_found(format!("the save lists no plugin {old:?}")))?;
        if self
            .plugins
            .iter()
            .enumerate()
            .any(|(i, p)| i != pos && p.text().eq_ignore_ascii_case(new))
        {
            return Err(Error::value(
                "plugin",
                format!("the save lists {new:?} already; renaming {old:?} would list it twice"),
            ));
        }
        self.plugins[pos] = BString(bytes);
        Ok(())
    }

    /// Change records per plugin index (the top byte of their form IDs).
    pub fn changes_per_plugin(&self) -> HashMap<u8, usize> {
        let mut out = HashMap::new();
        for c in &self.changes {
            *out.entry(c.form_id.master_index()).or_insert(0) += 1;
        }
        out
    }

    /// Finds bloat. A created record counts as referenced when its form ID
    /// appears anywhere in the written save besides its own header, in
    /// decoded parts and raw bytes alike, so nothing referenced is ever
    /// called bloat.
    pub fn find_bloat(&self) -> Result<Bloat> {
        let mut bloat = Bloat::default();
        let n = self.plugins.len();
        for c in &self.changes {
            let i = c.form_id.master_index();
            // 0xFE and 0xFF are no plugin indexes: every real save holds a
            // record 0xFEFFFFFF, and 0xFF marks forms created in the save.
            if i < 0xFE && i as usize >= n {
                bloat.orphan_changes.push((c.form_id, c.kind));
            }
        }
        if !self.created.is_empty() {
            let bytes = self.to_bytes()?;
            let mut seen: HashMap<u32, usize> = self
                .created
                .iter()
                .map(|c| (c.header.form_id.0, 0))
                .collect();
            for w in bytes.windows(4) {
                let v = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
                if let Some(n) = seen.get_mut(&v) {
                    *n += 1;
                }
            }
            for c in &self.created {
                if seen.get(&c.header.form_id.0).copied().unwrap_or(0) <= 1 {
                    bloat.unreferenced_created.push(c.header.form_id);
                }
            }
        }
        Ok(bloat)
    }

    /// Removes the bloat found by [`SaveFile::find_bloat`].
    pub fn remove_bloat(&mut self, bloat: &Bloat) -> Result<()> {
        self.created
            .retain(|c| !bloat.unreferenced_created.contains(&c.header.form_id));
        self.remove_changes(|c| bloat.orphan_changes.contains(&(c.form_id, c.kind)))?;
        Ok(())
    }

    /// Reads the change records again from `buf`, which holds `count` of
    /// them written out; their offsets are where they will be written.
    fn rebuild_changes(&mut self, buf: &[u8], count: usize) -> Result<()> {
        let start = self.changes.get(0).map_or(0, |c| c.offset);
        let mut r = Reader::new(buf, start);
        let stored = (0..count)
            .map(|_| StoredChange::read(&mut r))
            .collect::<Result<Vec<_>>>()?;
        let name = &self.header.player_name.0;
        self.changes = ChangeRecords::decode_for(&stored, name.strip_suffix(&[0]).unwrap_or(name));
        Ok(())
    }

    /// Removes the change records a test selects; returns how many.
    pub fn remove_changes(
        &mut self,
        mut drop: impl FnMut(&ChangeRecord<'_>) -> bool,
    ) -> Result<usize> {
        let mut buf = Vec::new();
        let (mut kept, mut removed) = (0, 0);
        for c in &self.changes {
            if drop(&c) {
                removed += 1;
            } else {
                c.write(&mut buf)?;
                kept += 1;
            }
        }
        if removed > 0 {
            self.rebuild_changes(&buf, kept)?;
        }
        Ok(removed)
    }

    /// Appends a change record, decoded as records read from a file are.
    pub fn push_change(
        &mut self,
        form_id: FormId,
        kind: u8,
        flags: u32,
        version: u8,
        data: &[u8],
    ) -> Result<()> {
        let size = u16::try_from(data.len()).map_err(|_| {
            Error::refused(format!(
                "the change record would hold {} bytes of data; a save stores at most 65,535",
                data.len()
            ))
        })?;
        let mut buf = Vec::new();
        for c in &self.changes {
            c.write(&mut buf)?;
        }
        buf.extend_from_slice(&form_id.0.to_le_bytes());
        buf.push(kind);
        buf.extend_from_slice(&flags.to_le_bytes());
        buf.push(version);
        buf.extend_from_slice(&size.to_le_bytes());
        buf.extend_from_slice(data);
        let n = self.changes.len() + 1;
        self.rebuild_changes(&buf, n)
    }
}
