//! BSA archives written with the builder (and so with `ba2`), read back:
//! exactly the files written, with their sizes and bytes; and damaged,
//! read to an error naming the archive, with no allocation larger than
//! the archive gives reason for.

use esscribe::archive::{Archive, ArchiveBuilder, Entry, Version};
use esscribe::ErrorKind;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Records the largest single allocation of each thread, so that what a
/// damaged archive makes the reader allocate can be bounded.
struct Largest;

thread_local! {
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

fn note(size: usize) {
    let _ = LARGEST.try_with(|l| l.set(l.get().max(size)));
}

unsafe impl GlobalAlloc for Largest {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Largest = Largest;

/// The largest allocation `f` makes on this thread.
fn largest_allocation(f: impl FnOnce()) -> usize {
    LARGEST.with(|l| l.set(0));
    f();
    LARGEST.with(Cell::get)
}

/// Text that compresses well, and bytes that do not.
fn files() -> Vec<(&'static str, Vec<u8>)> {
    let text: Vec<u8> = b"The Elder Scrolls ".repeat(200);
    let noise: Vec<u8> = (0u32..3000)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    vec![
        ("strings\\mymod_english.strings", text.clone()),
        ("strings\\mymod_english.dlstrings", b"short".to_vec()),
        ("meshes\\clutter\\bowl.nif", noise),
        ("meshes\\clutter\\empty.nif", Vec::new()),
        ("readme.txt", b"at the root".to_vec()),
    ]
}

fn build(version: Version, compressed: bool, embedded: bool) -> Vec<u8> {
    let mut b = ArchiveBuilder::new(version)
        .compressed_by_default(compressed)
        .embedded_names(embedded);
    for (path, bytes) in files() {
        b = b.file(path, bytes);
    }
    b.build().unwrap()
}

/// Paths, sizes and compression of an archive's entries.
fn listing(a: &Archive) -> Vec<(String, u64, bool)> {
    a.entries()
        .iter()
        .map(|e| (e.path.clone(), e.size, e.compressed))
        .collect()
}

fn expected(compressed: bool) -> Vec<(String, u64, bool)> {
    let mut out: Vec<_> = files()
        .into_iter()
        .map(|(p, b)| (p.to_string(), b.len() as u64, compressed))
        .collect();
    out.sort();
    out
}

fn assert_reads_back(a: &Archive) {
    for (path, bytes) in files() {
        let e = a.find(path).unwrap_or_else(|| panic!("{path} not listed"));
        assert_eq!(a.read(e).unwrap(), bytes, "{path}");
    }
}

#[test]
fn each_version_lists_and_reads_exactly_what_was_written() {
    for (version, compressed, embedded) in [
        (Version::Oblivion, true, false),
        (Version::Oblivion, false, false),
        (Version::Skyrim, true, false),
        (Version::Skyrim, true, true),
        (Version::Skyrim, false, true),
        (Version::SkyrimSe, true, false),
        (Version::SkyrimSe, true, true),
        (Version::SkyrimSe, false, false),
    ] {
        let what = format!("{version:?}, compressed {compressed}, embedded names {embedded}");
        let a = Archive::from_bytes(build(version, compressed, embedded), "t.bsa").unwrap();
        assert_eq!(listing(&a), expected(compressed), "{what}");
        assert_reads_back(&a);
        let info = a.info();
        assert_eq!(info.version, version.number(), "{what}");
        assert_eq!(
            (info.folder_count, info.file_count),
            (3, 5),
            "{what}: strings, meshes\\clutter, the root, and five files"
        );
        let mut flags = vec!["folder names", "file names"];
        if compressed {
            flags.push("compressed");
        }
        if embedded {
            flags.push("embedded file names");
        }
        assert_eq!(info.archive_flag_names, flags, "{what}");
        assert_eq!(info.compressed_by_default(), compressed);
        // What compressed well is stored smaller; the noise is not.
        let text = a.find("STRINGS/MyMod_English.STRINGS").unwrap();
        if compressed {
            assert!(text.stored_size < text.size / 10, "{what}: {text:?}");
        } else {
            assert_eq!(text.stored_size, text.size, "{what}");
        }
    }
}

#[test]
fn files_compressed_against_the_archive_default_read_back() {
    for version in [Version::Oblivion, Version::Skyrim, Version::SkyrimSe] {
        for default in [true, false] {
            let bytes = ArchiveBuilder::new(version)
                .compressed_by_default(default)
                .file_compressed(
                    "a\\packed.txt",
                    b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".to_vec(),
                    true,
                )
                .file_compressed("a\\plain.txt", b"plain bytes".to_vec(), false)
                .build()
                .unwrap();
            let a = Archive::from_bytes(bytes, "mixed.bsa").unwrap();
            let shown: Vec<_> = a
                .entries()
                .iter()
                .map(|e| (e.path.as_str(), e.size, e.compressed))
                .collect();
            assert_eq!(
                shown,
                [("a\\packed.txt", 32, true), ("a\\plain.txt", 11, false)],
                "{version:?}, compressed by default {default}"
            );
            assert_eq!(a.read(&a.entries()[0]).unwrap(), [b'a'; 32]);
            assert_eq!(a.read(&a.entries()[1]).unwrap(), b"plain bytes");
        }
    }
}

#[test]
fn an_archive_on_disk_is_opened_by_path_and_errors_name_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("Disk.bsa");
    std::fs::write(&path, build(Version::SkyrimSe, true, false)).unwrap();
    let a = Archive::open(&path).unwrap();
    assert_eq!(a.entries().len(), 5);
    assert_reads_back(&a);

    std::fs::write(&path, b"").unwrap();
    let e = Archive::open(&path).unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "at offset 0x0: archive magic (BSA\\0): needs 4 bytes, only 0 remain (in {})",
            path.display()
        )
    );
    let e = Archive::open(dir.path().join("Absent.bsa")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Io);
    assert!(e.to_string().contains("Absent.bsa"), "{e}");
}

