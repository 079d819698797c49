//! Large synthetic plugins for benchmarks, made by replicating the records
//! of a real plugin under new form IDs. Shared by this crate's benchmarks
//! and the comparison with other readers, so both measure the same file.

use super::{compress_record_data, Body, Game, Plugin, RecordHeader, FLAG_COMPRESSED};
use crate::io::{Error, FormId, Result, Sig, WriteLe};
use std::borrow::Cow;
use std::path::{Path, PathBuf};

/// Top groups are cut at this size. Some readers refuse groups larger than
/// 200 MB, and real files keep far below that.
const MAX_GROUP_LEN: usize = 64 << 20;

/// A built plugin and what went into it.
#[derive(Debug)]
pub struct Synthetic {
    /// The plugin file's bytes.
    pub bytes: Vec<u8>,
    /// The game of the seed plugin, whose layout it has.
    pub game: Game,
    /// Records written, the `TES4` header not counted.
    pub records: usize,
    /// Records among them stored compressed.
    pub compressed: usize,
    /// Groups written.
    pub groups: usize,
}

/// Builds a plugin of at least `min_len` bytes from `seed`'s records:
/// every record (wherever it sat in the seed's group tree) is copied again
/// and again into top groups by type, each copy with a new form ID of the
/// plugin's own. Every tenth record is stored compressed (records already
/// compressed in the seed stay so), and the header's record count is set
/// to what was written.
pub fn replicate(seed: &[u8], min_len: usize) -> Result<Synthetic> {
    let plugin = Plugin::parse(seed)?;
    let game = plugin.game;
    let own = plugin.masters()?.len() as u32;

    // Records by type, in first-seen order of the type.
    let mut by_sig: Vec<(Sig, Vec<&super::Record<'_>>)> = Vec::new();
    for r in plugin.records() {
        match by_sig.iter_mut().find(|(s, _)| *s == r.header.sig) {
            Some((_, list)) => list.push(r),
            None => by_sig.push((r.header.sig, vec![r])),
        }
    }
    let per_copy: usize = plugin
        .records()
        .map(|r| game.header_len() + r.header.data_size as usize)
        .sum();
    if per_copy == 0 {
        return Err(Error::invalid(0, "seed plugin has no records to replicate"));
    }
    // Compressed copies are smaller than the seed's records, so the first
    // estimate can fall short: build again with more copies until it fits.
    let mut copies = min_len.div_ceil(per_copy).max(1);
    loop {
        let built = build(&plugin, &by_sig, own, copies, min_len)?;
        if built.bytes.len() >= min_len {
            return Ok(built);
        }
        copies += (min_len - built.bytes.len()).div_ceil(per_copy).max(1);
    }
}

type BySig<'p, 'a> = [(Sig, Vec<&'p super::Record<'a>>)];

fn build(
    plugin: &Plugin<'_>,
    by_sig: &BySig<'_, '_>,
    own: u32,
    copies: usize,
    min_len: usize,
) -> Result<Synthetic> {
    let game = plugin.game;

    let mut out = Vec::with_capacity(min_len + min_len / 8);
    let header_at = 0;
    plugin.header.write(&mut out, game)?;
    let mut records = 0usize;
    let mut compressed = 0usize;
    let mut groups = 0usize;
    let mut next_id = 0x800u32;
    let mut nth = 0usize;
    for (sig, list) in by_sig {
        // Compressed once per seed record, not once per copy.
        let plain: Vec<_> = list.iter().map(|r| stored(r, false)).collect();
        let packed: Vec<_> = list.iter().map(|r| stored(r, true)).collect();
        let mut group_start = None;
        for _ in 0..copies {
            for (i, r) in list.iter().enumerate() {
                if group_start.is_none_or(|s| out.len() - s > MAX_GROUP_LEN) {
                    if let Some(s) = group_start {
                        close_group(&mut out, s);
                    }
                    group_start = Some(open_group(&mut out, *sig, game));
                    groups += 1;
                }
                let (flags, data) = if nth.is_multiple_of(10) {
                    &packed[i]
                } else {
                    &plain[i]
                };
                nth += 1;
                if next_id > 0x00FF_FFFF {
                    return Err(Error::invalid(0, "more records than a plugin has form IDs"));
                }
                let header = RecordHeader {
                    flags: *flags,
                    form_id: FormId(own << 24 | next_id),
                    data_size: data.len() as u32,
                    ..r.header
                };
                next_id += 1;
                header.write(&mut out, game);
                out.put(data);
                records += 1;
                compressed += usize::from(flags & FLAG_COMPRESSED != 0);
            }
        }
        if let Some(s) = group_start {
            close_group(&mut out, s);
        }
    }

    // HEDR's count covers records and groups, the header not included.
    let mut header = plugin.header.clone();
    let mut subs = header.subrecords(game)?;
    let hedr = subs
        .iter_mut()
        .find(|s| s.sig.0 == *b"HEDR" && s.data.len() >= 8)
        .ok_or_else(|| Error::invalid(0, "seed plugin has no HEDR"))?;
    hedr.data[4..8].copy_from_slice(&((records + groups) as i32).to_le_bytes());
    header.set_subrecords(subs);
    let mut head = Vec::new();
    header.write(&mut head, game)?;
    let old_len = game.header_len() + plugin.header.header.data_size as usize;
    out.splice(header_at..old_len, head);

    Ok(Synthetic {
        bytes: out,
        game,
        records,
        compressed,
        groups,
    })
}

/// A seed record's stored data and flags, compressed when asked (records
/// already compressed in the seed stay as they are).
fn stored<'r>(r: &'r super::Record<'_>, compress: bool) -> (u32, Cow<'r, [u8]>) {
    let Body::Stored(bytes) = &r.body else {
        unreachable!("a parsed record keeps its stored bytes")
    };
    if r.header.is_compressed() || !compress {
        (r.header.flags, Cow::Borrowed(&bytes[..]))
    } else {
        (
            r.header.flags | FLAG_COMPRESSED,
            Cow::Owned(compress_record_data(bytes).expect("a seed record is far below 4 GiB")),
        )
    }
}

