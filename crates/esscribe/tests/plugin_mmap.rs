//! Memory-mapped reading gives the file's bytes, records that point into
//! them, and parallel helpers that see what the sequential walk sees.

mod common;

use esscribe::plugin::{self, open_mmap, Body, ScanItem};
use esscribe::ErrorKind;
use rayon::prelude::*;
use std::io::Write;
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

fn sub(sig: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = sig.to_vec();
    out.extend_from_slice(&(data.len() as u16).to_le_bytes());
    out.extend_from_slice(data);
    out
}

/// An Oblivion plugin of `n` MISC records, a hundred bytes each.
fn misc_plugin(n: u32) -> Vec<u8> {
    let mut hedr = 1.0f32.to_le_bytes().to_vec();
    hedr.extend_from_slice(&(n as i32 + 1).to_le_bytes());
    hedr.extend_from_slice(&0x800u32.to_le_bytes());
    let header = sub(b"HEDR", &hedr);
    let mut out = b"TES4".to_vec();
    for v in [header.len() as u32, 0, 0, 0] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&header);
    let mut body = Vec::new();
    for i in 0..n {
        let mut data = sub(b"EDID", format!("Item{i:06}\0").as_bytes());
        data.extend(sub(
            b"FULL",
            format!("{:<60}\0", format!("Item number {i}")).as_bytes(),
        ));
        data.extend(sub(b"DATA", &[i as u8, 0, 0, 0, 0, 0, 0x80, 0x3F]));
        body.extend_from_slice(b"MISC");
        for v in [data.len() as u32, 0, 0x1000 + i, 0] {
            body.extend_from_slice(&v.to_le_bytes());
        }
        body.extend_from_slice(&data);
    }
    out.extend_from_slice(b"GRUP");
    out.extend_from_slice(&(20 + body.len() as u32).to_le_bytes());
    out.extend_from_slice(b"MISC");
    out.extend_from_slice(&[0; 8]);
    out.extend_from_slice(&body);
    out
}

/// Cuts a file short, as another program would.
fn cut_to(path: &Path, len: u64) {
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .unwrap()
        .set_len(len)
        .unwrap();
}

/// A fresh path for a test's file in the test folder.
fn fresh(name: &str) -> std::path::PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&path);
    let _ = std::fs::remove_file(&path);
    path
}

/// Asserts that `e` is the file changed error for `path`.
fn assert_changed(e: &esscribe::Error, path: &Path) {
    assert_eq!(e.kind, ErrorKind::Changed, "{e}");
    let text = e.to_string();
    assert!(
        text.starts_with(&format!(
            "{}: the file changed while it was being read (",
            path.display()
        )),
        "{text}"
    );
    assert!(text.contains("another program cut it short"), "{text}");
    assert!(!text.contains("nothing was written"), "{text}");
}

/// Every subrecord of every record, walked: what a reader touches.
fn walk(plugin: &plugin::Plugin<'_>) -> esscribe::Result<usize> {
    let mut n = 0;
    for r in plugin.records() {
        r.for_each_subrecord(plugin.game, |_| n += 1)?;
    }
    Ok(n)
}

#[cfg(unix)]
#[test]
fn a_file_cut_short_under_a_map_reads_as_zeros_and_is_reported_changed() {
    esscribe::fsio::install_signal_handlers();
    let path = fresh("esscribe-cut-under-map.esp");
    let bytes = misc_plugin(1500);
    std::fs::write(&path, &bytes).unwrap();

    // Cut after parsing: the records' pages are read again as they are
    // walked, and the lost ones read as zeros.
    let file = esscribe::plugin::MappedFile::map(&path).unwrap();
    assert!(file.is_mapped());
    let plugin = file.parse().unwrap();
    assert_eq!(walk(&plugin).unwrap(), 1500 * 3);
    file.intact().unwrap();
    cut_to(&path, 4096);
    let last = bytes.len() - 1;
    assert_eq!(
        std::hint::black_box(file[last]),
        0,
        "a lost page reads as zeros"
    );
    assert_eq!(
        file[..4096],
        bytes[..4096],
        "the pages kept read as they were"
    );
    // Whatever the walk made of the zeros, the error is the change.
    let walked = walk(&plugin);
    assert_changed(&file.checked(walked).unwrap_err(), &path);
    assert_changed(&file.intact().unwrap_err(), &path);
    // A write while the map is open refuses: its bytes could come from
    // the zeros.
    // In a folder of its own: the writes keep backups beside it.
    let others = tempfile::tempdir().unwrap();
    let other = others.path().join("Other.esp");
    std::fs::write(&other, b"TES4 old").unwrap();
    let refused = esscribe::fsio::write_file_safely(&other, b"TES4 new", |_| Ok(())).unwrap_err();
    assert_changed(&refused, &path);
    assert_eq!(std::fs::read(&other).unwrap(), b"TES4 old");
    drop(plugin);
    drop(file);
    // The map closed, writes go on, and the change is still told.
    esscribe::fsio::write_file_safely(&other, b"TES4 new", |_| Ok(())).unwrap();
    assert_eq!(std::fs::read(&other).unwrap(), b"TES4 new");
    let told = esscribe::fsio::changed_while_mapped().expect("the change is kept");
    assert_eq!(told.kind, ErrorKind::Changed);

    // Cut before parsing: parsing meets the zeros, and says the file
    // changed rather than that it is damaged.
    std::fs::write(&path, &bytes).unwrap();
    let file = esscribe::plugin::MappedFile::map(&path).unwrap();
    cut_to(&path, 4096);
    assert_changed(&file.parse().unwrap_err(), &path);
    drop(file);

    // A file that grew or shrank without a fault is changed too.
    std::fs::write(&path, &bytes).unwrap();
    let file = esscribe::plugin::MappedFile::map(&path).unwrap();
    std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap()
        .write_all(b"more")
        .unwrap();
    let e = file.intact().unwrap_err();
    assert_eq!(e.kind, ErrorKind::Changed);
    let sizes = format!("{} bytes when opened, {} now", bytes.len(), bytes.len() + 4);
    assert!(e.to_string().contains(&sizes), "{e}");
    drop(file);
    std::fs::remove_file(&path).unwrap();
}

