//! What can go wrong finding and loading the plugins of a load order,
//! each a warning: the rest of the load order still loads.

use std::fmt;

/// Something about a load order that a user should know: it does not stop
/// the rest of the load order from loading.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum Problem {
    /// A plugin names a master that is not in the load order. The plugin is
    /// still read; its form IDs of that master name the absent file.
    MissingMaster {
        /// The plugin that needs the master.
        plugin: String,
        /// The master's name, as the plugin writes it.
        master: String,
    },
    /// A plugin names a master that loads after it.
    MasterLoadsLater {
        /// The plugin that needs the master.
        plugin: String,
        /// The master, which the load order puts after the plugin.
        master: String,
    },
    /// A file that could not be opened or read as a plugin.
    Unreadable {
        /// The file's name.
        plugin: String,
        /// Why, with the offset where the reading stopped.
        error: String,
    },
    /// A plugin of another game than the load order's first plugin.
    OtherGame {
        /// The file's name.
        plugin: String,
        /// The game it was made for.
        game: String,
    },
    /// A plugin listed (in `plugins.txt`, a save, or the command line) whose
    /// file is not there.
    NotFound {
        /// The name as listed.
        plugin: String,
    },
    /// The same plugin given twice: the second is left out.
    Duplicate {
        /// The file's name.
        plugin: String,
    },
    /// Something in a file, at a line when there is one, that is not
    /// read as written or that the game reads otherwise than one would
    /// think: a list's line naming no plugin there, a plugin listed twice,
    /// a ghosted or unloadable plugin file.
    File {
        /// The file: a list's path, or a plugin's.
        file: String,
        /// The line, from 1, when the problem is one line's.
        #[serde(skip_serializing_if = "Option::is_none")]
        line: Option<usize>,
        /// What is wrong and what was done about it.
        message: String,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::MissingMaster { plugin, master } => write!(
                f,
                "{plugin}: master {master} is not in the load order (its records and references are named as {master}, absent)"
            ),
            Problem::MasterLoadsLater { plugin, master } => {
                write!(f, "{plugin}: master {master} loads after it")
            }
            Problem::Unreadable { plugin, error } => {
                write!(f, "{plugin}: not read, left out of the load order: {error}")
            }
            Problem::OtherGame { plugin, game } => write!(
                f,
                "{plugin}: a {game} plugin, left out of a load order of another game"
            ),
            Problem::NotFound { plugin } => write!(f, "{plugin}: listed, but the file is not there"),
            Problem::Duplicate { plugin } => write!(f, "{plugin}: given twice, loaded once"),
            Problem::File {
                file,
                line: Some(line),
                message,
            } => write!(f, "{file}:{line}: {message}"),
            Problem::File {
                file,
                line: None,
                message,
            } => write!(f, "{file}: {message}"),
        }
    }
}
