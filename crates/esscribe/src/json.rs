//! Whole plugins as JSON and back.
//!
//! Declared records show their fields by name (enum and flag names, form
//! IDs with the plugin they belong to); other records list their
//! subrecords as hex. Building a plugin from an unedited dump gives back
//! the original bytes: a compressed record carries its original stored
//! payload, reused when the fields still encode to what it inflates to.

use crate::io::{to_hex, Error, FormId, Result, Sig};
use crate::plugin::{
    compress_record_data, decompress_record_data, encode_subrecords, Body, Entry, Game, Group,
    GroupHeader, GroupKind, GroupLabel, Plugin, Record, RecordHeader, SizeForm, Subrecord,
    SubrecordRef, Subrecords,
};
pub use crate::plugin::{describe_record, RecordName};
use crate::schema::{self, Coverage, FormCtx};
use base64::Engine as _;
use rayon::prelude::*;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::borrow::Cow;

const FORMAT: &str = "esscribe-plugin";
const FORMAT_VERSION: u64 = 1;

/// A record turned into JSON, with what its decoding covered.
pub struct RecordJson {
    /// The record as a JSON object: header fields, then `fields` (decoded
    /// by its declaration), `subrecords` (no declaration) or `data_hex`
    /// (data that does not split into subrecords, or holds more of them
    /// than are read field by field: [`schema::reads_field_by_field`]).
    pub value: Value,
    /// What the decoding covered.
    pub coverage: Coverage,
    /// What was kept as bytes, and where.
    pub warnings: Vec<String>,
}

fn b64() -> base64::engine::GeneralPurpose {
    base64::engine::general_purpose::STANDARD
}

/// The form-ID context of a plugin: its masters and its own name.
pub fn form_ctx(plugin: &Plugin<'_>, own_name: &str) -> FormCtx {
    FormCtx {
        own_name: own_name.to_string(),
        ..FormCtx::of(plugin)
    }
}

/// Whether a plugin's translatable strings are string IDs (a Skyrim
/// plugin with the localized flag).
pub fn is_localized(plugin: &Plugin<'_>) -> bool {
    plugin.is_localized()
}

/// One record as JSON.
pub fn record_to_json(rec: &Record<'_>, game: Game, ctx: &FormCtx) -> Result<RecordJson> {
    let h = &rec.header;
    let mut m = header_json(rec, game, ctx);
    let data = rec.data(game)?;
    let base = rec.subrecord_base(game);
    let mut coverage = Coverage::default();
    let mut warnings = Vec::new();
    if !schema::reads_field_by_field(&data, base) {
        // Shown as its data whole: JSON values for each of so many
        // subrecords would take many times the record's size.
        Subrecords::new(&data, base)
            .flatten()
            .for_each(|s| coverage.add_raw(s.data.len()));
        warnings.push(schema::too_many_subrecords(&rec.describe(), &data, base));
        m.insert("data_hex".into(), Value::from(to_hex(&data)));
        return Ok(RecordJson {
            value: Value::Object(m),
            coverage,
            warnings,
        });
    }
    match Subrecords::new(&data, base).collect::<Result<Vec<_>>>() {
        Err(e) => {
            warnings.push(format!(
                "{}: data does not split into subrecords, kept as bytes: {e}",
                rec.describe()
            ));
            coverage.raw_bytes += data.len() as u64;
            m.insert("data_hex".into(), Value::from(to_hex(&data)));
        }
        Ok(subs) => {
            let name = RecordName {
                sig: h.sig,
                form_id: h.form_id,
                editor_id: subs.iter().find(|s| s.sig.0 == *b"EDID").map(|s| s.data),
                offset: rec.offset,
            };
            match crate::defs::catalog(game).find(h.sig) {
                Some(def) => {
                    let d = schema::decode(def, &subs, ctx, &name);
                    coverage = d.coverage;
                    warnings = d.warnings;
                    m.insert("fields".into(), Value::Object(d.fields));
                }
                None => {
                    let list = subs
                        .iter()
                        .map(|s| {
                            coverage.add_raw(s.data.len());
                            Value::Object(raw_sub_json(s))
                        })
                        .collect();
                    m.insert("subrecords".into(), Value::Array(list));
                }
            }
        }
    }
    Ok(RecordJson {
        value: Value::Object(m),
        coverage,
        warnings,
    })
}

/// A record's header fields as JSON, with the stored compressed payload.
fn header_json(rec: &Record<'_>, game: Game, ctx: &FormCtx) -> Map<String, Value> {
    let h = &rec.header;
    let mut m = Map::new();
    m.insert("type".into(), Value::from(h.sig.to_string()));
    m.insert("form_id".into(), ctx.show(h.form_id));
    m.insert("flags".into(), record_flags_json(game, h.sig, h.flags));
    m.insert("version_control".into(), Value::from(h.version_control));
    if game == Game::Skyrim {
        m.insert("form_version".into(), Value::from(h.form_version));
        m.insert("version_control_2".into(), Value::from(h.version_control_2));
    }
    if let (true, Body::Stored(stored)) = (h.is_compressed(), &rec.body) {
        m.insert("zlib_original".into(), Value::from(b64().encode(stored)));
    }
    m
}

/// The entries of [`header_json`] printed as the text tree prints them
/// (one deep in the record's object, the first entry), straight from the
/// header.
pub(crate) fn write_header_text(rec: &Record<'_>, game: Game, ctx: &FormCtx, out: &mut Vec<u8>) {
    use crate::schema::pretty::{key, string, unsigned};
    use crate::schema::text_out::{flags_text, form_id_text, sig_text};
    let h = &rec.header;
    key("type", true, 1, out);
    sig_text(h.sig, out);
    key("form_id", false, 1, out);
    if ctx.masters.is_empty() && ctx.own_name.is_empty() {
        form_id_text(h.form_id, out);
    } else {
        crate::schema::pretty::value(&ctx.show(h.form_id), 1, out);
    }
    key("flags", false, 1, out);
    let names = crate::defs::shared::record_flags::record_flags(game, h.sig.0);
    flags_text(names, h.flags as u64, 1, out);
    key("version_control", false, 1, out);
    unsigned(h.version_control as u64, out);
    if game == Game::Skyrim {
        key("form_version", false, 1, out);
        unsigned(h.form_version as u64, out);
        key("version_control_2", false, 1, out);
        unsigned(h.version_control_2 as u64, out);
    }
    if let (true, Body::Stored(stored)) = (h.is_compressed(), &rec.body) {
        key("zlib_original", false, 1, out);
        string(&b64().encode(stored), out);
    }
}

/// A record header's flags as JSON: the names of the bits set, in bit
/// order, a bit without a name for the record's type as hex
/// (`["persistent", "0x80"]`).
pub fn record_flags_json(game: Game, sig: Sig, flags: u32) -> Value {
    schema::value::flags_value(
        crate::defs::shared::record_flags::record_flags(game, sig.0),
        flags as u64,
    )
}

/// A record header's flags from JSON: a list of names and hex bits as
/// [`record_flags_json`] writes them, or one hex number
/// (`"0x00000400"`).
fn record_flags_from_json(game: Game, sig: Sig, m: &Map<String, Value>, path: &str) -> Result<u32> {
    let v = get(m, "flags", path)?;
    if v.is_string() {
        return get_hex_u32(m, "flags", path);
    }
    record_flags_from_list(game, sig, v, path)
}

/// A record header's flags from a list of names and hex bits.
fn record_flags_from_list(game: Game, sig: Sig, v: &Value, path: &str) -> Result<u32> {
    let defs = crate::defs::shared::record_flags::record_flags(game, sig.0);
    let n = schema::codec::json_flags(defs, v).map_err(|e| bad(path, format!("\"flags\": {e}")))?;
    u32::try_from(n).map_err(|_| bad(path, format!("\"flags\": 0x{n:X} does not fit 32 bits")))
}

