//! Safe writes. Every file esscribe writes goes through a [`WriteLock`]:
//!
//! 1. an advisory lock on `FILE.esscribe-lock`, beside the file, is held for
//!    the whole read-modify-write: a second writer of the same file waits;
//! 2. the new bytes go to a temporary file in the same folder,
//!    `FILE.esscribe-PID-N.tmp`, made with the mode of the file they
//!    replace, synced to disk, read back and checked;
//! 3. the file being replaced is copied to a new backup: `FILE.bak`, then
//!    `FILE.2.bak`, `FILE.3.bak`... An existing backup is never replaced,
//!    and no link at a backup's name is followed;
//! 4. the temporary file is renamed over the file.
//!
//! A file that already holds exactly the bytes to write is left untouched:
//! no temporary file, no backup, its time stamps as they were. A plugin
//! that is replaced keeps its modification time: Oblivion (and Skyrim
//! before the Special Edition) orders plugins by it, so a new time would
//! move the plugin to the end of the load order.
//!
//! A failure at any step leaves the file and every earlier backup as they
//! were, and removes what the write had made. A file is not replaced by one
//! of another kind (a save by an image, a plugin by JSON). Temporary files
//! left by a write that was killed are removed by the next write of the
//! same file; on Unix, [`install_signal_handlers`] removes them at once on
//! an interrupt or termination signal. No file is replaced while this
//! process has open a memory map of a file that another program cut short
//! (see [`changed_while_mapped`]): what would be written may come from it.

use crate::io::{Error, ErrorKind, Result};
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// What the lock file of `FILE` is called: `FILE` + this.
const LOCK_SUFFIX: &str = ".esscribe-lock";
/// Temporary files are `FILE` + this + `PID-N.tmp`.
const TEMP_INFIX: &str = ".esscribe-";

fn io_err(path: &Path, what: &str, e: std::io::Error) -> Error {
    Error::new(ErrorKind::Io, 0, format!("{what} {}: {e}", path.display()))
}

fn refuse(message: String) -> Error {
    Error::new(ErrorKind::Io, 0, message)
}

fn file_name(path: &Path) -> Result<&std::ffi::OsStr> {
    path.file_name()
        .ok_or_else(|| refuse(format!("{} does not name a file", path.display())))
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

/// The folder a path is in (`.` for a bare file name).
fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// The file a path names: a link the user gave is followed to the file it
/// points to, which is the one written (the link stays).
fn resolve(path: &Path) -> Result<PathBuf> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            fs::canonicalize(path).map_err(|e| io_err(path, "cannot follow the link", e))
        }
        _ => Ok(path.to_path_buf()),
    }
}

/// What [`kind_of`] calls a plugin.
const PLUGIN: &str = "a plugin";

/// What a file holds, told from its first bytes, among the kinds esscribe
/// reads and writes.
pub fn kind_of(head: &[u8]) -> Option<&'static str> {
    if head.starts_with(b"TES4SAVEGAME") {
        Some("an Oblivion save")
    } else if head.starts_with(b"TESV_SAVEGAME") {
        Some("a Skyrim save")
    } else if head.starts_with(b"TES4") {
        Some(PLUGIN)
    } else if head.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("a PNG image")
    } else if matches!(
        head.iter().find(|b| !b.is_ascii_whitespace()),
        Some(b'{' | b'[')
    ) {
        Some("JSON")
    } else {
        None
    }
}

/// The first bytes of a file, enough for [`kind_of`].
fn head_of(path: &Path) -> Result<Vec<u8>> {
    let mut head = Vec::with_capacity(64);
    File::open(path)
        .and_then(|f| f.take(64).read_to_end(&mut head))
        .map_err(|e| io_err(path, "cannot read", e))?;
    Ok(head)
}

/// Names of this process's temporary files: unique within the process.
static NEXT_TEMP: AtomicU32 = AtomicU32::new(0);

/// A temporary file beside `target`, removed when dropped unless it was
/// renamed into place.
struct TempFile {
    path: PathBuf,
    file: Option<File>,
    _pending: Option<signals::Pending>,
}

