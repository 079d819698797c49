//! A whole plugin's JSON form written as pretty text as it is made, the
//! same bytes `serde_json::to_writer_pretty` writes for [`plugin_to_json`]'s
//! value, without making JSON values where a record's typed view can be
//! printed: such a record's text is printed from its typed values and
//! proven, from the same values, to give back its bytes
//! ([`schema::exact`]). Any other record is made as [`record_to_json`]
//! makes it and printed.

use super::*;
use crate::schema::pretty::{close, item, key, string, unsigned};

/// Written out once this much text is waiting.
const FLUSH_AT: usize = 1 << 20;

/// Text this long is written as it stands rather than copied to wait.
const DIRECT_AT: usize = 64 << 10;

struct TextWriter<'s, 'a, 'o> {
    plugin: &'s Plugin<'a>,
    ctx: &'s FormCtx,
    keep: Option<RecordFilter<'s>>,
    out: &'o mut dyn std::io::Write,
    /// Text waiting to be written.
    buf: Vec<u8>,
}

fn io_failure(e: std::io::Error) -> Error {
    Error::new(
        crate::io::ErrorKind::Io,
        0,
        format!("cannot write the JSON: {e}"),
    )
}

/// Writes the plugin's JSON form to `out`, as [`write_plugin_json_in`]
/// describes.
pub(super) fn write_plugin_text(
    plugin: &Plugin<'_>,
    ctx: &FormCtx,
    keep: Option<RecordFilter<'_>>,
    out: &mut dyn std::io::Write,
) -> Result<()> {
    let mut w = TextWriter {
        plugin,
        ctx,
        keep,
        out,
        // Grown as text waits: a plugin that fails at once holds little.
        buf: Vec::new(),
    };
    let made = w.document();
    // What was made before a failure is written too, as a writer that
    // wrote each piece at once would have.
    let written = w.out.write_all(&w.buf).map_err(io_failure);
    made.and(written)
}

/// The entries' text as pieces in order: the text around records, and the
/// records, each standing at a depth after its list's separator.
#[derive(Default)]
struct Plan<'p, 'a> {
    pieces: Vec<Piece<'p, 'a>>,
    /// The text of the [`Piece::Text`]s.
    text: Vec<u8>,
    /// Where the text not yet in a piece begins.
    text_from: usize,
}

enum Piece<'p, 'a> {
    /// Text between records (groups' headers, lists' brackets), in
    /// [`Plan::text`].
    Text(std::ops::Range<usize>),
    /// A declared record, made in parallel with others.
    Declared(Item<'p, 'a>),
    /// A record without a declaration, written as it is made.
    Raw(Item<'p, 'a>),
}

/// A record in a list of entries: its list's separator goes before it.
struct Item<'p, 'a> {
    record: &'p Record<'a>,
    depth: usize,
    first: bool,
}

impl<'p, 'a> Plan<'p, 'a> {
    /// Makes the text written since the last piece a piece.
    fn end_text(&mut self) {
        if self.text_from < self.text.len() {
            self.pieces
                .push(Piece::Text(self.text_from..self.text.len()));
            self.text_from = self.text.len();
        }
    }

    fn record(&mut self, piece: Piece<'p, 'a>) {
        self.end_text();
        self.pieces.push(piece);
    }
}