/// A subrecord of an undeclared record as JSON.
fn raw_sub_json(s: &SubrecordRef<'_>) -> Map<String, Value> {
    let mut o = Map::new();
    o.insert("sig".into(), Value::from(s.sig.to_string()));
    o.insert("hex".into(), Value::from(to_hex(s.data)));
    if let SizeForm::Extended { short_size } = s.size_form {
        o.insert("xxxx_short_size".into(), Value::from(short_size));
    }
    o
}

/// A record without a declaration, written as its JSON is made, one
/// subrecord at a time: a record of a hundred thousand subrecords is never
/// held as JSON values (the form is that of [`record_to_json`]).
struct RawRecordJson<'j, 's, 'r, 'a>(&'j PluginJson<'s, 'a>, &'r Record<'a>);

impl Serialize for RawRecordJson<'_, '_, '_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let RawRecordJson(json, rec) = *self;
        let game = json.plugin.game;
        let data = rec.data(game).map_err(|e| json.fail::<S::Error>(e))?;
        let base = rec.subrecord_base(game);
        let mut m = s.serialize_map(None)?;
        for (k, v) in header_json(rec, game, json.ctx) {
            m.serialize_entry(&k, &v)?;
        }
        if Subrecords::new(&data, base).any(|s| s.is_err()) {
            m.serialize_entry("data_hex", &to_hex(&data))?;
        } else {
            m.serialize_entry("subrecords", &RawSubsJson(&data, base))?;
        }
        m.end()
    }
}

struct RawSubsJson<'d>(&'d [u8], u64);

impl Serialize for RawSubsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        for sub in Subrecords::new(self.0, self.1).flatten() {
            seq.serialize_element(&raw_sub_json(&sub))?;
        }
        seq.end()
    }
}

/// Which records a JSON form of a plugin shows.
pub type RecordFilter<'f> = &'f (dyn Fn(Sig, FormId) -> bool + Sync);

/// The JSON form of a plugin, made as it is written: records are turned
/// into JSON a batch at a time (in parallel) and written out, so that
/// writing a large plugin's JSON takes little memory.
struct PluginJson<'s, 'a> {
    plugin: &'s Plugin<'a>,
    file_name: &'s str,
    ctx: &'s FormCtx,
    keep: Option<RecordFilter<'s>>,
    /// The first error met while writing, given back whole (serde's own
    /// errors carry only text).
    failure: &'s std::sync::Mutex<Option<Error>>,
}

impl PluginJson<'_, '_> {
    fn fail<E: serde::ser::Error>(&self, e: Error) -> E {
        let message = e.to_string();
        let mut failure = self.failure.lock().unwrap_or_else(|p| p.into_inner());
        failure.get_or_insert(e);
        E::custom(message)
    }

    /// Whether an entry is shown: a record the filter keeps, or a group
    /// holding one.
    fn keeps(&self, e: &Entry<'_>) -> bool {
        let Some(keep) = self.keep else {
            return true;
        };
        match e {
            Entry::Record(r) => keep(r.header.sig, r.header.form_id),
            Entry::Group(g) => g.children.iter().any(|c| self.keeps(c)),
        }
    }

    fn record<E: serde::ser::Error>(&self, r: &Record<'_>) -> std::result::Result<Value, E> {
        record_to_json(r, self.plugin.game, self.ctx)
            .map(|r| r.value)
            .map_err(|e| self.fail(e))
    }
}

impl Serialize for PluginJson<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let plugin = self.plugin;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("format", FORMAT)?;
        m.serialize_entry("format_version", &FORMAT_VERSION)?;
        m.serialize_entry("file", self.file_name)?;
        m.serialize_entry("game", &plugin.game)?;
        // Lets a build adjust the header's record count by what an edit
        // added or removed.
        m.serialize_entry("entry_count", &plugin.count_entries())?;
        if let Some(shown) = duplicate_form_ids_shown(plugin, self.ctx) {
            m.serialize_entry(DUPLICATE_FORM_IDS, &shown)?;
        }
        m.serialize_entry("header", &self.record::<S::Error>(&plugin.header)?)?;
        m.serialize_entry("entries", &EntriesJson(self, &plugin.entries))?;
        m.end()
    }
}

struct EntriesJson<'j, 's, 'a>(&'j PluginJson<'s, 'a>, &'s [Entry<'a>]);

impl Serialize for EntriesJson<'_, '_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        /// Records turned into JSON at once: enough to share among
        /// threads, few enough to keep memory small...
        const BATCH: usize = 256;
        /// ...and no more data than this in a batch (or one record), so
        /// that memory stays a small multiple of the largest record.
        const BATCH_BYTES: u64 = 1 << 20;
        let EntriesJson(json, entries) = *self;
        let shown: Vec<&Entry<'_>> = entries.iter().filter(|e| json.keeps(e)).collect();
        let mut seq = s.serialize_seq(Some(shown.len()))?;
        let mut rest = &shown[..];
        while !rest.is_empty() {
            let mut bytes = 0u64;
            let len = rest
                .iter()
                .take(BATCH)
                .take_while(|e| {
                    let fits = bytes < BATCH_BYTES;
                    bytes += data_len(e);
                    fits
                })
                .count();
            let (batch, after) = rest.split_at(len.max(1));
            rest = after;
            let (game, ctx) = (json.plugin.game, json.ctx);
            // Declared records are made in parallel; the others are
            // written as they are made, below.
            let records: Vec<Result<Option<Value>>> = batch
                .par_iter()
                .map(|e| match e {
                    Entry::Record(r) if crate::defs::catalog(game).find(r.header.sig).is_some() => {
                        record_to_json(r, game, ctx).map(|r| Some(r.value))
                    }
                    _ => Ok(None),
                })
                .collect();
            for (&e, record) in batch.iter().zip(records) {
                let record = record.map_err(|err| json.fail::<S::Error>(err))?;
                match (e, record) {
                    (Entry::Group(g), _) => seq.serialize_element(&GroupJson(json, g))?,
                    (Entry::Record(_), Some(v)) => seq.serialize_element(&v)?,
                    (Entry::Record(r), None) => seq.serialize_element(&RawRecordJson(json, r))?,
                }
            }
        }
        seq.end()
    }
}

/// How many bytes of data a record holds when read: its stated inflated
/// size when compressed (groups count nothing: their records are made in
/// batches of their own).
fn data_len(e: &Entry<'_>) -> u64 {
    match e {
        Entry::Group(_) => 0,
        Entry::Record(r) => match &r.body {
            Body::Stored(stored) if r.header.is_compressed() => {
                crate::plugin::compress::allowed_stated_size(stored).unwrap_or(0) as u64
            }
            Body::Stored(stored) => stored.len() as u64,
            Body::Subrecords(subs) => subs.iter().map(|s| s.encoded_len() as u64).sum(),
        },
    }
}

struct GroupJson<'j, 's, 'a>(&'j PluginJson<'s, 'a>, &'s Group<'a>);

impl Serialize for GroupJson<'_, '_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let GroupJson(json, g) = *self;
        let mut m = s.serialize_map(None)?;
        for (k, v) in group_header_json(&g.header, json.plugin.game, json.ctx) {
            m.serialize_entry(&k, &v)?;
        }
        m.serialize_entry("entries", &EntriesJson(json, &g.children))?;
        m.end()
    }
}

/// A group's header as JSON (its kind, label, stamp and, in Skyrim, the
/// unknown field), as the JSON form shows it before the group's entries.
pub fn group_header_json(h: &GroupHeader, game: Game, ctx: &FormCtx) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("group".into(), json!(h.kind()));
    if h.kind() == GroupKind::Unknown {
        m.insert("group_type".into(), Value::from(h.group_type));
    }
    let label = match h.label() {
        GroupLabel::Sig(s) => Value::from(s.to_string()),
        GroupLabel::Parent(id) => ctx.show(id),
        GroupLabel::Block(n) => Value::from(n),
        GroupLabel::Grid { y, x } => json!({"x": x, "y": y}),
        GroupLabel::Raw(b) => Value::from(to_hex(&b)),
    };
    m.insert("label".into(), label);
    m.insert("stamp".into(), Value::from(h.stamp));
    if game == Game::Skyrim {
        m.insert("unknown".into(), Value::from(h.unknown));
    }
    m
}

