//! String tables found as the game finds them: in the loose `Strings`
//! folder first, then in the plugin's own archives, then in the game's
//! interface archive; each table on its own.

mod common;

use esscribe::archive::{ArchiveBuilder, Version};
use esscribe::loadorder::{LoadOrder, PluginFiles};
use esscribe::plugin::strings::{build_table, StringKind, StringTables};
use std::path::{Path, PathBuf};

/// A Data folder holding the localized `Ladle.esp`, and the plugin's path.
fn data_dir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("Data");
    std::fs::create_dir(&data).unwrap();
    let plugin = data.join("Ladle.esp");
    std::fs::write(&plugin, common::localized_ladle()).unwrap();
    (dir, plugin)
}

/// An archive at `path` holding the `.STRINGS` table `ladle_<language>`
/// with string 4660 as `name`, and `extra` files.
fn archive(path: &Path, version: Version, language: &str, name: &str, extra: &[(&str, &[u8])]) {
    let table = build_table(StringKind::Strings, &[(4660, name.as_bytes())]);
    let mut b = ArchiveBuilder::new(version)
        .compressed_by_default(true)
        .file(&format!("strings\\ladle_{language}.strings"), table);
    for (p, bytes) in extra {
        b = b.file(p, bytes.to_vec());
    }
    std::fs::write(path, b.build().unwrap()).unwrap();
}

fn name(tables: &StringTables) -> String {
    tables.text(4660, StringKind::Strings).unwrap().into_owned()
}

fn source(tables: &StringTables, kind: StringKind) -> Option<&str> {
    tables.table(kind).map(|t| t.file())
}

#[test]
fn tables_only_in_the_interface_archive_are_found() {
    for version in [Version::Skyrim, Version::SkyrimSe] {
        let (_dir, plugin) = data_dir();
        let data = plugin.parent().unwrap();
        let interface = data.join("Skyrim - Interface.bsa");
        archive(
            &interface,
            version,
            "english",
            "Iron Ladle",
            &[(
                "strings\\ladle_english.dlstrings",
                &build_table(StringKind::DlStrings, &[(9, b"A ladle.")]),
            )],
        );
        let tables = StringTables::load(&plugin, "english").unwrap();
        assert_eq!(name(&tables), "Iron Ladle");
        assert_eq!(
            tables.text(9, StringKind::DlStrings).unwrap(),
            "A ladle.",
            "{version:?}"
        );
        assert_eq!(
            source(&tables, StringKind::Strings),
            Some(format!("{} → strings\\ladle_english.strings", interface.display()).as_str())
        );
        assert_eq!(
            tables.warnings(),
            ["no Ladle_english.ILSTRINGS in a Strings folder nor in an archive beside the plugin: strings of that table are shown as IDs only"]
        );
    }
}

#[test]
fn the_plugins_own_archives_come_before_the_games_and_loose_files_before_both() {
    let (_dir, plugin) = data_dir();
    let data = plugin.parent().unwrap().to_path_buf();
    archive(
        &data.join("Skyrim - Interface.bsa"),
        Version::SkyrimSe,
        "english",
        "Interface Ladle",
        &[],
    );
    archive(
        &data.join("Ladle - Textures.bsa"),
        Version::SkyrimSe,
        "english",
        "Textures Ladle",
        &[],
    );
    assert_eq!(
        name(&StringTables::load(&plugin, "english").unwrap()),
        "Textures Ladle"
    );
    // Named in another case, as on a Windows disk.
    archive(
        &data.join("LADLE.BSA"),
        Version::Skyrim,
        "english",
        "Own Ladle",
        &[],
    );
    assert_eq!(
        name(&StringTables::load(&plugin, "english").unwrap()),
        "Own Ladle"
    );
    // A loose table wins, table by table: the others still come from the
    // archives.
    let strings = data.join("Strings");
    std::fs::create_dir(&strings).unwrap();
    std::fs::write(
        strings.join("Ladle_English.STRINGS"),
        build_table(StringKind::Strings, &[(4660, b"Loose Ladle")]),
    )
    .unwrap();
    archive(
        &data.join("LADLE.BSA"),
        Version::Skyrim,
        "english",
        "Own Ladle",
        &[(
            "strings\\ladle_english.ilstrings",
            &build_table(StringKind::IlStrings, &[(5, b"Stir.")]),
        )],
    );
    let tables = StringTables::load(&plugin, "english").unwrap();
    assert_eq!(name(&tables), "Loose Ladle");
    assert_eq!(
        source(&tables, StringKind::Strings),
        Some(
            strings
                .join("Ladle_English.STRINGS")
                .display()
                .to_string()
                .as_str()
        )
    );
    assert_eq!(tables.text(5, StringKind::IlStrings).unwrap(), "Stir.");
    assert_eq!(
        tables.warnings(),
        [format!(
            "no Ladle_english.DLSTRINGS in {} nor in an archive beside the plugin: strings of that table are shown as IDs only",
            strings.display()
        )]
    );
    // The language chooses the table, in the archives as in the folder.
    archive(
        &data.join("Ladle.bsa"),
        Version::Skyrim,
        "french",
        "Louche",
        &[],
    );
    std::fs::remove_file(data.join("LADLE.BSA")).ok();
    let tables = StringTables::load(&plugin, "french").unwrap();
    assert_eq!(name(&tables), "Louche");
}

