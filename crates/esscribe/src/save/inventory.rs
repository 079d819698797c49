//! Inventories of containers and actors as a save stores them: changes
//! relative to the plugins' lists. Each entry names an item by iref, the
//! number added (negative: removed) and sets of changed properties, each
//! set describing a subset of the stack.

use crate::io::{Context, Reader, Result, WriteLe};
use serde::Serialize;

use super::properties::{flag, PropertySet, PropertyValue};

/// One inventory entry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InventoryItem {
    /// Iref of the item (a created form ID when the top byte is 0xFF).
    pub iref: u32,
    /// Items added to (or, negative, removed from) the stack.
    pub count: i32,
    /// One property set per subset of the stack that differs.
    pub entries: Vec<PropertySet>,
}

impl InventoryItem {
    /// Whether some changed entry marks the item as equipped.
    pub fn equipped(&self) -> bool {
        self.entries
            .iter()
            .any(|e| e.has(flag::EQUIPPED) || e.has(flag::EQUIPPED_LEFT))
    }

    /// The first item health recorded for the stack, if any.
    pub fn health(&self) -> Option<f32> {
        self.entries.iter().find_map(|e| match e.get(flag::HEALTH) {
            Some(PropertyValue::F32 { value }) => Some(*value),
            _ => None,
        })
    }
}

/// The inventory part of a reference's change record.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Inventory {
    pub items: Vec<InventoryItem>,
}

impl Inventory {
    /// Reads the u16 item count and the items; errors name the item.
    pub fn read(r: &mut Reader<'_>) -> Result<Self> {
        let n = r.u16("inventory item count")? as usize;
        r.check_count(n, 12, "inventory items")?;
        let mut items = Vec::with_capacity(n);
        for i in 0..n {
            let at = r.offset();
            let item = (|| {
                let iref = r.u32("item iref")?;
                let count = r.i32("item count")?;
                let sets = r.u32("changed entry count")? as usize;
                r.check_count(sets, 2, "changed entries")?;
                let mut entries = Vec::with_capacity(sets);
                for j in 0..sets {
                    entries.push(PropertySet::read(r).within(|| format!("changed entry {j}"))?);
                }
                Ok(InventoryItem {
                    iref,
                    count,
                    entries,
                })
            })()
            .within(|| format!("inventory item {i} at 0x{at:X}"))?;
            items.push(item);
        }
        Ok(Inventory { items })
    }

    /// Writes the inventory; counts come from the lists.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.put_u16(self.items.len() as u16);
        for item in &self.items {
            out.put_u32(item.iref);
            out.put_i32(item.count);
            out.put_u32(item.entries.len() as u32);
            for e in &item.entries {
                e.write(out);
            }
        }
    }
}
