//! Files to read: large ones through a memory map (the file's pages are
//! read by the kernel as the reader touches them, with no copy into a
//! buffer first), smaller ones into memory. Plugins and archives are read
//! so.

use super::{changed, WatchedMap};
use crate::io::{Error, Result};
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
    // The watch first: it is dropped before the map is unmapped.
    Mapped(WatchedMap, memmap2::Mmap),
}

/// A file's bytes, read into memory or mapped read-only. Plugins parsed
/// from it ([`MappedFile::parse`]) borrow its bytes.
///
/// A mapped file that another program cuts short while it is read makes
/// the reading process fault (SIGBUS on Unix). After
/// [`install_signal_handlers`](crate::fsio::install_signal_handlers), on
/// Unix, the pages lost read as zeros instead and the file is reported as
/// changed: by [`parse`](Self::parse), by [`intact`](Self::intact) and
/// [`checked`](Self::checked), which a reader calls once it is done with
/// the bytes, by any write while the map is open, and by
/// [`changed_while_mapped`](crate::fsio::changed_while_mapped).
pub struct MappedFile {
    bytes: Bytes,
    path: PathBuf,
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
                return Err(changed(
                    path,
                    &format!("{len} bytes when opened, {} read", buf.len()),
                ));
            }
            Bytes::Read(buf)
        } else {
            // SAFETY: the map is read-only and private to this process. If
            // another process truncates the file while it is mapped, reading
            // the lost pages raises SIGBUS (see the type's documentation:
            // the watch below turns it into an error);
            // esscribe's own writes go to a temporary file that is renamed
            // over the old one, leaving this map intact. Pages are mapped as
            // the parser first touches them: measured faster than mapping
            // them all up front (MAP_POPULATE).
            let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| Error::io(path, &e))?;
            // The parser reads front to back: let the kernel read ahead.
            #[cfg(unix)]
            let _ = map.advise(memmap2::Advice::Sequential);
            Bytes::Mapped(WatchedMap::new(&map, file, path), map)
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
            Bytes::Mapped(_, m) => m,
        }
    }

    /// Whether the bytes are a memory map of the file (rather than a copy).
    pub fn is_mapped(&self) -> bool {
        matches!(self.bytes, Bytes::Mapped(..))
    }

    /// Whether the bytes read so far are the file's: an error of kind
    /// [`ErrorKind::Changed`](crate::ErrorKind::Changed) when another
    /// program cut the mapped file short while it was read (its lost
    /// pages read as zeros) or its length is no longer what was mapped.
    /// A file read into memory was checked as it was read.
    pub fn intact(&self) -> Result<()> {
        match &self.bytes {
            Bytes::Mapped(watch, _) => watch.intact(),
            _ => Ok(()),
        }
    }

    /// `result`, made from these bytes, unless the file changed while it
    /// was read: then the changed error of [`intact`](Self::intact)
    /// instead, whatever `result` was, since an error met reading zeros
    /// where the file's pages were lost is only a symptom.
    pub fn checked<T>(&self, result: Result<T>) -> Result<T> {
        self.intact()?;
        result
    }

    /// Maps the file's bytes in `range` in at once, ahead of a reader going
    /// front to back, rather than a page at a time as they are first read.
    /// Only a hint: does nothing for a file read into memory, or where the
    /// system cannot.
    pub fn prefetch(&self, range: std::ops::Range<usize>) {
        #[cfg(target_os = "linux")]
        if let Bytes::Mapped(_, map) = &self.bytes {
            let end = range.end.min(map.len());
            if range.start < end {
                let _ = map.advise_range(
                    memmap2::Advice::PopulateRead,
                    range.start,
                    end - range.start,
                );
            }
        }
        #[cfg(not(target_os = "linux"))]
        let _ = range;
    }

    /// Gives back the memory of the mapped bytes in `range`, read and no
    /// longer needed: a reader going once through a file larger than
    /// memory should hold then holds only what it reads now. The bytes stay
    /// readable, read again from the file if touched. Does nothing for a
    /// file read into memory, or where the system cannot.
    pub fn release(&self, range: std::ops::Range<usize>) {
        #[cfg(unix)]
        if let Bytes::Mapped(_, map) = &self.bytes {
            let end = range.end.min(map.len());
            if range.start < end {
                // SAFETY: the map is private and read-only: its pages were
                // never written, so dropping them loses nothing, and the
                // kernel reads them from the file again if they are touched.
                let _ = unsafe {
                    map.unchecked_advise_range(
                        memmap2::UncheckedAdvice::DontNeed,
                        range.start,
                        end - range.start,
                    )
                };
            }
        }
        #[cfg(not(unix))]
        let _ = range;
    }

    /// The path the file was opened from.
    pub fn path(&self) -> &Path {
        &self.path
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
