//! Plugins as a tree of small text files, for version control.
//!
//! [`unpack`] writes a plugin as folders and files:
//!
//! - `plugin.json`: the `TES4` header record, the game, the plugin's name,
//!   the masters the record files' form IDs are numbered by (a pack
//!   renumbers them when the header's masters are edited) and the names
//!   of the top-level entries in order;
//! - one folder per group (top groups by their record type, blocks and
//!   sub-blocks by number or grid, a world's, cell's or topic's children
//!   beside the record they belong to), holding `_group.json` (the group's
//!   header and the names of its entries in order);
//! - one file per record, `EditorID.0x0001ABCD.json` (or `0x0001ABCD.json`
//!   for a record without an editor ID).
//!
//! Each file holds the record's JSON form (that of [`crate::json`]) pretty
//! printed: one field per line, keys in declaration order, `\n` line
//! endings, a final newline. Names and text depend on the plugin's bytes
//! alone, never on the platform, so unpacking the same plugin always gives
//! the same tree; [`pack`] gives back its bytes.

mod checked;
mod dir;
pub mod merge;
mod names;
mod pack;

pub use checked::unpack_checked;
pub use dir::{DirTree, MAX_FILE_BYTES};
use names::Names;
use pack::*;
pub use pack::{pack, record_from_text_direct, record_from_text_parsed, Packed};

use crate::io::{decode_cp1252, from_hex, Error, FormId, Result};
use crate::json::{self, group_header_json, PieceBuilder};
use crate::plugin::{Body, Entry, Game, GroupHeader, GroupKind, GroupLabel, Plugin, Record};
use crate::schema::FormCtx;
use rayon::prelude::*;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};

/// The file holding the plugin's header and its top-level entries.
pub const HEADER_FILE: &str = "plugin.json";
/// The file in each group's folder holding the group's header and entries.
pub const GROUP_FILE: &str = "_group.json";
/// What `plugin.json` says it is.
const FORMAT: &str = "esscribe-tree";
const FORMAT_VERSION: u64 = 1;
/// The key of `plugin.json` naming the masters the record files' form
/// IDs are numbered by.
const NUMBERED_BY: &str = "form_ids_numbered_by";
/// How deep groups may nest in a tree (as in a plugin).
const MAX_DEPTH: usize = 32;

fn bad(path: &str, message: impl std::fmt::Display) -> Error {
    Error::json(format!("{path}: {message}"))
}

/// Where the files of a tree go as [`unpack`] makes them. Paths are
/// relative to the tree's root, with `/` between parts; a folder is
/// announced before any file in it.
pub trait TreeSink {
    /// A folder of the tree.
    fn folder(&mut self, path: &str) -> Result<()>;
    /// A file of the tree and its text.
    fn file(&mut self, path: &str, text: &[u8]) -> Result<()>;
    /// Several files of one folder, in any order (a sink may write them
    /// in parallel).
    fn files(&mut self, files: Vec<(String, Vec<u8>)>) -> Result<()> {
        for (path, text) in &files {
            self.file(path, text)?;
        }
        Ok(())
    }
}

/// Where [`pack`] reads a tree's files from.
pub trait TreeSource: Sync {
    /// The bytes of a file, by its path relative to the root (`/` between
    /// parts): borrowed where the source holds them.
    fn read(&self, path: &str) -> Result<Cow<'_, [u8]>>;
    /// The names of the record files (`*.json`) and folders in a folder
    /// (hidden ones aside), where the source can list them: [`pack`]
    /// refuses a tree holding one that no entries list names, rather than
    /// leave it out without a word.
    fn list(&self, _dir: &str) -> Option<Vec<String>> {
        None
    }
}

/// A tree held in memory, by path: for tests, benchmarks and for printing
/// a plugin as one text.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct MemoryTree {
    /// Every file, by path.
    pub files: BTreeMap<String, Vec<u8>>,
    /// The order the files were made in (the plugin's order).
    pub order: Vec<String>,
}

impl TreeSink for MemoryTree {
    fn folder(&mut self, _path: &str) -> Result<()> {
        Ok(())
    }
    fn file(&mut self, path: &str, text: &[u8]) -> Result<()> {
        self.order.push(path.to_string());
        self.files.insert(path.to_string(), text.to_vec());
        Ok(())
    }
}