impl TempFile {
    fn create(target: &Path) -> Result<TempFile> {
        let pid = std::process::id();
        let mut last = None;
        // A name taken by a file that is not ours is passed over; a few
        // hundred in a row means something else is wrong.
        for _ in 0..256 {
            let n = NEXT_TEMP.fetch_add(1, Ordering::Relaxed);
            let path = sibling(target, &format!("{TEMP_INFIX}{pid}-{n}.tmp"));
            // Made new: an existing file or link at the name is never
            // opened, so never written through.
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(file) => {
                    let pending = signals::Pending::register(&path);
                    return Ok(TempFile {
                        path,
                        file: Some(file),
                        _pending: pending,
                    });
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
                Err(e) => return Err(io_err(&path, "cannot create", e)),
            }
        }
        let e = last.expect("the loop ran");
        Err(io_err(target, "cannot create a temporary file beside", e))
    }

    fn file(&mut self) -> &mut File {
        self.file.as_mut().expect("open until closed")
    }

    /// Flushes the data, the mode and the modification time to disk, then
    /// closes the file.
    fn finish(
        &mut self,
        permissions: Option<fs::Permissions>,
        modified: Option<std::time::SystemTime>,
    ) -> Result<()> {
        let path = self.path.clone();
        let mut file = self.file.take().expect("finished once");
        if let Some(p) = permissions {
            file.set_permissions(p)
                .map_err(|e| io_err(&path, "cannot set the mode of", e))?;
        }
        // Set after the last write, which would change it again.
        if let Some(t) = modified {
            file.set_modified(t)
                .map_err(|e| io_err(&path, "cannot set the modification time of", e))?;
        }
        file.flush()
            .and_then(|()| file.sync_all())
            .map_err(|e| io_err(&path, "cannot write", e))
    }

    /// The file is in place under another name: nothing to remove.
    fn keep(mut self) {
        self.path = PathBuf::new();
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        self.file = None;
        if !self.path.as_os_str().is_empty() {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Whether `name` is the name of a temporary file of a write of `target`
/// (`TARGET.esscribe-PID-N.tmp`).
fn is_temp_of(name: &[u8], target: &[u8]) -> bool {
    let Some(rest) = name
        .strip_prefix(target)
        .and_then(|r| r.strip_prefix(TEMP_INFIX.as_bytes()))
        .and_then(|r| r.strip_suffix(b".tmp"))
    else {
        return false;
    };
    let mut parts = rest.split(|&b| b == b'-');
    let numbers =
        |p: Option<&[u8]>| p.is_some_and(|p| !p.is_empty() && p.iter().all(u8::is_ascii_digit));
    numbers(parts.next()) && numbers(parts.next()) && parts.next().is_none()
}

/// Backup number `n` of `target` when `name` is `TARGET.N.bak`.
fn backup_number(name: &[u8], target: &[u8]) -> Option<u64> {
    let n = name
        .strip_prefix(target)?
        .strip_prefix(b".")?
        .strip_suffix(b".bak")?;
    if n.is_empty() || !n.iter().all(u8::is_ascii_digit) || n.len() > 12 {
        return None;
    }
    std::str::from_utf8(n).ok()?.parse().ok()
}

/// An advisory lock on writing one file, held from before the file is read
/// until the new file is in place. Dropping it releases the lock.
///
/// The lock is taken on `FILE.esscribe-lock` in the file's folder (made
/// for the purpose and removed on release), not on the file itself, which
/// a write replaces.
#[derive(Debug)]
pub struct WriteLock {
    target: PathBuf,
    lock_path: PathBuf,
    file: Option<File>,
    _pending: Option<signals::Pending>,
}

/// What a write did besides writing the file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Written {
    /// The backup of the file it replaced, if there was one.
    pub backup: Option<PathBuf>,
    /// The file held exactly these bytes already, and was left untouched.
    pub unchanged: bool,
    /// The file replaced was read-only, and
    /// [`WriteOptions::replace_read_only`] let it be replaced (the new
    /// file is read-only too): a program says so.
    pub replaced_read_only: bool,
}

/// What a write may do beyond the safe default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteOptions {
    /// Replace a read-only file, which is otherwise refused: read-only is
    /// how a user protects a file. The new file is read-only too, and its
    /// backup is kept as for any other file.
    pub replace_read_only: bool,
}

impl WriteOptions {
    /// These options, replacing read-only files or not.
    pub fn replacing_read_only(mut self, yes: bool) -> Self {
        self.replace_read_only = yes;
        self
    }
}

fn open_lock_file(path: &Path) -> std::io::Result<File> {
    let mut o = OpenOptions::new();
    o.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // A link planted at the lock file's name is not followed.
        o.custom_flags(libc::O_NOFOLLOW);
    }
    o.open(path)
}