fn open_group(out: &mut Vec<u8>, sig: Sig, game: Game) -> usize {
    let start = out.len();
    super::GroupHeader {
        size: 0,
        label: sig.0,
        group_type: 0,
        stamp: 0,
        unknown: 0,
    }
    .write(out, game);
    start
}

fn close_group(out: &mut [u8], start: usize) {
    let size = (out.len() - start) as u32;
    out[start + 4..start + 8].copy_from_slice(&size.to_le_bytes());
}

/// Records (header and stored data) by type, in first-seen order of the type.
type BySigData<'d> = Vec<(Sig, Vec<(RecordHeader, Cow<'d, [u8]>)>)>;

fn push<'d>(by_sig: &mut BySigData<'d>, h: RecordHeader, d: Cow<'d, [u8]>) {
    match by_sig.iter_mut().find(|(s, _)| *s == h.sig) {
        Some((_, list)) => list.push((h, d)),
        None => by_sig.push((h.sig, vec![(h, d)])),
    }
}

/// Where the first byte of a record's first OBND, DATA or DNAM subrecord
/// is in its (uncompressed) data: a number a plugin changing the record
/// would change.
fn numeric_field(data: &[u8]) -> Option<usize> {
    let mut pos = 0;
    while let Some(head) = data.get(pos..pos + 6) {
        let size = u16::from_le_bytes([head[4], head[5]]) as usize;
        if matches!(&head[..4], b"OBND" | b"DATA" | b"DNAM")
            && size > 0
            && pos + 6 + size <= data.len()
        {
            return Some(pos + 6);
        }
        pos += 6 + size;
    }
    None
}

/// A plugin of a synthetic load order: its file name and bytes.
pub type NamedPlugin = (String, Vec<u8>);

