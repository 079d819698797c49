//! Safe writes: a file is written to a temporary file in the same folder,
//! read back and checked, then renamed into place, keeping a `.bak` of the
//! file it replaces. A failure at any step leaves the user's file untouched.

use crate::io::{Error, ErrorKind, Result};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

fn io_err(path: &Path, what: &str, e: std::io::Error) -> Error {
    Error::new(ErrorKind::Io, 0, format!("{what} {}: {e}", path.display()))
}

/// Writes `bytes` to `path` safely. `check` is run on the bytes read back
/// from the temporary file (for example: parse them again) before the
/// rename; an error there aborts the write.
pub fn write_file_safely(
    path: &Path,
    bytes: &[u8],
    check: impl FnOnce(&[u8]) -> Result<()>,
) -> Result<()> {
    let tmp = sibling(path, &format!(".esscribe-{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = fs::File::create(&tmp).map_err(|e| io_err(&tmp, "cannot create", e))?;
        f.write_all(bytes)
            .and_then(|_| f.sync_all())
            .map_err(|e| io_err(&tmp, "cannot write", e))?;
        drop(f);
        let back = fs::read(&tmp).map_err(|e| io_err(&tmp, "cannot read back", e))?;
        if back != bytes {
            return Err(Error::new(
                ErrorKind::Io,
                0,
                format!("{} did not read back as written", tmp.display()),
            ));
        }
        check(&back)?;
        if path.exists() {
            let bak = sibling(path, ".bak");
            fs::copy(path, &bak).map_err(|e| io_err(&bak, "cannot keep a backup as", e))?;
        }
        fs::rename(&tmp, path).map_err(|e| io_err(path, "cannot replace", e))
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("esscribe-fsio-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn replaces_and_keeps_a_backup() {
        let dir = temp_dir("replace");
        let target = dir.join("a.esp");
        fs::write(&target, b"old").unwrap();
        write_file_safely(&target, b"new", |_| Ok(())).unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"new");
        assert_eq!(fs::read(dir.join("a.esp.bak")).unwrap(), b"old");
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            2,
            "no temporary file left"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn failed_check_leaves_the_file_untouched() {
        let dir = temp_dir("check");
        let target = dir.join("a.esp");
        fs::write(&target, b"old").unwrap();
        let err =
            write_file_safely(&target, b"new", |_| Err(Error::invalid(3, "bad"))).unwrap_err();
        assert_eq!(err.offset, 3);
        assert_eq!(fs::read(&target).unwrap(), b"old");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
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
}