/// Makes the JSON form of a plugin with `make`, giving back an error met
/// on the way whole.
fn with_plugin_json<T>(
    plugin: &Plugin<'_>,
    ctx: &FormCtx,
    keep: Option<RecordFilter<'_>>,
    make: impl FnOnce(&PluginJson<'_, '_>) -> serde_json::Result<T>,
) -> Result<T> {
    let file_name = ctx.own_name.as_str();
    let failure = std::sync::Mutex::new(None);
    let json = PluginJson {
        plugin,
        file_name,
        ctx,
        keep,
        failure: &failure,
    };
    let made = make(&json);
    let failure = failure.into_inner().unwrap_or_else(|p| p.into_inner());
    match (made, failure) {
        (_, Some(e)) => Err(e),
        (Ok(v), None) => Ok(v),
        (Err(e), None) => Err(Error::new(
            crate::io::ErrorKind::Io,
            0,
            format!("cannot write the JSON: {e}"),
        )),
    }
}

/// The whole plugin as JSON; `file_name` names the plugin itself in form
/// IDs that belong to it.
pub fn plugin_to_json(plugin: &Plugin<'_>, file_name: &str) -> Result<Value> {
    let ctx = form_ctx(plugin, file_name);
    with_plugin_json(plugin, &ctx, None, |json| serde_json::to_value(json))
}

/// Writes the plugin's JSON (the form [`plugin_to_json`] makes, pretty
/// printed) to `out` as it is made, so that memory stays small however
/// large the plugin. With `keep`, only the records it accepts are shown
/// (and the groups that lead to them); the header always is.
pub fn write_plugin_json(
    plugin: &Plugin<'_>,
    file_name: &str,
    keep: Option<RecordFilter<'_>>,
    out: impl std::io::Write,
) -> Result<()> {
    write_plugin_json_in(plugin, &form_ctx(plugin, file_name), keep, out)
}

/// [`write_plugin_json`] with a form context made by the caller: one that
/// carries the string tables of a localized plugin, say, so that each
/// string ID shows its text.
pub fn write_plugin_json_in(
    plugin: &Plugin<'_>,
    ctx: &FormCtx,
    keep: Option<RecordFilter<'_>>,
    out: impl std::io::Write,
) -> Result<()> {
    with_plugin_json(plugin, ctx, keep, |json| {
        serde_json::to_writer_pretty(out, json)
    })
}

// ---- JSON → plugin ----

fn bad(path: &str, message: impl std::fmt::Display) -> Error {
    Error::json(format!("{path}: {message}"))
}

fn get<'v>(m: &'v Map<String, Value>, key: &str, path: &str) -> Result<&'v Value> {
    m.get(key)
        .ok_or_else(|| bad(path, format!("missing \"{key}\"")))
}

fn get_u64(m: &Map<String, Value>, key: &str, path: &str) -> Result<u64> {
    let v = get(m, key, path)?;
    v.as_u64().ok_or_else(|| {
        bad(
            path,
            format!("\"{key}\": expected a whole number, found {v}"),
        )
    })
}

fn get_u32(m: &Map<String, Value>, key: &str, path: &str) -> Result<u32> {
    let n = get_u64(m, key, path)?;
    u32::try_from(n).map_err(|_| bad(path, format!("\"{key}\": {n} does not fit in 32 bits")))
}

fn get_u16(m: &Map<String, Value>, key: &str, path: &str) -> Result<u16> {
    let n = get_u64(m, key, path)?;
    u16::try_from(n).map_err(|_| bad(path, format!("\"{key}\": {n} does not fit in 16 bits")))
}

