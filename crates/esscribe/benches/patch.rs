//! The merged patch of a synthetic load order: the large master of the
//! `load_order` bench (Campfire.esm's real records replicated), a master
//! of leveled lists naming its items, and 250 plugins that each add to
//! 200 of the lists and change the names and values of 200 of the items,
//! half of them tagged `Names`, `Stats`, `Relev` and `Delev`.
//!
//!   cargo bench -p esscribe --features bench-support --bench patch
//!
//! `ESSCRIBE_BENCH_MASTER_MB` sets the large master's size (500 by
//! default). The files are written under the target folder once and
//! reused.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use esscribe::loadorder::{LoadOrder, PluginFiles};
use esscribe::patch::{build_patch, PatchOptions};
use esscribe::plugin::{encode_subrecords, parse_subrecords, synth, Body, Plugin, Subrecord};
use esscribe::Sig;
use std::path::{Path, PathBuf};

const PLUGINS: usize = 250;
const LISTS: usize = 20_000;
const LIST_OVERRIDES: usize = 200;
const ITEM_OVERRIDES: usize = 200;

fn sub(sig: &[u8; 4], data: Vec<u8>) -> Subrecord {
    Subrecord::new(Sig(*sig), data)
}

/// A Skyrim record: 24-byte header, then `data`.
fn record(out: &mut Vec<u8>, sig: &[u8], flags: u32, form_id: u32, data: &[u8]) {
    out.extend_from_slice(sig);
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out.extend_from_slice(&flags.to_le_bytes());
    out.extend_from_slice(&form_id.to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&44u16.to_le_bytes());
    out.extend_from_slice(&[0; 2]);
    out.extend_from_slice(data);
}

/// A top group of `sig` holding `body`.
fn group(out: &mut Vec<u8>, sig: &[u8; 4], body: &[u8]) {
    out.extend_from_slice(b"GRUP");
    out.extend_from_slice(&((24 + body.len()) as u32).to_le_bytes());
    out.extend_from_slice(sig);
    out.extend_from_slice(&[0; 12]);
    out.extend_from_slice(body);
}

/// A plugin header with `masters`, `count` records and groups, and a
/// description.
fn header(masters: &[&str], count: usize, description: &str, flags: u32) -> Vec<u8> {
    let mut hedr = 1.7f32.to_le_bytes().to_vec();
    hedr.extend_from_slice(&(count as i32).to_le_bytes());
    hedr.extend_from_slice(&0x800u32.to_le_bytes());
    let z = |s: &str| {
        let mut v = s.as_bytes().to_vec();
        v.push(0);
        v
    };
    let mut subs = vec![sub(b"HEDR", hedr), sub(b"SNAM", z(description))];
    for m in masters {
        subs.push(sub(b"MAST", z(m)));
        subs.push(sub(b"DATA", vec![0; 8]));
    }
    let mut out = Vec::new();
    record(&mut out, b"TES4", flags, 0, &encode_subrecords(&subs));
    out
}

/// A leveled item list naming `items`, each at a level of its own.
fn list_data(j: usize, items: &[u32]) -> Vec<u8> {
    let mut subs = vec![
        sub(b"EDID", format!("BenchList{j}\0").into_bytes()),
        sub(b"OBND", vec![0; 12]),
        sub(b"LVLD", vec![0]),
        sub(b"LVLF", vec![1]),
        sub(b"LLCT", vec![items.len() as u8]),
    ];
    for (k, id) in items.iter().enumerate() {
        let mut lvlo = ((k as u16 + 1) * 3).to_le_bytes().to_vec();
        lvlo.extend_from_slice(&[0, 0]);
        lvlo.extend_from_slice(&id.to_le_bytes());
        lvlo.extend_from_slice(&1u16.to_le_bytes());
        lvlo.extend_from_slice(&[0, 0]);
        subs.push(sub(b"LVLO", lvlo));
    }
    encode_subrecords(&subs)
}

