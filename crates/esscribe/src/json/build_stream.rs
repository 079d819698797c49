//! A plugin built from the text of its JSON form as the text is read:
//! each record is read as a value of its own, built and written out, so
//! that the document is never held whole.
//!
//! The records' form IDs are built against the masters the header names,
//! while the plugins noted beside them are gathered. When the notes, read
//! to the end, say the form IDs were numbered otherwise (the masters were
//! edited), or the document gives what the records need only after them,
//! the text is read a second time, knowing. What is refused, and the
//! message, are those of [`build_plugin`] on the same text read whole.

use super::*;
use crate::json_text::{path_of, text_error, At, Step, ValueSeed};
use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use std::cell::{Cell, RefCell};
use std::fmt;

/// A plugin's bytes built from the text of its JSON form.
pub struct BuiltBytes {
    /// The plugin, as it is to be written.
    pub bytes: Vec<u8>,
    /// The plugin's game.
    pub game: Game,
    /// Its records, the header included.
    pub records: u64,
    pub(super) checks: ReadBackChecks,
    /// Whether the text was read once, its records built straight from
    /// their text.
    pub(super) built_directly: bool,
    /// Of the records built straight, those whose text the text reader
    /// did not follow, read as JSON values instead.
    pub(super) records_read_as_values: u64,
    /// Whether every record was read back by its declaration as built,
    /// and kept as built (not renumbered since).
    records_read_back: bool,
}

impl BuiltBytes {
    /// Checks the bytes written, as read back from disk: they parse, hold
    /// the records the JSON held, and every declared record reads back by
    /// its declaration as its JSON said.
    pub fn check_written(&self, bytes: &[u8]) -> Result<()> {
        // Each record was read back by its declaration as it was built;
        // bytes that are the very bytes built need not be read so again.
        let as_built = self.records_read_back && bytes == self.bytes.as_slice();
        self.checks.check_with(bytes, !as_built)
    }

    /// Whether the text was read once, its records built in parallel
    /// straight from their text, rather than each read as a JSON value:
    /// the faster way, taken where it gives the same plugin.
    #[doc(hidden)]
    pub fn built_directly(&self) -> bool {
        self.built_directly
    }

    /// Of the records built where [`built_directly`](Self::built_directly),
    /// how many the text reader did not follow and were read as JSON
    /// values.
    #[doc(hidden)]
    pub fn records_read_as_values(&self) -> u64 {
        self.records_read_as_values
    }
}

/// How much text is read between two calls of the `release` callback of
/// [`build_plugin_from_text`].
const RELEASE_STEP: usize = 4 << 20;

/// [`build_plugin_from_text`] reading each record as a JSON value, never
/// straight from its text: the way it takes where the straight reading
/// stands down, open to tests that hold the two to the same outcome.
#[doc(hidden)]
pub fn build_plugin_from_values(
    text: &[u8],
    release: &dyn Fn(std::ops::Range<usize>),
) -> Result<BuiltBytes> {
    let found = RefCell::new(None);
    let mut pass = Pass::new(text, release, &found, None);
    pass.read()?;
    let Pass {
        top,
        notes,
        assembly,
        failed,
        repeat,
        late_groups,
        ..
    } = pass;
    let m = top.ok_or_else(|| bad("document", "expected a JSON object"))?;
    let head = document_head(&m)?;
    get(&m, "entries", "document")?;
    let numbered = numbering_from_notes(&notes, &head.masters, &head.own_name)?;
    let ctx = plugin_ctx(
        head.game,
        &head.header,
        numbered.clone().unwrap_or_else(|| head.masters.clone()),
        head.own_name.clone(),
    );
    let may_repeat = listed_duplicates(&m, &ctx, "document")?;
    // Built as read when what the records were built with holds.
    let built_as_read = assembly.filter(|a| {
        let used = &a.builder.ctx;
        !repeat
            && numbered.is_none()
            && used.masters == ctx.masters
            && used.own_name == ctx.own_name
            && used.localized == ctx.localized
            && a.builder.seen.may_repeat == may_repeat
    });
    let assembly = match built_as_read {
        Some(a) => match failed {
            Some(e) => return Err(e),
            None => a,
        },
        None => {
            let known = Known {
                top: m.clone(),
                numbered: numbered.clone(),
                late_groups,
            };
            let found = RefCell::new(None);
            let mut again = Pass::new(text, release, &found, Some(known));
            again.read()?;
            if let Some(e) = again.failed {
                return Err(e);
            }
            again
                .assembly
                .ok_or_else(|| bad("document", "missing \"entries\""))?
        }
    };
    finish(assembly, head, &m, numbered)
}