impl WriteLock {
    /// Takes the lock of writing `path`, waiting while another writer
    /// holds it.
    pub fn acquire(path: &Path) -> Result<WriteLock> {
        Self::take(path, true).map(|l| l.expect("a blocking lock is taken"))
    }

    /// Takes the lock if no other writer holds it; `None` if one does.
    pub fn try_acquire(path: &Path) -> Result<Option<WriteLock>> {
        Self::take(path, false)
    }

    /// Takes the lock; if another writer holds it, first calls `waiting`
    /// with the lock file's path (to tell the user), then waits.
    pub fn acquire_or_wait(path: &Path, waiting: impl FnOnce(&Path)) -> Result<WriteLock> {
        if let Some(lock) = Self::try_acquire(path)? {
            return Ok(lock);
        }
        waiting(&sibling(&resolve(path)?, LOCK_SUFFIX));
        Self::acquire(path)
    }

    fn take(path: &Path, wait: bool) -> Result<Option<WriteLock>> {
        let target = resolve(path)?;
        file_name(&target)?;
        let lock_path = sibling(&target, LOCK_SUFFIX);
        // A writer that finishes removes the lock file, so the file locked
        // may no longer be the one at the name: then try again. Only
        // another program removing it over and over keeps this going.
        for _ in 0..1000 {
            let file = match open_lock_file(&lock_path) {
                Ok(f) => f,
                // Windows refuses to open a file whose removal is pending.
                Err(e) if cfg!(windows) && e.kind() == std::io::ErrorKind::PermissionDenied => {
                    std::thread::sleep(std::time::Duration::from_millis(10));
                    continue;
                }
                Err(e) => return Err(io_err(&lock_path, "cannot create the lock file", e)),
            };
            if wait {
                file.lock()
                    .map_err(|e| io_err(&lock_path, "cannot lock", e))?;
            } else {
                match file.try_lock() {
                    Ok(()) => {}
                    Err(std::fs::TryLockError::WouldBlock) => return Ok(None),
                    Err(std::fs::TryLockError::Error(e)) => {
                        return Err(io_err(&lock_path, "cannot lock", e))
                    }
                }
            }
            let still_there = match (
                same_file::Handle::from_path(&lock_path),
                file.try_clone().and_then(same_file::Handle::from_file),
            ) {
                (Ok(at_name), Ok(locked)) => at_name == locked,
                _ => false,
            };
            if still_there {
                let pending = signals::Pending::register(&lock_path);
                return Ok(Some(WriteLock {
                    target,
                    lock_path,
                    file: Some(file),
                    _pending: pending,
                }));
            }
        }
        Err(refuse(format!(
            "cannot lock {}: its lock file keeps being replaced",
            target.display()
        )))
    }

    /// The file this lock is for (a link given to [`acquire`](Self::acquire)
    /// is followed to its file).
    pub fn path(&self) -> &Path {
        &self.target
    }

    /// Writes `bytes` to the file safely (see the module documentation).
    /// `check` runs on the bytes read back from the temporary file (for
    /// example: parse them again); an error there aborts the write.
    pub fn write(&self, bytes: &[u8], check: impl FnOnce(&[u8]) -> Result<()>) -> Result<Written> {
        self.write_with(bytes, WriteOptions::default(), check)
    }

