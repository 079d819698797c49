//! Property sets: the flag-tagged values that describe what changed about a
//! placed object (its properties section) or about a subset of an inventory
//! stack. A set is a u16 count, then per property a u8 flag and a value
//! whose size and layout depend on the flag alone. A flag whose size is not
//! known cannot be stepped over, so it makes the whole set undecodable.

use super::store::{Chunk, PropData, Span, Value};
pub use super::store::{ConversationEntry, Fixed, ScriptVar, VarValue};
use crate::io::{Context, Error, Reader, Result, WriteLe};
use serde::ser::SerializeStruct;
use serde::Serialize;

use super::ser_hex;

mod layouts;
#[cfg(test)]
mod tests;

pub use layouts::*;

/// A property's value, in the layout its flag implies. Lists and bytes
/// are borrowed from the save's decoded change records.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PropertyValue<'s> {
    /// Flags whose presence is the whole message.
    Empty,
    /// A u8 value (soul 0x2f, and flags 0x2c, 0x33, 0x55, 0x5a).
    U8 {
        /// The value.
        value: u8,
    },
    /// A u16 value (affected count 0x2a).
    U16 {
        /// The value.
        value: u16,
    },
    /// A u32 value (investment gold 0x52, and flags 0x11, 0x22, 0x28, 0x29,
    /// 0x3c, 0x48, 0x53).
    U32 {
        /// The value.
        value: u32,
    },
    /// An iref into the formIdArray (or a created form ID).
    Iref {
        /// The iref.
        iref: u32,
    },
    /// An f32 value (health 0x2b, time left 0x2d, charge 0x2e, scale 0x37,
    /// crime gold 0x3d, and flags 0x41, 0x5c).
    F32 {
        /// The value.
        value: f32,
    },
    /// 0x12: the script's state.
    Script {
        /// The script, as an iref.
        script: u32,
        /// Its variables, in file order (a u16 count is stored before them).
        vars: &'s [ScriptVar],
        /// The byte that closes every script property.
        trailer: u8,
    },
    /// 0x31: the lock.
    Lock {
        /// Lock level.
        level: u8,
        /// The key, as an iref.
        key: u32,
        /// Lock flags.
        flags: u8,
    },
    /// 0x32: a door's teleport destination.
    Teleport {
        /// Destination position (x, y, z).
        position: [f32; 3],
        /// Destination rotation (x, y, z), in radians.
        rotation: [f32; 3],
        /// The door at the destination, as an iref.
        door: u32,
    },
    /// 0x3e: the door iref and the position of an Oblivion entry.
    DoorPosition {
        /// The door, as an iref.
        door: u32,
        /// Position (x, y, z).
        position: [f32; 3],
    },
    /// 0x1e: cell iref, position, flags.
    CellPosition {
        /// The cell, as an iref.
        cell: u32,
        /// Position (x, y, z).
        position: [f32; 3],
        /// Flags as stored.
        flags: u32,
    },
    /// 0x21: u16 count of (iref, u8).
    IrefBytes {
        /// The (iref, byte) pairs.
        entries: &'s [(u32, u8)],
    },
    /// 0x23: u16 count of irefs.
    Irefs {
        /// The irefs.
        irefs: &'s [u32],
    },
    /// 0x3a: an iref and a u16 count of 61-byte blocks.
    IrefBlocks {
        /// The iref.
        iref: u32,
        /// The 61-byte blocks, as stored.
        blocks: &'s [Fixed<61>],
    },
    /// 0x4e: a u16 count of 10-byte blocks.
    Blocks10 {
        /// The 10-byte blocks, as stored.
        blocks: &'s [Fixed<10>],
    },
    /// 0x4a: a u8-length string without NUL.
    Text {
        /// The string's bytes (Windows-1252).
        #[serde(serialize_with = "ser_hex::text")]
        bytes: &'s [u8],
    },
    /// 0x4b: a u16 lead value, then two u16-length blocks.
    MovementExtra {
        /// The u16 that comes first.
        lead: u16,
        /// The copy of the animation block, as stored.
        #[serde(serialize_with = "ser_hex::bytes")]
        animation: &'s [u8],
        /// The copy of the Havok block, as stored.
        #[serde(serialize_with = "ser_hex::bytes")]
        havok: &'s [u8],
    },
    /// 0x59: topic string, a byte, a u8 count of entries.
    Conversation {
        /// The topic string's bytes (Windows-1252, u8 length before it).
        #[serde(serialize_with = "ser_hex::text")]
        topic: &'s [u8],
        /// A byte of unknown meaning.
        unknown: u8,
        /// The entries, in file order.
        entries: &'s [ConversationEntry],
    },
    /// Values of a fixed known size whose meaning is not known.
    Bytes4 {
        /// The bytes.
        bytes: Fixed<4>,
    },
    /// Five bytes (flag 0x36).
    Bytes5 {
        /// The bytes.
        bytes: Fixed<5>,
    },
    /// Twelve bytes (flag 0x39).
    Bytes12 {
        /// The bytes.
        bytes: Fixed<12>,
    },
    /// Fourteen bytes (flag 0x1f).
    Bytes14 {
        /// The bytes.
        bytes: Fixed<14>,
    },
    /// Sixty-three bytes (flag 0x20, trespass).
    Bytes63 {
        /// The bytes.
        bytes: Fixed<63>,
    },
    /// Fixed-size bytes of another declared size.
    Bytes {
        /// The bytes, as stored (as many as the flag's declaration says).
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: &'s [u8],
    },
}

