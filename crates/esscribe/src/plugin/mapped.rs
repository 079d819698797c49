//! Plugin files read through [`MappedFile`]: mapped, or read into memory
//! when small, and parsed where they stand.

use super::Plugin;
use crate::fsio::MappedFile;
use crate::io::Result;
use std::path::Path;

impl MappedFile {
    /// Parses the mapped bytes, telling the game from the file. The
    /// records' contents are read later, as they are used: a reader calls
    /// [`intact`](Self::intact) once done with them.
    pub fn parse(&self) -> Result<Plugin<'_>> {
        self.checked(Plugin::parse(self.bytes()))
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
