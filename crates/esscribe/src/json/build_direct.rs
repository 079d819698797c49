//! A plugin built from the text of its JSON form read once, its records
//! built in parallel straight from their text.
//!
//! The text is walked for its structure only. The document's keys and the
//! groups' header keys are read as values; each record is cut out as the
//! span of its text, which the tree's text reader ([`schema::text_in`])
//! encodes with no JSON value in between. The walk gathers the plugins
//! noted beside form IDs as it passes them.
//!
//! This is a faster way to the same plugin, and only that. Wherever it
//! might not give what the reading of [`build_plugin_from_text`] gives, it
//! stands down and the text is built that way, which gives the same bytes
//! or the usual error with its message: text not laid out as
//! [`write_plugin_json`] lays it out (a key after the entries, a group's
//! header keys after its entries, escapes in keys), notes saying the
//! masters were edited, and any error at all.

use super::build_stream::{build_plugin_from_values, finish, Assembly, BuiltBytes};
use super::*;
use std::ops::Range;
use std::sync::mpsc;

/// Text of records walked before they are sent to be built together:
/// enough to keep both cores busy, little enough to hold.
const BATCH_TEXT: usize = 1 << 20;
/// Batches walked ahead of the building.
const BATCHES_AHEAD: usize = 2;
/// The text is given back in whole runs of this many bytes, aligned: the
/// system maps the pages around one read, as many as this.
const RELEASE_WINDOW: usize = 1 << 16;
/// Deeper nesting than this stands down. A record's text read alone does
/// not see the levels around it, while reading the whole text counts
/// them against its limit of 128.
const MAX_DEPTH: usize = 100;

/// What the walk finds, in the text's order.
enum Item {
    /// The document's keys before its entries: the building starts.
    Start(Map<String, Value>),
    /// A record's text.
    Record(Range<usize>),
    /// A group's header keys; its entries follow, then [`Item::Close`].
    Open(Map<String, Value>),
    /// The innermost group open ends.
    Close,
}

/// Items walked, and how far into the text they reach.
type Batch = (Vec<Item>, usize);

/// Builds a plugin from the text of the JSON form [`plugin_to_json`]
/// writes (UTF-8), reading it once where it can (see the module's notes),
/// else one record at a time as JSON values; refuses what [`build_plugin`]
/// refuses, with the same messages. A key given twice in one object is
/// refused, as [`crate::json_text::from_slice`] refuses it.
///
/// `release` is told, now and then, the range of the text read since it was
/// last told, and not needed again unless the text is read again: a caller
/// whose text is a memory map can give back its pages.
pub fn build_plugin_from_text(
    text: &[u8],
    release: &dyn Fn(std::ops::Range<usize>),
) -> Result<BuiltBytes> {
    if let Some(built) = build_direct(text, release) {
        return Ok(built);
    }
    build_plugin_from_values(text, release)
}

