//! BSA archives: version 103 (Oblivion), 104 (Skyrim) and 105 (Skyrim
//! Special Edition), read with the `ba2` crate.
//!
//! ```no_run
//! let archive = esscribe::archive::Archive::open("Skyrim - Interface.bsa")?;
//! for entry in archive.entries() {
//!     println!("{} {}", entry.path, entry.size);
//! }
//! if let Some(entry) = archive.find("strings/skyrim_english.strings") {
//!     let bytes = archive.read(entry)?;
//! }
//! # Ok::<(), esscribe::Error>(())
//! ```
//!
//! An archive is memory-mapped: listing it reads its directory only, and
//! reading a file touches that file's bytes only. Before `ba2` reads the
//! directory, it is walked and checked here (see `layout`): a damaged
//! archive is an error naming the archive and the offset, never a panic.
//! A compressed file is inflated only when its stated size is possible
//! for its stored size and at most [`MAX_ENTRY_BYTES`], and inflating
//! stops at the stated size: no size an archive claims is allocated
//! before the bytes are there.

mod layout;
mod write;

pub use write::ArchiveBuilder;

use crate::fsio::MappedFile;
use crate::io::{decode_cp1252, Error, ErrorKind, Result};
use std::io::Read;
use std::path::Path;

/// The most bytes one file of an archive may inflate to: 1 GiB. The
/// games' own archives hold files of tens of MiB at most, and an archive
/// itself may be at most 2 GiB (4 GiB as the format counts).
pub const MAX_ENTRY_BYTES: u64 = 1 << 30;

/// zlib cannot expand a stream more than about 1032 times.
const MAX_ZLIB_RATIO: u64 = 1032;
/// LZ4 cannot expand a block more than 255 times.
const MAX_LZ4_RATIO: u64 = 256;
/// Room for the frame and stream headers of a tiny file.
const MAX_EXPANSION_SLACK: u64 = 64;

/// The format version of an archive, and the games that use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    /// 103: Oblivion; files compressed with zlib.
    Oblivion,
    /// 104: Skyrim (and Fallout 3, New Vegas); files compressed with zlib.
    Skyrim,
    /// 105: Skyrim Special Edition; files compressed with LZ4 (frames).
    SkyrimSe,
}

impl Version {
    /// The number the header holds.
    pub fn number(self) -> u32 {
        match self {
            Version::Oblivion => 103,
            Version::Skyrim => 104,
            Version::SkyrimSe => 105,
        }
    }

    /// The version the header's number names.
    pub fn from_number(n: u32) -> Option<Version> {
        match n {
            103 => Some(Version::Oblivion),
            104 => Some(Version::Skyrim),
            105 => Some(Version::SkyrimSe),
            _ => None,
        }
    }

    /// The games that read archives of this version, for people.
    pub fn game(self) -> &'static str {
        match self {
            Version::Oblivion => "Oblivion",
            Version::Skyrim => "Skyrim (also Fallout 3 and New Vegas)",
            Version::SkyrimSe => "Skyrim Special Edition",
        }
    }

    fn ba2(self) -> ba2::tes4::Version {
        match self {
            Version::Oblivion => ba2::tes4::Version::v103,
            Version::Skyrim => ba2::tes4::Version::v104,
            Version::SkyrimSe => ba2::tes4::Version::v105,
        }
    }
}

/// What an archive's header says.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ArchiveInfo {
    /// 103, 104 or 105.
    pub version: u32,
    /// The games that read this version.
    pub game: &'static str,
    /// The archive flags (folder names, file names, compressed...).
    pub archive_flags: u32,
    /// The archive flags set, by name.
    pub archive_flag_names: Vec<String>,
    /// The file flags: what kinds of files it holds (meshes, textures...).
    pub file_flags: u16,
    /// The file flags set, by name.
    pub file_flag_names: Vec<String>,
    /// Folders, as the header counts them.
    pub folder_count: u32,
    /// Files, as the header counts them.
    pub file_count: u32,
}

