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

pub use checked::unpack_checked;
pub use dir::{DirTree, MAX_FILE_BYTES};
use names::Names;

use crate::io::{decode_cp1252, from_hex, Error, FormId, Result};
use crate::json::{self, group_header_json, PieceBuilder};
use crate::plugin::{
    Body, Entry, Game, GroupHeader, GroupKind, GroupLabel, Plugin, Record, RecordHeader,
};
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
    json::write_header_text(rec, game, ctx, &mut out);
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

/// Whether `text` reads back into exactly the record, whose (inflated)
/// data is `data`: the same header, the same data, and for a compressed
/// record its stored payload kept. The proof that text printed from a
/// typed view loses nothing.
fn reads_back(text: &[u8], rec: &Record<'_>, data: &[u8], game: Game, ctx: &FormCtx) -> bool {
    let Some(back) = json::record_parts_from_text(text, game, ctx) else {
        return false;
    };
    let Some((header, original)) = json::record_header_from_keys(game, ctx, &back.header, None)
    else {
        return false;
    };
    let stored_kept = match (&rec.body, original) {
        (Body::Stored(stored), Some(original)) => {
            rec.header.is_compressed() && **stored == *original
        }
        (_, None) => !rec.header.is_compressed(),
        _ => false,
    };
    let same_header = RecordHeader {
        data_size: rec.header.data_size,
        ..header
    } == rec.header;
    stored_kept && same_header && back.data == data
}

/// A declared record's text printed from its typed view, as
/// [`json::record_to_json`] and [`to_text`] would print it, and proven to
/// read back into the record; `None` where the record needs the JSON
/// path (which proves its text in its own way).
fn typed_record_text(rec: &Record<'_>, game: Game, ctx: &FormCtx) -> Option<RecordText> {
    use crate::schema::pretty::{close, key};
    let catalog = crate::defs::catalog(game);
    let h = &rec.header;
    let made = crate::schema::with_view_and_data(rec, catalog, ctx, |view, data| {
        // Text runs about seven times the record's data: room for most at
        // once.
        let mut out = Vec::with_capacity(1024 + 8 * data.len());
        out.push(b'{');
        json::write_header_text(rec, game, ctx, &mut out);
        key("fields", false, 1, &mut out);
        crate::schema::text_out::write_fields(view, ctx, 1, &mut out)?;
        close(b'}', false, 0, &mut out);
        out.push(b'\n');
        if !reads_back(&out, rec, data, game, ctx) {
            return None;
        }
        let edid = view.get("editor_id").and_then(|v| v.text());
        Some((record_stem(h.form_id, edid.as_deref()), out))
    });
    made.ok().flatten().flatten()
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

/// A file's text without the byte order mark some Windows editors put
/// at the start of UTF-8: it is no part of the JSON.
fn without_bom(text: &[u8]) -> &[u8] {
    text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text)
}

/// A file's JSON text read; text that is not JSON, or gives a key twice
/// in one object, is refused with the line and the key's place.
fn parse_json(text: &[u8], path: &str) -> Result<Value> {
    crate::json_text::from_slice(without_bom(text)).map_err(|e| bad(path, e))
}

/// The names an entries list holds, taken out of `m`.
fn entry_names(m: &mut Map<String, Value>, path: &str) -> Result<Vec<String>> {
    let list = m
        .get_mut("entries")
        .and_then(Value::as_array_mut)
        .ok_or_else(|| {
            bad(
                path,
                "\"entries\": expected a list of file and folder names",
            )
        })?;
    list.iter_mut()
        .map(|n| match n {
            Value::String(name) => {
                check_name(name, path)?;
                Ok(std::mem::take(name))
            }
            other => Err(bad(
                path,
                format!("\"entries\": expected a name, found {other}"),
            )),
        })
        .collect()
}

/// A record file's text built into its record by reading the text
/// directly, without parsing it into JSON values first: what [`pack`]
/// does for most records, as it is about twice as fast. `None` where
/// that reading does not follow the text exactly (see
/// [`record_from_text_parsed`]); where it gives a record, it is the one
/// `record_from_text_parsed` builds.
pub fn record_from_text_direct(
    text: &[u8],
    builder: &PieceBuilder,
    parent: Option<&GroupHeader>,
) -> Option<Record<'static>> {
    json::record_from_text(without_bom(text), builder.game(), builder.ctx(), parent)
}

/// A record file's text (at `path`, for messages) parsed as JSON and
/// built into its record in a group like `parent`: what [`pack`] does for
/// the records [`record_from_text_direct`] does not take, and where a
/// record is refused, the error [`pack`] gives.
pub fn record_from_text_parsed(
    text: &[u8],
    path: &str,
    builder: &PieceBuilder,
    parent: Option<&GroupHeader>,
) -> Result<Record<'static>> {
    let value = parse_json(text, path)?;
    builder.build(&value, path, parent)
}

