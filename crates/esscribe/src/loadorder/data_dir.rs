//! The plugins a game loads from its `Data` folder, in what order, and
//! why, read the way each game reads its lists (as libloadorder, which
//! LOOT uses, reads them):
//!
//! - Oblivion: every plugin by modification time, masters first (the same
//!   time: by name, Z to A); `plugins.txt` says which are active;
//! - Skyrim LE: `loadorder.txt` gives the order (or `plugins.txt` without
//!   it), `plugins.txt` says which are active; Skyrim.esm loads first,
//!   Skyrim.esm and Update.esm are always active;
//! - Skyrim SE: `plugins.txt` gives the order, `*` marks the active lines;
//!   the game's masters and the Creation Club plugins `Skyrim.ccc` lists
//!   load first, in that order, always active.
//!
//! In Skyrim a plugin placed by a list goes ahead of the non-masters when
//! it is a master, and before a master that needs it; at the end, in every
//! game, a plugin that a master needs and that loads after it is hoisted
//! just before it. Plugins in no list follow the listed ones, by file time.
//!
//! The lists are looked for in the folder itself, then in its parent.
//! Without a `plugins.txt`, every plugin is taken as active (libloadorder
//! would take none, but a folder of plugins given without its list is
//! read whole).

use super::arrange::{same_name, Arranger, Node};
use super::edition::{trim_ghost, HeaderFacts, Method};
use super::lists::{list_folders, read_list, List};
use super::ordered::{Activation, DataDirOrder, OrderedPlugin, Place};
use super::{Edition, Moved, Problem, Slot};
use crate::io::{Error, Result};
use crate::plugin::{detect_game, extension_is, zstring, Plugin};
use rayon::prelude::*;
use std::cmp::Reverse;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// A file's name as the load order names it.
pub(super) fn file_name_of(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Whether a file name is a plugin's: `.esm`, `.esp` or `.esl`, in any
/// case.
pub fn is_plugin_name(name: &str) -> bool {
    ["esm", "esp", "esl"].iter().any(|x| extension_is(name, x))
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

/// The active plugins of a `Data` folder in the order the game loads them
/// (see [`data_dir_order`]), the game told from its files.
pub fn plugins_in_data_dir(dir: &Path) -> Result<DataDirOrder> {
    data_dir_order(dir, None)
}

/// A plugin file of the folder, its header read.
struct Installed {
    file_name: String,
    path: PathBuf,
    time: Option<SystemTime>,
    facts: HeaderFacts,
    masters: Vec<String>,
}

/// A TES4 header larger than this is taken as damage, not read.
const HEADER_MAX: usize = 64 << 20;

/// Reads a plugin's header only: what telling the game and placing the
/// plugin need.
fn read_header(path: &Path, file_name: &str) -> Result<(HeaderFacts, Vec<String>)> {
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, &e))?;
    let mut bytes = Vec::new();
    let mut file = std::io::BufReader::new(file);
    (&mut file)
        .take(28)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, &e))?;
    let game = detect_game(&bytes)?;
    let size = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
    if size > HEADER_MAX {
        return Err(Error::invalid(
            4,
            format!("TES4 header record of {size} bytes: too large to be one"),
        ));
    }
    let want = (game.header_len() + size).saturating_sub(bytes.len());
    file.take(want as u64)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, &e))?;
    let record = Plugin::parse_header(&bytes, game)?;
    let (mut version, mut masters) = (None, Vec::new());
    record.for_each_subrecord(game, |s| match &s.sig.0 {
        b"HEDR" if version.is_none() => {
            version = s.data.first_chunk::<4>().map(|b| f32::from_le_bytes(*b))
        }
        b"MAST" => masters.push(zstring(s.data)),
        _ => {}
    })?;
    let facts = HeaderFacts {
        name: file_name.to_string(),
        game,
        version,
        form_version: record.header.form_version,
        flags: record.header.flags,
    };
    Ok((facts, masters))
}