impl TreeSource for MemoryTree {
    fn read(&self, path: &str) -> Result<Cow<'_, [u8]>> {
        self.files
            .get(path)
            .map(|text| Cow::Borrowed(text.as_slice()))
            .ok_or_else(|| bad(path, "no such file in the tree"))
    }
}

/// A sink that only counts what it is given: to measure making the text
/// apart from writing it.
#[derive(Debug, Default, Clone, Copy)]
pub struct CountingSink {
    /// Files given.
    pub files: u64,
    /// Bytes of text given.
    pub bytes: u64,
}

impl TreeSink for CountingSink {
    fn folder(&mut self, _path: &str) -> Result<()> {
        Ok(())
    }
    fn file(&mut self, _path: &str, text: &[u8]) -> Result<()> {
        self.files += 1;
        self.bytes += text.len() as u64;
        Ok(())
    }
}

fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        return name.to_string();
    }
    let mut path = String::with_capacity(dir.len() + 1 + name.len());
    path.push_str(dir);
    path.push('/');
    path.push_str(name);
    path
}

fn is_record_name(name: &str) -> bool {
    name.ends_with(".json") && name != GROUP_FILE && name != HEADER_FILE
}

/// A name in an entries list must be one plain part of a path: never a
/// way out of the tree.
fn check_name(name: &str, path: &str) -> Result<()> {
    let fine = !name.is_empty()
        && !name.starts_with('.')
        && !name.contains(['/', '\\', ':', '\0'])
        && name != GROUP_FILE
        && name != HEADER_FILE;
    if fine {
        Ok(())
    } else {
        Err(bad(
            path,
            format!("\"entries\": {name:?} is not the name of a record file or group folder"),
        ))
    }
}

/// Editor IDs become part of file names: letters, digits, `_` and `-`
/// stay, anything else becomes `_`, and a name is cut at 64 characters.
/// Names Windows reserves (`CON`, `NUL`, `COM1`...) get a `_`. Written
/// into `s`, an empty string (with room to spare for what follows).
fn file_safe(edid: &str, mut s: String) -> String {
    s.extend(edid.chars().take(64).map(|c| {
        if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
            c
        } else {
            '_'
        }
    }));
    let upper = |prefix: &str| {
        s.len() >= prefix.len()
            && s.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
    };
    let reserved = (s.len() == 3 && ["CON", "PRN", "AUX", "NUL"].iter().any(|r| upper(r)))
        || ((upper("COM") || upper("LPT")) && s.len() == 4 && s.as_bytes()[3].is_ascii_digit());
    if reserved {
        s.push('_');
    }
    s
}

/// The name of a record's file without `.json`.
fn record_stem(form_id: FormId, editor_id: Option<&str>) -> String {
    use std::fmt::Write as _;
    // Room for `.json` too, added when the file is named.
    let mut stem = String::with_capacity(editor_id.map_or(0, str::len) + 16);
    if let Some(e) = editor_id {
        stem = file_safe(e, stem);
        if !stem.is_empty() {
            stem.push('.');
        }
    }
    write!(stem, "{form_id}").expect("writing to a string cannot fail");
    stem
}

/// The editor ID shown in a record's JSON form, if any.
fn editor_id_of(v: &Value) -> Option<String> {
    if let Some(e) = v
        .get("fields")
        .and_then(|f| f.get("editor_id"))
        .and_then(Value::as_str)
    {
        return Some(e.to_string());
    }
    let subs = v.get("subrecords")?.as_array()?;
    let edid = subs
        .iter()
        .find(|s| s.get("sig").and_then(Value::as_str) == Some("EDID"))?;
    let bytes = from_hex(edid.get("hex")?.as_str()?)?;
    Some(decode_cp1252(bytes.strip_suffix(&[0]).unwrap_or(&bytes)).into_owned())
}

/// Text of a JSON value as the tree writes it: pretty printed, `\n`
/// line endings, a final newline.
pub fn to_text(v: &Value) -> Vec<u8> {
    let mut out = Vec::with_capacity(4096);
    crate::schema::pretty::write_pretty(v, &mut out);
    out.push(b'\n');
    out
}

/// The stem of a record's file name (before any `~n` that tells it apart
/// from another), and its text as the tree holds it.
type RecordText = (String, Vec<u8>);

