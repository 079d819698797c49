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
    Subrecords,
};
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
    pub value: Value,
    pub coverage: Coverage,
    pub warnings: Vec<String>,
}

fn b64() -> base64::engine::GeneralPurpose {
    base64::engine::general_purpose::STANDARD
}

/// The form-ID context of a plugin: its masters and its own name.
pub fn form_ctx(plugin: &Plugin<'_>, own_name: &str) -> FormCtx {
    FormCtx {
        masters: plugin.masters().unwrap_or_default(),
        own_name: own_name.to_string(),
        localized: is_localized(plugin),
        strings: None,
    }
}

/// Whether a plugin's translatable strings are string IDs (a Skyrim
/// plugin with the localized flag).
pub fn is_localized(plugin: &Plugin<'_>) -> bool {
    plugin.game == Game::Skyrim && plugin.header.header.flags & 0x80 != 0
}

/// Describes a record for messages, with its editor ID when it has one.
pub fn describe_record(sig: Sig, form_id: FormId, editor_id: Option<&str>) -> String {
    match editor_id {
        Some(e) => format!("{sig} {form_id} \"{e}\""),
        None => format!("{sig} {form_id}"),
    }
}

/// A record named for messages, formatted only when a message is made:
/// `PACK 0x0001CB6 "EditorID" at 0x1F2A`.
pub struct RecordName<'a> {
    pub sig: Sig,
    pub form_id: FormId,
    /// The EDID subrecord's data, if any.
    pub editor_id: Option<&'a [u8]>,
    pub offset: u64,
}

impl std::fmt::Display for RecordName<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let edid = self
            .editor_id
            .map(|d| crate::io::decode_cp1252(d.strip_suffix(&[0]).unwrap_or(d)));
        write!(
            f,
            "{} at 0x{:X}",
            describe_record(self.sig, self.form_id, edid.as_deref()),
            self.offset
        )
    }
}

/// One record as JSON.
pub fn record_to_json(rec: &Record<'_>, game: Game, ctx: &FormCtx) -> Result<RecordJson> {
    let h = &rec.header;
    let mut m = Map::new();
    m.insert("type".into(), Value::from(h.sig.to_string()));
    m.insert("form_id".into(), ctx.show(h.form_id));
    m.insert("flags".into(), Value::from(format!("0x{:08X}", h.flags)));
    m.insert("version_control".into(), Value::from(h.version_control));
    if game == Game::Skyrim {
        m.insert("form_version".into(), Value::from(h.form_version));
        m.insert("version_control_2".into(), Value::from(h.version_control_2));
    }
    if let (true, Body::Stored(stored)) = (h.is_compressed(), &rec.body) {
        m.insert("zlib_original".into(), Value::from(b64().encode(stored)));
    }
    let data = rec.data(game)?;
    let base = rec.subrecord_base(game);
    let mut coverage = Coverage::default();
    let mut warnings = Vec::new();
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
            match schema::find(game, h.sig) {
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
                            let mut o = Map::new();
                            o.insert("sig".into(), Value::from(s.sig.to_string()));
                            o.insert("hex".into(), Value::from(to_hex(s.data)));
                            if let SizeForm::Extended { short_size } = s.size_form {
                                o.insert("xxxx_short_size".into(), Value::from(short_size));
                            }
                            coverage.add_raw(s.data.len());
                            Value::Object(o)
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
        m.serialize_entry("header", &self.record::<S::Error>(&plugin.header)?)?;
        m.serialize_entry("entries", &EntriesJson(self, &plugin.entries))?;
        m.end()
    }
}

struct EntriesJson<'j, 's, 'a>(&'j PluginJson<'s, 'a>, &'s [Entry<'a>]);

