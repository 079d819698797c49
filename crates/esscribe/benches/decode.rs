//! Decoding throughput: (1) every record of the 250+ MB synthetic plugin
//! (`esscribe::plugin::synth`) decoded field by field by its declaration
//! into typed values (`schema::view`, as `stats` does), the same shown as
//! JSON values (`record_to_json`, as edits through JSON read records), and
//! the whole plugin's JSON written as text (`write_plugin_json`, as
//! `dump --json` writes it); (2) every save of the corpus read with its
//! change records decoded.
//!
//!   cargo bench -p esscribe --features bench-support --bench decode

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use esscribe::json::{form_ctx, record_to_json, write_plugin_json};
use esscribe::plugin::{synth, Plugin};
use esscribe::save::SaveFile;
use esscribe::schema;
use rayon::prelude::*;
use std::hint::black_box;
use std::path::Path;

const MIN_LEN: usize = 250_000_000;

/// Decodes every record, in turn or in parallel, typed or as JSON;
/// returns how many subrecords were decoded.
fn decode_all(data: &[u8], parallel: bool, json: bool) -> u64 {
    let plugin = Plugin::parse(data).unwrap();
    let ctx = form_ctx(&plugin, "Synthetic.esm");
    let decoded = |r: &esscribe::plugin::Record<'_>| {
        let coverage = if json {
            record_to_json(r, plugin.game, &ctx).unwrap().coverage
        } else {
            schema::with_view(r, esscribe::defs::catalog(plugin.game), &ctx, |v| {
                v.coverage()
            })
            .unwrap()
            .unwrap_or_default()
        };
        coverage.decoded
    };
    if parallel {
        plugin.par_records().map(decoded).sum()
    } else {
        plugin.records().map(decoded).sum()
    }
}

/// A writer that keeps only how many bytes it was given.
struct Counted(u64);

impl std::io::Write for Counted {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn plugin_benches(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let Some(file) = synth::bench_file(&root, Path::new(env!("CARGO_TARGET_TMPDIR")), MIN_LEN)
    else {
        return;
    };
    let data = &file.plugin.bytes;
    let mut g = c.benchmark_group("decode");
    g.throughput(Throughput::Bytes(data.len() as u64));
    g.sample_size(10);
    g.bench_function("plugin/declared", |b| {
        b.iter(|| decode_all(black_box(data), false, false))
    });
    g.bench_function("plugin/declared-parallel", |b| {
        b.iter(|| decode_all(black_box(data), true, false))
    });
    g.bench_function("plugin/json-parallel", |b| {
        b.iter(|| decode_all(black_box(data), true, true))
    });
    g.bench_function("plugin/json-written", |b| {
        b.iter(|| {
            let plugin = Plugin::parse(black_box(data)).unwrap();
            let mut written = Counted(0);
            write_plugin_json(&plugin, "Synthetic.esm", None, &mut written).unwrap();
            written.0
        })
    });
    g.finish();
    let _ = std::fs::remove_file(&file.path);
}

fn save_benches(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/oblivion-saves");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("skipping save benchmarks: no corpus at {}", dir.display());
        return;
    };
    let saves: Vec<Vec<u8>> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("ess")))
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    let total: usize = saves.iter().map(Vec::len).sum();
    let mut g = c.benchmark_group("decode");
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("saves/all-corpus", |b| {
        b.iter(|| {
            saves
                .iter()
                .map(|s| SaveFile::parse(black_box(s)).unwrap().changes.len())
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(group, save_benches, plugin_benches);
criterion_main!(group);
