#![deny(missing_docs)]
//! Load orders: the plugins a game loads, in the order it loads them, with
//! every form ID resolved through its plugin's masters to the plugin that
//! defines it, record lookup across plugins, and override chains.
//!
//! ```no_run
//! use esscribe::loadorder::{LoadOrder, PluginFiles};
//! let files = PluginFiles::open(["Skyrim.esm", "MyMod.esp"]);
//! let order = LoadOrder::from_files(&files);
//! for problem in order.problems() {
//!     eprintln!("{problem}");
//! }
//! if let Some(id) = order.lookup("IronSword") {
//!     for version in order.chain(id) {
//!         println!("{}", order.plugin(version.plugin).name);
//!     }
//! }
//! ```
//!
//! A game's `Data` folder is read in the order the game itself makes of it
//! by [`data_dir_order`]: every plugin with its slot, whether it is active
//! and why, by each game's rules ([`Edition`]), those of libloadorder;
//! [`PluginFiles::from_order`] opens its active plugins.
//!
//! The plugins' files are memory-mapped (large ones) and parsed in
//! parallel; each plugin keeps an index of its records sorted by global
//! form ID, so finding every version of a record is one binary search per
//! plugin.

mod arrange;
pub mod assets;
pub mod clean;
mod comparable;
pub mod compare;
mod data_dir;
mod edition;
mod files;
mod lists;
mod ordered;
mod problem;
mod undelete;

pub use arrange::Moved;
pub use clean::{CleanAction, CleanKind, CleanPlan};
pub use compare::{
    Category, ConflictFilter, ConflictReport, LostChange, PairSummary, RecordConflicts, Reference,
    Version,
};
pub use data_dir::{data_dir_order, is_plugin_name, list_plugin_files, plugins_in_data_dir};
pub use edition::{trim_ghost, Edition, HeaderFacts, Method};
pub use files::{Placing, PluginFiles};
pub use ordered::{Activation, DataDirOrder, OrderedPlugin, Place};
pub use problem::Problem;

use crate::io::{decode_cp1252, FormId, Sig};
use crate::plugin::strings::{StringKind, StringTables};
use crate::plugin::{Body, Game, Plugin, PluginHeader, Record, ScanItem, FLAG_DELETED};
use crate::schema::FormCtx;
use arrange::{Arranger, Node};
use rayon::prelude::*;
use std::borrow::Cow;
use std::path::Path;

/// A plugin's place in the game's form ID space: the top byte of the form
/// IDs of its records once loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "slot", content = "index", rename_all = "snake_case")]
pub enum Slot {
    /// A full plugin: top byte 00 to FD (to FE in the games without light
    /// plugins).
    Full(u8),
    /// A light plugin (`.esl`, or flagged light): FE, then a 12-bit index,
    /// then 12 bits of object ID.
    Light(u16),
    /// Past the last slot (FD in Skyrim SE, FE in the games without light
    /// plugins; FE FFF for light plugins): not loaded by the game.
    None,
}

impl Slot {
    /// The form ID the game gives the object `object` of a plugin in this slot.
    pub fn form_id(self, object: u32) -> Option<FormId> {
        match self {
            Slot::Full(i) => Some(FormId(((i as u32) << 24) | (object & 0xFF_FFFF))),
            Slot::Light(i) => Some(FormId(0xFE00_0000 | ((i as u32) << 12) | (object & 0xFFF))),
            Slot::None => None,
        }
    }

    /// The slot as the game writes it: `00`, `FE 001`; `none` past the
    /// last slot.
    pub fn label(self) -> String {
        match self {
            Slot::Full(i) => format!("{i:02X}"),
            Slot::Light(i) => format!("FE {i:03X}"),
            Slot::None => "none".into(),
        }
    }
}

/// A record's identity across a load order: the file that defines it (an
/// index into [`LoadOrder::file_name`]'s table) and its object ID there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct GlobalId {
    /// The defining file: a loaded plugin's index in the load order, or,
    /// from [`LoadOrder::len`] on, an absent master.
    pub file: u32,
    /// The low 24 bits of the form ID.
    pub object: u32,
}

