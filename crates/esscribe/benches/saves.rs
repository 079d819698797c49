//! Reading and verifying save games: each save of the corpus folder
//! (`ESSCRIBE_CORPUS`, or `../shared/corpus`) read whole and written back
//! in memory, throughput counted in bytes of decompressed save; and for
//! Oblivion saves, one edit through the record model (the player's change
//! record as fields, its actor flag set, applied). Without the corpus there
//! is nothing to measure, and the bench says so.
//!
//!   cargo bench -p esscribe --bench saves

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use esscribe::save::skyrim::SkyrimSave;
use esscribe::save::SaveFile;
use std::hint::black_box;
use std::path::{Path, PathBuf};

fn corpus() -> PathBuf {
    std::env::var_os("ESSCRIBE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"))
}

fn saves(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            saves(&p, out);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("ess")) {
            out.push(p);
        }
    }
}

fn bench(c: &mut Criterion) {
    let mut paths = Vec::new();
    saves(&corpus(), &mut paths);
    paths.sort();
    if paths.is_empty() {
        eprintln!("no saves under {}: nothing to measure", corpus().display());
        return;
    }
    let mut group = c.benchmark_group("save read + write back + compare");
    group.sample_size(20);
    for path in paths {
        let data = std::fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        match esscribe::save::game_of_save(&data) {
            Some(esscribe::Game::Skyrim) => {
                let save = SkyrimSave::parse(&data).unwrap();
                // Throughput in bytes of the save as its reader sees it:
                // the body inflated.
                let inflated = data.len() + body_growth(&save, &data);
                group.throughput(Throughput::Bytes(inflated as u64));
                group.bench_function(&name, |b| {
                    b.iter(|| {
                        let s = SkyrimSave::parse(black_box(&data)).unwrap();
                        assert!(s.to_bytes().unwrap() == data);
                        assert!(s.check().is_empty());
                    })
                });
            }
            Some(_) => {
                group.throughput(Throughput::Bytes(data.len() as u64));
                group.bench_function(&name, |b| {
                    b.iter(|| {
                        let s = SaveFile::parse(black_box(&data)).unwrap();
                        assert!(s.to_bytes().unwrap() == data);
                    })
                });
            }
            None => {}
        }
    }
    group.finish();
}

/// How many more bytes the body takes inflated than stored (its two
/// sizes, after the screenshot, say).
fn body_growth(save: &SkyrimSave, data: &[u8]) -> usize {
    use esscribe::save::skyrim::Compression;
    if matches!(save.header.compression, None | Some(Compression::None)) {
        return 0;
    }
    let word = |at: usize| u32::from_le_bytes(data[at..at + 4].try_into().unwrap()) as usize;
    let at = 17 + word(13) + save.screenshot.len();
    word(at) - word(at + 4)
}

/// One edit of the player's record through the record model, on a copy
/// of the parsed save: fields, a value set, the record read alone by its
/// table and its chunk decoded again.
fn edit_bench(c: &mut Criterion) {
    use esscribe::save::change::{PLAYER_REF, TYPE_ACHR};
    let mut paths = Vec::new();
    saves(&corpus(), &mut paths);
    paths.sort();
    let mut group = c.benchmark_group("save edit through the record model");
    group.sample_size(20);
    for path in paths {
        let data = std::fs::read(&path).unwrap();
        if esscribe::save::game_of_save(&data) != Some(esscribe::Game::Oblivion) {
            continue;
        }
        let save = SaveFile::parse(&data).unwrap();
        let Ok(fields) = save.record_fields(PLAYER_REF, Some(TYPE_ACHR)) else {
            continue;
        };
        let Ok(flag) = fields.int("actor_flag") else {
            continue;
        };
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        group.bench_function(&name, |b| {
            b.iter_batched(
                || save.clone(),
                |mut s| {
                    let mut f = s.record_fields(PLAYER_REF, Some(TYPE_ACHR)).unwrap();
                    f.set("actor_flag", flag ^ 1).unwrap();
                    s.apply(&f).unwrap();
                    s
                },
                criterion::BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, bench, edit_bench);
criterion_main!(benches);