impl ArchiveInfo {
    fn new(h: &layout::Header) -> ArchiveInfo {
        let version = Version::from_number(h.version).expect("checked by the layout");
        let archive_names: [&str; 10] = [
            "folder names",
            "file names",
            "compressed",
            "retain folder names",
            "retain file names",
            "retain file name offsets",
            "Xbox",
            "retain strings during startup",
            if version == Version::Oblivion {
                "bit 8"
            } else {
                "embedded file names"
            },
            "XMem compression",
        ];
        let file_names: [&str; 9] = [
            "meshes", "textures", "menus", "sounds", "voices", "shaders", "trees", "fonts", "misc",
        ];
        let names = |bits: u32, known: &[&str]| -> Vec<String> {
            (0..32)
                .filter(|i| bits & (1 << i) != 0)
                .map(|i| match known.get(i) {
                    Some(n) => n.to_string(),
                    None => format!("bit {i}"),
                })
                .collect()
        };
        ArchiveInfo {
            version: h.version,
            game: version.game(),
            archive_flags: h.archive_flags,
            archive_flag_names: names(h.archive_flags, &archive_names),
            file_flags: h.file_flags,
            file_flag_names: names(h.file_flags as u32, &file_names),
            folder_count: h.folder_count,
            file_count: h.file_count,
        }
    }

    /// The archive's version.
    pub fn version(&self) -> Version {
        Version::from_number(self.version).expect("checked by the layout")
    }

    /// Whether files are compressed unless their record says otherwise.
    pub fn compressed_by_default(&self) -> bool {
        self.archive_flags & layout::FLAG_COMPRESSED != 0
    }
}

/// One file of an archive.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Entry {
    /// `folder\file`, as the archive stores it (the games store paths in
    /// lower case), decoded from Windows-1252. A file whose archive keeps
    /// no name is named by its hash (`#0123456789ABCDEF`).
    pub path: String,
    /// Bytes of its data as stored: compressed, when it is.
    pub stored_size: u64,
    /// Bytes of the file itself, inflated.
    pub size: u64,
    /// Whether it is stored compressed.
    pub compressed: bool,
    /// Offset in the archive of its stored data.
    #[serde(skip)]
    data_offset: u64,
}

impl Entry {
    /// Where its stored data starts in the archive (after an embedded
    /// path and the original size of a compressed file).
    pub fn data_offset(&self) -> u64 {
        self.data_offset
    }
}

enum Source {
    File(MappedFile),
    Memory(Vec<u8>),
}

/// An open archive: its header, its files listed by path, and their bytes
/// on demand.
pub struct Archive {
    name: String,
    source: Source,
    info: ArchiveInfo,
    /// Sorted by path in lower case, for [`Archive::find`].
    entries: Vec<Entry>,
}

impl std::fmt::Debug for Archive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Archive")
            .field("name", &self.name)
            .field("version", &self.info.version)
            .field("files", &self.entries.len())
            .finish()
    }
}

impl Archive {
    /// Opens and maps the archive at `path` and reads its directory.
    /// Errors name the archive by its path.
    pub fn open(path: impl AsRef<Path>) -> Result<Archive> {
        let path = path.as_ref();
        let file = MappedFile::map(path)?;
        Archive::new(path.display().to_string(), Source::File(file))
    }

    /// Reads an archive held in memory; `name` names it in errors.
    pub fn from_bytes(bytes: Vec<u8>, name: impl Into<String>) -> Result<Archive> {
        Archive::new(name.into(), Source::Memory(bytes))
    }

    fn new(name: String, source: Source) -> Result<Archive> {
        let bytes = match &source {
            Source::File(f) => f.bytes(),
            Source::Memory(v) => v.as_slice(),
        };
        let read = read_directory(bytes);
        // Pages of a mapped file cut short meanwhile read as zeros: then
        // the file's change is the error, not what the zeros looked like.
        let read = match &source {
            Source::File(f) => f.checked(read),
            Source::Memory(_) => read,
        };
        let (info, entries) = read.map_err(|e| e.within(name.clone()))?;
        Ok(Archive {
            name,
            source,
            info,
            entries,
        })
    }