/// One property: its flag and value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Property<'s> {
    /// The flag, which alone decides the value's layout.
    pub flag: u8,
    /// The flag's short name (`script`, `lock`, ...); `None` when its
    /// meaning is not known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<&'static str>,
    /// The value.
    pub value: PropertyValue<'s>,
}

impl<'s> Property<'s> {
    /// A property with its flag's short name filled in.
    pub fn new(flag: u8, value: PropertyValue<'s>) -> Self {
        Property {
            flag,
            name: flag_name(flag),
            value,
        }
    }

    /// Writes the flag and the value.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.put_u8(self.flag);
        self.value.write(out);
    }
}

fn f3(r: &mut Reader<'_>, what: &str) -> Result<[f32; 3]> {
    Ok([r.f32(what)?, r.f32(what)?, r.f32(what)?])
}

fn put_f3(out: &mut Vec<u8>, v: &[f32; 3]) {
    for x in v {
        out.put_f32(*x);
    }
}

impl<const N: usize> Serialize for Fixed<N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&crate::io::to_hex(&self.0))
    }
}

/// A script's variables (a u16 count, then each variable's index, type
/// and value), stored in `c`: where they are there.
pub(in crate::save) fn read_script_vars(r: &mut Reader<'_>, c: &mut Chunk) -> Result<Span> {
    let n = r.u16("script variable count")? as usize;
    r.check_count(n, 8, "script variables")?;
    let start = c.vars.len();
    for i in 0..n {
        let at = r.offset();
        let index = r.u16("variable index")?;
        let var_type = r.u16("variable type")?;
        let value = match var_type {
            0x0000 => VarValue::Number(r.f64("number variable")?),
            0xF000 => VarValue::Reference(r.u32("reference variable")?),
            t => return Err(unknown_type(at + 2, i, t)),
        };
        c.vars.push(ScriptVar {
            index,
            var_type,
            value,
        });
    }
    Ok(Span::new(start, n))
}

#[cold]
#[inline(never)]
fn unknown_type(at: u64, i: usize, t: u16) -> Error {
    Error::invalid(at, format!("script variable {i}: unknown type 0x{t:04X}"))
}

#[cold]
#[inline(never)]
fn unknown_flag(at: u64, flag: u8) -> Error {
    Error::invalid(at, format!("property flag 0x{flag:02X} has no known size"))
}