/// The plugin files of `dir` whose headers read, sorted as libloadorder
/// finds them: older first, the same time by file name from Z to A.
fn installed(dir: &Path, problems: &mut Vec<Problem>) -> Result<Vec<Installed>> {
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, &e))?;
    let mut found = Vec::new();
    for e in entries {
        let e = e.map_err(|e| Error::io(dir, &e))?;
        let path = e.path();
        let Some(name) = e.file_name().to_str().map(str::to_string) else {
            if is_plugin_name(&e.file_name().to_string_lossy()) {
                problems.push(Problem::File {
                    file: path.display().to_string(),
                    line: None,
                    message: "a file name that is not Unicode: left out".into(),
                });
            }
            continue;
        };
        if is_plugin_name(trim_ghost(&name)) && path.is_file() {
            let time = e.metadata().and_then(|m| m.modified()).ok();
            found.push((name, path, time));
        }
    }
    found.sort_by(|a, b| a.2.cmp(&b.2).then_with(|| b.0.cmp(&a.0)));
    // A plugin and its ghost, or names differing in case only: the first
    // found (the older) is the one the game sees.
    let mut unique: Vec<(String, PathBuf, Option<SystemTime>)> = Vec::with_capacity(found.len());
    for p in found {
        match unique.iter().find(|u| same_name(&u.0, &p.0)) {
            Some(kept) => problems.push(Problem::File {
                file: p.1.display().to_string(),
                line: None,
                message: format!(
                    "the same plugin as {} (older, or as old and later by name): left out",
                    kept.0
                ),
            }),
            None => unique.push(p),
        }
    }
    let found = unique;
    let read: Vec<_> = found
        .par_iter()
        .map(|(name, path, _)| read_header(path, name))
        .collect();
    let mut out = Vec::new();
    for ((file_name, path, time), header) in found.into_iter().zip(read) {
        match header {
            Ok((facts, masters)) => out.push(Installed {
                file_name,
                path,
                time,
                facts,
                masters,
            }),
            Err(e) => problems.push(Problem::Unreadable {
                plugin: file_name,
                error: e.to_string(),
            }),
        }
    }
    Ok(out)
}

/// The plugins of a `Data` folder, active or not, in the order the game
/// loads them, with why each stands where it does. `edition` is the game
/// whose rules apply; `None` tells it from the files (see
/// [`Edition::detect`]). What does not read as written is a problem naming
/// its file and line, never an error: an error is a folder that cannot be
/// read.
pub fn data_dir_order(dir: &Path, edition: Option<Edition>) -> Result<DataDirOrder> {
    let mut problems = Vec::new();
    let mut found = installed(dir, &mut problems)?;
    let (edition, edition_reason) = match edition {
        Some(e) => (e, "given".to_string()),
        None => {
            let mut facts: Vec<HeaderFacts> = found.iter().map(|p| p.facts.clone()).collect();
            facts.sort_by(|a, b| a.name.cmp(&b.name));
            Edition::detect(&facts)
        }
    };
    found.retain(|p| {
        if p.facts.game != edition.game() {
            problems.push(Problem::OtherGame {
                plugin: p.file_name.clone(),
                game: p.facts.game.name().to_string(),
            });
            return false;
        }
        if !edition.takes_file(&p.file_name) {
            problems.push(Problem::File {
                file: p.path.display().to_string(),
                line: None,
                message: format!("{} does not load .esl files: left out", edition.name()),
            });
            return false;
        }
        true
    });
    let folders = list_folders(dir);
    let plugins_txt = read_list(&folders, "plugins.txt", &mut problems)?;
    let loadorder_txt = read_list(&folders, "loadorder.txt", &mut problems)?;
    let ccc = match edition {
        Edition::SkyrimSe => read_list(&folders, "Skyrim.ccc", &mut problems)?,
        _ => None,
    };
    let mut built = Build::new(edition, &found, plugins_txt.as_ref());
    let rule = match edition.method() {
        Method::Timestamp => built.by_time(),
        Method::Textfile => built.by_lists(loadorder_txt.as_ref(), None),
        Method::Asterisk => built.by_lists(None, ccc.as_ref()),
    };
    if let (Some(list), false) = (&loadorder_txt, edition == Edition::SkyrimLe) {
        built.problems.push(list.whole(format!(
            "not read: {} takes its order from {}",
            edition.name(),
            match edition {
                Edition::Oblivion => "the files' modification times",
                _ => "plugins.txt",
            }
        )));
    }
    problems.append(&mut built.problems);
    Ok(built.finish(edition, edition_reason, rule, problems))
}