/// One plugin of a load order: its file, header, records and masters.
#[derive(Debug)]
pub struct LoadedPlugin<'a> {
    /// The file's name (`Campfire.esm`).
    pub name: String,
    /// The decoded `TES4` header.
    pub header: PluginHeader,
    /// The `TES4` header record.
    pub header_record: Record<'a>,
    /// Every record, in file order (groups left out).
    pub records: Vec<Record<'a>>,
    /// Master-flagged (or, in Skyrim SE, an `.esm` or `.esl`).
    pub is_master: bool,
    /// Light-flagged or an `.esl` (Skyrim SE): takes an FE slot.
    pub is_light: bool,
    /// The plugin's slot in the game's form ID space.
    pub slot: Slot,
    /// For each master in the header, in order, its file index (see
    /// [`GlobalId::file`]).
    master_files: Vec<u32>,
    /// (global ID, index in `records`), sorted.
    index: Vec<(GlobalId, u32)>,
    /// How form IDs are written in this plugin's JSON.
    ctx: FormCtx,
    /// The whole file, for changes that write the plugin anew.
    bytes: &'a [u8],
}

impl<'a> LoadedPlugin<'a> {
    /// The plugin file's bytes, as read.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The form context of this plugin: its masters and its own name.
    pub fn form_ctx(&self) -> &FormCtx {
        &self.ctx
    }

    /// The masters named in the header, in order.
    pub fn masters(&self) -> &[String] {
        &self.ctx.masters
    }

    /// For each master, its file index (see [`GlobalId::file`]).
    pub(crate) fn master_files(&self) -> &[u32] {
        &self.master_files
    }
}

/// One version of a record: the plugin holding it and the record.
#[derive(Debug, Clone, Copy)]
pub struct Found<'o, 'a> {
    /// The plugin's index in the load order.
    pub plugin: usize,
    /// The record, as that plugin has it.
    pub record: &'o Record<'a>,
}

/// A load order: plugins in the order the game loads them, the form ID
/// space they share, and what went wrong loading them.
#[derive(Debug)]
pub struct LoadOrder<'a> {
    edition: Edition,
    plugins: Vec<LoadedPlugin<'a>>,
    /// Names of absent masters; file index `plugins.len() + i`.
    absent: Vec<String>,
    problems: Vec<Problem>,
}

/// A plugin's game, header record and every other record in file order,
/// read by [`crate::plugin::scan`] (checked as [`Plugin::parse`] checks)
/// without building the group tree, which a load order does not need.
fn read_records(bytes: &[u8]) -> crate::Result<(Game, Record<'_>, Vec<Record<'_>>)> {
    let game = crate::plugin::detect_game(bytes)?;
    let header = Plugin::parse_header(bytes, game)?;
    let hl = game.header_len();
    // Counted first (the scan is quick): grown by doubling, the list of a
    // large master would at its last growth take three times its size.
    let mut count = 0;
    crate::plugin::scan(bytes, |item| {
        count += usize::from(matches!(item, ScanItem::Record { .. }))
    })?;
    let mut records = Vec::with_capacity(count);
    crate::plugin::scan(bytes, |item| {
        if let ScanItem::Record { header, offset, .. } = item {
            let start = offset as usize + hl;
            // The scan has checked that the record's data is there.
            if let Some(data) = bytes.get(start..start + header.data_size as usize) {
                records.push(Record {
                    header,
                    offset,
                    body: Body::Stored(Cow::Borrowed(data)),
                });
            }
        }
    })?;
    Ok((game, header, records))
}

/// A parsed plugin before its place in the order is known.
struct Parsed<'a> {
    /// Whether it was given in an order already the game's.
    fixed: bool,
    name: String,
    game: Game,
    header: PluginHeader,
    header_record: Record<'a>,
    records: Vec<Record<'a>>,
    localized: bool,
    bytes: &'a [u8],
}