/// Builds `count` plugins on top of `master` (a plugin from
/// [`replicate`], loaded under the name `master_name`): plugin `k`
/// overrides `overrides` of the master's records, a window starting a
/// quarter of a window after plugin `k - 1`'s (so each record it touches is
/// touched by about four plugins; the windows take every n-th record, to
/// spread over the whole master), and adds `added` records of its own,
/// copies of the master's. One override in three changes a number of its
/// record (the first byte of its OBND, DATA or DNAM), so that plugins
/// disagree; compressed records are copied
/// unchanged. Every tenth plugin is flagged light, and so adds at most 2,048
/// records.
pub fn load_order(
    master: &[u8],
    master_name: &str,
    count: usize,
    overrides: usize,
    added: usize,
) -> Result<Vec<NamedPlugin>> {
    let plugin = Plugin::parse(master)?;
    let game = plugin.game;
    let mut masters = plugin.masters()?;
    let own = masters.len() as u32;
    masters.push(master_name.to_string());
    let records: Vec<&super::Record<'_>> = plugin.records().collect();
    if records.is_empty() || overrides > records.len() {
        return Err(Error::invalid(
            0,
            "master has fewer records than overrides asked for",
        ));
    }
    let hedr = plugin
        .header
        .subrecords(game)?
        .into_iter()
        .find(|s| s.sig.0 == *b"HEDR" && s.data.len() >= 12)
        .ok_or_else(|| Error::invalid(0, "master has no HEDR"))?;
    let step = (overrides / 4).max(1);
    // Windows are spread over the whole master, every `spread`-th record,
    // so that the overridden records are of every type it holds.
    let spread = (records.len() / (count * step + overrides + added).max(1)).max(1);
    let mut out = Vec::with_capacity(count);
    for k in 0..count {
        let light = game == Game::Skyrim && (k + 1).is_multiple_of(10);
        let added = if light { added.min(0x800) } else { added };
        let start = k * step;
        let nth = |i: usize| records[(i * spread) % records.len()];
        // (header, data) by type, in first-seen order of the type.
        let mut by_sig: BySigData<'_> = Vec::new();
        for j in 0..overrides {
            let r = nth(start + j);
            let Body::Stored(bytes) = &r.body else {
                unreachable!("a parsed record keeps its stored bytes")
            };
            let mut data = Cow::Borrowed(&bytes[..]);
            if j.is_multiple_of(3) && !r.header.is_compressed() {
                if let Some(at) = numeric_field(bytes) {
                    data.to_mut()[at] ^= (k as u8) | 1;
                }
            }
            push(&mut by_sig, r.header, data);
        }
        for j in 0..added {
            let r = nth(start + overrides + j);
            let Body::Stored(bytes) = &r.body else {
                unreachable!("a parsed record keeps its stored bytes")
            };
            let header = RecordHeader {
                form_id: FormId((own + 1) << 24 | (0x800 + j as u32)),
                ..r.header
            };
            push(&mut by_sig, header, Cow::Borrowed(&bytes[..]));
        }
        let mut body = Vec::new();
        let mut groups = 0;
        for (sig, list) in &by_sig {
            let at = open_group(&mut body, *sig, game);
            groups += 1;
            for (h, d) in list {
                let h = RecordHeader {
                    data_size: d.len() as u32,
                    ..*h
                };
                h.write(&mut body, game);
                body.put(d);
            }
            close_group(&mut body, at);
        }
        let mut hedr = hedr.clone();
        hedr.data[4..8].copy_from_slice(&((overrides + added + groups) as i32).to_le_bytes());
        hedr.data[8..12].copy_from_slice(&(0x800 + added as u32).to_le_bytes());
        let mut subs = vec![hedr];
        for m in &masters {
            let mut name = m.as_bytes().to_vec();
            name.push(0);
            subs.push(super::Subrecord::new(Sig(*b"MAST"), name));
            subs.push(super::Subrecord::new(Sig(*b"DATA"), vec![0; 8]));
        }
        let mut header = plugin.header.clone();
        header.header.flags = if light { super::FLAG_LIGHT } else { 0 };
        header.set_subrecords(subs);
        let mut bytes = Vec::with_capacity(body.len() + 256);
        header.write(&mut bytes, game)?;
        bytes.extend_from_slice(&body);
        out.push((format!("Synthetic{k:03}.esp"), bytes));
    }
    Ok(out)
}

