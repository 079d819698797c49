//! A plugin's JSON form: the synthetic plugin (`esscribe::plugin::synth`)
//! printed as `dump --json` prints it (to a sink that only counts), and
//! built back from that text, checked as `build` checks it, to its very
//! bytes. Throughput is of the plugin, not of its text (about nine times
//! as long).
//!
//!   cargo bench -p esscribe --features bench-support --bench json
//!
//! `ESSCRIBE_JSON_BENCH_MB` sets the plugin's size (32 MB by default: its
//! text is held in memory).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use esscribe::json::{build_plugin_from_text, write_plugin_json};
use esscribe::plugin::{synth, Plugin};
use std::hint::black_box;
use std::path::Path;

/// Counts what is written to it.
struct Counting(usize);

impl std::io::Write for Counting {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn json_benches(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let Some(file) = synth::bench_file(&root, tmp, synth::bench_size("ESSCRIBE_JSON_BENCH_MB", 32))
    else {
        return;
    };
    let data = &file.plugin.bytes;
    let plugin = Plugin::parse(data).unwrap();
    let mut text = Vec::new();
    write_plugin_json(&plugin, "Synthetic.esm", None, &mut text).unwrap();
    drop(plugin);
    let built = build_plugin_from_text(&text, &|_| {}).unwrap();
    assert!(built.bytes == *data && built.built_directly());
    eprintln!("json: {:.1} MB of text", text.len() as f64 / 1e6);
    let mut g = c.benchmark_group("json");
    g.throughput(Throughput::Bytes(data.len() as u64));
    g.sample_size(10);
    g.bench_function("dump", |b| {
        b.iter(|| {
            let plugin = Plugin::parse(black_box(data)).unwrap();
            let mut sink = Counting(0);
            write_plugin_json(&plugin, "Synthetic.esm", None, &mut sink).unwrap();
            sink.0
        })
    });
    g.bench_function("build", |b| {
        b.iter(|| {
            let built = build_plugin_from_text(black_box(&text), &|_| {}).unwrap();
            built.check_written(&built.bytes).unwrap();
            built.bytes.len()
        })
    });
    g.finish();
    let _ = std::fs::remove_file(&file.path);
}

criterion_group!(benches, json_benches);
criterion_main!(benches);
