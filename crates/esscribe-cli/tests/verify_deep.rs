//! `verify` compares a file with what esscribe writes back; `verify --deep`
//! also reads every record by its declaration, and so finds damage inside
//! records that a round trip of the container keeps as it is.

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

fn esscribe() -> Command {
    Command::cargo_bin("esscribe").unwrap()
}

fn write(dir: &Path, name: &str, data: &[u8]) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, data).unwrap();
    path
}

/// Where the first GLOB of OblivionOnline.esp (0x0101A0AF, at 0x40) keeps
/// its value: "FLTV", size 4, an f32, the record's last bytes.
const GLOB_AT: usize = 0x1DD;

fn corpus_plugin() -> Vec<u8> {
    let data = common::file("oblivion-plugins/OblivionOnline.esp");
    assert_eq!(&data[GLOB_AT..GLOB_AT + 4], b"GLOB");
    assert_eq!(
        data[GLOB_AT + 12..GLOB_AT + 16],
        0x0101_A0AFu32.to_le_bytes()
    );
    data
}

/// The line `verify` prints for each file, by the file's path.
fn lines_by_file(stdout: &[u8], files: &[std::path::PathBuf]) -> Vec<(String, String)> {
    let stdout = String::from_utf8_lossy(stdout);
    files
        .iter()
        .map(|f| {
            let prefix = format!("{}: ", f.display());
            let line = stdout
                .lines()
                .find_map(|l| l.strip_prefix(&prefix))
                .unwrap_or_else(|| panic!("no line for {}:\n{stdout}", f.display()));
            (f.display().to_string(), line.to_string())
        })
        .collect()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_corpus_file_reads_by_its_declarations() {
    let plugins = common::plugins();
    let out = esscribe()
        .args(["verify", "--deep"])
        .args(&plugins)
        .assert()
        .success();
    for (file, line) in lines_by_file(&out.get_output().stdout, &plugins) {
        assert_eq!(
            line, "identical, and every record reads by its declaration",
            "{file}"
        );
    }
    let saves = common::saves_of(esscribe::plugin::Game::Oblivion);
    let out = esscribe()
        .args(["save", "verify", "--deep"])
        .args(&saves)
        .assert()
        .success();
    for (file, line) in lines_by_file(&out.get_output().stdout, &saves) {
        assert_eq!(line, "identical, and every record decodes", "{file}");
    }
}

/// A Skyrim save is told apart from an Oblivion save by its own first
/// bytes: it verifies as a Skyrim save, and a command that reads Oblivion
/// saves only names it as one.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_skyrim_save_is_named_a_skyrim_save() {
    for save in common::saves_of(esscribe::plugin::Game::Skyrim) {
        esscribe()
            .args(["save", "verify", "--deep"])
            .arg(&save)
            .assert()
            .success()
            .stdout(predicate::str::contains(
                "identical, and every change form inflates",
            ));
        esscribe()
            .args(["save", "inventory"])
            .arg(&save)
            .assert()
            .failure()
            .stderr(predicate::str::contains(
                "is a Skyrim save; this command reads Oblivion saves only",
            ));
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_value_of_the_wrong_size_passes_the_round_trip_but_not_the_deep_check() {
    let mut data = corpus_plugin();
    // FLTV cut from 4 bytes to 2, with the record's and group's sizes
    // following: the container is sound, the value is not.
    let size = u32::from_le_bytes(data[GLOB_AT + 4..GLOB_AT + 8].try_into().unwrap()) as usize;
    let end = GLOB_AT + 20 + size;
    assert_eq!(&data[end - 10..end - 6], b"FLTV");
    data[end - 6..end - 4].copy_from_slice(&2u16.to_le_bytes());
    data.drain(end - 2..end);
    data[GLOB_AT + 4..GLOB_AT + 8].copy_from_slice(&(size as u32 - 2).to_le_bytes());
    let group_size = u32::from_le_bytes(data[GLOB_AT - 16..GLOB_AT - 12].try_into().unwrap());
    data[GLOB_AT - 16..GLOB_AT - 12].copy_from_slice(&(group_size - 2).to_le_bytes());
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "Damaged.esp", &data);
    esscribe()
        .arg("verify")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("Damaged.esp: identical\n"));
    esscribe()
        .args(["verify", "--deep"])
        .arg(&path)
        .assert()
        .failure()
        .stdout(predicate::str::contains(
            "Damaged.esp: identical, but 1 of 124 records do not read by their declarations (1 subrecords kept as bytes; 1 damaged or not as declared):\n  GLOB 0x0101A0AF \"OOPlayerArenaGear\" at 0x1DD: FLTV at 0x210 (2 bytes) kept as bytes: does not fit its declared layout",
        ))
        .stdout(predicate::str::contains(
            "1 files: 1 identical, 0 different, 0 unreadable, 1 not reading by their declarations",
        ));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn subrecords_that_do_not_split_and_streams_that_do_not_inflate_are_found() {
    let mut data = corpus_plugin();
    // EDID's size one more than it is: the subrecords no longer split.
    assert_eq!(&data[GLOB_AT + 20..GLOB_AT + 24], b"EDID");
    data[GLOB_AT + 24] += 1;
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "Split.esp", &data);
    esscribe().arg("verify").arg(&path).assert().success();
    esscribe()
        .args(["verify", "--deep"])
        .arg(&path)
        .assert()
        .failure()
        .stdout(predicate::str::contains(
            "Split.esp: identical, but 1 of 124 records do not read by their declarations (1 damaged or not as declared):\n  at offset 0x",
        ))
        .stdout(predicate::str::contains("(in GLOB 0x0101A0AF at 0x1DD)"));

    // A compressed record of Campfire.esm whose zlib stream is damaged.
    let mut data = common::file("skyrim-plugins/Campfire.esm");
    let plugin = esscribe::Plugin::parse(&data).unwrap();
    let r = plugin.records().find(|r| r.header.is_compressed()).unwrap();
    let (at, form_id) = (r.offset as usize, r.header.form_id);
    drop(plugin);
    // The stream's bytes after its 2-byte zlib header and the 4-byte size.
    for b in &mut data[at + 24 + 6..at + 24 + 16] {
        *b ^= 0x55;
    }
    let path = write(dir.path(), "Stream.esm", &data);
    esscribe().arg("verify").arg(&path).assert().success();
    esscribe()
        .args(["verify", "--deep"])
        .arg(&path)
        .assert()
        .failure()
        .stdout(predicate::str::contains(
            "Stream.esm: identical, but 1 of 1,627 records do not read by their declarations (1 damaged or not as declared):",
        ))
        .stdout(predicate::str::contains(format!("{form_id} at 0x{at:X}")));
}