/// Each file record of an archive with folder names: its folder's name,
/// where the record is, and where its data is, walked as the format lays
/// them out.
fn file_records(bytes: &[u8]) -> Vec<(String, usize, usize)> {
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    let folders = u32_at(16);
    let record_len = if u32_at(4) == 105 { 24 } else { 16 };
    let mut at = 36 + folders * record_len;
    let mut out = Vec::new();
    for i in 0..folders {
        let count = u32_at(36 + i * record_len + 8);
        let name_len = bytes[at] as usize;
        let name = String::from_utf8(bytes[at + 1..at + name_len].to_vec()).unwrap();
        at += 1 + name_len;
        for _ in 0..count {
            out.push((name.clone(), at, u32_at(at + 12)));
            at += 16;
        }
    }
    out
}

/// The first file record of the folder `folder`, and where its data is.
fn first_file(bytes: &[u8], folder: &str) -> (usize, usize) {
    let (_, record, data) = file_records(bytes)
        .into_iter()
        .find(|(f, _, _)| f == folder)
        .unwrap();
    (record, data)
}

#[test]
fn a_file_claiming_four_gigabytes_is_refused_before_anything_is_allocated() {
    for version in [Version::Oblivion, Version::Skyrim, Version::SkyrimSe] {
        let mut bytes = build(version, true, false);
        let (_, data) = first_file(&bytes, "strings");
        bytes[data..data + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        let len = bytes.len();
        let a = Archive::from_bytes(bytes, "Claims.bsa").unwrap();
        let entry = a
            .entries()
            .iter()
            .find(|e| e.size == u32::MAX as u64)
            .unwrap();
        let mut result = None;
        let largest = largest_allocation(|| result = Some(a.read(entry)));
        let e = result.unwrap().unwrap_err();
        assert_eq!(e.kind, ErrorKind::Limit, "{version:?}: {e}");
        assert_eq!(e.offset, data as u64, "{version:?}");
        let text = e.to_string();
        assert!(
            text.contains("claims 4294967295 bytes")
                && text.ends_with(&format!("(in Claims.bsa → {})", entry.path)),
            "{text}"
        );
        assert!(
            largest < 4096 + len,
            "{version:?}: {largest} bytes allocated"
        );
    }
}

#[test]
fn counts_and_sizes_claiming_more_than_is_there_are_errors_naming_the_archive() {
    let good = build(Version::Skyrim, true, false);
    let (record, _) = first_file(&good, "strings");
    let damaged = |at: usize, value: u32| {
        let mut b = good.clone();
        b[at..at + 4].copy_from_slice(&value.to_le_bytes());
        Archive::from_bytes(b, "Damaged.bsa").unwrap_err()
    };
    let e = damaged(16, u32::MAX);
    assert_eq!((e.kind, e.offset), (ErrorKind::Truncated, 16));
    assert!(e.to_string().contains("4294967295 folders need"), "{e}");
    assert!(e.to_string().ends_with("(in Damaged.bsa)"), "{e}");
    let e = damaged(20, u32::MAX);
    assert_eq!((e.kind, e.offset), (ErrorKind::Truncated, 20));
    // The first folder's file count.
    let e = damaged(36 + 8, 0x0FFF_FFFF);
    assert_eq!((e.kind, e.offset), (ErrorKind::Truncated, 44));
    // A file's size past the end, then its offset.
    let e = damaged(record + 8, 0x3FFF_FFFF);
    assert_eq!(
        (e.kind, e.offset),
        (ErrorKind::Truncated, record as u64 + 8)
    );
    assert!(
        e.to_string().contains("run past the end of the archive"),
        "{e}"
    );
    let e = damaged(record + 12, 0x7FFF_FFF0);
    assert_eq!(
        (e.kind, e.offset),
        (ErrorKind::Truncated, record as u64 + 8)
    );
    // A compressed file too short for its 4-byte size.
    let e = damaged(record + 8, 2);
    assert!(
        e.to_string().contains("needs its 4-byte original size"),
        "{e}"
    );
    // A version no game wrote.
    let e = damaged(4, 106);
    assert_eq!(
        e.to_string(),
        "at offset 0x4: version 106: expected 103 (Oblivion), 104 (Skyrim) or 105 (Skyrim Special Edition) (in Damaged.bsa)"
    );
}

#[test]
fn an_embedded_name_longer_than_its_data_is_an_error_not_an_underflow() {
    let mut bytes = build(Version::SkyrimSe, false, true);
    let (record, data) = first_file(&bytes, "strings");
    // The name's length byte says more than the data holds.
    bytes[data] = 250;
    let size = u32::from_le_bytes(bytes[record + 8..record + 12].try_into().unwrap());
    assert!(size < 251);
    let e = Archive::from_bytes(bytes, "Embedded.bsa").unwrap_err();
    assert_eq!((e.kind, e.offset), (ErrorKind::Truncated, data as u64));
    assert!(e.to_string().contains("embedded path of 250 bytes"), "{e}");
}

#[test]
fn two_files_of_one_hash_are_an_error() {
    let mut bytes = build(Version::Skyrim, false, false);
    // The second file record of the strings folder gets the first's hash.
    let (record, _) = first_file(&bytes, "strings");
    let hash = bytes[record..record + 8].to_vec();
    bytes[record + 16..record + 24].copy_from_slice(&hash);
    let e = Archive::from_bytes(bytes, "Twice.bsa").unwrap_err();
    assert_eq!((e.kind, e.offset), (ErrorKind::Invalid, record as u64 + 16));
    assert!(
        e.to_string().contains("of an earlier file of its folder"),
        "{e}"
    );
}

/// Opens the damaged archive and reads every file it lists: anything may
/// fail, nothing may panic, and every error names the archive.
fn read_all(bytes: Vec<u8>) -> Result<Vec<Entry>, String> {
    let a = Archive::from_bytes(bytes, "Swept.bsa").map_err(|e| e.to_string())?;
    for e in a.entries() {
        if let Err(err) = a.read(e) {
            let text = err.to_string();
            assert!(text.contains("(in Swept.bsa → "), "{text}");
        }
    }
    Ok(a.entries().to_vec())
}

#[test]
fn every_cut_and_every_changed_byte_ends_in_a_result_with_bounded_memory() {
    for version in [Version::Oblivion, Version::Skyrim, Version::SkyrimSe] {
        for embedded in [false, true] {
            let good = build(version, true, embedded);
            let bound = 4096 + 64 * good.len();
            for cut in 0..good.len() {
                let largest = largest_allocation(|| {
                    let e = read_all(good[..cut].to_vec()).unwrap_err();
                    assert!(e.contains("(in Swept.bsa"), "cut at {cut}: {e}");
                });
                assert!(largest <= bound, "cut at {cut}: {largest} bytes allocated");
            }
            let mut results = [0usize; 2];
            for at in 0..good.len() {
                for flip in [0xFF, 0x40] {
                    let mut b = good.clone();
                    b[at] ^= flip;
                    let largest = largest_allocation(|| {
                        results[read_all(b).is_ok() as usize] += 1;
                    });
                    assert!(largest <= bound, "byte {at}: {largest} bytes allocated");
                }
            }
            // Changed hashes, names and data still read; changed counts
            // and sizes do not.
            assert!(
                results[0] > 50 && results[1] > 50,
                "{version:?}: {results:?}"
            );
        }
    }
}

#[cfg(unix)]
#[test]
fn an_archive_cut_short_while_mapped_is_reported_changed() {
    esscribe::fsio::install_signal_handlers();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("Cut.bsa");
    let noise: Vec<u8> = (0u32..20_000).map(|i| (i * 7 + i / 256) as u8).collect();
    let bytes = ArchiveBuilder::new(Version::SkyrimSe)
        .file("big\\noise.bin", noise.clone())
        .build()
        .unwrap();
    std::fs::write(&path, &bytes).unwrap();
    let a = Archive::open(&path).unwrap();
    assert_eq!(a.read(&a.entries()[0]).unwrap(), noise);
    let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    file.set_len(4096).unwrap();
    let e = a.read(&a.entries()[0]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Changed, "{e}");
    assert!(
        e.to_string().starts_with(&format!(
            "{}: the file changed while it was being read (",
            path.display()
        )),
        "{e}"
    );
}

#[test]
fn an_entry_whose_sizes_were_changed_by_hand_is_an_error() {
    let a = Archive::from_bytes(build(Version::SkyrimSe, true, false), "Hand.bsa").unwrap();
    let mut e = a.entries()[0].clone();
    e.stored_size = u64::MAX;
    let err = a.read(&e).unwrap_err();
    assert_eq!(err.kind, ErrorKind::NotFound, "{err}");
    let mut e = a.entries()[0].clone();
    e.size = u64::MAX;
    assert_eq!(a.read(&e).unwrap_err().kind, ErrorKind::Limit);
    let mut e = a.entries()[0].clone();
    e.compressed = false;
    assert_eq!(a.read(&e).unwrap().len() as u64, e.stored_size);
}

#[test]
fn a_path_given_twice_is_refused_as_the_callers_mistake() {
    let e = ArchiveBuilder::new(Version::SkyrimSe)
        .file("meshes\\a.nif", vec![1])
        .file("Meshes\\A.nif", vec![2])
        .build()
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Refused);
    assert_eq!(
        e.to_string(),
        "Meshes\\A.nif: given twice; an archive holds one file per path"
    );
}