/// A record as the tree holds it: the stem of its file's name and its
/// text.
fn record_text(rec: &Record<'_>, game: Game, ctx: &FormCtx) -> Result<Made> {
    if let Some(made) = typed_record_text(rec, game, ctx) {
        return Ok(Made {
            text: made,
            typed: true,
        });
    }
    if let Some(text) = whole_data_text(rec, game, ctx)? {
        return Ok(Made { text, typed: false });
    }
    let v = json::record_to_json(rec, game, ctx)?.value;
    let stem = record_stem(rec.header.form_id, editor_id_of(&v).as_deref());
    Ok(Made {
        text: (stem, to_text(&v)),
        typed: false,
    })
}

/// The text of a record kept whole as its data because it holds more
/// subrecords than are read field by field, as [`json::record_to_json`]
/// and [`to_text`] would print it, written straight from its bytes: the
/// hex is the largest thing such a record's text holds, and is made once.
/// `None` for any other record.
fn whole_data_text(rec: &Record<'_>, game: Game, ctx: &FormCtx) -> Result<Option<RecordText>> {
    use crate::schema::pretty::{close, key};
    let data = rec.data(game)?;
    if crate::schema::reads_field_by_field(&data, rec.subrecord_base(game)) {
        return Ok(None);
    }
    let mut out = Vec::with_capacity(1024 + 2 * data.len());
    out.push(b'{');
    json::write_header_text(rec, game, ctx, 1, &mut out);
    key("data_hex", false, 1, &mut out);
    out.push(b'"');
    crate::io::push_hex(&data, &mut out);
    out.push(b'"');
    close(b'}', false, 0, &mut out);
    out.push(b'\n');
    Ok(Some((record_stem(rec.header.form_id, None), out)))
}

/// A record's text, and whether it was printed from its typed view.
struct Made {
    text: RecordText,
    typed: bool,
}

/// A declared record's text printed from its typed view, as
/// [`json::record_to_json`] and [`to_text`] would print it, and proven
/// from the same values to give back the record's bytes; `None` where the
/// record needs the JSON path (which proves its text in its own way).
fn typed_record_text(rec: &Record<'_>, game: Game, ctx: &FormCtx) -> Option<RecordText> {
    // Text runs about seven times the record's data: room for most at once.
    let stored = match &rec.body {
        Body::Stored(bytes) => bytes.len(),
        Body::Subrecords(_) => 0,
    };
    let mut out = Vec::with_capacity(1024 + 8 * stored);
    let edid = json::typed_record_text(rec, game, ctx, 0, &mut out, |view| {
        view.get("editor_id")
            .and_then(|v| v.text())
            .map(|t| t.into_owned())
    })?;
    out.push(b'\n');
    Some((record_stem(rec.header.form_id, edid.as_deref()), out))
}

/// The path of each record's file, by form ID: what [`unpack`] gives back
/// besides writing the tree.
pub type RecordPaths = HashMap<FormId, String>;

struct Unpacker<'s, 'p, 'a> {
    plugin: &'p Plugin<'a>,
    ctx: &'s FormCtx,
    /// `None` when the paths are not wanted.
    paths: Option<RecordPaths>,
    typed: u64,
}

/// What [`unpack`] did besides writing the tree.
#[derive(Debug, Clone, Default)]
pub struct Unpacked {
    /// The path of each record's file, by form ID (from
    /// [`unpack_with_paths`]; empty from [`unpack`]).
    pub paths: RecordPaths,
    /// Records whose text was printed straight from their typed values
    /// (and proven to build back into the same bytes); the others went
    /// through their JSON form.
    pub typed: u64,
}

/// The names given in one folder so far.
#[derive(Default)]
struct Folder {
    names: Names,
    /// The entries' names, in order.
    out: Vec<String>,
    /// The records whose children's group is in this folder: only their
    /// stems are kept.
    parents: foldhash::HashSet<FormId>,
    /// The stems of those records' files, by form ID, for naming the
    /// groups of their children.
    stems: foldhash::HashMap<FormId, String>,
}