/// Builds the plugin from `text` as [`build_plugin_from_text`] would,
/// reading the text once; `None` where this reading stands down (see the
/// module's notes). `release` is told of the text built, in order.
fn build_direct(text: &[u8], release: &dyn Fn(Range<usize>)) -> Option<BuiltBytes> {
    let (send, receive) = mpsc::sync_channel::<Batch>(BATCHES_AHEAD);
    let (walked, built) = std::thread::scope(|s| {
        let walking = s.spawn(move || {
            let mut walk = Walk::new(text, send);
            let top = walk.document();
            walk.flush();
            top.filter(|_| !walk.stood_down)
                .map(|top| (top, walk.notes))
        });
        let built = build_as_walked(text, receive, release);
        match walking.join() {
            Ok(walked) => (walked, built),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    });
    let ((top, notes), (a, read_as_values)) = (walked?, built?);
    let head = document_head(&top).ok()?;
    // Notes that say the masters were edited renumber the records, which
    // the usual reading does.
    let numbered = numbering_from_notes(&notes, &head.masters, &head.own_name).ok()?;
    numbered.is_none().then_some(())?;
    let mut built = finish(a, head, &top, None).ok()?;
    built.built_directly = true;
    built.records_read_as_values = read_as_values;
    Some(built)
}

/// Builds the records as the walk sends them, in order, with the
/// plugin's header from the document's keys, and counts those read as JSON
/// values; `None` at the first thing that does not build.
fn build_as_walked(
    text: &[u8],
    batches: mpsc::Receiver<Batch>,
    release: &dyn Fn(Range<usize>),
) -> Option<(Assembly, u64)> {
    let mut a: Option<Assembly> = None;
    // The groups open: their headers, and where each starts in the plugin.
    let mut open: Vec<(GroupHeader, usize)> = Vec::new();
    let mut claimed = foldhash::HashSet::default();
    let mut released = 0;
    let mut read_as_values = 0;
    for (items, reach) in batches {
        let mut headers = Vec::new();
        let mut jobs = Vec::new();
        // Each group's header, and the group each record stands in.
        let mut stack: Vec<GroupHeader> = open.iter().map(|(h, _)| *h).collect();
        for item in &items {
            match item {
                Item::Start(top) => a = Some(start(top, text.len())?),
                Item::Open(m) => {
                    let header = a.as_ref()?.builder.group_header(m, "", &["entries"]).ok()?;
                    headers.push(header);
                    stack.push(header);
                }
                Item::Close => {
                    stack.pop()?;
                }
                Item::Record(span) => jobs.push((span.clone(), stack.last().copied())),
            }
        }
        let a = a.as_mut()?;
        let builder = &a.builder;
        let records: Vec<Option<BuiltRecord>> = jobs
            .par_iter()
            .map(|(span, parent)| build_record(&text[span.clone()], builder, parent.as_ref()))
            .collect();
        let mut records = records.into_iter();
        let mut headers = headers.into_iter();
        for item in &items {
            match item {
                Item::Start(_) => {}
                Item::Open(_) => {
                    let header = headers.next()?;
                    let at = a.open_group(&header);
                    open.push((header, at));
                }
                Item::Close => {
                    let (_, at) = open.pop()?;
                    a.close_group(at, "").ok()?;
                }
                Item::Record(_) => {
                    let BuiltRecord {
                        record,
                        expect,
                        as_value,
                    } = records.next()??;
                    read_as_values += as_value as u64;
                    let h = record.header;
                    let repeats = !claimed.insert(h.form_id);
                    if repeats && !a.builder.seen.may_repeat.contains(&h.form_id) {
                        return None;
                    }
                    a.builder.checks.push(RecordCheck {
                        sig: h.sig,
                        form_id: h.form_id,
                        expect,
                    });
                    record.write(&mut a.out, a.builder.game).ok()?;
                    a.entries += 1;
                    a.records += 1;
                }
            }
        }
        // Whole windows of pages only: the page a record straddles is read
        // again, and reading a page maps those around it.
        let behind = reach & !(RELEASE_WINDOW - 1);
        if behind > released {
            release(released..behind);
            released = behind;
        }
    }
    release(released..text.len());
    open.is_empty().then_some(())?;
    a.map(|a| (a, read_as_values))
}

/// The plugin's building started from the document's keys before its
/// entries: its header written, its form IDs numbered against the masters
/// the header names.
fn start(top: &Map<String, Value>, text_len: usize) -> Option<Assembly> {
    let head = document_head(top).ok()?;
    let ctx = plugin_ctx(
        head.game,
        &head.header,
        head.masters.clone(),
        head.own_name.clone(),
    );
    let may_repeat = listed_duplicates(top, &ctx, "document").ok()?;
    let mut builder = head.builder;
    builder.ctx = ctx;
    builder.seen.may_repeat = may_repeat;
    // Room for the plugin as its text usually runs (several times as
    // long): no copy of what was written as it grows.
    let mut out = Vec::with_capacity(text_len / 6);
    head.header.write(&mut out, head.game).ok()?;
    Some(Assembly {
        builder,
        out,
        entries: 0,
        records: 0,
    })
}

/// One record from its text, straight where the text reader follows it,
/// else from its value; `None` where it does not build.
fn build_record(
    text: &[u8],
    builder: &Builder,
    parent: Option<&GroupHeader>,
) -> Option<BuiltRecord> {
    let game = builder.game;
    let ctx = &builder.ctx;
    if let Some(read) = record_parts_from_text(text, game, ctx) {
        let left_over = read.left_over;
        if let Some(record) =
            record_with_data(game, ctx, &read.header, read.data, left_over, parent)
        {
            return Some(BuiltRecord {
                record,
                expect: ReadBack::AtMostRaw(left_over),
                as_value: false,
            });
        }
    }
    let v = crate::json_text::from_slice(text).ok()?;
    let (record, _, expect) = builder.make_record(&v, "", parent, false).ok()?;
    Some(BuiltRecord {
        record,
        expect,
        as_value: true,
    })
}

/// A record built, what reading it back must give, and whether its text
/// was read as a JSON value (the text reader did not follow it).
struct BuiltRecord {
    record: Record<'static>,
    expect: ReadBack,
    as_value: bool,
}

/// A walk through the text for its structure, reading values only where
/// they are the document's or a group's keys.
struct Walk<'t> {
    text: &'t [u8],
    at: usize,
    /// Lists and objects open around the walk.
    depth: usize,
    /// Whether the strings passed are noted (inside the entries).
    noting: bool,
    notes: Notes,
    /// Set where the walk found text it does not follow.
    stood_down: bool,
    batch: Vec<Item>,
    batch_from: usize,
    send: Option<mpsc::SyncSender<Batch>>,
}

