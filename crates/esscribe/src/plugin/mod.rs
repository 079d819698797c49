//! Plugin files (`.esm`, `.esp`, `.esl`): the `TES4` header record, then a
//! tree of groups holding records, each record a stream of subrecords,
//! optionally zlib-compressed.
//!
//! Reading borrows the input bytes: a [`Plugin`] holds slices of the file
//! (which may be memory-mapped) and walking its subrecords allocates nothing
//! per subrecord. A record keeps its stored bytes until it is edited, so an
//! unchanged record is written back exactly as read, compressed payload
//! included.

mod compress;
mod header;
mod subrecord;
mod tes4;

pub use compress::{compress_record_data, decompress_record_data, MAX_DECOMPRESSED_SIZE};
pub use header::{
    detect_game, Game, GroupHeader, GroupKind, GroupLabel, RecordHeader, FLAG_COMPRESSED,
    FLAG_DELETED, FLAG_LIGHT, FLAG_MASTER, GRUP,
};
pub use subrecord::{
    encode_subrecords, encoded_len, parse_subrecords, write_subrecord, RecordData, SizeForm,
    Subrecord, SubrecordRef, Subrecords, XXXX,
};
pub use tes4::{Master, PluginHeader};

use crate::io::{Context, Error, FormId, Reader, Result, WriteLe};
use std::borrow::Cow;

/// Groups nest about five deep in real files; a hostile file must not be
/// able to exhaust the stack.
const MAX_GROUP_DEPTH: usize = 32;

/// A record's data as the plugin layer keeps it.
#[derive(Debug, Clone, PartialEq)]
pub enum Body<'a> {
    /// The bytes as stored in the file (the compressed payload for
    /// compressed records), written back unchanged.
    Stored(Cow<'a, [u8]>),
    /// Replaced subrecords: encoded, and compressed when the record's flag
    /// says so, on write.
    Subrecords(Vec<Subrecord>),
}

/// One record: its header and its data.
#[derive(Debug, Clone, PartialEq)]
pub struct Record<'a> {
    pub header: RecordHeader,
    /// File offset of the record header (0 for records that were built).
    pub offset: u64,
    pub body: Body<'a>,
}

impl<'a> Record<'a> {
    /// Short description for messages: `PACK 0x00001CB6 at 0x1F2A`.
    pub fn describe(&self) -> String {
        format!(
            "{} {} at 0x{:X}",
            self.header.sig, self.header.form_id, self.offset
        )
    }

    fn data_offset(&self, game: Game) -> u64 {
        self.offset + game.header_len() as u64
    }

    /// The record's data, decompressed when needed.
    pub fn data(&self, game: Game) -> Result<Cow<'_, [u8]>> {
        match &self.body {
            Body::Stored(bytes) if self.header.is_compressed() => {
                decompress_record_data(bytes, self.data_offset(game))
                    .map(Cow::Owned)
                    .within(|| self.describe())
            }
            Body::Stored(bytes) => Ok(Cow::Borrowed(bytes)),
            Body::Subrecords(subs) => Ok(Cow::Owned(encode_subrecords(subs))),
        }
    }

    /// Calls `f` for each subrecord. Uncompressed stored records are walked
    /// in place, without allocating.
    pub fn for_each_subrecord(
        &self,
        game: Game,
        mut f: impl FnMut(SubrecordRef<'_>),
    ) -> Result<()> {
        let data = self.data(game)?;
        let base = if self.header.is_compressed() {
            0
        } else {
            self.data_offset(game)
        };
        for sub in Subrecords::new(&data, base) {
            f(sub.within(|| self.describe())?);
        }
        Ok(())
    }

    /// The record's subrecords, owned.
    pub fn subrecords(&self, game: Game) -> Result<Vec<Subrecord>> {
        match &self.body {
            Body::Subrecords(subs) => Ok(subs.clone()),
            Body::Stored(_) => {
                let data = self.data(game)?;
                let base = if self.header.is_compressed() {
                    0
                } else {
                    self.data_offset(game)
                };
                parse_subrecords(&data, base).within(|| self.describe())
            }
        }
    }

    /// Replaces the record's data; sizes and compression follow on write.
    pub fn set_subrecords(&mut self, subrecords: Vec<Subrecord>) {
        self.body = Body::Subrecords(subrecords);
    }

    pub fn is_changed(&self) -> bool {
        matches!(self.body, Body::Subrecords(_))
    }

    pub fn into_owned(self) -> Record<'static> {
        Record {
            header: self.header,
            offset: self.offset,
            body: match self.body {
                Body::Stored(b) => Body::Stored(Cow::Owned(b.into_owned())),
                Body::Subrecords(s) => Body::Subrecords(s),
            },
        }
    }

    /// Writes header and data, re-encoding (and recompressing) the data
    /// only when it was replaced.
    pub fn write(&self, out: &mut Vec<u8>, game: Game) -> Result<()> {
        match &self.body {
            Body::Stored(bytes) => {
                let mut header = self.header;
                header.data_size = u32::try_from(bytes.len())
                    .map_err(|_| Error::invalid(self.offset, "record data larger than 4 GiB"))?;
                header.write(out, game);
                out.put(bytes);
            }
            Body::Subrecords(subs) => {
                let raw = encode_subrecords(subs);
                let stored = if self.header.is_compressed() {
                    compress_record_data(&raw)
                } else {
                    raw
                };
                let mut header = self.header;
                header.data_size = u32::try_from(stored.len())
                    .map_err(|_| Error::invalid(self.offset, "record data larger than 4 GiB"))?;
                header.write(out, game);
                out.put(&stored);
            }
        }
        Ok(())
    }

    fn read(r: &mut Reader<'a>, game: Game) -> Result<Self> {
        let offset = r.offset();
        let header = RecordHeader::read(r, game)?;
        let data = r
            .bytes(header.data_size as usize, "record data")
            .within(|| format!("{} {} at 0x{offset:X}", header.sig, header.form_id))?;
        Ok(Record {
            header,
            offset,
            body: Body::Stored(Cow::Borrowed(data)),
        })
    }
}