/// A load order being made from a folder's plugins.
struct Build<'i> {
    edition: Edition,
    found: &'i [Installed],
    nodes: Vec<Node>,
    place: Vec<Place>,
    activation: Vec<Activation>,
    order: Vec<usize>,
    moved: Vec<Option<Moved>>,
    plugins_txt: Option<&'i List>,
    problems: Vec<Problem>,
}

impl<'i> Build<'i> {
    fn new(edition: Edition, found: &'i [Installed], plugins_txt: Option<&'i List>) -> Self {
        let nodes = found
            .iter()
            .map(|p| Node {
                name: trim_ghost(&p.file_name).to_string(),
                master: edition.is_master(p.facts.flags, &p.file_name),
                masters: p.masters.clone(),
            })
            .collect();
        let activation = match plugins_txt {
            Some(_) => Activation::NotListed,
            None => Activation::NoList,
        };
        Build {
            edition,
            found,
            nodes,
            place: vec![Place::Unlisted; found.len()],
            activation: vec![activation; found.len()],
            order: Vec::new(),
            moved: vec![None; found.len()],
            plugins_txt,
            problems: Vec::new(),
        }
    }

    fn find(&self, name: &str) -> Option<usize> {
        self.nodes.iter().position(|n| same_name(&n.name, name))
    }

    /// Why a line names no plugin of the folder.
    fn not_there(&self, list: &List, line: usize, name: &str) -> Problem {
        let why = if name.starts_with('*') && self.edition != Edition::SkyrimSe {
            format!(
                "{name}: {} does not read * marks: no plugin of that name, skipped",
                self.edition.name()
            )
        } else if !self.edition.takes_file(name) {
            format!(
                "{name}: not a plugin {} loads, skipped",
                self.edition.name()
            )
        } else {
            format!("{name}: no such plugin in the folder, skipped")
        };
        list.problem(line, why)
    }

    /// Marks active the plugins `plugins.txt` names (without a `*` mark,
    /// as Oblivion and Skyrim LE write it).
    fn activate_from_plugins_txt(&mut self) {
        let Some(list) = self.plugins_txt else {
            return;
        };
        for line in &list.lines {
            match self.find(&line.text) {
                Some(k) if matches!(self.activation[k], Activation::Listed { .. }) => {
                    self.problems.push(list.problem(
                        line.number,
                        format!("{}: listed again, active once", line.text),
                    ))
                }
                Some(k) => {
                    self.activation[k] = Activation::Listed {
                        list: list.name.clone(),
                        line: line.number,
                    }
                }
                None => {
                    let p = self.not_there(list, line.number, &line.text);
                    self.problems.push(p)
                }
            }
        }
    }

    /// Oblivion: every plugin by file time, masters first, the same time
    /// by name from Z to A; then masters' masters hoisted.
    fn by_time(&mut self) -> String {
        let key = |k: &usize| {
            let p = &self.found[*k];
            (p.time, Reverse(self.nodes[*k].name.clone()))
        };
        let mut by_time: Vec<usize> = (0..self.found.len()).collect();
        by_time.sort_by_key(key);
        let mut order = by_time.clone();
        order.sort_by_key(|k| (!self.nodes[*k].master, key(k)));
        // A master is said to be moved when a non-master is older.
        let first_plain = by_time.iter().position(|&k| !self.nodes[k].master);
        for (at, &k) in by_time.iter().enumerate() {
            self.place[k] = Place::FileTime;
            if self.nodes[k].master && first_plain.is_some_and(|f| f < at) {
                self.moved[k] = Some(Moved::AheadOfNonMasters);
            }
        }
        self.activate_from_plugins_txt();
        self.hoist(order);
        match self.plugins_txt {
            Some(l) => format!(
                "{} for active plugins, ordered by modification time",
                l.name
            ),
            None => "no plugins.txt: every plugin active, ordered by modification time".into(),
        }
    }

    fn hoist(&mut self, order: Vec<usize>) {
        let mut arranger = Arranger::new(&self.nodes, Vec::new());
        arranger.order = order;
        arranger.moved = std::mem::take(&mut self.moved);
        arranger.hoist();
        self.order = arranger.order;
        self.moved = arranger.moved;
    }