/// The plugin built: renumbered when its form IDs were numbered against
/// other masters (`numbered`), its header's record count moved by the
/// records and groups added or removed, and its light flag checked.
pub(super) fn finish(
    a: Assembly,
    head: Head,
    m: &Map<String, Value>,
    numbered: Option<Vec<String>>,
) -> Result<BuiltBytes> {
    let game = head.game;
    let counted = entry_count(m, "document")?;
    let Assembly {
        builder: mut b,
        mut out,
        entries,
        records,
    } = a;
    let mut header = head.header;
    if let Some(old) = &numbered {
        let mut plugin = Plugin::parse_as(&out, game).map_err(|e| bad("document", e))?;
        plugin.set_name(b.ctx.own_name.clone());
        crate::masters::renumber_from(&mut plugin, old).map_err(|e| bad("document", e))?;
        b.ctx = FormCtx::of(&plugin);
        header = plugin.header.clone().into_owned();
        let renumbered = plugin.to_bytes()?;
        drop(plugin);
        out = renumbered;
    }
    if let Some(counted) = counted {
        check_moved_count(&head.info, counted, entries)?;
        let delta = entries as i64 - counted as i64;
        if delta != 0 {
            let moved = crate::plugin::header_with_count_moved(&header, game, delta)?;
            let mut new_header = Vec::new();
            moved.write(&mut new_header, game)?;
            let size = u32::from_le_bytes(out[4..8].try_into().expect("four bytes"));
            out.splice(..game.header_len() + size as usize, new_header);
        }
    }
    if head.info.is_light {
        let plugin = Plugin::parse_as(&out, game).map_err(|e| bad("header", e))?;
        check_light_flag(&plugin)?;
    }
    Ok(BuiltBytes {
        bytes: out,
        game,
        records: records + 1,
        checks: ReadBackChecks {
            game,
            checks: b.checks,
            ctx: b.ctx,
        },
        built_directly: false,
        records_read_as_values: 0,
        records_read_back: numbered.is_none(),
    })
}

/// What a first reading found, for a second: the document's keys but its
/// entries, the masters its form IDs are numbered against, and the groups
/// whose header is complete only after their entries.
struct Known {
    top: Map<String, Value>,
    numbered: Option<Vec<String>>,
    late_groups: foldhash::HashSet<usize>,
}

/// The plugin written so far.
pub(super) struct Assembly {
    pub(super) builder: Builder,
    pub(super) out: Vec<u8>,
    /// Records and groups written, the header not counted.
    pub(super) entries: usize,
    /// Records written, the header not counted.
    pub(super) records: u64,
}

impl Assembly {
    fn record(&mut self, v: &Value, path: &str, parent: Option<&GroupHeader>) -> Result<()> {
        let record = self.builder.record(v, path, parent, false)?;
        record.write(&mut self.out, self.builder.game)?;
        self.entries += 1;
        self.records += 1;
        Ok(())
    }

    /// A group read whole, with its entries.
    fn group(&mut self, m: &Map<String, Value>, path: &str) -> Result<()> {
        let group = self.builder.group(m, path)?;
        self.write_entry(&Entry::Group(group), path)
    }