/// Reads the value of property `flag` into the store; fails for a flag
/// whose size is not known, since nothing after it can then be found.
pub(crate) fn read_value(flag: u8, r: &mut Reader<'_>, c: &mut Chunk) -> Result<Value> {
    let Some(decl) = declaration(flag) else {
        return Err(unknown_flag(r.offset().saturating_sub(1), flag));
    };
    Ok(match decl.layout {
        Layout::Empty => Value::Empty,
        Layout::U8 => Value::U8(r.u8("value")?),
        Layout::U16 => Value::U16(r.u16("value")?),
        Layout::U32 => Value::U32(r.u32("value")?),
        Layout::Iref => Value::Iref(r.u32("iref")?),
        Layout::F32 => Value::F32(r.f32("value")?),
        Layout::Script => {
            let script = r.u32("script iref")?;
            let vars = read_script_vars(r, c)?;
            Value::Script {
                script,
                vars,
                trailer: r.u8("script trailer")?,
            }
        }
        Layout::Lock => Value::Lock {
            level: r.u8("lock level")?,
            key: r.u32("key iref")?,
            flags: r.u8("lock flags")?,
        },
        Layout::Teleport => Value::Teleport {
            position: f3(r, "teleport position")?,
            rotation: f3(r, "teleport rotation")?,
            door: r.u32("teleport door iref")?,
        },
        Layout::DoorPosition => Value::DoorPosition {
            door: r.u32("door iref")?,
            position: f3(r, "position")?,
        },
        Layout::CellPosition => Value::CellPosition {
            cell: r.u32("cell iref")?,
            position: f3(r, "position")?,
            flags: r.u32("flags")?,
        },
        Layout::IrefBytes => {
            let n = r.u16("entry count")? as usize;
            r.check_count(n, 5, "entries")?;
            let start = c.pairs.len();
            for _ in 0..n {
                c.pairs.push((r.u32("iref")?, r.u8("byte")?));
            }
            Value::IrefBytes(Span::new(start, n))
        }
        Layout::Irefs => {
            let n = r.u16("iref count")? as usize;
            r.check_count(n, 4, "irefs")?;
            let start = c.u32s.len();
            for _ in 0..n {
                c.u32s.push(r.u32("iref")?);
            }
            Value::Irefs(Span::new(start, n))
        }
        Layout::IrefBlocks => {
            let iref = r.u32("iref")?;
            let n = r.u16("block count")? as usize;
            r.check_count(n, 61, "61-byte blocks")?;
            let start = c.blocks61.len();
            for _ in 0..n {
                c.blocks61.push(Fixed(r.array("61-byte blocks")?));
            }
            Value::IrefBlocks {
                iref,
                blocks: Span::new(start, n),
            }
        }
        Layout::Blocks10 => {
            let n = r.u16("block count")? as usize;
            r.check_count(n, 10, "10-byte blocks")?;
            let start = c.blocks10.len();
            for _ in 0..n {
                c.blocks10.push(Fixed(r.array("10-byte blocks")?));
            }
            Value::Blocks10(Span::new(start, n))
        }
        Layout::Text => {
            let n = r.u8("string length")? as usize;
            Value::Text(c.push_bytes(r.bytes(n, "string")?))
        }
        Layout::MovementExtra => {
            let lead = r.u16("lead value")?;
            let a = r.u16("animation copy length")? as usize;
            let animation = c.push_bytes(r.bytes(a, "animation copy")?);
            let h = r.u16("havok copy length")? as usize;
            let havok = c.push_bytes(r.bytes(h, "havok copy")?);
            Value::MovementExtra {
                lead,
                animation,
                havok,
            }
        }
        Layout::Conversation => {
            let n = r.u8("topic length")? as usize;
            let topic = c.push_bytes(r.bytes(n, "topic")?);
            let unknown = r.u8("conversation byte")?;
            let count = r.u8("conversation count")? as usize;
            r.check_count(count, 13, "conversation entries")?;
            let start = c.convs.len();
            for _ in 0..count {
                c.convs.push(ConversationEntry {
                    index: r.u8("index")?,
                    quest: r.u32("quest iref")?,
                    dialogue: r.u32("dialogue iref")?,
                    info: r.u32("info iref")?,
                });
            }
            Value::Conversation {
                topic,
                unknown,
                entries: Span::new(start, count),
            }
        }
        Layout::Fixed(n) => Value::Fixed(c.push_bytes(r.bytes(n, "value")?)),
    })
}

/// Reads a whole set into the store; errors name the property by position
/// and flag.
pub(crate) fn read_set(r: &mut Reader<'_>, c: &mut Chunk) -> Result<Span> {
    let n = r.u16("property count")? as usize;
    r.check_count(n, 1, "properties")?;
    let start = c.props.len();
    for i in 0..n {
        let at = r.offset();
        let flag = r.u8("property flag")?;
        let value =
            read_value(flag, r, c).within(|| format!("property {i} 0x{flag:02X} at 0x{at:X}"))?;
        c.props.push(PropData { flag, value });
    }
    Ok(Span::new(start, n))
}

