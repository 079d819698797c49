//! What a write promises, checked as a user meets it: backups are kept and
//! never written through links, a failed backup loses nothing, a second
//! writer waits for the first, the mode is kept, and a file is not replaced
//! by one of another kind.

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use esscribe::save::{change::PLAYER_REF, SaveFile};
use esscribe::FormId;
use std::io::BufRead;
use std::path::{Path, PathBuf};

fn esscribe() -> Command {
    Command::cargo_bin("esscribe").unwrap()
}

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples")
}

fn build(out: &Path) -> assert_cmd::assert::Assert {
    esscribe()
        .arg("build")
        .arg(samples().join("sample-oblivion.json"))
        .arg("-o")
        .arg(out)
        .assert()
}

#[cfg(unix)]
#[test]
fn build_never_writes_through_a_link_at_the_backup_name() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("Mod.esp");
    let victim = dir.path().join("Important.esm");
    std::fs::write(&out, b"old plugin").unwrap();
    std::fs::write(&victim, b"someone else's file").unwrap();
    std::os::unix::fs::symlink(&victim, dir.path().join("Mod.esp.bak")).unwrap();
    build(&out)
        .success()
        .stderr(predicates::str::contains("kept as"))
        .stderr(predicates::str::contains("Mod.esp.2.bak"));
    assert_eq!(std::fs::read(&victim).unwrap(), b"someone else's file");
    assert_eq!(
        std::fs::read(dir.path().join("Mod.esp.2.bak")).unwrap(),
        b"old plugin"
    );
    assert_eq!(
        std::fs::read(&out).unwrap(),
        std::fs::read(samples().join("sample-oblivion.esp")).unwrap()
    );
}

#[test]
fn every_write_keeps_its_own_backup_and_one_that_changes_nothing_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("Mod.esp");
    std::fs::write(&out, b"the original").unwrap();
    build(&out).success();
    std::fs::write(&out, b"an edit").unwrap();
    build(&out).success();
    assert_eq!(
        common::listing(dir.path()),
        ["Mod.esp", "Mod.esp.2.bak", "Mod.esp.bak"]
    );
    assert_eq!(
        std::fs::read(dir.path().join("Mod.esp.bak")).unwrap(),
        b"the original"
    );
    assert_eq!(
        std::fs::read(dir.path().join("Mod.esp.2.bak")).unwrap(),
        b"an edit"
    );
    // The same bytes again: the file is left as it is, with no backup.
    build(&out).success().stderr(predicates::str::contains(
        "held these bytes already: left untouched",
    ));
    assert_eq!(
        common::listing(dir.path()),
        ["Mod.esp", "Mod.esp.2.bak", "Mod.esp.bak"]
    );
    assert_eq!(
        std::fs::read(&out).unwrap(),
        std::fs::read(samples().join("sample-oblivion.esp")).unwrap()
    );
}

#[test]
fn stale_temporary_files_of_a_killed_write_are_removed_by_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("Mod.esp");
    std::fs::write(dir.path().join("Mod.esp.esscribe-99999-3.tmp"), [0u8; 4096]).unwrap();
    std::fs::write(dir.path().join("Mod.esp.esscribe-lock"), b"").unwrap();
    build(&out).success();
    assert_eq!(common::listing(dir.path()), ["Mod.esp"]);
}

#[cfg(unix)]
#[test]
fn a_failed_backup_keeps_the_file_and_the_backups_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("Mod.esp");
    // The new plugin (578 bytes) fits under the file size limit; a copy
    // of the 64 KiB file it replaces does not, as on a disk that fills up
    // while the backup is written.
    let old = vec![b'x'; 64 << 10];
    std::fs::write(&out, &old).unwrap();
    std::fs::write(dir.path().join("Mod.esp.bak"), b"the first backup").unwrap();
    let run = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 8; trap '' XFSZ; exec \"$@\"")
        .arg("sh")
        .arg(assert_cmd::cargo::cargo_bin("esscribe"))
        .arg("build")
        .arg(samples().join("sample-oblivion.json"))
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success(), "{stderr}");
    assert!(stderr.contains("cannot keep a backup"), "{stderr}");
    assert_eq!(std::fs::read(&out).unwrap(), old);
    assert_eq!(
        std::fs::read(dir.path().join("Mod.esp.bak")).unwrap(),
        b"the first backup"
    );
    assert_eq!(common::listing(dir.path()), ["Mod.esp", "Mod.esp.bak"]);
}

