//! Plugin files (`.esm`, `.esp`, `.esl`): the `TES4` header record, then a
//! tree of groups holding records, each record a stream of subrecords,
//! optionally zlib-compressed.
//!
//! Reading borrows the input bytes: a [`Plugin`] holds slices of the file
//! (which may be memory-mapped) and walking its subrecords allocates nothing
//! per subrecord. A record keeps its stored bytes until it is edited, so an
//! unchanged record is written back exactly as read, compressed payload
//! included.
//!
//! Untrusted input ends in `Ok` or in an [`Error`] pointing inside the
//! file: sizes are checked against what remains before anything is taken,
//! inflating stops at the stated size, which may be at most 32 times the
//! stored size (or 1 MiB) and 64 MiB, the compressed records of a file may
//! state at most 64 MiB plus 16 times the file's size in all, and groups
//! nest at most 32 deep. Large files parse one top group per rayon task, and
//! [`Plugin::par_records`] and its siblings walk records in parallel.

pub(crate) mod compress;
mod damage;
mod header;
pub(crate) mod index;
pub mod light;
mod mapped;
mod record;
pub mod strings;
mod subrecord;
#[cfg(feature = "bench-support")]
pub mod synth;
mod tes4;

pub use crate::fsio::MappedFile;
pub(crate) use compress::inflate_exact;
pub use compress::{
    compress_record_data, compress_record_data_at_level, decompress_record_data,
    decompress_record_data_into, max_inflated_size, Compressor, MAX_DECOMPRESSED_ANY_RATIO,
    MAX_DECOMPRESSED_SIZE, MAX_DECOMPRESSION_RATIO, MAX_FILE_INFLATION_BASE,
    MAX_FILE_INFLATION_RATIO,
};
pub use header::{
    detect_game, is_record_sig, Game, GroupHeader, GroupKind, GroupLabel, RecordHeader,
    FLAG_COMPRESSED, FLAG_DELETED, FLAG_LIGHT, FLAG_MASTER, GRUP,
};
pub use mapped::open_mmap;
pub use record::{Body, Record};
pub use subrecord::{
    encode_subrecords, encoded_len, parse_subrecords, write_subrecord, RecordData, SizeForm,
    Subrecord, SubrecordRef, Subrecords, XXXX,
};
pub(crate) use tes4::zstring;
pub use tes4::{extension_is, Master, PluginHeader};

use crate::io::{Context, Error, FormId, Reader, Result, Sig, WriteLe};
use rayon::prelude::*;
use std::borrow::Cow;

/// Groups nest about five deep in real files; a hostile file must not be
/// able to exhaust the stack.
const MAX_GROUP_DEPTH: usize = 32;

/// A group and what it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Group<'a> {
    /// The group's header: label, type and stamps.
    pub header: GroupHeader,
    /// File offset of the group header (0 for groups that were built).
    pub offset: u64,
    /// The records and groups in it, in file order.
    pub children: Vec<Entry<'a>>,
}

impl Group<'_> {
    /// Short description for messages: `GRUP PACK (top) at 0x1A2`.
    pub fn describe(&self) -> String {
        format!(
            "GRUP {} ({}) at 0x{:X}",
            self.header.label(),
            self.header.kind().name(),
            self.offset
        )
    }
}