impl<'a> LoadOrder<'a> {
    /// The load order of the files opened in `files`.
    pub fn from_files(files: &'a PluginFiles) -> LoadOrder<'a> {
        let sources = files
            .files
            .iter()
            .map(|(n, f)| (n.clone(), f.bytes()))
            .collect();
        LoadOrder::from_bytes_placed(sources, files.problems.clone(), files.placing)
    }

    /// Loads the string tables of the localized plugins, in `language`
    /// (`english`, `french`...), found beside each plugin's file as
    /// [`StringTables::load`] finds them (the `Strings` folder, then the
    /// archives), so that their records are named by their text. A
    /// plugin whose tables are not there stays named by editor ID; what
    /// could not be read is returned, one line each.
    pub fn load_strings(&mut self, files: &PluginFiles, language: &str) -> Vec<String> {
        self.load_strings_beside(|name| files.path_of(name), language)
    }

    /// [`LoadOrder::load_strings`] for plugins found at `path_of(name)`.
    pub fn load_strings_beside<'p>(
        &mut self,
        path_of: impl Fn(&str) -> Option<&'p Path>,
        language: &str,
    ) -> Vec<String> {
        let mut problems = Vec::new();
        for p in &mut self.plugins {
            if !p.ctx.localized {
                continue;
            }
            let Some(path) = path_of(&p.name) else {
                continue;
            };
            match StringTables::load(path, language) {
                Ok(tables) if StringKind::ALL.iter().any(|k| tables.table(*k).is_some()) => {
                    p.ctx.strings = Some(std::sync::Arc::new(tables));
                }
                Ok(_) => {}
                Err(e) => problems.push(format!("{}: {e}", p.name)),
            }
        }
        problems
    }

