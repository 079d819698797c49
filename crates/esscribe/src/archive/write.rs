//! Archives written with `ba2`: for tests, benchmarks and tools that pack
//! files (string tables, for one) the way the games read them.

use super::Version;
use crate::io::{Error, Result};

/// Builds an archive from files given by path.
///
/// ```
/// use esscribe::archive::{Archive, ArchiveBuilder, Version};
/// let bytes = ArchiveBuilder::new(Version::SkyrimSe)
///     .compressed_by_default(true)
///     .file("strings\\mymod_english.strings", b"...".to_vec())
///     .build()?;
/// let archive = Archive::from_bytes(bytes, "MyMod.bsa")?;
/// assert_eq!(archive.entries()[0].path, "strings\\mymod_english.strings");
/// # Ok::<(), esscribe::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct ArchiveBuilder {
    version: Version,
    compressed: bool,
    embedded_names: bool,
    file_flags: u16,
    /// Path, bytes, and whether compressed (`None`: as the archive is).
    files: Vec<(String, Vec<u8>, Option<bool>)>,
}

impl ArchiveBuilder {
    /// An empty archive of `version`, storing folder and file names, its
    /// files not compressed.
    pub fn new(version: Version) -> ArchiveBuilder {
        ArchiveBuilder {
            version,
            compressed: false,
            embedded_names: false,
            file_flags: 0,
            files: Vec::new(),
        }
    }

    /// Files are compressed unless given otherwise (the archive flag).
    pub fn compressed_by_default(mut self, on: bool) -> Self {
        self.compressed = on;
        self
    }

    /// Versions 104 and 105: each file's data starts with its path.
    pub fn embedded_names(mut self, on: bool) -> Self {
        self.embedded_names = on;
        self
    }

    /// The file flags: what kinds of files it holds (bit 0 meshes, bit 1
    /// textures, ... bit 8 misc).
    pub fn file_flags(mut self, flags: u16) -> Self {
        self.file_flags = flags;
        self
    }

    /// Adds a file at `path` (`folder\file`), compressed as the archive
    /// says.
    pub fn file(mut self, path: &str, bytes: Vec<u8>) -> Self {
        self.files.push((path.to_string(), bytes, None));
        self
    }

    /// Adds a file compressed (or not) whatever the archive says.
    pub fn file_compressed(mut self, path: &str, bytes: Vec<u8>, compressed: bool) -> Self {
        self.files.push((path.to_string(), bytes, Some(compressed)));
        self
    }

    /// The archive's bytes. A path given twice (in any case) is an error.
    pub fn build(&self) -> Result<Vec<u8>> {
        use ba2::prelude::*;
        use ba2::tes4::{
            Archive, ArchiveFlags, ArchiveKey, ArchiveOptions, ArchiveTypes, Directory,
            DirectoryKey, File, FileCompressionOptions,
        };
        let fail = |what: &str, e: ba2::tes4::Error| Error::invalid(0, format!("{what}: {e}"));
        let compression = FileCompressionOptions::builder()
            .version(self.version.ba2())
            .build();
        let mut archive = Archive::new();
        for (path, bytes, compressed) in &self.files {
            let (folder, name) = path.rsplit_once(['\\', '/']).unwrap_or((".", path));
            let mut file = File::from_decompressed(bytes.as_slice());
            if compressed.unwrap_or(self.compressed) {
                file = file.compress(&compression).map_err(|e| fail(path, e))?;
            }
            let folder_key = ArchiveKey::from(folder.as_bytes());
            if archive.get(&folder_key).is_none() {
                archive.insert(folder_key.clone(), Directory::default());
            }
            let directory = archive.get_mut(&folder_key).expect("inserted above");
            if directory
                .insert(DirectoryKey::from(name.as_bytes()), file)
                .is_some()
            {
                return Err(Error::refused(format!(
                    "{path}: given twice; an archive holds one file per path"
                )));
            }
        }
        let mut flags = ArchiveFlags::DIRECTORY_STRINGS | ArchiveFlags::FILE_STRINGS;
        if self.compressed {
            flags |= ArchiveFlags::COMPRESSED;
        }
        if self.embedded_names {
            flags |= ArchiveFlags::EMBEDDED_FILE_NAMES;
        }
        let options = ArchiveOptions::builder()
            .version(self.version.ba2())
            .flags(flags)
            .types(ArchiveTypes::from_bits_retain(self.file_flags))
            .build();
        let mut out = Vec::new();
        archive
            .write(&mut out, &options)
            .map_err(|e| fail("writing the archive", e))?;
        Ok(out)
    }
}
