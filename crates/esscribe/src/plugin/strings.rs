//! String tables of localized Skyrim plugins.
//!
//! A plugin with the localized flag (`TES4` flag 0x80) stores each
//! translatable string as a 32-bit ID; the text lives beside it in
//! `Strings/<Plugin>_<Language>.STRINGS`, `.DLSTRINGS` and `.ILSTRINGS`,
//! loose or inside an archive ([`StringTables::load`] says where it is
//! looked for).
//! Each file starts with the number of strings and the size of the string
//! data, then a directory of (ID, offset) pairs, offsets counted from the
//! start of the string data. A `.STRINGS` entry is a zero-terminated
//! string; a `.DLSTRINGS` or `.ILSTRINGS` entry is a 32-bit length (the
//! terminator included) and then the string.
//!
//! Loading checks every entry against the file and keeps offsets into the
//! file's bytes, nothing more per entry; an error names the file and the
//! offset where it was found.

use crate::archive::Archive;
use crate::io::{decode_cp1252, Error, Reader, Result};
use std::borrow::Cow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Which of the three tables a string lives in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StringKind {
    /// `.STRINGS`: names and short text.
    Strings,
    /// `.DLSTRINGS`: descriptions, book text, quest log entries.
    DlStrings,
    /// `.ILSTRINGS`: dialogue response text.
    IlStrings,
}

impl StringKind {
    /// All three kinds.
    pub const ALL: [StringKind; 3] = [
        StringKind::Strings,
        StringKind::DlStrings,
        StringKind::IlStrings,
    ];

    /// The file extension, as the games write it.
    pub fn extension(self) -> &'static str {
        match self {
            StringKind::Strings => "STRINGS",
            StringKind::DlStrings => "DLSTRINGS",
            StringKind::IlStrings => "ILSTRINGS",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// Entries of this table carry a length before their text.
    fn length_prefixed(self) -> bool {
        self != StringKind::Strings
    }

    /// The table a field's string is expected in, from the field's name:
    /// descriptions, log entries and book text in `.DLSTRINGS`, response
    /// text in `.ILSTRINGS`, the rest in `.STRINGS`. A string not found
    /// there is looked up in the other two.
    pub fn for_field(name: &str) -> StringKind {
        match name {
            "description" | "log_entry" | "book_text" | "inventory_description" => {
                StringKind::DlStrings
            }
            "text" | "response" | "response_text" => StringKind::IlStrings,
            _ => StringKind::Strings,
        }
    }
}

/// One loaded string table: the file's bytes and where each string is.
pub struct StringTable {
    file: String,
    data: Vec<u8>,
    /// ID → (start, end) of the text in `data`, terminator excluded.
    entries: HashMap<u32, (u32, u32)>,
}

impl std::fmt::Debug for StringTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StringTable")
            .field("file", &self.file)
            .field("strings", &self.entries.len())
            .finish()
    }
}

impl StringTable {
    /// Reads a table of `kind` from `data`; `file` names it in errors.
    pub fn parse(kind: StringKind, data: Vec<u8>, file: &str) -> Result<StringTable> {
        let entries = Self::index(kind, &data).map_err(|e| e.within(file.to_string()))?;
        Ok(StringTable {
            file: file.to_string(),
            data,
            entries,
        })
    }