impl Unpacker<'_, '_, '_> {
    /// Writes the entries of one folder; gives back their names in order.
    fn list(
        &mut self,
        entries: &[Entry<'_>],
        dir: &str,
        sink: &mut dyn TreeSink,
    ) -> Result<Vec<String>> {
        let (game, ctx) = (self.plugin.game, self.ctx);
        let make = |batch: &[Entry<'_>]| -> Vec<Option<Result<Made>>> {
            batch
                .par_iter()
                .map(|e| match e {
                    Entry::Record(r) => Some(record_text(r, game, ctx)),
                    Entry::Group(_) => None,
                })
                .collect()
        };
        let mut folder = Folder {
            parents: entries
                .iter()
                .filter_map(|e| match e {
                    Entry::Group(g) => match g.header.label() {
                        GroupLabel::Parent(id) => Some(id),
                        _ => None,
                    },
                    Entry::Record(_) => None,
                })
                .collect(),
            ..Folder::default()
        };
        folder.names.take(GROUP_FILE, "");
        folder.names.take(HEADER_FILE, "");
        folder.out.reserve(entries.len());
        // Made into text in parallel; named and handed to the sink in
        // order.
        let opens = |e: &Entry<'_>| matches!(e, Entry::Group(_));
        pipelined(entries, entry_weight, opens, &make, |batch, texts| {
            self.place(batch, texts, dir, sink, &mut folder)
        })?;
        Ok(folder.out)
    }

    /// Names the records of a batch, made into text, and hands them to
    /// the sink in order, with the groups among them.
    fn place(
        &mut self,
        batch: &[Entry<'_>],
        texts: Vec<Option<Result<Made>>>,
        dir: &str,
        sink: &mut dyn TreeSink,
        folder: &mut Folder,
    ) -> Result<()> {
        let (game, ctx) = (self.plugin.game, self.ctx);
        let mut pending = Vec::new();
        for (e, text) in batch.iter().zip(texts) {
            match (e, text) {
                (Entry::Record(r), Some(made)) => {
                    let made = made?;
                    self.typed += made.typed as u64;
                    let (stem, text) = made.text;
                    let name = folder.names.take(&stem, ".json");
                    let path = join(dir, &name);
                    pending.push((path.clone(), text));
                    if folder.parents.contains(&r.header.form_id) {
                        folder
                            .stems
                            .insert(r.header.form_id, name[..name.len() - 5].to_string());
                    }
                    if let Some(paths) = &mut self.paths {
                        paths.insert(r.header.form_id, path);
                    }
                    folder.out.push(name);
                }
                (Entry::Group(g), _) => {
                    // Files come in the plugin's order.
                    sink.files(std::mem::take(&mut pending))?;
                    let stem = group_stem(&g.header, &folder.stems);
                    let name = folder.names.take(&stem, "");
                    let path = join(dir, &name);
                    sink.folder(&path)?;
                    let children = self.list(&g.children, &path, sink)?;
                    let mut m = group_header_json(&g.header, game, ctx);
                    m.insert("entries".into(), Value::from(children));
                    sink.file(&join(&path, GROUP_FILE), &to_text(&Value::Object(m)))?;
                    folder.out.push(name);
                }
                (Entry::Record(_), None) => unreachable!("every record is made into text"),
            }
        }
        sink.files(pending)
    }
}

/// The folder name of a group: its record type for a top group, its
/// number or grid for a block, the name of the record it belongs to for
/// a world's, cell's or topic's children.
fn group_stem(h: &GroupHeader, stems: &foldhash::HashMap<FormId, String>) -> String {
    match (h.kind(), h.label()) {
        (GroupKind::Top, GroupLabel::Sig(s)) => file_safe(&s.to_string(), String::new()),
        (GroupKind::InteriorCellBlock, GroupLabel::Block(n)) => format!("block_{n}"),
        (GroupKind::InteriorCellSubBlock, GroupLabel::Block(n)) => format!("sub-block_{n}"),
        (GroupKind::ExteriorCellBlock, GroupLabel::Grid { y, x }) => format!("block_{x}_{y}"),
        (GroupKind::ExteriorCellSubBlock, GroupLabel::Grid { y, x }) => {
            format!("sub-block_{x}_{y}")
        }
        (GroupKind::CellPersistentChildren, _) => "persistent".into(),
        (GroupKind::CellTemporaryChildren, _) => "temporary".into(),
        (GroupKind::CellVisibleDistantChildren, _) => "distant".into(),
        (_, GroupLabel::Parent(id)) => stems
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("children_of_{id}")),
        _ => format!(
            "group_{}_{}",
            h.group_type,
            crate::io::to_hex(&h.label).replace(' ', "")
        ),
    }
}

