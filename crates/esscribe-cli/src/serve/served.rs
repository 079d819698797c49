//! What the server was started with: a load order, its plugins' group
//! trees, and saves. Nothing else is ever read.

use crate::loadorder_cmds::LoadOrderOpt;
use crate::util;
use anyhow::{bail, Result};
use esscribe::loadorder::{ConflictFilter, LoadOrder, Placing, Problem, RecordConflicts};
use esscribe::plugin::{Entry, MappedFile, Plugin};
use esscribe::save::skyrim::SkyrimSave;
use esscribe::save::SaveFile;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// A group of a plugin, with the records under it as a range of the
/// plugin's records in file order.
pub struct GroupNode {
    /// The group's label and kind: `PACK`, `block 3 (interior cell block)`.
    pub label: String,
    /// The record whose children the group holds (a cell, a world, a
    /// topic), as the plugin writes its form ID.
    pub parent: Option<esscribe::FormId>,
    /// The group's kind, in words.
    pub kind: &'static str,
    /// The first record under the group (index in file order).
    pub start: u32,
    /// How many records are under the group, at any depth.
    pub count: u32,
    /// Its subgroups, in file order.
    pub children: Vec<GroupNode>,
}

/// A save of the served set.
pub struct ServedSave {
    /// Its file name.
    pub name: String,
    /// The save, read whole.
    pub save: GameSave,
}

/// A save, of whichever game wrote it.
pub enum GameSave {
    /// An Oblivion save.
    Oblivion(Box<SaveFile>),
    /// A Skyrim save, LE or SE.
    Skyrim(Box<SkyrimSave>),
}

/// Everything the server shows.
pub struct Served {
    /// The plugins, in load order.
    pub order: LoadOrder<'static>,
    /// Per plugin (in load order), its file's bytes.
    bytes: Vec<&'static [u8]>,
    /// Per plugin, its top-level groups, read on the first look (so that
    /// the server starts without reading every plugin twice).
    trees: Vec<OnceLock<Vec<GroupNode>>>,
    /// Per plugin, its records' editor IDs, read on the first search.
    pub editor_ids: Vec<OnceLock<Vec<Box<str>>>>,
    /// The saves, in the order given.
    pub saves: Vec<ServedSave>,
    /// Per plugin, the records it shares with other plugins, compared once.
    pub conflicts: Mutex<HashMap<usize, Arc<Vec<RecordConflicts>>>>,
}

fn is_save(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ess"))
}