impl<'s, 'a> TextWriter<'s, 'a, '_> {
    /// The whole document, the last of it left in [`Self::buf`].
    fn document(&mut self) -> Result<()> {
        let (plugin, ctx) = (self.plugin, self.ctx);
        let buf = &mut self.buf;
        buf.push(b'{');
        key("format", true, 1, buf);
        string(FORMAT, buf);
        key("format_version", false, 1, buf);
        unsigned(FORMAT_VERSION, buf);
        key("file", false, 1, buf);
        string(&ctx.own_name, buf);
        key("game", false, 1, buf);
        let game = serde_json::to_value(plugin.game).map_err(|e| Error::json(e.to_string()))?;
        schema::pretty::value(&game, 1, buf);
        // Lets a build adjust the header's record count by what an edit
        // added or removed.
        key("entry_count", false, 1, buf);
        let entry_count = plugin.count_entries();
        unsigned(entry_count as u64, buf);
        if let Some(shown) = duplicate_form_ids_shown(plugin, ctx) {
            key(DUPLICATE_FORM_IDS, false, 1, buf);
            schema::pretty::value(&shown, 1, buf);
        }
        let mut header = Vec::new();
        record_text(&plugin.header, plugin.game, ctx, 1, &mut header)?;
        key("header", false, 1, &mut self.buf);
        self.put(&header)?;
        key("entries", false, 1, &mut self.buf);
        let mut plan = Plan::default();
        // A piece per record, about one per group: room for them at once.
        plan.pieces.reserve(entry_count + 1);
        self.plan(&plugin.entries, 1, &mut plan);
        plan.end_text();
        self.write_planned(&plan)?;
        close(b'}', false, 0, &mut self.buf);
        Ok(())
    }

    /// Whether an entry is shown (see [`shown_by`]).
    fn keeps(&self, e: &Entry<'_>) -> bool {
        shown_by(self.keep, e)
    }

    /// Writes out what waits once there is enough of it.
    fn flush_some(&mut self) -> Result<()> {
        if self.buf.len() >= FLUSH_AT {
            self.out.write_all(&self.buf).map_err(io_failure)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Adds text; much of it is written as it stands, after what waits.
    fn put(&mut self, text: &[u8]) -> Result<()> {
        if text.len() < DIRECT_AT {
            self.buf.extend_from_slice(text);
            return self.flush_some();
        }
        self.out.write_all(&self.buf).map_err(io_failure)?;
        self.buf.clear();
        self.out.write_all(text).map_err(io_failure)
    }

    /// Plans a list of entries standing at `depth`, and the groups in it.
    fn plan(&self, entries: &'s [Entry<'a>], depth: usize, plan: &mut Plan<'s, 'a>) {
        let catalog = crate::defs::catalog(self.plugin.game);
        plan.text.push(b'[');
        let mut first = true;
        for e in entries.iter().filter(|e| self.keeps(e)) {
            match e {
                Entry::Record(record) => {
                    let item = Item {
                        record,
                        depth: depth + 1,
                        first,
                    };
                    plan.record(match catalog.find(record.header.sig) {
                        Some(_) => Piece::Declared(item),
                        None => Piece::Raw(item),
                    });
                }
                Entry::Group(g) => {
                    item(first, depth + 1, &mut plan.text);
                    self.group(g, depth + 1, plan);
                }
            }
            first = false;
        }
        close(b']', first, depth, &mut plan.text);
    }

    /// Plans a group standing at `depth`: its header, then its entries.
    fn group(&self, g: &'s Group<'a>, depth: usize, plan: &mut Plan<'s, 'a>) {
        let text = &mut plan.text;
        text.push(b'{');
        let header = group_header_json(&g.header, self.plugin.game, self.ctx);
        for (i, (k, v)) in header.iter().enumerate() {
            key(k, i == 0, depth + 1, text);
            schema::pretty::value(v, depth + 1, text);
        }
        key("entries", header.is_empty(), depth + 1, text);
        self.plan(&g.children, depth + 1, plan);
        close(b'}', false, depth, &mut plan.text);
    }

    /// Writes the planned pieces: the declared records are made a batch
    /// at a time, in parallel, on another thread, while the batch before
    /// is written.
    fn write_planned(&mut self, plan: &Plan<'s, 'a>) -> Result<()> {
        /// Records made at once: enough to share among threads, few
        /// enough to keep memory small...
        const BATCH: usize = 256;
        /// ...and no more data than this in a batch (or one record).
        const BATCH_BYTES: u64 = 1 << 20;
        let pieces = &plan.pieces[..];
        let mut batches = Vec::new();
        let mut start = 0;
        while start < pieces.len() {
            let (mut records, mut bytes, mut end) = (0, 0u64, start);
            while end < pieces.len() && records < BATCH && bytes < BATCH_BYTES {
                if let Piece::Declared(item) = &pieces[end] {
                    records += 1;
                    bytes += record_data_len(item.record);
                }
                end += 1;
            }
            batches.push(start..end);
            start = end;
        }
        let (game, ctx) = (self.plugin.game, self.ctx);
        std::thread::scope(|scope| {
            // One batch is made while the one before is written.
            let (made_tx, made_rx) = std::sync::mpsc::sync_channel(0);
            let (spare_tx, spare_rx) = std::sync::mpsc::channel::<Vec<Made>>();
            let batches_made = &batches;
            scope.spawn(move || {
                for range in batches_made {
                    let declared: Vec<&Item<'_, '_>> = pieces[range.clone()]
                        .iter()
                        .filter_map(|p| match p {
                            Piece::Declared(item) => Some(item),
                            _ => None,
                        })
                        .collect();
                    let per_chunk = declared.len().div_ceil(CHUNKS).max(1);
                    let chunks = declared.len().div_ceil(per_chunk);
                    // Chunks keep their room from batch to batch.
                    let mut made = spare_rx.try_recv().unwrap_or_default();
                    if made.len() < chunks {
                        made.resize_with(chunks, Made::default);
                    }
                    declared
                        .par_chunks(per_chunk)
                        .zip(made[..chunks].par_iter_mut())
                        .for_each(|(items, made)| made.make(items, game, ctx));
                    // The writer stops taking batches when writing fails.
                    if made_tx.send((made, chunks)).is_err() {
                        return;
                    }
                }
            });
            for range in &batches {
                let Ok((mut made, chunks)) = made_rx.recv() else {
                    break;
                };
                // Where each record's text is (with its separator before
                // it): its chunk and its bytes there; then where a chunk
                // failed, `None`.
                let mut texts = made[..chunks].iter().enumerate().flat_map(|(c, m)| {
                    m.texts()
                        .map(move |r| Some((c, r)))
                        .chain(m.failure.is_some().then_some(None))
                });
                // Records one after another in a chunk are written at once.
                let mut run: Option<(usize, std::ops::Range<usize>)> = None;
                let mut failed = false;
                for piece in &pieces[range.clone()] {
                    if let (Some((c, r)), false) = (&run, matches!(piece, Piece::Declared(_))) {
                        self.put(&made[*c].text[r.clone()])?;
                        run = None;
                    }
                    match piece {
                        Piece::Text(r) => self.put(&plan.text[r.clone()])?,
                        Piece::Declared(_) => {
                            let Some(Some((c, r))) = texts.next() else {
                                failed = true;
                                break;
                            };
                            run = match run {
                                Some((rc, rr)) if rc == c && rr.end == r.start => {
                                    Some((c, rr.start..r.end))
                                }
                                before => {
                                    if let Some((rc, rr)) = before {
                                        self.put(&made[rc].text[rr])?;
                                    }
                                    Some((c, r))
                                }
                            };
                        }
                        Piece::Raw(it) => {
                            item(it.first, it.depth, &mut self.buf);
                            self.raw_record(it.record, it.depth)?;
                        }
                    }
                }
                // The records before one that failed are written, as they
                // would be one at a time.
                if let Some((c, r)) = run {
                    self.put(&made[c].text[r])?;
                }
                drop(texts);
                if failed {
                    return Err(first_failure(&mut made[..chunks]));
                }
                let _ = spare_tx.send(made);
            }
            Ok(())
        })
    }

    /// A record without a declaration standing at `depth`, written one
    /// subrecord at a time, as `RawRecordJson` shows it.
    fn raw_record(&mut self, rec: &Record<'_>, depth: usize) -> Result<()> {
        let game = self.plugin.game;
        let data = rec.data(game)?;
        let base = rec.subrecord_base(game);
        self.buf.push(b'{');
        write_header_text(rec, game, self.ctx, depth + 1, &mut self.buf);
        if Subrecords::new(&data, base).any(|s| s.is_err()) {
            key("data_hex", false, depth + 1, &mut self.buf);
            hex_string(&data, &mut self.buf);
        } else {
            key("subrecords", false, depth + 1, &mut self.buf);
            self.buf.push(b'[');
            let mut first = true;
            for sub in Subrecords::new(&data, base).flatten() {
                item(first, depth + 2, &mut self.buf);
                first = false;
                raw_sub_text(&sub, depth + 2, &mut self.buf);
                self.flush_some()?;
            }
            close(b']', first, depth + 1, &mut self.buf);
        }
        close(b'}', false, depth, &mut self.buf);
        self.flush_some()
    }
}

