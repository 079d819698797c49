//! What a new user meets: messages, exit statuses and help, run through the
//! real binary.

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

fn esscribe() -> Command {
    Command::cargo_bin("esscribe").unwrap()
}

fn corpus(rel: &str) -> PathBuf {
    common::path(rel)
}

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../samples")
        .join(name)
}

fn stderr_of(cmd: &mut Command) -> String {
    String::from_utf8_lossy(&cmd.output().unwrap().stderr).into_owned()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn dump_of_a_missing_form_id_says_so_and_fails() {
    let file = corpus("skyrim-plugins/Campfire.esm");
    esscribe()
        .arg("dump")
        .arg(&file)
        .args(["--form", "0x0200A8C1"])
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains("esscribe: "))
        .stderr(predicate::str::contains("no record 0x0200A8C1"));
    esscribe()
        .arg("dump")
        .arg(&file)
        .args(["--form", "0x0200A8C1", "--json"])
        .assert()
        .failure()
        .stdout("");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn dump_help_example_names_a_record_of_campfire() {
    let help = esscribe().args(["dump", "--help"]).output().unwrap().stdout;
    let help = String::from_utf8(help).unwrap();
    let line = help
        .lines()
        .find(|l| l.contains("--form 0x"))
        .expect("an example with --form");
    let id = line.split("--form ").nth(1).unwrap().trim();
    assert_eq!(id.len(), 10, "8 hex digits: {id}");
    esscribe()
        .arg("dump")
        .arg(corpus("skyrim-plugins/Campfire.esm"))
        .args(["--form", id])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("PACK {id}")));
}

#[test]
fn record_types_are_read_in_any_case() {
    let upper = esscribe()
        .arg("dump")
        .arg(sample("sample-skyrim.esp"))
        .args(["--type", "PACK"])
        .output()
        .unwrap();
    assert!(upper.status.success());
    assert!(!upper.stdout.is_empty());
    esscribe()
        .arg("dump")
        .arg(sample("sample-skyrim.esp"))
        .args(["--type", "pack"])
        .assert()
        .success()
        .stdout(String::from_utf8(upper.stdout).unwrap());
    esscribe()
        .arg("query")
        .arg(sample("sample-skyrim.esp"))
        .args(["--type", "pack"])
        .assert()
        .success()
        .stdout(predicate::str::contains(" PACK "));
}

