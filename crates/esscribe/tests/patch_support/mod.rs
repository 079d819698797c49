//! A reader of plugin files written for the merged patch's tests, apart
//! from the library's: records found by walking the bytes, compressed
//! records inflated with flate2, leveled list entries (LVLO) decoded by
//! hand from UESP's layout (Skyrim: level u16, 2 unused bytes, reference
//! u32, count u16, 2 unused bytes).
#![allow(dead_code)]

use std::io::Read;

/// A plugin as this reader sees it.
pub struct RawPlugin {
    pub masters: Vec<String>,
    pub name: String,
    pub records: Vec<RawRecord>,
}

/// One record: type, flags, form ID as stored, data inflated.
pub struct RawRecord {
    pub sig: [u8; 4],
    pub flags: u32,
    pub form_id: u32,
    pub data: Vec<u8>,
}

/// A leveled list entry: the file and object it names (file in lowercase),
/// level and count.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct RawEntry {
    pub file: String,
    pub object: u32,
    pub level: u16,
    pub count: u16,
}

fn u16_at(b: &[u8], i: usize) -> u16 {
    u16::from_le_bytes([b[i], b[i + 1]])
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}

/// The subrecords of a record's data: (type, data).
pub fn subrecords(data: &[u8]) -> Vec<([u8; 4], &[u8])> {
    let mut out = Vec::new();
    let mut pos = 0;
    let mut big: Option<usize> = None;
    while pos + 6 <= data.len() {
        let sig: [u8; 4] = data[pos..pos + 4].try_into().unwrap();
        let size = big.take().unwrap_or(u16_at(data, pos + 4) as usize);
        let body = &data[pos + 6..pos + 6 + size];
        if &sig == b"XXXX" {
            big = Some(u32_at(body, 0) as usize);
        } else {
            out.push((sig, body));
        }
        pos += 6 + size;
    }
    out
}

/// Reads a Skyrim plugin (24-byte record and group headers).
pub fn read_skyrim(bytes: &[u8], name: &str) -> RawPlugin {
    const HL: usize = 24;
    let header_size = u32_at(bytes, 4) as usize;
    let masters = subrecords(&bytes[HL..HL + header_size])
        .into_iter()
        .filter(|(s, _)| s == b"MAST")
        .map(|(_, d)| String::from_utf8_lossy(d.strip_suffix(&[0]).unwrap_or(d)).into_owned())
        .collect();
    let mut records = Vec::new();
    let mut pos = HL + header_size;
    while pos + HL <= bytes.len() {
        let sig: [u8; 4] = bytes[pos..pos + 4].try_into().unwrap();
        let size = u32_at(bytes, pos + 4) as usize;
        if &sig == b"GRUP" {
            // Into the group: its records follow its header.
            pos += HL;
            continue;
        }
        let flags = u32_at(bytes, pos + 8);
        let form_id = u32_at(bytes, pos + 12);
        let stored = &bytes[pos + HL..pos + HL + size];
        let data = if flags & 0x0004_0000 != 0 {
            let mut out = Vec::new();
            flate2::read::ZlibDecoder::new(&stored[4..])
                .read_to_end(&mut out)
                .unwrap();
            out
        } else {
            stored.to_vec()
        };
        records.push(RawRecord {
            sig,
            flags,
            form_id,
            data,
        });
        pos += HL + size;
    }
    RawPlugin {
        masters,
        name: name.to_string(),
        records,
    }
}

impl RawPlugin {
    /// The file a stored form ID belongs to (lowercase) and its object ID.
    pub fn resolve(&self, id: u32) -> (String, u32) {
        let top = (id >> 24) as usize;
        let file = self.masters.get(top).unwrap_or(&self.name);
        (file.to_lowercase(), id & 0xFF_FFFF)
    }

    /// The record of type `sig` that is object `object` of `file`.
    pub fn find(&self, sig: &[u8; 4], file: &str, object: u32) -> Option<&RawRecord> {
        self.records
            .iter()
            .find(|r| &r.sig == sig && self.resolve(r.form_id) == (file.to_lowercase(), object))
    }

    /// A Skyrim leveled list's entries, in stored order, and its LLCT.
    pub fn leveled_entries(&self, record: &RawRecord) -> (Vec<RawEntry>, Option<u8>) {
        let mut entries = Vec::new();
        let mut count = None;
        for (sig, d) in subrecords(&record.data) {
            match &sig {
                b"LLCT" => count = Some(d[0]),
                b"LVLO" => {
                    let (file, object) = self.resolve(u32_at(d, 4));
                    entries.push(RawEntry {
                        file,
                        object,
                        level: u16_at(d, 0),
                        count: u16_at(d, 8),
                    });
                }
                _ => {}
            }
        }
        (entries, count)
    }
}

/// The union of list versions (in load order) by what entries name: the
/// first version's entries, then each later version's entries naming
/// what no earlier version names; ordered by level, equal levels as
/// they came.
pub fn union_by_reference(versions: &[Vec<RawEntry>]) -> Vec<RawEntry> {
    let mut out: Vec<RawEntry> = Vec::new();
    let mut named: std::collections::BTreeSet<(String, u32)> = Default::default();
    for v in versions {
        let fresh: Vec<RawEntry> = v
            .iter()
            .filter(|e| !named.contains(&(e.file.clone(), e.object)))
            .cloned()
            .collect();
        for e in v {
            named.insert((e.file.clone(), e.object));
        }
        out.extend(fresh);
    }
    out.sort_by_key(|e| e.level);
    out
}
