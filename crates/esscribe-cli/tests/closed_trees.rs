//! A tree is closed: unpack, merge and pack never write, remove or read
//! through a link in it, never wait on a named pipe, and say which file
//! was not what they expected.

#![cfg(unix)]

use assert_cmd::Command;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

fn esscribe() -> Command {
    Command::cargo_bin("esscribe").unwrap()
}

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/sample-oblivion.esp")
}

const FACT: &str = "FACT/SampleLighthouseKeepers.0x01000800.json";

/// The sample unpacked into `dir/t`.
fn unpacked(dir: &Path) -> PathBuf {
    let tree = dir.join("t");
    esscribe()
        .arg("unpack")
        .arg(sample())
        .arg(&tree)
        .assert()
        .success();
    tree
}

/// A file outside the tree that must stay as it is.
fn victim(dir: &Path) -> PathBuf {
    let v = dir.join("victim.txt");
    std::fs::write(&v, "precious\n").unwrap();
    v
}

fn is_link(p: &Path) -> bool {
    std::fs::symlink_metadata(p)
        .unwrap()
        .file_type()
        .is_symlink()
}

fn stderr_of(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(!out.status.success(), "should fail");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// What `pack` of `tree` into `dir/x.esp` says on standard error.
fn pack_refused(tree: &Path, dir: &Path) -> String {
    stderr_of(
        esscribe()
            .arg("pack")
            .arg(tree)
            .arg("-o")
            .arg(dir.join("x.esp")),
    )
}

#[test]
fn unpack_replaces_a_linked_record_file_and_never_writes_through_it() {
    let dir = tempfile::tempdir().unwrap();
    let tree = unpacked(dir.path());
    let victim = victim(dir.path());
    let file = tree.join(FACT);
    let text = std::fs::read(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    symlink(&victim, &file).unwrap();
    esscribe()
        .arg("unpack")
        .arg(sample())
        .arg(&tree)
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    assert!(!is_link(&file), "the link is replaced by the record's file");
    assert_eq!(std::fs::read(&file).unwrap(), text);
}

#[test]
fn unpack_refuses_a_linked_group_folder_and_writes_nothing_into_it() {
    let dir = tempfile::tempdir().unwrap();
    let tree = unpacked(dir.path());
    let outside = dir.path().join("outside");
    std::fs::rename(tree.join("PACK"), &outside).unwrap();
    symlink(&outside, tree.join("PACK")).unwrap();
    let before: Vec<_> = std::fs::read_dir(&outside).unwrap().collect();
    // The plugin changed: its records' files would be written anew.
    std::fs::write(
        outside.join("SampleKeeperSleepsAtNight.0x01000801.json"),
        "{}\n",
    )
    .unwrap();
    let err = stderr_of(esscribe().arg("unpack").arg(sample()).arg(&tree));
    assert!(
        err.contains("PACK: expected a folder, found a link"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(outside.join("SampleKeeperSleepsAtNight.0x01000801.json")).unwrap(),
        "{}\n"
    );
    assert_eq!(std::fs::read_dir(&outside).unwrap().count(), before.len());
}

#[test]
fn unpack_removes_nothing_a_linked_folders_group_file_lists() {
    let dir = tempfile::tempdir().unwrap();
    let tree = unpacked(dir.path());
    // A folder elsewhere, linked into the tree and listed by it, whose
    // group file lists a file of its own: the plugin has no such group,
    // so an unpack would remove the files it lists.
    let outside = dir.path().join("outside");
    std::fs::create_dir(&outside).unwrap();
    std::fs::write(
        outside.join("_group.json"),
        "{\"group\": \"top\", \"label\": \"GLOB\", \"stamp\": 0, \"entries\": [\"victim.json\"]}\n",
    )
    .unwrap();
    std::fs::write(outside.join("victim.json"), "precious\n").unwrap();
    symlink(&outside, tree.join("GLOB")).unwrap();
    let header = tree.join("plugin.json");
    let text = std::fs::read_to_string(&header).unwrap();
    std::fs::write(
        &header,
        text.replace("\"PACK\"\n", "\"PACK\",\n    \"GLOB\"\n"),
    )
    .unwrap();
    esscribe()
        .arg("unpack")
        .arg(sample())
        .arg(&tree)
        .assert()
        .success();
    assert_eq!(
        std::fs::read_to_string(outside.join("victim.json")).unwrap(),
        "precious\n"
    );
    assert!(outside.join("_group.json").exists());
}

#[test]
fn pack_refuses_a_linked_record_file_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let tree = unpacked(dir.path());
    let file = tree.join(FACT);
    // The very text, but outside the tree.
    let outside = dir.path().join("record.json");
    std::fs::rename(&file, &outside).unwrap();
    symlink(&outside, &file).unwrap();
    let err = pack_refused(&tree, dir.path());
    assert!(
        err.contains(&format!("{FACT}: expected a regular file, found a link")),
        "{err}"
    );
    assert!(!dir.path().join("x.esp").exists());
    // A link to an endless device is refused as a link, before any read.
    std::fs::remove_file(&file).unwrap();
    symlink("/dev/zero", &file).unwrap();
    let err = pack_refused(&tree, dir.path());
    assert!(
        err.contains("expected a regular file, found a link"),
        "{err}"
    );
}

#[test]
fn pack_refuses_a_linked_group_folder_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let tree = unpacked(dir.path());
    let outside = dir.path().join("outside");
    std::fs::rename(tree.join("PACK"), &outside).unwrap();
    symlink(&outside, tree.join("PACK")).unwrap();
    let err = pack_refused(&tree, dir.path());
    assert!(
        err.contains("PACK: expected a folder, found a link"),
        "{err}"
    );
}

#[test]
fn pack_refuses_a_named_pipe_without_waiting_on_it() {
    let dir = tempfile::tempdir().unwrap();
    let tree = unpacked(dir.path());
    let file = tree.join(FACT);
    std::fs::remove_file(&file).unwrap();
    let c = std::ffi::CString::new(file.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid C string naming a path in a folder of this test.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let err = stderr_of(
        esscribe()
            .arg("pack")
            .arg(&tree)
            .arg("-o")
            .arg(dir.path().join("x.esp"))
            // Not a measure of speed: a read that waited on the pipe would
            // wait for ever.
            .timeout(std::time::Duration::from_secs(120)),
    );
    assert!(
        err.contains(&format!(
            "{FACT}: expected a regular file, found a named pipe"
        )),
        "{err}"
    );
    // An unpack over it replaces it, and does not wait on it either.
    esscribe()
        .arg("unpack")
        .arg(sample())
        .arg(&tree)
        .timeout(std::time::Duration::from_secs(120))
        .assert()
        .success();
    assert!(std::fs::symlink_metadata(&file).unwrap().is_file());
}

/// The sample with the faction's crime gold multiplier set to `x`,
/// packed to `out`.
fn sample_with_multiplier(dir: &Path, x: &str, out: &Path) {
    let tree = dir.join(format!("edit-{x}"));
    esscribe()
        .arg("unpack")
        .arg(sample())
        .arg(&tree)
        .assert()
        .success();
    let file = tree.join(FACT);
    let text = std::fs::read_to_string(&file).unwrap();
    let edited = text.replace(
        "\"crime_gold_multiplier\": 1.5",
        &format!("\"crime_gold_multiplier\": {x}"),
    );
    assert_ne!(text, edited);
    std::fs::write(&file, edited).unwrap();
    esscribe()
        .arg("pack")
        .arg(&tree)
        .arg("-o")
        .arg(out)
        .assert()
        .success();
}

#[test]
fn a_conflict_tree_written_again_never_writes_through_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    sample_with_multiplier(d, "2.0", &d.join("ours.esp"));
    sample_with_multiplier(d, "3.0", &d.join("theirs.esp"));
    let conflicts = d.join("conflicts");
    let merge = || {
        esscribe()
            .arg("merge")
            .arg(sample())
            .arg(d.join("ours.esp"))
            .arg(d.join("theirs.esp"))
            .arg("-o")
            .arg(d.join("merged.esp"))
            .arg("--tree")
            .arg(&conflicts)
            .assert()
            .code(1);
    };
    merge();
    let file = conflicts.join(FACT);
    let marked = std::fs::read_to_string(&file).unwrap();
    assert!(marked.contains("<<<<<<< ours"), "{marked}");
    let victim = victim(d);
    std::fs::remove_file(&file).unwrap();
    symlink(&victim, &file).unwrap();
    merge();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    assert!(!is_link(&file));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), marked);
}

