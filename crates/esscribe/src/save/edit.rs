//! Edits beyond counts and positions: items added to an inventory, the
//! player renamed, the player's skills and attributes set, plugins renamed
//! in the plugin list, and bloat found and removed. Every edit changes the
//! decoded structures; sizes and offsets follow when the save is written.

use serde::Serialize;
use std::collections::HashMap;

use super::change::{ChangeRecord, ChangeRecords, StoredChange, PLAYER_REF, TYPE_ACHR};
use super::forms::{ACTOR_VALUES, FIRST_SKILL, PLAYER_BASE, TYPE_NPC};
use super::header::BString;
use super::store::{ItemData, PartData, Span};
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
    fn change_index(&self, id: FormId, kind: u8) -> Option<usize> {
        self.changes
            .iter()
            .position(|c| c.form_id == id && c.kind == kind)
    }

    /// Sets the count of an item in a reference's inventory changes, adding
    /// the item when the inventory does not hold it yet (its form ID joins
    /// the formIdArray if the save has no iref for it). Returns whether the
    /// item was added.
    pub fn set_or_add_item(&mut self, reference: FormId, item: FormId, count: i32) -> Result<bool> {
        if self.set_item_count(reference, item, count).is_ok() {
            return Ok(false);
        }
        if !self.changes.iter().any(|c| c.form_id == reference) {
            return Err(super::no_changes_of(reference));
        }
        let index = self
            .changes
            .iter()
            .position(|c| c.form_id == reference && c.inventory().is_some())
            .ok_or_else(|| {
                Error::value(
                    "--ref",
                    format!("{reference}: the save holds no inventory changes of it to add to"),
                )
            })?;
        let iref = if item.master_index() == 0xFF {
            item.0
        } else if let Some(i) = self.form_ids.iter().skip(1).position(|f| *f == item) {
            (i + 1) as u32
        } else {
            if (self.form_ids.len() as u64) >= 0xFF00_0000 {
                return Err(Error::refused(
                    "the item cannot be added: the save's form ID array is full",
                ));
            }
            self.form_ids.push(item);
            (self.form_ids.len() - 1) as u32
        };
        let (chunk, head) = self.changes.slot_mut(index).expect("a record just found");
        let part = head
            .data
            .range()
            .find(|&p| matches!(chunk.parts[p], PartData::Inventory(_)))
            .expect("a record with an inventory");
        let PartData::Inventory(items) = chunk.parts[part] else {
            unreachable!("matched above")
        };
        if items.len() >= u16::MAX as usize {
            return Err(Error::invalid(
                head.offset,
                format!("{reference}: the inventory holds 65535 items already"),
            ));
        }
        // The record's items stay side by side: they move to the end,
        // followed by the new one.
        let first = chunk.items.len();
        chunk.items.extend_from_within(items.range());
        chunk.items.push(ItemData {
            iref,
            count,
            sets: Span::new(chunk.sets.len(), 0),
        });
        chunk.parts[part] = PartData::Inventory(Span::new(first, items.len() + 1));
        Ok(true)
    }

    /// Renames the player: in the save header and in the player's
    /// reference record (and the player's actor base, if it stores a
    /// name). The name must be Windows-1252 text of 1 to 250 bytes.
    pub fn rename_player(&mut self, name: &str) -> Result<()> {
        let bytes = encode_cp1252(name)
            .ok_or_else(|| Error::value("name", format!("{name:?} is not Windows-1252 text")))?;
        if bytes.is_empty() || bytes.len() > 250 || bytes.contains(&0) {
            return Err(Error::value(
                "name",
                format!("a player name takes 1 to 250 bytes, without NUL: {name:?}"),
            ));
        }
        let index = self.change_index(PLAYER_REF, TYPE_ACHR).ok_or_else(|| {
            Error::not_found("the save has no change record of the player (ACHR 0x14)")
        })?;
        let (chunk, head) = self.changes.slot_mut(index).expect("a record just found");
        let part = head
            .data
            .range()
            .find(|&p| matches!(chunk.parts[p], PartData::PlayerName(_)))
            .ok_or_else(|| {
                Error::invalid(
                    head.offset,
                    "the player's record holds no name where esscribe finds it; not renamed",
                )
            })?;
        let span = chunk.push_bytes(&bytes);
        chunk.parts[part] = PartData::PlayerName(span);
        if let Some(index) = self.change_index(PLAYER_BASE, TYPE_NPC) {
            let (chunk, head) = self.changes.slot_mut(index).expect("a record just found");
            if let Some(p) = head
                .data
                .range()
                .find(|&p| matches!(chunk.parts[p], PartData::FullName(_)))
            {
                let span = chunk.push_bytes(&bytes);
                chunk.parts[p] = PartData::FullName(span);
            }
        }
        let mut with_nul = bytes;
        with_nul.push(0);
        self.header.player_name = BString(with_nul);
        Ok(())
    }

    /// Sets one of the player's attributes or skills (by name, as
    /// [`stat_code`] reads it) in the player's actor base record.
    pub fn set_player_stat(&mut self, name: &str, value: u8) -> Result<()> {
        let code = stat_code(name).ok_or_else(|| {
            Error::invalid(
                0,
                format!("{name:?} is no attribute or skill (Strength ... Luck, Armorer ... Speechcraft)"),
            )
        })?;
        let index = self.change_index(PLAYER_BASE, TYPE_NPC).ok_or_else(|| {
            Error::not_found("the save has no change record of the player's actor base (NPC_ 0x7)")
        })?;
        let (chunk, head) = self.changes.slot_mut(index).expect("a record just found");
        for p in head.data.range() {
            match &mut chunk.parts[p] {
                PartData::Attributes(a) if code < 8 => {
                    a[code] = value;
                    return Ok(());
                }
                PartData::Skills(s) if code >= FIRST_SKILL => {
                    s[code - FIRST_SKILL] = value;
                    return Ok(());
                }
                _ => {}
            }
        }
        Err(Error::invalid(
            head.offset,
            format!(
                "the player's actor base record stores no {}",
                if code < 8 { "attributes" } else { "skills" }
            ),
        ))
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

    fn rebuild_changes(&mut self, buf: &[u8], count: usize) -> Result<()> {
        let mut r = Reader::new(buf, 0);
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