    fn write_entry(&mut self, e: &Entry<'_>, path: &str) -> Result<()> {
        let game = self.builder.game;
        match e {
            Entry::Record(r) => {
                r.write(&mut self.out, game)?;
                self.records += 1;
            }
            Entry::Group(g) => {
                let start = self.out.len();
                g.header.write(&mut self.out, game);
                for child in &g.children {
                    self.write_entry(child, path)?;
                }
                self.close_group(start, path)?;
            }
        }
        self.entries += 1;
        Ok(())
    }

    /// Writes a group's header, its size to be set by
    /// [`close_group`](Self::close_group); gives where it starts.
    pub(super) fn open_group(&mut self, header: &GroupHeader) -> usize {
        let start = self.out.len();
        header.write(&mut self.out, self.builder.game);
        self.entries += 1;
        start
    }

    pub(super) fn close_group(&mut self, start: usize, path: &str) -> Result<()> {
        let size = u32::try_from(self.out.len() - start)
            .map_err(|_| bad(path, "the group would be larger than 4 GiB"))?;
        self.out[start + 4..start + 8].copy_from_slice(&size.to_le_bytes());
        Ok(())
    }
}

/// What the reading of the text asks of the building, in the text's
/// order: the building goes on beside the reading, on another thread.
enum Work {
    /// Start building the entries.
    Start(Box<Assembly>),
    /// The entries cannot be built: why.
    Fail(Error),
    /// An entry read whole (a record, or a group with its entries), at
    /// `index` of the innermost list open.
    Entry { v: Value, index: usize },
    /// A group whose entries are read one at a time, at `index` of the
    /// innermost list open: its header keys. Its entries follow.
    Open { m: Map<String, Value>, index: usize },
    /// The innermost group open ends.
    Close,
    /// The innermost list open is not a list.
    NotAList,
}

/// The most pieces of work that go to the building at a time.
const BATCH: usize = 256;
/// The most text whose work goes to the building at a time (beyond its
/// last entry): a batch of large records is held as values, several times
/// the size of their text, until built.
const BATCH_TEXT: usize = 1 << 20;
/// How many batches may wait for the building: the text read ahead of it.
const BATCHES_AHEAD: usize = 2;

/// A list of entries being built: its path (for messages), the group it
/// stands in, and where that group starts in the plugin.
struct OpenList {
    path: String,
    parent: Option<GroupHeader>,
    start: Option<usize>,
}

/// Builds what the reading sends until it ends: gives back the plugin
/// built, if it was started, and the first error building it.
fn build_as_read(work: std::sync::mpsc::Receiver<Vec<Work>>) -> (Option<Assembly>, Option<Error>) {
    let mut a: Option<Assembly> = None;
    let mut failed = None;
    let mut open: Vec<OpenList> = Vec::new();
    for batch in work {
        for w in batch {
            if failed.is_some() {
                continue;
            }
            let done = match (w, a.as_mut(), open.last()) {
                (Work::Start(started), ..) => {
                    a = Some(*started);
                    open.push(OpenList {
                        path: "document".to_string(),
                        parent: None,
                        start: None,
                    });
                    Ok(())
                }
                (Work::Fail(e), ..) => Err(e),
                (Work::Entry { v, index }, Some(a), Some(list)) => {
                    let path = format!("{} → entries[{index}]", list.path);
                    match v.as_object() {
                        Some(m) if m.contains_key("group") => a.group(m, &path),
                        _ => a.record(&v, &path, list.parent.as_ref()),
                    }
                }
                (Work::Open { m, index }, Some(a), Some(list)) => {
                    let path = format!("{} → entries[{index}]", list.path);
                    a.builder
                        .group_header(&m, &path, &["entries"])
                        .map(|header| {
                            let start = a.open_group(&header);
                            open.push(OpenList {
                                path: format!("{path} (GRUP {})", header.label()),
                                parent: Some(header),
                                start: Some(start),
                            });
                        })
                }
                (Work::Close, Some(a), Some(_)) => match open.pop() {
                    Some(OpenList {
                        path,
                        start: Some(start),
                        ..
                    }) => a.close_group(start, &path),
                    _ => Ok(()),
                },
                (Work::NotAList, Some(_), Some(list)) => {
                    Err(bad(&list.path, "\"entries\": expected a list"))
                }
                // Nothing is sent before the start.
                _ => Ok(()),
            };
            if let Err(e) = done {
                failed = Some(e);
            }
        }
    }
    (a, failed)
}

