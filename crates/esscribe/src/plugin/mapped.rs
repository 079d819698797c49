//! Files to read: large ones through a memory map (the file's pages are
//! read by the kernel as the parser touches them, with no copy into a
//! buffer first), smaller ones into memory.

use super::Plugin;
use crate::io::{Error, ErrorKind, Result};
use std::fs::File;
use std::io::Read;
use std::ops::Deref;
use std::path::{Path, PathBuf};

/// Files up to this size are read into memory rather than mapped: copying
/// them costs little, and another program cutting such a file short while
/// it is read cannot fault the reader. Larger files are mapped.
pub const READ_INTO_MEMORY_MAX: u64 = 64 << 20;

enum Bytes {
    // An empty file: mapping zero bytes is an error on Linux.
    Empty,
    Read(Vec<u8>),
    Mapped(memmap2::Mmap),
}

/// A file's bytes, read into memory or mapped read-only. [`Plugin`]s
/// parsed from it borrow its bytes.
///
/// A mapped file that another program cuts short while it is read makes
/// the reading process fault (SIGBUS on Unix): a command-line program
/// turns that into a message with
/// [`install_signal_handlers`](crate::fsio::install_signal_handlers).
pub struct MappedFile {
    bytes: Bytes,
    path: PathBuf,
}

fn changed(path: &Path, expected: u64, found: u64) -> Error {
    Error::new(
        ErrorKind::Io,
        0,
        format!(
            "{}: the file changed while it was being read ({expected} bytes when opened, {found} read)",
            path.display()
        ),
    )
}

impl MappedFile {
    /// Opens a file: read into memory up to 64 MiB, mapped above.
    pub fn open(path: impl AsRef<Path>) -> Result<Self> {
        Self::open_with(path.as_ref(), READ_INTO_MEMORY_MAX)
    }

    /// Opens a file through a memory map whatever its size.
    pub fn map(path: impl AsRef<Path>) -> Result<Self> {
        Self::open_with(path.as_ref(), 0)
    }

    fn open_with(path: &Path, read_max: u64) -> Result<Self> {
        let file = File::open(path).map_err(|e| Error::io(path, &e))?;
        let len = file.metadata().map_err(|e| Error::io(path, &e))?.len();
        let bytes = if len == 0 {
            Bytes::Empty
        } else if len <= read_max {
            let mut buf = Vec::with_capacity(len as usize);
            // One byte more than the size, to see a file that grew.
            file.take(len + 1)
                .read_to_end(&mut buf)
                .map_err(|e| Error::io(path, &e))?;
            if buf.len() as u64 != len {
                return Err(changed(path, len, buf.len() as u64));
            }
            Bytes::Read(buf)
        } else {
            // SAFETY: the map is read-only and private to this process. If
            // another process truncates the file while it is mapped, reading
            // the lost pages raises SIGBUS (see the type's documentation);
            // esscribe's own writes go to a temporary file that is renamed
            // over the old one, leaving this map intact. Pages are mapped as
            // the parser first touches them: measured faster than mapping
            // them all up front (MAP_POPULATE).
            let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| Error::io(path, &e))?;
            // The parser reads front to back: let the kernel read ahead.
            #[cfg(unix)]
            let _ = map.advise(memmap2::Advice::Sequential);
            Bytes::Mapped(map)
        };
        Ok(MappedFile {
            bytes,
            path: path.to_path_buf(),
        })
    }

    /// The file's bytes, mapped or read.
    pub fn bytes(&self) -> &[u8] {
        match &self.bytes {
            Bytes::Empty => &[],
            Bytes::Read(v) => v,
            Bytes::Mapped(m) => m,
        }
    }

    /// Whether the bytes are a memory map of the file (rather than a copy).
    pub fn is_mapped(&self) -> bool {
        matches!(self.bytes, Bytes::Mapped(_))
    }

    /// The path the file was opened from.
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