impl<'t> Walk<'t> {
    fn new(text: &'t [u8], send: mpsc::SyncSender<Batch>) -> Self {
        Walk {
            text,
            at: 0,
            depth: 0,
            noting: false,
            notes: Notes::new(),
            stood_down: false,
            batch: Vec::new(),
            batch_from: 0,
            send: Some(send),
        }
    }

    /// Sends what was walked to the building; stands down when the
    /// building has.
    fn flush(&mut self) {
        let batch = std::mem::take(&mut self.batch);
        if let Some(send) = &self.send {
            if send.send((batch, self.at)).is_err() {
                self.stood_down = true;
                self.send = None;
            }
        }
        self.batch_from = self.at;
    }

    fn push(&mut self, item: Item) -> Option<()> {
        self.batch.push(item);
        if self.at >= self.batch_from + BATCH_TEXT {
            self.flush();
        }
        (!self.stood_down).then_some(())
    }

    /// Past whitespace.
    #[inline]
    fn space(&mut self) {
        self.at = crate::schema::text_in::past_whitespace(self.text, self.at);
    }

    fn eat(&mut self, c: u8) -> bool {
        self.space();
        let found = self.text.get(self.at) == Some(&c);
        self.at += found as usize;
        found
    }

    fn expect(&mut self, c: u8) -> Option<()> {
        self.eat(c).then_some(())
    }

