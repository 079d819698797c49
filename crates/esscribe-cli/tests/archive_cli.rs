//! `esscribe archive` on archives written in the test: info, list and
//! extract give exactly what was written, extraction never writes outside
//! its folder, and a damaged archive is an error naming it.

use assert_cmd::Command;
use esscribe::archive::{Archive, ArchiveBuilder, Version};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

fn esscribe() -> Command {
    Command::cargo_bin("esscribe").unwrap()
}

fn files() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("strings\\mymod_english.strings", b"Iron Sword ".repeat(100)),
        ("meshes\\clutter\\bowl.nif", (0u8..=255).collect()),
        ("readme.txt", b"at the root".to_vec()),
    ]
}

/// An archive of [`files`] at `dir/name`, and its path.
fn archive(dir: &Path, name: &str, version: Version) -> PathBuf {
    let mut b = ArchiveBuilder::new(version)
        .compressed_by_default(true)
        .file_flags(0x102);
    for (path, bytes) in files() {
        b = b.file(path, bytes);
    }
    let path = dir.join(name);
    std::fs::write(&path, b.build().unwrap()).unwrap();
    path
}

fn stdout(args: &[&str], path: &Path) -> String {
    let out = esscribe().args(args).arg(path).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn info_tells_version_flags_and_counts() {
    let dir = tempfile::tempdir().unwrap();
    for (version, number, game) in [
        (Version::Oblivion, 103, "Oblivion"),
        (
            Version::Skyrim,
            104,
            "Skyrim (also Fallout 3 and New Vegas)",
        ),
        (Version::SkyrimSe, 105, "Skyrim Special Edition"),
    ] {
        let path = archive(dir.path(), &format!("{number}.bsa"), version);
        assert_eq!(
            stdout(&["archive", "info"], &path),
            format!(
                "{}\n  version:       {number} ({game})\n  archive flags: 0x00000007 (folder names, file names, compressed)\n  file flags:    0x0102 (textures, misc)\n  folders:       3\n  files:         3\n",
                path.display()
            )
        );
        let doc: Value =
            serde_json::from_str(&stdout(&["archive", "info", "--json"], &path)).unwrap();
        assert_eq!(
            doc,
            json!([{
                "file": format!("{number}.bsa"),
                "version": number,
                "game": game,
                "archive_flags": 7,
                "archive_flag_names": ["folder names", "file names", "compressed"],
                "file_flags": 0x102,
                "file_flag_names": ["textures", "misc"],
                "folder_count": 3,
                "file_count": 3,
            }])
        );
    }
}

#[test]
fn list_gives_every_file_with_its_sizes() {
    let dir = tempfile::tempdir().unwrap();
    for version in [Version::Oblivion, Version::Skyrim, Version::SkyrimSe] {
        let path = archive(dir.path(), "List.bsa", version);
        // The stored sizes are what the compressor made: read back here.
        let a = Archive::open(&path).unwrap();
        let stored = |p: &str| a.find(p).unwrap().stored_size;
        let mut expected = String::new();
        for (p, size) in [
            ("meshes\\clutter\\bowl.nif", 256),
            ("readme.txt", 11),
            ("strings\\mymod_english.strings", 1100),
        ] {
            expected.push_str(&format!("{size:>12} {:>12}  {p}\n", stored(p)));
        }
        let out = esscribe()
            .args(["archive", "list"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success());
        assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
        let total: u64 = a.entries().iter().map(|e| e.stored_size).sum();
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            format!(
                "{}: 3 files, 1,367 bytes ({total} stored)\n",
                path.display()
            )
        );
        let doc: Value =
            serde_json::from_str(&stdout(&["archive", "list", "--json"], &path)).unwrap();
        assert_eq!(
            doc[2],
            json!({
                "path": "strings\\mymod_english.strings",
                "stored_size": stored("strings\\mymod_english.strings"),
                "size": 1100,
                "compressed": true,
            })
        );
        assert_eq!(doc.as_array().unwrap().len(), 3);
    }
}

/// Every file under `dir`, by path relative to it, with its bytes.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if std::fs::symlink_metadata(&p).unwrap().is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
                out.push((rel, std::fs::read(&p).unwrap_or_default()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn extract_writes_exactly_the_bytes_of_every_file_or_of_those_named() {
    let dir = tempfile::tempdir().unwrap();
    for version in [Version::Oblivion, Version::Skyrim, Version::SkyrimSe] {
        let path = archive(dir.path(), "Extract.bsa", version);
        let out = dir.path().join(format!("all-{}", version.number()));
        esscribe()
            .args(["archive", "extract"])
            .arg(&path)
            .arg("-o")
            .arg(&out)
            .assert()
            .code(0)
            .stderr(format!(
                "{}: extracted 3 files (1,367 bytes) to {}\n",
                path.display(),
                out.display()
            ));
        let mut expected: Vec<(String, Vec<u8>)> = files()
            .into_iter()
            .map(|(p, b)| (p.replace('\\', "/"), b))
            .collect();
        expected.sort();
        assert_eq!(tree(&out), expected);

        let some = dir.path().join(format!("some-{}", version.number()));
        esscribe()
            .args(["archive", "extract"])
            .arg(&path)
            .args(["Meshes/Clutter/BOWL.nif", "-o"])
            .arg(&some)
            .assert()
            .code(0);
        assert_eq!(
            tree(&some),
            [("meshes/clutter/bowl.nif".to_string(), (0u8..=255).collect())]
        );
        esscribe()
            .args(["archive", "extract"])
            .arg(&path)
            .args(["meshes/clutter/bowls.nif", "-o"])
            .arg(&some)
            .assert()
            .code(1)
            .stderr(predicates::str::contains(
                "no meshes/clutter/bowls.nif in the archive; it holds: meshes\\clutter\\bowl.nif",
            ));
    }
}

#[test]
fn paths_climbing_out_of_the_folder_are_not_extracted() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = ArchiveBuilder::new(Version::Skyrim)
        .file("..\\..\\escaped\\evil.txt", b"evil".to_vec())
        .file("c:\\windows\\evil.dll", b"evil".to_vec())
        .file("good\\fine.txt", b"fine".to_vec())
        .build()
        .unwrap();
    let path = dir.path().join("Hostile.bsa");
    std::fs::write(&path, bytes).unwrap();
    let work = dir.path().join("a/b");
    std::fs::create_dir_all(&work).unwrap();
    let out = work.join("out");
    esscribe()
        .args(["archive", "extract"])
        .arg(&path)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "warning: ..\\..\\escaped\\evil.txt: not extracted: its path would leave the output folder",
        ))
        .stderr(predicates::str::contains(
            "warning: c:\\windows\\evil.dll: not extracted",
        ))
        .stderr(predicates::str::ends_with(format!(
            "extracted 1 file (4 bytes) to {}; 2 files not extracted\n",
            out.display()
        )));
    assert_eq!(
        tree(&out),
        [("good/fine.txt".to_string(), b"fine".to_vec())]
    );
    // Nothing anywhere else under the test's folder.
    let everything: Vec<String> = tree(dir.path()).into_iter().map(|(p, _)| p).collect();
    assert_eq!(everything, ["Hostile.bsa", "a/b/out/good/fine.txt"]);
}

