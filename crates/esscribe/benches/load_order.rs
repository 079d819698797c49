//! Conflicts of a synthetic load order: a large master replicated from
//! Campfire.esm's real records (see `esscribe::plugin::synth`) and 250
//! plugins that override its records (about four plugins per record, one
//! override in three changing a field) and add records of their own.
//!
//!   cargo bench -p esscribe --features bench-support --bench load_order
//!
//! `ESSCRIBE_BENCH_MASTER_MB` sets the master's size (500 by default). The
//! files are written under the target folder once and reused.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use esscribe::loadorder::{Category, ConflictFilter, LoadOrder, PluginFiles};
use esscribe::plugin::synth;
use std::path::{Path, PathBuf};

const PLUGINS: usize = 250;
const OVERRIDES: usize = 1000;
const ADDED: usize = 500;

/// The load order's files, built unless already there.
fn files(root: &Path) -> Option<Vec<PathBuf>> {
    let mb: usize = std::env::var("ESSCRIBE_BENCH_MASTER_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("load-order-{mb}mb"));
    let names: Vec<String> = std::iter::once("Synthetic.esm".to_string())
        .chain((0..PLUGINS).map(|k| format!("Synthetic{k:03}.esp")))
        .collect();
    let paths: Vec<PathBuf> = names.iter().map(|n| dir.join(n)).collect();
    if !paths.iter().all(|p| p.is_file()) {
        let tmp = dir.join("tmp");
        let master = synth::bench_file(root, &tmp, mb * 1_000_000)?;
        std::fs::rename(&master.path, &paths[0]).expect("move the master");
        let plugins = synth::load_order(
            &master.plugin.bytes,
            "Synthetic.esm",
            PLUGINS,
            OVERRIDES,
            ADDED,
        )
        .expect("plugins build");
        for (name, bytes) in plugins {
            std::fs::write(dir.join(name), bytes).expect("write a plugin");
        }
    }
    Some(paths)
}

fn conflicts(paths: &[PathBuf]) -> usize {
    let files = PluginFiles::open(paths);
    let order = LoadOrder::from_files(&files);
    order.conflicts(&ConflictFilter::default()).records.len()
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
        let report = order.conflicts(&ConflictFilter::default());
        let mut counts = std::collections::BTreeMap::new();
        for r in &report.records {
            *counts.entry(r.category).or_insert(0) += 1;
        }
        eprintln!(
            "load order: {} plugins, {:.1} MB, {} records in all; {} records compared: {:?}; {} plugin pairs",
            order.len(),
            total as f64 / 1e6,
            order.plugins().iter().map(|p| p.records.len()).sum::<usize>(),
            report.records.len(),
            counts,
            report.pairs.len()
        );
        assert!(counts.get(&Category::Conflict).is_some_and(|&n| n > 0));
        assert!(counts.get(&Category::Override).is_some_and(|&n| n > 0));
    }

    let mut g = c.benchmark_group("load-order");
    g.throughput(Throughput::Bytes(total));
    g.sample_size(10);
    g.bench_function("open+conflicts", |b| b.iter(|| conflicts(&paths)));
    let files = PluginFiles::open(&paths);
    g.bench_function("open", |b| b.iter(|| LoadOrder::from_files(&files).len()));
    let order = LoadOrder::from_files(&files);
    g.bench_function("conflicts", |b| {
        b.iter(|| order.conflicts(&ConflictFilter::default()).records.len())
    });
    g.finish();
}

criterion_group!(group, benches);
criterion_main!(group);