/// One reading of the text.
struct Pass<'t> {
    text: &'t [u8],
    release: &'t dyn Fn(std::ops::Range<usize>),
    /// The text up to here was given to `release`.
    released: usize,
    /// A key given twice, and where, once met.
    found: &'t RefCell<Option<(String, String)>>,
    /// What the first reading found; `None` in the first reading.
    known: Option<Known>,
    /// The document's keys but its entries (which stand as `null`);
    /// `None` for a document that is not an object.
    top: Option<Map<String, Value>>,
    notes: Notes,
    /// Where the work for the building goes, and what waits to go.
    work: Option<std::sync::mpsc::SyncSender<Vec<Work>>>,
    batch: Vec<Work>,
    /// Where in the text the batch's work starts, and where the reading
    /// stands (as far as is known: the last key read in place).
    batch_from: usize,
    position: usize,
    /// Whether the entries are being built.
    building: bool,
    /// Once the reading ends: the plugin built, if it was started.
    assembly: Option<Assembly>,
    /// Once the reading ends: the first error building the entries. The
    /// rest of the text was still read, as a fault in it is told first.
    failed: Option<Error>,
    /// Whether what was built must be built again, knowing the whole
    /// document.
    repeat: bool,
    /// Groups met, in the order their entries start.
    groups: usize,
    /// The groups whose header keys go on after their entries: their
    /// entries are read whole, once their header is known.
    late_groups: foldhash::HashSet<usize>,
}

impl<'t> Pass<'t> {
    fn new(
        text: &'t [u8],
        release: &'t dyn Fn(std::ops::Range<usize>),
        found: &'t RefCell<Option<(String, String)>>,
        known: Option<Known>,
    ) -> Self {
        Pass {
            text,
            release,
            released: 0,
            found,
            known,
            top: None,
            notes: Notes::new(),
            work: None,
            batch: Vec::new(),
            batch_from: 0,
            position: 0,
            building: false,
            assembly: None,
            failed: None,
            repeat: false,
            groups: 0,
            late_groups: Default::default(),
        }
    }

    /// Reads the text to its end, building beside it; an error is the
    /// text's own (not JSON, or a key given twice).
    fn read(&mut self) -> Result<()> {
        let text = self.text;
        let (send, receive) = std::sync::mpsc::sync_channel(BATCHES_AHEAD);
        let read = std::thread::scope(|s| {
            let building = s.spawn(move || build_as_read(receive));
            self.work = Some(send);
            let mut de = serde_json::Deserializer::from_slice(text);
            let read = DocumentSeed { pass: self }
                .deserialize(&mut de)
                .and_then(|()| de.end());
            self.flush();
            self.work = None;
            match building.join() {
                Ok((assembly, failed)) => (self.assembly, self.failed) = (assembly, failed),
                Err(panic) => std::panic::resume_unwind(panic),
            }
            read
        });
        (self.release)(self.released..text.len());
        read.map_err(|e| Error::json(text_error(e, self.found.take()).to_string()))
    }

    /// Sends `w` to the building, with others.
    fn send(&mut self, w: Work) {
        self.batch.push(w);
        if self.batch.len() >= BATCH || self.position >= self.batch_from + BATCH_TEXT {
            self.flush();
        }
    }

