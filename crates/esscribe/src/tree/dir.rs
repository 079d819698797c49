//! A tree in a folder on disk, closed to what lies outside it.
//!
//! A tree is often a checkout of someone else's repository, whose files
//! may be links: a record file linked to `~/.bashrc`, a group folder
//! linked elsewhere, a named pipe. So the tree's own files and folders
//! are never links:
//!
//! - a file is written by making it new (an existing file or link at its
//!   name is removed first, never written through);
//! - a folder that is a link is refused, by name, for reading, writing
//!   and removing alike: nothing is made, read or removed through it;
//! - a file is read only where it is a regular file (opened without
//!   following a link, and checked once open), and only up to
//!   [`MAX_FILE_BYTES`].
//!
//! The root folder itself is the user's to give: a link there is followed.

use super::{check_name, join, without_bom, TreeSink, TreeSource, GROUP_FILE, HEADER_FILE};
use crate::io::{Error, ErrorKind, Result};
use rayon::prelude::*;
use std::borrow::Cow;
use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::RwLock;

/// The most bytes a file of a tree may hold: 1 GiB. A record's text runs
/// about seven times its data, so this holds a record of some 150 MB,
/// far more than real records hold (the format allows 4 GiB, whose text
/// no one could read); a group's file only lists names. A file past this
/// is refused rather than read whole.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

fn io_error(path: &Path, what: &str, e: std::io::Error) -> Error {
    Error::new(ErrorKind::Io, 0, format!("{}: {what}: {e}", path.display()))
}

fn refuse(path: &Path, message: impl std::fmt::Display) -> Error {
    Error::new(ErrorKind::Io, 0, format!("{}: {message}", path.display()))
}

/// What a file that is neither a regular file nor a folder is, in words.
fn kind_name(t: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    if t.is_symlink() {
        "a link"
    } else if t.is_dir() {
        "a folder"
    } else if t.is_file() {
        "a regular file"
    } else {
        "a special file"
    }
}

/// A link where a tree's file or folder should be, refused.
fn link_refused(path: &Path, expected: &str) -> Error {
    refuse(
        path,
        format!("expected {expected}, found a link: a tree is never read or written through links (remove the link)"),
    )
}

/// Opens a regular file for reading without following a link at its
/// name, nor waiting on a named pipe; anything else is refused. Gives
/// back its length too.
fn open_regular(path: &Path) -> Result<(File, u64)> {
    let mut o = OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // No link is followed; a named pipe opens at once, to be refused
        // below, rather than wait for a writer.
        o.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    #[cfg(not(unix))]
    {
        if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(link_refused(path, "a regular file"));
        }
    }
    let file = match o.open(path) {
        Ok(f) => f,
        #[cfg(unix)]
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => {
            return Err(link_refused(path, "a regular file"))
        }
        Err(e) => return Err(io_error(path, "cannot read", e)),
    };
    // Checked on the file opened: what is read is what was checked.
    let m = file
        .metadata()
        .map_err(|e| io_error(path, "cannot read", e))?;
    if !m.is_file() {
        return Err(refuse(
            path,
            format!(
                "expected a regular file, found {}",
                kind_name(m.file_type())
            ),
        ));
    }
    Ok((file, m.len()))
}

/// The bytes of a regular file of a tree, up to `cap`: a longer one is
/// refused.
fn read_regular(path: &Path, cap: u64) -> Result<Vec<u8>> {
    let (file, len) = open_regular(path)?;
    let mut text = Vec::with_capacity(len.min(cap) as usize);
    file.take(cap + 1)
        .read_to_end(&mut text)
        .map_err(|e| io_error(path, "cannot read", e))?;
    if text.len() as u64 > cap {
        let most = match cap {
            c if c >= 1 << 30 && c % (1 << 30) == 0 => format!("{} GiB", c >> 30),
            c if c >= 1 << 20 && c % (1 << 20) == 0 => format!("{} MiB", c >> 20),
            c => format!("{c} bytes"),
        };
        return Err(refuse(
            path,
            format!("larger than {most}, the most a tree's file may hold (expected a record's or a group's text, far smaller)"),
        ));
    }
    Ok(text)
}

/// Whether the regular file at `path` holds exactly `text`; `false` for
/// anything else at the name (a link, a pipe, nothing).
fn holds(path: &Path, text: &[u8]) -> bool {
    read_regular(path, text.len() as u64).is_ok_and(|old| old == text)
}

/// Writes `text` as a new file at `path`: whatever is at the name (a file
/// or a link) is removed first, so nothing is ever written through it.
fn write_new(path: &Path, text: &[u8]) -> Result<()> {
    // Made new, which never follows a link; a name taken is freed and
    // tried again (twice: another program might be making files too).
    for _ in 0..3 {
        match OpenOptions::new().write(true).create_new(true).open(path) {
            Ok(mut f) => {
                return f
                    .write_all(text)
                    .map_err(|e| io_error(path, "cannot write", e))
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => free_name(path)?,
            Err(e) => return Err(io_error(path, "cannot write", e)),
        }
    }
    Err(refuse(path, "cannot write: the name keeps being taken"))
}

/// Removes what stands at the name of a file about to be written: a file
/// or a link (the link itself, never what it points to); a folder there
/// is refused.
fn free_name(path: &Path) -> Result<()> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => Err(refuse(
            path,
            "expected a file, found a folder: remove or rename it",
        )),
        Ok(_) => match fs::remove_file(path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(io_error(path, "cannot replace", e)),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io_error(path, "cannot replace", e)),
    }
}

