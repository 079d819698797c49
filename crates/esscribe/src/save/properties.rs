//! Property sets: the flag-tagged values that describe what changed about a
//! placed object (its properties section) or about a subset of an inventory
//! stack. A set is a u16 count, then per property a u8 flag and a value
//! whose size and layout depend on the flag alone. A flag whose size is not
//! known cannot be stepped over, so it makes the whole set undecodable.

use crate::io::{Context, Error, Reader, Result, WriteLe};
use serde::Serialize;

use super::ser_hex;

/// Property flags with a commonly used name.
pub mod flag {
    /// Script state: the script's iref and its variables.
    pub const SCRIPT: u8 = 0x12;
    /// The item is equipped (no value).
    pub const EQUIPPED: u8 = 0x1b;
    /// The item is equipped in the left hand / as a second item (no value).
    pub const EQUIPPED_LEFT: u8 = 0x1c;
    /// Owner iref.
    pub const OWNER: u8 = 0x27;
    /// How many items of the stack a changed entry applies to.
    pub const AFFECTED_COUNT: u8 = 0x2a;
    /// Item health (f32).
    pub const HEALTH: u8 = 0x2b;
    /// Time left on a light source (f32).
    pub const TIME_LEFT: u8 = 0x2d;
    /// Enchantment charge left (f32).
    pub const CHARGE: u8 = 0x2e;
    /// Soul held by a soul gem (u8).
    pub const SOUL: u8 = 0x2f;
    /// Lock level, key and lock flags.
    pub const LOCK: u8 = 0x31;
    /// Teleport destination of a door.
    pub const TELEPORT: u8 = 0x32;
    /// Scale of an inventory item (f32).
    pub const SCALE: u8 = 0x37;
    /// Crime gold of an actor.
    pub const CRIME_GOLD: u8 = 0x3d;
    /// Animation name string.
    pub const ANIMATION: u8 = 0x4a;
    /// Movement extra data (copies of animation and havok blocks).
    pub const MOVEMENT_EXTRA: u8 = 0x4b;
    /// Investment gold of a merchant.
    pub const INVESTMENT_GOLD: u8 = 0x52;
}

/// A short name for a property flag, where its meaning is known; others
/// are shown by number.
pub fn flag_name(f: u8) -> Option<&'static str> {
    Some(match f {
        0x12 => "script",
        0x1b => "equipped",
        0x1c => "equipped-left",
        0x20 => "trespass",
        0x27 => "owner",
        0x2a => "affected-count",
        0x2b => "health",
        0x2d => "time-left",
        0x2e => "charge",
        0x2f => "soul",
        0x31 => "lock",
        0x32 => "teleport",
        0x35 => "leveled-creature",
        0x37 => "scale",
        0x3d => "crime-gold",
        0x3e => "oblivion-entry",
        0x4a => "animation",
        0x4b => "movement-extra",
        0x52 => "investment-gold",
        _ => return None,
    })
}

/// A script variable's value: type 0x0000 holds an f64, type 0xF000 an
/// iref to a reference.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum VarValue {
    Number(f64),
    Reference(u32),
}

/// One script variable.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScriptVar {
    pub index: u16,
    /// Stored type code (0x0000 number, 0xF000 reference).
    pub var_type: u16,
    pub value: VarValue,
}

/// One conversation entry of property 0x59.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConversationEntry {
    pub index: u8,
    pub quest: u32,
    pub dialogue: u32,
    pub info: u32,
}