#[cfg(unix)]
#[test]
fn links_already_in_the_folder_are_never_written_through() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let path = archive(dir.path(), "Links.bsa", Version::SkyrimSe);
    let outside = dir.path().join("outside");
    std::fs::create_dir(&outside).unwrap();
    std::fs::write(outside.join("precious.txt"), b"precious").unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    // A folder of the archive that is a link to a folder outside, and a
    // file of it that is a link to a file outside.
    symlink(&outside, out.join("strings")).unwrap();
    symlink(outside.join("precious.txt"), out.join("readme.txt")).unwrap();
    esscribe()
        .args(["archive", "extract"])
        .arg(&path)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "strings\\mymod_english.strings: not extracted:",
        ))
        .stderr(predicates::str::contains("expected a folder, found a link"))
        .stderr(predicates::str::contains("extracted 2 files (267 bytes)"));
    assert_eq!(
        tree(&outside),
        [("precious.txt".to_string(), b"precious".to_vec())]
    );
    let readme = out.join("readme.txt");
    assert!(std::fs::symlink_metadata(&readme).unwrap().is_file());
    assert_eq!(std::fs::read(&readme).unwrap(), b"at the root");
    assert!(std::fs::symlink_metadata(out.join("strings"))
        .unwrap()
        .is_symlink());
}

#[test]
fn a_damaged_archive_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = archive(dir.path(), "Cut.bsa", Version::Skyrim);
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 10]).unwrap();
    for cmd in ["info", "list", "extract"] {
        let mut c = esscribe();
        c.args(["archive", cmd]).arg(&path);
        if cmd == "extract" {
            c.arg("-o").arg(dir.path().join("out"));
        }
        c.assert()
            .code(1)
            .stderr(predicates::str::contains("run past the end of the archive"))
            .stderr(predicates::str::contains(format!("(in {}", path.display())));
    }
    assert!(!dir.path().join("out").exists());

    // A compressed file whose data no longer inflates: the others are
    // still extracted.
    let path = archive(dir.path(), "Bad.bsa", Version::SkyrimSe);
    let at = Archive::open(&path)
        .unwrap()
        .find("readme.txt")
        .unwrap()
        .data_offset() as usize;
    let mut bytes = std::fs::read(&path).unwrap();
    // The LZ4 frame's header checksum.
    bytes[at + 6] ^= 0xFF;
    std::fs::write(&path, bytes).unwrap();
    let out = dir.path().join("bad");
    esscribe()
        .args(["archive", "extract"])
        .arg(&path)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "esscribe: readme.txt: not extracted: ",
        ))
        .stderr(predicates::str::contains("extracted 2 files"));
    assert_eq!(tree(&out).len(), 2);
}
