//! BSA archives: a synthetic archive of 20,000 small files (200 folders of
//! 100), written once per version into the target's temporary folder,
//! then listed (the directory only), read whole (every file inflated in
//! memory) and extracted into a folder.
//!
//!   cargo bench -p esscribe --features bench-support --bench archive

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use esscribe::archive::{Archive, ArchiveBuilder, Version};
use esscribe::tree::{DirTree, TreeSink};
use std::hint::black_box;
use std::path::{Path, PathBuf};

const FOLDERS: usize = 200;
const FILES_PER_FOLDER: usize = 100;

/// Text-like bytes of 500 to 8,000 bytes, different for each file: they
/// compress about as well as the games' scripts and text files do.
fn file_bytes(n: usize) -> Vec<u8> {
    let words = [
        "sword ",
        "shield ",
        "dragon ",
        "Whiterun ",
        "0.5 ",
        "scroll ",
        "ingot ",
        "\n",
        "iron ",
        "1024 ",
    ];
    let len = 500 + (n * 7919) % 7500;
    let mut out = Vec::with_capacity(len + 16);
    let mut x = n as u32 ^ 0x9E37_79B9;
    while out.len() < len {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        out.extend_from_slice(words[x as usize % words.len()].as_bytes());
    }
    out.truncate(len);
    out
}

fn write_archive(dir: &Path, version: Version) -> (PathBuf, u64) {
    let mut b = ArchiveBuilder::new(version).compressed_by_default(true);
    let mut raw = 0u64;
    for f in 0..FOLDERS {
        for i in 0..FILES_PER_FOLDER {
            let bytes = file_bytes(f * FILES_PER_FOLDER + i);
            raw += bytes.len() as u64;
            b = b.file(
                &format!("meshes\\synthetic\\folder{f:03}\\file{i:03}.nif"),
                bytes,
            );
        }
    }
    let path = dir.join(format!("Synthetic{}.bsa", version.number()));
    std::fs::write(&path, b.build().unwrap()).unwrap();
    (path, raw)
}

fn archive_benches(c: &mut Criterion) {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("archive-bench");
    std::fs::create_dir_all(&tmp).unwrap();
    for version in [Version::Skyrim, Version::SkyrimSe] {
        let (path, raw) = write_archive(&tmp, version);
        let size = std::fs::metadata(&path).unwrap().len();
        eprintln!(
            "archive {}: {} files, {:.1} MB ({:.1} MB inflated)",
            version.number(),
            FOLDERS * FILES_PER_FOLDER,
            size as f64 / 1e6,
            raw as f64 / 1e6
        );
        let mut g = c.benchmark_group(format!("archive/{}", version.number()));
        g.sample_size(10);
        g.throughput(Throughput::Elements((FOLDERS * FILES_PER_FOLDER) as u64));
        g.bench_function("list", |b| {
            b.iter(|| Archive::open(black_box(&path)).unwrap().entries().len())
        });
        let archive = Archive::open(&path).unwrap();
        g.throughput(Throughput::Bytes(raw));
        g.bench_function("read-all", |b| {
            b.iter(|| {
                archive
                    .entries()
                    .iter()
                    .map(|e| archive.read(e).unwrap().len())
                    .sum::<usize>()
            })
        });
        let out = tmp.join("extracted");
        g.bench_function("extract-all", |b| {
            b.iter(|| {
                let _ = std::fs::remove_dir_all(&out);
                let mut tree = DirTree::new(&out);
                for e in archive.entries() {
                    let bytes = archive.read(e).unwrap();
                    tree.file(&e.path.replace('\\', "/"), &bytes).unwrap();
                }
            })
        });
        g.finish();
        let _ = std::fs::remove_dir_all(&out);
        let _ = std::fs::remove_file(&path);
    }
}

/// The string tables of Skyrim.esm as the game ships them, inside
/// `Skyrim - Interface.bsa` (compressed, as Skyrim SE's is): about the
/// real sizes (100,000 names, 20,000 descriptions, 30,000 lines of
/// dialogue), loaded for a plugin beside the archive.
fn string_tables_from_archive(c: &mut Criterion) {
    use esscribe::plugin::strings::{build_table, StringKind, StringTables};
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("strings-bench");
    std::fs::create_dir_all(&tmp).unwrap();
    let texts = |n: u32, len: usize| -> Vec<(u32, Vec<u8>)> {
        (1..=n)
            .map(|i| (i, file_bytes(i as usize)[..len.min(500)].to_vec()))
            .collect()
    };
    let table = |kind, n, len| {
        let t = texts(n, len);
        let refs: Vec<(u32, &[u8])> = t.iter().map(|(i, b)| (*i, b.as_slice())).collect();
        build_table(kind, &refs)
    };
    let archive = ArchiveBuilder::new(Version::SkyrimSe)
        .compressed_by_default(true)
        .file(
            "strings\\skyrim_english.strings",
            table(StringKind::Strings, 100_000, 24),
        )
        .file(
            "strings\\skyrim_english.dlstrings",
            table(StringKind::DlStrings, 20_000, 400),
        )
        .file(
            "strings\\skyrim_english.ilstrings",
            table(StringKind::IlStrings, 30_000, 80),
        )
        .build()
        .unwrap();
    let bsa = tmp.join("Skyrim - Interface.bsa");
    std::fs::write(&bsa, &archive).unwrap();
    eprintln!(
        "string tables archive: {:.1} MB",
        archive.len() as f64 / 1e6
    );
    let plugin = tmp.join("Skyrim.esm");
    let mut g = c.benchmark_group("strings");
    g.sample_size(10);
    g.bench_function("load-from-interface-archive", |b| {
        b.iter(|| {
            let t = StringTables::load(black_box(&plugin), "english").unwrap();
            assert!(t.warnings().is_empty());
            t
        })
    });
    g.finish();
    let _ = std::fs::remove_file(&bsa);
}

criterion_group!(benches, archive_benches, string_tables_from_archive);
criterion_main!(benches);
