//! Memory-mapped reading and the parallel helpers give what the plain
//! read path gives.

mod common;

use esscribe::plugin::{open_mmap, Plugin};
use esscribe::ErrorKind;
use rayon::prelude::*;
use std::path::Path;

#[test]
fn mapped_plugins_parse_as_read_ones() {
    for path in common::plugins() {
        let bytes = std::fs::read(&path).unwrap();
        let file = open_mmap(&path).unwrap();
        assert_eq!(&*file, &bytes[..]);
        assert_eq!(file.path(), path);
        assert_eq!(file.parse().unwrap(), Plugin::parse(&bytes).unwrap());
    }
}

#[test]
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