    fn flush(&mut self) {
        self.batch_from = self.position;
        let batch = std::mem::take(&mut self.batch);
        if let (Some(work), false) = (&self.work, batch.is_empty()) {
            // The building only stops when the reading does.
            let _ = work.send(batch);
        }
    }

    /// Where `key` stands in the text, when it is the text's own.
    fn note_position(&mut self, key: Option<usize>) {
        let Some(at) = key else { return };
        self.position = at;
        if at >= self.released + RELEASE_STEP {
            (self.release)(self.released..at);
            self.released = at;
        }
    }

    /// Starts building the entries, with what the document's keys so far
    /// (or the first reading) say. Where they do not yet say enough, the
    /// entries are only read, to be built in a second reading.
    fn start_entries(&mut self) {
        let start = match &self.known {
            Some(known) => document_head(&known.top).and_then(|head| {
                let masters = known.numbered.clone().unwrap_or(head.masters.clone());
                let ctx = plugin_ctx(head.game, &head.header, masters, head.own_name.clone());
                let may_repeat = listed_duplicates(&known.top, &ctx, "document")?;
                Ok((head, ctx, may_repeat))
            }),
            None => {
                let top = self.top.get_or_insert_with(Map::new);
                document_head(top).and_then(|head| {
                    let ctx = plugin_ctx(
                        head.game,
                        &head.header,
                        head.masters.clone(),
                        head.own_name.clone(),
                    );
                    let may_repeat = listed_duplicates(top, &ctx, "document")?;
                    Ok((head, ctx, may_repeat))
                })
            }
        };
        let started = start.and_then(|(head, ctx, may_repeat)| {
            let mut builder = head.builder;
            builder.ctx = ctx;
            builder.seen.may_repeat = may_repeat;
            // Room for the plugin as its text usually runs (several
            // times as long): no copy of what was written as it grows.
            let mut out = Vec::with_capacity(self.text.len() / 6);
            head.header.write(&mut out, head.game)?;
            Ok(Assembly {
                builder,
                out,
                entries: 0,
                records: 0,
            })
        });
        match started {
            Ok(a) => {
                self.building = true;
                self.send(Work::Start(Box::new(a)));
            }
            Err(e) if self.known.is_some() => {
                self.building = true;
                self.send(Work::Fail(e));
            }
            Err(_) => self.repeat = true,
        }
    }
}

/// Reads a key, noting where it stands in the text.
struct KeySeed<'k> {
    text: &'k [u8],
    at: &'k Cell<Option<usize>>,
}

impl<'de> DeserializeSeed<'de> for KeySeed<'_> {
    type Value = String;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed<'_> {
    type Value = String;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }
    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<String, E> {
        // A key without escapes is read in place: where the text is read.
        let offset = (s.as_ptr() as usize).wrapping_sub(self.text.as_ptr() as usize);
        if offset < self.text.len() {
            self.at.set(Some(offset));
        }
        Ok(s.to_string())
    }
    fn visit_str<E>(self, s: &str) -> Result<String, E> {
        Ok(s.to_string())
    }
}

/// Reads the next key of `map`, refusing one given twice in the object at
/// `at` (`given` says whether it was).
fn next_key<'de, A: MapAccess<'de>>(
    map: &mut A,
    text: &[u8],
    position: &Cell<Option<usize>>,
    found: &RefCell<Option<(String, String)>>,
    at: Option<&At<'_>>,
    given: impl Fn(&str) -> bool,
) -> Result<Option<String>, A::Error> {
    let Some(key) = map.next_key_seed(KeySeed { text, at: position })? else {
        return Ok(None);
    };
    if given(&key) {
        let message = format!("{key:?} is given twice");
        *found.borrow_mut() = Some((key, path_of(at)));
        return Err(A::Error::custom(message));
    }
    Ok(Some(key))
}

/// The whole document: its keys read as values, its entries one at a
/// time.
struct DocumentSeed<'p, 't> {
    pass: &'p mut Pass<'t>,
}