/// An item of the tree: a group or a record.
#[derive(Debug, Clone, PartialEq)]
pub enum Entry<'a> {
    /// A group and its contents.
    Group(Group<'a>),
    /// A record.
    Record(Record<'a>),
}

impl<'a> Entry<'a> {
    /// Reads the entries of a list (a group's contents, or the file after
    /// its header); `before` is what comes before the list's first entry,
    /// for messages about damage.
    fn read_list(
        r: &mut Reader<'a>,
        game: Game,
        depth: usize,
        count: &mut usize,
        before: Option<Before>,
    ) -> Result<Vec<Entry<'a>>> {
        let mut out: Vec<Entry<'a>> = Vec::with_capacity(count_entries_at(r.peek_rest(), game));
        while !r.is_empty() {
            *count += 1;
            // Records, by far the most entries, go straight into the list.
            if r.peek_rest().get(..4) != Some(&GRUP.0) {
                let at = r.position();
                match Record::read(r, game) {
                    Ok(rec) => out.push(Entry::Record(rec)),
                    Err(e) => {
                        let before = out.last().map(Before::of).or(before);
                        return Err(damage::explain(e, r, at, before, game));
                    }
                }
                continue;
            }
            out.push(match Self::read_one(r, game, depth)? {
                Next::Group(g) => Entry::Group(g.read_children(game, depth, count)?),
                Next::Record(rec) => Entry::Record(rec),
            });
        }
        Ok(out)
    }

    /// Reads the next record, or the next group's header, leaving its
    /// contents for [`GroupToRead::read_children`].
    fn read_one(r: &mut Reader<'a>, game: Game, depth: usize) -> Result<Next<'a>> {
        let offset = r.offset();
        let sig = r.clone().sig("record or group signature")?;
        if sig != GRUP {
            return Ok(Next::Record(Record::read(r, game)?));
        }
        let header_len = game.header_len();
        r.sig("group signature")?;
        let header = GroupHeader::read_after_sig(r, game)?;
        let size = header.size as usize;
        if size < header_len {
            return Err(Error::invalid(
                offset + 4,
                format!("group size {size} is smaller than its {header_len}-byte header"),
            ))
            .within(|| describe_group(&header, offset));
        }
        if depth >= MAX_GROUP_DEPTH {
            return Err(Error::invalid(
                offset,
                format!("groups nested more than {MAX_GROUP_DEPTH} deep"),
            ));
        }
        let body = r
            .bytes(size - header_len, "group contents (size from group header)")
            .within(|| describe_group(&header, offset))?;
        Ok(Next::Group(GroupToRead {
            header,
            offset,
            body,
        }))
    }

    fn write(&self, out: &mut Vec<u8>, game: Game) -> Result<()> {
        match self {
            Entry::Record(rec) => rec.write(out, game),
            Entry::Group(g) => {
                let start = out.len();
                g.header.write(out, game);
                for child in &g.children {
                    child.write(out, game)?;
                }
                let size = u32::try_from(out.len() - start)
                    .map_err(|_| Error::invalid(g.offset, "group larger than 4 GiB"))?;
                out[start + 4..start + 8].copy_from_slice(&size.to_le_bytes());
                Ok(())
            }
        }
    }
}

/// How many records and groups follow each other in `data`, by their size
/// fields alone, stopping at the first that does not fit. Sizing a list up
/// front saves growing it (a copy of everything so far, each time) in
/// groups of hundreds of thousands of records. Never more than
/// `data.len()` divided by the header size, so damage cannot inflate it.
fn count_entries_at(data: &[u8], game: Game) -> usize {
    let hl = game.header_len();
    let (mut pos, mut n) = (0usize, 0usize);
    while let Some(h) = data.get(pos..pos + 8) {
        let size = u32::from_le_bytes([h[4], h[5], h[6], h[7]]) as usize;
        let len = if h[..4] == GRUP.0 { size } else { hl + size };
        if len < hl || len > data.len() - pos {
            break;
        }
        pos += len;
        n += 1;
    }
    n
}

fn describe_group(header: &GroupHeader, offset: u64) -> String {
    format!(
        "GRUP {} ({}) at 0x{offset:X}",
        header.label(),
        header.kind().name()
    )
}

use damage::Before;

impl Before {
    fn of(e: &Entry<'_>) -> Before {
        match e {
            Entry::Record(r) => Before::Record(r.header, r.offset),
            Entry::Group(g) => Before::Group(g.header, g.offset),
        }
    }
}

/// What [`Entry::read_one`] found.
enum Next<'a> {
    Group(GroupToRead<'a>),
    Record(Record<'a>),
}

/// A group whose header is read and whose contents are not parsed yet.
struct GroupToRead<'a> {
    header: GroupHeader,
    offset: u64,
    body: &'a [u8],
}

impl<'a> GroupToRead<'a> {
    /// Parses the contents; `depth` is the group's own depth, `count` is
    /// increased by the records and groups inside.
    fn read_children(self, game: Game, depth: usize, count: &mut usize) -> Result<Group<'a>> {
        let mut inner = Reader::new(self.body, self.offset + game.header_len() as u64);
        let children = Entry::read_list(&mut inner, game, depth + 1, count, None)
            .within(|| describe_group(&self.header, self.offset))?;
        Ok(Group {
            header: self.header,
            offset: self.offset,
            children,
        })
    }
}