/// The form context the tree's text is made in: form IDs are written as
/// bare numbers, without the plugin each belongs to, because which plugin
/// a number names depends on the master list: with notes, a master added
/// would rewrite every record's file.
pub fn tree_ctx(plugin: &Plugin<'_>) -> FormCtx {
    FormCtx {
        masters: Vec::new(),
        own_name: String::new(),
        localized: json::is_localized(plugin),
        strings: None,
        irefs: None,
    }
}

/// Writes `plugin` as a text tree to `sink`; `file_name` is the plugin's
/// own name, kept in the header file. Gives back how many records were
/// printed from their typed values.
pub fn unpack(plugin: &Plugin<'_>, file_name: &str, sink: &mut dyn TreeSink) -> Result<Unpacked> {
    unpack_in(plugin, file_name, sink, None)
}

/// Like [`unpack`], and gives back the path of each record's file too
/// (which holds about a hundred bytes a record until the end).
pub fn unpack_with_paths(
    plugin: &Plugin<'_>,
    file_name: &str,
    sink: &mut dyn TreeSink,
) -> Result<Unpacked> {
    unpack_in(plugin, file_name, sink, Some(HashMap::new()))
}

fn unpack_in(
    plugin: &Plugin<'_>,
    file_name: &str,
    sink: &mut dyn TreeSink,
    paths: Option<RecordPaths>,
) -> Result<Unpacked> {
    let ctx = &tree_ctx(plugin);
    let mut u = Unpacker {
        plugin,
        ctx,
        paths,
        typed: 0,
    };
    let header = json::record_to_json(&plugin.header, plugin.game, ctx)?.value;
    let entries = u.list(&plugin.entries, "", sink)?;
    let mut m = Map::new();
    m.insert("format".into(), Value::from(FORMAT));
    m.insert("format_version".into(), Value::from(FORMAT_VERSION));
    m.insert("file".into(), Value::from(file_name));
    m.insert("game".into(), serde_json::json!(plugin.game));
    // Lets a pack adjust the header's record count by what an edit added
    // or removed.
    m.insert("entry_count".into(), Value::from(plugin.count_entries()));
    // The record files' form IDs are bare numbers, whose top byte is an
    // index into this list: with it, a pack renumbers them when the
    // header's masters are edited.
    m.insert(NUMBERED_BY.into(), Value::from(plugin.masters()?));
    if let Some(shown) = json::duplicate_form_ids_shown(plugin, ctx) {
        m.insert(json::DUPLICATE_FORM_IDS.into(), shown);
    }
    m.insert("header".into(), header);
    m.insert("entries".into(), Value::from(entries));
    sink.file(HEADER_FILE, &to_text(&Value::Object(m)))?;
    Ok(Unpacked {
        paths: u.paths.unwrap_or_default(),
        typed: u.typed,
    })
}

/// How many files the tree in `source` has, by the entries its header
/// file counts (a file each, and the header file): what [`pack`] reads.
/// `None` where the header file does not read or does not count them.
pub fn file_count(source: &dyn TreeSource) -> Option<u64> {
    let header = parse_json(&source.read(HEADER_FILE).ok()?, HEADER_FILE).ok()?;
    let counted = json::entry_count(header.as_object()?, HEADER_FILE).ok()??;
    Some(counted + 1)
}

/// The whole plugin as one text: every file of its tree, in the plugin's
/// order (the header file last), each after a line `file PATH`; written as
/// it is made. Made for `git diff` (a textconv filter): that line starts
/// with a letter and the JSON lines do not, so git shows the file a change
/// is in at the head of each hunk.
pub fn plugin_text(
    plugin: &Plugin<'_>,
    file_name: &str,
    out: &mut dyn std::io::Write,
) -> Result<()> {
    struct Printer<'o>(&'o mut dyn std::io::Write);
    impl TreeSink for Printer<'_> {
        fn folder(&mut self, _path: &str) -> Result<()> {
            Ok(())
        }
        fn file(&mut self, path: &str, text: &[u8]) -> Result<()> {
            writeln!(self.0, "file {path}")
                .and_then(|()| self.0.write_all(text))
                .map_err(|e| Error::new(crate::io::ErrorKind::Io, 0, format!("cannot write: {e}")))
        }
    }
    unpack(plugin, file_name, &mut Printer(out)).map(|_| ())
}

#[cfg(test)]
mod tests;