impl Serialize for EntriesJson<'_, '_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        /// Records turned into JSON at once: enough to share among
        /// threads, few enough to keep memory small.
        const BATCH: usize = 256;
        let EntriesJson(json, entries) = *self;
        let shown: Vec<&Entry<'_>> = entries.iter().filter(|e| json.keeps(e)).collect();
        let mut seq = s.serialize_seq(Some(shown.len()))?;
        for batch in shown.chunks(BATCH) {
            let (game, ctx) = (json.plugin.game, json.ctx);
            let records: Vec<Result<Option<Value>>> = batch
                .par_iter()
                .map(|e| match e {
                    Entry::Record(r) => record_to_json(r, game, ctx).map(|r| Some(r.value)),
                    Entry::Group(_) => Ok(None),
                })
                .collect();
            for (&e, record) in batch.iter().zip(records) {
                let record = record.map_err(|err| json.fail::<S::Error>(err))?;
                match (e, record) {
                    (Entry::Group(g), _) => seq.serialize_element(&GroupJson(json, g))?,
                    (Entry::Record(_), Some(v)) => seq.serialize_element(&v)?,
                    (Entry::Record(_), None) => unreachable!("records are made above"),
                }
            }
        }
        seq.end()
    }
}

struct GroupJson<'j, 's, 'a>(&'j PluginJson<'s, 'a>, &'s Group<'a>);

impl Serialize for GroupJson<'_, '_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let GroupJson(json, g) = *self;
        let h = &g.header;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("group", &h.kind())?;
        if h.kind() == GroupKind::Unknown {
            m.serialize_entry("group_type", &h.group_type)?;
        }
        let label = match h.label() {
            GroupLabel::Sig(s) => Value::from(s.to_string()),
            GroupLabel::Parent(id) => json.ctx.show(id),
            GroupLabel::Block(n) => Value::from(n),
            GroupLabel::Grid { y, x } => json!({"x": x, "y": y}),
            GroupLabel::Raw(b) => Value::from(to_hex(&b)),
        };
        m.serialize_entry("label", &label)?;
        m.serialize_entry("stamp", &h.stamp)?;
        if json.plugin.game == Game::Skyrim {
            m.serialize_entry("unknown", &h.unknown)?;
        }
        m.serialize_entry("entries", &EntriesJson(json, &g.children))?;
        m.end()
    }
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