    /// A key and its colon: printable ASCII without escapes, which means
    /// what its bytes say.
    fn key(&mut self) -> Option<&'t str> {
        self.expect(b'"')?;
        let start = self.at;
        let len = self.text[start..]
            .iter()
            .position(|&b| !(b' '..=b'~').contains(&b) || b == b'"' || b == b'\\')?;
        let end = start + len;
        (self.text[end] == b'"').then_some(())?;
        self.at = end + 1;
        self.expect(b':')?;
        std::str::from_utf8(&self.text[start..end]).ok()
    }

    /// The span of the next value, checked only for its extent: whoever
    /// reads it checks it. Strings in it are noted.
    fn value(&mut self) -> Option<Range<usize>> {
        self.space();
        let start = self.at;
        match *self.text.get(self.at)? {
            b'"' => {
                self.at += 1;
                self.string()?;
            }
            b'{' | b'[' => self.nested()?,
            _ => {
                let len = self.text[start..]
                    .iter()
                    .position(|&b| matches!(b, b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t'))
                    .unwrap_or(self.text.len() - start);
                (len > 0).then_some(())?;
                self.at += len;
            }
        }
        Some(start..self.at)
    }

    /// Past a list or object and what it holds.
    fn nested(&mut self) -> Option<()> {
        let mut nest = 0usize;
        loop {
            match *self.text.get(self.at)? {
                b'"' => {
                    self.at += 1;
                    self.string()?;
                }
                b'{' | b'[' => {
                    nest += 1;
                    (self.depth + nest <= MAX_DEPTH).then_some(())?;
                    self.at += 1;
                }
                b'}' | b']' => {
                    nest = nest.checked_sub(1)?;
                    self.at += 1;
                    if nest == 0 {
                        return Some(());
                    }
                }
                b'\n' => self.space(),
                _ => self.at += 1,
            }
        }
    }

    /// Past a string whose opening quote is behind, noting it where it is
    /// a noted form ID.
    fn string(&mut self) -> Option<()> {
        let start = self.at;
        let mut escaped = false;
        let mut at = self.at;
        loop {
            at = next_quote_or_backslash(self.text, at);
            match *self.text.get(at)? {
                b'"' => break,
                _ => {
                    escaped = true;
                    at += 2;
                }
            }
        }
        let end = at;
        self.at = at + 1;
        if self.noting {
            // Only text ending in `)` once trimmed can be a noted form ID.
            let last = self.text[start..end].last().copied();
            let may_be_noted =
                escaped || last.is_some_and(|b| b == b')' || b >= 0x80 || b.is_ascii_whitespace());
            if may_be_noted {
                self.note(start..end, escaped);
            }
        }
        Some(())
    }

    /// Notes the string at `content` (between its quotes) unless it is a
    /// key.
    fn note(&mut self, content: Range<usize>, escaped: bool) {
        let after = self.text[content.end + 1..]
            .iter()
            .find(|b| !b.is_ascii_whitespace());
        if after == Some(&b':') {
            return;
        }
        if !escaped {
            let canonical =
                crate::schema::text_in::form_id_noted_as_dumped(&self.text[content.clone()]);
            if let Some((id, name)) = canonical {
                note_plugin(id.master_index(), name, &mut self.notes, String::new);
                return;
            }
        }
        let quoted = &self.text[content.start - 1..content.end + 1];
        let text: Option<std::borrow::Cow<'_, str>> = if escaped {
            serde_json::from_slice::<String>(quoted)
                .ok()
                .map(Into::into)
        } else {
            std::str::from_utf8(&self.text[content])
                .ok()
                .map(Into::into)
        };
        match text {
            Some(text) => note_text(&text, &mut self.notes, String::new),
            None => self.stood_down = true,
        }
    }

    /// The document: its keys read as values, its entries walked. `None`
    /// where the walk stands down.
    fn document(&mut self) -> Option<Map<String, Value>> {
        self.expect(b'{')?;
        let mut top = Map::new();
        let mut walked_entries = false;
        loop {
            let key = self.key()?;
            (!top.contains_key(key) && !walked_entries).then_some(())?;
            if key == "entries" {
                top.insert(key.to_string(), Value::Null);
                self.push(Item::Start(top.clone()))?;
                self.noting = true;
                self.entries()?;
                self.noting = false;
                walked_entries = true;
            } else {
                let v = self.read_value()?;
                top.insert(key.to_string(), v);
            }
            if !self.eat(b',') {
                break;
            }
        }
        self.expect(b'}')?;
        self.space();
        (self.at == self.text.len() && walked_entries).then_some(top)
    }

    /// The next value, read.
    fn read_value(&mut self) -> Option<Value> {
        let span = self.value()?;
        crate::json_text::from_slice(&self.text[span]).ok()
    }

    /// A list of entries, each a record or a group.
    fn entries(&mut self) -> Option<()> {
        self.expect(b'[')?;
        self.depth += 1;
        // Groups nest in groups: as deep as the text goes, so does the
        // walk, as far as reading the whole text would.
        (self.depth <= MAX_DEPTH).then_some(())?;
        if !self.eat(b']') {
            loop {
                self.entry()?;
                if !self.eat(b',') {
                    break;
                }
            }
            self.expect(b']')?;
        }
        self.depth -= 1;
        Some(())
    }

    /// A record (an object whose first key is not `group`), or a group.
    fn entry(&mut self) -> Option<()> {
        self.space();
        let start = self.at;
        self.expect(b'{')?;
        if self.key()? == "group" {
            return self.group();
        }
        self.at = start;
        let span = self.value()?;
        self.push(Item::Record(span))
    }

    /// A group, its first key read: its header keys, then its entries,
    /// which end it.
    fn group(&mut self) -> Option<()> {
        self.depth += 1;
        let mut m = Map::new();
        let mut key = "group";
        while key != "entries" {
            (!m.contains_key(key)).then_some(())?;
            let v = self.read_value()?;
            m.insert(key.to_string(), v);
            self.expect(b',')?;
            key = self.key()?;
        }
        self.push(Item::Open(m))?;
        self.entries()?;
        self.push(Item::Close)?;
        self.expect(b'}')?;
        self.depth -= 1;
        Some(())
    }
}