#[test]
fn an_unknown_record_type_is_an_error_naming_the_nearest_first() {
    let err = stderr_of(
        esscribe()
            .arg("dump")
            .arg(sample("sample-skyrim.esp"))
            .args(["--type", "PAKC"]),
    );
    assert!(
        err.starts_with("esscribe: unknown record type \"PAKC\" for Skyrim; valid types: PACK,"),
        "{err}"
    );
    esscribe()
        .arg("dump")
        .arg(sample("sample-skyrim.esp"))
        .args(["--type", "XXXX"])
        .assert()
        .failure()
        .stdout("");
    esscribe()
        .arg("query")
        .arg(sample("sample-skyrim.esp"))
        .args(["--type", "XXXX"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("valid types:"));
}

#[test]
fn a_known_type_the_plugin_lacks_is_reported_not_silent() {
    esscribe()
        .arg("dump")
        .arg(sample("sample-skyrim.esp"))
        .args(["--type", "WTHR"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("no WTHR records"));
}

#[test]
fn query_on_a_field_no_record_has_names_the_fields() {
    let err = stderr_of(
        esscribe()
            .arg("query")
            .arg(sample("sample-skyrim.esp"))
            .args(["--type", "PACK", "--where", "schedul.hour=3"]),
    );
    assert!(
        err.starts_with(
            "esscribe: --where \"schedul.hour\": no record here has that field; fields are: schedule.hour,"
        ),
        "{err}"
    );
    esscribe()
        .arg("query")
        .arg(sample("sample-skyrim.esp"))
        .args(["--where", "nosuch.field=3"])
        .assert()
        .failure()
        .stdout("");
    esscribe()
        .arg("query")
        .arg(sample("sample-skyrim.esp"))
        .args(["--type", "PACK", "--show", "nosuch"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--show \"nosuch\""));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn inventory_without_changes_is_an_empty_list() {
    let save = corpus("oblivion-saves/save002.ess");
    esscribe()
        .args(["save", "inventory"])
        .arg(&save)
        .args(["--ref", "0x0002FFAB", "--json"])
        .assert()
        .success()
        .stdout("[]\n");
    esscribe()
        .args(["save", "inventory"])
        .arg(&save)
        .args(["--ref", "0x0002FFAB"])
        .assert()
        .success()
        .stdout("REFR 0x0002FFAB: no inventory changes\n");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn save_records_filters_fail_plainly() {
    let save = corpus("oblivion-saves/save002.ess");
    let err = stderr_of(
        esscribe()
            .args(["save", "records"])
            .arg(&save)
            .args(["--type", "refx"]),
    );
    assert!(
        err.starts_with("esscribe: unknown change-record type \"refx\"; valid types: REFR,"),
        "{err}"
    );
    esscribe()
        .args(["save", "records"])
        .arg(&save)
        .args(["--type", "acre", "--form", "0x00000014"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "no ACRE change record for 0x00000014",
        ));
}

#[test]
fn a_batch_carries_on_past_a_missing_file_and_fails_at_the_end() {
    let out = esscribe()
        .arg("info")
        .arg(sample("sample-skyrim.esp"))
        .arg("no-such-file.esp")
        .arg(sample("sample-oblivion.esp"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.matches("  game:").count(), 2, "{stdout}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "esscribe: no-such-file.esp: no such file\n"
    );
}

#[test]
fn info_json_names_the_file_as_given_and_the_version_as_meant() {
    let file = sample("sample-skyrim.esp");
    let out = esscribe()
        .args(["info", "--json"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\"version\": 1.7,"), "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["file"], file.display().to_string());
}

#[test]
fn files_that_are_not_plugins_are_named_for_what_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.esp");
    std::fs::write(&empty, b"").unwrap();
    let err = stderr_of(esscribe().arg("info").arg(&empty));
    assert_eq!(
        err,
        format!("esscribe: {} is empty (0 bytes)\n", empty.display())
    );
    let err = stderr_of(esscribe().arg("info").arg(dir.path()));
    assert!(err.contains("is a folder"), "{err}");
    let err = stderr_of(esscribe().arg("info").arg("missing.esp"));
    assert_eq!(err, "esscribe: missing.esp: no such file\n");
    let skyrim_save = dir.path().join("skyrim.ess");
    std::fs::write(&skyrim_save, b"TESV_SAVEGAME\0\0\0\0\0").unwrap();
    esscribe()
        .args(["save", "info"])
        .arg(&skyrim_save)
        .assert()
        .failure()
        .stderr(predicate::str::contains("save version: needs 4 bytes"));
    esscribe()
        .args(["save", "info"])
        .arg(sample("sample-oblivion.esp"))
        .assert()
        .failure()
        .stderr(predicate::str::starts_with("esscribe: "))
        .stderr(predicate::str::contains("use the plugin commands"));
    esscribe()
        .arg("info")
        .arg(&skyrim_save)
        .assert()
        .failure()
        .stderr(predicate::str::contains("is a save game, not a plugin"));
    esscribe()
        .args(["info", "--game", "skyrim"])
        .arg(sample("sample-oblivion.esp"))
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "looks like an Oblivion plugin, not Skyrim",
        ));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn lint_fails_on_findings_and_says_what_is_wrong_in_words() {
    esscribe()
        .arg("lint")
        .arg(corpus("skyrim-plugins/DawnOfTheSilverHand.esp"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "the package's next activity ID (XNAM) is 10, but its parts already use IDs up to 31",
        ));
    esscribe()
        .arg("lint")
        .arg(corpus("skyrim-plugins/Campfire.esm"))
        .assert()
        .success()
        .stderr("1 file checked, 0 findings\n");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn packages_speak_plain_english() {
    let out = esscribe()
        .arg("packages")
        .arg(corpus("skyrim-plugins/Campfire.esm"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("at near"), "{text}");
    assert!(!text.contains(" 1 conditions"), "{text}");
}

#[test]
fn build_into_a_folder_says_it_is_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    esscribe()
        .arg("build")
        .arg(sample("sample-oblivion.json"))
        .arg("-o")
        .arg(dir.path())
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "is a folder; give the plugin to write",
        ));
}

#[test]
fn diff_names_each_side_after_its_own_file() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("Old.esp");
    std::fs::copy(sample("sample-skyrim.esp"), &old).unwrap();
    let json = std::fs::read_to_string(sample("sample-skyrim.json")).unwrap();
    let needle = "[\n              \"0x01000800 (sample-skyrim.esp)\",";
    assert!(json.contains(needle));
    let edited = json.replacen(
        needle,
        "[\n              \"0x01000801 (sample-skyrim.esp)\",",
        1,
    );
    let edited_path = dir.path().join("new.json");
    std::fs::write(&edited_path, edited).unwrap();
    let new = dir.path().join("New.esp");
    esscribe()
        .arg("build")
        .arg(&edited_path)
        .arg("-o")
        .arg(&new)
        .assert()
        .success();
    esscribe()
        .arg("diff")
        .arg(&old)
        .arg(&new)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "\"0x01000800 (Old.esp)\" → \"0x01000801 (New.esp)\"",
        ))
        .stderr(predicate::str::starts_with("1 record differs between"));
    // The same records under another name are no difference.
    let same = dir.path().join("Same.esp");
    std::fs::copy(&old, &same).unwrap();
    esscribe()
        .arg("diff")
        .arg(&old)
        .arg(&same)
        .assert()
        .success()
        .stdout("");
}

