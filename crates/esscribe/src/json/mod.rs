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
                    let d = schema::decode_in(def, &data, &subs, ctx, &name);
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

/// The entries of [`header_json`] printed as pretty JSON, the first in the
/// record's object, standing at `depth` (1 in a record's own text),
/// straight from the header.
pub(crate) fn write_header_text(
    rec: &Record<'_>,
    game: Game,
    ctx: &FormCtx,
    depth: usize,
    out: &mut Vec<u8>,
) {
    use crate::schema::pretty::{key, string, unsigned};
    use crate::schema::text_out::{flags_text, form_id_shown, sig_text};
    let h = &rec.header;
    key("type", true, depth, out);
    sig_text(h.sig, out);
    key("form_id", false, depth, out);
    form_id_shown(ctx, h.form_id, out);
    key("flags", false, depth, out);
    let names = crate::defs::shared::record_flags::record_flags(game, h.sig.0);
    flags_text(names, h.flags as u64, depth, out);
    key("version_control", false, depth, out);
    unsigned(h.version_control as u64, out);
    if game == Game::Skyrim {
        key("form_version", false, depth, out);
        unsigned(h.form_version as u64, out);
        key("version_control_2", false, depth, out);
        unsigned(h.version_control_2 as u64, out);
    }
    if let (true, Body::Stored(stored)) = (h.is_compressed(), &rec.body) {
        key("zlib_original", false, depth, out);
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

mod build;
mod build_direct;
mod build_stream;
mod diff;
mod duplicates;
mod keys;
mod numbering;
mod read_back;
mod write;
mod write_text;
pub(crate) use write_text::typed_record_text;

pub use build::*;
pub use build_direct::build_plugin_from_text;
pub use build_stream::*;
pub use diff::*;
pub(crate) use duplicates::*;
use keys::*;
use numbering::*;
use read_back::*;
pub use write::*;