impl Chunk {
    /// The value a stored value stands for.
    pub(crate) fn value(&self, v: &Value) -> PropertyValue<'_> {
        use PropertyValue as V;
        match *v {
            Value::Empty => V::Empty,
            Value::U8(value) => V::U8 { value },
            Value::U16(value) => V::U16 { value },
            Value::U32(value) => V::U32 { value },
            Value::Iref(iref) => V::Iref { iref },
            Value::F32(value) => V::F32 { value },
            Value::Script {
                script,
                vars,
                trailer,
            } => V::Script {
                script,
                vars: vars.of(&self.vars),
                trailer,
            },
            Value::Lock { level, key, flags } => V::Lock { level, key, flags },
            Value::Teleport {
                position,
                rotation,
                door,
            } => V::Teleport {
                position,
                rotation,
                door,
            },
            Value::DoorPosition { door, position } => V::DoorPosition { door, position },
            Value::CellPosition {
                cell,
                position,
                flags,
            } => V::CellPosition {
                cell,
                position,
                flags,
            },
            Value::IrefBytes(s) => V::IrefBytes {
                entries: s.of(&self.pairs),
            },
            Value::Irefs(s) => V::Irefs {
                irefs: s.of(&self.u32s),
            },
            Value::IrefBlocks { iref, blocks } => V::IrefBlocks {
                iref,
                blocks: blocks.of(&self.blocks61),
            },
            Value::Blocks10(s) => V::Blocks10 {
                blocks: s.of(&self.blocks10),
            },
            Value::Text(s) => V::Text {
                bytes: s.of(&self.bytes),
            },
            Value::MovementExtra {
                lead,
                animation,
                havok,
            } => V::MovementExtra {
                lead,
                animation: animation.of(&self.bytes),
                havok: havok.of(&self.bytes),
            },
            Value::Conversation {
                topic,
                unknown,
                entries,
            } => V::Conversation {
                topic: topic.of(&self.bytes),
                unknown,
                entries: entries.of(&self.convs),
            },
            Value::Fixed(s) => {
                let b = s.of(&self.bytes);
                match b.len() {
                    4 => V::Bytes4 {
                        bytes: Fixed(b.try_into().expect("4 bytes")),
                    },
                    5 => V::Bytes5 {
                        bytes: Fixed(b.try_into().expect("5 bytes")),
                    },
                    12 => V::Bytes12 {
                        bytes: Fixed(b.try_into().expect("12 bytes")),
                    },
                    14 => V::Bytes14 {
                        bytes: Fixed(b.try_into().expect("14 bytes")),
                    },
                    63 => V::Bytes63 {
                        bytes: Fixed(b.try_into().expect("63 bytes")),
                    },
                    _ => V::Bytes { bytes: b },
                }
            }
        }
    }
}

