//! A localized plugin whose string tables are only inside archives, as
//! the games ship them: the commands that name records find them there.

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use esscribe::archive::{ArchiveBuilder, Version};
use esscribe::plugin::strings::{build_table, StringKind};
use std::path::{Path, PathBuf};

fn esscribe() -> Command {
    Command::cargo_bin("esscribe").unwrap()
}

/// `Data/Ladle.esp` (localized, string 4660 naming its MISC) and, in
/// `Data/<archive>`, its English tables.
fn data_with_tables_in(dir: &Path, archive: &str, version: Version) -> PathBuf {
    let data = dir.join("Data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("Ladle.esp"), common::localized_ladle()).unwrap();
    let bytes = ArchiveBuilder::new(version)
        .compressed_by_default(true)
        .file(
            "strings\\ladle_english.strings",
            build_table(StringKind::Strings, &[(4660, b"Iron Ladle")]),
        )
        .file(
            "strings\\ladle_english.dlstrings",
            build_table(StringKind::DlStrings, &[]),
        )
        .file(
            "strings\\ladle_english.ilstrings",
            build_table(StringKind::IlStrings, &[]),
        )
        .build()
        .unwrap();
    std::fs::write(data.join(archive), bytes).unwrap();
    data
}

fn run(args: &[&str], data: &Path) -> (String, String) {
    let out = esscribe()
        .args(args)
        .arg("--data")
        .arg(data)
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert!(out.status.success(), "{args:?}: {stderr}");
    (stdout, stderr)
}

#[test]
fn dump_and_refs_name_records_from_tables_in_archives() {
    for (archive, version) in [
        ("Skyrim - Interface.bsa", Version::SkyrimSe),
        ("Skyrim - Interface.bsa", Version::Skyrim),
        ("Ladle.bsa", Version::SkyrimSe),
        ("Ladle.bsa", Version::Skyrim),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let data = data_with_tables_in(dir.path(), archive, version);
        let plugin = data.join("Ladle.esp");
        let name = "    name:\n      string_id: 4660\n      text: Iron Ladle\n";
        let (stdout, stderr) = run(&["dump", plugin.to_str().unwrap()], &data);
        assert!(stdout.contains(name), "{archive}: {stdout}");
        assert!(!stderr.contains("warning"), "{archive}: {stderr}");
        // The plugin alone, without its Data folder's load order.
        let out = esscribe().arg("dump").arg(&plugin).output().unwrap();
        assert!(out.status.success());
        assert!(String::from_utf8(out.stdout).unwrap().contains(name));
        assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
        // Named in a load order, as references are.
        let (_, stderr) = run(&["refs", "--form", "_Test_Ladle"], &data);
        assert!(
            stderr.ends_with(
                "_Test_Ladle \"Iron Ladle\" [MISC:00000800 Ladle.esp] is referred to by 0 records\n"
            ),
            "{archive}: {stderr}"
        );
    }
}

#[test]
fn without_the_archive_the_record_keeps_its_string_id() {
    let dir = tempfile::tempdir().unwrap();
    let data = data_with_tables_in(dir.path(), "Other.bsa", Version::SkyrimSe);
    let plugin = data.join("Ladle.esp");
    let out = esscribe().arg("dump").arg(&plugin).output().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("    name:\n      string_id: 4660\n    data:"),
        "{stdout}"
    );
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "warning: {} is localized but no Strings folder is beside it or in its parent folder, and no archive beside it holds its string tables: its text is shown as string IDs only\n",
            plugin.display()
        )
    );
}