/// Counts what the compressed records of a file state they inflate to, in
/// file order, to refuse a file whose records would inflate far beyond
/// what real files do, even though each alone is within its own limit.
struct InflationBudget {
    file_len: u64,
    limit: u64,
    total: u64,
    /// The error for the first record past the limit.
    over: Option<Error>,
}

impl InflationBudget {
    fn new(file_len: usize) -> Self {
        let file_len = file_len as u64;
        InflationBudget {
            file_len,
            limit: MAX_FILE_INFLATION_BASE
                .saturating_add(file_len.saturating_mul(MAX_FILE_INFLATION_RATIO)),
            total: 0,
            over: None,
        }
    }

    /// Counts a record. A record stating more than it alone may inflate to
    /// is not counted: inflating it fails on its own.
    fn add(&mut self, header: &RecordHeader, stored: &[u8], offset: u64, game: Game) {
        if !header.is_compressed() || self.over.is_some() {
            return;
        }
        let Some(stated) = compress::allowed_stated_size(stored) else {
            return;
        };
        self.total += stated as u64;
        if self.total > self.limit {
            self.over = Some(
                Error::new(
                    crate::io::ErrorKind::Decompress,
                    offset + game.header_len() as u64,
                    format!(
                        "the compressed records up to this one state {} decompressed bytes in all, more than the {} a file of {} bytes may inflate to ({MAX_FILE_INFLATION_BASE} bytes and {MAX_FILE_INFLATION_RATIO} times its size)",
                        self.total, self.limit, self.file_len
                    ),
                )
                .within(format!("{} {} at 0x{offset:X}", header.sig, header.form_id)),
            );
        }
    }

    fn finish(self) -> Result<()> {
        self.over.map_or(Ok(()), Err)
    }
}

/// Plugins at least this large are parsed one top group per task: below
/// it, handing the groups out costs more than it saves.
const PARALLEL_PARSE_MIN: usize = 8 << 20;

/// One item met by [`scan`]: a group (met before what it holds) or a
/// record, with its file offset and how many groups enclose it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanItem {
    /// A group header, met before its contents.
    Group {
        /// The group's header.
        header: GroupHeader,
        /// File offset of the group header.
        offset: u64,
        /// Groups that enclose this one: 0 for a top-level group.
        depth: usize,
    },
    /// A record header; the record's data is skipped.
    Record {
        /// The record's header.
        header: RecordHeader,
        /// File offset of the record header.
        offset: u64,
        /// Groups that enclose the record.
        depth: usize,
    },
}

/// Visits every group and record header of a plugin, in file order,
/// without building a tree or looking inside records: the quickest way to
/// list form IDs, count records or find one. The `TES4` header record is
/// not visited. Checks and errors are those of [`Plugin::parse`]; on an
/// error, `visit` has seen everything before the damage. Returns the game.
pub fn scan(data: &[u8], mut visit: impl FnMut(ScanItem)) -> Result<Game> {
    let game = detect_game(data)?;
    let mut r = Reader::new(data, 0);
    let header = Record::read(&mut r, game)?;
    if header.header.sig.0 != *b"TES4" {
        return Err(Error::invalid(
            0,
            format!("expected a TES4 header record, found {}", header.header.sig),
        ));
    }
    let mut budget = InflationBudget::new(data.len());
    let before = Some(Before::Record(header.header, header.offset));
    scan_list(&mut r, game, 0, &mut visit, &mut budget, before)?;
    budget.finish()?;
    Ok(game)
}