/// A property's value, in the layout its flag implies.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PropertyValue {
    /// Flags whose presence is the whole message.
    Empty,
    U8 {
        value: u8,
    },
    U16 {
        value: u16,
    },
    U32 {
        value: u32,
    },
    /// An iref into the formIdArray (or a created form ID).
    Iref {
        iref: u32,
    },
    F32 {
        value: f32,
    },
    Script {
        script: u32,
        vars: Vec<ScriptVar>,
        /// The byte that closes every script property.
        trailer: u8,
    },
    Lock {
        level: u8,
        key: u32,
        flags: u8,
    },
    Teleport {
        position: [f32; 3],
        rotation: [f32; 3],
        door: u32,
    },
    /// 0x3e: the door iref and the position of an Oblivion entry.
    DoorPosition {
        door: u32,
        position: [f32; 3],
    },
    /// 0x1e: cell iref, position, flags.
    CellPosition {
        cell: u32,
        position: [f32; 3],
        flags: u32,
    },
    /// 0x21: u16 count of (iref, u8).
    IrefBytes {
        entries: Vec<(u32, u8)>,
    },
    /// 0x23: u16 count of irefs.
    Irefs {
        irefs: Vec<u32>,
    },
    /// 0x3a: an iref and a u16 count of 61-byte blocks.
    IrefBlocks {
        iref: u32,
        blocks: Vec<Fixed<61>>,
    },
    /// 0x4e: a u16 count of 10-byte blocks.
    Blocks10 {
        blocks: Vec<Fixed<10>>,
    },
    /// 0x4a: a u8-length string without NUL.
    Text {
        #[serde(serialize_with = "ser_hex::text")]
        bytes: Vec<u8>,
    },
    /// 0x4b: a u16 lead value, then two u16-length blocks.
    MovementExtra {
        lead: u16,
        #[serde(serialize_with = "ser_hex::bytes")]
        animation: Vec<u8>,
        #[serde(serialize_with = "ser_hex::bytes")]
        havok: Vec<u8>,
    },
    /// 0x59: topic string, a byte, a u8 count of entries.
    Conversation {
        #[serde(serialize_with = "ser_hex::text")]
        topic: Vec<u8>,
        unknown: u8,
        entries: Vec<ConversationEntry>,
    },
    /// Values of a fixed known size whose meaning is not known (kept
    /// inline: some of these occur on most references).
    Bytes4 {
        bytes: Fixed<4>,
    },
    Bytes5 {
        bytes: Fixed<5>,
    },
    Bytes12 {
        bytes: Fixed<12>,
    },
    Bytes14 {
        bytes: Fixed<14>,
    },
    Bytes63 {
        bytes: Fixed<63>,
    },
    /// A value whose size is known but whose meaning is not.
    Bytes {
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: Vec<u8>,
    },
}

/// One property: its flag and value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Property {
    pub flag: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<&'static str>,
    pub value: PropertyValue,
}

impl Property {
    /// A property with its flag's short name filled in.
    pub fn new(flag: u8, value: PropertyValue) -> Self {
        Property {
            flag,
            name: flag_name(flag),
            value,
        }
    }
}

/// A property set; the stored count is recomputed from the list on write.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct PropertySet {
    pub properties: Vec<Property>,
}

fn f3(r: &mut Reader<'_>, what: &str) -> Result<[f32; 3]> {
    Ok([r.f32(what)?, r.f32(what)?, r.f32(what)?])
}

fn put_f3(out: &mut Vec<u8>, v: &[f32; 3]) {
    for x in v {
        out.put_f32(*x);
    }
}

/// Bytes of a fixed size, kept inline and shown as hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fixed<const N: usize>(pub [u8; N]);

impl<const N: usize> Fixed<N> {
    fn read(r: &mut Reader<'_>, what: &str) -> Result<Self> {
        Ok(Fixed(r.array(what)?))
    }
}

impl<const N: usize> Serialize for Fixed<N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&crate::io::to_hex(&self.0))
    }
}

fn blocks<const N: usize>(r: &mut Reader<'_>, n: usize, what: &str) -> Result<Vec<Fixed<N>>> {
    r.check_count(n, N, what)?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(Fixed::read(r, what)?);
    }
    Ok(out)
}