/// Makes each batch of `items` with `make` (which shares its work among
/// the threads) and hands it to `place`, in order. The next batch is made
/// while one is placed, so that the threads making them never wait for
/// the placing; batches are enough to share among threads and few enough
/// to keep memory small: at most [`BATCH`] items, and no more than
/// [`BATCH_WEIGHT`] by `weight` (about the bytes each makes) once one is
/// in, as a few large records make as much text as many small ones.
///
/// An item that `opens` (a group, whose children are placed in batches
/// of their own) ends its batch: no text made before it waits through
/// its children, and at each level of nesting only the batch made ahead
/// does.
fn pipelined<T: Sync, B: Send>(
    items: &[T],
    weight: impl Fn(&T) -> usize,
    opens: impl Fn(&T) -> bool,
    make: &(dyn Fn(&[T]) -> B + Sync),
    mut place: impl FnMut(&[T], B) -> Result<()>,
) -> Result<()> {
    let batches = batches(items, weight, opens);
    let mut ready = batches.first().map(|b| make(b));
    for (i, batch) in batches.iter().enumerate() {
        let made = ready.take().expect("each batch is made before its turn");
        let mut next = None;
        let placed = rayon::in_place_scope(|s| {
            if let Some(after) = batches.get(i + 1) {
                let next = &mut next;
                s.spawn(move |_| *next = Some(make(after)));
            }
            place(batch, made)
        });
        placed?;
        ready = next;
    }
    Ok(())
}

/// The most items in one batch of [`pipelined`].
const BATCH: usize = 512;
/// The most weight in one batch of [`pipelined`] (beyond its first item):
/// a record's data, whose text runs about seven times as long.
const BATCH_WEIGHT: usize = 256 * 1024;

/// `items` cut into the batches [`pipelined`] makes.
fn batches<T>(items: &[T], weight: impl Fn(&T) -> usize, opens: impl Fn(&T) -> bool) -> Vec<&[T]> {
    let mut out = Vec::new();
    let (mut start, mut load) = (0, 0);
    for (i, item) in items.iter().enumerate() {
        let w = weight(item);
        if i > start && (i - start == BATCH || load + w > BATCH_WEIGHT) {
            out.push(&items[start..i]);
            (start, load) = (i, 0);
        }
        load += w;
        if opens(item) {
            out.push(&items[start..=i]);
            (start, load) = (i + 1, 0);
        }
    }
    if start < items.len() {
        out.push(&items[start..]);
    }
    out
}

/// About how many bytes of data an entry holds, inflated: what its text
/// grows with. A group's children are made in batches of their own.
fn entry_weight(e: &Entry<'_>) -> usize {
    match e {
        Entry::Group(_) => 0,
        Entry::Record(r) => match &r.body {
            // A compressed record's payload starts with the size it
            // inflates to; a false size only makes a batch smaller.
            Body::Stored(stored) if r.header.is_compressed() => {
                stored.get(..4).map_or(stored.len(), |n| {
                    u32::from_le_bytes(n.try_into().expect("four bytes")) as usize
                })
            }
            Body::Stored(stored) => stored.len(),
            Body::Subrecords(subs) => subs.iter().map(|s| s.data.len() + 6).sum(),
        },
    }
}

/// A record file read, parsed and built, or where that failed.
type Built = Result<Record<'static>>;

struct Packer<'s> {
    source: &'s dyn TreeSource,
    builder: &'s PieceBuilder,
    game: Game,
    out: Vec<u8>,
    entries: usize,
    records: u64,
}