/// `verify --deep` and `stats` give one answer: a subrecord the
/// declaration does not expect is counted raw by the one and fails the
/// other, named with where it is, though nothing is damaged.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_subrecord_kept_as_bytes_fails_the_deep_check_as_stats_counts_it() {
    use esscribe::io::{FormId, Sig};
    use esscribe::plugin::Subrecord;
    let bytes = common::file("skyrim-plugins/Campfire.esm");
    let mut plugin = esscribe::Plugin::parse(&bytes).unwrap();
    let game = plugin.game;
    let rec = plugin.find_record_mut(FormId(0x02049D36)).unwrap();
    let mut subs = rec.subrecords(game).unwrap();
    subs.push(Subrecord::new(Sig(*b"ZZZZ"), vec![1, 2, 3]));
    rec.set_subrecords(subs);
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "Campfire.esm", &plugin.to_bytes().unwrap());
    esscribe()
        .arg("stats")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"COBJ +310 +2,816 +2,815 +0 +0 +1 +3\n").unwrap());
    esscribe()
        .args(["verify", "--deep"])
        .arg(&path)
        .assert()
        .failure()
        .stdout(predicate::str::contains(
            "Campfire.esm: identical, but 1 of 1,627 records do not read by their declarations (1 subrecords kept as bytes):\n  COBJ 0x02049D36 \"_Camp_AxeNew\"",
        ))
        .stdout(predicate::str::contains(
            "ZZZZ at 0x",
        ))
        .stdout(predicate::str::contains("(3 bytes) kept as bytes: not expected here by the declaration"));
}
