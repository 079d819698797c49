//! A tree read back into a plugin: its files read in batches, records
//! built from their text on other threads as the next batch is read.

use super::*;

/// A file's text without the byte order mark some Windows editors put
/// at the start of UTF-8: it is no part of the JSON.
pub(super) fn without_bom(text: &[u8]) -> &[u8] {
    text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text)
}

/// A file's JSON text read; text that is not JSON, or gives a key twice
/// in one object, is refused with the line and the key's place.
pub(super) fn parse_json(text: &[u8], path: &str) -> Result<Value> {
    crate::json_text::from_slice(without_bom(text)).map_err(|e| bad(path, e))
}

/// The names an entries list holds, taken out of `m`.
pub(super) fn entry_names(m: &mut Map<String, Value>, path: &str) -> Result<Vec<String>> {
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
pub(super) fn pipelined<T: Sync, B: Send>(
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
pub(super) const BATCH: usize = 512;
/// The most weight in one batch of [`pipelined`] (beyond its first item):
/// a record's data, whose text runs about seven times as long.
pub(super) const BATCH_WEIGHT: usize = 256 * 1024;

/// `items` cut into the batches [`pipelined`] makes.
pub(super) fn batches<T>(
    items: &[T],
    weight: impl Fn(&T) -> usize,
    opens: impl Fn(&T) -> bool,
) -> Vec<&[T]> {
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
pub(super) fn entry_weight(e: &Entry<'_>) -> usize {
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
pub(super) type Built = Result<Record<'static>>;

pub(super) struct Packer<'s> {
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
pub(super) fn renumbered(
    bytes: Vec<u8>,
    game: Game,
    header: &Record<'_>,
    old: &[String],
) -> Result<Vec<u8>> {
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
