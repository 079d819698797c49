//! The directory of a BSA archive, walked and checked before `ba2` reads
//! it.
//!
//! `ba2` trusts what it reads: a file record whose size is smaller than
//! its embedded name, or than the 4-byte size of a compressed file,
//! underflows a subtraction (a panic in a debug build, a slice out of
//! range in a release build), and two files sharing a hash silently
//! become one. So the archive is first walked here the way `ba2` walks
//! it, every count and size checked against the bytes that are there, and
//! only an archive that passes is handed to it. The walk allocates
//! nothing that a count merely claims: every record it keeps is a record
//! it has read.

use crate::io::{decode_cp1252, Error, Reader, Result};
use std::collections::HashSet;

/// The header's size, which the header also states.
pub(super) const HEADER_LEN: usize = 36;
/// Folder names are stored (before each folder's file records).
pub(super) const FLAG_FOLDER_NAMES: u32 = 0x1;
/// File names are stored (in one block after the file records).
pub(super) const FLAG_FILE_NAMES: u32 = 0x2;
/// Files are compressed unless their size says otherwise.
pub(super) const FLAG_COMPRESSED: u32 = 0x4;
/// Versions 104 and 105: each file's data starts with its full path.
pub(super) const FLAG_EMBEDDED_NAMES: u32 = 0x100;
/// In a file record's size: compressed the other way from the archive's
/// default.
const SIZE_TOGGLES_COMPRESSION: u32 = 1 << 30;
/// In a file record's size: a flag, not part of the size.
const SIZE_CHECKED: u32 = 1 << 31;
/// In a file record's offset: a flag, not part of the offset.
const OFFSET_SECONDARY: u32 = 1 << 31;

/// What an archive's header says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Header {
    pub version: u32,
    pub archive_flags: u32,
    pub folder_count: u32,
    pub file_count: u32,
    pub folder_names_len: u32,
    pub file_names_len: u32,
    pub file_flags: u16,
}

impl Header {
    /// Bytes of one folder record.
    fn folder_record_len(&self) -> usize {
        if self.version == 105 {
            24
        } else {
            16
        }
    }

    fn flag(&self, flag: u32) -> bool {
        self.archive_flags & flag != 0
    }

    /// Whether each file's data starts with its path (not in version 103,
    /// where the flag means something else).
    pub fn embedded_names(&self) -> bool {
        self.version != 103 && self.flag(FLAG_EMBEDDED_NAMES)
    }
}

/// Reads and checks the 36-byte header.
pub(super) fn header(bytes: &[u8]) -> Result<Header> {
    let mut r = Reader::new(bytes, 0);
    let magic = r.array::<4>("archive magic (BSA\\0)")?;
    if &magic != b"BSA\0" {
        return Err(Error::invalid(
            0,
            format!(
                "expected the magic BSA\\0 of a BSA archive, found {}",
                crate::io::Sig(magic)
            ),
        ));
    }
    let version = r.u32("archive version")?;
    if !matches!(version, 103..=105) {
        return Err(Error::invalid(
            4,
            format!(
                "version {version}: expected 103 (Oblivion), 104 (Skyrim) or 105 (Skyrim Special Edition)"
            ),
        ));
    }
    let header_len = r.u32("header size")?;
    if header_len as usize != HEADER_LEN {
        return Err(Error::invalid(
            8,
            format!("header size {header_len}: expected {HEADER_LEN}"),
        ));
    }
    Ok(Header {
        version,
        archive_flags: r.u32("archive flags")?,
        folder_count: r.u32("folder count")?,
        file_count: r.u32("file count")?,
        folder_names_len: r.u32("length of the folder names")?,
        file_names_len: r.u32("length of the file names")?,
        file_flags: r.u16("file flags")?,
    })
}

