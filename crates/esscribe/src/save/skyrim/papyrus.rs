//! The Papyrus virtual machine's state (global data block 1001): its
//! string table, script definitions, script instances, references, arrays
//! and active scripts, with the data of each instance, reference and array.
//!
//! What follows the arrays' data (the active scripts' stacks, function
//! messages, suspended stacks and later tables) is kept as bytes. Each
//! instance, reference and array keeps its data as stored, with the
//! handles its variables point at, so removing one rewrites nothing else.
//!
//! SE saves (format 12) widen the string table's count and indices to
//! 32 bits and the handles of instances, references and arrays to 64.
//! An LE save whose table outgrew 16 bits (a plugin lifts the limit)
//! stores the count as 0xFFFF then 32 bits, and an index from 0xFFFF up
//! the same way.

use super::change::RefId;
use super::header::WString;
use crate::io::{Context, Error, Reader, Result, WriteLe};
use std::collections::HashSet;

/// A script definition: its name, what it extends, and its members.
#[derive(Debug, Clone, PartialEq)]
pub struct Script {
    /// Index of its name in the string table.
    pub name: u32,
    /// Index of the script it extends.
    pub parent: u32,
    /// Its members: indexes of each name and type.
    pub members: Vec<(u32, u32)>,
}

/// A script attached to a form, with its variables' data.
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptInstance {
    /// The VM's handle of the instance.
    pub id: u64,
    /// Index of the script's name in the string table.
    pub script: u32,
    /// Two bytes the format documents no meaning for, kept.
    pub flags: u16,
    /// Two more, kept.
    pub unknown: u16,
    /// The form the script is attached to; 0 when it is attached to nothing.
    pub ref_id: RefId,
    /// A byte after the form, kept.
    pub unknown_byte: u8,
    /// Its data (handle, flags, type, variables) as stored.
    pub data: Vec<u8>,
    /// The handles of instances and arrays its variables point at.
    pub points_at: Vec<u64>,
}

/// A reference the VM holds, with its variables' data.
#[derive(Debug, Clone, PartialEq)]
pub struct Reference {
    /// The VM's handle.
    pub id: u64,
    /// Index of its type's name.
    pub type_name: u32,
    /// Its data as stored.
    pub data: Vec<u8>,
    /// The handles its variables point at.
    pub points_at: Vec<u64>,
}

/// An array, with its elements' data.
#[derive(Debug, Clone, PartialEq)]
pub struct Array {
    /// The VM's handle.
    pub id: u64,
    /// The element type (1 object, 2 string, 3 int, 4 float, 5 bool).
    pub element_type: u8,
    /// For arrays of objects, index of the objects' type name.
    pub object_type: Option<u32>,
    /// How many elements.
    pub len: u32,
    /// Its data as stored.
    pub data: Vec<u8>,
    /// The handles its elements point at.
    pub points_at: Vec<u64>,
}

/// A script running or waiting: its thread ID and a type byte.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ActiveScript {
    /// The thread's ID.
    pub id: u32,
    /// The type byte, kept.
    pub kind: u8,
}

/// The Papyrus block, decoded as far as the format is known.
#[derive(Debug, Clone, PartialEq)]
pub struct Papyrus {
    /// The VM's save version.
    pub version: u16,
    /// Whether counts and indices of strings are 32-bit and handles 64-bit
    /// (Skyrim SE).
    pub wide: bool,
    /// Whether an LE save stored the string count as 0xFFFF then 32 bits,
    /// as it does once the table passes 65,534 strings.
    pub long_count: bool,
    /// The string table: script, type and member names.
    pub strings: Vec<WString>,
    /// The script definitions.
    pub scripts: Vec<Script>,
    /// The script instances, each with its data.
    pub instances: Vec<ScriptInstance>,
    /// The references, each with its data.
    pub references: Vec<Reference>,
    /// The arrays, each with its data.
    pub arrays: Vec<Array>,
    /// The ID the next active script will get.
    pub next_active_id: u32,
    /// The active scripts (their stacks are in [`rest`](Self::rest)).
    pub active_scripts: Vec<ActiveScript>,
    /// Everything after the arrays' data, kept as stored: active scripts'
    /// stacks, function messages, suspended stacks and later tables.
    pub rest: Vec<u8>,
}

struct PapyrusReader<'a> {
    r: Reader<'a>,
    wide: bool,
    strings: usize,
}