#[test]
fn diff_refuses_plugins_of_different_games() {
    esscribe()
        .arg("diff")
        .arg(sample("sample-oblivion.esp"))
        .arg(sample("sample-skyrim.esp"))
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains(
            "records of different games cannot be compared",
        ));
}

#[test]
fn stats_warnings_list_every_raw_subrecord_with_where_it_is() {
    // The Oblivion sample with a top group of a record type nobody
    // declares (ZZZZ 0x01000900, one 4-byte DATA) added at its end.
    let mut data = std::fs::read(sample("sample-oblivion.esp")).unwrap();
    let group_at = data.len();
    let sub = [&b"DATA"[..], &4u16.to_le_bytes(), &[1, 2, 3, 4]].concat();
    let record = [
        &b"ZZZZ"[..],
        &(sub.len() as u32).to_le_bytes(),
        &0u32.to_le_bytes(),
        &0x0100_0900u32.to_le_bytes(),
        &0u32.to_le_bytes(),
        &sub,
    ]
    .concat();
    let group = [
        &b"GRUP"[..],
        &(20 + record.len() as u32).to_le_bytes(),
        b"ZZZZ",
        &0u32.to_le_bytes(),
        &0u32.to_le_bytes(),
        &record,
    ]
    .concat();
    data.extend_from_slice(&group);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("Raw.esp");
    std::fs::write(&path, &data).unwrap();
    let out = esscribe()
        .args(["stats", "--warnings", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["by_type"]["ZZZZ"]["raw_subrecords"], 1);
    let warnings = v["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let expected = format!(
        "ZZZZ 0x01000900 at 0x{:X}: DATA at 0x{:X} (4 bytes)",
        group_at + 20,
        group_at + 40
    );
    assert!(
        warnings[0].as_str().unwrap().starts_with(&expected),
        "{warnings:?}"
    );
}

const COMMANDS: &[&[&str]] = &[
    &["info"],
    &["dump"],
    &["build"],
    &["stats"],
    &["packages"],
    &["lint"],
    &["diff"],
    &["query"],
    &["verify"],
    &["serve"],
    &["save", "info"],
    &["save", "screenshot"],
    &["save", "inventory"],
    &["save", "records"],
    &["save", "stats"],
    &["save", "verify"],
    &["save", "edit"],
];

#[test]
fn every_command_has_examples_and_every_argument_a_description() {
    for cmd in COMMANDS {
        let out = esscribe().args(*cmd).arg("--help").output().unwrap();
        assert!(out.status.success());
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(
            help.contains("\nExample"),
            "{cmd:?} has no example:\n{help}"
        );
        let options = help.split("\nExample").next().unwrap();
        for line in options.lines() {
            let t = line.trim_start();
            if line.starts_with("  ") && (t.starts_with('-') || t.starts_with('<')) {
                // "  --json  Print JSON..." : a name, two spaces, words.
                let described = t
                    .split_once("  ")
                    .is_some_and(|(_, d)| !d.trim().is_empty());
                assert!(described, "{cmd:?}: {line:?} has no description");
            }
        }
    }
}

#[test]
fn help_examples_are_whole_commands() {
    let out = esscribe().arg("--help").output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let examples = help.split("Examples:\n").nth(1).unwrap();
    for line in examples.lines().filter(|l| !l.trim().is_empty()) {
        assert!(line.starts_with("  esscribe "), "{line:?}");
    }
}

#[test]
fn build_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = esscribe()
        .current_dir(dir.path())
        .arg("build")
        .arg(sample("sample-oblivion.json"))
        .args(["-o", "-"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        out.stdout,
        std::fs::read(sample("sample-oblivion.esp")).unwrap()
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("to standard output"));
    // Nothing written beside it: no file called "-", no temporary file.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn save_outputs_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let save = corpus("oblivion-saves/save002.ess");
    let shot = esscribe()
        .current_dir(dir.path())
        .args(["save", "screenshot"])
        .arg(&save)
        .args(["-o", "-"])
        .output()
        .unwrap();
    assert!(shot.status.success());
    assert!(shot.stdout.starts_with(b"\x89PNG\r\n\x1a\n"));
    let edited = esscribe()
        .current_dir(dir.path())
        .args(["save", "edit"])
        .arg(&save)
        .args(["--item", "0x0002EE72", "--count", "20", "-o", "-"])
        .output()
        .unwrap();
    assert!(edited.status.success());
    assert!(edited.stdout.starts_with(b"TES4SAVEGAME"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn completions_for_every_shell_and_a_manual_page() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = esscribe().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("esscribe"), "{shell}");
        assert!(
            text.contains("inventory"),
            "{shell}: save commands complete too"
        );
    }
    esscribe().args(["completions", "tcsh"]).assert().failure();
    let out = esscribe().arg("manpage").output().unwrap();
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.contains(".TH esscribe 1"), "{page}");
    assert!(page.contains("Read, explain, edit and write"));
}

