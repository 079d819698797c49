//! The files of a load order, opened, and how their order was found.

use super::data_dir::{self, data_dir_order, file_name_of};
use super::ordered::DataDirOrder;
use super::{Edition, Problem};
use crate::plugin::MappedFile;
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// How the plugins given to a load order are placed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Placing {
    /// The game whose rules place them; `None` tells it from the plugins'
    /// headers (see [`Edition::detect`]).
    pub edition: Option<Edition>,
    /// How many plugins, from the first, are already in the game's order
    /// (a `Data` folder's): they stay as given, and the others are placed
    /// among them by the game's rules. With none, every plugin is placed
    /// by the rules, in the order given: masters ahead of the rest, a
    /// plugin a master needs before it.
    pub fixed: usize,
}

/// The files of a load order, opened (large ones memory-mapped), with the
/// problems met opening them. A [`LoadOrder`](super::LoadOrder) borrows
/// their bytes.
#[derive(Debug, Default)]
pub struct PluginFiles {
    pub(super) files: Vec<(String, MappedFile)>,
    /// Where each file opened is, by name: its strings files are beside it.
    paths: Vec<(String, PathBuf)>,
    pub(super) problems: Vec<Problem>,
    pub(super) placing: Placing,
}

impl PluginFiles {
    /// Opens the plugin files given, in parallel. A file that cannot be
    /// opened is a [`Problem`], not an error: the others load.
    pub fn open<P: AsRef<Path>>(paths: impl IntoIterator<Item = P>) -> PluginFiles {
        let named = paths
            .into_iter()
            .map(|p| (file_name_of(p.as_ref()), p.as_ref().to_path_buf()))
            .collect();
        PluginFiles::open_named(named, Placing::default())
    }

    /// Opens plugin files under the names given (a ghosted `Mod.esp.ghost`
    /// is `Mod.esp`), to be placed as `placing` says.
    pub fn open_named(named: Vec<(String, PathBuf)>, placing: Placing) -> PluginFiles {
        let opened: Vec<_> = named.par_iter().map(|(_, p)| MappedFile::open(p)).collect();
        let mut out = PluginFiles {
            placing,
            ..PluginFiles::default()
        };
        for (k, (file, (name, path))) in opened.into_iter().zip(named).enumerate() {
            match file {
                Ok(f) => {
                    out.paths.push((name.clone(), path));
                    out.files.push((name, f));
                }
                Err(e) => {
                    // The fixed part stays as long as what opened of it.
                    if k < placing.fixed {
                        out.placing.fixed -= 1;
                    }
                    out.problems.push(Problem::Unreadable {
                        plugin: name,
                        error: e.to_string(),
                    })
                }
            }
        }
        out
    }

    /// Opens the active plugins of a `Data` folder read by
    /// [`data_dir_order`], in the game's order, then `extra` files placed
    /// among them by the game's rules. The order's problems come first.
    pub fn from_order(order: &DataDirOrder, extra: &[PathBuf]) -> PluginFiles {
        let mut named = order.active_named();
        let fixed = named.len();
        named.extend(extra.iter().map(|p| (file_name_of(p), p.clone())));
        let placing = Placing {
            edition: Some(order.edition),
            fixed,
        };
        let mut files = PluginFiles::open_named(named, placing);
        files.problems.splice(0..0, order.problems.iter().cloned());
        files
    }

    /// Opens the active plugins of a game's `Data` folder, in the order the
    /// game loads them (see [`data_dir_order`]).
    pub fn from_data_dir(dir: &Path) -> crate::Result<PluginFiles> {
        Ok(PluginFiles::from_order(&data_dir_order(dir, None)?, &[]))
    }

    /// Opens the plugins named in `names` (a save's plugin list, say) from
    /// the folder `dir`, names matched in any case; names not found there
    /// are [`Problem::NotFound`].
    pub fn from_names(dir: &Path, names: &[String]) -> crate::Result<PluginFiles> {
        let present = data_dir::list_plugin_files(dir)?;
        let mut paths = Vec::new();
        let mut problems = Vec::new();
        for name in names {
            match present
                .iter()
                .find(|p| file_name_of(p).eq_ignore_ascii_case(name))
            {
                Some(p) => paths.push(p.clone()),
                None => problems.push(Problem::NotFound {
                    plugin: name.clone(),
                }),
            }
        }
        let mut files = PluginFiles::open(&paths);
        files.problems.splice(0..0, problems);
        Ok(files)
    }

    /// The files opened, by name, in the order given.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.files.iter().map(|(n, _)| n.as_str())
    }

    /// Whether every file opened is still the one read: the first file
    /// that changed while it was read (see [`MappedFile::intact`]). A
    /// reader calls it once done with what it read from the load order.
    pub fn intact(&self) -> crate::Result<()> {
        self.files.iter().try_for_each(|(_, f)| f.intact())
    }

    /// Where the file of that name was opened from.
    pub fn path_of(&self, name: &str) -> Option<&Path> {
        self.paths
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, p)| p.as_path())
    }

    /// How the plugins are to be placed.
    pub fn placing(&self) -> Placing {
        self.placing
    }
}