/// The load order's files, built unless already there.
fn files(root: &Path) -> Option<Vec<PathBuf>> {
    let mb: usize = std::env::var("ESSCRIBE_BENCH_MASTER_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("patch-{mb}mb"));
    let names: Vec<String> = ["Synthetic.esm".to_string(), "Lists.esm".to_string()]
        .into_iter()
        .chain((0..PLUGINS).map(|k| format!("Patched{k:03}.esp")))
        .collect();
    let paths: Vec<PathBuf> = names.iter().map(|n| dir.join(n)).collect();
    if paths.iter().all(|p| p.is_file()) {
        return Some(paths);
    }
    let tmp = dir.join("tmp");
    let master = synth::bench_file(root, &tmp, mb * 1_000_000)?;
    std::fs::rename(&master.path, &paths[0]).expect("move the master");
    let plugin = Plugin::parse(&master.plugin.bytes).expect("the master reads");
    let mut masters = plugin.masters().expect("masters");
    masters.push("Synthetic.esm".into());
    // Items of the master, stored uncompressed, whose names and values
    // the plugins change.
    let items: Vec<_> = plugin
        .records()
        .filter(|r| {
            matches!(&r.header.sig.0, b"MISC" | b"WEAP" | b"ARMO") && !r.header.is_compressed()
        })
        .collect();
    assert!(items.len() > 1000, "the master has {} items", items.len());
    let item_id = |k: usize| items[k % items.len()].header.form_id.0;
    // Lists.esm: its own lists are numbered past its masters.
    let own = (masters.len() as u32) << 24;
    let mut body = Vec::new();
    for j in 0..LISTS {
        let named: Vec<u32> = (0..4).map(|k| item_id(j * 4 + k)).collect();
        record(
            &mut body,
            b"LVLI",
            0,
            own | (0x800 + j as u32),
            &list_data(j, &named),
        );
    }
    let master_names: Vec<&str> = masters.iter().map(String::as_str).collect();
    let mut lists = header(&master_names, LISTS + 1, "", 1);
    group(&mut lists, b"LVLI", &body);
    std::fs::write(&paths[1], lists).expect("write the lists");
    let mut all = master_names.clone();
    all.push("Lists.esm");
    for k in 0..PLUGINS {
        let mut lvli = Vec::new();
        for i in 0..LIST_OVERRIDES {
            let j = (k * 80 + i) % LISTS;
            let mut named: Vec<u32> = (0..4).map(|n| item_id(j * 4 + n)).collect();
            // One plugin in five drops the list's first entry.
            if k % 5 == 0 {
                named.remove(0);
            }
            named.push(item_id(k * 7919 + i * 31));
            record(
                &mut lvli,
                b"LVLI",
                0,
                own | (0x800 + j as u32),
                &list_data(j, &named),
            );
        }
        let mut changed: std::collections::BTreeMap<u32, Vec<u8>> = Default::default();
        for i in 0..ITEM_OVERRIDES {
            let r = items[(k * 131 + i * 17) % items.len()];
            let Body::Stored(stored) = &r.body else {
                unreachable!("read records keep their bytes")
            };
            let mut subs = parse_subrecords(stored, 0).expect("an item reads");
            for s in &mut subs {
                match &s.sig.0 {
                    b"FULL" => s.data = format!("Item of plugin {k}\0").into_bytes(),
                    b"DATA" if !s.data.is_empty() => s.data[0] ^= (k as u8) | 1,
                    _ => {}
                }
            }
            let mut out = Vec::new();
            record(
                &mut out,
                &r.header.sig.0,
                r.header.flags,
                r.header.form_id.0,
                &encode_subrecords(&subs),
            );
            changed.insert(r.header.form_id.0, out);
        }
        let mut by_sig: std::collections::BTreeMap<[u8; 4], Vec<u8>> = Default::default();
        for bytes in changed.values() {
            let sig: [u8; 4] = bytes[..4].try_into().unwrap();
            by_sig.entry(sig).or_default().extend_from_slice(bytes);
        }
        let tags = if k % 2 == 0 {
            "{{BASH:Names,Stats,Relev,Delev}}"
        } else {
            ""
        };
        let count = LIST_OVERRIDES + changed.len() + 1 + by_sig.len();
        let mut out = header(&all, count, tags, 0);
        group(&mut out, b"LVLI", &lvli);
        for (sig, bytes) in &by_sig {
            group(&mut out, sig, bytes);
        }
        std::fs::write(&paths[2 + k], out).expect("write a plugin");
    }
    Some(paths)
}

fn patch_of(paths: &[PathBuf]) -> usize {
    let files = PluginFiles::open(paths);
    let order = LoadOrder::from_files(&files);
    let patch = build_patch(&order, &PatchOptions::new("Bashed Patch, 0.esp")).unwrap();
    patch.report.records.len()
}

fn benches(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let Some(paths) = files(&root) else {
        return;
    };
    let total: u64 = paths
        .iter()
        .map(|p| std::fs::metadata(p).unwrap().len())
        .sum();
    {
        let files = PluginFiles::open(&paths);
        let order = LoadOrder::from_files(&files);
        let patch = build_patch(&order, &PatchOptions::new("Bashed Patch, 0.esp")).unwrap();
        let by_type = patch.report.records.iter().fold(
            std::collections::BTreeMap::<&str, usize>::new(),
            |mut m, r| {
                *m.entry(r.signature.as_str()).or_default() += 1;
                m
            },
        );
        eprintln!(
            "load order: {} plugins, {:.1} MB; patch: {:?} records {by_type:?}, {} left out, {} bytes in {} plugins",
            order.len(),
            total as f64 / 1e6,
            patch.report.records.len(),
            patch.report.left_out.len(),
            patch.files.iter().map(|f| f.bytes.len()).sum::<usize>(),
            patch.files.len()
        );
        assert!(
            patch.report.left_out.is_empty(),
            "{:?}",
            patch.report.left_out.first()
        );
        assert!(by_type.get("LVLI").is_some_and(|&n| n > 0));
    }
    let mut g = c.benchmark_group("patch");
    g.throughput(Throughput::Bytes(total));
    g.sample_size(10);
    g.bench_function("open+patch", |b| b.iter(|| patch_of(&paths)));
    let files = PluginFiles::open(&paths);
    let order = LoadOrder::from_files(&files);
    g.bench_function("patch", |b| {
        b.iter(|| {
            build_patch(&order, &PatchOptions::new("Bashed Patch, 0.esp"))
                .unwrap()
                .report
                .records
                .len()
        })
    });
    g.finish();
}

criterion_group!(patch_benches, benches);
criterion_main!(patch_benches);