    fn bytes(&self) -> &[u8] {
        match &self.source {
            Source::File(f) => f.bytes(),
            Source::Memory(v) => v,
        }
    }

    /// The name errors give the archive: its path, as opened.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the header says.
    pub fn info(&self) -> &ArchiveInfo {
        &self.info
    }

    /// Its files, sorted by path.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The file at `path` (`folder\file` or `folder/file`, in any case).
    pub fn find(&self, path: &str) -> Option<&Entry> {
        let wanted = normalize(path);
        self.entries
            .binary_search_by(|e| normalize(&e.path).cmp(&wanted))
            .ok()
            .map(|i| &self.entries[i])
    }

    /// The bytes of one of its files, inflated. An error names the
    /// archive and the file.
    pub fn read(&self, entry: &Entry) -> Result<Vec<u8>> {
        let read = self.read_data(entry);
        let read = match &self.source {
            Source::File(f) => f.checked(read),
            Source::Memory(_) => read,
        };
        read.map_err(|e| e.within(entry.path.clone()).within(self.name.clone()))
    }

    fn read_data(&self, entry: &Entry) -> Result<Vec<u8>> {
        let start = entry.data_offset;
        // An entry's public sizes may have been changed by its holder:
        // checked, not trusted.
        let stored = usize::try_from(start)
            .ok()
            .zip(
                start
                    .checked_add(entry.stored_size)
                    .and_then(|end| usize::try_from(end).ok()),
            )
            .and_then(|(s, e)| self.bytes().get(s..e))
            .ok_or_else(|| {
                Error::not_found(format!(
                    "{}: not a file of this archive (its data would be at 0x{start:X})",
                    entry.path
                ))
            })?;
        if !entry.compressed {
            return Ok(stored.to_vec());
        }
        let version = self.info.version();
        let (ratio, codec) = match version {
            Version::SkyrimSe => (MAX_LZ4_RATIO, "LZ4"),
            _ => (MAX_ZLIB_RATIO, "zlib"),
        };
        let claim = entry.size;
        let possible = entry
            .stored_size
            .saturating_mul(ratio)
            .saturating_add(MAX_EXPANSION_SLACK);
        if claim > MAX_ENTRY_BYTES || claim > possible {
            return Err(Error::new(
                ErrorKind::Limit,
                start.saturating_sub(4),
                format!(
                    "the file claims {claim} bytes from {} stored: expected at most {} ({codec} expands at most {ratio} times, and a file may hold at most {MAX_ENTRY_BYTES} bytes)",
                    entry.stored_size,
                    possible.min(MAX_ENTRY_BYTES)
                ),
            ));
        }
        let out = match version {
            Version::SkyrimSe => inflate_lz4(stored, claim as usize),
            _ => inflate_zlib(stored, claim as usize),
        };
        out.map_err(|message| {
            Error::new(ErrorKind::Decompress, start, format!("{codec}: {message}"))
        })
    }
}

/// Inflates a zlib stream, stopping one byte past the stated size: a
/// stream inflating to more is refused without being held whole.
fn inflate_zlib(stored: &[u8], claim: usize) -> std::result::Result<Vec<u8>, String> {
    // `ba2` inflates zlib data without a bound on the output; flate2 is
    // given one here.
    let mut out = Vec::with_capacity(claim.min(stored.len().saturating_mul(16)));
    flate2::read::ZlibDecoder::new(stored)
        .take(claim as u64 + 1)
        .read_to_end(&mut out)
        .map_err(|e| format!("the data does not inflate: {e}"))?;
    check_size(out, claim)
}

