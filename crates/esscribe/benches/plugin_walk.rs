//! Read-path throughput on a synthetic plugin of 250+ MB built from real
//! records (see `esscribe::plugin::synth`): the full walk of every
//! subrecord with decompression, and the header-only scan.
//!
//!   cargo bench -p esscribe --features bench-support --bench plugin_walk

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use esscribe::plugin::{open_mmap, synth, Game, Plugin, ScanItem};
use rayon::prelude::*;
use std::hint::black_box;
use std::path::Path;

const MIN_LEN: usize = 250_000_000;

/// Parses and visits every subrecord of every record, inflating compressed
/// ones; returns a checksum so nothing can be optimised away.
fn walk(data: &[u8]) -> usize {
    let plugin = Plugin::parse(data).unwrap();
    let mut n = 0usize;
    for r in plugin.records() {
        r.for_each_subrecord(plugin.game, |s| n += s.data.len() ^ s.sig.0[0] as usize)
            .unwrap();
    }
    n
}

fn par_walk(data: &[u8]) -> usize {
    let plugin = Plugin::parse(data).unwrap();
    plugin
        .par_records()
        .map(|r| {
            let mut n = 0usize;
            r.for_each_subrecord(plugin.game, |s| n += s.data.len() ^ s.sig.0[0] as usize)
                .map(|()| n)
        })
        .try_reduce(|| 0, |a, b| Ok(a + b))
        .unwrap()
}

/// Groups, record headers and form IDs; no subrecords, no tree.
fn header_scan(data: &[u8]) -> usize {
    let mut ids = Vec::new();
    let mut groups = 0;
    esscribe::plugin::scan(data, |item| match item {
        ScanItem::Record { header, .. } => ids.push(header.form_id.0),
        ScanItem::Group { .. } => groups += 1,
    })
    .unwrap();
    ids.len() + groups
}

/// The same through the parsed tree.
fn header_parse(data: &[u8]) -> usize {
    let plugin = Plugin::parse(data).unwrap();
    let ids: Vec<u32> = plugin.records().map(|r| r.header.form_id.0).collect();
    ids.len() + plugin.groups().count()
}

fn benches(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let Some(file) = synth::bench_file(&root, Path::new(env!("CARGO_TARGET_TMPDIR")), MIN_LEN)
    else {
        return;
    };
    let data = &file.plugin.bytes;
    assert_eq!(file.plugin.game, Game::Skyrim);
    let expected = walk(data);
    assert_eq!(header_scan(data), header_parse(data));

    let mut g = c.benchmark_group("plugin");
    g.throughput(Throughput::Bytes(data.len() as u64));
    g.sample_size(10);
    g.bench_function("walk/in-memory", |b| b.iter(|| walk(black_box(data))));
    g.bench_function("walk/mmap", |b| {
        b.iter(|| walk(&open_mmap(&file.path).unwrap()))
    });
    g.bench_function("walk/mmap-parallel", |b| {
        b.iter(|| {
            let n = par_walk(&open_mmap(&file.path).unwrap());
            assert_eq!(n, expected);
            n
        })
    });
    g.bench_function("header-scan/in-memory", |b| {
        b.iter(|| header_scan(black_box(data)))
    });
    g.bench_function("header-scan/mmap", |b| {
        b.iter(|| header_scan(&open_mmap(&file.path).unwrap()))
    });
    g.bench_function("header-parse/mmap", |b| {
        b.iter(|| header_parse(&open_mmap(&file.path).unwrap()))
    });
    g.finish();
    let _ = std::fs::remove_file(&file.path);
}

criterion_group!(group, benches);
criterion_main!(group);