impl<'a> PapyrusReader<'a> {
    fn string_index(&mut self, what: &str) -> Result<u32> {
        let at = self.r.offset();
        let i = match self.wide {
            true => self.r.u32(what)?,
            false => match self.r.u16(what)? {
                u16::MAX => self.r.u32(what)?,
                short => short as u32,
            },
        };
        if i as usize >= self.strings {
            return Err(Error::invalid(
                at,
                format!("{what}: string {i} of a table of {}", self.strings),
            ));
        }
        Ok(i)
    }

    fn handle(&mut self, what: &str) -> Result<u64> {
        if self.wide {
            self.r.u64(what)
        } else {
            self.r.u32(what).map(u64::from)
        }
    }

    /// Reads one variable; a handle it points at goes to `points_at`.
    fn variable(&mut self, points_at: &mut Vec<u64>) -> Result<()> {
        let at = self.r.offset();
        match self.r.u8("variable type")? {
            0 => {
                self.handle("null variable")?;
            }
            1 | 11 => {
                self.string_index("object type")?;
                points_at.push(self.handle("object")?);
            }
            2 => {
                self.string_index("string variable")?;
            }
            3..=5 => {
                self.r.u32("variable value")?;
            }
            12..=15 => points_at.push(self.handle("array")?),
            t => {
                return Err(Error::invalid(
                    at,
                    format!("variable type {t} is none Skyrim's Papyrus has"),
                )
                .expected_found("0 to 5, or 11 to 15", t.to_string()))
            }
        }
        Ok(())
    }

    /// Reads an instance's or a reference's data: handle, flags, type,
    /// a word (two with flag 4), and the variables.
    fn object_data(&mut self, id: u64, what: &str) -> Result<(Vec<u8>, Vec<u64>)> {
        let start = self.r.position();
        let at = self.r.offset();
        let own = self.handle(what)?;
        if own != id {
            return Err(Error::invalid(
                at,
                format!("{what} data belongs to handle 0x{own:X}, expected 0x{id:X}"),
            ));
        }
        let flags = self.r.u8("flags")?;
        self.string_index("type")?;
        self.r.u32("unknown")?;
        if flags & 4 != 0 {
            self.r.u32("unknown")?;
        }
        let n = self.r.u32("variable count")? as usize;
        self.r.check_count(n, 5, "variables")?;
        let mut points_at = Vec::new();
        for _ in 0..n {
            self.variable(&mut points_at)?;
        }
        Ok((self.r.whole()[start..self.r.position()].to_vec(), points_at))
    }
}