#[test]
fn colour_follows_the_color_option() {
    let coloured = esscribe()
        .args(["--color", "always", "info", "missing.esp"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&coloured.stderr),
        "\x1b[1;31messcribe:\x1b[0m missing.esp: no such file\n"
    );
    // Not a terminal: no colour by default, nor with NO_COLOR or never.
    for args in [
        &["info"][..],
        &["--color", "never", "info"],
        &["--color", "auto", "info"],
    ] {
        let out = esscribe()
            .args(args)
            .arg("missing.esp")
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "esscribe: missing.esp: no such file\n"
        );
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn lint_findings_in_colour_when_asked() {
    let file = corpus("skyrim-plugins/DawnOfTheSilverHand.esp");
    let out = esscribe()
        .args(["lint", "--color", "always"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("\x1b[33mthe package's next activity ID"));
    let plain = esscribe().arg("lint").arg(&file).output().unwrap();
    assert!(!plain.stdout.contains(&0x1b));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn dump_text_is_for_reading() {
    let out = esscribe()
        .arg("dump")
        .arg(corpus("skyrim-plugins/Campfire.esm"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let longest = text.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(longest < 1000, "longest line {longest}");
    assert!(text.contains(" more\n"), "long lists are summarised");
    assert!(text.contains("    editor_id: _Camp_LongBow\n"));
    assert!(text.contains("    data:\n      value: 30\n      weight: 5.0\n      damage: 6\n"));
}

#[test]
fn dump_names_record_flags() {
    let dir = tempfile::tempdir().unwrap();
    let json = std::fs::read_to_string(sample("sample-oblivion.json")).unwrap();
    let json = json.replacen("\"flags\": \"0x00000000\"", "\"flags\": \"0x00000001\"", 1);
    let path = dir.path().join("m.json");
    std::fs::write(&path, json).unwrap();
    let esp = dir.path().join("m.esp");
    esscribe()
        .arg("build")
        .arg(&path)
        .arg("-o")
        .arg(&esp)
        .assert()
        .success();
    esscribe()
        .arg("dump")
        .arg(&esp)
        .args(["--type", "tes4"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "TES4 0x00000000 flags 0x00000001 (master) at 0x0",
        ));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn save_records_text_is_for_reading() {
    let out = esscribe()
        .args(["save", "records"])
        .arg(corpus("oblivion-saves/save002.ess"))
        .args(["--type", "achr", "--form", "0x00000014"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('…') || text.contains(" more"), "nothing cut");
    assert!(
        text.contains("    moved:\n      placement:\n        cell: 0x000C6574 (Oblivion.esm)\n        position: 1765.4133, 2053.9944, -41.309204\n"),
        "{text}"
    );
    assert!(text.contains("iref: 0x0002EE72 (Oblivion.esm)\n"));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "1 record\n");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn inventory_properties_read_as_words() {
    let out = esscribe()
        .args(["save", "inventory"])
        .arg(corpus("oblivion-saves/save100.ess"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("[script 0x000CA0FD (Oblivion.esm) (var 1 = 1)]"),
        "{text}"
    );
    assert!(
        text.contains("[property 0x55 0, health 325.59955, equipped]"),
        "{text}"
    );
    assert!(!text.contains("\"kind\""), "{text}");
}

/// Plausible mistakes are named as mistakes, never as damage at an
/// offset: a plugin given to `build`, two plugins to `dump --json`, a
/// reference the save never changed to `save edit`; and `dump` of two
/// plugins says which one it shows.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn mistakes_are_named_as_mistakes() {
    let campfire = corpus("skyrim-plugins/Campfire.esm");
    let chair = corpus("skyrim-plugins/CampfireTutorial_Chair.esp");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("Out.esp");
    let said = stderr_of(esscribe().arg("build").arg(&campfire).arg("-o").arg(&out));
    assert!(
        said.contains("Campfire.esm is a plugin, not a JSON dump"),
        "{said}"
    );
    assert!(!out.exists());
    let said = stderr_of(
        esscribe()
            .args(["dump", "--json"])
            .arg(&campfire)
            .arg(&chair),
    );
    assert!(said.contains("dump --json shows one plugin"), "{said}");
    let said = stderr_of(esscribe().arg("dump").arg(&campfire).arg(&chair));
    assert!(
        said.contains("CampfireTutorial_Chair.esp; ")
            && said.contains("Campfire.esm read as its load order"),
        "{said}"
    );
    let save = dir.path().join("save002.ess");
    std::fs::copy(corpus("oblivion-saves/save002.ess"), &save).unwrap();
    for change in [
        &["--scale", "2"][..],
        &["--item", "0x0000000F", "--count", "5"],
    ] {
        let said = stderr_of(
            esscribe()
                .args(["save", "edit"])
                .arg(&save)
                .args(["--ref", "0x00ABCDEF"])
                .args(change),
        );
        assert_eq!(
            said.trim_end(),
            "esscribe: reference 0x00ABCDEF: the save holds no changes of it (the player is 0x00000014)"
        );
    }
}

/// Text from a file never reaches the terminal as an escape sequence: an
/// author, a master's name and a player's name holding one are shown
/// escaped by `info`, `masters` and `save info`.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn escape_sequences_from_files_are_shown_escaped() {
    const TITLE: &str = "\u{1b}]0;owned\u{7}";
    let dir = tempfile::tempdir().unwrap();
    let data = common::file("testing-plugins/Skyrim/Blank - Master Dependent.esp");
    let mut plugin = esscribe::Plugin::parse(&data).unwrap();
    let master = plugin.masters().unwrap()[0].clone();
    esscribe::masters::rename_master(&mut plugin, &master, &format!("{TITLE}.esm")).unwrap();
    let mut doc = esscribe::json::plugin_to_json(&plugin, "Evil.esp").unwrap();
    doc["header"]["fields"]["author"] = TITLE.into();
    let built = esscribe::json::build_plugin(&doc).unwrap();
    let path = dir.path().join("Evil.esp");
    std::fs::write(&path, built.plugin.to_bytes().unwrap()).unwrap();
    let mut save =
        esscribe::save::SaveFile::parse(&common::file("oblivion-saves/save002.ess")).unwrap();
    save.rename_player(TITLE).unwrap();
    let save_path = dir.path().join("Evil.ess");
    std::fs::write(&save_path, save.to_bytes().unwrap()).unwrap();
    let runs: [&[&std::ffi::OsStr]; 3] = [
        &["info".as_ref(), path.as_os_str()],
        &["masters".as_ref(), path.as_os_str()],
        &["save".as_ref(), "info".as_ref(), save_path.as_os_str()],
    ];
    for args in runs {
        let out = esscribe().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{7}'),
            "{args:?}: {text:?}"
        );
        assert!(text.contains("\\u{1b}]0;owned\\u{7}"), "{args:?}: {text}");
    }
}

/// A file that is no plugin, given where a plugin is expected, is named
/// for what it is rather than as a plugin damaged at its first byte.
#[test]
fn a_file_that_is_no_plugin_is_named_for_what_it_is() {
    let json = sample("sample-oblivion.json");
    let said = stderr_of(esscribe().arg("info").arg(&json));
    assert!(
        said.contains("sample-oblivion.json is JSON, not a plugin; `esscribe build")
            && !said.contains("offset"),
        "{said}"
    );
    let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md");
    let said = stderr_of(esscribe().arg("dump").arg(&readme));
    assert!(
        said.contains("README.md is not a plugin: a plugin starts with a TES4 record, and this file starts with \"# es\""),
        "{said}"
    );
}

/// Started with its standard output closed, a command fails and says
/// why rather than succeed having shown nothing; output sent to
/// `/dev/null` on purpose is no failure.
#[cfg(unix)]
#[test]
fn a_closed_standard_output_is_a_failure() {
    let bin = assert_cmd::cargo::cargo_bin("esscribe");
    let plugin = sample("sample-oblivion.esp");
    let run = |redirect: &str| {
        std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("\"$0\" info \"$1\" {redirect}"))
            .arg(&bin)
            .arg(&plugin)
            .output()
            .unwrap()
    };
    let closed = run(">&-");
    assert_eq!(closed.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&closed.stderr).contains("standard output is closed"));
    assert_eq!(run(">/dev/null").status.code(), Some(0));
}