    fn index(kind: StringKind, data: &[u8]) -> Result<HashMap<u32, (u32, u32)>> {
        let mut r = Reader::new(data, 0);
        let count = r.u32("string count")? as usize;
        let size = r.u32("string data size")? as usize;
        r.check_count(count, 8, "directory")?;
        let base = 8 + count * 8;
        let end = base.checked_add(size).filter(|&e| e <= data.len());
        let Some(end) = end else {
            return Err(Error::truncated(
                4,
                format!(
                    "string data of {size} bytes after a directory of {count} entries \
                     needs {} bytes, the file has {}",
                    base as u64 + size as u64,
                    data.len()
                ),
            ));
        };
        let mut entries = HashMap::with_capacity(count);
        for i in 0..count {
            let at = r.offset();
            let id = r.u32("string ID")?;
            let offset = r.u32("string offset")? as usize;
            let start = base + offset;
            if offset >= size {
                return Err(Error::invalid(
                    at + 4,
                    format!(
                        "entry {i} (ID {id}): offset {offset} is past the string data \
                         ({size} bytes)"
                    ),
                ));
            }
            let (text_start, text_end) = if kind.length_prefixed() {
                let len_at = start as u64;
                let len = match data.get(start..start + 4).filter(|_| start + 4 <= end) {
                    Some(b) => u32::from_le_bytes(b.try_into().expect("4 bytes")) as usize,
                    None => {
                        return Err(Error::truncated(
                            len_at,
                            format!("entry {i} (ID {id}): needs a 4-byte length"),
                        ))
                    }
                };
                let text_start = start + 4;
                if len > end - text_start {
                    return Err(Error::truncated(
                        len_at,
                        format!(
                            "entry {i} (ID {id}): a string of {len} bytes, only {} remain",
                            end - text_start
                        ),
                    ));
                }
                let body = &data[text_start..text_start + len];
                let text_end = match body.split_last() {
                    Some((0, _)) => text_start + len - 1,
                    _ => text_start + len,
                };
                (text_start, text_end)
            } else {
                match data[start..end].iter().position(|&b| b == 0) {
                    Some(n) => (start, start + n),
                    None => {
                        return Err(Error::truncated(
                            start as u64,
                            format!("entry {i} (ID {id}): the string has no terminator"),
                        ))
                    }
                }
            };
            entries
                .entry(id)
                .or_insert((text_start as u32, text_end as u32));
        }
        Ok(entries)
    }

    /// The file this table was read from.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// Number of strings in the table.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table holds no strings.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// A string's bytes as stored (Windows-1252, no terminator).
    pub fn get(&self, id: u32) -> Option<&[u8]> {
        let &(s, e) = self.entries.get(&id)?;
        Some(&self.data[s as usize..e as usize])
    }
}

/// The three string tables of a localized plugin, as far as they were
/// found, and what was missing.
#[derive(Debug, Default)]
pub struct StringTables {
    tables: [Option<StringTable>; 3],
    warnings: Vec<String>,
}

impl StringTables {
    /// Tables made from loaded ones (any may be absent).
    pub fn from_tables(tables: impl IntoIterator<Item = (StringKind, StringTable)>) -> Self {
        let mut out = StringTables::default();
        for (kind, t) in tables {
            out.tables[kind.index()] = Some(t);
        }
        out
    }

    /// Finds and loads the tables of the plugin at `plugin_path` for
    /// `language` (`english`, `french`...) the way the game finds them,
    /// each table on its own: in a `Strings` folder beside the plugin or in
    /// its parent folder (names matched in any case); else in the plugin's
    /// own archives beside it (`<Plugin>.bsa`, then `<Plugin> - *.bsa`),
    /// then in the game's archives that hold string tables
    /// ([`STRING_ARCHIVES`]), as `strings\<plugin>_<language>.strings`.
    /// A table not found is a warning ([`warnings`](Self::warnings)), and
    /// so is an archive that cannot be read; a table found but damaged,
    /// or unreadable, is an error.
    pub fn load(plugin_path: &Path, language: &str) -> Result<StringTables> {
        let mut out = StringTables::default();
        let stem = plugin_path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let plugin_dir = match plugin_path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut dirs = Vec::new();
        for dir in [Some(plugin_dir.as_path()), plugin_dir.parent()]
            .into_iter()
            .flatten()
        {
            if let Some(d) = find_in(dir, "strings") {
                dirs.push(d);
            }
        }
        let mut archives = ArchiveSearch::new(&plugin_dir, &stem);
        let mut missing = Vec::new();
        for kind in StringKind::ALL {
            let name = format!("{stem}_{language}.{}", kind.extension());
            if let Some(path) = dirs.iter().find_map(|d| find_in(d, &name)) {
                let data = std::fs::read(&path).map_err(|e| Error::io(&path, &e))?;
                let table = StringTable::parse(kind, data, &path.display().to_string())?;
                out.tables[kind.index()] = Some(table);
            } else if let Some(table) = archives.table(kind, &name, &mut out.warnings)? {
                out.tables[kind.index()] = Some(table);
            } else {
                missing.push(name);
            }
        }
        let found_any = out.tables.iter().any(Option::is_some);
        if dirs.is_empty() && !found_any {
            out.warnings.push(format!(
                "{} is localized but no Strings folder is beside it or in its parent \
                 folder, and no archive beside it holds its string tables: its text is \
                 shown as string IDs only",
                plugin_path.display()
            ));
            return Ok(out);
        }
        for name in missing {
            let looked = match dirs.first() {
                Some(d) => format!("in {}", d.display()),
                None => "in a Strings folder".to_string(),
            };
            out.warnings.push(format!(
                "no {name} {looked} nor in an archive beside the plugin: strings of that \
                 table are shown as IDs only"
            ));
        }
        Ok(out)
    }

