//! Memory-mapped reading gives the file's bytes, records that point into
//! them, and parallel helpers that see what the sequential walk sees.

mod common;

use esscribe::plugin::{self, open_mmap, Body, ScanItem};
use esscribe::ErrorKind;
use rayon::prelude::*;
use std::path::Path;

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn mapped_plugins_hold_the_file_and_records_point_into_it() {
    for path in common::plugins() {
        let bytes = std::fs::read(&path).unwrap();
        let file = open_mmap(&path).unwrap();
        assert_eq!(&*file, &bytes[..]);
        assert_eq!(file.path(), path);
        let plugin = file.parse().unwrap();
        // The header-only scan finds the same records at the same offsets,
        // and each record's stored bytes are the file's bytes there.
        let mut scanned = Vec::new();
        plugin::scan(&bytes, |item| {
            if let ScanItem::Record { header, offset, .. } = item {
                scanned.push((header.form_id, header.sig, offset, header.data_size));
            }
        })
        .unwrap();
        let parsed: Vec<_> = plugin
            .records()
            .map(|r| (r.header.form_id, r.header.sig, r.offset, r.header.data_size))
            .collect();
        assert_eq!(parsed, scanned, "{}", path.display());
        let header_len = plugin.game.header_len();
        for r in plugin.records() {
            let Body::Stored(stored) = &r.body else {
                panic!(
                    "{}: {} was not read as stored bytes",
                    path.display(),
                    r.describe()
                );
            };
            let at = r.offset as usize + header_len;
            assert_eq!(
                &bytes[at..at + stored.len()],
                &stored[..],
                "{}",
                r.describe()
            );
        }
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn parallel_helpers_see_every_record_once() {
    for path in common::plugins() {
        let file = open_mmap(&path).unwrap();
        let p = file.parse().unwrap();
        let seq: usize = p
            .records()
            .map(|r| {
                let mut n = 0;
                r.for_each_subrecord(p.game, |s| n += s.data.len() + 1)
                    .unwrap();
                n
            })
            .sum();
        let par: usize = p
            .par_records()
            .map(|r| {
                let mut n = 0;
                r.for_each_subrecord(p.game, |s| n += s.data.len() + 1)
                    .unwrap();
                n
            })
            .sum();
        assert_eq!(seq, par, "{}", path.display());
        let data = p.par_record_data().unwrap();
        assert_eq!(data.len(), p.records().count());
        for (d, r) in data.iter().zip(p.records()) {
            assert_eq!(*d, r.data(p.game).unwrap());
        }
        let visits = std::sync::atomic::AtomicUsize::new(0);
        p.par_records_for_each(|_| {
            visits.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        });
        assert_eq!(visits.into_inner(), p.records().count());
    }
}

#[test]
fn empty_and_missing_files() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let empty = dir.join("esscribe-empty.esp");
    std::fs::write(&empty, b"").unwrap();
    let file = open_mmap(&empty).unwrap();
    assert!(file.is_empty());
    let e = file.parse().unwrap_err();
    assert_eq!((e.kind, e.offset), (ErrorKind::Invalid, 0));
    std::fs::remove_file(&empty).unwrap();

    let e = open_mmap(dir.join("no-such-plugin.esp")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Io);
    assert!(e.message.contains("no-such-plugin.esp"), "{e}");
}

#[test]
fn small_files_are_read_large_ones_mapped() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let small = dir.join("esscribe-small.esp");
    std::fs::write(&small, b"TES4").unwrap();
    let file = open_mmap(&small).unwrap();
    assert!(!file.is_mapped());
    assert_eq!(&*file, b"TES4");
    let mapped = esscribe::plugin::MappedFile::map(&small).unwrap();
    assert!(mapped.is_mapped());
    assert_eq!(&*mapped, b"TES4");
    std::fs::remove_file(&small).unwrap();
}

/// Run as a child process by the test below: maps a file, cuts it short,
/// and reads the lost page.
const CUT_UNDER_MAP_CHILD: &str = "ESSCRIBE_TEST_CUT_UNDER_MAP";

#[cfg(unix)]
#[test]
fn a_file_cut_short_under_a_map_ends_with_a_message() {
    if let Some(path) = std::env::var_os(CUT_UNDER_MAP_CHILD) {
        esscribe::fsio::install_signal_handlers();
        let file = esscribe::plugin::MappedFile::map(&path).unwrap();
        assert!(file.is_mapped());
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(0)
            .unwrap();
        // The page is gone: this read faults.
        let byte = std::hint::black_box(file[3 * 4096]);
        panic!("read {byte} from a page that was cut off");
    }
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("esscribe-cut-under-map.esp");
    std::fs::write(&path, vec![7u8; 4 * 4096]).unwrap();
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "a_file_cut_short_under_a_map_ends_with_a_message",
            "--nocapture",
        ])
        .env(CUT_UNDER_MAP_CHILD, &path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("esscribe: a file changed while it was being read"),
        "{stderr}"
    );
    std::fs::remove_file(&path).unwrap();
}