/// Walks the whole directory as `ba2` will, checking that it can: counts
/// that fit the file, names that end, every file's data inside the
/// archive and long enough for its embedded name and stated size, no two
/// folders or files (in a folder) sharing a hash.
pub(super) fn check(bytes: &[u8]) -> Result<Header> {
    let h = header(bytes)?;
    let len = bytes.len() as u64;
    let folders_end = HEADER_LEN as u64 + h.folder_count as u64 * h.folder_record_len() as u64;
    if folders_end > len {
        return Err(Error::truncated(
            16,
            format!(
                "{} folders need {} bytes of folder records after the header, the archive has {}",
                h.folder_count,
                folders_end - HEADER_LEN as u64,
                len.saturating_sub(HEADER_LEN as u64)
            ),
        ));
    }
    let folder_names = if h.flag(FLAG_FOLDER_NAMES) {
        h.folder_names_len as u64 + h.folder_count as u64
    } else {
        0
    };
    let names_start = folders_end + folder_names + 16 * h.file_count as u64;
    if names_start > len {
        return Err(Error::truncated(
            20,
            format!(
                "{} files need file records ending at 0x{names_start:X}, past the end of the archive (0x{len:X})",
                h.file_count
            ),
        ));
    }
    let mut names_at = names_start as usize;
    let mut pos = folders_end as usize;
    let mut folder_hashes = HashSet::new();
    let (mut files_seen, mut folder_names_seen) = (0u64, 0u64);
    for i in 0..h.folder_count as usize {
        let record_at = HEADER_LEN + i * h.folder_record_len();
        let mut r = Reader::new(&bytes[record_at..], record_at as u64);
        let hash = r.u64("folder hash")?;
        let count = r.u32("folder's file count")?;
        if !folder_hashes.insert(hash) {
            return Err(Error::invalid(
                record_at as u64,
                format!("folder {i} has the hash {hash:016X} of an earlier folder: expected each folder once"),
            ));
        }
        let mut folder = format!("folder {i}");
        if h.flag(FLAG_FOLDER_NAMES) {
            let name = name_with_length(bytes, pos, &folder)?;
            folder = format!("folder {i} ({})", decode_cp1252(name));
            folder_names_seen += name.len() as u64 + 1;
            pos += name.len() + 2;
        }
        let records_len = count as u64 * 16;
        if records_len > (bytes.len() - pos) as u64 {
            return Err(Error::truncated(
                record_at as u64 + 8,
                format!(
                    "{folder}: {count} files need {records_len} bytes of file records at 0x{pos:X}, only {} remain",
                    bytes.len() - pos
                ),
            ));
        }
        files_seen += count as u64;
        if files_seen > h.file_count as u64 {
            return Err(Error::invalid(
                20,
                format!(
                    "the header says {} files, the folders up to {folder} hold {files_seen}",
                    h.file_count
                ),
            ));
        }
        let mut file_hashes = HashSet::with_capacity(count as usize);
        for j in 0..count as usize {
            let at = pos as u64;
            let mut r = Reader::new(&bytes[pos..pos + 16], at);
            let hash = r.u64("file hash")?;
            let size = r.u32("file size")?;
            let offset = r.u32("file offset")?;
            pos += 16;
            let mut file = format!("file {j} of {folder}");
            if h.flag(FLAG_FILE_NAMES) {
                let name = zero_terminated(bytes, names_at, &file)?;
                file = format!("{file}: {}", decode_cp1252(name));
                names_at += name.len() + 1;
            }
            if !file_hashes.insert(hash) {
                return Err(Error::invalid(
                    at,
                    format!("{file} has the hash {hash:016X} of an earlier file of its folder: expected each file once"),
                ));
            }
            check_data(bytes, &h, at, size, offset).map_err(|e| e.within(file))?;
        }
    }
    if files_seen != h.file_count as u64 {
        return Err(Error::invalid(
            20,
            format!(
                "the header says {} files, the folders hold {files_seen}",
                h.file_count
            ),
        ));
    }
    if h.flag(FLAG_FOLDER_NAMES) && folder_names_seen != h.folder_names_len as u64 {
        return Err(Error::invalid(
            24,
            format!(
                "the header says the folder names take {} bytes, they take {folder_names_seen}",
                h.folder_names_len
            ),
        ));
    }
    let file_names_seen = (names_at as u64).saturating_sub(names_start);
    if h.flag(FLAG_FILE_NAMES) && file_names_seen != h.file_names_len as u64 {
        return Err(Error::invalid(
            28,
            format!(
                "the header says the file names take {} bytes, they take {file_names_seen}",
                h.file_names_len
            ),
        ));
    }
    Ok(h)
}

