//! esscribe against other Rust plugin readers, in one run, on one synthetic
//! Skyrim plugin of 250+ MB built from Campfire.esm's records
//! (`esscribe::plugin::synth`), read from a file (warm in the page cache):
//!
//! - full read: esscribe's walk of every subrecord, compressed records
//!   inflated, against `esp_extractor::Plugin::load`, which parses every
//!   record into owned subrecords (inflating compressed ones);
//! - header scan: esscribe's `plugin::scan` (groups, record headers, form
//!   IDs collected, no tree) and its tree-building parse, against
//!   esplugin's whole-plugin parse, which collects every form ID.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use esscribe::plugin::{open_mmap, synth};
use rayon::prelude::*;
use std::path::Path;

const MIN_LEN: usize = 250_000_000;

fn esscribe_walk(path: &Path) -> usize {
    let file = open_mmap(path).unwrap();
    let plugin = file.parse().unwrap();
    let mut n = 0usize;
    for r in plugin.records() {
        r.for_each_subrecord(plugin.game, |s| n += s.data.len())
            .unwrap();
    }
    n
}

fn esscribe_par_walk(path: &Path) -> usize {
    let file = open_mmap(path).unwrap();
    let plugin = file.parse().unwrap();
    plugin
        .par_records()
        .map(|r| {
            let mut n = 0usize;
            r.for_each_subrecord(plugin.game, |s| n += s.data.len())
                .map(|()| n)
        })
        .try_reduce(|| 0, |a, b| Ok(a + b))
        .unwrap()
}

fn esscribe_scan(path: &Path) -> usize {
    let file = open_mmap(path).unwrap();
    let plugin = file.parse().unwrap();
    let ids: Vec<u32> = plugin.records().map(|r| r.header.form_id.0).collect();
    ids.len()
}

fn esscribe_header_scan(path: &Path) -> usize {
    let file = open_mmap(path).unwrap();
    let mut ids = Vec::new();
    esscribe::plugin::scan(&file, |item| {
        if let esscribe::plugin::ScanItem::Record { header, .. } = item {
            ids.push(header.form_id.0);
        }
    })
    .unwrap();
    ids.len()
}

fn esp_extractor_load(path: &Path) -> usize {
    let plugin = esp_extractor::Plugin::load(path.to_path_buf()).unwrap();
    plugin.groups.len()
}

fn esplugin_parse(path: &Path) -> bool {
    let mut plugin = esplugin::Plugin::new(esplugin::GameId::Skyrim, path);
    plugin
        .parse_file(esplugin::ParseOptions::whole_plugin())
        .unwrap();
    plugin.is_master_file()
}

fn benches(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let Some(file) = synth::bench_file(&root, Path::new(env!("CARGO_TARGET_TMPDIR")), MIN_LEN)
    else {
        return;
    };
    let path = file.path.as_path();
    let len = file.plugin.bytes.len() as u64;
    // Both walks see every byte of subrecord data.
    assert_eq!(esscribe_walk(path), esscribe_par_walk(path));
    assert_eq!(esscribe_scan(path), file.plugin.records);
    assert_eq!(esscribe_header_scan(path), file.plugin.records);
    drop(file.plugin.bytes);

    let mut g = c.benchmark_group("full-read");
    g.throughput(Throughput::Bytes(len));
    g.sample_size(10);
    g.bench_function("esscribe walk", |b| b.iter(|| esscribe_walk(path)));
    g.bench_function("esscribe parallel walk", |b| {
        b.iter(|| esscribe_par_walk(path))
    });
    g.bench_function("esp_extractor Plugin::load", |b| {
        b.iter(|| esp_extractor_load(path))
    });
    g.finish();

    let mut g = c.benchmark_group("header-scan");
    g.throughput(Throughput::Bytes(len));
    g.sample_size(10);
    g.bench_function("esscribe scan", |b| b.iter(|| esscribe_header_scan(path)));
    g.bench_function("esscribe parse", |b| b.iter(|| esscribe_scan(path)));
    g.bench_function("esplugin whole_plugin", |b| b.iter(|| esplugin_parse(path)));
    g.finish();
    let _ = std::fs::remove_file(path);
}

criterion_group!(group, benches);
criterion_main!(group);
