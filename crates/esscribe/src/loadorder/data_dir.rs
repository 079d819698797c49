//! The plugins a game loads from its `Data` folder, and in what order, read
//! the way each game reads its lists:
//!
//! - Skyrim SE: `plugins.txt` gives the order, `*` marks the active lines;
//!   the Creation Club plugins `Skyrim.ccc` lists load before them, after
//!   the game's own masters, when they are there;
//! - Skyrim LE: `loadorder.txt` gives the order, `plugins.txt` what is active;
//! - Oblivion (and a Skyrim LE without `loadorder.txt`): `plugins.txt`
//!   lists the active plugins, and the files' modification times order them.
//!
//! The lists are looked for in the folder itself, then in its parent.
//! Without a `plugins.txt`, every plugin in the folder is active.

use super::{file_name_of, Problem};
use crate::io::{decode_cp1252, Error, Result};
use std::path::{Path, PathBuf};

/// Plugins the game loads whether listed or not, first, in this order.
const IMPLICIT: &[&str] = &[
    "Oblivion.esm",
    "Skyrim.esm",
    "Update.esm",
    "Dawnguard.esm",
    "HearthFires.esm",
    "Dragonborn.esm",
];

/// The plugin files of a `Data` folder, in load order, and how the order
/// was found.
#[derive(Debug, Clone, Default)]
pub struct DataDirOrder {
    /// The active plugins' paths, in load order (before masters are moved
    /// ahead of the rest).
    pub paths: Vec<PathBuf>,
    /// Which rule ordered them, for people: `plugins.txt (Skyrim SE)`...
    pub rule: String,
    /// Listed plugins whose files are not there.
    pub problems: Vec<Problem>,
}

/// Whether a file name is a plugin's: `.esm`, `.esp` or `.esl`, in any
/// case.
pub fn is_plugin_name(name: &str) -> bool {
    ["esm", "esp", "esl"]
        .iter()
        .any(|x| crate::plugin::extension_is(name, x))
}

/// The `.esm`, `.esp` and `.esl` files of a folder, sorted by name.
pub fn list_plugin_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, &e))?;
    let mut out = Vec::new();
    for e in entries {
        let path = e.map_err(|e| Error::io(dir, &e))?.path();
        if is_plugin_name(&file_name_of(&path)) && path.is_file() {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}

/// Reads a list file: names in order, a leading `*` kept, comments and
/// blank lines left out. `None` when the file is not there.
fn read_list(dir: &Path, name: &str) -> Result<Option<Vec<String>>> {
    // `Data`, `Data/` and `.` have no parent as written: the folder one up
    // is found from the folder's full path.
    let full = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    for folder in [Some(full.as_path()), full.parent()].into_iter().flatten() {
        let Ok(entries) = std::fs::read_dir(folder) else {
            continue;
        };
        for e in entries.flatten() {
            if e.file_name().to_string_lossy().eq_ignore_ascii_case(name) {
                let path = e.path();
                let bytes = std::fs::read(&path).map_err(|e| Error::io(&path, &e))?;
                // The games write these lists in the system's code page.
                let text = match std::str::from_utf8(&bytes) {
                    Ok(t) => t.to_string(),
                    Err(_) => decode_cp1252(&bytes).into_owned(),
                };
                let lines = text
                    .lines()
                    .map(|l| l.trim().trim_start_matches('\u{feff}'))
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                    .map(str::to_string)
                    .collect();
                return Ok(Some(lines));
            }
        }
    }
    Ok(None)
}

/// The active plugins of a `Data` folder in the order the game loads them.
pub fn plugins_in_data_dir(dir: &Path) -> Result<DataDirOrder> {
    let present = list_plugin_files(dir)?;
    let find = |name: &str| {
        present
            .iter()
            .find(|p| file_name_of(p).eq_ignore_ascii_case(name))
            .cloned()
    };
    let plugins_txt = read_list(dir, "plugins.txt")?;
    let loadorder_txt = read_list(dir, "loadorder.txt")?;
    let mut out = DataDirOrder::default();
    let mut names: Vec<String> = Vec::new();
    let starred = plugins_txt
        .as_ref()
        .is_some_and(|l| l.iter().any(|x| x.starts_with('*')));
    if starred {
        out.rule = "plugins.txt, * marking active plugins (Skyrim SE)".into();
        names.extend(
            plugins_txt
                .iter()
                .flatten()
                .filter_map(|l| l.strip_prefix('*'))
                .map(|l| l.trim().to_string()),
        );
    } else if let Some(order) = &loadorder_txt {
        out.rule = "loadorder.txt for the order, plugins.txt for active plugins (Skyrim LE)".into();
        let active = plugins_txt.clone();
        names.extend(
            order
                .iter()
                .filter(|n| {
                    active
                        .as_ref()
                        .is_none_or(|a| a.iter().any(|x| x.eq_ignore_ascii_case(n)))
                })
                .cloned(),
        );
    } else {
        out.rule = match plugins_txt {
            Some(_) => "plugins.txt for active plugins, ordered by modification time (Oblivion)",
            None => "every plugin in the folder, ordered by modification time",
        }
        .into();
        let mut listed: Vec<(std::time::SystemTime, String)> = Vec::new();
        let wanted: Vec<String> = match &plugins_txt {
            Some(l) => l.clone(),
            None => present.iter().map(|p| file_name_of(p)).collect(),
        };
        for name in wanted {
            match find(&name) {
                Some(p) => {
                    let time = std::fs::metadata(&p)
                        .and_then(|m| m.modified())
                        .map_err(|e| Error::io(&p, &e))?;
                    listed.push((time, file_name_of(&p)));
                }
                None => out.problems.push(Problem::NotFound { plugin: name }),
            }
        }
        // Equal times fall back to the name, as sorting cannot keep a
        // folder's listing order stable between systems.
        listed.sort_by(|a, b| {
            a.0.cmp(&b.0)
                .then_with(|| a.1.to_lowercase().cmp(&b.1.to_lowercase()))
        });
        names.extend(listed.into_iter().map(|(_, n)| n));
    }
    // The game's own masters load first when they are there, then the
    // Creation Club plugins Skyrim SE lists in `Skyrim.ccc` (beside the
    // Data folder), active whether plugins.txt lists them or not.
    let mut ordered: Vec<String> = IMPLICIT
        .iter()
        .filter(|i| find(i).is_some())
        .map(|i| i.to_string())
        .collect();
    if starred {
        for name in read_list(dir, "Skyrim.ccc")?.into_iter().flatten() {
            if find(&name).is_some() && !ordered.iter().any(|o| o.eq_ignore_ascii_case(&name)) {
                ordered.push(name);
            }
        }
    }
    for n in names {
        if !ordered.iter().any(|o| o.eq_ignore_ascii_case(&n)) {
            ordered.push(n);
        }
    }
    for name in ordered {
        match find(&name) {
            Some(p) => out.paths.push(p),
            None => {
                if !out.problems.iter().any(|p| matches!(p, Problem::NotFound { plugin } if plugin.eq_ignore_ascii_case(&name))) {
                    out.problems.push(Problem::NotFound { plugin: name });
                }
            }
        }
    }
    Ok(out)
}
