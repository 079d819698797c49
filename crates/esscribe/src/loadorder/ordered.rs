//! A `Data` folder's plugins in the game's order: each with its slot,
//! whether it is active, and why it stands where it does.

use super::{Edition, Moved, Problem, Slot};
use serde::Serialize;
use std::path::PathBuf;

/// Where a plugin's place in the load order comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "from", rename_all = "snake_case")]
pub enum Place {
    /// The game loads it early, in a fixed order: its own masters
    /// (`list` none), or a Creation Club plugin `Skyrim.ccc` lists.
    Early {
        /// The list and line naming it, for a Creation Club plugin.
        #[serde(skip_serializing_if = "Option::is_none")]
        list: Option<String>,
        /// The line, from 1.
        #[serde(skip_serializing_if = "Option::is_none")]
        line: Option<usize>,
    },
    /// A list's line (plugins.txt or loadorder.txt).
    Listed {
        /// The list's file name.
        list: String,
        /// The line, from 1.
        line: usize,
    },
    /// The file's modification time: older first; at the same time, by
    /// name from Z to A (Oblivion).
    FileTime,
    /// In no list: after the listed plugins, older files first.
    Unlisted,
}

/// Why a plugin is active or not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Activation {
    /// The game loads it whatever the lists say.
    Implicit,
    /// A list's line makes it active.
    Listed {
        /// The list's file name.
        list: String,
        /// The line, from 1.
        line: usize,
    },
    /// No plugins.txt was found: every plugin is taken as active.
    NoList,
    /// Listed, but not marked active (no `*` before it in Skyrim SE's
    /// plugins.txt).
    Unmarked {
        /// The list's file name.
        list: String,
        /// The line, from 1.
        line: usize,
    },
    /// Not in the list of active plugins.
    NotListed,
}

/// A plugin of a `Data` folder in the game's order.
#[derive(Debug, Clone, Serialize)]
pub struct OrderedPlugin {
    /// Its name (`Mod.esp`, also for a ghosted `Mod.esp.ghost`).
    pub name: String,
    /// Its file.
    pub path: PathBuf,
    /// Whether the game loads it.
    pub active: bool,
    /// Whether it loads as a master (the game's rule, see
    /// [`Edition::is_master`]).
    pub master: bool,
    /// Whether it takes a light slot (FE).
    pub light: bool,
    /// Whether its file carries the `.ghost` suffix that hides it from
    /// the game.
    pub ghosted: bool,
    /// Its slot when active.
    pub slot: Option<Slot>,
    /// Where its place comes from.
    pub place: Place,
    /// How the game's rules moved it from there.
    pub moved: Option<Moved>,
    /// Why it is active or not.
    pub activation: Activation,
}

impl OrderedPlugin {
    /// The slot as the game writes it: `00`, `FE 001`; `--` for an
    /// inactive plugin, `none` past the last slot.
    pub fn slot_label(&self) -> String {
        match self.slot {
            Some(s) => s.label(),
            None => "--".into(),
        }
    }

    /// Why it stands where it does and is active or not, for people:
    /// `plugins.txt line 3; a master, so ahead of the non-masters`.
    pub fn why(&self) -> String {
        let mut out = match &self.place {
            Place::Early { list: None, .. } => "loads early: the game's own master".to_string(),
            Place::Early {
                list: Some(list),
                line,
            } => format!(
                "loads early: Creation Club plugin, {list} line {}",
                line.unwrap_or(0)
            ),
            Place::Listed { list, line } => format!("{list} line {line}"),
            Place::FileTime => "by file time".into(),
            Place::Unlisted => "not listed: after the listed plugins, by file time".into(),
        };
        match &self.moved {
            Some(Moved::AheadOfNonMasters) => {
                out.push_str("; a master, so ahead of the non-masters")
            }
            Some(Moved::BeforeMaster { master }) => {
                out.push_str(&format!("; moved before {master}, a master that needs it"))
            }
            None => {}
        }
        let same_line = |l: &str, n: usize| matches!(&self.place, Place::Listed { list, line } if list == l && *line == n);
        match &self.activation {
            Activation::Implicit => out.push_str("; always active"),
            Activation::Listed { list, line } if !same_line(list, *line) => {
                out.push_str(&format!("; active by {list} line {line}"))
            }
            Activation::Listed { .. } => {}
            Activation::NoList => out.push_str("; active: no plugins.txt, every plugin taken"),
            Activation::Unmarked { list, line } if same_line(list, *line) => {
                out.push_str("; not marked *")
            }
            Activation::Unmarked { list, line } => {
                out.push_str(&format!("; not marked * at {list} line {line}"))
            }
            Activation::NotListed => out.push_str("; not in plugins.txt"),
        }
        out
    }
}

/// The plugins of a `Data` folder in the order the game loads them, and
/// how that order was found.
#[derive(Debug, Clone)]
pub struct DataDirOrder {
    /// The game, by whose rules the order was made.
    pub edition: Edition,
    /// How the game was told (`Skyrim.esm's header is version 1.71`), or
    /// that it was given.
    pub edition_reason: String,
    /// Which rule ordered them, for people: `plugins.txt, * marking active
    /// plugins (Skyrim SE: ...)`.
    pub rule: String,
    /// Every plugin of the folder, active or not, in load order.
    pub plugins: Vec<OrderedPlugin>,
    /// The active plugins' paths, in load order.
    pub paths: Vec<PathBuf>,
    /// What was not read as written: lines naming no plugin there,
    /// plugins listed twice, files left out, each naming file and line.
    pub problems: Vec<Problem>,
}

impl DataDirOrder {
    /// The active plugins' names and paths, in load order.
    pub fn active_named(&self) -> Vec<(String, PathBuf)> {
        self.plugins
            .iter()
            .filter(|p| p.active)
            .map(|p| (p.name.clone(), p.path.clone()))
            .collect()
    }

    /// The active plugins' names, in load order.
    pub fn active_names(&self) -> Vec<String> {
        self.plugins
            .iter()
            .filter(|p| p.active)
            .map(|p| p.name.clone())
            .collect()
    }
}