/// A tree in a folder on disk.
#[derive(Debug)]
pub struct DirTree {
    root: PathBuf,
    written: HashSet<String>,
    /// No earlier tree is there: files need not be compared first.
    fresh: bool,
    /// Files whose text was the same already, left untouched.
    pub unchanged: u64,
    /// The folders of the tree found to be real folders (no links), by
    /// path: each is looked at once.
    real: RwLock<HashSet<String>>,
}

impl Clone for DirTree {
    fn clone(&self) -> DirTree {
        DirTree {
            root: self.root.clone(),
            written: self.written.clone(),
            fresh: self.fresh,
            unchanged: self.unchanged,
            real: RwLock::new(self.real.read().map(|r| r.clone()).unwrap_or_default()),
        }
    }
}

/// The folder a tree path is in (`""` for the root).
fn parent(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(dir, _)| dir)
}

impl DirTree {
    /// The tree in folder `root`.
    pub fn new(root: impl Into<PathBuf>) -> DirTree {
        DirTree {
            root: root.into(),
            written: HashSet::new(),
            fresh: false,
            unchanged: 0,
            real: RwLock::new(HashSet::new()),
        }
    }

    fn full(&self, path: &str) -> PathBuf {
        // This runs for every file of the tree: the path is made at its
        // full length, in one push where `/` is the separator (pushed part
        // by part, it cost over a thousand instructions a file).
        let mut p = PathBuf::with_capacity(self.root.as_os_str().len() + 1 + path.len());
        p.push(&self.root);
        if cfg!(unix) {
            p.push(path);
        } else {
            p.extend(path.split('/'));
        }
        p
    }

    fn known_real(&self, dir: &str) -> bool {
        self.real.read().is_ok_and(|r| r.contains(dir))
    }

    /// Checks that folder `dir` of the tree and each folder it is in are
    /// real folders, not links; with `make`, makes those missing.
    fn real_folder(&self, dir: &str, make: bool) -> Result<()> {
        if self.known_real(dir) {
            return Ok(());
        }
        if dir.is_empty() {
            // The root: the user's to give, a link or not.
            if make {
                fs::create_dir_all(&self.root)
                    .map_err(|e| io_error(&self.root, "cannot create folder", e))?;
            }
        } else {
            self.real_folder(parent(dir), make)?;
            let full = self.full(dir);
            let mut found = fs::symlink_metadata(&full);
            if make && matches!(&found, Err(e) if e.kind() == std::io::ErrorKind::NotFound) {
                match fs::create_dir(&full) {
                    Ok(()) => {}
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                    Err(e) => return Err(io_error(&full, "cannot create folder", e)),
                }
                found = fs::symlink_metadata(&full);
            }
            match found {
                Ok(m) if m.is_dir() => {}
                Ok(m) if m.file_type().is_symlink() => return Err(link_refused(&full, "a folder")),
                Ok(m) => {
                    return Err(refuse(
                        &full,
                        format!("expected a folder, found {}", kind_name(m.file_type())),
                    ))
                }
                Err(e) => return Err(io_error(&full, "cannot read", e)),
            }
        }
        if let Ok(mut r) = self.real.write() {
            r.insert(dir.to_string());
        }
        Ok(())
    }

    /// The bytes of a tree's file, read as [`TreeSource::read`] reads
    /// them: a regular file in real folders, up to [`MAX_FILE_BYTES`].
    fn read_file(&self, path: &str) -> Result<Vec<u8>> {
        self.real_folder(parent(path), false)?;
        read_regular(&self.full(path), MAX_FILE_BYTES)
    }

    /// The files an earlier tree in this folder listed (as its header and
    /// group files name them), so that those no longer part of the tree can
    /// be removed; files the tree never listed are left alone, and so is
    /// everything under a folder that is a link.
    pub fn listed_files(&mut self) -> Vec<String> {
        fn names(text: &[u8]) -> Vec<String> {
            crate::json_text::from_slice(without_bom(text))
                .ok()
                .and_then(|v| {
                    v.get("entries")
                        .and_then(serde_json::Value::as_array)
                        .cloned()
                })
                .unwrap_or_default()
                .iter()
                .filter_map(|n| n.as_str())
                .filter(|n| check_name(n, "").is_ok())
                .map(str::to_string)
                .collect()
        }
        let mut out = Vec::new();
        let Ok(text) = self.read_file(HEADER_FILE) else {
            self.fresh = true;
            return out;
        };
        self.fresh = false;
        out.push(HEADER_FILE.to_string());
        let mut stack: Vec<(String, Vec<String>)> = vec![(String::new(), names(&text))];
        while let Some((dir, list)) = stack.pop() {
            for name in list {
                let path = join(&dir, &name);
                if super::is_record_name(&name) {
                    out.push(path);
                } else if let Ok(text) = self.read_file(&join(&path, GROUP_FILE)) {
                    out.push(join(&path, GROUP_FILE));
                    stack.push((path, names(&text)));
                }
            }
        }
        out
    }