/// Checks one file record's data: inside the archive, and long enough for
/// what comes before the file's own bytes.
fn check_data(bytes: &[u8], h: &Header, at: u64, size: u32, offset: u32) -> Result<()> {
    let stored = (size & !(SIZE_TOGGLES_COMPRESSION | SIZE_CHECKED)) as u64;
    let start = (offset & !OFFSET_SECONDARY) as u64;
    let len = bytes.len() as u64;
    if start + stored > len {
        return Err(Error::truncated(
            at + 8,
            format!(
                "{stored} bytes of data at 0x{start:X} run past the end of the archive (0x{len:X})"
            ),
        ));
    }
    let mut left = stored;
    if h.embedded_names() {
        let name_len =
            match bytes.get(start as usize) {
                Some(&n) if stored > 0 => n as u64,
                _ => return Err(Error::truncated(
                    start,
                    "the data is empty: expected the file's path first (the archive embeds names)",
                )),
            };
        if 1 + name_len > left {
            return Err(Error::truncated(
                start,
                format!(
                    "an embedded path of {name_len} bytes does not fit the file's {stored} bytes of data"
                ),
            ));
        }
        left -= 1 + name_len;
    }
    let compressed = h.flag(FLAG_COMPRESSED) != (size & SIZE_TOGGLES_COMPRESSION != 0);
    if compressed && left < 4 {
        return Err(Error::truncated(
            start + (stored - left),
            format!(
                "a compressed file needs its 4-byte original size before its data, only {left} bytes remain"
            ),
        ));
    }
    Ok(())
}

/// A folder name: a length byte (the terminator counted), the name, a
/// zero byte.
fn name_with_length<'a>(bytes: &'a [u8], at: usize, what: &str) -> Result<&'a [u8]> {
    let Some(&n) = bytes.get(at) else {
        return Err(Error::truncated(
            at as u64,
            format!("{what}: needs its name's length, the archive ends"),
        ));
    };
    if n == 0 {
        return Err(Error::invalid(
            at as u64,
            format!("{what}: a name of length 0, expected at least 1 (its terminator)"),
        ));
    }
    let end = at + 1 + n as usize;
    let Some(name) = bytes.get(at + 1..end) else {
        return Err(Error::truncated(
            at as u64,
            format!("{what}: a name of {n} bytes runs past the end of the archive"),
        ));
    };
    match name.split_last() {
        Some((0, text)) => Ok(text),
        _ => Err(Error::invalid(
            end as u64 - 1,
            format!("{what}: expected the name's terminating zero byte"),
        )),
    }
}

/// A zero-terminated file name at `at`.
fn zero_terminated<'a>(bytes: &'a [u8], at: usize, what: &str) -> Result<&'a [u8]> {
    let rest = bytes.get(at..).unwrap_or_default();
    match rest.iter().position(|&b| b == 0) {
        Some(n) => Ok(&rest[..n]),
        None => Err(Error::truncated(
            at as u64,
            format!("{what}: the name has no terminating zero byte before the end of the archive"),
        )),
    }
}

/// Whether the archive has a folder of this hash, from its folder records
/// alone: a quick look before reading the whole directory.
pub(super) fn has_folder_hash(bytes: &[u8], hash: u64) -> Result<bool> {
    let h = header(bytes)?;
    let rec = h.folder_record_len();
    let records = bytes.get(HEADER_LEN..).unwrap_or_default();
    Ok(records
        .chunks_exact(rec)
        .take(h.folder_count as usize)
        .any(|r| u64::from_le_bytes(r[..8].try_into().expect("8 bytes")) == hash))
}