    /// What was not found when loading.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The table of one kind, if loaded.
    pub fn table(&self, kind: StringKind) -> Option<&StringTable> {
        self.tables[kind.index()].as_ref()
    }

    /// A string's bytes: from the `prefer` table, else from the others.
    pub fn get(&self, id: u32, prefer: StringKind) -> Option<&[u8]> {
        std::iter::once(prefer)
            .chain(StringKind::ALL.into_iter().filter(|&k| k != prefer))
            .find_map(|k| self.table(k)?.get(id))
    }

    /// A string's text, decoded from Windows-1252.
    pub fn text(&self, id: u32, prefer: StringKind) -> Option<Cow<'_, str>> {
        self.get(id, prefer).map(decode_cp1252)
    }
}

/// The game's own archives that hold string tables, looked in after a
/// plugin's own archives: Skyrim's (Special Edition too) keep those of
/// its masters in its interface archive.
pub const STRING_ARCHIVES: &[&str] = &["Skyrim - Interface.bsa"];

/// The archives a plugin's string tables may be in, in the order they are
/// looked in, each opened when first needed and then kept.
struct ArchiveSearch {
    archives: Vec<(PathBuf, Looked)>,
}

/// What is known of one archive of the search.
enum Looked {
    /// Not opened yet.
    NotYet,
    /// No strings folder, or not readable: passed over.
    PassedOver,
    /// Open, with a strings folder.
    Open(Box<Archive>),
}

impl ArchiveSearch {
    /// `<stem>.bsa`, then `<stem> - *.bsa` (by name), then the game's
    /// [`STRING_ARCHIVES`], as found (in any case) in `dir`.
    fn new(dir: &Path, stem: &str) -> ArchiveSearch {
        let mut names: Vec<(u8, String, PathBuf)> = Vec::new();
        let own = format!("{stem}.bsa").to_lowercase();
        let prefix = format!("{stem} - ").to_lowercase();
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let lower = name.to_lowercase();
            let rank = if lower == own {
                0
            } else if lower.starts_with(&prefix) && lower.ends_with(".bsa") {
                1
            } else if STRING_ARCHIVES
                .iter()
                .any(|a| a.eq_ignore_ascii_case(&name))
            {
                2
            } else {
                continue;
            };
            names.push((rank, lower, e.path()));
        }
        names.sort();
        ArchiveSearch {
            archives: names
                .into_iter()
                .map(|(_, _, p)| (p, Looked::NotYet))
                .collect(),
        }
    }

    /// The table `name` of `kind` from the first archive holding
    /// `strings\<name>`. An archive that cannot be read is a warning and
    /// is passed over; a table there that cannot be read is an error.
    fn table(
        &mut self,
        kind: StringKind,
        name: &str,
        warnings: &mut Vec<String>,
    ) -> Result<Option<StringTable>> {
        let entry_path = format!("strings\\{}", name.to_lowercase());
        for (path, looked) in &mut self.archives {
            if matches!(looked, Looked::NotYet) {
                // Most archives hold no strings folder: their folder
                // records say so without the whole directory being read.
                let opening = crate::archive::has_folder(path, "strings")
                    .and_then(|has| has.then(|| Archive::open(path.as_path())).transpose());
                *looked = match opening {
                    Ok(Some(a)) => Looked::Open(Box::new(a)),
                    Ok(None) => Looked::PassedOver,
                    Err(e) => {
                        warnings.push(format!("not searched for string tables: {e}"));
                        Looked::PassedOver
                    }
                };
            }
            let Looked::Open(archive) = looked else {
                continue;
            };
            if let Some(entry) = archive.find(&entry_path) {
                let data = archive.read(entry)?;
                let file = format!("{} → {}", archive.name(), entry.path);
                return StringTable::parse(kind, data, &file).map(Some);
            }
        }
        Ok(None)
    }
}