impl Packer<'_> {
    /// Refuses record files and folders in `dir` that its entries list
    /// (in `listing`) does not name.
    fn check_listed(&self, names: &[String], dir: &str, listing: &str) -> Result<()> {
        let Some(present) = self.source.list(dir) else {
            return Ok(());
        };
        let listed: HashSet<&str> = names.iter().map(String::as_str).collect();
        let mut stray: Vec<String> = present
            .into_iter()
            .filter(|n| !listed.contains(n.as_str()))
            .collect();
        stray.sort();
        match stray.first() {
            None => Ok(()),
            Some(first) => Err(bad(
                &join(dir, first),
                format!(
                    "not named in the \"entries\" of {listing}{}: list it where it stands in the plugin, or remove it",
                    if stray.len() > 1 {
                        format!(" (nor {} more here)", stray.len() - 1)
                    } else {
                        String::new()
                    }
                ),
            )),
        }
    }

    fn list(
        &mut self,
        names: &[String],
        dir: &str,
        parent: Option<&GroupHeader>,
        depth: usize,
    ) -> Result<()> {
        // Groups nest about five deep in real files; a tree made by hand
        // must not be able to exhaust the stack.
        if depth > MAX_DEPTH {
            return Err(bad(
                dir,
                format!("groups nest more than {MAX_DEPTH} deep here"),
            ));
        }
        let listing = if dir.is_empty() {
            HEADER_FILE.to_string()
        } else {
            join(dir, GROUP_FILE)
        };
        self.check_listed(names, dir, &listing)?;
        let (source, builder) = (self.source, self.builder);
        // Read, parsed and built in parallel; written in order.
        let build = |batch: &[String]| -> Vec<Option<Built>> {
            batch
                .par_iter()
                .map(|name| {
                    is_record_name(name).then(|| {
                        let path = join(dir, name);
                        let text = source.read(&path)?;
                        match record_from_text_direct(&text, builder, parent) {
                            Some(record) => Ok(record),
                            None => record_from_text_parsed(&text, &path, builder, parent),
                        }
                    })
                })
                .collect()
        };
        // Text files all weigh the same here: their sizes are known only
        // once read.
        let opens = |name: &String| !is_record_name(name);
        pipelined(
            names,
            |_| 0,
            opens,
            &build,
            |batch, built| self.place(batch, built, dir, depth),
        )?;
        Ok(())
    }

    /// Writes the records of a batch, built, in order, with the groups
    /// among them.
    fn place(
        &mut self,
        batch: &[String],
        built: Vec<Option<Built>>,
        dir: &str,
        depth: usize,
    ) -> Result<()> {
        for (name, record) in batch.iter().zip(built) {
            let path = join(dir, name);
            self.entries += 1;
            match record {
                Some(record) => {
                    let rec = record?;
                    self.builder.claim(rec.header.form_id, &path)?;
                    rec.write(&mut self.out, self.game)?;
                    self.records += 1;
                }
                None => {
                    let file = join(&path, GROUP_FILE);
                    let mut v = parse_json(&self.source.read(&file)?, &file)?;
                    let m = v
                        .as_object_mut()
                        .ok_or_else(|| bad(&file, "expected a JSON object"))?;
                    let header = self.builder.group_header(m, &file, &["entries"])?;
                    let children = entry_names(m, &file)?;
                    let start = self.out.len();
                    header.write(&mut self.out, self.game);
                    self.list(&children, &path, Some(&header), depth + 1)?;
                    let size = u32::try_from(self.out.len() - start)
                        .map_err(|_| bad(&path, "group larger than 4 GiB"))?;
                    self.out[start + 4..start + 8].copy_from_slice(&size.to_le_bytes());
                }
            }
        }
        Ok(())
    }
}

/// A plugin packed from a text tree.
#[derive(Debug)]
pub struct Packed {
    /// The plugin's bytes.
    pub bytes: Vec<u8>,
    /// The game, as the tree says.
    pub game: Game,
    /// The plugin's own name, as the tree says.
    pub file: String,
    /// Records in the plugin, the header included.
    pub records: u64,
}