/// The groups of a list of entries, numbering records as the load order
/// does (every record, depth first, in file order).
fn groups_of(entries: &[Entry<'_>], next: &mut u32) -> Vec<GroupNode> {
    let mut out = Vec::new();
    for e in entries {
        match e {
            Entry::Record(_) => *next += 1,
            Entry::Group(g) => {
                let start = *next;
                let children = groups_of(&g.children, next);
                let kind = g.header.kind();
                let label = if kind == esscribe::plugin::GroupKind::Top {
                    g.header.label().to_string()
                } else {
                    format!("{} ({})", g.header.label(), kind.name())
                };
                let parent = match g.header.label() {
                    esscribe::plugin::GroupLabel::Parent(id) => Some(id),
                    _ => None,
                };
                out.push(GroupNode {
                    label,
                    parent,
                    kind: kind.name(),
                    start,
                    count: *next - start,
                    children,
                });
            }
        }
    }
    out
}

impl Served {
    /// Opens the plugins (those of `--data`, then those given) and saves.
    pub fn load(files: &[PathBuf], opt: &LoadOrderOpt, language: &str) -> Result<Served> {
        // Each plugin under the name the load order gives it (a ghosted
        // file's without `.ghost`), and where it is.
        let mut plugin_paths: Vec<(String, PathBuf)> = Vec::new();
        let mut problems: Vec<Problem> = Vec::new();
        let mut placing = Placing::default();
        if let Some(dir) = &opt.data {
            let order = crate::loadorder_cmds::data_order(dir, None)?;
            problems.extend(order.problems.iter().cloned());
            plugin_paths.extend(order.active_named());
            placing = Placing {
                edition: Some(order.edition),
                fixed: plugin_paths.len(),
            };
        }
        let mut save_paths = Vec::new();
        for f in files {
            if let Some(why) = util::unreadable(f) {
                bail!("{why}");
            }
            if is_save(f) {
                save_paths.push(f.clone());
            } else {
                plugin_paths.push((util::file_name(f), f.clone()));
            }
        }
        if plugin_paths.is_empty() && save_paths.is_empty() {
            bail!("nothing to serve: give plugins, saves (.ess), or --data DIR");
        }
        // The files stay mapped for as long as the server runs.
        let mut sources: Vec<(String, &'static [u8])> = Vec::new();
        let from_folder = placing.fixed;
        for (k, (name, p)) in plugin_paths.iter().enumerate() {
            match MappedFile::open(p) {
                Ok(file) => {
                    let file: &'static MappedFile = Box::leak(Box::new(file));
                    sources.push((name.clone(), file.bytes()));
                }
                Err(e) => {
                    // The folder's part stays as long as what opened of it.
                    if k < from_folder {
                        placing.fixed -= 1;
                    }
                    problems.push(Problem::Unreadable {
                        plugin: name.clone(),
                        error: e.to_string(),
                    })
                }
            }
        }
        // A name given twice loads once, the first time: its bytes are those.
        let mut bytes_of: HashMap<String, &'static [u8]> = HashMap::new();
        for (name, bytes) in &sources {
            bytes_of.entry(name.to_ascii_lowercase()).or_insert(bytes);
        }
        let mut order = LoadOrder::from_bytes_placed(sources, problems, placing);
        // Localized plugins are shown with their text, as other commands
        // show them.
        let path_of = |name: &str| {
            plugin_paths
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, p)| p.as_path())
        };
        for problem in order.load_strings_beside(path_of, language) {
            eprintln!("warning: {problem}");
        }
        crate::loadorder_cmds::report_problems(&order);
        let bytes = order
            .plugins()
            .iter()
            .map(|p| {
                bytes_of
                    .get(&p.name.to_ascii_lowercase())
                    .copied()
                    .unwrap_or_default()
            })
            .collect();
        let mut saves = Vec::new();
        for p in &save_paths {
            // Each save is read whole; its file is not kept open.
            let save = match crate::save::load_skyrim(p)? {
                Some((_, save)) => GameSave::Skyrim(Box::new(save)),
                None => GameSave::Oblivion(Box::new(crate::save::load(p)?.1)),
            };
            saves.push(ServedSave {
                name: util::file_name(p),
                save,
            });
        }
        Ok(Served {
            editor_ids: order.plugins().iter().map(|_| OnceLock::new()).collect(),
            trees: order.plugins().iter().map(|_| OnceLock::new()).collect(),
            order,
            bytes,
            saves,
            conflicts: Mutex::new(HashMap::new()),
        })
    }

    /// The place of a served plugin named `name`, in any case.
    pub fn plugin(&self, name: &str) -> Option<usize> {
        self.order.position(name)
    }

    /// The groups of a plugin, as a tree.
    pub fn tree(&self, plugin: usize) -> &[GroupNode] {
        self.trees[plugin].get_or_init(|| match Plugin::parse(self.bytes[plugin]) {
            Ok(parsed) => groups_of(&parsed.entries, &mut 0),
            Err(_) => Vec::new(),
        })
    }

    /// The editor IDs of a plugin's records in lower case, to search, in
    /// file order (empty where a record has none).
    pub fn editor_ids(&self, plugin: usize) -> &[Box<str>] {
        self.editor_ids[plugin].get_or_init(|| {
            let game = self.order.game();
            self.order
                .plugin(plugin)
                .records
                .par_iter()
                .map(|r| {
                    esscribe::loadorder::editor_id_of(r, game)
                        .unwrap_or_default()
                        .to_ascii_lowercase()
                        .into_boxed_str()
                })
                .collect()
        })
    }

    /// The records of a plugin that other plugins touch too, compared.
    pub fn conflicts_of(&self, plugin: usize) -> Arc<Vec<RecordConflicts>> {
        if let Some(done) = self
            .conflicts
            .lock()
            .ok()
            .and_then(|m| m.get(&plugin).cloned())
        {
            return done;
        }
        let filter = ConflictFilter {
            types: Vec::new(),
            plugin: Some(self.order.plugin(plugin).name.clone()),
        };
        let report = self.order.conflicts(&filter);
        let records = Arc::new(report.records);
        if let Ok(mut m) = self.conflicts.lock() {
            m.insert(plugin, records.clone());
        }
        records
    }
}