/// A number written as hex text (`"0x00040000"`).
fn hex_u32(v: &Value) -> Option<u32> {
    v.as_str()
        .map(str::trim)
        .and_then(|t| t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")))
        .and_then(|hex| u32::from_str_radix(hex, 16).ok())
}

fn get_hex_u32(m: &Map<String, Value>, key: &str, path: &str) -> Result<u32> {
    let v = get(m, key, path)?;
    hex_u32(v).ok_or_else(|| {
        bad(
            path,
            format!("\"{key}\": expected hex like \"0x00040000\", found {v}"),
        )
    })
}

fn hex_field(v: &Value, path: &str) -> Result<Vec<u8>> {
    v.as_str()
        .and_then(crate::io::from_hex)
        .ok_or_else(|| bad(path, format!("expected hex bytes, found {v}")))
}

/// Refuses keys the JSON form does not have: a misspelt key would
/// otherwise be dropped without a word.
fn check_keys(m: &Map<String, Value>, allowed: &[&str], path: &str) -> Result<()> {
    match m.keys().find(|k| !allowed.contains(&k.as_str())) {
        None => Ok(()),
        Some(k) => Err(bad(
            path,
            format!(
                "unknown key \"{k}\" (expected {})",
                allowed
                    .iter()
                    .map(|a| format!("\"{a}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )),
    }
}

/// Whether a record of type `sig` may stand in a group like `g`.
fn fits_group(sig: Sig, g: &GroupHeader) -> bool {
    match g.kind() {
        GroupKind::Top => sig.0 == g.label,
        GroupKind::WorldChildren => matches!(&sig.0, b"CELL" | b"ROAD"),
        GroupKind::InteriorCellSubBlock | GroupKind::ExteriorCellSubBlock => sig.0 == *b"CELL",
        GroupKind::TopicChildren => sig.0 == *b"INFO",
        GroupKind::InteriorCellBlock | GroupKind::ExteriorCellBlock | GroupKind::CellChildren => {
            false
        }
        // Placed objects of many types, and groups of unknown kinds.
        GroupKind::CellPersistentChildren
        | GroupKind::CellTemporaryChildren
        | GroupKind::CellVisibleDistantChildren
        | GroupKind::Unknown => true,
    }
}

/// How many subrecords a record's fields keep as bytes: unexpected
/// subrecords (`!SIG`), subrecords that did not fit (`_hex`) and bytes left
/// over after declared fields (`_rest`).
fn raw_markers(m: &Map<String, Value>) -> usize {
    fn within(v: &Value) -> usize {
        match v {
            Value::Object(m) => raw_markers(m),
            Value::Array(list) => list.iter().map(within).sum(),
            _ => 0,
        }
    }
    m.iter()
        .map(|(k, v)| {
            let own = (k.starts_with('!') || k == "_hex" || k == "_rest") as usize;
            own + within(v)
        })
        .sum()
}

/// What reading a built record back by its declaration must give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ReadBack {
    /// Raw data (`data_hex`), or a type without a declaration.
    Unchecked,
    /// Raw subrecords of a declared type: each must fit its layout.
    NoMisfit,
    /// Fields: no more subrecords kept as bytes than the JSON kept.
    AtMostRaw(usize),
}

/// Reads a built record back by its declaration; the error says which
/// subrecords did not come back as the JSON meant.
fn check_read_back(record: &Record<'_>, game: Game, ctx: &FormCtx, expect: ReadBack) -> Result<()> {
    if expect == ReadBack::Unchecked {
        return Ok(());
    }
    let verdict = schema::with_view(record, crate::defs::catalog(game), ctx, |view| {
        // A member declared as bytes reads back as the bytes the JSON
        // gave, whatever their size: nothing it meant is lost.
        let kept = || {
            view.raw_subrecords()
                .filter(|r| r.fate != schema::Fate::Undecoded)
        };
        // Looked at without a list first: nearly every record passes.
        let passes = match expect {
            ReadBack::NoMisfit => !kept().any(|r| r.fate == schema::Fate::Misfit),
            ReadBack::AtMostRaw(n) => kept().nth(n).is_none(),
            ReadBack::Unchecked => true,
        };
        if passes {
            return None;
        }
        let raw: Vec<schema::RawSub<'_>> = kept().collect();
        let shown: Vec<&schema::RawSub<'_>> = match expect {
            ReadBack::NoMisfit => raw
                .iter()
                .filter(|r| r.fate == schema::Fate::Misfit)
                .collect(),
            ReadBack::AtMostRaw(n) if raw.len() > n => raw.iter().collect(),
            _ => return None,
        };
        if shown.is_empty() {
            return None;
        }
        let mut text = shown
            .iter()
            .take(4)
            .map(|r| r.to_string())
            .collect::<Vec<_>>()
            .join("; ");
        if shown.len() > 4 {
            text.push_str(&format!("; and {} more", shown.len() - 4));
        }
        Some(text)
    })?;
    match verdict.flatten() {
        None => Ok(()),
        Some(text) => Err(Error::json(format!(
            "its data would not read back by the declaration of {}: {text}",
            record.header.sig
        ))),
    }
}

/// A plugin built from JSON, and what its records must read back as.
pub struct Built {
    /// The plugin built.
    pub plugin: Plugin<'static>,
    /// Per record (the header first, then in file order): where it is in
    /// the JSON, and what reading it back must give.
    checks: Vec<(String, ReadBack)>,
    ctx: FormCtx,
}

impl Built {
    /// Checks the bytes written from this plugin, as read back from disk:
    /// they parse, hold the records the JSON held, and every declared
    /// record reads back by its declaration as its JSON said.
    pub fn check_written(&self, bytes: &[u8]) -> Result<()> {
        let game = self.plugin.game;
        let parsed = Plugin::parse_as(bytes, game)?;
        let mut records = std::iter::once(&parsed.header).chain(parsed.records());
        for (path, expect) in &self.checks {
            let record = records
                .next()
                .ok_or_else(|| bad(path, "the written file ends before this record"))?;
            check_read_back(record, game, &self.ctx, *expect).map_err(|e| bad(path, e))?;
        }
        if records.next().is_some() {
            return Err(Error::json(format!(
                "the written file holds more records than the JSON ({})",
                self.checks.len()
            )));
        }
        Ok(())
    }
}

/// The key of a plugin's JSON form and of its text tree's header file
/// that lists the form IDs more than one of its records have.
pub(crate) const DUPLICATE_FORM_IDS: &str = "duplicate_form_ids";

/// The form IDs more than one record of `plugin` has, in order: a defect
/// of some real plugins (the game takes the last), kept so that such a
/// plugin is written back as it was.
pub(crate) fn duplicate_form_ids(plugin: &Plugin<'_>) -> Vec<FormId> {
    let mut ids: Vec<u32> = plugin.records().map(|r| r.header.form_id.0).collect();
    ids.sort_unstable();
    let mut out: Vec<FormId> = ids
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| FormId(w[0]))
        .collect();
    out.dedup();
    out
}

/// The list [`DUPLICATE_FORM_IDS`] holds for `plugin`, its form IDs shown
/// in `ctx`; `None` where no form ID is given twice, and the key is left
/// out.
pub(crate) fn duplicate_form_ids_shown(plugin: &Plugin<'_>, ctx: &FormCtx) -> Option<Value> {
    let ids = duplicate_form_ids(plugin);
    (!ids.is_empty()).then(|| ids.into_iter().map(|id| ctx.show(id)).collect())
}

/// The form IDs met so far, with the path of the record each is the form
/// ID of.
#[derive(Default)]
struct Seen {
    paths: foldhash::HashMap<FormId, String>,
    /// Those the document lists as more than one record's
    /// ([`DUPLICATE_FORM_IDS`]).
    may_repeat: foldhash::HashSet<FormId>,
}

impl Seen {
    /// Notes that `form_id` is the form ID of the record at `path`; one
    /// met before is refused, unless the document lists it as given twice.
    fn claim(&mut self, form_id: FormId, path: &str) -> Result<()> {
        if let Some(first) = self.paths.get(&form_id) {
            if self.may_repeat.contains(&form_id) {
                return Ok(());
            }
            return Err(bad(
                path,
                format!(
                    "form ID {form_id} is already the form ID of {first} (a plugin that \
                     really gives two records one form ID lists it in \"{DUPLICATE_FORM_IDS}\")"
                ),
            ));
        }
        self.paths.insert(form_id, path.to_string());
        Ok(())
    }
}

/// The form IDs listed as more than one record's ([`DUPLICATE_FORM_IDS`])
/// in the object `m` (at `path`, for messages), read as `ctx` numbers
/// them.
pub(crate) fn listed_duplicates(
    m: &Map<String, Value>,
    ctx: &FormCtx,
    path: &str,
) -> Result<foldhash::HashSet<FormId>> {
    let Some(v) = m.get(DUPLICATE_FORM_IDS) else {
        return Ok(Default::default());
    };
    let fail = |what: String| bad(path, format!("\"{DUPLICATE_FORM_IDS}\": {what}"));
    let list = v
        .as_array()
        .ok_or_else(|| fail(format!("expected a list of form IDs, found {v}")))?;
    list.iter()
        .map(|id| {
            let text = id.as_str().ok_or_else(|| {
                fail(format!("expected a form ID like \"0x0001CB6\", found {id}"))
            })?;
            schema::parse_form_id(text, Some(ctx)).map_err(|e| fail(e.to_string()))
        })
        .collect()
}

/// Builds records and groups from JSON, checking what a plugin needs.
struct Builder {
    game: Game,
    /// The plugin's masters and name, for form IDs' notes.
    ctx: FormCtx,
    /// Form IDs met so far, with where.
    seen: Seen,
    checks: Vec<(String, ReadBack)>,
    /// Whether `checks` is kept (a plugin built piece by piece is checked
    /// as each record is built, and never holds the list).
    keep_checks: bool,
}

impl Builder {
    fn record(
        &mut self,
        v: &Value,
        path: &str,
        parent: Option<&GroupHeader>,
        is_header: bool,
    ) -> Result<Record<'static>> {
        let (record, path, expect) = self.make_record(v, path, parent, is_header)?;
        if !is_header {
            self.claim(record.header.form_id, &path)?;
        }
        if self.keep_checks {
            self.checks.push((path, expect));
        }
        Ok(record)
    }

    /// Notes that `form_id` is the form ID of the record at `path`; one
    /// met before is refused.
    fn claim(&mut self, form_id: FormId, path: &str) -> Result<()> {
        self.seen.claim(form_id, path)
    }

    /// A record from its JSON, checked but for its form ID being new:
    /// gives back the record, where it is (with its type and form ID) and
    /// what reading it back must give.
    fn make_record(
        &self,
        v: &Value,
        path: &str,
        parent: Option<&GroupHeader>,
        is_header: bool,
    ) -> Result<(Record<'static>, String, ReadBack)> {
        let game = self.game;
        let m = v
            .as_object()
            .ok_or_else(|| bad(path, format!("expected a record object, found {v}")))?;
        let sig_v = get(m, "type", path)?;
        let sig = sig_v
            .as_str()
            .and_then(Sig::parse)
            .filter(|s| crate::plugin::is_record_sig(*s))
            .ok_or_else(|| {
                bad(
                    path,
                    format!("\"type\": {sig_v} is not a record type (four characters from A-Z, 0-9 and _)"),
                )
            })?;
        let id_v = get(m, "form_id", path)?;
        let form_id = id_v
            .as_str()
            .ok_or_else(|| format!("expected a form ID like \"0x0001CB6\", found {id_v}"))
            .and_then(|t| {
                schema::parse_form_id(t, (!is_header).then_some(&self.ctx))
                    .map_err(|e| e.to_string())
            })
            .map_err(|e| bad(&format!("{path} ({sig})"), format!("\"form_id\": {e}")))?;
        let path = &format!("{path} ({sig} {form_id})");
        let flags = record_flags_from_json(game, sig, m, path)?;
        let compressed = flags & crate::plugin::FLAG_COMPRESSED != 0;
        let mut allowed = vec!["type", "form_id", "flags", "version_control"];
        if game == Game::Skyrim {
            allowed.extend(["form_version", "version_control_2"]);
        }
        if m.contains_key("zlib_original") && !compressed {
            return Err(bad(
                path,
                "\"zlib_original\" is only for compressed records (flag 0x00040000)",
            ));
        }
        allowed.extend(["zlib_original", "fields", "subrecords", "data_hex"]);
        check_keys(m, &allowed, path)?;
        let given: Vec<&str> = ["fields", "subrecords", "data_hex"]
            .into_iter()
            .filter(|k| m.contains_key(*k))
            .collect();
        if given.len() > 1 {
            return Err(bad(
                path,
                format!(
                    "\"{}\" and \"{}\" both given: a record's data comes from one of \"fields\", \"subrecords\" or \"data_hex\"",
                    given[0], given[1]
                ),
            ));
        }
        if let Some(g) = parent {
            if !fits_group(sig, g) {
                let holds = match g.kind() {
                    GroupKind::Top => format!("{} records", Sig(g.label)),
                    GroupKind::WorldChildren => "CELL and ROAD records".into(),
                    GroupKind::InteriorCellSubBlock | GroupKind::ExteriorCellSubBlock => {
                        "CELL records".into()
                    }
                    GroupKind::TopicChildren => "INFO records".into(),
                    _ => "only groups".into(),
                };
                return Err(bad(
                    path,
                    format!(
                        "a {sig} record cannot stand in a {} group labelled {}: it holds {holds}",
                        g.kind().name(),
                        g.label()
                    ),
                ));
            }
        }
        let header = RecordHeader {
            sig,
            data_size: 0,
            flags,
            form_id,
            version_control: get_u32(m, "version_control", path)?,
            form_version: if game == Game::Skyrim {
                get_u16(m, "form_version", path)?
            } else {
                0
            },
            version_control_2: if game == Game::Skyrim {
                get_u16(m, "version_control_2", path)?
            } else {
                0
            },
        };
        let def = crate::defs::catalog(game).find(sig);
        let (data, expect): (Vec<u8>, ReadBack) = if let Some(hex) = m.get("data_hex") {
            (
                hex_field(hex, &format!("{path}: data_hex"))?,
                ReadBack::Unchecked,
            )
        } else if let Some(fields) = m.get("fields") {
            let def = def.ok_or_else(|| {
                bad(
                    path,
                    format!("\"fields\" given, but {sig} has no declaration; use \"subrecords\""),
                )
            })?;
            let fields = fields.as_object().ok_or_else(|| {
                bad(
                    path,
                    format!("\"fields\": expected an object, found {fields}"),
                )
            })?;
            let cx = schema::Enc {
                forms: Some(&self.ctx),
            };
            let data = schema::encode_data_in(def, fields, cx).map_err(|e| bad(path, e))?;
            (data, ReadBack::AtMostRaw(raw_markers(fields)))
        } else if let Some(list) = m.get("subrecords") {
            let list = list
                .as_array()
                .ok_or_else(|| bad(path, "\"subrecords\": expected a list"))?;
            let mut subs = Vec::with_capacity(list.len());
            for (i, s) in list.iter().enumerate() {
                let p = format!("{path}: subrecords[{i}]");
                let o = s
                    .as_object()
                    .ok_or_else(|| bad(&p, format!("expected an object, found {s}")))?;
                check_keys(o, &["sig", "hex", "xxxx_short_size"], &p)?;
                let sv = get(o, "sig", &p)?;
                let sig = sv
                    .as_str()
                    .and_then(Sig::parse)
                    .ok_or_else(|| bad(&p, format!("\"sig\": not a signature: {sv}")))?;
                let data = hex_field(get(o, "hex", &p)?, &p)?;
                let size_form = match o.get("xxxx_short_size") {
                    Some(_) => SizeForm::Extended {
                        short_size: get_u16(o, "xxxx_short_size", &p)?,
                    },
                    None => SizeForm::Short,
                };
                subs.push(Subrecord {
                    sig,
                    data,
                    size_form,
                });
            }
            let expect = match def {
                Some(_) => ReadBack::NoMisfit,
                None => ReadBack::Unchecked,
            };
            (encode_subrecords(&subs), expect)
        } else {
            return Err(bad(
                path,
                "needs \"fields\", \"subrecords\" or \"data_hex\"",
            ));
        };
        // Read back by the declaration before going further, so that the
        // error names the record in the JSON.
        let plain = Record {
            header: RecordHeader {
                flags: flags & !crate::plugin::FLAG_COMPRESSED,
                ..header
            },
            offset: 0,
            body: Body::Stored(Cow::Borrowed(&data)),
        };
        check_read_back(&plain, game, &self.ctx, expect).map_err(|e| bad(path, e))?;
        let stored = if header.is_compressed() {
            let original = match m.get("zlib_original") {
                Some(Value::String(s)) => Some(
                    b64()
                        .decode(s)
                        .map_err(|e| bad(path, format!("\"zlib_original\": not base64: {e}")))?,
                ),
                Some(other) => {
                    return Err(bad(
                        path,
                        format!("\"zlib_original\": expected base64 text, found {other}"),
                    ))
                }
                None => None,
            };
            // The original payload is reused when it still inflates to the
            // data; zlib settings differ between tools, so recompressing would
            // rarely give the same bytes.
            match original {
                Some(orig) if decompress_record_data(&orig, 0).is_ok_and(|d| d == data) => orig,
                _ => compress_record_data(&data)?,
            }
        } else {
            data
        };
        let record = Record {
            header,
            offset: 0,
            body: Body::Stored(Cow::Owned(stored)),
        };
        Ok((record, path.clone(), expect))
    }

    fn group(&mut self, m: &Map<String, Value>, path: &str) -> Result<Group<'static>> {
        let header = self.group_header(m, path, &["entries"])?;
        let path = format!("{path} (GRUP {})", header.label());
        let children = self.entries(get(m, "entries", &path)?, &path, Some(&header))?;
        Ok(Group {
            header,
            offset: 0,
            children,
        })
    }

    /// A group's header from its JSON; `extra` are the keys besides the
    /// header's that the object may hold.
    fn group_header(
        &self,
        m: &Map<String, Value>,
        path: &str,
        extra: &[&str],
    ) -> Result<GroupHeader> {
        let game = self.game;
        let kind_v = get(m, "group", path)?;
        let kind: GroupKind = serde_json::from_value(kind_v.clone())
            .map_err(|_| bad(path, format!("\"group\": unknown group kind {kind_v}")))?;
        let mut allowed = vec!["group", "label", "stamp"];
        allowed.extend_from_slice(extra);
        if kind == GroupKind::Unknown {
            allowed.push("group_type");
        }
        if game == Game::Skyrim {
            allowed.push("unknown");
        }
        check_keys(m, &allowed, path)?;
        let group_type = match kind {
            GroupKind::Unknown => get_u32(m, "group_type", path)? as i32,
            k => (0..=10)
                .find(|&t| GroupKind::from_type(t) == k)
                .expect("every known kind has a type"),
        };
        let lv = get(m, "label", path)?;
        let label_err = || {
            bad(
                path,
                format!("\"label\": does not fit a {} group: {lv}", kind.name()),
            )
        };
        let label: [u8; 4] = match kind {
            GroupKind::Top => {
                lv.as_str()
                    .and_then(Sig::parse)
                    .filter(|s| crate::plugin::is_record_sig(*s))
                    .ok_or_else(label_err)?
                    .0
            }
            GroupKind::InteriorCellBlock | GroupKind::InteriorCellSubBlock => {
                let n = lv
                    .as_i64()
                    .and_then(|n| i32::try_from(n).ok())
                    .ok_or_else(label_err)?;
                n.to_le_bytes()
            }
            GroupKind::ExteriorCellBlock | GroupKind::ExteriorCellSubBlock => {
                let part = |k: &str| {
                    lv.get(k)
                        .and_then(Value::as_i64)
                        .and_then(|n| i16::try_from(n).ok())
                        .ok_or_else(label_err)
                };
                if let Value::Object(o) = lv {
                    check_keys(o, &["x", "y"], &format!("{path}: label"))?;
                }
                let (y, x) = (part("y")?, part("x")?);
                let mut b = [0u8; 4];
                b[..2].copy_from_slice(&y.to_le_bytes());
                b[2..].copy_from_slice(&x.to_le_bytes());
                b
            }
            GroupKind::Unknown => hex_field(lv, path)?.try_into().map_err(|_| label_err())?,
            _ => {
                let text = lv.as_str().ok_or_else(label_err)?;
                schema::parse_form_id(text, Some(&self.ctx))
                    .map_err(|e| bad(path, format!("\"label\": {e}")))?
                    .0
                    .to_le_bytes()
            }
        };
        let header = GroupHeader {
            size: 0,
            label,
            group_type,
            stamp: get_u32(m, "stamp", path)?,
            unknown: if game == Game::Skyrim {
                get_u32(m, "unknown", path)?
            } else {
                0
            },
        };
        Ok(header)
    }

    fn entries(
        &mut self,
        v: &Value,
        path: &str,
        parent: Option<&GroupHeader>,
    ) -> Result<Vec<Entry<'static>>> {
        let list = v
            .as_array()
            .ok_or_else(|| bad(path, "\"entries\": expected a list"))?;
        list.iter()
            .enumerate()
            .map(|(i, e)| {
                let p = format!("{path} → entries[{i}]");
                match e.as_object() {
                    Some(m) if m.contains_key("group") => self.group(m, &p).map(Entry::Group),
                    _ => self.record(e, &p, parent, false).map(Entry::Record),
                }
            })
            .collect()
    }
}