/// Where the first `"` or `\\` at or after `at` stands (the text's end if
/// none), looked for eight bytes at a time: most strings are longer.
#[inline]
fn next_quote_or_backslash(text: &[u8], mut at: usize) -> usize {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    const QUOTES: u64 = u64::from_le_bytes([b'"'; 8]);
    const BACKSLASHES: u64 = u64::from_le_bytes([b'\\'; 8]);
    // A byte equal to the one looked for is a zero byte once the two are
    // XORed; the lowest byte flagged is always one of them.
    let zero_bytes = |w: u64| w.wrapping_sub(ONES) & !w & HIGH;
    while let Some(eight) = text.get(at..at + 8) {
        let w = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
        let found = zero_bytes(w ^ QUOTES) | zero_bytes(w ^ BACKSLASHES);
        if found != 0 {
            return at + found.trailing_zeros() as usize / 8;
        }
        at += 8;
    }
    text[at.min(text.len())..]
        .iter()
        .position(|&b| b == b'"' || b == b'\\')
        .map_or(text.len(), |p| at + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_quote_or_backslash_is_found_as_a_byte_at_a_time_finds_it() {
        let text: Vec<u8> = (0..300u32)
            .map(|i| match i % 37 {
                5 => b'"',
                17 => b'\\',
                // Bytes one away from those looked for, and high bytes.
                n if n % 3 == 0 => b'!',
                n if n % 3 == 1 => 0xA2,
                n => b'#' + (n % 50) as u8,
            })
            .collect();
        for at in 0..=text.len() {
            let slow = text[at..]
                .iter()
                .position(|&b| b == b'"' || b == b'\\')
                .map_or(text.len(), |p| at + p);
            assert_eq!(next_quote_or_backslash(&text, at), slow, "{at}");
        }
    }

    #[test]
    fn notes_written_as_a_dump_writes_them_read_as_any_note_reads() {
        let canonical_note = |text: &'static [u8]| {
            crate::schema::text_in::form_id_noted_as_dumped(text)
                .map(|(id, name)| (id.master_index(), name))
        };
        assert_eq!(
            canonical_note(b"0x01000800 (Update.esm)"),
            Some((1, "Update.esm"))
        );
        for other in [
            &b"0x0100080 (Update.esm)"[..],
            b"0x01000800(Update.esm)",
            b"0x01000800 (Update.esm",
            b"0x0100080G (Update.esm)",
        ] {
            assert_eq!(canonical_note(other), None);
        }
    }
}