/// A copy of a corpus save in a fresh folder.
fn save_copy(name: &str) -> (tempfile::TempDir, PathBuf) {
    let data = common::file(&format!("oblivion-saves/{name}"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, data).unwrap();
    (dir, path)
}

fn count_of(save: &Path, item: u32) -> i32 {
    let data = std::fs::read(save).unwrap();
    let save = SaveFile::parse(&data).unwrap();
    let player = save.player().unwrap();
    let inventory = player.inventory().unwrap();
    let found = inventory
        .items()
        .find(|i| save.resolve(i.iref) == Some(FormId(item)))
        .unwrap();
    found.count
}

const ITEM_A: u32 = 0x0002_EE72;
const ITEM_B: u32 = 0x0003_3669;

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_second_editor_waits_for_the_first_and_both_edits_are_kept() {
    let (dir, save) = save_copy("save002.ess");
    // The first editor: this test, holding the lock as `save edit` does.
    let lock = esscribe::fsio::WriteLock::acquire(&save).unwrap();
    let mut second = std::process::Command::new(assert_cmd::cargo::cargo_bin("esscribe"))
        .args(["save", "edit"])
        .arg(&save)
        .args(["--item", &format!("0x{ITEM_B:08X}"), "--count", "77"])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = std::io::BufReader::new(second.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert!(line.contains("waiting for"), "{line}");
    // While the second waits, the first reads, edits and writes.
    let data = std::fs::read(&save).unwrap();
    let mut edited = SaveFile::parse(&data).unwrap();
    edited
        .set_item_count(PLAYER_REF, FormId(ITEM_A), 55)
        .unwrap();
    lock.write(&edited.to_bytes().unwrap(), |_| Ok(())).unwrap();
    drop(lock);
    let status = second.wait().unwrap();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    assert!(status.success(), "{rest}");
    assert_eq!(count_of(&save, ITEM_A), 55, "the first edit is kept");
    assert_eq!(
        count_of(&save, ITEM_B),
        77,
        "the second edit is made on top"
    );
    assert_eq!(
        common::listing(dir.path()),
        ["save002.ess", "save002.ess.2.bak", "save002.ess.bak"]
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn editors_racing_on_one_save_keep_every_edit() {
    let (dir, save) = save_copy("save002.ess");
    let before = (count_of(&save, ITEM_A), count_of(&save, ITEM_B));
    assert_eq!(before, (17, 6));
    for round in 1..=4 {
        let edit = |item: u32, count: i32| {
            std::process::Command::new(assert_cmd::cargo::cargo_bin("esscribe"))
                .args(["save", "edit"])
                .arg(&save)
                .args(["--item", &format!("0x{item:08X}"), "--count"])
                .arg(count.to_string())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        };
        let racers = [edit(ITEM_A, 100 + round), edit(ITEM_B, 200 + round)];
        for r in racers {
            let out = r.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        assert_eq!(
            (count_of(&save, ITEM_A), count_of(&save, ITEM_B)),
            (100 + round, 200 + round),
            "round {round}"
        );
    }
    // Every write kept the file it replaced.
    assert_eq!(common::listing(dir.path()).len(), 1 + 8);
    assert_eq!(count_of(&dir.path().join("save002.ess.bak"), ITEM_A), 17);
}

#[cfg(unix)]
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn an_edit_keeps_the_mode_of_the_save() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, save) = save_copy("save002.ess");
    std::fs::set_permissions(&save, std::fs::Permissions::from_mode(0o600)).unwrap();
    esscribe()
        .args(["save", "edit"])
        .arg(&save)
        .args(["--item", &format!("0x{ITEM_A:08X}"), "--count", "3"])
        .assert()
        .success();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&save), 0o600);
    assert_eq!(mode(&dir.path().join("save002.ess.bak")), 0o600);
    assert_eq!(count_of(&save, ITEM_A), 3);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_screenshot_is_not_written_over_its_save() {
    let (dir, save) = save_copy("save002.ess");
    let original = std::fs::read(&save).unwrap();
    esscribe()
        .args(["save", "screenshot"])
        .arg(&save)
        .arg("-o")
        .arg(&save)
        .assert()
        .failure()
        .stderr(predicates::str::contains(
            "it holds an Oblivion save, and this would write a PNG image over it",
        ));
    assert_eq!(std::fs::read(&save).unwrap(), original);
    assert_eq!(common::listing(dir.path()), ["save002.ess"]);
}

#[test]
fn build_does_not_write_a_plugin_over_its_json() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("mod.json");
    std::fs::copy(samples().join("sample-oblivion.json"), &json).unwrap();
    esscribe()
        .arg("build")
        .arg(&json)
        .arg("-o")
        .arg(&json)
        .assert()
        .failure()
        .stderr(predicates::str::contains(
            "it holds JSON, and this would write a plugin over it",
        ));
    assert_eq!(
        std::fs::read(&json).unwrap(),
        std::fs::read(samples().join("sample-oblivion.json")).unwrap()
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn edit_refuses_numbers_the_game_cannot_hold_and_says_what_else_it_changes() {
    let (dir, save) = save_copy("save002.ess");
    let original = std::fs::read(&save).unwrap();
    for (arg, said) in [
        ("--position=nan,1,2", "NaN is not a finite number"),
        ("--position=1,inf,2", "inf is not a finite number"),
        ("--scale=-inf", "-inf is not a finite number"),
    ] {
        esscribe()
            .args(["save", "edit"])
            .arg(&save)
            .arg(arg)
            .assert()
            .failure()
            .stderr(predicates::str::contains(said));
    }
    assert_eq!(std::fs::read(&save).unwrap(), original);
    assert_eq!(common::listing(dir.path()), ["save002.ess"]);
    esscribe()
        .args(["save", "edit"])
        .arg(&save)
        .arg("--position=1,2,3")
        .assert()
        .success()
        .stderr(predicates::str::contains(
            "position set to 1, 2, 3, the player's position in the global data too (was 1765.4133, 2053.9944, -41.309204)",
        ));
    // The library refuses them too.
    let data = std::fs::read(&save).unwrap();
    let mut edited = SaveFile::parse(&data).unwrap();
    let e = edited
        .set_position(PLAYER_REF, [f32::NAN, 0.0, 0.0])
        .unwrap_err();
    assert!(
        e.message
            .contains("position coordinate NaN is not a finite number"),
        "{e}"
    );
    let e = edited.set_scale(PLAYER_REF, f32::INFINITY).unwrap_err();
    assert!(
        e.message.contains("scale inf is not a finite number"),
        "{e}"
    );
}

#[test]
fn a_rewritten_plugin_keeps_its_place_in_a_load_order_by_time() {
    // Oblivion loads plugins in the order of their modification times.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("Mod.esp");
    std::fs::write(&out, b"TES4 an older plugin").unwrap();
    let then = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_142_812_800);
    std::fs::File::options()
        .write(true)
        .open(&out)
        .unwrap()
        .set_modified(then)
        .unwrap();
    build(&out).success();
    let meta = std::fs::metadata(&out).unwrap();
    assert_eq!(meta.modified().unwrap(), then);
    assert_eq!(
        std::fs::read(&out).unwrap(),
        std::fs::read(samples().join("sample-oblivion.esp")).unwrap()
    );
}

/// Makes a file read-only, as a user protects a master or a release.
fn make_read_only(path: &Path) {
    let mut permissions = std::fs::metadata(path).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(path, permissions).unwrap();
}

/// Runs a command that writes `target`, which is read-only and holds
/// `old`: refused without `--force`, leaving it as it was; with it,
/// replaced (read-only still, its backup kept) and a warning says so.
fn read_only_refused_then_forced(dir: &Path, target: &Path, args: &[&std::ffi::OsStr]) {
    let old = std::fs::read(target).unwrap();
    make_read_only(target);
    let listed = common::listing(dir);
    let refused = esscribe()
        .args(args)
        .env("NO_COLOR", "1")
        .assert()
        .failure()
        .code(1);
    let err = String::from_utf8_lossy(&refused.get_output().stderr).into_owned();
    let name = target.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        err.contains(&format!("{name}: it is read-only")) && err.contains("give --force"),
        "{args:?}: {err}"
    );
    assert_eq!(std::fs::read(target).unwrap(), old, "{args:?}");
    assert_eq!(common::listing(dir), listed, "{args:?}: nothing made");

    let forced = esscribe()
        .args(args)
        .arg("--force")
        .env("NO_COLOR", "1")
        .assert()
        .success();
    let err = String::from_utf8_lossy(&forced.get_output().stderr).into_owned();
    assert!(
        err.contains(&format!(
            "warning: {} was read-only: replaced as --force asks, and read-only still",
            target.display()
        )),
        "{args:?}: {err}"
    );
    let new = std::fs::read(target).unwrap();
    assert_ne!(new, old, "{args:?}: replaced");
    // A plugin, or a save (TES4SAVEGAME).
    assert!(new.starts_with(b"TES4"), "{args:?}");
    assert!(
        std::fs::metadata(target).unwrap().permissions().readonly(),
        "{args:?}: read-only still"
    );
    let backup = dir.join(format!("{name}.bak"));
    assert_eq!(
        std::fs::read(&backup).unwrap(),
        old,
        "{args:?}: backup kept"
    );
}

#[test]
fn a_read_only_file_is_replaced_only_with_force_by_every_plugin_writer() {
    let sample = samples().join("sample-oblivion.esp");
    let os = |s: &'static str| std::ffi::OsStr::new(s);

    // build
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("Mod.esp");
    std::fs::write(&out, b"TES4 an older plugin").unwrap();
    let json = samples().join("sample-oblivion.json");
    let args = [os("build"), json.as_os_str(), os("-o"), out.as_os_str()];
    read_only_refused_then_forced(dir.path(), &out, &args);

    // masters, in place
    let dir = tempfile::tempdir().unwrap();
    let plugin = dir.path().join("Mod.esp");
    std::fs::copy(&sample, &plugin).unwrap();
    let args = [
        os("masters"),
        plugin.as_os_str(),
        os("--add"),
        os("Extra.esm"),
    ];
    read_only_refused_then_forced(dir.path(), &plugin, &args);

    // pack, from a tree beside the plugin
    let dir = tempfile::tempdir().unwrap();
    let tree = dir.path().join("tree");
    esscribe()
        .arg("unpack")
        .arg(&sample)
        .arg(&tree)
        .assert()
        .success();
    let out = dir.path().join("Mod.esp");
    std::fs::write(&out, b"TES4 an older plugin").unwrap();
    let args = [os("pack"), tree.as_os_str(), os("-o"), out.as_os_str()];
    read_only_refused_then_forced(dir.path(), &out, &args);

    // merge, with nothing to conflict
    let dir = tempfile::tempdir().unwrap();
    let side = dir.path().join("side.esp");
    std::fs::copy(&sample, &side).unwrap();
    let out = dir.path().join("Merged.esp");
    std::fs::write(&out, b"TES4 an older plugin").unwrap();
    let s = side.as_os_str();
    let args = [os("merge"), s, s, s, os("-o"), out.as_os_str()];
    read_only_refused_then_forced(dir.path(), &out, &args);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_read_only_save_is_edited_only_with_force() {
    let (dir, save) = save_copy("save002.ess");
    let count = format!("0x{ITEM_A:08X}");
    let os = std::ffi::OsStr::new;
    let args = [
        os("save"),
        os("edit"),
        save.as_os_str(),
        os("--item"),
        os(&count),
        os("--count"),
        os("3"),
    ];
    read_only_refused_then_forced(dir.path(), &save, &args);
    assert_eq!(count_of(&save, ITEM_A), 3);
}