/// The keys of a record's JSON besides its data, in the order
/// [`record_to_json`] writes them.
pub(crate) const RECORD_HEADER_KEYS: [&str; 7] = [
    "type",
    "form_id",
    "flags",
    "version_control",
    "form_version",
    "version_control_2",
    "zlib_original",
];

/// A record built from the text of its file in a tree, read directly
/// (`schema::text_in`), or `None` where that reading does not follow the
/// text exactly. `ctx` is the plugin's form context, `parent` the group
/// the record stands in.
pub(crate) fn record_from_text(
    text: &[u8],
    game: Game,
    ctx: &FormCtx,
    parent: Option<&GroupHeader>,
) -> Option<Record<'static>> {
    let read = record_parts_from_text(text, game, ctx)?;
    record_with_data(game, ctx, &read.header, read.data, read.left_over, parent)
}

/// The values of a record's header keys (as [`RECORD_HEADER_KEYS`] orders
/// them) and its data encoded from its fields, read directly from the
/// text of its file in a tree; `None` as for [`record_from_text`].
pub(crate) fn record_parts_from_text(
    text: &[u8],
    game: Game,
    ctx: &FormCtx,
) -> Option<schema::text_in::TextRecord<7>> {
    let catalog = crate::defs::catalog(game);
    schema::text_in::record_parts_from_text(text, &RECORD_HEADER_KEYS, |sig| catalog.find(sig), ctx)
}

