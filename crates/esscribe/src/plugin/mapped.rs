//! Plugins read through a memory map: the file's pages are read by the
//! kernel as the parser touches them, with no copy into a buffer first.

use super::Plugin;
use crate::io::{Error, Result};
use std::fs::File;
use std::ops::Deref;
use std::path::{Path, PathBuf};

/// A file mapped read-only into memory. [`Plugin`]s parsed from it borrow
/// its bytes.
pub struct MappedFile {
    // `None` for an empty file: mapping zero bytes is an error on Linux.
    map: Option<memmap2::Mmap>,
    path: PathBuf,
}

impl MappedFile {
    pub fn open(path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref();
        let file = File::open(path).map_err(|e| Error::io(path, &e))?;
        let len = file.metadata().map_err(|e| Error::io(path, &e))?.len();
        let map = if len == 0 {
            None
        } else {
            // SAFETY: the map is read-only and private to this process. If
            // another process truncates the file while it is mapped, reading
            // the lost pages raises SIGBUS; plugins are not rewritten in place
            // while they are read (esscribe's own writes go to a temporary
            // file that is renamed over the old one, leaving this map intact).
            // Pages are mapped as the parser first touches them: measured
            // faster than mapping them all up front (MAP_POPULATE).
            let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| Error::io(path, &e))?;
            // The parser reads front to back: let the kernel read ahead.
            #[cfg(unix)]
            let _ = map.advise(memmap2::Advice::Sequential);
            Some(map)
        };
        Ok(MappedFile {
            map,
            path: path.to_path_buf(),
        })
    }

    pub fn bytes(&self) -> &[u8] {
        self.map.as_deref().unwrap_or(&[])
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Parses the mapped bytes, telling the game from the file.
    pub fn parse(&self) -> Result<Plugin<'_>> {
        Plugin::parse(self.bytes())
    }
}

impl Deref for MappedFile {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.bytes()
    }
}

impl std::fmt::Debug for MappedFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MappedFile")
            .field("path", &self.path)
            .field("len", &self.bytes().len())
            .finish()
    }
}

/// Maps a plugin file for [`Plugin::parse`]:
///
/// ```no_run
/// let file = esscribe::plugin::open_mmap("Skyrim.esm")?;
/// let plugin = file.parse()?;
/// # Ok::<(), esscribe::Error>(())
/// ```
pub fn open_mmap(path: impl AsRef<Path>) -> Result<MappedFile> {
    MappedFile::open(path)
}