/// The benchmark plugin, in memory and as a file.
pub struct BenchFile {
    /// The plugin, in memory.
    pub plugin: Synthetic,
    /// Where it was written.
    pub path: PathBuf,
}

/// The size a benchmark's plugin is asked to have, in bytes: the whole
/// megabytes the environment variable `var` gives, else `default_mb`.
pub fn bench_size(var: &str, default_mb: usize) -> usize {
    let mb = std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default_mb);
    mb * 1_000_000
}

/// Builds the benchmark plugin: Campfire.esm from the shared corpus beside
/// `project_root`, replicated to at least `min_len` bytes, and writes it to
/// `dir` for readers that take a path. `None`, after saying why, when the
/// corpus is absent.
pub fn bench_file(project_root: &Path, dir: &Path, min_len: usize) -> Option<BenchFile> {
    let seed_path = project_root.join("../shared/corpus/skyrim-plugins/Campfire.esm");
    let Ok(seed) = std::fs::read(&seed_path) else {
        eprintln!(
            "skipping: benchmarks replicate {}, which is absent",
            seed_path.display()
        );
        return None;
    };
    let plugin = replicate(&seed, min_len).expect("Campfire.esm replicates");
    std::fs::create_dir_all(dir).expect("benchmark temporary folder");
    let path = dir.join(format!("synthetic-{}.esm", plugin.bytes.len()));
    std::fs::write(&path, &plugin.bytes).expect("write the benchmark plugin");
    eprintln!(
        "synthetic plugin: {} bytes ({:.1} MB), {} records ({} compressed), {} groups, at {}",
        plugin.bytes.len(),
        plugin.bytes.len() as f64 / 1e6,
        plugin.records,
        plugin.compressed,
        plugin.groups,
        path.display()
    );
    Some(BenchFile { plugin, path })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugin::{Entry, Group, GroupHeader, Record, Subrecord};

    fn seed() -> Vec<u8> {
        let hedr = [
            1.7f32.to_le_bytes(),
            2i32.to_le_bytes(),
            0x800u32.to_le_bytes(),
        ]
        .concat();
        let mut tes4 = Record {
            header: RecordHeader {
                sig: Sig(*b"TES4"),
                data_size: 0,
                flags: 0,
                form_id: FormId(0),
                version_control: 0,
                form_version: 44,
                version_control_2: 0,
            },
            offset: 0,
            body: Body::Stored(Cow::Borrowed(&[])),
        };
        tes4.set_subrecords(vec![Subrecord::new(Sig(*b"HEDR"), hedr)]);
        let mut gmst = tes4.clone();
        gmst.header.sig = Sig(*b"GMST");
        gmst.header.form_id = FormId(0x801);
        gmst.set_subrecords(vec![Subrecord::new(Sig(*b"EDID"), vec![b'a'; 100])]);
        let entries = vec![Entry::Group(Group {
            header: GroupHeader {
                size: 0,
                label: *b"GMST",
                group_type: 0,
                stamp: 0,
                unknown: 0,
            },
            offset: 0,
            children: vec![Entry::Record(gmst)],
        })];
        Plugin::from_parts(Game::Skyrim, tes4, entries, None)
            .to_bytes()
            .unwrap()
    }

    #[test]
    fn replicas_are_unique_counted_and_partly_compressed() {
        let s = replicate(&seed(), 100_000).unwrap();
        assert!(s.bytes.len() >= 100_000);
        let p = Plugin::parse(&s.bytes).unwrap();
        assert_eq!(p.records().count(), s.records);
        assert_eq!(p.groups().count(), s.groups);
        let mut ids: Vec<u32> = p.records().map(|r| r.header.form_id.0).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), s.records);
        let compressed = p.records().filter(|r| r.header.is_compressed()).count();
        assert_eq!(compressed, s.compressed);
        assert_eq!(compressed, s.records.div_ceil(10));
        for r in p.records() {
            let subs = r.subrecords(p.game).unwrap();
            assert_eq!(subs[0].data, vec![b'a'; 100]);
        }
        let info = p.info().unwrap();
        assert_eq!(info.record_count as usize, s.records + s.groups);
    }
}