fn scan_list(
    r: &mut Reader<'_>,
    game: Game,
    depth: usize,
    visit: &mut impl FnMut(ScanItem),
    budget: &mut InflationBudget,
    mut before: Option<Before>,
) -> Result<()> {
    while !r.is_empty() {
        if r.peek_rest().get(..4) != Some(&GRUP.0) {
            let at = r.position();
            let rec = Record::read(r, game).map_err(|e| damage::explain(e, r, at, before, game))?;
            if let Body::Stored(stored) = &rec.body {
                budget.add(&rec.header, stored, rec.offset, game);
            }
            before = Some(Before::Record(rec.header, rec.offset));
            visit(ScanItem::Record {
                header: rec.header,
                offset: rec.offset,
                depth,
            });
            continue;
        }
        if let Next::Group(g) = Entry::read_one(r, game, depth)? {
            visit(ScanItem::Group {
                header: g.header,
                offset: g.offset,
                depth,
            });
            let mut inner = Reader::new(g.body, g.offset + game.header_len() as u64);
            scan_list(&mut inner, game, depth + 1, visit, budget, None)
                .within(|| describe_group(&g.header, g.offset))?;
            before = Some(Before::Group(g.header, g.offset));
        }
    }
    Ok(())
}

/// A whole plugin file.
#[derive(Debug, Clone, PartialEq)]
pub struct Plugin<'a> {
    /// The game whose layout the plugin was read with: told from the file
    /// (see [`detect_game`]) or given to [`parse_as`](Self::parse_as).
    pub game: Game,
    /// The `TES4` header record.
    pub header: Record<'a>,
    /// Top-level groups (and any stray top-level records). Code that adds
    /// or removes entries here directly calls [`Plugin::reindex`] after,
    /// so that lookups by ID see them.
    pub entries: Vec<Entry<'a>>,
    /// Records and groups found when read, to adjust the header's count
    /// by what is added or removed.
    entries_when_read: usize,
    /// Where each record is, built on the first lookup.
    index: index::IndexCell,
    /// The plugin's file name (`Campfire.esm`), which its own form IDs are
    /// shown with; empty when not known.
    name: String,
}

impl<'a> Plugin<'a> {
    /// Reads a plugin, telling the game from the file. For a file on disk,
    /// [`open_mmap`] and [`MappedFile::parse`] avoid reading it into memory
    /// first; [`scan`] lists groups and records without building the tree.
    pub fn parse(data: &'a [u8]) -> Result<Self> {
        let game = detect_game(data)?;
        Self::parse_as(data, game)
    }

    /// Reads a plugin with the given game's layout.
    /// Large files are parsed one top group per rayon task; the result,
    /// and the error for a damaged file, are the same either way.
    pub fn parse_as(data: &'a [u8], game: Game) -> Result<Self> {
        Self::parse_with(data, game, data.len() >= PARALLEL_PARSE_MIN)
    }

    /// Like [`parse`](Self::parse), always parsing the top groups in
    /// parallel, whatever the file's size.
    pub fn parse_parallel(data: &'a [u8]) -> Result<Self> {
        Self::parse_with(data, detect_game(data)?, true)
    }