fn hex_string(bytes: &[u8], out: &mut Vec<u8>) {
    out.push(b'"');
    crate::io::push_hex(bytes, out);
    out.push(b'"');
}

/// A subrecord of an undeclared record standing at `depth`, as
/// [`raw_sub_json`] shows it.
fn raw_sub_text(s: &SubrecordRef<'_>, depth: usize, out: &mut Vec<u8>) {
    out.push(b'{');
    key("sig", true, depth + 1, out);
    crate::schema::text_out::sig_text(s.sig, out);
    key("hex", false, depth + 1, out);
    hex_string(s.data, out);
    if let SizeForm::Extended { short_size } = s.size_form {
        key("xxxx_short_size", false, depth + 1, out);
        unsigned(short_size as u64, out);
    }
    close(b'}', false, depth, out);
}

/// Chunks a batch's records are made in, shared among threads.
const CHUNKS: usize = 8;

/// The texts of a chunk of records, one after another, made in order up
/// to the first that fails.
#[derive(Default)]
struct Made {
    text: Vec<u8>,
    /// Where each record's text ends.
    ends: Vec<usize>,
    failure: Option<Error>,
}

impl Made {
    fn make(&mut self, items: &[&Item<'_, '_>], game: Game, ctx: &FormCtx) {
        // A chunk that held a large record's text does not keep it.
        if self.text.capacity() > 4 * FLUSH_AT {
            self.text = Vec::new();
        }
        self.text.clear();
        self.ends.clear();
        self.failure = None;
        // Text runs about ten times the records' data: room for nearly all
        // at once, so that it is seldom moved as it grows.
        let data: u64 = items.iter().map(|i| record_data_len(i.record)).sum();
        let room = data
            .saturating_mul(16)
            .saturating_add(256 * items.len() as u64);
        self.text.reserve(usize::try_from(room).unwrap_or(0));
        for it in items {
            item(it.first, it.depth, &mut self.text);
            if let Err(e) = record_text(it.record, game, ctx, it.depth, &mut self.text) {
                self.failure = Some(e);
                return;
            }
            self.ends.push(self.text.len());
        }
    }