    /// Skyrim: the plugins a list names, each placed by the game's rules
    /// in the list's order, then those in no list; then masters' masters
    /// hoisted.
    fn by_lists(&mut self, loadorder_txt: Option<&List>, ccc: Option<&List>) -> String {
        let asterisks = self.edition == Edition::SkyrimSe;
        let order_list = loadorder_txt.or(self.plugins_txt);
        let mut early: Vec<(String, Option<(String, usize)>)> = self
            .edition
            .early_loaders()
            .iter()
            .map(|n| (n.to_string(), None))
            .collect();
        for line in ccc.iter().flat_map(|c| c.lines.iter().map(move |l| (c, l))) {
            if !early.iter().any(|(n, _)| same_name(n, &line.1.text)) {
                early.push((
                    line.1.text.clone(),
                    Some((line.0.name.clone(), line.1.number)),
                ));
            }
        }
        let mut arranger =
            Arranger::new(&self.nodes, early.iter().map(|(n, _)| n.clone()).collect());
        let mut placed = vec![false; self.found.len()];
        if order_list.is_none() {
            self.place.fill(Place::FileTime);
        }
        if let Some(list) = order_list {
            // A plugin listed twice takes its last line's place.
            let last = |name: &str| {
                list.lines
                    .iter()
                    .rposition(|l| same_name(star(l.text.as_str(), asterisks).0, name))
            };
            for (at, line) in list.lines.iter().enumerate() {
                let (name, marked) = star(&line.text, asterisks);
                let kept = last(name).unwrap_or(at);
                if kept != at {
                    self.problems.push(list.problem(
                        line.number,
                        format!(
                            "{name}: listed again at line {}, which counts",
                            list.lines[kept].number
                        ),
                    ));
                    continue;
                }
                let Some(k) = self.find(name) else {
                    let p = self.not_there(list, line.number, name);
                    self.problems.push(p);
                    continue;
                };
                self.place[k] = Place::Listed {
                    list: list.name.clone(),
                    line: line.number,
                };
                if loadorder_txt.is_none() {
                    self.activation[k] = match (marked || !asterisks, &list.name) {
                        (true, l) => Activation::Listed {
                            list: l.clone(),
                            line: line.number,
                        },
                        (false, l) => Activation::Unmarked {
                            list: l.clone(),
                            line: line.number,
                        },
                    };
                }
                placed[k] = true;
                arranger.insert(k);
            }
        }
        for (k, done) in placed.iter().enumerate() {
            if !done {
                arranger.insert(k);
            }
        }
        self.moved = std::mem::take(&mut arranger.moved);
        let order = std::mem::take(&mut arranger.order);
        drop(arranger);
        if loadorder_txt.is_some() {
            self.activate_from_plugins_txt();
        }
        for (k, node) in self.nodes.iter().enumerate() {
            let early_at = early.iter().find(|(n, _)| same_name(n, &node.name));
            if let Some((_, from)) = early_at {
                self.place[k] = Place::Early {
                    list: from.as_ref().map(|f| f.0.clone()),
                    line: from.as_ref().map(|f| f.1),
                };
            }
            let late = self
                .edition
                .late_implicit()
                .iter()
                .any(|n| same_name(n, &node.name));
            if early_at.is_some() || late {
                self.activation[k] = Activation::Implicit;
            }
        }
        self.warn_active_unlisted(loadorder_txt);
        if asterisks {
            self.warn_no_marks();
        }
        self.hoist(order);
        let marks = if asterisks {
            ", * marking active plugins"
        } else {
            ""
        };
        match (loadorder_txt, self.plugins_txt) {
            (Some(o), Some(p)) => {
                format!("{} for the order, {} for active plugins", o.name, p.name)
            }
            (Some(o), None) => format!(
                "{} for the order; no plugins.txt: every plugin active",
                o.name
            ),
            (None, Some(p)) if asterisks => format!("{}{marks}", p.name),
            (None, Some(p)) => format!(
                "{} for the order and active plugins (no loadorder.txt)",
                p.name
            ),
            (None, None) => "no plugins.txt: every plugin active, ordered by file time".into(),
        }
    }

    /// Skyrim LE: a plugin plugins.txt makes active that loadorder.txt
    /// leaves out is placed after the listed ones.
    fn warn_active_unlisted(&mut self, loadorder_txt: Option<&List>) {
        let (Some(order), Some(active)) = (loadorder_txt, self.plugins_txt) else {
            return;
        };
        for k in 0..self.nodes.len() {
            if let (Place::Unlisted, Activation::Listed { line, .. }) =
                (&self.place[k], &self.activation[k])
            {
                self.problems.push(active.problem(
                    *line,
                    format!(
                        "{}: active, but not in {}: placed after the plugins listed there, by file time",
                        self.nodes[k].name, order.name
                    ),
                ));
            }
        }
    }

