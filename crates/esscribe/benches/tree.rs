//! The text tree: unpacking the synthetic plugin (`esscribe::plugin::synth`)
//! into text (made and proven to give back the bytes, not written to disk,
//! so that the figure is esscribe's, not the file system's) and packing it
//! back from text held in memory.
//!
//!   cargo bench -p esscribe --features bench-support --bench tree
//!
//! `ESSCRIBE_TREE_BENCH_MB` sets the plugin's size (64 MB by default: its
//! tree is held in memory, about seven times the plugin).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use esscribe::plugin::{synth, Plugin};
use esscribe::tree::{self, CountingSink, MemoryTree};
use std::hint::black_box;
use std::path::Path;

fn tree_benches(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let Some(file) = synth::bench_file(&root, tmp, synth::bench_size("ESSCRIBE_TREE_BENCH_MB", 64))
    else {
        return;
    };
    let data = &file.plugin.bytes;
    let mut made = MemoryTree::default();
    tree::unpack(&Plugin::parse(data).unwrap(), "Synthetic.esm", &mut made).unwrap();
    let text: usize = made.files.values().map(Vec::len).sum();
    eprintln!(
        "tree: {} files, {:.1} MB of text",
        made.files.len(),
        text as f64 / 1e6
    );
    let mut g = c.benchmark_group("tree");
    g.throughput(Throughput::Bytes(data.len() as u64));
    g.sample_size(10);
    g.bench_function("unpack/text", |b| {
        b.iter(|| {
            let plugin = Plugin::parse(black_box(data)).unwrap();
            let mut sink = CountingSink::default();
            tree::unpack(&plugin, "Synthetic.esm", &mut sink).unwrap();
            sink.bytes
        })
    });
    g.bench_function("pack/from-text", |b| {
        b.iter(|| tree::pack(black_box(&made)).unwrap().bytes.len())
    });
    g.finish();
    let _ = std::fs::remove_file(&file.path);
}

criterion_group!(benches, tree_benches);
criterion_main!(benches);
