//! The safe write's promises, one at a time.

use super::*;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("esscribe-fsio-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn replaces_and_keeps_a_backup() {
    let dir = temp_dir("replace");
    let target = dir.join("a.esp");
    fs::write(&target, b"old").unwrap();
    let w = write_file_safely(&target, b"new", |_| Ok(())).unwrap();
    assert_eq!(w.backup, Some(dir.join("a.esp.bak")));
    assert_eq!(fs::read(&target).unwrap(), b"new");
    assert_eq!(fs::read(dir.join("a.esp.bak")).unwrap(), b"old");
    assert_eq!(listing(&dir), ["a.esp", "a.esp.bak"], "nothing else left");
    fs::remove_dir_all(&dir).unwrap();
}

/// Sets a file's modification time to a day in 2006.
fn made_long_ago(path: &Path) -> std::time::SystemTime {
    let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_142_812_800);
    File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(t)
        .unwrap();
    t
}

fn modified(path: &Path) -> std::time::SystemTime {
    fs::metadata(path).unwrap().modified().unwrap()
}

#[test]
fn a_file_holding_the_bytes_already_is_left_untouched() {
    let dir = temp_dir("unchanged");
    let target = dir.join("a.esp");
    fs::write(&target, b"TES4 same").unwrap();
    let then = made_long_ago(&target);
    let mut checked = false;
    let w = write_file_safely(&target, b"TES4 same", |b| {
        checked = b == b"TES4 same";
        Ok(())
    })
    .unwrap();
    assert_eq!(
        w,
        Written {
            backup: None,
            unchanged: true,
            replaced_read_only: false
        }
    );
    assert!(checked, "the bytes are still checked");
    assert_eq!(modified(&target), then);
    assert_eq!(listing(&dir), ["a.esp"], "no backup, nothing left");
    // A refused check still refuses.
    let refused = write_file_safely(&target, b"TES4 same", |_| Err(refuse("no".into())));
    assert!(refused.is_err());
    // The same length is not the same bytes.
    let w = write_file_safely(&target, b"TES4 diff", |_| Ok(())).unwrap();
    assert!(!w.unchanged);
    assert_eq!(fs::read(&target).unwrap(), b"TES4 diff");
    assert_eq!(listing(&dir), ["a.esp", "a.esp.bak"]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_replaced_plugin_keeps_its_modification_time_and_nothing_else_does() {
    let dir = temp_dir("mtime");
    let plugin = dir.join("a.esp");
    fs::write(&plugin, b"TES4 old").unwrap();
    let then = made_long_ago(&plugin);
    write_file_safely(&plugin, b"TES4 new, longer", |_| Ok(())).unwrap();
    assert_eq!(fs::read(&plugin).unwrap(), b"TES4 new, longer");
    assert_eq!(modified(&plugin), then, "its place in the load order");
    let save = dir.join("a.ess");
    fs::write(&save, b"TES4SAVEGAME old").unwrap();
    let then = made_long_ago(&save);
    write_file_safely(&save, b"TES4SAVEGAME new", |_| Ok(())).unwrap();
    assert!(modified(&save) > then);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_write_keeps_a_new_backup_numbered_after_the_last() {
    let dir = temp_dir("numbered");
    let target = dir.join("a.esp");
    fs::write(&target, b"v1").unwrap();
    for v in [&b"v2"[..], b"v3", b"v4"] {
        write_file_safely(&target, v, |_| Ok(())).unwrap();
    }
    assert_eq!(
        listing(&dir),
        ["a.esp", "a.esp.2.bak", "a.esp.3.bak", "a.esp.bak"]
    );
    assert_eq!(fs::read(dir.join("a.esp.bak")).unwrap(), b"v1");
    assert_eq!(fs::read(dir.join("a.esp.2.bak")).unwrap(), b"v2");
    assert_eq!(fs::read(dir.join("a.esp.3.bak")).unwrap(), b"v3");
    // A gap left by a removed backup is not filled: numbers follow time.
    fs::remove_file(dir.join("a.esp.2.bak")).unwrap();
    let w = write_file_safely(&target, b"v5", |_| Ok(())).unwrap();
    assert_eq!(w.backup, Some(dir.join("a.esp.4.bak")));
    assert_eq!(fs::read(dir.join("a.esp.4.bak")).unwrap(), b"v4");
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_link_at_the_backup_name_is_neither_followed_nor_replaced() {
    let dir = temp_dir("link");
    let target = dir.join("a.esp");
    let victim = dir.join("victim.txt");
    fs::write(&target, b"old").unwrap();
    fs::write(&victim, b"precious").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("a.esp.bak")).unwrap();
    // A dangling link, too: creating through it would make a file.
    std::os::unix::fs::symlink(dir.join("nowhere"), dir.join("a.esp.2.bak")).unwrap();
    let w = write_file_safely(&target, b"new", |_| Ok(())).unwrap();
    assert_eq!(w.backup, Some(dir.join("a.esp.3.bak")));
    assert_eq!(fs::read(&victim).unwrap(), b"precious");
    assert!(!dir.join("nowhere").exists());
    assert_eq!(fs::read(dir.join("a.esp.3.bak")).unwrap(), b"old");
    assert!(fs::symlink_metadata(dir.join("a.esp.bak"))
        .unwrap()
        .file_type()
        .is_symlink());
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn the_mode_of_the_replaced_file_is_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("mode");
    let target = dir.join("save.ess");
    fs::write(&target, b"old").unwrap();
    fs::set_permissions(&target, fs::Permissions::from_mode(0o600)).unwrap();
    let w = write_file_safely(&target, b"new", |_| Ok(())).unwrap();
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&target), 0o600);
    assert_eq!(mode(&w.backup.unwrap()), 0o600);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn failed_check_leaves_the_file_untouched() {
    let dir = temp_dir("check");
    let target = dir.join("a.esp");
    fs::write(&target, b"old").unwrap();
    let err = write_file_safely(&target, b"new", |_| Err(Error::invalid(3, "bad"))).unwrap_err();
    assert_eq!(err.offset, 3);
    assert_eq!(fs::read(&target).unwrap(), b"old");
    assert_eq!(listing(&dir), ["a.esp"]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_read_only_file_is_not_replaced() {
    let dir = temp_dir("read-only");
    let target = dir.join("Master.esm");
    fs::write(&target, b"TES4 old").unwrap();
    let mut permissions = fs::metadata(&target).unwrap().permissions();
    permissions.set_readonly(true);
    fs::set_permissions(&target, permissions).unwrap();
    let e = write_file_safely(&target, b"TES4 new", |_| Ok(())).unwrap_err();
    assert!(e.to_string().contains("it is read-only"), "{e}");
    assert_eq!(fs::read(&target).unwrap(), b"TES4 old");
    assert_eq!(listing(&dir), ["Master.esm"]);
    // The same bytes again need no write, and are no error.
    write_file_safely(&target, b"TES4 old", |_| Ok(())).unwrap();
    // Asked to, it is replaced, read-only still, with a backup.
    let force = WriteOptions::default().replacing_read_only(true);
    let w = WriteLock::acquire(&target)
        .unwrap()
        .write_with(b"TES4 new", force, |_| Ok(()))
        .unwrap();
    assert!(w.replaced_read_only && !w.unchanged);
    assert_eq!(fs::read(&target).unwrap(), b"TES4 new");
    assert!(fs::metadata(&target).unwrap().permissions().readonly());
    assert_eq!(w.backup, Some(dir.join("Master.esm.bak")));
    assert_eq!(fs::read(dir.join("Master.esm.bak")).unwrap(), b"TES4 old");
    assert_eq!(listing(&dir), ["Master.esm", "Master.esm.bak"]);
    // A writable file replaced with the option is not told as one.
    let plain = dir.join("Plain.esp");
    fs::write(&plain, b"TES4 old").unwrap();
    let w = WriteLock::acquire(&plain)
        .unwrap()
        .write_with(b"TES4 new", force, |_| Ok(()))
        .unwrap();
    assert!(!w.replaced_read_only);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_of_another_kind_is_not_replaced() {
    let dir = temp_dir("kind");
    let target = dir.join("save.ess");
    fs::write(&target, b"TES4SAVEGAME and the rest").unwrap();
    let err = write_file_safely(&target, b"\x89PNG\r\n\x1a\nIHDR", |_| Ok(())).unwrap_err();
    assert!(
        err.message
            .contains("holds an Oblivion save, and this would write a PNG image over it"),
        "{err}"
    );
    assert_eq!(fs::read(&target).unwrap(), b"TES4SAVEGAME and the rest");
    assert_eq!(listing(&dir), ["save.ess"]);
    // Same kind, or a kind not told: replaced.
    write_file_safely(&target, b"TES4SAVEGAME new", |_| Ok(())).unwrap();
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stale_temporary_files_of_the_same_file_are_removed() {
    let dir = temp_dir("stale");
    let target = dir.join("a.esp");
    fs::write(&target, b"old").unwrap();
    for name in [
        "a.esp.esscribe-4242-0.tmp",
        "a.esp.esscribe-1-17.tmp",
        // Not a temporary file of a.esp: kept.
        "a.esp.esscribe-x-1.tmp",
        "b.esp.esscribe-4242-0.tmp",
        "a.esp.esscribe-1-2-3.tmp",
    ] {
        fs::write(dir.join(name), b"partial").unwrap();
    }
    write_file_safely(&target, b"new", |_| Ok(())).unwrap();
    assert_eq!(
        listing(&dir),
        [
            "a.esp",
            "a.esp.bak",
            "a.esp.esscribe-1-2-3.tmp",
            "a.esp.esscribe-x-1.tmp",
            "b.esp.esscribe-4242-0.tmp"
        ]
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_held_lock_keeps_a_second_writer_out_until_released() {
    let dir = temp_dir("lock");
    let target = dir.join("a.esp");
    let first = WriteLock::acquire(&target).unwrap();
    assert!(WriteLock::try_acquire(&target).unwrap().is_none());
    assert_eq!(listing(&dir), ["a.esp.esscribe-lock"]);
    first.write(b"one", |_| Ok(())).unwrap();
    drop(first);
    assert_eq!(listing(&dir), ["a.esp"], "the lock file goes with the lock");
    let second = WriteLock::try_acquire(&target).unwrap().unwrap();
    second.write(b"two", |_| Ok(())).unwrap();
    drop(second);
    assert_eq!(fs::read(&target).unwrap(), b"two");
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_link_given_as_the_target_is_followed_and_kept() {
    let dir = temp_dir("target-link");
    let real = dir.join("real.esp");
    fs::write(&real, b"old").unwrap();
    std::os::unix::fs::symlink(&real, dir.join("link.esp")).unwrap();
    write_file_safely(&dir.join("link.esp"), b"new", |_| Ok(())).unwrap();
    assert_eq!(fs::read(&real).unwrap(), b"new");
    assert_eq!(fs::read(dir.join("real.esp.bak")).unwrap(), b"old");
    assert!(fs::symlink_metadata(dir.join("link.esp"))
        .unwrap()
        .file_type()
        .is_symlink());
    fs::remove_dir_all(&dir).unwrap();
}

/// Set in the child process of the test below: where to write.
#[cfg(unix)]
const SIGNAL_CHILD: &str = "ESSCRIBE_TEST_SIGNAL_MID_WRITE";

#[cfg(unix)]
#[test]
fn a_signal_mid_write_removes_the_temporary_and_lock_files() {
    if let Some(target) = std::env::var_os(SIGNAL_CHILD) {
        install_signal_handlers();
        let target = PathBuf::from(target);
        let _lock = WriteLock::acquire(&target).unwrap();
        let mut tmp = TempFile::create(&target).unwrap();
        tmp.file().write_all(b"half a file").unwrap();
        // SAFETY: raising a signal in this process; its handler ends it.
        unsafe { libc::raise(libc::SIGTERM) };
        unreachable!("SIGTERM ends the process");
    }
    use std::os::unix::process::ExitStatusExt;
    let dir = temp_dir("signal");
    let target = dir.join("a.esp");
    fs::write(&target, b"old").unwrap();
    let status = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "fsio::tests::a_signal_mid_write_removes_the_temporary_and_lock_files",
        ])
        .env(SIGNAL_CHILD, &target)
        .status()
        .unwrap();
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{status:?}");
    assert_eq!(listing(&dir), ["a.esp"]);
    assert_eq!(fs::read(&target).unwrap(), b"old");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn names_of_temporary_files_and_backups() {
    assert!(is_temp_of(b"a.esp.esscribe-12-0.tmp", b"a.esp"));
    assert!(!is_temp_of(b"a.esp.esscribe-12.tmp", b"a.esp"));
    assert!(!is_temp_of(b"a.esp.esscribe--0.tmp", b"a.esp"));
    assert!(!is_temp_of(b"a.esp.esscribe-lock", b"a.esp"));
    assert_eq!(backup_number(b"a.esp.7.bak", b"a.esp"), Some(7));
    assert_eq!(backup_number(b"a.esp.bak", b"a.esp"), None);
    assert_eq!(backup_number(b"a.esp.x.bak", b"a.esp"), None);
}

#[test]
fn missing_folder_fails_cleanly() {
    let target = std::env::temp_dir().join("esscribe-no-such-dir/x/a.esp");
    assert_eq!(
        write_file_safely(&target, b"x", |_| Ok(()))
            .unwrap_err()
            .kind,
        ErrorKind::Io
    );
}