impl PropertyValue<'_> {
    /// Writes the value in its flag's layout; list counts come from the lists.
    pub fn write(&self, out: &mut Vec<u8>) {
        use PropertyValue as V;
        match *self {
            V::Empty => {}
            V::U8 { value } => out.put_u8(value),
            V::U16 { value } => out.put_u16(value),
            V::U32 { value } => out.put_u32(value),
            V::Iref { iref } => out.put_u32(iref),
            V::F32 { value } => out.put_f32(value),
            V::Script {
                script,
                vars,
                trailer,
            } => {
                out.put_u32(script);
                out.put_u16(vars.len() as u16);
                for v in vars {
                    out.put_u16(v.index);
                    out.put_u16(v.var_type);
                    match v.value {
                        VarValue::Number(x) => out.put(&x.to_le_bytes()),
                        VarValue::Reference(x) => out.put_u32(x),
                    }
                }
                out.put_u8(trailer);
            }
            V::Lock { level, key, flags } => {
                out.put_u8(level);
                out.put_u32(key);
                out.put_u8(flags);
            }
            V::Teleport {
                position,
                rotation,
                door,
            } => {
                put_f3(out, &position);
                put_f3(out, &rotation);
                out.put_u32(door);
            }
            V::DoorPosition { door, position } => {
                out.put_u32(door);
                put_f3(out, &position);
            }
            V::CellPosition {
                cell,
                position,
                flags,
            } => {
                out.put_u32(cell);
                put_f3(out, &position);
                out.put_u32(flags);
            }
            V::IrefBytes { entries } => {
                out.put_u16(entries.len() as u16);
                for (i, b) in entries {
                    out.put_u32(*i);
                    out.put_u8(*b);
                }
            }
            V::Irefs { irefs } => {
                out.put_u16(irefs.len() as u16);
                for i in irefs {
                    out.put_u32(*i);
                }
            }
            V::IrefBlocks { iref, blocks } => {
                out.put_u32(iref);
                out.put_u16(blocks.len() as u16);
                for b in blocks {
                    out.put(&b.0);
                }
            }
            V::Blocks10 { blocks } => {
                out.put_u16(blocks.len() as u16);
                for b in blocks {
                    out.put(&b.0);
                }
            }
            V::Text { bytes } => {
                out.put_u8(bytes.len() as u8);
                out.put(bytes);
            }
            V::MovementExtra {
                lead,
                animation,
                havok,
            } => {
                out.put_u16(lead);
                out.put_u16(animation.len() as u16);
                out.put(animation);
                out.put_u16(havok.len() as u16);
                out.put(havok);
            }
            V::Conversation {
                topic,
                unknown,
                entries,
            } => {
                out.put_u8(topic.len() as u8);
                out.put(topic);
                out.put_u8(unknown);
                out.put_u8(entries.len() as u8);
                for e in entries {
                    out.put_u8(e.index);
                    out.put_u32(e.quest);
                    out.put_u32(e.dialogue);
                    out.put_u32(e.info);
                }
            }
            V::Bytes4 { bytes } => out.put(&bytes.0),
            V::Bytes5 { bytes } => out.put(&bytes.0),
            V::Bytes12 { bytes } => out.put(&bytes.0),
            V::Bytes14 { bytes } => out.put(&bytes.0),
            V::Bytes63 { bytes } => out.put(&bytes.0),
            V::Bytes { bytes } => out.put(bytes),
        }
    }

    /// The irefs this value holds, for resolving references.
    pub fn irefs(&self) -> Vec<u32> {
        let mut out = Vec::new();
        self.push_irefs(&mut out);
        out
    }

    /// Appends the irefs this value holds.
    pub fn push_irefs(&self, out: &mut Vec<u32>) {
        use PropertyValue as V;
        match *self {
            V::Iref { iref } => out.push(iref),
            V::Script { script, vars, .. } => {
                out.push(script);
                out.extend(vars.iter().filter_map(|v| match v.value {
                    VarValue::Reference(i) => Some(i),
                    _ => None,
                }));
            }
            V::Lock { key, .. } => out.push(key),
            V::Teleport { door, .. } => out.push(door),
            V::DoorPosition { door, .. } => out.push(door),
            V::CellPosition { cell, .. } => out.push(cell),
            V::IrefBytes { entries } => out.extend(entries.iter().map(|e| e.0)),
            V::Irefs { irefs } => out.extend_from_slice(irefs),
            V::IrefBlocks { iref, .. } => out.push(iref),
            _ => {}
        }
    }
}

/// A property set of a decoded change record; the stored count is
/// recomputed from the list on write.
#[derive(Clone, Copy)]
pub struct PropertySet<'s> {
    chunk: &'s Chunk,
    props: &'s [PropData],
}

impl<'s> PropertySet<'s> {
    pub(crate) fn new(chunk: &'s Chunk, span: Span) -> Self {
        PropertySet {
            chunk,
            props: span.of(&chunk.props),
        }
    }

    /// How many properties the set holds.
    pub fn len(&self) -> usize {
        self.props.len()
    }

    /// Whether the set holds no properties.
    pub fn is_empty(&self) -> bool {
        self.props.is_empty()
    }

    /// The properties, in file order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Property<'s>> + Clone + 's {
        let chunk = self.chunk;
        self.props
            .iter()
            .map(move |p| Property::new(p.flag, chunk.value(&p.value)))
    }

    /// Writes the set; the count comes from the list.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.put_u16(self.props.len() as u16);
        for p in self.iter() {
            p.write(out);
        }
    }

    /// The set as stored.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write(&mut out);
        out
    }

    /// The value of the first property with this flag.
    pub fn get(&self, flag: u8) -> Option<PropertyValue<'s>> {
        self.props
            .iter()
            .find(|p| p.flag == flag)
            .map(|p| self.chunk.value(&p.value))
    }

    /// Whether some property has this flag.
    pub fn has(&self, flag: u8) -> bool {
        self.props.iter().any(|p| p.flag == flag)
    }
}

impl PartialEq for PropertySet<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl std::fmt::Debug for PropertySet<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Serialises a list given as a cloneable iterator.
pub(crate) struct Seq<I>(pub I);

impl<I: Iterator + Clone> Serialize for Seq<I>
where
    I::Item: Serialize,
{
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_seq(self.0.clone())
    }
}

impl Serialize for PropertySet<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("PropertySet", 1)?;
        st.serialize_field("properties", &Seq(self.iter()))?;
        st.end()
    }
}