    /// Reads only the `TES4` header record (for [`scan`], which skips it).
    pub fn parse_header(data: &'a [u8], game: Game) -> Result<Record<'a>> {
        let mut r = Reader::new(data, 0);
        let header = Record::read(&mut r, game)?;
        if header.header.sig.0 != *b"TES4" {
            return Err(Error::invalid(
                0,
                format!("expected a TES4 header record, found {}", header.header.sig),
            ));
        }
        Ok(header)
    }

    fn parse_with(data: &'a [u8], game: Game, parallel: bool) -> Result<Self> {
        let mut r = Reader::new(data, 0);
        let header = Record::read(&mut r, game)?;
        if header.header.sig.0 != *b"TES4" {
            return Err(Error::invalid(
                0,
                format!("expected a TES4 header record, found {}", header.header.sig),
            ));
        }
        let top = if parallel {
            Self::read_top_parallel(r.clone(), game)
        } else {
            None
        };
        let (entries, count) = match top {
            Some(done) => done?,
            None => {
                let mut count = 0;
                let before = Some(Before::Record(header.header, header.offset));
                (
                    Entry::read_list(&mut r, game, 0, &mut count, before)?,
                    count,
                )
            }
        };
        let plugin = Plugin {
            game,
            header,
            entries,
            entries_when_read: count,
            index: Default::default(),
            name: String::new(),
        };
        let mut budget = InflationBudget::new(data.len());
        for r in plugin.records() {
            if let Body::Stored(stored) = &r.body {
                budget.add(&r.header, stored, r.offset, game);
            }
        }
        budget.finish()?;
        Ok(plugin)
    }

    /// Splits the top level into groups (headers only) and records, then
    /// parses the groups' contents in parallel. `None` when the top level
    /// itself is damaged: the sequential parse then finds and reports it.
    /// Otherwise the error is that of the first damaged group in file
    /// order, as the sequential parse would report it.
    fn read_top_parallel(mut r: Reader<'a>, game: Game) -> Option<Result<(Vec<Entry<'a>>, usize)>> {
        let mut top = Vec::new();
        while !r.is_empty() {
            top.push(Entry::read_one(&mut r, game, 0).ok()?);
        }
        let parsed: Vec<Result<(Entry<'a>, usize)>> = top
            .into_par_iter()
            .map(|next| match next {
                Next::Record(rec) => Ok((Entry::Record(rec), 1)),
                Next::Group(g) => {
                    let mut count = 1;
                    let group = g.read_children(game, 0, &mut count)?;
                    Ok((Entry::Group(group), count))
                }
            })
            .collect();
        let mut entries = Vec::with_capacity(parsed.len());
        let mut count = 0;
        for p in parsed {
            match p {
                Ok((entry, n)) => {
                    entries.push(entry);
                    count += n;
                }
                Err(e) => return Some(Err(e)),
            }
        }
        Some(Ok((entries, count)))
    }

    /// Builds a plugin from parts (for example from JSON). `counted` is the
    /// number of records and groups the header's count was made for, when
    /// known; writing then adjusts the count by what was added or removed.
    pub fn from_parts(
        game: Game,
        header: Record<'a>,
        entries: Vec<Entry<'a>>,
        counted: Option<usize>,
    ) -> Self {
        let mut plugin = Plugin {
            game,
            header,
            entries,
            entries_when_read: 0,
            index: Default::default(),
            name: String::new(),
        };
        plugin.entries_when_read = counted.unwrap_or_else(|| plugin.count_entries());
        plugin
    }

    /// The plugin's file name, as given by [`set_name`](Self::set_name) or
    /// by opening it from a file; empty when not known.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Names the plugin (its file name, `Campfire.esm`): its own form IDs
    /// are shown with it.
    pub fn set_name(&mut self, name: impl Into<String>) {
        self.name = name.into();
    }

    /// Whether the plugin's translatable strings are IDs into strings
    /// files (a Skyrim plugin with the localized flag).
    pub fn is_localized(&self) -> bool {
        self.game == Game::Skyrim && self.header.header.flags & 0x80 != 0
    }

    /// Records and groups in the tree (the TES4 header not included).
    pub fn count_entries(&self) -> usize {
        self.records().count() + self.groups().count()
    }

    /// Masters, in order, as named in the header (`MAST`).
    pub fn masters(&self) -> Result<Vec<String>> {
        tes4::master_names(&self.header, self.game)
    }

    /// The format version the header's HEDR starts with; `None` without
    /// one.
    pub fn header_version(&self) -> Result<Option<f32>> {
        tes4::hedr_version(&self.header, self.game)
    }

    /// Names the plugin a form ID belongs to: a master, or `own_name`.
    pub fn form_id_owner<'m>(masters: &'m [String], form_id: FormId, own_name: &'m str) -> &'m str {
        masters
            .get(form_id.master_index() as usize)
            .map(String::as_str)
            .unwrap_or(own_name)
    }

    /// Visits every record, depth first, in file order.
    pub fn records(&self) -> impl Iterator<Item = &Record<'a>> {
        let mut stack: Vec<std::slice::Iter<'_, Entry<'a>>> = vec![self.entries.iter()];
        std::iter::from_fn(move || loop {
            let top = stack.last_mut()?;
            match top.next() {
                None => {
                    stack.pop();
                }
                Some(Entry::Record(r)) => return Some(r),
                Some(Entry::Group(g)) => stack.push(g.children.iter()),
            }
        })
    }

    /// The first record with this form ID, in file order. Found through
    /// an index built on the first lookup.
    pub fn find_record(&self, form_id: FormId) -> Option<&Record<'a>> {
        let path = self.index.get_or_build(&self.entries).path_of(form_id)?;
        match index::record_at(&self.entries, path) {
            Some(r) if r.header.form_id == form_id => Some(r),
            // Changed since it was indexed: answered by a walk.
            _ => self.records().find(|r| r.header.form_id == form_id),
        }
    }