/// A record of the text tree whose data was encoded from its `fields`
/// straight from the text: `keys` holds the values of its other keys, as
/// [`RECORD_HEADER_KEYS`] orders them. `None` wherever
/// [`Builder::make_record`] would refuse the record or could build it
/// otherwise (a form ID with a note), so that the caller builds it the
/// usual way and its error is the usual one. The data is read back
/// allowing as many subrecords kept as bytes as the text had structs
/// with bytes past their fields (`left_over`), as the JSON is.
pub(crate) fn record_with_data(
    game: Game,
    ctx: &FormCtx,
    keys: &[Option<Value>; 7],
    data: Vec<u8>,
    left_over: usize,
    parent: Option<&GroupHeader>,
) -> Option<Record<'static>> {
    let (header, original) = record_header_from_keys(game, ctx, keys, parent)?;
    let plain = Record {
        header: RecordHeader {
            flags: header.flags & !crate::plugin::FLAG_COMPRESSED,
            ..header
        },
        offset: 0,
        body: Body::Stored(Cow::Borrowed(&data)),
    };
    check_read_back(&plain, game, ctx, ReadBack::AtMostRaw(left_over)).ok()?;
    let stored = if header.is_compressed() {
        match original {
            Some(orig) if decompress_record_data(&orig, 0).is_ok_and(|d| d == data) => orig,
            _ => compress_record_data(&data).ok()?,
        }
    } else {
        data
    };
    Some(Record {
        header,
        offset: 0,
        body: Body::Stored(Cow::Owned(stored)),
    })
}

/// The header of a record of the text tree from the values of its header
/// keys (as [`record_with_data`] takes them), with the stored payload
/// `zlib_original` holds; `None` where [`Builder::make_record`] would
/// refuse them or read them otherwise.
pub(crate) fn record_header_from_keys(
    game: Game,
    ctx: &FormCtx,
    keys: &[Option<Value>; 7],
    parent: Option<&GroupHeader>,
) -> Option<(RecordHeader, Option<Vec<u8>>)> {
    let [sig_v, id_v, flags_v, vc_v, fv_v, vc2_v, zlib_v] = keys;
    let sig = sig_v
        .as_ref()?
        .as_str()
        .and_then(Sig::parse)
        .filter(|s| crate::plugin::is_record_sig(*s))?;
    let id_text = id_v.as_ref()?.as_str()?;
    if id_text.trim().contains(char::is_whitespace) {
        return None;
    }
    let form_id = schema::parse_form_id(id_text, Some(ctx)).ok()?;
    let flags_v = flags_v.as_ref()?;
    let flags = if flags_v.is_string() {
        hex_u32(flags_v)?
    } else {
        record_flags_from_list(game, sig, flags_v, "").ok()?
    };
    let compressed = flags & crate::plugin::FLAG_COMPRESSED != 0;
    if zlib_v.is_some() && !compressed {
        return None;
    }
    let skyrim = game == Game::Skyrim;
    if !skyrim && (fv_v.is_some() || vc2_v.is_some()) {
        return None;
    }
    if parent.is_some_and(|g| !fits_group(sig, g)) {
        return None;
    }
    let number = |v: &Option<Value>| v.as_ref()?.as_u64();
    let header = RecordHeader {
        sig,
        data_size: 0,
        flags,
        form_id,
        version_control: u32::try_from(number(vc_v)?).ok()?,
        form_version: if skyrim {
            u16::try_from(number(fv_v)?).ok()?
        } else {
            0
        },
        version_control_2: if skyrim {
            u16::try_from(number(vc2_v)?).ok()?
        } else {
            0
        },
    };
    let original = match zlib_v {
        Some(Value::String(s)) => Some(b64().decode(s).ok()?),
        Some(_) => return None,
        None => None,
    };
    Some((header, original))
}

/// One record from its JSON form. Form IDs' notes of the plugin they
/// belong to are not checked here (the record alone does not say which
/// masters its plugin has); [`build_plugin`] checks them.
pub fn record_from_json(v: &Value, game: Game, path: &str) -> Result<Record<'static>> {
    let mut b = Builder {
        game,
        ctx: FormCtx::default(),
        seen: Default::default(),
        checks: Vec::new(),
        keep_checks: true,
    };
    b.record(v, path, None, false)
}

/// Builds a plugin from the JSON form [`plugin_to_json`] writes.
pub fn plugin_from_json(doc: &Value) -> Result<Plugin<'static>> {
    build_plugin(doc).map(|b| b.plugin)
}