impl PropertyValue {
    /// Reads the value of property `flag`; fails for a flag whose size is
    /// not known, since nothing after it can then be found.
    pub fn read(flag: u8, r: &mut Reader<'_>) -> Result<Self> {
        use PropertyValue as V;
        Ok(match flag {
            0x1b | 0x1c | 0x25 | 0x35 | 0x47 | 0x50 => V::Empty,
            0x2c | 0x2f | 0x33 | 0x55 | 0x5a => V::U8 {
                value: r.u8("value")?,
            },
            0x2a => V::U16 {
                value: r.u16("value")?,
            },
            0x11 | 0x22 | 0x28 | 0x29 | 0x3c | 0x48 | 0x52 | 0x53 => V::U32 {
                value: r.u32("value")?,
            },
            0x27 => V::Iref {
                iref: r.u32("owner iref")?,
            },
            0x2b | 0x2d | 0x2e | 0x37 | 0x3d | 0x41 | 0x5c => V::F32 {
                value: r.f32("value")?,
            },
            0x12 => {
                let script = r.u32("script iref")?;
                let n = r.u16("script variable count")? as usize;
                r.check_count(n, 8, "script variables")?;
                let mut vars = Vec::with_capacity(n);
                for i in 0..n {
                    let at = r.offset();
                    let index = r.u16("variable index")?;
                    let var_type = r.u16("variable type")?;
                    let value = match var_type {
                        0x0000 => VarValue::Number(r.f64("number variable")?),
                        0xF000 => VarValue::Reference(r.u32("reference variable")?),
                        t => {
                            return Err(Error::invalid(
                                at + 2,
                                format!("script variable {i}: unknown type 0x{t:04X}"),
                            ))
                        }
                    };
                    vars.push(ScriptVar {
                        index,
                        var_type,
                        value,
                    });
                }
                V::Script {
                    script,
                    vars,
                    trailer: r.u8("script trailer")?,
                }
            }
            0x31 => V::Lock {
                level: r.u8("lock level")?,
                key: r.u32("key iref")?,
                flags: r.u8("lock flags")?,
            },
            0x32 => V::Teleport {
                position: f3(r, "teleport position")?,
                rotation: f3(r, "teleport rotation")?,
                door: r.u32("teleport door iref")?,
            },
            0x3e => V::DoorPosition {
                door: r.u32("door iref")?,
                position: f3(r, "position")?,
            },
            0x1e => V::CellPosition {
                cell: r.u32("cell iref")?,
                position: f3(r, "position")?,
                flags: r.u32("flags")?,
            },
            0x21 => {
                let n = r.u16("entry count")? as usize;
                r.check_count(n, 5, "entries")?;
                let mut entries = Vec::with_capacity(n);
                for _ in 0..n {
                    entries.push((r.u32("iref")?, r.u8("byte")?));
                }
                V::IrefBytes { entries }
            }
            0x23 => {
                let n = r.u16("iref count")? as usize;
                r.check_count(n, 4, "irefs")?;
                let mut irefs = Vec::with_capacity(n);
                for _ in 0..n {
                    irefs.push(r.u32("iref")?);
                }
                V::Irefs { irefs }
            }
            0x3a => {
                let iref = r.u32("iref")?;
                let n = r.u16("block count")? as usize;
                V::IrefBlocks {
                    iref,
                    blocks: blocks(r, n, "61-byte blocks")?,
                }
            }
            0x4e => {
                let n = r.u16("block count")? as usize;
                V::Blocks10 {
                    blocks: blocks(r, n, "10-byte blocks")?,
                }
            }
            0x4a => {
                let n = r.u8("string length")? as usize;
                V::Text {
                    bytes: r.bytes(n, "string")?.to_vec(),
                }
            }
            0x4b => {
                let lead = r.u16("lead value")?;
                let a = r.u16("animation copy length")? as usize;
                let animation = r.bytes(a, "animation copy")?.to_vec();
                let h = r.u16("havok copy length")? as usize;
                let havok = r.bytes(h, "havok copy")?.to_vec();
                V::MovementExtra {
                    lead,
                    animation,
                    havok,
                }
            }
            0x59 => {
                let n = r.u8("topic length")? as usize;
                let topic = r.bytes(n, "topic")?.to_vec();
                let unknown = r.u8("conversation byte")?;
                let count = r.u8("conversation count")? as usize;
                r.check_count(count, 13, "conversation entries")?;
                let mut entries = Vec::with_capacity(count);
                for _ in 0..count {
                    entries.push(ConversationEntry {
                        index: r.u8("index")?,
                        quest: r.u32("quest iref")?,
                        dialogue: r.u32("dialogue iref")?,
                        info: r.u32("info iref")?,
                    });
                }
                V::Conversation {
                    topic,
                    unknown,
                    entries,
                }
            }
            0x1f => V::Bytes14 {
                bytes: Fixed::read(r, "value")?,
            },
            0x20 => V::Bytes63 {
                bytes: Fixed::read(r, "value")?,
            },
            0x36 => V::Bytes5 {
                bytes: Fixed::read(r, "value")?,
            },
            0x39 => V::Bytes12 {
                bytes: Fixed::read(r, "value")?,
            },
            0x4f => V::Bytes4 {
                bytes: Fixed::read(r, "value")?,
            },
            other => {
                return Err(Error::invalid(
                    r.offset().saturating_sub(1),
                    format!("property flag 0x{other:02X} has no known size"),
                ))
            }
        })
    }