    /// The first record with this form ID, to change it.
    pub fn find_record_mut(&mut self, form_id: FormId) -> Option<&mut Record<'a>> {
        let (record, index) = self.find_record_and_index_mut(form_id)?;
        // The caller may change the record's form ID through the reference.
        index.clear();
        Some(record)
    }

    /// The first record with this form ID, to change it, and the index,
    /// for callers that keep the record's form ID (and clear the index
    /// where they hand out a way to change it).
    pub(crate) fn find_record_and_index_mut(
        &mut self,
        form_id: FormId,
    ) -> Option<(&mut Record<'a>, &mut index::IndexCell)> {
        let fresh = |entries: &[Entry<'a>], index: &index::IndexCell| {
            let path = index.get_or_build(entries).path_of(form_id)?;
            let r = index::record_at(entries, path)?;
            (r.header.form_id == form_id).then(|| path.to_vec())
        };
        let path = match fresh(&self.entries, &self.index) {
            Some(p) => Some(p),
            None => {
                self.index.clear();
                fresh(&self.entries, &self.index)
            }
        }?;
        let record = index::record_at_mut(&mut self.entries, &path)?;
        Some((record, &mut self.index))
    }

    /// The form ID of the record with this editor ID, compared without
    /// regard to case as the games do (`IronSword`, `ironsword`).
    pub fn form_id_of_editor_id(&self, editor_id: &str) -> Option<FormId> {
        // Text the games cannot store names no record.
        let bytes = crate::io::encode_cp1252(editor_id)?;
        let id =
            self.index
                .get_or_build(&self.entries)
                .form_id_of(&self.entries, self.game, &bytes)?;
        // Checked as a form ID lookup is: the record must still be there.
        self.find_record(id).map(|r| r.header.form_id)
    }

    /// The record with this editor ID (any case), in file order.
    pub fn find_by_editor_id(&self, editor_id: &str) -> Option<&Record<'a>> {
        self.find_record(self.form_id_of_editor_id(editor_id)?)
    }

    /// Forgets where records are, after entries were added to or removed
    /// from the tree directly; the next lookup indexes the tree afresh.
    pub fn reindex(&mut self) {
        self.index.clear();
    }

    /// Visits every record mutably, depth first.
    pub fn for_each_record_mut(&mut self, mut f: impl FnMut(&mut Record<'a>)) {
        fn walk<'a>(entries: &mut [Entry<'a>], f: &mut impl FnMut(&mut Record<'a>)) {
            for e in entries {
                match e {
                    Entry::Record(r) => f(r),
                    Entry::Group(g) => walk(&mut g.children, f),
                }
            }
        }
        walk(&mut self.entries, &mut f);
        // Form IDs may have changed.
        self.index.clear();
    }

    /// Visits every group, depth first.
    pub fn groups(&self) -> impl Iterator<Item = &Group<'a>> {
        let mut stack: Vec<std::slice::Iter<'_, Entry<'a>>> = vec![self.entries.iter()];
        std::iter::from_fn(move || loop {
            let top = stack.last_mut()?;
            match top.next() {
                None => {
                    stack.pop();
                }
                Some(Entry::Record(_)) => {}
                Some(Entry::Group(g)) => {
                    stack.push(g.children.iter());
                    return Some(g);
                }
            }
        })
    }

    /// Every record (not the `TES4` header) as a rayon parallel iterator,
    /// in file order for order-aware adaptors (`collect`, `find_first`):
    /// for map-reduce work such as `par_records().map(..).sum()`.
    pub fn par_records(&self) -> impl IndexedParallelIterator<Item = &Record<'a>> + '_ {
        let records: Vec<&Record<'a>> = self.records().collect();
        // Most records take well under a microsecond: hand them out in
        // batches so scheduling does not cost more than the work.
        records.into_par_iter().with_min_len(256)
    }

    /// Calls `f` on every record (not the `TES4` header) on rayon's thread
    /// pool. Parsed records are independent of each other, so decompressing
    /// and walking them spreads across cores. Calls come in no fixed order.
    pub fn par_records_for_each<F>(&self, f: F)
    where
        F: Fn(&Record<'a>) + Sync + Send,
    {
        self.par_records().for_each(f);
    }

    /// Like [`par_records_for_each`](Self::par_records_for_each), for work
    /// that can fail. Returns the error of the first failing record in file
    /// order, so the outcome does not depend on scheduling.
    pub fn par_try_records_for_each<F, E>(&self, f: F) -> Result<(), E>
    where
        F: Fn(&Record<'a>) -> Result<(), E> + Sync + Send,
        E: Send,
    {
        match self.par_records().find_map_first(|r| f(r).err()) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Walks the subrecords of every record (decompressing as needed) in
    /// parallel; `f` gets each record and, in order, its subrecords.
    pub fn par_for_each_subrecord<F>(&self, f: F) -> Result<()>
    where
        F: Fn(&Record<'a>, SubrecordRef<'_>) + Sync + Send,
    {
        let game = self.game;
        self.par_try_records_for_each(|r| r.for_each_subrecord(game, |s| f(r, s)))
    }

    /// The data of every record, in [`records`](Self::records) order,
    /// compressed records inflated in parallel; uncompressed ones are
    /// borrowed, not copied.
    pub fn par_record_data(&self) -> Result<Vec<Cow<'_, [u8]>>> {
        let game = self.game;
        let data: Vec<Result<Cow<'_, [u8]>>> = self.par_records().map(|r| r.data(game)).collect();
        // Collected in order, so the error reported is the first in the file.
        data.into_iter().collect()
    }

    /// Writes the plugin. An unchanged plugin comes out byte for byte as it
    /// was read; group sizes are always recomputed from their contents, and
    /// the header's record count follows records or groups added or removed.
    pub fn write(&self, out: &mut Vec<u8>) -> Result<()> {
        let now = self.count_entries();
        if now != self.entries_when_read {
            let mut header = self.header.clone();
            let mut subs = header.subrecords(self.game)?;
            tes4::adjust_record_count(&mut subs, now as i64 - self.entries_when_read as i64)?;
            header.set_subrecords(subs);
            header.write(out, self.game)?;
        } else {
            self.header.write(out, self.game)?;
        }
        for e in &self.entries {
            e.write(out, self.game)?;
        }
        Ok(())
    }

    /// The plugin as bytes; see [`write`](Self::write).
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.write(&mut out)?;
        Ok(out)
    }

    /// The plugin with every stored byte copied, freed from the input
    /// buffer.
    pub fn into_owned(self) -> Plugin<'static> {
        fn own(e: Entry<'_>) -> Entry<'static> {
            match e {
                Entry::Record(r) => Entry::Record(r.into_owned()),
                Entry::Group(g) => Entry::Group(Group {
                    header: g.header,
                    offset: g.offset,
                    children: g.children.into_iter().map(own).collect(),
                }),
            }
        }
        Plugin {
            game: self.game,
            header: self.header.into_owned(),
            entries: self.entries.into_iter().map(own).collect(),
            entries_when_read: self.entries_when_read,
            index: Default::default(),
            name: self.name,
        }
    }
}

/// The `TES4` header record with its HEDR record count moved by `delta`
/// (records and groups added, or removed when negative).
pub fn header_with_count_moved(
    header: &Record<'_>,
    game: Game,
    delta: i64,
) -> Result<Record<'static>> {
    let mut header = header.clone().into_owned();
    if delta != 0 {
        let mut subs = header.subrecords(game)?;
        tes4::adjust_record_count(&mut subs, delta)?;
        header.set_subrecords(subs);
    }
    Ok(header)
}

/// Where two byte strings first differ, or `None` when they are equal.
pub fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    if a == b {
        return None;
    }
    Some(
        a.iter()
            .zip(b)
            .position(|(x, y)| x != y)
            .unwrap_or(a.len().min(b.len())),
    )
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
    /// The record's signature.
    pub sig: Sig,
    /// The record's form ID, as stored.
    pub form_id: FormId,
    /// The EDID subrecord's data, if any.
    pub editor_id: Option<&'a [u8]>,
    /// File offset of the record header.
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
