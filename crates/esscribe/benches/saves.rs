//! Reading and verifying save games: each save of the corpus folder
//! (`ESSCRIBE_CORPUS`, or `../shared/corpus`) read whole and written back
//! in memory, throughput counted in bytes of decompressed save. Without
//! the corpus there is nothing to measure, and the bench says so.
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

criterion_group!(benches, bench);
criterion_main!(benches);