impl<'de> DeserializeSeed<'de> for DocumentSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for DocumentSeed<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let pass = self.pass;
        let found = pass.found;
        let text = pass.text;
        let position = Cell::new(None);
        pass.top = Some(Map::new());
        let given = |pass: &Pass<'_>, k: &str| pass.top.as_ref().is_some_and(|m| m.contains_key(k));
        while let Some(key) = next_key(&mut map, text, &position, found, None, |k| given(pass, k))?
        {
            let at = At {
                step: Step::Key(&key),
                up: None,
            };
            if key == "entries" {
                // Kept in its place among the keys, as `null`.
                if let Some(top) = &mut pass.top {
                    top.insert(key.clone(), Value::Null);
                }
                pass.start_entries();
                map.next_value_seed(EntriesSeed {
                    pass: &mut *pass,
                    at: &at,
                })?;
                continue;
            }
            let v = if pass.known.is_some() {
                // Read in the first reading: only gone through.
                map.next_value::<serde::de::IgnoredAny>()?;
                Value::Null
            } else {
                map.next_value_seed(ValueSeed {
                    at: Some(&at),
                    found,
                })?
            };
            if let Some(top) = &mut pass.top {
                top.insert(key, v);
            }
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        // Read through for its faults; not a document.
        ValueSeed {
            at: None,
            found: self.pass.found,
        }
        .visit_seq(seq)
        .map(drop)
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
}

/// A list of entries (the document's, or a group's), read one entry at a
/// time.
struct EntriesSeed<'p, 't, 'a> {
    pass: &'p mut Pass<'t>,
    at: &'a At<'a>,
}

impl<'de> DeserializeSeed<'de> for EntriesSeed<'_, '_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl EntriesSeed<'_, '_, '_> {
    /// Entries that are not a list: their notes, and the error.
    fn not_a_list(self, v: Value) {
        collect_notes(&v, &mut self.pass.notes);
        if self.pass.building {
            self.pass.send(Work::NotAList);
        }
    }
}

impl<'de> Visitor<'de> for EntriesSeed<'_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut index = 0;
        loop {
            let at = At {
                step: Step::Index(index),
                up: Some(self.at),
            };
            let entry = EntrySeed {
                pass: &mut *self.pass,
                at: &at,
                index,
            };
            if seq.next_element_seed(entry)?.is_none() {
                return Ok(());
            }
            index += 1;
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        let v = ValueSeed {
            at: Some(self.at),
            found: self.pass.found,
        }
        .visit_map(map)?;
        self.not_a_list(v);
        Ok(())
    }
    fn visit_bool<E>(self, b: bool) -> Result<(), E> {
        self.not_a_list(Value::Bool(b));
        Ok(())
    }
    fn visit_i64<E>(self, n: i64) -> Result<(), E> {
        self.not_a_list(Value::from(n));
        Ok(())
    }
    fn visit_u64<E>(self, n: u64) -> Result<(), E> {
        self.not_a_list(Value::from(n));
        Ok(())
    }
    fn visit_f64<E>(self, x: f64) -> Result<(), E> {
        self.not_a_list(Value::from(x));
        Ok(())
    }
    fn visit_str<E>(self, s: &str) -> Result<(), E> {
        self.not_a_list(Value::from(s));
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        self.not_a_list(Value::Null);
        Ok(())
    }
}

/// One entry of a list: a record, read as a value and built, or a group,
/// whose entries are read one at a time once its header is known.
struct EntrySeed<'p, 't, 'a> {
    pass: &'p mut Pass<'t>,
    at: &'a At<'a>,
    index: usize,
}

impl<'de> DeserializeSeed<'de> for EntrySeed<'_, '_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl EntrySeed<'_, '_, '_> {
    /// An entry read whole: its notes, then built.
    fn whole(self, v: Value) {
        collect_entry_notes(&v, self.index, &mut self.pass.notes);
        if self.pass.building {
            let index = self.index;
            self.pass.send(Work::Entry { v, index });
        }
    }
}