    /// Removes the files an earlier tree listed that this one did not
    /// write, and the folders left empty by that. Nothing in a folder
    /// that is a link is removed.
    pub fn remove_stale(&self, earlier: &[String]) -> Result<u64> {
        let mut removed = 0;
        for path in earlier {
            if self.written.contains(path) || self.real_folder(parent(path), false).is_err() {
                continue;
            }
            let full = self.full(path);
            match fs::remove_file(&full) {
                Ok(()) => removed += 1,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(io_error(&full, "cannot remove", e)),
            }
            // Folders left empty go too (and never the root).
            let mut dir = parent(path);
            while !dir.is_empty() && fs::remove_dir(self.full(dir)).is_ok() {
                dir = parent(dir);
            }
        }
        Ok(removed)
    }

    /// Writes one file; `true` when its text was there already.
    fn write_one(&self, path: &str, text: &[u8]) -> Result<bool> {
        self.real_folder(parent(path), true)?;
        let full = self.full(path);
        // A file whose text is the same is left as it is: its time stamp
        // too, so tools watching the folder see only what changed.
        if !self.fresh && holds(&full, text) {
            return Ok(true);
        }
        write_new(&full, text)?;
        Ok(false)
    }
}

impl TreeSink for DirTree {
    fn folder(&mut self, path: &str) -> Result<()> {
        self.real_folder(path, true)
    }
    fn file(&mut self, path: &str, text: &[u8]) -> Result<()> {
        let same = self.write_one(path, text)?;
        self.unchanged += same as u64;
        self.written.insert(path.to_string());
        Ok(())
    }
    fn files(&mut self, files: Vec<(String, Vec<u8>)>) -> Result<()> {
        // Creating files is most of the work of writing a tree: in
        // parallel, it overlaps the file system's waits.
        let same: Vec<Result<bool>> = files
            .par_iter()
            .map(|(path, text)| self.write_one(path, text))
            .collect();
        for (r, (path, _)) in same.into_iter().zip(files) {
            self.unchanged += r? as u64;
            // Only needed to find what an earlier tree had and this one
            // has not.
            if !self.fresh {
                self.written.insert(path);
            }
        }
        Ok(())
    }
}

impl TreeSource for DirTree {
    fn read(&self, path: &str) -> Result<Cow<'_, [u8]>> {
        self.read_file(path).map(Cow::Owned)
    }
    fn list(&self, dir: &str) -> Option<Vec<String>> {
        self.real_folder(dir, false).ok()?;
        let mut names = Vec::new();
        for e in fs::read_dir(self.full(dir)).ok()? {
            let e = e.ok()?;
            let name = e.file_name().to_string_lossy().into_owned();
            let is_dir = e.file_type().ok()?.is_dir();
            if !name.starts_with('.') && (is_dir || super::is_record_name(&name)) {
                names.push(name);
            }
        }
        Some(names)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("esscribe-tree-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_is_read_up_to_the_bound_and_refused_past_it() {
        let dir = temp_dir("bound");
        let file = dir.join("x.json");
        fs::write(&file, b"0123456789").unwrap();
        assert_eq!(read_regular(&file, 10).unwrap(), b"0123456789");
        let err = read_regular(&file, 9).unwrap_err().to_string();
        assert!(
            err.contains(&format!("{}: larger than 9 bytes", file.display())),
            "{err}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_folder_where_a_file_goes_is_refused_and_kept() {
        let dir = temp_dir("folder-at-name");
        fs::create_dir(dir.join("x.json")).unwrap();
        fs::write(dir.join("x.json/keep"), b"kept").unwrap();
        let mut tree = DirTree::new(&dir);
        let err = tree.file("x.json", b"{}\n").unwrap_err().to_string();
        assert!(
            err.contains("x.json: expected a file, found a folder"),
            "{err}"
        );
        assert_eq!(fs::read(dir.join("x.json/keep")).unwrap(), b"kept");
        let err = tree.read("x.json").unwrap_err().to_string();
        assert!(
            err.contains("expected a regular file, found a folder"),
            "{err}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_file_sharing_its_data_with_one_outside_is_replaced_not_written_through() {
        let dir = temp_dir("hard-link");
        let outside = dir.join("outside.txt");
        fs::write(&outside, b"precious").unwrap();
        fs::create_dir(dir.join("t")).unwrap();
        fs::hard_link(&outside, dir.join("t/x.json")).unwrap();
        let mut tree = DirTree::new(dir.join("t"));
        tree.file("x.json", b"{}\n").unwrap();
        assert_eq!(fs::read(&outside).unwrap(), b"precious");
        assert_eq!(tree.read("x.json").unwrap().as_ref(), b"{}\n");
        fs::remove_dir_all(&dir).unwrap();
    }
}