impl Papyrus {
    /// Reads the block; `wide` for SE saves.
    pub fn read(data: &[u8], wide: bool) -> Result<Self> {
        let mut p = PapyrusReader {
            r: Reader::new(data, 0),
            wide,
            strings: 0,
        };
        let version = p.r.u16("Papyrus version")?;
        let mut long_count = false;
        let n = if wide {
            p.r.u32("string count")? as usize
        } else {
            match p.r.u16("string count")? {
                u16::MAX => {
                    long_count = true;
                    p.r.u32("string count")? as usize
                }
                short => short as usize,
            }
        };
        p.r.check_count(n, 2, "strings")?;
        let strings = (0..n)
            .map(|_| WString::read(&mut p.r, "string"))
            .collect::<Result<Vec<_>>>()?;
        p.strings = strings.len();
        let count = |p: &mut PapyrusReader<'_>, min: usize, what: &str| -> Result<usize> {
            let n = p.r.u32(&format!("{what} count"))? as usize;
            p.r.check_count(n, min, what)?;
            Ok(n)
        };
        let n = count(&mut p, 8, "scripts")?;
        let mut scripts = Vec::with_capacity(n);
        for i in 0..n {
            let name = p
                .string_index("script name")
                .within(|| format!("script {i}"))?;
            let parent = p.string_index("script type")?;
            let m = count(&mut p, 4, "members")?;
            let members = (0..m)
                .map(|_| {
                    Ok((
                        p.string_index("member name")?,
                        p.string_index("member type")?,
                    ))
                })
                .collect::<Result<Vec<_>>>()?;
            scripts.push(Script {
                name,
                parent,
                members,
            });
        }
        let n = count(&mut p, 12, "script instances")?;
        let mut instances = Vec::with_capacity(n);
        for _ in 0..n {
            instances.push(ScriptInstance {
                id: p.handle("instance")?,
                script: p.string_index("instance script")?,
                flags: p.r.u16("instance flags")?,
                unknown: p.r.u16("instance unknown")?,
                ref_id: RefId::read(&mut p.r, "instance form")?,
                unknown_byte: p.r.u8("instance unknown byte")?,
                data: Vec::new(),
                points_at: Vec::new(),
            });
        }
        let n = count(&mut p, 6, "references")?;
        let mut references = Vec::with_capacity(n);
        for _ in 0..n {
            references.push(Reference {
                id: p.handle("reference")?,
                type_name: p.string_index("reference type")?,
                data: Vec::new(),
                points_at: Vec::new(),
            });
        }
        let n = count(&mut p, 9, "arrays")?;
        let mut arrays = Vec::with_capacity(n);
        for _ in 0..n {
            let id = p.handle("array")?;
            let element_type = p.r.u8("array element type")?;
            let object_type = match element_type {
                1 => Some(p.string_index("array object type")?),
                _ => None,
            };
            let len = p.r.u32("array length")?;
            arrays.push(Array {
                id,
                element_type,
                object_type,
                len,
                data: Vec::new(),
                points_at: Vec::new(),
            });
        }
        let next_active_id = p.r.u32("next active script ID")?;
        let n = count(&mut p, 5, "active scripts")?;
        let active_scripts = (0..n)
            .map(|_| {
                Ok(ActiveScript {
                    id: p.r.u32("active script")?,
                    kind: p.r.u8("active script type")?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        for (i, inst) in instances.iter_mut().enumerate() {
            (inst.data, inst.points_at) = p
                .object_data(inst.id, "script instance")
                .within(|| format!("data of script instance {i}"))?;
        }
        for (i, re) in references.iter_mut().enumerate() {
            (re.data, re.points_at) = p
                .object_data(re.id, "reference")
                .within(|| format!("data of reference {i}"))?;
        }
        for (i, a) in arrays.iter_mut().enumerate() {
            let start = p.r.position();
            let at = p.r.offset();
            let own = p.handle("array")?;
            if own != a.id {
                return Err(Error::invalid(
                    at,
                    format!(
                        "array data {i} belongs to handle 0x{own:X}, expected 0x{:X}",
                        a.id
                    ),
                ));
            }
            p.r.check_count(a.len as usize, 5, "array elements")?;
            for _ in 0..a.len {
                p.variable(&mut a.points_at)
                    .within(|| format!("array {i}"))?;
            }
            a.data = data[start..p.r.position()].to_vec();
        }
        Ok(Papyrus {
            version,
            wide,
            long_count,
            strings,
            scripts,
            instances,
            references,
            arrays,
            next_active_id,
            active_scripts,
            rest: p.r.rest().to_vec(),
        })
    }

    /// Writes the block.
    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(
            self.rest.len()
                + self
                    .instances
                    .iter()
                    .map(|i| i.data.len() + 20)
                    .sum::<usize>()
                + self.arrays.iter().map(|a| a.data.len() + 20).sum::<usize>()
                + self.strings.iter().map(|s| s.0.len() + 2).sum::<usize>(),
        );
        let wide = self.wide;
        let index = |out: &mut Vec<u8>, i: u32| {
            if wide {
                out.put_u32(i)
            } else if let Ok(short @ 0..=0xFFFE) = u16::try_from(i) {
                out.put_u16(short)
            } else {
                out.put_u16(u16::MAX);
                out.put_u32(i)
            }
        };
        let handle = |out: &mut Vec<u8>, h: u64| {
            if wide {
                out.put(&h.to_le_bytes())
            } else {
                out.put_u32(h as u32)
            }
        };
        out.put_u16(self.version);
        let count = self.strings.len() as u32;
        if wide {
            out.put_u32(count);
        } else if self.long_count || count >= 0xFFFF {
            out.put_u16(u16::MAX);
            out.put_u32(count);
        } else {
            out.put_u16(count as u16);
        }
        self.strings.iter().for_each(|s| s.write(&mut out));
        out.put_u32(self.scripts.len() as u32);
        for s in &self.scripts {
            index(&mut out, s.name);
            index(&mut out, s.parent);
            out.put_u32(s.members.len() as u32);
            for &(n, t) in &s.members {
                index(&mut out, n);
                index(&mut out, t);
            }
        }
        out.put_u32(self.instances.len() as u32);
        for i in &self.instances {
            handle(&mut out, i.id);
            index(&mut out, i.script);
            out.put_u16(i.flags);
            out.put_u16(i.unknown);
            i.ref_id.write(&mut out);
            out.put_u8(i.unknown_byte);
        }
        out.put_u32(self.references.len() as u32);
        for r in &self.references {
            handle(&mut out, r.id);
            index(&mut out, r.type_name);
        }
        out.put_u32(self.arrays.len() as u32);
        for a in &self.arrays {
            handle(&mut out, a.id);
            out.put_u8(a.element_type);
            if let Some(t) = a.object_type {
                index(&mut out, t);
            }
            out.put_u32(a.len);
        }
        out.put_u32(self.next_active_id);
        out.put_u32(self.active_scripts.len() as u32);
        for a in &self.active_scripts {
            out.put_u32(a.id);
            out.put_u8(a.kind);
        }
        self.instances.iter().for_each(|i| out.put(&i.data));
        self.references.iter().for_each(|r| out.put(&r.data));
        self.arrays.iter().for_each(|a| out.put(&a.data));
        out.put(&self.rest);
        out
    }

    /// A string of the table, decoded.
    pub fn string(&self, index: u32, encoding: &'static encoding_rs::Encoding) -> String {
        self.strings
            .get(index as usize)
            .map(|s| s.text(encoding))
            .unwrap_or_default()
    }

    /// The names of the scripts the save defines, by string index.
    pub fn defined_scripts(&self) -> HashSet<u32> {
        self.scripts.iter().map(|s| s.name).collect()
    }

    /// Handles something still points at: a variable of an instance, a
    /// reference or an array, or a handle-sized run of bytes in the part
    /// kept as bytes (active scripts' stacks may hold any handle, so every
    /// aligned or unaligned match there counts).
    pub fn handles_in_use(&self) -> HashSet<u64> {
        let mut used: HashSet<u64> = self
            .instances
            .iter()
            .flat_map(|i| &i.points_at)
            .chain(self.references.iter().flat_map(|r| &r.points_at))
            .chain(self.arrays.iter().flat_map(|a| &a.points_at))
            .copied()
            .collect();
        let width = if self.wide { 8 } else { 4 };
        let ids: HashSet<u64> = self.instances.iter().map(|i| i.id).collect();
        for w in self.rest.windows(width) {
            let mut b = [0u8; 8];
            b[..width].copy_from_slice(w);
            let h = u64::from_le_bytes(b);
            if ids.contains(&h) {
                used.insert(h);
            }
        }
        used
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An LE block whose string table passed 16 bits: the count and an
    /// index of 0xFFFF or more are stored as 0xFFFF then 32 bits.
    fn long_table_block(strings: u32, name: u32) -> Vec<u8> {
        let mut b = Vec::new();
        b.put_u16(4);
        b.put_u16(u16::MAX);
        b.put_u32(strings);
        for i in 0..strings {
            let s = format!("s{i}");
            b.put_u16(s.len() as u16);
            b.put(s.as_bytes());
        }
        b.put_u32(1);
        b.put_u16(u16::MAX);
        b.put_u32(name);
        b.put_u16(3);
        b.put_u32(0);
        for _ in 0..3 {
            b.put_u32(0); // instances, references, arrays
        }
        b.put_u32(7); // next active script ID
        b.put_u32(0);
        b.put(&[1, 2, 3]);
        b
    }

    #[test]
    fn an_le_string_table_past_16_bits_reads_and_writes_back() {
        let block = long_table_block(70_000, 69_999);
        let p = Papyrus::read(&block, false).unwrap();
        assert!(p.long_count);
        assert_eq!(p.strings.len(), 70_000);
        assert_eq!(p.scripts[0].name, 69_999);
        assert_eq!(p.scripts[0].parent, 3);
        assert_eq!(p.string(69_999, encoding_rs::WINDOWS_1252), "s69999");
        assert_eq!(p.rest, [1, 2, 3]);
        assert_eq!(p.write(), block);
    }

    #[test]
    fn an_index_of_exactly_0xffff_is_stored_long() {
        let block = long_table_block(70_000, 0xFFFF);
        let p = Papyrus::read(&block, false).unwrap();
        assert_eq!(p.scripts[0].name, 0xFFFF);
        assert_eq!(p.write(), block);
    }

    #[test]
    fn an_index_past_a_long_table_is_refused() {
        let block = long_table_block(70_000, 70_000);
        let e = Papyrus::read(&block, false).unwrap_err().to_string();
        assert!(e.contains("string 70000 of a table of 70000"), "{e}");
    }
}