impl<'de> Visitor<'de> for EntrySeed<'_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let found = self.pass.found;
        let text = self.pass.text;
        let position = Cell::new(None);
        let mut m = Map::new();
        // Set once the entries were read one at a time: the keys after
        // them.
        let mut after: Option<Map<String, Value>> = None;
        // This group's place among the groups, once its entries start.
        let mut ordinal = 0;
        while let Some(key) = next_key(&mut map, text, &position, found, Some(self.at), |k| {
            m.contains_key(k)
                || after.as_ref().is_some_and(|a| a.contains_key(k))
                || (k == "entries" && after.is_some())
        })? {
            let at = At {
                step: Step::Key(&key),
                up: Some(self.at),
            };
            let is_group = key == "entries" && m.contains_key("group");
            if is_group {
                ordinal = self.pass.groups;
            }
            let late = is_group
                && self
                    .pass
                    .known
                    .as_ref()
                    .is_some_and(|k| k.late_groups.contains(&ordinal));
            if is_group && !late {
                self.pass.groups += 1;
                let header_notes = Value::Object(m.clone());
                collect_entry_notes(&header_notes, self.index, &mut self.pass.notes);
                if self.pass.building {
                    let index = self.index;
                    self.pass.send(Work::Open {
                        m: m.clone(),
                        index,
                    });
                }
                map.next_value_seed(EntriesSeed {
                    pass: &mut *self.pass,
                    at: &at,
                })?;
                if self.pass.building {
                    self.pass.send(Work::Close);
                }
                after = Some(Map::new());
                continue;
            }
            let v = map.next_value_seed(ValueSeed {
                at: Some(&at),
                found,
            })?;
            if is_group {
                // A group whose header keys go on after its entries, read
                // whole: its groups are counted as the first reading
                // counted them.
                self.pass.groups += 1 + groups_within(&v);
            }
            match &mut after {
                Some(a) => a.insert(key, v),
                None => m.insert(key, v),
            };
        }
        self.pass.note_position(position.get());
        match after {
            None => self.whole(Value::Object(m)),
            Some(after) if after.is_empty() => {}
            Some(after) => {
                // Header keys after the entries: the group was built
                // before they were known.
                collect_entry_notes(&Value::Object(after), self.index, &mut self.pass.notes);
                self.pass.late_groups.insert(ordinal);
                self.pass.repeat = true;
            }
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        let v = ValueSeed {
            at: Some(self.at),
            found: self.pass.found,
        }
        .visit_seq(seq)?;
        self.whole(v);
        Ok(())
    }
    fn visit_bool<E>(self, b: bool) -> Result<(), E> {
        self.whole(Value::Bool(b));
        Ok(())
    }
    fn visit_i64<E>(self, n: i64) -> Result<(), E> {
        self.whole(Value::from(n));
        Ok(())
    }
    fn visit_u64<E>(self, n: u64) -> Result<(), E> {
        self.whole(Value::from(n));
        Ok(())
    }
    fn visit_f64<E>(self, x: f64) -> Result<(), E> {
        self.whole(serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number));
        Ok(())
    }
    fn visit_str<E>(self, s: &str) -> Result<(), E> {
        self.whole(Value::from(s));
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        self.whole(Value::Null);
        Ok(())
    }
}

/// The groups in a list of entries read whole that a reading one entry at
/// a time reads one at a time: those whose `"group"` key comes before
/// their `"entries"`, and theirs.
fn groups_within(entries: &Value) -> usize {
    let Some(list) = entries.as_array() else {
        return 0;
    };
    list.iter()
        .filter_map(Value::as_object)
        .map(|m| {
            let place = |key: &str| m.keys().position(|k| k == key);
            match (place("group"), place("entries")) {
                (Some(g), Some(e)) if g < e => 1 + groups_within(&m["entries"]),
                _ => 0,
            }
        })
        .sum()
}