    /// Writes the value in its flag's layout; list counts come from the lists.
    pub fn write(&self, out: &mut Vec<u8>) {
        use PropertyValue as V;
        match self {
            V::Empty => {}
            V::U8 { value } => out.put_u8(*value),
            V::U16 { value } => out.put_u16(*value),
            V::U32 { value } => out.put_u32(*value),
            V::Iref { iref } => out.put_u32(*iref),
            V::F32 { value } => out.put_f32(*value),
            V::Script {
                script,
                vars,
                trailer,
            } => {
                out.put_u32(*script);
                out.put_u16(vars.len() as u16);
                for v in vars {
                    out.put_u16(v.index);
                    out.put_u16(v.var_type);
                    match v.value {
                        VarValue::Number(x) => out.put(&x.to_le_bytes()),
                        VarValue::Reference(x) => out.put_u32(x),
                    }
                }
                out.put_u8(*trailer);
            }
            V::Lock { level, key, flags } => {
                out.put_u8(*level);
                out.put_u32(*key);
                out.put_u8(*flags);
            }
            V::Teleport {
                position,
                rotation,
                door,
            } => {
                put_f3(out, position);
                put_f3(out, rotation);
                out.put_u32(*door);
            }
            V::DoorPosition { door, position } => {
                out.put_u32(*door);
                put_f3(out, position);
            }
            V::CellPosition {
                cell,
                position,
                flags,
            } => {
                out.put_u32(*cell);
                put_f3(out, position);
                out.put_u32(*flags);
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
                out.put_u32(*iref);
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
                out.put_u16(*lead);
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
                out.put_u8(*unknown);
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
        use PropertyValue as V;
        match self {
            V::Iref { iref } => vec![*iref],
            V::Script { script, vars, .. } => {
                let mut out = vec![*script];
                out.extend(vars.iter().filter_map(|v| match v.value {
                    VarValue::Reference(i) => Some(i),
                    _ => None,
                }));
                out
            }
            V::Lock { key, .. } => vec![*key],
            V::Teleport { door, .. } => vec![*door],
            V::DoorPosition { door, .. } => vec![*door],
            V::CellPosition { cell, .. } => vec![*cell],
            V::IrefBytes { entries } => entries.iter().map(|e| e.0).collect(),
            V::Irefs { irefs } => irefs.clone(),
            V::IrefBlocks { iref, .. } => vec![*iref],
            _ => Vec::new(),
        }
    }
}

impl PropertySet {
    /// Reads a whole set. Errors name the property by position and flag.
    pub fn read(r: &mut Reader<'_>) -> Result<Self> {
        let n = r.u16("property count")? as usize;
        r.check_count(n, 1, "properties")?;
        let mut properties = Vec::with_capacity(n);
        for i in 0..n {
            let at = r.offset();
            let f = r.u8("property flag")?;
            let value = PropertyValue::read(f, r)
                .within(|| format!("property {i} 0x{f:02X} at 0x{at:X}"))?;
            properties.push(Property::new(f, value));
        }
        Ok(PropertySet { properties })
    }

    /// Writes the set; the count comes from the list.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.put_u16(self.properties.len() as u16);
        for p in &self.properties {
            out.put_u8(p.flag);
            p.value.write(out);
        }
    }

    /// The set as stored.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write(&mut out);
        out
    }

    /// The value of the first property with this flag.
    pub fn get(&self, flag: u8) -> Option<&PropertyValue> {
        self.properties
            .iter()
            .find(|p| p.flag == flag)
            .map(|p| &p.value)
    }

    /// Whether some property has this flag.
    pub fn has(&self, flag: u8) -> bool {
        self.properties.iter().any(|p| p.flag == flag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inventory_example_set_round_trips() {
        // Health 14.0 and equipped.
        let mut bytes = vec![2, 0, 0x2b];
        bytes.extend_from_slice(&14.0f32.to_le_bytes());
        bytes.push(0x1b);
        let set = PropertySet::read(&mut Reader::new(&bytes, 0)).unwrap();
        assert_eq!(
            set.get(flag::HEALTH),
            Some(&PropertyValue::F32 { value: 14.0 })
        );
        assert!(set.has(flag::EQUIPPED));
        assert_eq!(set.to_bytes(), bytes);
    }

    #[test]
    fn unknown_flag_is_an_error_with_offset() {
        let bytes = [1, 0, 0x7f, 0, 0];
        let err = PropertySet::read(&mut Reader::new(&bytes, 0x100)).unwrap_err();
        assert_eq!(err.offset, 0x102);
        assert!(err.to_string().contains("property 0 0x7F"), "{err}");
    }
}
