//! `esscribe assets` on a Data folder of archives written by the `ba2`
//! crate and loose files: which file the game reads for each path.

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use esscribe::archive::{ArchiveBuilder, Version};
use serde_json::{json, Value};
use std::path::Path;

fn archive(path: &Path, files: &[&str]) {
    let mut builder = ArchiveBuilder::new(Version::SkyrimSe);
    for f in files {
        builder = builder.file(f, format!("{} from {}", f, path.display()).into_bytes());
    }
    std::fs::write(path, builder.build().unwrap()).unwrap();
}

/// A Skyrim SE game folder: Skyrim.esm, then B.esp and A.esp as
/// plugins.txt orders them, Off.esp inactive; the ini's archive, each
/// plugin's own, one of nobody's, and loose files.
fn game_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("Data");
    std::fs::create_dir(&data).unwrap();
    for (name, flags, t) in [
        ("Skyrim.esm", 1, 1),
        ("A.esp", 0, 2),
        ("B.esp", 0, 3),
        ("Off.esp", 0, 4),
    ] {
        let path = data.join(name);
        let masters: &[&str] = if flags == 1 { &[] } else { &["Skyrim.esm"] };
        let bytes = common::header_only_plugin(esscribe::Game::Skyrim, 1.71, flags, masters);
        std::fs::write(&path, bytes).unwrap();
        common::set_file_time(&path, t);
    }
    std::fs::write(dir.path().join("plugins.txt"), "*B.esp\n*A.esp\nOff.esp\n").unwrap();
    std::fs::write(
        dir.path().join("Skyrim.ini"),
        "[Archive]\nsResourceArchiveList=Skyrim - Misc.bsa, Skyrim - Absent.bsa\nsResourceArchiveList2=Extra.bsa\n",
    )
    .unwrap();
    archive(
        &data.join("Skyrim - Misc.bsa"),
        &["meshes\\shared.nif", "meshes\\vanilla.nif"],
    );
    archive(
        &data.join("Extra.bsa"),
        &["meshes\\shared.nif", "meshes\\extra.nif"],
    );
    archive(
        &data.join("A.bsa"),
        &["meshes\\shared.nif", "meshes\\a.nif"],
    );
    archive(&data.join("A - Textures.bsa"), &["textures\\t.dds"]);
    archive(&data.join("B.bsa"), &["Meshes/Shared.NIF", "meshes\\b.nif"]);
    archive(
        &data.join("Off.bsa"),
        &["meshes\\shared.nif", "meshes\\off.nif"],
    );
    std::fs::create_dir_all(data.join("Textures")).unwrap();
    std::fs::write(data.join("Textures").join("T.DDS"), b"loose").unwrap();
    std::fs::create_dir_all(data.join("meshes").join("loose")).unwrap();
    std::fs::write(data.join("meshes").join("loose").join("only.nif"), b"x").unwrap();
    dir
}

fn run(args: &[&str]) -> String {
    let out = Command::cargo_bin("esscribe")
        .unwrap()
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn winners_follow_the_load_order_and_loose_files_win() {
    let dir = game_folder();
    let data = dir.path().join("Data");
    let ini = dir.path().join("Skyrim.ini");
    let (data, ini) = (data.to_str().unwrap(), ini.to_str().unwrap());
    let v: Value =
        serde_json::from_str(&run(&["assets", "--data", data, "--ini", ini, "--json"])).unwrap();
    // The ini's archives first (one of them absent); then B.esp's and
    // A.esp's, in load order; Off.esp is inactive, so Off.bsa is not read.
    assert_eq!(
        v["archives"],
        json!([
            "Skyrim - Misc.bsa",
            "Extra.bsa",
            "B.bsa",
            "A.bsa",
            "A - Textures.bsa"
        ])
    );
    assert_eq!(
        v["assets"],
        json!([
            {"path": "meshes\\a.nif", "winner": "A.bsa", "hidden": []},
            {"path": "meshes\\b.nif", "winner": "B.bsa", "hidden": []},
            {"path": "meshes\\extra.nif", "winner": "Extra.bsa", "hidden": []},
            {"path": "meshes\\loose\\only.nif", "winner": "<loose>", "hidden": []},
            {"path": "meshes\\shared.nif", "winner": "A.bsa",
             "hidden": ["B.bsa", "Extra.bsa", "Skyrim - Misc.bsa"]},
            {"path": "meshes\\vanilla.nif", "winner": "Skyrim - Misc.bsa", "hidden": []},
            {"path": "textures\\t.dds", "winner": "<loose>", "hidden": ["A - Textures.bsa"]},
        ])
    );

    let text = run(&["assets", "--data", data, "--ini", ini, "--conflicts"]);
    assert_eq!(
        text,
        "meshes\\shared.nif  A.bsa  (hides B.bsa, Extra.bsa, Skyrim - Misc.bsa)\n\
         textures\\t.dds  <loose>  (hides A - Textures.bsa)\n"
    );

    // Without the ini, Extra.bsa is not known to load; Skyrim - Misc.bsa
    // still does, as Skyrim.esm's own.
    let v: Value = serde_json::from_str(&run(&["assets", "--data", data, "--json"])).unwrap();
    assert_eq!(
        v["archives"],
        json!(["Skyrim - Misc.bsa", "B.bsa", "A.bsa", "A - Textures.bsa"])
    );
    assert_eq!(v["assets"][3]["path"], "meshes\\shared.nif");
    assert_eq!(
        v["assets"][3]["hidden"],
        json!(["B.bsa", "Skyrim - Misc.bsa"])
    );
}
