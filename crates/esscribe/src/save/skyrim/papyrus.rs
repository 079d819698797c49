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
        let i = if self.wide {
            self.r.u32(what)?
        } else {
            self.r.u16(what)? as u32
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
        let n = if wide {
            p.r.u32("string count")? as usize
        } else {
            let n = p.r.u16("string count")?;
            if n == u16::MAX {
                return Err(Error::invalid(
                    2,
                    "a string table of 65,535 or more strings (extended by a plugin) is not read",
                ));
            }
            n as usize
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
            } else {
                out.put_u16(i as u16)
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
        if wide {
            out.put_u32(self.strings.len() as u32);
        } else {
            out.put_u16(self.strings.len() as u16);
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