#[cfg(unix)]
#[test]
fn an_unpack_cut_short_says_what_it_wrote_and_leaves_out_the_header_file() {
    esscribe::fsio::install_signal_handlers();
    let path = fresh("esscribe-cut-unpack.esp");
    let dir = fresh("esscribe-cut-unpack");
    let bytes = misc_plugin(1500);
    std::fs::write(&path, &bytes).unwrap();
    let file = esscribe::plugin::MappedFile::map(&path).unwrap();
    let plugin = file.parse().unwrap();
    // The first batch of 512 records (51 KiB) stays whole.
    cut_to(&path, 64 * 1024);
    let mut sink = esscribe::tree::DirTree::new(&dir);
    let e = esscribe::tree::unpack_checked(&file, &plugin, "Cut.esp", &mut sink).unwrap_err();
    assert_changed(&e, &path);
    let on_disk = count_files(&dir);
    assert!(on_disk >= 512, "{on_disk} files");
    let said = format!(
        "; {on_disk} files of the tree were written before this was seen, but not plugin.json"
    );
    assert!(e.message.ends_with(&said), "{e}");
    assert!(!dir.join("plugin.json").exists());
    drop(plugin);
    drop(file);

    // The same file whole unpacks, header file and all.
    std::fs::write(&path, &bytes).unwrap();
    let file = esscribe::plugin::MappedFile::map(&path).unwrap();
    let plugin = file.parse().unwrap();
    let dir = fresh("esscribe-whole-unpack");
    let mut sink = esscribe::tree::DirTree::new(&dir);
    esscribe::tree::unpack_checked(&file, &plugin, "Whole.esp", &mut sink).unwrap();
    assert!(dir.join("plugin.json").is_file());
    // MISC/ with a file per record and its _group.json, and plugin.json.
    assert_eq!(count_files(&dir), 1500 + 2);
    let packed = esscribe::tree::pack(&esscribe::tree::DirTree::new(&dir)).unwrap();
    assert!(packed.bytes == bytes, "the tree packs to the file's bytes");
}

/// The files under a folder, counted through its subfolders.
fn count_files(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            if e.file_type().unwrap().is_dir() {
                count_files(&e.path())
            } else {
                1
            }
        })
        .sum()
}

/// Run as a child process by the test below: maps a file by itself, not
/// through a watched map, cuts it short, and reads the lost page.
const UNWATCHED_CHILD: &str = "ESSCRIBE_TEST_CUT_UNDER_UNWATCHED_MAP";

#[cfg(unix)]
#[test]
fn a_fault_outside_every_watched_map_ends_the_process_as_before() {
    if let Some(path) = std::env::var_os(UNWATCHED_CHILD) {
        esscribe::fsio::install_signal_handlers();
        let f = std::fs::File::open(&path).unwrap();
        // SAFETY: a read-only map of a file; its fault is the point.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                4 * 4096,
                libc::PROT_READ,
                libc::MAP_PRIVATE,
                std::os::fd::AsRawFd::as_raw_fd(&f),
                0,
            )
        };
        assert_ne!(p, libc::MAP_FAILED);
        cut_to(Path::new(&path), 0);
        // SAFETY: within the map; the page is gone, so this faults.
        let byte = unsafe { std::ptr::read_volatile(p.cast::<u8>().add(3 * 4096)) };
        panic!("read {byte} from a page that was cut off");
    }
    use std::os::unix::process::ExitStatusExt;
    let path = fresh("esscribe-cut-unwatched.bin");
    std::fs::write(&path, vec![7u8; 4 * 4096]).unwrap();
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "a_fault_outside_every_watched_map_ends_the_process_as_before",
            "--nocapture",
        ])
        .env(UNWATCHED_CHILD, &path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.signal(), Some(libc::SIGBUS), "{stderr}");
    assert!(!stderr.contains("read 0"), "{stderr}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn mapping_ahead_reads_the_same_bytes_wherever_it_is_asked() {
    let path = fresh("esscribe-prefetch.esp");
    let bytes = misc_plugin(300);
    std::fs::write(&path, &bytes).unwrap();
    let file = esscribe::plugin::MappedFile::map(&path).unwrap();
    let n = bytes.len();
    // In bounds, past the end, empty, backwards, and over pages given back.
    for range in [
        0..n,
        n - 10..n + 100,
        n + 5..n + 10,
        10..10,
        std::ops::Range {
            start: 4096,
            end: 0,
        },
        0..n / 2,
    ] {
        file.prefetch(range);
    }
    file.release(0..n / 2);
    file.prefetch(0..n);
    assert!(file[..] == bytes[..]);
    file.intact().unwrap();
    drop(file);
    std::fs::remove_file(&path).unwrap();
}