/// Inflates an LZ4 frame with `ba2`, which reserves the stated size first:
/// that size was checked against the stored size before.
fn inflate_lz4(stored: &[u8], claim: usize) -> std::result::Result<Vec<u8>, String> {
    use ba2::CompressableFrom as _;
    let file = ba2::tes4::File::from_compressed(stored, claim);
    let options = ba2::tes4::FileCompressionOptions::builder()
        .version(ba2::tes4::Version::v105)
        .build();
    let mut out = Vec::new();
    file.decompress_into(&mut out, &options)
        .map_err(|e| format!("the data does not inflate: {e}"))?;
    check_size(out, claim)
}

fn check_size(out: Vec<u8>, claim: usize) -> std::result::Result<Vec<u8>, String> {
    if out.len() == claim {
        Ok(out)
    } else if out.len() > claim {
        Err(format!("inflates to more than the {claim} bytes stated"))
    } else {
        Err(format!(
            "inflates to {} bytes, expected the {claim} stated",
            out.len()
        ))
    }
}

/// A path as [`Archive::find`] compares it: lower case, `\` between parts.
fn normalize(path: &str) -> String {
    path.trim_start_matches(['/', '\\'])
        .chars()
        .map(|c| match c {
            '/' => '\\',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// Checks the archive's directory, then reads it with `ba2`.
fn read_directory(bytes: &[u8]) -> Result<(ArchiveInfo, Vec<Entry>)> {
    use ba2::prelude::*;
    let header = layout::check(bytes)?;
    let (archive, _) = ba2::tes4::Archive::read(ba2::Borrowed(bytes))
        .map_err(|e| Error::invalid(0, format!("the archive's directory: {e}")))?;
    let base = bytes.as_ptr() as usize;
    let mut entries = Vec::with_capacity(header.file_count as usize);
    for (folder_key, folder) in archive.iter() {
        let folder_bytes: &[u8] = folder_key.name().as_ref();
        let folder_name = match folder_bytes {
            b"." => String::new(),
            // No name kept: the root folder, or one known by its hash only.
            b"" if folder_key.hash().numeric() == folder_hash(".") => String::new(),
            b"" => format!("#{:016X}", folder_key.hash().numeric()),
            name => decode_cp1252(name).into_owned(),
        };
        for (file_key, file) in folder.iter() {
            let name_bytes: &[u8] = file_key.name().as_ref();
            let name = match name_bytes {
                b"" => format!("#{:016X}", file_key.hash().numeric()),
                name => decode_cp1252(name).into_owned(),
            };
            let path = if folder_name.is_empty() {
                name
            } else {
                format!("{folder_name}\\{name}")
            };
            let data = file.as_bytes();
            // Read from borrowed bytes, `ba2` hands back slices of them:
            // where a file's data starts is where its slice starts.
            let data_offset = (data.as_ptr() as usize).wrapping_sub(base);
            if data_offset
                .checked_add(data.len())
                .is_none_or(|end| end > bytes.len())
            {
                return Err(Error::invalid(
                    0,
                    format!("{path}: its data is not inside the archive"),
                ));
            }
            entries.push(Entry {
                size: file.decompressed_len().unwrap_or(data.len()) as u64,
                stored_size: data.len() as u64,
                compressed: file.is_compressed(),
                data_offset: data_offset as u64,
                path,
            });
        }
    }
    entries.sort_by_cached_key(|e| normalize(&e.path));
    Ok((ArchiveInfo::new(&header), entries))
}

/// The TES4 hash of a folder path, as archives store it.
pub fn folder_hash(path: &str) -> u64 {
    let (hash, _) = ba2::tes4::hash_directory(ba2::BStr::new(path.as_bytes()));
    hash.numeric()
}

/// Whether the archive at `path` has the folder `folder` (a path in any
/// case), from its folder records alone: cheaper than opening it when
/// most archives looked at will not have it.
pub fn has_folder(path: &Path, folder: &str) -> Result<bool> {
    let file = MappedFile::map(path)?;
    file.checked(layout::has_folder_hash(file.bytes(), folder_hash(folder)))
        .map_err(|e| e.within(path.display().to_string()))
}
