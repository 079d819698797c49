//! Which file the game reads for each asset path of a `Data` folder, and
//! which files it hides: Mod Organizer's conflict view, by the game's rule.
//!
//! Archives load first, each over the ones before it: those the game's ini
//! lists, in its order, then each active plugin's own, in load order (its
//! `Plugin.bsa`, then its `Plugin - *.bsa` by name). Loose files in the
//! folder's subfolders override every archive. Paths compare without
//! regard to case, `\` and `/` alike.

use super::DataDirOrder;
use crate::archive::Archive;
use crate::io::{Error, Result};
use serde::Serialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The name loose files are listed under as a provider.
pub const LOOSE: &str = "<loose>";

/// One asset path and who provides it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AssetProviders {
    /// The path, in lower case with `\` (`meshes\clutter\bowl.nif`).
    pub path: String,
    /// What the game reads: an archive's file name, or [`LOOSE`].
    pub winner: String,
    /// Those it hides, the strongest first.
    pub hidden: Vec<String>,
}

/// Every asset of a `Data` folder and the archives read, in order.
#[derive(Debug, Clone, Serialize)]
pub struct Assets {
    /// The archives the game loads, the weakest first.
    pub archives: Vec<String>,
    /// Every asset path, sorted.
    pub assets: Vec<AssetProviders>,
}

impl Assets {
    /// The assets more than one provider has.
    pub fn conflicts(&self) -> impl Iterator<Item = &AssetProviders> {
        self.assets.iter().filter(|a| !a.hidden.is_empty())
    }
}

/// An asset path as the game compares it.
pub fn normalize_asset_path(path: &str) -> String {
    path.replace('/', "\\").to_lowercase()
}

/// The archives of `dir` the game loads, in order: `ini_archives` (names,
/// any case; those absent are left out), then each active plugin's own.
pub fn archives_in_order(
    dir: &Path,
    order: &DataDirOrder,
    ini_archives: &[String],
) -> Result<Vec<PathBuf>> {
    let mut present: Vec<(String, PathBuf)> = Vec::new();
    let listing = std::fs::read_dir(dir).map_err(|e| Error::io(dir, &e))?;
    for entry in listing {
        let entry = entry.map_err(|e| Error::io(dir, &e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.to_lowercase().ends_with(".bsa") && entry.path().is_file() {
            present.push((name, entry.path()));
        }
    }
    present.sort();
    let mut out: Vec<PathBuf> = Vec::new();
    let mut take = |path: &PathBuf| {
        if !out.contains(path) {
            out.push(path.clone());
        }
    };
    for listed in ini_archives {
        if let Some((_, p)) = present.iter().find(|(n, _)| n.eq_ignore_ascii_case(listed)) {
            take(p);
        }
    }
    for plugin in order.plugins.iter().filter(|p| p.active) {
        let stem = match plugin.name.rfind('.') {
            Some(dot) => plugin.name[..dot].to_lowercase(),
            None => plugin.name.to_lowercase(),
        };
        let own = format!("{stem}.bsa");
        let prefix = format!("{stem} - ");
        if let Some((_, p)) = present.iter().find(|(n, _)| n.to_lowercase() == own) {
            take(p);
        }
        for (n, p) in &present {
            let lower = n.to_lowercase();
            if lower.starts_with(&prefix) && lower.ends_with(".bsa") {
                take(p);
            }
        }
    }
    Ok(out)
}

/// Every loose file under the subfolders of `dir`, as asset paths.
/// Links to folders are not followed, so a link cannot make a loop.
fn loose_files(dir: &Path) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let mut todo: Vec<(PathBuf, String)> = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| Error::io(dir, &e))? {
        let entry = entry.map_err(|e| Error::io(dir, &e))?;
        let kind = entry
            .file_type()
            .map_err(|e| Error::io(&entry.path(), &e))?;
        if kind.is_dir() {
            let name = entry.file_name().to_string_lossy().into_owned();
            todo.push((entry.path(), name));
        }
    }
    while let Some((folder, prefix)) = todo.pop() {
        for entry in std::fs::read_dir(&folder).map_err(|e| Error::io(&folder, &e))? {
            let entry = entry.map_err(|e| Error::io(&folder, &e))?;
            let kind = entry
                .file_type()
                .map_err(|e| Error::io(&entry.path(), &e))?;
            let path = format!("{prefix}\\{}", entry.file_name().to_string_lossy());
            if kind.is_dir() {
                todo.push((entry.path(), path));
            } else {
                out.push(normalize_asset_path(&path));
            }
        }
    }
    Ok(out)
}

/// The providers of every asset of the `Data` folder `dir`, whose plugins
/// load in `order`, with `ini_archives` listed by the game's ini.
pub fn assets_of_data_dir(
    dir: &Path,
    order: &DataDirOrder,
    ini_archives: &[String],
) -> Result<Assets> {
    let archives = archives_in_order(dir, order, ini_archives)?;
    let mut names = Vec::with_capacity(archives.len());
    let mut providers: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, path) in archives.iter().enumerate() {
        let archive = Archive::open(path)?;
        names.push(
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
        );
        for e in archive.entries() {
            let list = providers.entry(normalize_asset_path(&e.path)).or_default();
            if list.last() != Some(&i) {
                list.push(i);
            }
        }
    }
    let loose = names.len();
    for path in loose_files(dir)? {
        providers.entry(path).or_default().push(loose);
    }
    let name_of = |i: usize| names.get(i).cloned().unwrap_or_else(|| LOOSE.to_string());
    let mut assets: Vec<AssetProviders> = providers
        .into_iter()
        .map(|(path, list)| {
            let mut by_strength: Vec<String> = list.into_iter().rev().map(name_of).collect();
            let winner = by_strength.remove(0);
            AssetProviders {
                path,
                winner,
                hidden: by_strength,
            }
        })
        .collect();
    assets.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(Assets {
        archives: names,
        assets,
    })
}
