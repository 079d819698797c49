//! Inventories of containers and actors as a save stores them: changes
//! relative to the plugins' lists. Each entry names an item by iref, the
//! number added (negative: removed) and sets of changed properties, each
//! set describing a subset of the stack.

use super::store::{Chunk, ItemData, Span};
use crate::io::{Context, Reader, Result, WriteLe};
use serde::ser::SerializeStruct;
use serde::Serialize;

use super::properties::{flag, read_set, PropertySet, PropertyValue, Seq};

/// Reads the u16 item count and the items into the store; errors name the
/// item.
pub(crate) fn read_inventory(r: &mut Reader<'_>, c: &mut Chunk) -> Result<Span> {
    let n = r.u16("inventory item count")? as usize;
    r.check_count(n, 12, "inventory items")?;
    let start = c.items.len();
    for i in 0..n {
        let at = r.offset();
        let item = (|| {
            let iref = r.u32("item iref")?;
            let count = r.i32("item count")?;
            let sets = r.u32("changed entry count")? as usize;
            r.check_count(sets, 2, "changed entries")?;
            // The sets of one item are stored side by side: reading a set
            // adds properties, never sets.
            let first = c.sets.len();
            for j in 0..sets {
                let set = read_set(r, c).within(|| format!("changed entry {j}"))?;
                c.sets.push(set);
            }
            Ok(ItemData {
                iref,
                count,
                sets: Span::new(first, sets),
            })
        })()
        .within(|| format!("inventory item {i} at 0x{at:X}"))?;
        c.items.push(item);
    }
    Ok(Span::new(start, n))
}

/// One inventory entry.
#[derive(Clone, Copy)]
pub struct InventoryItem<'s> {
    /// Iref of the item (a created form ID when the top byte is 0xFF).
    pub iref: u32,
    /// Items added to (or, negative, removed from) the stack.
    pub count: i32,
    chunk: &'s Chunk,
    sets: &'s [Span],
}

impl<'s> InventoryItem<'s> {
    /// One property set per subset of the stack that differs.
    pub fn entries(&self) -> impl ExactSizeIterator<Item = PropertySet<'s>> + Clone + 's {
        let chunk = self.chunk;
        self.sets.iter().map(move |s| PropertySet::new(chunk, *s))
    }

    /// Whether some changed entry marks the item as equipped.
    pub fn equipped(&self) -> bool {
        self.entries()
            .any(|e| e.has(flag::EQUIPPED) || e.has(flag::EQUIPPED_LEFT))
    }

    /// The first item health recorded for the stack, if any.
    pub fn health(&self) -> Option<f32> {
        self.entries().find_map(|e| match e.get(flag::HEALTH) {
            Some(PropertyValue::F32 { value }) => Some(value),
            _ => None,
        })
    }
}

impl PartialEq for InventoryItem<'_> {
    fn eq(&self, o: &Self) -> bool {
        self.iref == o.iref && self.count == o.count && self.entries().eq(o.entries())
    }
}

impl std::fmt::Debug for InventoryItem<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InventoryItem")
            .field("iref", &self.iref)
            .field("count", &self.count)
            .field("entries", &self.entries().collect::<Vec<_>>())
            .finish()
    }
}

impl Serialize for InventoryItem<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("InventoryItem", 3)?;
        st.serialize_field("iref", &self.iref)?;
        st.serialize_field("count", &self.count)?;
        st.serialize_field("entries", &Seq(self.entries()))?;
        st.end()
    }
}

/// The inventory part of a reference's change record.
#[derive(Clone, Copy)]
pub struct Inventory<'s> {
    chunk: &'s Chunk,
    items: &'s [ItemData],
}

impl<'s> Inventory<'s> {
    pub(crate) fn new(chunk: &'s Chunk, span: Span) -> Self {
        Inventory {
            chunk,
            items: span.of(&chunk.items),
        }
    }

    /// How many items the inventory lists.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the inventory lists no items.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The items, in file order.
    pub fn items(&self) -> impl ExactSizeIterator<Item = InventoryItem<'s>> + Clone + 's {
        let chunk = self.chunk;
        self.items.iter().map(move |i| InventoryItem {
            iref: i.iref,
            count: i.count,
            chunk,
            sets: i.sets.of(&chunk.sets),
        })
    }

    /// Writes the inventory; counts come from the lists.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.put_u16(self.items.len() as u16);
        for item in self.items() {
            out.put_u32(item.iref);
            out.put_i32(item.count);
            out.put_u32(item.sets.len() as u32);
            for e in item.entries() {
                e.write(out);
            }
        }
    }
}

impl PartialEq for Inventory<'_> {
    fn eq(&self, o: &Self) -> bool {
        self.len() == o.len() && self.items().eq(o.items())
    }
}

impl std::fmt::Debug for Inventory<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.items()).finish()
    }
}

impl Serialize for Inventory<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Inventory", 1)?;
        st.serialize_field("items", &Seq(self.items()))?;
        st.end()
    }
}
