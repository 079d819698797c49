//! Every command the README shows is run, as a user would type it, in a
//! folder holding the files it names: the corpus files it speaks of, the
//! sample plugin as `Mod.esp`, and the saves.

#![cfg(unix)]

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md")).unwrap()
}

/// The `esscribe …` lines of the README's shell blocks.
fn commands(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_shell = false;
    for line in text.lines() {
        if let Some(lang) = line.strip_prefix("```") {
            in_shell = !in_shell && lang.trim() == "sh";
            continue;
        }
        let line = line.trim();
        // `serve` runs until stopped: the browser tests run it instead.
        if in_shell && line.starts_with("esscribe ") && !line.starts_with("esscribe serve") {
            out.push(line.to_string());
        }
    }
    out
}

/// A folder with every file the README's commands name.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let copy = |from: PathBuf, to: &str| {
        let to = d.join(to);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        // The user's own copies, writable (the corpus's are read-only,
        // and a read-only file is not replaced).
        std::fs::write(to, std::fs::read(from).unwrap()).unwrap();
    };
    copy(common::path("skyrim-plugins/Campfire.esm"), "Campfire.esm");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples");
    copy(sample.join("sample-oblivion.esp"), "Mod.esp");
    // The older version of the mod: its sleeping package started an hour
    // later.
    let text = std::fs::read_to_string(sample.join("sample-oblivion.json")).unwrap();
    let old = text.replacen("\"hour\": 22", "\"hour\": 23", 1);
    assert_ne!(old, text);
    let old: serde_json::Value = serde_json::from_str(&old).unwrap();
    let bytes = esscribe::json::plugin_from_json(&old)
        .unwrap()
        .to_bytes()
        .unwrap();
    std::fs::write(d.join("Mod-old.esp"), bytes).unwrap();
    for tutorial in ["Chair", "ChairAndExtras", "Shack"] {
        let name = format!("CampfireTutorial_{tutorial}.esp");
        copy(common::path(&format!("skyrim-plugins/{name}")), &name);
    }
    copy(
        common::path("oblivion-plugins/OOArena.esp"),
        "Data/OOArena.esp",
    );
    copy(
        common::path("skyrim-plugins/Campfire.esm"),
        "Data/Campfire.esm",
    );
    // A plugin with two records identical to its master's, made with xEdit.
    copy(
        common::path("testing-plugins/Skyrim/Blank - Master Dependent.esp"),
        "Dirty.esp",
    );
    copy(
        common::path("testing-plugins/Skyrim/Blank.esm"),
        "Blank.esm",
    );
    // A mod's archive, as Skyrim Special Edition's are: compressed, its
    // string tables and a mesh.
    let archive = esscribe::archive::ArchiveBuilder::new(esscribe::archive::Version::SkyrimSe)
        .compressed_by_default(true)
        .file(
            "strings\\mymod_english.strings",
            esscribe::plugin::strings::build_table(
                esscribe::plugin::strings::StringKind::Strings,
                &[(1, b"Iron Ladle")],
            ),
        )
        .file(
            "meshes\\mymod\\ladle.nif",
            b"Gamebryo File Format".repeat(50),
        )
        .build()
        .unwrap();
    std::fs::write(d.join("MyMod.bsa"), archive).unwrap();
    std::fs::create_dir_all(d.join(".local/share/bash-completion/completions")).unwrap();
    for save in ["save002.ess", "save010.ess"] {
        copy(common::path(&format!("oblivion-saves/{save}")), save);
    }
    for n in [1, 2] {
        copy(
            common::path(&format!("skyrim-saves/enderal-lightly-modded-{n}.ess")),
            &format!("enderal-{n}.ess"),
        );
    }
    dir
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_readme_command_runs() {
    let commands = commands(&readme());
    assert!(commands.len() >= 15, "found only {commands:?}");
    let dir = workspace();
    let bin = assert_cmd::cargo::cargo_bin("esscribe");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for command in &commands {
        let out = Command::new("sh")
            .arg("-c")
            .arg(command)
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            // Commands that install into the home folder write into this one.
            .env("HOME", dir.path())
            .output()
            .unwrap();
        // Commands that compare or check say what they found by their
        // exit status: 1 for differences or findings, never more.
        let reports = command.starts_with("esscribe diff ")
            || command.starts_with("esscribe save diff ")
            || command.starts_with("esscribe lint ")
            || command.starts_with("esscribe esl check ");
        let ok = out.status.success() || (reports && out.status.code() == Some(1));
        assert!(
            ok,
            "`{command}` failed ({:?}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        let quiet_when_clean = command.starts_with("esscribe lint ");
        assert!(
            !out.stdout.is_empty()
                || !out.stderr.is_empty()
                || quiet_when_clean
                || command.contains('>')
                || command.contains(" -o "),
            "`{command}` said nothing"
        );
    }
}
