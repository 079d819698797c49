//! A whole plugin as JSON values as it is made: records a batch at a time,
//! records without a declaration one subrecord at a time. Writing it as
//! text is `write_text`'s, which makes the same bytes these values print as.

use super::*;

/// A record without a declaration, written as its JSON is made, one
/// subrecord at a time: a record of a hundred thousand subrecords is never
/// held as JSON values (the form is that of [`record_to_json`]).
pub(super) struct RawRecordJson<'j, 's, 'r, 'a>(&'j PluginJson<'s, 'a>, &'r Record<'a>);

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

pub(super) struct RawSubsJson<'d>(&'d [u8], u64);

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

/// Whether an entry is shown: every entry without a filter, else a record
/// the filter keeps, or a group holding one.
pub(super) fn shown_by(keep: Option<RecordFilter<'_>>, e: &Entry<'_>) -> bool {
    let Some(keep) = keep else {
        return true;
    };
    match e {
        Entry::Record(r) => keep(r.header.sig, r.header.form_id),
        Entry::Group(g) => g.children.iter().any(|c| shown_by(Some(keep), c)),
    }
}

/// The JSON form of a plugin, made as it is written: records are turned
/// into JSON a batch at a time (in parallel) and written out, so that
/// writing a large plugin's JSON takes little memory.
pub(super) struct PluginJson<'s, 'a> {
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

    /// Whether an entry is shown (see [`shown_by`]).
    fn keeps(&self, e: &Entry<'_>) -> bool {
        shown_by(self.keep, e)
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

pub(super) struct EntriesJson<'j, 's, 'a>(&'j PluginJson<'s, 'a>, &'s [Entry<'a>]);

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
pub(super) fn data_len(e: &Entry<'_>) -> u64 {
    match e {
        Entry::Group(_) => 0,
        Entry::Record(r) => record_data_len(r),
    }
}

/// How many bytes of data a record holds when read (its stated inflated
/// size when compressed).
pub(super) fn record_data_len(r: &Record<'_>) -> u64 {
    match &r.body {
        Body::Stored(stored) if r.header.is_compressed() => {
            crate::plugin::compress::allowed_stated_size(stored).unwrap_or(0) as u64
        }
        Body::Stored(stored) => stored.len() as u64,
        Body::Subrecords(subs) => subs.iter().map(|s| s.encoded_len() as u64).sum(),
    }
}

pub(super) struct GroupJson<'j, 's, 'a>(&'j PluginJson<'s, 'a>, &'s Group<'a>);

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
pub(super) fn with_plugin_json<T>(
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
    mut out: impl std::io::Write,
) -> Result<()> {
    write_text::write_plugin_text(plugin, ctx, keep, &mut out)
}