/// The entry of `dir` named `name` in any case.
fn find_in(dir: &Path, name: &str) -> Option<PathBuf> {
    let exact = dir.join(name);
    if exact.exists() {
        return Some(exact);
    }
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .find(|e| e.file_name().to_string_lossy().eq_ignore_ascii_case(name))
        .map(|e| e.path())
}

/// Builds a table file of `kind` from (ID, text) pairs, for tests and
/// tools that make localized plugins.
pub fn build_table(kind: StringKind, strings: &[(u32, &[u8])]) -> Vec<u8> {
    let mut dir = Vec::new();
    let mut body = Vec::new();
    for &(id, text) in strings {
        dir.extend_from_slice(&id.to_le_bytes());
        dir.extend_from_slice(&(body.len() as u32).to_le_bytes());
        if kind.length_prefixed() {
            body.extend_from_slice(&(text.len() as u32 + 1).to_le_bytes());
        }
        body.extend_from_slice(text);
        body.push(0);
    }
    let mut out = Vec::with_capacity(8 + dir.len() + body.len());
    out.extend_from_slice(&(strings.len() as u32).to_le_bytes());
    out.extend_from_slice(&(body.len() as u32).to_le_bytes());
    out.extend_from_slice(&dir);
    out.extend_from_slice(&body);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_kind() {
        for kind in StringKind::ALL {
            let data = build_table(kind, &[(7, b"Iron Sword"), (9, b"M\xfcller"), (3, b"")]);
            let t = StringTable::parse(kind, data, "t").unwrap();
            assert_eq!(t.get(7), Some(&b"Iron Sword"[..]));
            assert_eq!(t.get(9), Some(&b"M\xfcller"[..]));
            assert_eq!(t.get(3), Some(&b""[..]));
            assert_eq!(t.get(8), None);
            let all = StringTables::from_tables([(kind, t)]);
            assert_eq!(all.text(9, StringKind::Strings).unwrap(), "Müller");
        }
    }

    #[test]
    fn damage_is_an_error_with_file_and_offset() {
        let good = build_table(StringKind::DlStrings, &[(1, b"abc"), (2, b"defgh")]);
        // Every cut ends in an error, never a panic.
        for n in 0..good.len() {
            let e = StringTable::parse(StringKind::DlStrings, good[..n].to_vec(), "X.DLSTRINGS");
            assert!(e.is_err(), "cut at {n}");
            assert!(e.unwrap_err().to_string().contains("X.DLSTRINGS"));
        }
        // A huge count allocates nothing.
        let mut huge = good.clone();
        huge[..4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(StringTable::parse(StringKind::DlStrings, huge, "h").is_err());
        // A length past the end.
        let mut long = good.clone();
        let first = 8 + 16;
        long[first..first + 4].copy_from_slice(&1000u32.to_le_bytes());
        let e = StringTable::parse(StringKind::DlStrings, long, "L.DLSTRINGS").unwrap_err();
        assert_eq!(e.offset, first as u64);
        assert!(e.to_string().contains("L.DLSTRINGS"), "{e}");
        // An offset past the data.
        let mut off = good;
        off[12..16].copy_from_slice(&500u32.to_le_bytes());
        let e = StringTable::parse(StringKind::DlStrings, off, "O").unwrap_err();
        assert_eq!(e.offset, 12);
        // A STRINGS entry without its terminator.
        let mut s = build_table(StringKind::Strings, &[(1, b"abc")]);
        s.pop();
        s[4..8].copy_from_slice(&3u32.to_le_bytes());
        assert!(StringTable::parse(StringKind::Strings, s, "S").is_err());
    }
}
