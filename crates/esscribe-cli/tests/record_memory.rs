//! What reading one record costs in memory, measured by the operating
//! system on the real binary: a plugin of one record holding 16 MiB of
//! empty subrecords (the smallest a subrecord can be, six bytes) is read by
//! every command that decodes records, and each must stay within a small
//! multiple of the record's size. The same record must still come back
//! byte for byte through its text forms.
#![cfg(unix)]

mod memory_support;

use memory_support::{peak_memory, plugin_of_empty_subrecords};
use std::process::Command;

/// The record's data: 16 MiB of empty `EDID` subrecords, 2,796,202 of them.
const RECORD: usize = 16 << 20;

/// What any run may take besides what the record costs: the program, its
/// tables and buffers. A tiny plugin takes about 8 MiB.
const BASE: u64 = 48 << 20;

/// What a run may take for each byte it must hold to read the record.
const PER_BYTE: u64 = 4;

fn esscribe() -> Command {
    Command::new(env!("CARGO_BIN_EXE_esscribe"))
}

fn within_bound(what: &str, peak: u64, read: u64) {
    let bound = BASE + PER_BYTE * read;
    assert!(
        peak <= bound,
        "{what}: {} MiB at the peak, more than {} MiB ({} MiB + {PER_BYTE} × {} MiB read)",
        peak >> 20,
        bound >> 20,
        BASE >> 20,
        read >> 20
    );
}

/// One measuring test at a time: a child starts from what the test
/// process holds when it is started, so no other test may be holding a
/// large plugin then.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn commands_stay_within_bound(compressed: bool) {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("Empties.esp");
    let other = dir.path().join("Changed.esp");
    let plugin = plugin_of_empty_subrecords(RECORD, compressed);
    std::fs::write(&path, &plugin).unwrap();
    // Two plugins for `diff`: the same with its last byte changed.
    let mut changed = plugin;
    let last = changed.len() - 1;
    changed[last] = b'!';
    std::fs::write(&other, &changed).unwrap();
    // What a run must hold to read the record: the file, and the data
    // inflated when it is compressed (stored blocks here, as large as the
    // data: a real record's stored payload is a fraction of it).
    let read = changed.len() as u64 + if compressed { RECORD as u64 } else { 0 };
    drop(changed);
    let runs: [(&str, &[&str], i32); 5] = [
        ("stats", &["stats"], 0),
        ("dump", &["dump"], 0),
        ("dump --json", &["dump", "--json"], 0),
        // Kept as bytes, the record does not pass a deep check.
        ("verify --deep", &["verify", "--deep"], 1),
        ("textconv", &["textconv"], 0),
    ];
    for (what, args, code) in runs {
        let (status, peak) = peak_memory(esscribe().args(args).arg(&path));
        assert_eq!(status, code, "{what}");
        within_bound(what, peak, read);
    }
    let tree = dir.path().join("tree");
    let (status, peak) = peak_memory(esscribe().arg("unpack").arg(&path).arg(&tree));
    assert_eq!(status, 0, "unpack");
    within_bound("unpack", peak, read);
    // Two plugins read: the bound is per byte of both.
    let (status, peak) = peak_memory(esscribe().arg("diff").arg(&path).arg(&other));
    assert_eq!(status, 1, "diff finds the change");
    within_bound("diff", peak, 2 * read);
}

#[test]
fn a_record_of_sixteen_mib_of_empty_subrecords_costs_a_small_multiple_of_its_size() {
    commands_stay_within_bound(false);
}

#[test]
fn the_same_record_compressed_costs_no_more() {
    commands_stay_within_bound(true);
}

/// A record kept whole as bytes comes back byte for byte through JSON and
/// through a tree, and says why it was kept.
#[test]
fn a_record_of_too_many_subrecords_is_kept_as_bytes_and_comes_back_whole() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("Empties.esp");
    // Just past the limit for its size: 65,536 subrecords and one per
    // 256 bytes of data.
    let size = 6 * (65_536 + 6 * 65_536 / 256 + 64);
    let plugin = plugin_of_empty_subrecords(size, true);
    std::fs::write(&path, &plugin).unwrap();
    let out = esscribe()
        .arg("verify")
        .arg("--deep")
        .arg(&path)
        .output()
        .unwrap();
    let said =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("67136 subrecords in 402816 bytes, more than a record of its size is read field by field (67109)"),
        "{said}"
    );
    let json = dir.path().join("Empties.json");
    let out = esscribe()
        .arg("dump")
        .arg("--json")
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    std::fs::write(&json, &out.stdout).unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\"data_hex\""), "kept whole as its data");
    let built = dir.path().join("Built.esp");
    let status = esscribe()
        .arg("build")
        .arg(&json)
        .arg("-o")
        .arg(&built)
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(std::fs::read(&built).unwrap(), plugin, "built from JSON");
    let tree = dir.path().join("tree");
    assert!(esscribe()
        .arg("unpack")
        .arg(&path)
        .arg(&tree)
        .status()
        .unwrap()
        .success());
    let packed = dir.path().join("Packed.esp");
    assert!(esscribe()
        .arg("pack")
        .arg(&tree)
        .arg("-o")
        .arg(&packed)
        .status()
        .unwrap()
        .success());
    assert_eq!(
        std::fs::read(&packed).unwrap(),
        plugin,
        "packed from its tree"
    );
    // A change in it (stored as it is, here) is shown as where the data
    // starts to differ.
    let plain = plugin_of_empty_subrecords(size, false);
    std::fs::write(&path, &plain).unwrap();
    let mut changed = plain.clone();
    let last = changed.len() - 1;
    changed[last] = b'!';
    let other = dir.path().join("Changed.esp");
    std::fs::write(&other, &changed).unwrap();
    let out = esscribe()
        .arg("diff")
        .arg(&path)
        .arg(&other)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        shown.contains(r#"data_hex: "402816 bytes" → "402816 bytes, differing from byte 402815""#),
        "{shown}"
    );
}