/// Builds a plugin from the JSON form [`plugin_to_json`] writes, with what
/// [`Built::check_written`] checks the written file against.
///
/// What would not give the plugin the JSON describes is refused with an
/// error naming the record and the field: unknown keys, a record's data
/// given twice, a record in a group of another type, a form ID used twice
/// or noted with a plugin its number does not name, values that do not fit
/// their fields, subrecords that would not read back by their declaration,
/// and an `entry_count` that would leave the header's record count below
/// zero.
pub fn build_plugin(doc: &Value) -> Result<Built> {
    let m = doc
        .as_object()
        .ok_or_else(|| bad("document", "expected a JSON object"))?;
    if m.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(bad(
            "document",
            format!("not an esscribe plugin dump (\"format\" must be \"{FORMAT}\")"),
        ));
    }
    check_keys(
        m,
        &[
            "format",
            "format_version",
            "file",
            "game",
            "entry_count",
            DUPLICATE_FORM_IDS,
            "header",
            "entries",
        ],
        "document",
    )?;
    if let Some(v) = m.get("format_version") {
        if v.as_u64() != Some(FORMAT_VERSION) {
            return Err(bad(
                "document",
                format!(
                    "\"format_version\": this esscribe reads version {FORMAT_VERSION}, found {v}"
                ),
            ));
        }
    }
    let game_v = get(m, "game", "document")?;
    let game: Game = serde_json::from_value(game_v.clone())
        .map_err(|_| bad("document", format!("\"game\": unknown game {game_v}")))?;
    let own_name = match m.get("file") {
        None => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => {
            return Err(bad(
                "document",
                format!("\"file\": expected the plugin's file name, found {other}"),
            ))
        }
    };
    let mut b = Builder {
        game,
        ctx: FormCtx::default(),
        seen: Default::default(),
        checks: Vec::new(),
        keep_checks: true,
    };
    let header = b.record(get(m, "header", "document")?, "header", None, true)?;
    if header.header.sig.0 != *b"TES4" {
        return Err(bad(
            "header",
            format!(
                "\"type\": the header record is TES4, found {}",
                header.header.sig
            ),
        ));
    }
    let info =
        crate::plugin::PluginHeader::from_record(&header, game).map_err(|e| bad("header", e))?;
    let masters: Vec<String> = info.masters.iter().map(|m| m.name.clone()).collect();
    let entries_v = get(m, "entries", "document")?;
    // Masters edited in the document: its form IDs are numbered against
    // the masters the plugin names beside them tell, and renumbered once
    // the plugin is built.
    let numbered_against = numbering_of(entries_v, &masters, &own_name)?;
    b.ctx = FormCtx {
        masters: numbered_against.clone().unwrap_or(masters),
        own_name,
        localized: game == Game::Skyrim && header.header.flags & 0x80 != 0,
        strings: None,
    };
    b.seen.may_repeat = listed_duplicates(m, &b.ctx, "document")?;
    let entries = b.entries(entries_v, "document", None)?;
    let counted = entry_count(m, "document")?;
    let mut plugin = Plugin::from_parts(game, header, entries, counted.map(|n| n as usize));
    if let Some(old) = &numbered_against {
        plugin.set_name(b.ctx.own_name.clone());
        crate::masters::renumber_from(&mut plugin, old).map_err(|e| bad("document", e))?;
        b.ctx = FormCtx::of(&plugin);
    }
    if let Some(counted) = counted {
        let now = plugin.count_entries() as i64;
        let adjusted = info.record_count as i64 + now - counted as i64;
        if !(0..=i32::MAX as i64).contains(&adjusted) {
            return Err(bad(
                "document",
                format!(
                    "\"entry_count\": {counted} records and groups when dumped, {now} now: the header's record count {} would become {adjusted}",
                    info.record_count
                ),
            ));
        }
    }
    if info.is_light {
        // A light flag on a plugin whose new records do not fit would make
        // the game load its records under other form IDs.
        let light = crate::plugin::light::check_light(&plugin).map_err(|e| bad("header", e))?;
        if let Some(why) = light.refusal() {
            return Err(bad("header", why));
        }
    }
    Ok(Built {
        plugin,
        checks: b.checks,
        ctx: b.ctx,
    })
}

/// The `entry_count` a dump or a tree's header file gives (at `path`, for
/// messages), if any: the records and groups the header's record count
/// counted when dumped. The header stores that count as a signed 32-bit
/// number, so a larger one was never dumped, and would wrap the count it
/// corrects.
pub(crate) fn entry_count(m: &Map<String, Value>, path: &str) -> Result<Option<u64>> {
    const MOST: u64 = i32::MAX as u64;
    let Some(v) = m.get("entry_count") else {
        return Ok(None);
    };
    match v.as_u64() {
        Some(n) if n <= MOST => Ok(Some(n)),
        Some(n) => Err(bad(
            path,
            format!("\"entry_count\": {n} is more than the header's record count can hold (at most {MOST})"),
        )),
        None => Err(bad(
            path,
            format!("\"entry_count\": expected a whole number, found {v}"),
        )),
    }
}

/// A form ID with the plugin noted beside it: `0x0001CB6 (Skyrim.esm)`.
fn noted_form_id(text: &str) -> Option<(FormId, &str)> {
    let (hex, rest) = text.trim().split_once(char::is_whitespace)?;
    let id = FormId::parse(hex)?;
    let name = rest.trim().strip_prefix('(')?.strip_suffix(')')?;
    Some((id, name))
}

/// One plugin noted with one top byte: how often, and where first.
struct Noted {
    name: String,
    count: usize,
    first: String,
}

/// Every plugin noted beside a form ID in `v`, by top byte; `at` says
/// where `v` is (the record, then the path of keys in it).
fn collect_notes(v: &Value, at: &str, notes: &mut std::collections::BTreeMap<u8, Vec<Noted>>) {
    match v {
        Value::String(text) => {
            let Some((id, name)) = noted_form_id(text) else {
                return;
            };
            let list = notes.entry(id.master_index()).or_default();
            match list.iter_mut().find(|n| n.name.eq_ignore_ascii_case(name)) {
                Some(n) => n.count += 1,
                None => list.push(Noted {
                    name: name.to_string(),
                    count: 1,
                    first: format!("{at}: {text}"),
                }),
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                collect_notes(item, &format!("{at}.{i}"), notes);
            }
        }
        Value::Object(m) => {
            // A record names itself by type and form ID.
            let record = match (m.get("type"), m.get("form_id")) {
                (Some(Value::String(t)), Some(Value::String(id))) => {
                    let id = id.split_whitespace().next().unwrap_or(id);
                    Some(format!("{t} {id}"))
                }
                _ => None,
            };
            for (k, item) in m {
                let here = match (&record, k.as_str()) {
                    (Some(r), "fields") => r.clone(),
                    (Some(r), _) => format!("{r} {k}"),
                    (None, "entries") => "".to_string(),
                    (None, _) if at.is_empty() => k.clone(),
                    (None, _) => format!("{at}.{k}"),
                };
                if record.is_some() && k == "entries" {
                    collect_notes(item, "", notes);
                } else {
                    collect_notes(item, &here, notes);
                }
            }
        }
        _ => {}
    }
}

