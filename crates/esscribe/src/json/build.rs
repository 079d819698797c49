//! JSON back into a plugin: records, groups and the header, checked as
//! they are built, whole or a piece at a time.

use super::*;

/// A plugin built from JSON, and what its records must read back as.
pub struct Built {
    /// The plugin built.
    pub plugin: Plugin<'static>,
    checks: ReadBackChecks,
}

impl Built {
    /// Checks the bytes written from this plugin, as read back from disk:
    /// they parse, hold the records the JSON held, and every declared
    /// record reads back by its declaration as its JSON said.
    pub fn check_written(&self, bytes: &[u8]) -> Result<()> {
        self.checks.check(bytes)
    }
}

/// The key of a plugin's JSON form and of its text tree's header file
/// that lists the form IDs more than one of its records have.
pub(crate) const DUPLICATE_FORM_IDS: &str = "duplicate_form_ids";

/// Builds records and groups from JSON, checking what a plugin needs.
pub(super) struct Builder {
    pub(super) game: Game,
    /// The plugin's masters and name, for form IDs' notes.
    pub(super) ctx: FormCtx,
    /// Form IDs met so far, with where.
    pub(super) seen: Seen,
    pub(super) checks: Vec<RecordCheck>,
    /// Whether `checks` is kept (a plugin built piece by piece is checked
    /// as each record is built, and never holds the list).
    keep_checks: bool,
}

impl Builder {
    pub(super) fn record(
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
            let h = &record.header;
            self.checks.push(RecordCheck {
                sig: h.sig,
                form_id: h.form_id,
                expect,
            });
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
    pub(super) fn make_record(
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

    pub(super) fn group(&mut self, m: &Map<String, Value>, path: &str) -> Result<Group<'static>> {
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
    pub(super) fn group_header(
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
/// [`Builder::make_record`] would refuse the record, so that the caller
/// builds it the usual way and its error is the usual one. The data is
/// read back allowing as many subrecords kept as bytes as the text had
/// structs with bytes past their fields (`left_over`), as the JSON is.
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
    let head = document_head(m)?;
    let entries_v = get(m, "entries", "document")?;
    // Masters edited in the document: its form IDs are numbered against
    // the masters the plugin names beside them tell, and renumbered once
    // the plugin is built.
    let numbered_against = numbering_of(entries_v, &head.masters, &head.own_name)?;
    let Head {
        game,
        own_name,
        builder: mut b,
        header,
        info,
        masters,
    } = head;
    b.ctx = plugin_ctx(
        game,
        &header,
        numbered_against.clone().unwrap_or(masters),
        own_name,
    );
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
        check_moved_count(&info, counted, plugin.count_entries())?;
    }
    if info.is_light {
        check_light_flag(&plugin)?;
    }
    Ok(Built {
        plugin,
        checks: ReadBackChecks {
            game,
            checks: b.checks,
            ctx: b.ctx,
        },
    })
}

/// What a document says before its entries, checked as [`build_plugin`]
/// checks it: the plugin's game and name, and its header record.
pub(super) struct Head {
    pub(super) game: Game,
    /// The plugin's own name, as `"file"` gives it.
    pub(super) own_name: String,
    /// The builder that built the header, to build the entries.
    pub(super) builder: Builder,
    pub(super) header: Record<'static>,
    pub(super) info: crate::plugin::PluginHeader,
    /// The masters the header names.
    pub(super) masters: Vec<String>,
}

/// Reads and checks the keys of the document `m` but its entries: its
/// format, game and name, and its header record.
pub(super) fn document_head(m: &Map<String, Value>) -> Result<Head> {
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
    Ok(Head {
        game,
        own_name,
        builder: b,
        header,
        info,
        masters,
    })
}

/// The form context records are built in: the masters their form IDs are
/// numbered against, the plugin's name and whether it is localized.
pub(super) fn plugin_ctx(
    game: Game,
    header: &Record<'_>,
    masters: Vec<String>,
    own_name: String,
) -> FormCtx {
    FormCtx {
        masters,
        own_name,
        localized: game == Game::Skyrim && header.header.flags & 0x80 != 0,
        strings: None,
        irefs: None,
    }
}

/// Refuses an `entry_count` (`counted`, the records and groups when
/// dumped) that would move the header's record count out of its range
/// with `now` records and groups.
pub(super) fn check_moved_count(
    info: &crate::plugin::PluginHeader,
    counted: u64,
    now: usize,
) -> Result<()> {
    let now = now as i64;
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
    Ok(())
}

/// Refuses a light flag on a plugin whose new records do not fit: the game
/// would load its records under other form IDs.
pub(super) fn check_light_flag(plugin: &Plugin<'_>) -> Result<()> {
    let light = crate::plugin::light::check_light(plugin).map_err(|e| bad("header", e))?;
    match light.refusal() {
        Some(why) => Err(bad("header", why)),
        None => Ok(()),
    }
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
            irefs: None,
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