/// Builds the plugin a text tree describes, reading the tree's files one
/// folder at a time: the plugin's bytes are written as each record is
/// built, and no more than a folder's batch of records is held as JSON.
///
/// What would not give the plugin the text describes is refused with an
/// error naming the file and the field, as `build` does for the JSON form.
pub fn pack(source: &dyn TreeSource) -> Result<Packed> {
    let mut doc = parse_json(&source.read(HEADER_FILE)?, HEADER_FILE)?;
    let m = doc
        .as_object_mut()
        .ok_or_else(|| bad(HEADER_FILE, "expected a JSON object"))?;
    if m.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(bad(
            HEADER_FILE,
            format!("not an esscribe text tree (\"format\" must be \"{FORMAT}\")"),
        ));
    }
    let allowed = [
        "format",
        "format_version",
        "file",
        "game",
        "entry_count",
        NUMBERED_BY,
        json::DUPLICATE_FORM_IDS,
        "header",
        "entries",
    ];
    if let Some(k) = m.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(bad(
            HEADER_FILE,
            format!("unknown key \"{k}\" (expected {})", allowed.join(", ")),
        ));
    }
    if let Some(v) = m.get("format_version") {
        if v.as_u64() != Some(FORMAT_VERSION) {
            return Err(bad(
                HEADER_FILE,
                format!(
                    "\"format_version\": this esscribe reads version {FORMAT_VERSION}, found {v}"
                ),
            ));
        }
    }
    let game_v = m
        .get("game")
        .ok_or_else(|| bad(HEADER_FILE, "missing \"game\""))?;
    let game: Game = serde_json::from_value(game_v.clone())
        .map_err(|_| bad(HEADER_FILE, format!("\"game\": unknown game {game_v}")))?;
    let file = match m.get("file") {
        None => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => {
            return Err(bad(
                HEADER_FILE,
                format!("\"file\": expected the plugin's file name, found {other}"),
            ))
        }
    };
    let counted = json::entry_count(m, HEADER_FILE)?;
    let numbered_by = match m.get(NUMBERED_BY) {
        None => None,
        Some(v) => Some(
            v.as_array()
                .and_then(|list| {
                    list.iter()
                        .map(|n| n.as_str().map(str::to_string))
                        .collect::<Option<Vec<String>>>()
                })
                .ok_or_else(|| {
                    bad(
                        HEADER_FILE,
                        format!("\"{NUMBERED_BY}\": expected a list of plugin names, found {v}"),
                    )
                })?,
        ),
    };
    let header_v = m
        .remove("header")
        .ok_or_else(|| bad(HEADER_FILE, "missing \"header\""))?;
    let names = entry_names(m, HEADER_FILE)?;
    let (mut builder, header) =
        PieceBuilder::new(game, &file, &header_v, &format!("{HEADER_FILE}: header"))?;
    builder.allow_duplicates(json::listed_duplicates(m, builder.ctx(), HEADER_FILE)?);
    let mut p = Packer {
        source,
        builder: &builder,
        game,
        out: Vec::new(),
        entries: 0,
        records: 0,
    };
    header.write(&mut p.out, game)?;
    let header_len = p.out.len();
    p.list(&names, "", None, 0)?;
    let mut bytes = p.out;
    if let Some(counted) = counted {
        let delta = p.entries as i64 - counted as i64;
        if delta != 0 {
            let moved = crate::plugin::header_with_count_moved(&header, game, delta)
                .map_err(|e| bad(HEADER_FILE, e))?;
            let mut new_header = Vec::new();
            moved.write(&mut new_header, game)?;
            bytes.splice(..header_len, new_header);
        }
    }
    if let Some(old) = numbered_by {
        bytes = renumbered(bytes, game, &header, &old)?;
    }
    if game == Game::Skyrim && header.header.flags & crate::plugin::FLAG_LIGHT != 0 {
        // As `build` does: a light flag on new records that do not fit
        // would load them under other form IDs.
        let plugin = Plugin::parse_as(&bytes, game).map_err(|e| bad(HEADER_FILE, e))?;
        let light = crate::plugin::light::check_light(&plugin).map_err(|e| bad(HEADER_FILE, e))?;
        if let Some(why) = light.refusal() {
            return Err(bad(HEADER_FILE, why));
        }
    }
    Ok(Packed {
        bytes,
        game,
        file,
        records: p.records + 1,
    })
}

/// A packed plugin whose form IDs are numbered by the masters `old`,
/// renumbered for the masters its header lists, where they differ (the
/// header's masters edited in the tree). A master the header no longer
/// lists may no longer be used. The plugin is parsed only then.
fn renumbered(bytes: Vec<u8>, game: Game, header: &Record<'_>, old: &[String]) -> Result<Vec<u8>> {
    let new = crate::plugin::PluginHeader::from_record(header, game)
        .map_err(|e| bad(HEADER_FILE, e))?
        .masters;
    let same = old.len() == new.len()
        && old
            .iter()
            .zip(&new)
            .all(|(a, b)| a.eq_ignore_ascii_case(&b.name));
    if same {
        return Ok(bytes);
    }
    let mut plugin = Plugin::parse_as(&bytes, game).map_err(|e| bad(HEADER_FILE, e))?;
    crate::masters::renumber_from(&mut plugin, old).map_err(|e| {
        bad(
            HEADER_FILE,
            format!(
                "the masters were edited, and the record files' form IDs, numbered by {}, cannot follow: {e}",
                old.join(", ")
            ),
        )
    })?;
    plugin.to_bytes().map_err(|e| bad(HEADER_FILE, e))
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
mod tests {
    use super::*;

    fn cut(weights: &[usize], opening: &[usize]) -> Vec<usize> {
        let items: Vec<usize> = (0..weights.len()).collect();
        batches(&items, |&i| weights[i], |i| opening.contains(i))
            .iter()
            .map(|b| b.len())
            .collect()
    }

    #[test]
    fn batches_hold_few_items_little_text_and_end_at_groups() {
        assert_eq!(cut(&[0; 1200], &[]), [BATCH, BATCH, 1200 - 2 * BATCH]);
        assert_eq!(cut(&[], &[]), Vec::<usize>::new());
        // By weight: a batch takes what fits after its first item.
        let kb = 1024;
        assert_eq!(cut(&[200 * kb, 100 * kb, 10 * kb], &[]), [1, 2]);
        assert_eq!(cut(&[900 * kb, 900 * kb, 1], &[]), [1, 1, 1]);
        assert_eq!(cut(&[128 * kb, 128 * kb, 1], &[]), [2, 1]);
        // A group ends its batch.
        assert_eq!(cut(&[1; 5], &[1]), [2, 3]);
        assert_eq!(cut(&[1; 3], &[0, 1, 2]), [1, 1, 1]);
    }
}