fn get_hex_u32(m: &Map<String, Value>, key: &str, path: &str) -> Result<u32> {
    let v = get(m, key, path)?;
    v.as_str()
        .and_then(FormId::parse)
        .map(|f| f.0)
        .ok_or_else(|| {
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

/// One record from its JSON form.
pub fn record_from_json(v: &Value, game: Game, path: &str) -> Result<Record<'static>> {
    let m = v
        .as_object()
        .ok_or_else(|| bad(path, format!("expected a record object, found {v}")))?;
    let sig_v = get(m, "type", path)?;
    let sig = sig_v
        .as_str()
        .and_then(Sig::parse)
        .ok_or_else(|| bad(path, format!("\"type\": not a record type: {sig_v}")))?;
    let form_id = FormId(get_hex_u32(m, "form_id", path)?);
    let path = &format!("{path} ({sig} {form_id})");
    let header = RecordHeader {
        sig,
        data_size: 0,
        flags: get_hex_u32(m, "flags", path)?,
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
    let data: Vec<u8> = if let Some(hex) = m.get("data_hex") {
        hex_field(hex, &format!("{path}: data_hex"))?
    } else if let Some(fields) = m.get("fields") {
        let def = schema::find(game, sig).ok_or_else(|| {
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
        schema::encode_data(def, fields).map_err(|e| bad(path, e))?
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
        encode_subrecords(&subs)
    } else {
        return Err(bad(
            path,
            "needs \"fields\", \"subrecords\" or \"data_hex\"",
        ));
    };
    let stored = if header.is_compressed() {
        let original = match m.get("zlib_original") {
            Some(Value::String(s)) => Some(
                b64()
                    .decode(s)
                    .map_err(|e| bad(path, format!("\"zlib_original\": not base64: {e}")))?,
            ),
            _ => None,
        };
        // The original payload is reused when it still inflates to the
        // data; zlib settings differ between tools, so recompressing would
        // rarely give the same bytes.
        match original {
            Some(orig) if decompress_record_data(&orig, 0).is_ok_and(|d| d == data) => orig,
            _ => compress_record_data(&data),
        }
    } else {
        data
    };
    Ok(Record {
        header,
        offset: 0,
        body: Body::Stored(Cow::Owned(stored)),
    })
}

fn group_from_json(m: &Map<String, Value>, game: Game, path: &str) -> Result<Group<'static>> {
    let kind_v = get(m, "group", path)?;
    let kind: GroupKind = serde_json::from_value(kind_v.clone())
        .map_err(|_| bad(path, format!("\"group\": unknown group kind {kind_v}")))?;
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
        GroupKind::Top => lv.as_str().and_then(Sig::parse).ok_or_else(label_err)?.0,
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
            let (y, x) = (part("y")?, part("x")?);
            let mut b = [0u8; 4];
            b[..2].copy_from_slice(&y.to_le_bytes());
            b[2..].copy_from_slice(&x.to_le_bytes());
            b
        }
        GroupKind::Unknown => hex_field(lv, path)?.try_into().map_err(|_| label_err())?,
        _ => lv
            .as_str()
            .and_then(FormId::parse)
            .ok_or_else(label_err)?
            .0
            .to_le_bytes(),
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
    let path = format!("{path} (GRUP {})", header.label());
    let children = entries_from_json(get(m, "entries", &path)?, game, &path)?;
    Ok(Group {
        header,
        offset: 0,
        children,
    })
}

fn entries_from_json(v: &Value, game: Game, path: &str) -> Result<Vec<Entry<'static>>> {
    let list = v
        .as_array()
        .ok_or_else(|| bad(path, "\"entries\": expected a list"))?;
    list.iter()
        .enumerate()
        .map(|(i, e)| {
            let p = format!("{path} → entries[{i}]");
            match e.as_object() {
                Some(m) if m.contains_key("group") => {
                    group_from_json(m, game, &p).map(Entry::Group)
                }
                _ => record_from_json(e, game, &p).map(Entry::Record),
            }
        })
        .collect()
}

/// Builds a plugin from the JSON form [`plugin_to_json`] writes.
pub fn plugin_from_json(doc: &Value) -> Result<Plugin<'static>> {
    let m = doc
        .as_object()
        .ok_or_else(|| bad("document", "expected a JSON object"))?;
    if m.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(bad(
            "document",
            format!("not an esscribe plugin dump (\"format\" must be \"{FORMAT}\")"),
        ));
    }
    let game_v = get(m, "game", "document")?;
    let game: Game = serde_json::from_value(game_v.clone())
        .map_err(|_| bad("document", format!("\"game\": unknown game {game_v}")))?;
    let header = record_from_json(get(m, "header", "document")?, game, "header")?;
    let entries = entries_from_json(get(m, "entries", "document")?, game, "document")?;
    let counted = m
        .get("entry_count")
        .and_then(Value::as_u64)
        .map(|n| n as usize);
    Ok(Plugin::from_parts(game, header, entries, counted))
}

/// One difference between two JSON values: where, and the two sides
/// (`None` where a side lacks the path).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ValueChange {
    pub path: String,
    pub old: Option<Value>,
    pub new: Option<Value>,
}

/// The paths at which two values differ, deepest first found, in order.
pub fn diff_values(old: &Value, new: &Value) -> Vec<ValueChange> {
    fn walk(path: &str, a: Option<&Value>, b: Option<&Value>, out: &mut Vec<ValueChange>) {
        let join = |k: &str| {
            if path.is_empty() {
                k.to_string()
            } else {
                format!("{path}.{k}")
            }
        };
        match (a, b) {
            (Some(Value::Object(x)), Some(Value::Object(y))) => {
                for (k, v) in x {
                    walk(&join(k), Some(v), y.get(k), out);
                }
                for (k, v) in y {
                    if !x.contains_key(k) {
                        walk(&join(k), None, Some(v), out);
                    }
                }
            }
            (Some(Value::Array(x)), Some(Value::Array(y))) => {
                for i in 0..x.len().max(y.len()) {
                    walk(&join(&i.to_string()), x.get(i), y.get(i), out);
                }
            }
            (a, b) if a != b => out.push(ValueChange {
                path: path.to_string(),
                old: a.cloned(),
                new: b.cloned(),
            }),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk("", Some(old), Some(new), &mut out);
    out
}