    /// Skyrim SE: a plugins.txt with names but no `*` lists only inactive
    /// plugins, which is likely not what was meant.
    fn warn_no_marks(&mut self) {
        let Some(list) = self.plugins_txt else {
            return;
        };
        let early = self.edition.early_loaders();
        let plain = list
            .lines
            .iter()
            .filter(|l| !early.iter().any(|e| same_name(e, &l.text)))
            .count();
        if plain > 0 && !list.lines.iter().any(|l| l.text.starts_with('*')) {
            self.problems.push(list.whole(
                "no line is marked *: Skyrim SE reads every listed plugin as inactive".into(),
            ));
        }
    }

    fn finish(
        self,
        edition: Edition,
        edition_reason: String,
        rule: String,
        mut problems: Vec<Problem>,
    ) -> DataDirOrder {
        let mut slots = SlotCounter::new(edition);
        let mut plugins = Vec::with_capacity(self.order.len());
        for &k in &self.order {
            let p = &self.found[k];
            let active = !matches!(
                self.activation[k],
                Activation::NotListed | Activation::Unmarked { .. }
            );
            let light = edition.is_light(p.facts.flags, &p.file_name);
            let ghosted = trim_ghost(&p.file_name).len() != p.file_name.len();
            if active && ghosted {
                problems.push(Problem::File {
                    file: p.path.display().to_string(),
                    line: None,
                    message: format!(
                        "active, but ghosted: the game sees it only once renamed {} (libloadorder renames it so when it loads the order)",
                        self.nodes[k].name
                    ),
                });
            }
            plugins.push(OrderedPlugin {
                name: self.nodes[k].name.clone(),
                path: p.path.clone(),
                active,
                master: self.nodes[k].master,
                light,
                ghosted,
                slot: active.then(|| slots.next(light && edition.has_light_slots())),
                place: self.place[k].clone(),
                moved: self.moved[k].clone(),
                activation: self.activation[k].clone(),
            });
        }
        let past: Vec<&OrderedPlugin> = plugins
            .iter()
            .filter(|p| p.slot == Some(Slot::None))
            .collect();
        if let Some(first) = past.first() {
            problems.push(Problem::File {
                file: first.path.display().to_string(),
                line: None,
                message: format!(
                    "active, but past the last slot, with {} more after it: the game loads none of them",
                    past.len() - 1
                ),
            });
        }
        let paths = plugins
            .iter()
            .filter(|p| p.active)
            .map(|p| p.path.clone())
            .collect();
        DataDirOrder {
            rule: format!("{rule} ({edition}: {edition_reason})"),
            edition,
            edition_reason,
            plugins,
            paths,
            problems,
        }
    }
}

/// A list line's name and whether a `*` marks it active (Skyrim SE only).
fn star(text: &str, asterisks: bool) -> (&str, bool) {
    match text.strip_prefix('*') {
        Some(rest) if asterisks => (rest, true),
        _ => (text, false),
    }
}

/// Gives out slots in load order: 00 to FD for full plugins and FE 000 to
/// FE FFF for light ones in Skyrim SE, 00 to FE in the games without light
/// plugins (FF is the save's own); past them, none.
#[derive(Debug)]
pub(super) struct SlotCounter {
    full: u32,
    light: u32,
    full_max: u32,
}

impl SlotCounter {
    /// The slots of `edition`'s load order.
    pub fn new(edition: Edition) -> Self {
        SlotCounter {
            full: 0,
            light: 0,
            full_max: if edition.has_light_slots() {
                0xFE
            } else {
                0xFF
            },
        }
    }

    /// The slot of the next plugin, light or not.
    pub fn next(&mut self, light: bool) -> Slot {
        if light {
            self.light += 1;
            match self.light <= 0x1000 {
                true => Slot::Light((self.light - 1) as u16),
                false => Slot::None,
            }
        } else {
            self.full += 1;
            match self.full <= self.full_max {
                true => Slot::Full((self.full - 1) as u8),
                false => Slot::None,
            }
        }
    }
}