    /// [`write`](Self::write), with `options`.
    pub fn write_with(
        &self,
        bytes: &[u8],
        options: WriteOptions,
        check: impl FnOnce(&[u8]) -> Result<()>,
    ) -> Result<Written> {
        let target = &self.target;
        remove_stale_temps(target);
        let existing = match fs::metadata(target) {
            Ok(m) if m.is_file() => Some(m),
            Ok(m) if m.is_dir() => {
                return Err(refuse(format!(
                    "cannot replace {}: it is a folder",
                    target.display()
                )))
            }
            Ok(_) => {
                return Err(refuse(format!(
                    "cannot replace {}: it is not a regular file",
                    target.display()
                )))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(io_err(target, "cannot read", e)),
        };
        if existing.is_some() {
            let old = kind_of(&head_of(target)?);
            let new = kind_of(bytes);
            if let (Some(old), Some(new)) = (old, new) {
                if old != new {
                    return Err(refuse(format!(
                        "will not replace {}: it holds {old}, and this would write {new} over it (choose another output file)",
                        target.display()
                    )));
                }
            }
        }
        if let Some(m) = &existing {
            if m.len() == bytes.len() as u64 && reads_back_as(target, bytes)? {
                check(bytes)?;
                return Ok(Written {
                    backup: None,
                    unchanged: true,
                    replaced_read_only: false,
                });
            }
            // Read-only is how a user protects a file (a master, a
            // release): renaming over it would go around that unsaid.
            if m.permissions().readonly() && !options.replace_read_only {
                return Err(refuse(format!(
                    "will not replace {}: it is read-only (make it writable first, choose another output file, or give --force to replace it, read-only still)",
                    target.display()
                )));
            }
        }
        let replaced_read_only = existing
            .as_ref()
            .is_some_and(|m| m.permissions().readonly());
        // A plugin keeps its place in a load order ordered by time.
        let modified = match &existing {
            Some(m) if kind_of(bytes) == Some(PLUGIN) => m.modified().ok(),
            _ => None,
        };
        let mut tmp = TempFile::create(target)?;
        tmp.file()
            .write_all(bytes)
            .map_err(|e| io_err(&tmp.path, "cannot write", e))?;
        tmp.finish(existing.as_ref().map(|m| m.permissions()), modified)?;
        if !reads_back_as(&tmp.path, bytes)? {
            return Err(refuse(format!(
                "{} did not read back as written",
                tmp.path.display()
            )));
        }
        // What is on disk is `bytes`, byte for byte: checked there, so
        // that a big file is never held twice.
        check(bytes)?;
        // Bytes made from a file cut short under its map came partly from
        // zeros: nothing is replaced with them.
        if let Some(e) = maps::open_map_cut_short() {
            return Err(e);
        }
        let backup = match &existing {
            Some(m) => Some(keep_backup(target, m.permissions())?),
            None => None,
        };
        // Windows will not rename over a read-only file: it is made
        // writable for the rename (which replaces it) and put back if
        // that fails.
        #[cfg(windows)]
        if replaced_read_only {
            if let Some(m) = &existing {
                let mut p = m.permissions();
                p.set_readonly(false);
                let _ = fs::set_permissions(target, p);
            }
        }
        let renamed = fs::rename(&tmp.path, target);
        #[cfg(windows)]
        if renamed.is_err() && replaced_read_only {
            if let Some(m) = &existing {
                let _ = fs::set_permissions(target, m.permissions());
            }
        }
        if let Err(e) = renamed {
            // The backup just made copies a file that stays as it was.
            if let Some(b) = &backup {
                let _ = fs::remove_file(b);
            }
            return Err(io_err(target, "cannot replace", e));
        }
        tmp.keep();
        sync_folder(target);
        Ok(Written {
            backup,
            unchanged: false,
            replaced_read_only,
        })
    }
}

impl Drop for WriteLock {
    fn drop(&mut self) {
        if let Some(file) = self.file.take() {
            // Removed while still locked: a writer waiting on it finds the
            // name gone and takes a new lock file.
            let _ = fs::remove_file(&self.lock_path);
            drop(file);
        }
    }
}

/// Whether the file at `path` holds exactly `bytes`, read a piece at a
/// time so that the file is never held whole beside them.
fn reads_back_as(path: &Path, bytes: &[u8]) -> Result<bool> {
    const PIECE: usize = 1 << 20;
    let fail = |e| io_err(path, "cannot read back", e);
    let mut file = File::open(path).map_err(fail)?;
    let mut piece = vec![0u8; PIECE.min(bytes.len()).max(1)];
    let mut rest = bytes;
    loop {
        let want = piece.len().min(rest.len().max(1));
        let mut got = 0;
        while got < want {
            match file.read(&mut piece[got..want]) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(fail(e)),
            }
        }
        if got == 0 {
            return Ok(rest.is_empty());
        }
        if got > rest.len() || piece[..got] != rest[..got] {
            return Ok(false);
        }
        rest = &rest[got..];
    }
}

/// Removes temporary files of earlier writes of `target` that did not
/// finish. Called with the write lock held, so no live writer owns them.
fn remove_stale_temps(target: &Path) {
    let Some(name) = target.file_name() else {
        return;
    };
    let Ok(entries) = fs::read_dir(folder(target)) else {
        return;
    };
    for e in entries.flatten() {
        if is_temp_of(e.file_name().as_encoded_bytes(), name.as_encoded_bytes()) {
            let _ = fs::remove_file(e.path());
        }
    }
}