    /// Where each record's text is in [`Made::text`].
    fn texts(&self) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(self.ends.iter().copied()).map(|(s, e)| s..e)
    }
}

/// The error of the first chunk that failed.
fn first_failure(made: &mut [Made]) -> Error {
    made.iter_mut()
        .find_map(|m| m.failure.take())
        .unwrap_or_else(|| Error::json("a record's text was not made"))
}

/// Appends a declared record's text standing at `depth` to `out`: printed
/// from its typed view where that text is proven to give back the record,
/// else its [`record_to_json`] value printed.
fn record_text(
    rec: &Record<'_>,
    game: Game,
    ctx: &FormCtx,
    depth: usize,
    out: &mut Vec<u8>,
) -> Result<()> {
    if typed_record_text(rec, game, ctx, depth, out, |_| ()).is_some() {
        return Ok(());
    }
    let value = record_to_json(rec, game, ctx)?.value;
    schema::pretty::value(&value, depth, out);
    Ok(())
}

/// Appends a declared record's text standing at `depth` to `out`, printed
/// from its typed view, with what `then` makes of that view: `None`, and
/// `out` as it was, where the text could not be printed so or is not
/// proven, from the same values, to give back the record's bytes
/// ([`schema::exact`]). The header is written from the record's own
/// header.
pub(crate) fn typed_record_text<T>(
    rec: &Record<'_>,
    game: Game,
    ctx: &FormCtx,
    depth: usize,
    out: &mut Vec<u8>,
    then: impl FnOnce(&schema::RecordView<'_>) -> T,
) -> Option<T> {
    let catalog = crate::defs::catalog(game);
    let start = out.len();
    let typed = schema::with_view_and_data(rec, catalog, ctx, |view, data| {
        out.push(b'{');
        write_header_text(rec, game, ctx, depth + 1, out);
        key("fields", false, depth + 1, out);
        schema::text_out::write_fields(view, ctx, depth + 1, out)?;
        close(b'}', false, depth, out);
        schema::exact::json_gives_back(view, data, ctx).then(|| then(view))
    });
    match typed {
        Ok(Some(Some(made))) => Some(made),
        _ => {
            out.truncate(start);
            None
        }
    }
}