#[test]
fn an_unreadable_archive_is_passed_over_and_a_damaged_table_in_one_is_an_error() {
    let (_dir, plugin) = data_dir();
    let data = plugin.parent().unwrap().to_path_buf();
    std::fs::write(data.join("Ladle - Broken.bsa"), b"BSA\0g").unwrap();
    archive(
        &data.join("Skyrim - Interface.bsa"),
        Version::SkyrimSe,
        "english",
        "Iron Ladle",
        &[],
    );
    let tables = StringTables::load(&plugin, "english").unwrap();
    assert_eq!(name(&tables), "Iron Ladle");
    assert_eq!(
        tables.warnings()[0],
        format!(
            "not searched for string tables: at offset 0x4: archive version: needs 4 bytes, only 1 remain (in {})",
            data.join("Ladle - Broken.bsa").display()
        )
    );

    let mut table = build_table(StringKind::Strings, &[(4660, b"Iron Ladle")]);
    table[12..16].copy_from_slice(&99u32.to_le_bytes());
    let bytes = ArchiveBuilder::new(Version::Skyrim)
        .compressed_by_default(true)
        .file("strings\\ladle_english.strings", table)
        .build()
        .unwrap();
    std::fs::write(data.join("Ladle.bsa"), bytes).unwrap();
    let e = StringTables::load(&plugin, "english").unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "at offset 0xC: entry 0 (ID 4660): offset 99 is past the string data (11 bytes) (in {} → strings\\ladle_english.strings)",
            data.join("Ladle.bsa").display()
        )
    );
}

#[test]
fn nothing_found_anywhere_is_one_warning() {
    let (_dir, plugin) = data_dir();
    let data = plugin.parent().unwrap().to_path_buf();
    // An archive of the plugin's without a strings folder.
    let bytes = ArchiveBuilder::new(Version::SkyrimSe)
        .file("meshes\\ladle.nif", b"nif".to_vec())
        .build()
        .unwrap();
    std::fs::write(data.join("Ladle.bsa"), bytes).unwrap();
    let tables = StringTables::load(&plugin, "english").unwrap();
    assert!(tables.table(StringKind::Strings).is_none());
    assert_eq!(
        tables.warnings(),
        [format!(
            "{} is localized but no Strings folder is beside it or in its parent folder, and no archive beside it holds its string tables: its text is shown as string IDs only",
            plugin.display()
        )]
    );
}

#[test]
fn a_load_order_names_records_from_archived_tables() {
    let (_dir, plugin) = data_dir();
    let data = plugin.parent().unwrap().to_path_buf();
    archive(
        &data.join("Ladle.bsa"),
        Version::SkyrimSe,
        "english",
        "Iron Ladle",
        &[],
    );
    let files = PluginFiles::open([&plugin]);
    let mut order = LoadOrder::from_files(&files);
    assert!(order.load_strings(&files, "english").is_empty());
    let id = order.lookup("_Test_Ladle").unwrap();
    assert_eq!(
        order.describe(id),
        "_Test_Ladle \"Iron Ladle\" [MISC:00000800 Ladle.esp]"
    );
}