/// The masters a document's form IDs are numbered against, when the
/// plugins noted beside them say these are not `masters` (the masters were
/// edited): one name per top byte up to the plugin's own, empty where no
/// form ID tells. `None` when the notes mostly agree with `masters`.
///
/// When they do not, notes that disagree among themselves (one top byte
/// noted as two plugins, one plugin with two top bytes) and plugins that
/// are not masters are refused, naming where.
fn numbering_of(entries: &Value, masters: &[String], own: &str) -> Result<Option<Vec<String>>> {
    let mut notes = std::collections::BTreeMap::new();
    collect_notes(entries, "", &mut notes);
    let expected = |index: u8| -> &str {
        masters.get(index as usize).map(String::as_str).unwrap_or(
            if index as usize == masters.len() {
                own
            } else {
                ""
            },
        )
    };
    // Notes that mostly agree with the masters leave them as they are;
    // a stray note that does not is refused where it stands, as any
    // field that does not fit.
    let agrees = notes.iter().all(|(&index, list)| {
        list.iter()
            .max_by_key(|n| n.count)
            .is_some_and(|n| n.name.eq_ignore_ascii_case(expected(index)))
    });
    if agrees {
        return Ok(None);
    }
    let mut by_name: Vec<(&str, u8, &str)> = Vec::new();
    for (&index, list) in &notes {
        if list.len() > 1 {
            // The odd one out: not the plugin the top byte names, the
            // fewest.
            let odd = list
                .iter()
                .filter(|n| !n.name.eq_ignore_ascii_case(expected(index)))
                .min_by_key(|n| n.count)
                .unwrap_or(&list[0]);
            let other = list.iter().find(|n| !std::ptr::eq(*n, odd)).unwrap_or(odd);
            return Err(bad(
                &odd.first,
                format!(
                    "noted as {}, but {} form IDs with top byte {index:02X} are noted as {} ({}): one plugin's form IDs share one top byte",
                    odd.name, other.count, other.name, other.first
                ),
            ));
        }
        let n = &list[0];
        if let Some((_, other_index, other_at)) = by_name
            .iter()
            .find(|(name, ..)| name.eq_ignore_ascii_case(&n.name))
        {
            return Err(bad(
                &n.first,
                format!(
                    "{} is noted with top byte {index:02X} here and {other_index:02X} at {other_at}: one plugin's form IDs share one top byte",
                    n.name
                ),
            ));
        }
        let known = n.name.eq_ignore_ascii_case(own)
            || masters.iter().any(|m| m.eq_ignore_ascii_case(&n.name));
        if !known {
            return Err(bad(
                &n.first,
                format!(
                    "noted as {}, which is not a master of this plugin (its masters: {})",
                    n.name,
                    if masters.is_empty() {
                        "none".to_string()
                    } else {
                        masters.join(", ")
                    }
                ),
            ));
        }
        by_name.push((&n.name, index, &n.first));
    }
    let own_index = by_name
        .iter()
        .find(|(name, ..)| name.eq_ignore_ascii_case(own))
        .map(|&(_, index, _)| index as usize);
    let last_master = by_name
        .iter()
        .filter(|(name, ..)| !name.eq_ignore_ascii_case(own))
        .map(|&(_, index, _)| index as usize + 1)
        .max()
        .unwrap_or(0);
    let mut old = vec![String::new(); own_index.unwrap_or(last_master.max(masters.len()))];
    for &(name, index, _) in &by_name {
        if let Some(slot) = old.get_mut(index as usize) {
            *slot = name.to_string();
        }
    }
    Ok(Some(old))
}

/// One difference between two JSON values: where, and the two sides
/// (`None` where a side lacks the path).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ValueChange {
    /// Where the values differ: keys and list indexes joined by dots.
    pub path: String,
    /// The old side; `None` where it lacks the path.
    pub old: Option<Value>,
    /// The new side; `None` where it lacks the path.
    pub new: Option<Value>,
}

/// The paths at which two values differ, deepest first found, in order.
pub fn diff_values(old: &Value, new: &Value) -> Vec<ValueChange> {
    // One path buffer for the whole walk: a path is only copied out where
    // the values differ.
    fn walk(path: &mut String, a: Option<&Value>, b: Option<&Value>, out: &mut Vec<ValueChange>) {
        let mut step = |path: &mut String, k: &str, a: Option<&Value>, b: Option<&Value>| {
            let len = path.len();
            if len > 0 {
                path.push('.');
            }
            path.push_str(k);
            walk(path, a, b, out);
            path.truncate(len);
        };
        match (a, b) {
            (Some(Value::Object(x)), Some(Value::Object(y))) => {
                for (k, v) in x {
                    step(path, k, Some(v), y.get(k));
                }
                for (k, v) in y {
                    if !x.contains_key(k) {
                        step(path, k, None, Some(v));
                    }
                }
            }
            (Some(Value::Array(x)), Some(Value::Array(y))) => {
                for i in 0..x.len().max(y.len()) {
                    step(path, &i.to_string(), x.get(i), y.get(i));
                }
            }
            (a, b) if a != b => out.push(ValueChange {
                path: path.clone(),
                old: a.cloned(),
                new: b.cloned(),
            }),
            _ => {}
        }
    }
    let mut out = Vec::new();
    if old != new {
        walk(&mut String::new(), Some(old), Some(new), &mut out);
    }
    out
}

/// Builds a plugin's records and group headers one at a time from their
/// JSON forms, with the checks [`build_plugin`] makes: for forms that hold
/// a plugin in pieces (the text tree), so that a whole plugin's JSON is
/// never held at once.
pub struct PieceBuilder {
    builder: Builder,
    /// Form IDs met so far, with where: kept apart from the builder, so
    /// that records are built on other threads while earlier ones are
    /// claimed.
    seen: std::sync::Mutex<Seen>,
}

impl PieceBuilder {
    /// Starts from the `TES4` header record's JSON (at `path`, for
    /// messages); `file` names the plugin itself in form IDs' notes.
    /// Gives back the header record too.
    pub fn new(
        game: Game,
        file: &str,
        header: &Value,
        path: &str,
    ) -> Result<(PieceBuilder, Record<'static>)> {
        let mut builder = Builder {
            game,
            ctx: FormCtx::default(),
            seen: Default::default(),
            checks: Vec::new(),
            keep_checks: false,
        };
        let record = builder.record(header, path, None, true)?;
        if record.header.sig.0 != *b"TES4" {
            return Err(bad(
                path,
                format!(
                    "\"type\": the header record is TES4, found {}",
                    record.header.sig
                ),
            ));
        }
        let info =
            crate::plugin::PluginHeader::from_record(&record, game).map_err(|e| bad(path, e))?;
        builder.ctx = FormCtx {
            masters: info.masters.iter().map(|m| m.name.clone()).collect(),
            own_name: file.to_string(),
            localized: game == Game::Skyrim && record.header.flags & 0x80 != 0,
            strings: None,
        };
        let seen = Default::default();
        Ok((PieceBuilder { builder, seen }, record))
    }

    /// One record from its JSON form, in a group like `parent` (`None`
    /// at the top level). A form ID met before is refused.
    pub fn record(
        &mut self,
        v: &Value,
        path: &str,
        parent: Option<&GroupHeader>,
    ) -> Result<Record<'static>> {
        let (record, path, _) = self.builder.make_record(v, path, parent, false)?;
        self.claim(record.header.form_id, &path)?;
        Ok(record)
    }

    /// One record from its JSON form, like [`record`](Self::record) but
    /// without noting its form ID, so that records can be built in
    /// parallel; [`claim`](Self::claim) then notes each in turn.
    pub fn build(
        &self,
        v: &Value,
        path: &str,
        parent: Option<&GroupHeader>,
    ) -> Result<Record<'static>> {
        self.builder
            .make_record(v, path, parent, false)
            .map(|(record, _, _)| record)
    }

    /// Lets each of `form_ids` be the form ID of more than one record, as
    /// the plugin's header file lists them ([`listed_duplicates`]).
    pub(crate) fn allow_duplicates(&mut self, form_ids: foldhash::HashSet<FormId>) {
        self.seen
            .get_mut()
            .unwrap_or_else(|p| p.into_inner())
            .may_repeat = form_ids;
    }

    /// Notes that `form_id` is the form ID of the record at `path` (as
    /// built by [`build`](Self::build)); one met before is refused, unless
    /// it is listed as given twice.
    pub fn claim(&self, form_id: FormId, path: &str) -> Result<()> {
        let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        seen.claim(form_id, path)
    }

    /// A group's header from the JSON [`group_header_json`] makes; `extra`
    /// are further keys the object may hold.
    pub fn group_header(
        &self,
        m: &Map<String, Value>,
        path: &str,
        extra: &[&str],
    ) -> Result<GroupHeader> {
        self.builder.group_header(m, path, extra)
    }

    /// The form context of the plugin being built: its masters and name.
    pub fn ctx(&self) -> &FormCtx {
        &self.builder.ctx
    }

    /// The game of the plugin being built.
    pub fn game(&self) -> Game {
        self.builder.game
    }
}