/// Copies `target` to a new backup and returns its path. The copy is made
/// as a temporary file, then given the first free backup name: a failed
/// copy leaves every existing backup as it was.
fn keep_backup(target: &Path, permissions: fs::Permissions) -> Result<PathBuf> {
    let mut tmp = TempFile::create(target)?;
    let mut src = File::open(target).map_err(|e| io_err(target, "cannot read", e))?;
    std::io::copy(&mut src, tmp.file())
        .map_err(|e| io_err(&tmp.path, "cannot keep a backup as", e))?;
    tmp.finish(Some(permissions), None)?;
    let name = file_name(target)?.to_os_string();
    // After the highest numbered backup, so that numbers follow time.
    let highest = fs::read_dir(folder(target))
        .map_err(|e| io_err(folder(target), "cannot list", e))?
        .flatten()
        .filter_map(|e| backup_number(e.file_name().as_encoded_bytes(), name.as_encoded_bytes()))
        .max();
    let candidate = |i: u64| {
        let mut n = name.clone();
        match (highest, i) {
            (None, 0) => n.push(".bak"),
            (None, i) => n.push(format!(".{}.bak", i + 1)),
            (Some(h), i) => n.push(format!(".{}.bak", h.max(1) + 1 + i)),
        }
        target.with_file_name(n)
    };
    for i in 0..10_000 {
        let bak = candidate(i);
        // A hard link is made only where nothing is at the name, link or
        // file; nothing there is followed or replaced.
        match fs::hard_link(&tmp.path, &bak) {
            Ok(()) => return Ok(bak),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(_) => {
                // A file system without hard links: rename, where nothing
                // is at the name (the write lock keeps other esscribe
                // writers out meanwhile).
                if fs::symlink_metadata(&bak).is_ok() {
                    continue;
                }
                fs::rename(&tmp.path, &bak)
                    .map_err(|e| io_err(&bak, "cannot keep a backup as", e))?;
                tmp.keep();
                return Ok(bak);
            }
        }
    }
    Err(refuse(format!(
        "cannot keep a backup of {}: no free backup name",
        target.display()
    )))
}

/// Makes a rename durable (Unix: syncs the folder's entry list).
fn sync_folder(target: &Path) {
    #[cfg(unix)]
    if let Ok(dir) = File::open(folder(target)) {
        let _ = dir.sync_all();
    }
    #[cfg(not(unix))]
    let _ = target;
}

/// Writes `bytes` to `path` safely: takes the write lock (waiting for
/// another writer), then [`WriteLock::write`].
pub fn write_file_safely(
    path: &Path,
    bytes: &[u8],
    check: impl FnOnce(&[u8]) -> Result<()>,
) -> Result<Written> {
    WriteLock::acquire(path)?.write(bytes, check)
}

/// On Unix, makes interrupt and termination signals (SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT) remove the temporary and lock files of writes under
/// way before the process ends as the signal says, and turns SIGBUS in a
/// file that another program cut short while a
/// [`MappedFile`] maps it into an ordinary
/// error: the pages lost read as zeros, and the reader is told the file
/// changed ([`ErrorKind::Changed`], see [`changed_while_mapped`]). A SIGBUS
/// anywhere else takes the action it had before. For command-line
/// programs: signal handlers belong to the whole process.
pub fn install_signal_handlers() {
    signals::install();
}

mod mapped;
mod maps;
#[cfg(unix)]
mod signals;

pub use mapped::MappedFile;
pub use maps::changed_while_mapped;
pub(crate) use maps::{changed, WatchedMap};

#[cfg(not(unix))]
mod signals {
    use std::path::Path;

    #[derive(Debug)]
    pub(super) struct Pending;

    impl Pending {
        pub(super) fn register(_: &Path) -> Option<Pending> {
            None
        }
    }

    /// No map is watched here.
    #[derive(Debug)]
    pub(super) struct MapSlot;

    impl MapSlot {
        pub(super) fn register(_: *const u8, _: usize) -> Option<MapSlot> {
            None
        }
        pub(super) fn cut_short(&self) -> bool {
            false
        }
        pub(super) fn index(&self) -> usize {
            0
        }
    }

    pub(super) fn slot_cut_short(_: usize) -> bool {
        false
    }

    pub(super) fn install() {}
}

#[cfg(test)]
mod tests;
