//! The list files a game reads its load order from (`plugins.txt`,
//! `loadorder.txt`, `Skyrim.ccc`), line by line, each line kept with its
//! number so that every problem names it.

use super::Problem;
use crate::io::{decode_cp1252, Error, Result};
use std::path::{Path, PathBuf};

/// A line of a list that names something: not blank, not a `#` comment.
#[derive(Debug, Clone)]
pub(super) struct Line {
    /// The line's number, from 1.
    pub number: usize,
    /// The name as written, trailing spaces and a CR left out.
    pub text: String,
}

/// A list file, read.
#[derive(Debug, Clone)]
pub(super) struct List {
    /// Where it was found.
    pub path: PathBuf,
    /// Its file name as found (`Plugins.txt`), for people.
    pub name: String,
    /// Its lines that name something, in order.
    pub lines: Vec<Line>,
}

impl List {
    /// A problem at a line of this list.
    pub fn problem(&self, line: usize, message: String) -> Problem {
        Problem::File {
            file: self.path.display().to_string(),
            line: Some(line),
            message,
        }
    }

    /// A problem with the whole list.
    pub fn whole(&self, message: String) -> Problem {
        Problem::File {
            file: self.path.display().to_string(),
            line: None,
            message,
        }
    }
}

/// The folders a `Data` folder's lists are looked for in: the folder
/// itself, then its parent (the game's folder, where Skyrim.ccc is).
pub(super) fn list_folders(dir: &Path) -> Vec<PathBuf> {
    // `Data`, `Data/` and `.` have no parent as written: the folder one up
    // is found from the folder's full path.
    let full = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let mut out = vec![full.clone()];
    out.extend(full.parent().map(Path::to_path_buf));
    out
}

/// Finds the list `name` (in any case) in the first of `folders` holding
/// it and reads it; `None` when no folder holds it.
pub(super) fn read_list(
    folders: &[PathBuf],
    name: &str,
    problems: &mut Vec<Problem>,
) -> Result<Option<List>> {
    for folder in folders {
        let Ok(entries) = std::fs::read_dir(folder) else {
            continue;
        };
        for e in entries.flatten() {
            let found = e.file_name().to_string_lossy().into_owned();
            if !found.eq_ignore_ascii_case(name) || !e.path().is_file() {
                continue;
            }
            let path = e.path();
            let bytes = std::fs::read(&path).map_err(|e| Error::io(&path, &e))?;
            let mut list = List {
                path,
                name: found,
                lines: Vec::new(),
            };
            list.lines = split_lines(&bytes, &list, problems);
            return Ok(Some(list));
        }
    }
    Ok(None)
}

fn split_lines(bytes: &[u8], list: &List, problems: &mut Vec<Problem>) -> Vec<Line> {
    // The games write these lists in the system's code page; a list in
    // UTF-8 (as mod managers may write it) is read as such.
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t.to_string(),
        Err(_) => decode_cp1252(bytes).into_owned(),
    };
    let mut out = Vec::new();
    for (k, raw) in text.split('\n').enumerate() {
        let number = k + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let raw = if k == 0 {
            raw.trim_start_matches('\u{feff}')
        } else {
            raw
        };
        let text = raw.trim_end();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        if text.len() != raw.len() {
            // Windows drops trailing spaces from a file name when it opens
            // the file, so the game finds the plugin; libloadorder would
            // not.
            problems.push(list.problem(number, format!("{text}: spaces after the name, left out")));
        }
        out.push(Line {
            number,
            text: text.to_string(),
        });
    }
    out
}