    /// A load order of plugins given by name and bytes, placed in the
    /// order given by the game's rules (masters ahead of the rest, a
    /// plugin a master needs before it; see [`Placing`]), the game told
    /// from their headers. `problems` are carried over from finding the
    /// files.
    pub fn from_bytes(sources: Vec<(String, &'a [u8])>, problems: Vec<Problem>) -> Self {
        LoadOrder::from_bytes_placed(sources, problems, Placing::default())
    }

    /// [`LoadOrder::from_bytes`] with the plugins placed as `placing` says.
    pub fn from_bytes_placed(
        sources: Vec<(String, &'a [u8])>,
        mut problems: Vec<Problem>,
        placing: Placing,
    ) -> Self {
        // The same name twice: the first is kept.
        let mut seen = std::collections::HashSet::new();
        let sources: Vec<_> = sources
            .into_iter()
            .enumerate()
            .filter(|(_, (name, _))| {
                let fresh = seen.insert(name.to_ascii_lowercase());
                if !fresh {
                    problems.push(Problem::Duplicate {
                        plugin: name.clone(),
                    });
                }
                fresh
            })
            .collect();
        let parsed: Vec<Result<Parsed<'a>, Problem>> = sources
            .into_par_iter()
            .map(|(k, (name, bytes))| {
                let unreadable = |e: crate::Error| Problem::Unreadable {
                    plugin: name.clone(),
                    error: e.to_string(),
                };
                let (game, header_record, records) = read_records(bytes).map_err(unreadable)?;
                let header = PluginHeader::from_record(&header_record, game).map_err(unreadable)?;
                let localized = game == Game::Skyrim && header_record.header.flags & 0x80 != 0;
                Ok(Parsed {
                    fixed: k < placing.fixed,
                    game,
                    header,
                    header_record,
                    records,
                    localized,
                    name,
                    bytes,
                })
            })
            .collect();
        let mut ok = Vec::new();
        for p in parsed {
            match p {
                Ok(p) => ok.push(p),
                Err(problem) => problems.push(problem),
            }
        }
        let edition = placing.edition.unwrap_or_else(|| {
            let facts: Vec<HeaderFacts> = ok
                .iter()
                .map(|p| HeaderFacts {
                    name: p.name.clone(),
                    game: p.game,
                    version: Some(p.header.version),
                    form_version: p.header_record.header.form_version,
                    flags: p.header.flags,
                })
                .collect();
            Edition::detect(&facts).0
        });
        let game = edition.game();
        ok.retain(|p| {
            if p.game != game {
                problems.push(Problem::OtherGame {
                    plugin: p.name.clone(),
                    game: p.game.name().to_string(),
                });
            }
            p.game == game
        });
        let ok = place(ok, edition);
        let mut plugins = Vec::with_capacity(ok.len());
        let mut slots = data_dir::SlotCounter::new(edition);
        for p in ok {
            let is_light = edition.is_light(p.header.flags, &p.name);
            let slot = slots.next(is_light);
            let masters: Vec<String> = p.header.masters.iter().map(|m| m.name.clone()).collect();
            plugins.push(LoadedPlugin {
                is_master: edition.is_master(p.header.flags, &p.name),
                is_light,
                slot,
                master_files: Vec::new(),
                index: Vec::new(),
                ctx: FormCtx {
                    masters,
                    own_name: p.name.clone(),
                    localized: p.localized,
                    strings: None,
                    irefs: None,
                },
                name: p.name,
                header: p.header,
                header_record: p.header_record,
                records: p.records,
                bytes: p.bytes,
            });
        }
        let mut order = LoadOrder {
            edition,
            plugins,
            absent: Vec::new(),
            problems,
        };
        order.link_masters();
        order.build_indexes();
        order
    }

    /// Finds each plugin's masters in the order; absent ones get a file
    /// index of their own after the loaded plugins.
    fn link_masters(&mut self) {
        let n = self.plugins.len();
        for i in 0..n {
            let mut files = Vec::new();
            for master in self.plugins[i].ctx.masters.clone() {
                let found = self
                    .plugins
                    .iter()
                    .position(|p| p.name.eq_ignore_ascii_case(&master));
                let file = match found {
                    Some(j) => {
                        if j > i {
                            self.problems.push(Problem::MasterLoadsLater {
                                plugin: self.plugins[i].name.clone(),
                                master: master.clone(),
                            });
                        }
                        j as u32
                    }
                    None => {
                        self.problems.push(Problem::MissingMaster {
                            plugin: self.plugins[i].name.clone(),
                            master: master.clone(),
                        });
                        let k = match self
                            .absent
                            .iter()
                            .position(|a| a.eq_ignore_ascii_case(&master))
                        {
                            Some(k) => k,
                            None => {
                                self.absent.push(master.clone());
                                self.absent.len() - 1
                            }
                        };
                        (n + k) as u32
                    }
                };
                files.push(file);
            }
            self.plugins[i].master_files = files;
        }
    }

    fn build_indexes(&mut self) {
        let n = self.plugins.len();
        let indexes: Vec<Vec<(GlobalId, u32)>> = self
            .plugins
            .par_iter()
            .enumerate()
            .map(|(i, p)| {
                let mut index: Vec<(GlobalId, u32)> = p
                    .records
                    .iter()
                    .enumerate()
                    .map(|(k, r)| (resolve_in(&p.master_files, i, r.header.form_id), k as u32))
                    .collect();
                index.par_sort_unstable();
                index
            })
            .collect();
        debug_assert_eq!(indexes.len(), n);
        for (p, index) in self.plugins.iter_mut().zip(indexes) {
            p.index = index;
        }
    }

    /// The game of the load order's files (its layout).
    pub fn game(&self) -> Game {
        self.edition.game()
    }

    /// The game whose rules placed the plugins and gave their slots.
    pub fn edition(&self) -> Edition {
        self.edition
    }

    /// The plugins, in load order.
    pub fn plugins(&self) -> &[LoadedPlugin<'a>] {
        &self.plugins
    }

    /// The plugin at a place in the load order.
    pub fn plugin(&self, index: usize) -> &LoadedPlugin<'a> {
        &self.plugins[index]
    }

    /// How many plugins loaded.
    pub fn len(&self) -> usize {
        self.plugins.len()
    }

    /// Whether no plugin loaded.
    pub fn is_empty(&self) -> bool {
        self.plugins.is_empty()
    }

    /// The place of the plugin with this name (in any case).
    pub fn position(&self, name: &str) -> Option<usize> {
        self.plugins
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
    }

    /// Masters named by some plugin and not loaded.
    pub fn absent_masters(&self) -> &[String] {
        &self.absent
    }

    /// What went wrong: missing masters, unreadable files...
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The name of a file of the form ID space: a loaded plugin or an
    /// absent master.
    pub fn file_name(&self, file: u32) -> &str {
        let file = file as usize;
        match self.plugins.get(file) {
            Some(p) => &p.name,
            None => self
                .absent
                .get(file - self.plugins.len())
                .map_or("?", String::as_str),
        }
    }

    /// Whether a file index names a loaded plugin (not an absent master).
    pub fn is_loaded(&self, file: u32) -> bool {
        (file as usize) < self.plugins.len()
    }

    /// The global identity of a form ID as written in the plugin at
    /// `plugin`: its top byte picks one of the plugin's masters, or the
    /// plugin itself.
    pub fn resolve(&self, plugin: usize, id: FormId) -> GlobalId {
        resolve_in(&self.plugins[plugin].master_files, plugin, id)
    }

    /// The form ID the game gives a record once this load order is loaded
    /// (its load-order form ID); `None` for a record of an absent master.
    pub fn load_order_id(&self, id: GlobalId) -> Option<FormId> {
        self.plugins.get(id.file as usize)?.slot.form_id(id.object)
    }

    /// The global identity of a load-order form ID (`0x0102EE72`, `0xFE001800`).
    pub fn from_load_order_id(&self, id: FormId) -> Option<GlobalId> {
        let top = id.master_index();
        let (file, object) = if top == 0xFE && self.edition.has_light_slots() {
            let light = ((id.0 >> 12) & 0xFFF) as u16;
            let file = self
                .plugins
                .iter()
                .position(|p| p.slot == Slot::Light(light))?;
            (file, id.0 & 0xFFF)
        } else {
            let file = self
                .plugins
                .iter()
                .position(|p| p.slot == Slot::Full(top))?;
            (file, id.object_index())
        };
        Some(GlobalId {
            file: file as u32,
            object,
        })
    }

    /// Every version of a record, in load order: the defining plugin's
    /// first (when loaded), the winning override last.
    pub fn chain(&self, id: GlobalId) -> Vec<Found<'_, 'a>> {
        self.plugins
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let at = p.index.binary_search_by(|(g, _)| g.cmp(&id)).ok()?;
                Some(Found {
                    plugin: i,
                    record: &p.records[p.index[at].1 as usize],
                })
            })
            .collect()
    }

    /// The version of a record that the game uses: the last in the load order.
    pub fn winner(&self, id: GlobalId) -> Option<Found<'_, 'a>> {
        self.plugins.iter().enumerate().rev().find_map(|(i, p)| {
            let at = p.index.binary_search_by(|(g, _)| g.cmp(&id)).ok()?;
            Some(Found {
                plugin: i,
                record: &p.records[p.index[at].1 as usize],
            })
        })
    }

    /// A plugin's records with their global identities, sorted by identity.
    pub fn records_of(&self, plugin: usize) -> impl Iterator<Item = (GlobalId, &Record<'a>)> {
        let p = &self.plugins[plugin];
        p.index
            .iter()
            .map(move |(g, k)| (*g, &p.records[*k as usize]))
    }

    /// The record with this editor ID (in any case), the last plugin that
    /// has it first searched. Records are searched in parallel.
    pub fn find_editor_id(&self, editor_id: &str) -> Option<GlobalId> {
        let game = self.game();
        self.plugins.iter().enumerate().rev().find_map(|(i, p)| {
            p.records
                .par_iter()
                .find_first(|r| {
                    editor_id_of(r, game).is_some_and(|e| e.eq_ignore_ascii_case(editor_id))
                })
                .map(|r| self.resolve(i, r.header.form_id))
        })
    }

    /// A record named on the command line: a load-order form ID
    /// (`0x0002EE72`), a form ID and its plugin (`0x0002EE72 (Oblivion.esm)`,
    /// `Oblivion.esm:02EE72`), or an editor ID (`IronSword`).
    pub fn lookup(&self, text: &str) -> Option<GlobalId> {
        let text = text.trim();
        let split = text
            .split_once(':')
            .or_else(|| {
                let (hex, rest) = text.split_once(char::is_whitespace)?;
                let name = rest.trim().strip_prefix('(')?.strip_suffix(')')?;
                Some((name, hex))
            })
            .or_else(|| {
                text.split_once(char::is_whitespace)
                    .map(|(h, n)| (n.trim(), h))
            });
        if let Some((name, hex)) = split {
            let (name, hex) = if FormId::parse(name).is_some() && FormId::parse(hex).is_none() {
                (hex, name)
            } else {
                (name, hex)
            };
            if let Some(id) = FormId::parse(hex) {
                let file = self.position(name).map(|f| f as u32).or_else(|| {
                    self.absent
                        .iter()
                        .position(|a| a.eq_ignore_ascii_case(name))
                        .map(|k| (self.plugins.len() + k) as u32)
                })?;
                let light = self.plugins.get(file as usize).is_some_and(|p| p.is_light);
                let object = if light && id.object_index() > 0xFFF {
                    id.0 & 0xFFF
                } else {
                    id.object_index()
                };
                return Some(GlobalId { file, object });
            }
        }
        let looks_hex = text.starts_with("0x") || text.starts_with("0X");
        if looks_hex || (text.len() == 8 && text.chars().all(|c| c.is_ascii_hexdigit())) {
            if let Some(g) = FormId::parse(text).and_then(|id| self.from_load_order_id(id)) {
                if !self.chain(g).is_empty() {
                    return Some(g);
                }
            }
            if looks_hex {
                return None;
            }
        }
        self.find_editor_id(text)
    }

    /// A record's global identity shown for people: its load-order form ID
    /// and the file defining it (`0x0002EE72 Oblivion.esm`), or the object
    /// ID and the absent master's name.
    pub fn show_id(&self, id: GlobalId) -> String {
        match self.load_order_id(id) {
            Some(lo) => format!("{:08X} {}", lo.0, self.file_name(id.file)),
            None => format!("??{:06X} {}", id.object, self.file_name(id.file)),
        }
    }

    /// The record a [`show_id`](Self::show_id) text names
    /// (`0002EE72 Oblivion.esm`, `??01380F Skyrim.esm`), if it is one.
    pub fn parse_shown_id(&self, text: &str) -> Option<GlobalId> {
        let (hex, name) = text.split_once(' ')?;
        if hex.len() != 8 {
            return None;
        }
        let file = match self.position(name) {
            Some(f) => f as u32,
            None => {
                let k = self.absent.iter().position(|a| a == name)?;
                (self.plugins.len() + k) as u32
            }
        };
        let digits = hex.strip_prefix("??").unwrap_or(hex);
        let id = u32::from_str_radix(digits, 16).ok()?;
        let object = match self.plugins.get(file as usize).map(|p| p.slot) {
            Some(Slot::Light(_)) => id & 0xFFF,
            _ => id & 0xFF_FFFF,
        };
        Some(GlobalId { file, object })
    }

    /// The record `object` of the file named `name` (a loaded plugin or an
    /// absent master, in any case), as a save or a message names it.
    pub fn global_id(&self, name: &str, object: u32) -> Option<GlobalId> {
        let file = match self.position(name) {
            Some(f) => f as u32,
            None => {
                let k = self
                    .absent
                    .iter()
                    .position(|a| a.eq_ignore_ascii_case(name))?;
                (self.plugins.len() + k) as u32
            }
        };
        let light = self.plugins.get(file as usize).is_some_and(|p| p.is_light);
        let object = if light {
            object & 0xFFF
        } else {
            object & 0xFF_FFFF
        };
        Some(GlobalId { file, object })
    }

    /// Text with every form ID written as [`FormCtx::show`] writes it in
    /// the plugin at `plugin` (`0x0101A0AF (Oblivion.esm)`) replaced by
    /// [`describe`](Self::describe): for messages and summaries.
    pub fn name_refs_in_text(&self, plugin: usize, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find("0x") {
            out.push_str(&rest[..at]);
            let tail = &rest[at..];
            let named = tail
                .get(..12)
                .filter(|head| head[2..10].bytes().all(|b| b.is_ascii_hexdigit()))
                .filter(|head| &head[10..12] == " (")
                .and_then(|_| tail[12..].find(')').map(|end| 12 + end + 1))
                .and_then(|end| Some((form_id_text(&tail[..end])?, end)));
            match named {
                Some((id, end)) => {
                    out.push_str(&self.describe_local(plugin, id));
                    rest = &tail[end..];
                }
                None => {
                    out.push_str("0x");
                    rest = &tail[2..];
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// A reference named from the load order, the way people read it:
    /// `IronSword "Iron Sword" [WEAP:0002EE72 Oblivion.esm]` (editor ID and
    /// full name of the winning version, when it has them).
    pub fn describe(&self, id: GlobalId) -> String {
        let shown = self.show_id(id);
        let Some(found) = self.winner(id) else {
            return format!("[{shown}]");
        };
        let (edid, full) = names_of(found.record, self.game(), &self.plugins[found.plugin].ctx);
        let mut out = String::new();
        if let Some(e) = edid {
            out.push_str(&e);
            out.push(' ');
        }
        if let Some(f) = full {
            out.push_str(&format!("\"{f}\" "));
        }
        out.push_str(&format!("[{}:{shown}]", found.record.header.sig));
        out
    }

    /// [`describe`](Self::describe) of a form ID as written in the plugin
    /// at `plugin`; the null form ID stays `0x00000000`.
    pub fn describe_local(&self, plugin: usize, id: FormId) -> String {
        if id.0 == 0 {
            return id.to_string();
        }
        self.describe(self.resolve(plugin, id))
    }

    /// Rewrites every form ID of a record's JSON (`"0x0101A0AF
    /// (Oblivion.esm)"`, as the plugin at `plugin` writes it) with
    /// [`describe`](Self::describe): for reading, not for building.
    pub fn name_refs(&self, plugin: usize, value: &mut serde_json::Value) {
        self.map_form_ids(value, &mut |id| Some(self.describe_local(plugin, id)));
    }

    /// Rewrites every form ID of a record's JSON as its global identity
    /// ([`show_id`](Self::show_id)), so that versions of a record from
    /// plugins with other master lists compare equal when they mean the
    /// same. Any text that reads as a form ID is taken for one: for JSON
    /// whose declaration is not known.
    pub fn globalize(&self, plugin: usize, value: &mut serde_json::Value) {
        self.map_form_ids(value, &mut |id| Some(self.global_text(plugin, id)));
    }

    /// [`globalize`](Self::globalize) of only the form IDs the record
    /// holds (`forms`, as stored, from its declaration): text that merely
    /// reads as a form ID stays text.
    pub(crate) fn globalize_forms(
        &self,
        plugin: usize,
        value: &mut serde_json::Value,
        forms: &std::collections::HashSet<u32>,
    ) {
        self.map_form_ids(value, &mut |id| {
            forms.contains(&id.0).then(|| self.global_text(plugin, id))
        });
    }

    fn global_text(&self, plugin: usize, id: FormId) -> String {
        if id.0 == 0 {
            id.to_string()
        } else {
            self.show_id(self.resolve(plugin, id))
        }
    }

    fn map_form_ids(
        &self,
        value: &mut serde_json::Value,
        f: &mut dyn FnMut(FormId) -> Option<String>,
    ) {
        use serde_json::Value;
        match value {
            Value::String(s) => {
                if let Some(text) = form_id_text(s).and_then(&mut *f) {
                    *s = text;
                }
            }
            Value::Array(a) => a.iter_mut().for_each(|v| self.map_form_ids(v, f)),
            Value::Object(m) => m.values_mut().for_each(|v| self.map_form_ids(v, f)),
            _ => {}
        }
    }
}

/// The plugins in load order: those given in the game's order stay as
/// given, and the others are placed among them by the game's rules.
fn place(ok: Vec<Parsed<'_>>, edition: Edition) -> Vec<Parsed<'_>> {
    if ok.iter().all(|p| p.fixed) {
        return ok;
    }
    let nodes: Vec<Node> = ok
        .iter()
        .map(|p| Node {
            name: p.name.clone(),
            master: edition.is_master(p.header.flags, &p.name),
            masters: p.header.masters.iter().map(|m| m.name.clone()).collect(),
        })
        .collect();
    let early = edition.early_loaders().iter().map(|e| e.to_string());
    let mut arranger = Arranger::new(&nodes, early.collect());
    arranger.order = (0..ok.len()).filter(|&k| ok[k].fixed).collect();
    for k in (0..ok.len()).filter(|&k| !ok[k].fixed) {
        arranger.insert(k);
    }
    arranger.hoist();
    let order = arranger.order;
    let mut slots: Vec<Option<Parsed<'_>>> = ok.into_iter().map(Some).collect();
    order.into_iter().filter_map(|k| slots[k].take()).collect()
}

/// The form ID of a JSON string written by [`FormCtx::show`]:
/// `0x0101A0AF (Oblivion.esm)` (the plugin noted in brackets).
fn form_id_text(s: &str) -> Option<FormId> {
    // Most strings are not: told at a glance.
    if s.len() < 13 || !s.starts_with("0x") {
        return None;
    }
    let (hex, rest) = s.split_once(' ')?;
    if hex.len() != 10 || !hex.starts_with("0x") || !rest.starts_with('(') || !rest.ends_with(')') {
        return None;
    }
    FormId::parse(hex)
}

fn resolve_in(master_files: &[u32], own: usize, id: FormId) -> GlobalId {
    let file = master_files
        .get(id.master_index() as usize)
        .copied()
        .unwrap_or(own as u32);
    GlobalId {
        file,
        object: id.object_index(),
    }
}

/// A record's editor ID (EDID), decoded.
pub fn editor_id_of(record: &Record<'_>, game: Game) -> Option<String> {
    let mut out = None;
    let _ = record.for_each_subrecord(game, |s| {
        if out.is_none() && s.sig == Sig(*b"EDID") {
            let d = s.data.strip_suffix(&[0]).unwrap_or(s.data);
            out = Some(decode_cp1252(d).into_owned());
        }
    });
    out
}

/// A record's editor ID and full name (FULL; in a localized plugin, from
/// its string tables when they were loaded).
fn names_of(record: &Record<'_>, game: Game, ctx: &FormCtx) -> (Option<String>, Option<String>) {
    let (mut edid, mut full) = (None, None);
    let text = |d: &[u8]| {
        let d = d.strip_suffix(&[0]).unwrap_or(d);
        decode_cp1252(d).into_owned()
    };
    let _ = record.for_each_subrecord(game, |s| {
        if edid.is_none() && s.sig == Sig(*b"EDID") {
            edid = Some(text(s.data));
        } else if full.is_none() && s.sig == Sig(*b"FULL") {
            full = match (ctx.localized, <[u8; 4]>::try_from(s.data)) {
                (false, _) => Some(text(s.data)),
                (true, Ok(id)) => ctx.strings.as_ref().and_then(|t| {
                    let id = u32::from_le_bytes(id);
                    t.text(id, StringKind::Strings).map(|t| t.into_owned())
                }),
                (true, Err(_)) => None,
            };
        }
    });
    (edid, full.filter(|f| !f.is_empty()))
}

/// Whether a record carries the deleted flag.
pub fn is_deleted(record: &Record<'_>) -> bool {
    record.header.flags & FLAG_DELETED != 0
}