/// A group and what it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Group<'a> {
    pub header: GroupHeader,
    /// File offset of the group header (0 for groups that were built).
    pub offset: u64,
    pub children: Vec<Entry<'a>>,
}

impl Group<'_> {
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
    Group(Group<'a>),
    Record(Record<'a>),
}

impl<'a> Entry<'a> {
    fn read_list(
        r: &mut Reader<'a>,
        game: Game,
        depth: usize,
        count: &mut usize,
    ) -> Result<Vec<Entry<'a>>> {
        let mut out = Vec::new();
        let header_len = game.header_len();
        while !r.is_empty() {
            let offset = r.offset();
            let sig = r.clone().sig("record or group signature")?;
            *count += 1;
            if sig == GRUP {
                r.sig("group signature")?;
                let header = GroupHeader::read_after_sig(r, game)?;
                let describe = || {
                    format!(
                        "GRUP {} ({}) at 0x{offset:X}",
                        header.label(),
                        header.kind().name()
                    )
                };
                let size = header.size as usize;
                if size < header_len {
                    return Err(Error::invalid(
                        offset + 4,
                        format!("group size {size} is smaller than its {header_len}-byte header"),
                    ))
                    .within(describe);
                }
                if depth >= MAX_GROUP_DEPTH {
                    return Err(Error::invalid(
                        offset,
                        format!("groups nested more than {MAX_GROUP_DEPTH} deep"),
                    ));
                }
                let body = r
                    .bytes(size - header_len, "group contents (size from group header)")
                    .within(describe)?;
                let mut inner = Reader::new(body, offset + header_len as u64);
                let children =
                    Self::read_list(&mut inner, game, depth + 1, count).within(describe)?;
                out.push(Entry::Group(Group {
                    header,
                    offset,
                    children,
                }));
            } else {
                out.push(Entry::Record(Record::read(r, game)?));
            }
        }
        Ok(out)
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

/// A whole plugin file.
#[derive(Debug, Clone, PartialEq)]
pub struct Plugin<'a> {
    pub game: Game,
    /// The `TES4` header record.
    pub header: Record<'a>,
    /// Top-level groups (and any stray top-level records).
    pub entries: Vec<Entry<'a>>,
    /// Records and groups found when read, to adjust the header's count
    /// by what is added or removed.
    entries_when_read: usize,
}

impl<'a> Plugin<'a> {
    /// Reads a plugin, telling the game from the file.
    pub fn parse(data: &'a [u8]) -> Result<Self> {
        let game = detect_game(data)?;
        Self::parse_as(data, game)
    }

    /// Reads a plugin with the given game's layout.
    pub fn parse_as(data: &'a [u8], game: Game) -> Result<Self> {
        let mut r = Reader::new(data, 0);
        let header = Record::read(&mut r, game)?;
        if header.header.sig.0 != *b"TES4" {
            return Err(Error::invalid(
                0,
                format!("expected a TES4 header record, found {}", header.header.sig),
            ));
        }
        let mut count = 0;
        let entries = Entry::read_list(&mut r, game, 0, &mut count)?;
        Ok(Plugin {
            game,
            header,
            entries,
            entries_when_read: count,
        })
    }

    /// Builds a plugin from parts (for example from JSON).
    pub fn from_parts(game: Game, header: Record<'a>, entries: Vec<Entry<'a>>) -> Self {
        let mut plugin = Plugin {
            game,
            header,
            entries,
            entries_when_read: 0,
        };
        plugin.entries_when_read = plugin.count_entries();
        plugin
    }

    /// The decoded `TES4` header: version, record count, author, masters...
    pub fn info(&self) -> Result<PluginHeader> {
        PluginHeader::from_record(&self.header, self.game)
    }

    /// Masters, in order, as named in the header.
    pub fn masters(&self) -> Result<Vec<String>> {
        Ok(self.info()?.masters.into_iter().map(|m| m.name).collect())
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

    fn count_entries(&self) -> usize {
        self.records().count() + self.groups().count()
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

    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.write(&mut out)?;
        Ok(out)
    }

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
        }
    }
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