#[test]
fn build_refuses_a_key_given_twice_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/sample-oblivion.json");
    let text = std::fs::read_to_string(doc).unwrap();
    let twice = text.replacen("\"entries\": [", "\"entries\": [],\n  \"entries\": [", 1);
    assert_ne!(text, twice);
    let json = dir.path().join("twice.json");
    std::fs::write(&json, twice).unwrap();
    let out = dir.path().join("x.esp");
    let err = stderr_of(esscribe().arg("build").arg(&json).arg("-o").arg(&out));
    assert!(err.contains("twice.json"), "{err}");
    assert!(
        err.contains("\"entries\" is given twice in the outermost object (line"),
        "{err}"
    );
    assert!(!out.exists());
}

#[test]
fn build_names_text_that_is_not_utf8_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/sample-oblivion.json");
    let text = std::fs::read(doc).unwrap();
    // A name saved in Windows-1252 by another editor: é is one byte,
    // which UTF-8 never writes alone.
    let name = b"\"Lighthouse Keepers\"";
    let at = text.windows(name.len()).position(|w| w == name).unwrap();
    let mut latin = text.clone();
    latin.insert(at + 1, 0xE9);
    let json = dir.path().join("latin.json");
    std::fs::write(&json, latin).unwrap();
    let out = dir.path().join("x.esp");
    let err = stderr_of(esscribe().arg("build").arg(&json).arg("-o").arg(&out));
    assert!(
        err.contains("latin.json is not JSON text (not UTF-8)"),
        "{err}"
    );
    assert!(!out.exists());
}
