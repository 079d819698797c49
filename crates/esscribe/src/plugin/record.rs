//! One record as the plugin layer keeps it: its header, and its data as
//! stored (compressed or not) or as subrecords after a change.

use super::*;

thread_local! {
    // Walking a compressed record inflates it into this buffer, reused from
    // record to record instead of allocating (and faulting in) new memory.
    static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Scratch buffers larger than this are given back after use.
const SCRATCH_KEEP: usize = 4 << 20;

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
    /// The 24-byte (Oblivion: 20-byte) record header.
    pub header: RecordHeader,
    /// File offset of the record header (0 for records that were built).
    pub offset: u64,
    /// The record's data: as stored, or replaced subrecords.
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

    /// Where offsets of this record's subrecords count from: the file
    /// offset of its data, or 0 (the start of the inflated data) for a
    /// compressed record.
    pub fn subrecord_base(&self, game: Game) -> u64 {
        if self.header.is_compressed() {
            0
        } else {
            self.data_offset(game)
        }
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

    /// The record's data like [`data`](Self::data), using `buf` for data
    /// that is not stored as it is (inflated, or encoded after an edit), so
    /// that one buffer serves many records.
    pub fn data_in<'s>(&'s self, game: Game, buf: &'s mut Vec<u8>) -> Result<&'s [u8]> {
        match &self.body {
            Body::Stored(bytes) if self.header.is_compressed() => {
                decompress_record_data_into(bytes, self.data_offset(game), buf)
                    .within(|| self.describe())?;
                Ok(buf)
            }
            Body::Stored(bytes) => Ok(bytes),
            Body::Subrecords(subs) => {
                *buf = encode_subrecords(subs);
                Ok(buf)
            }
        }
    }

    /// Calls `f` for each subrecord. Uncompressed stored records are walked
    /// in place, without allocating.
    pub fn for_each_subrecord(
        &self,
        game: Game,
        mut f: impl FnMut(SubrecordRef<'_>),
    ) -> Result<()> {
        match &self.body {
            Body::Stored(bytes) if self.header.is_compressed() => {
                SCRATCH.with(|cell| match cell.try_borrow_mut() {
                    Ok(mut buf) => {
                        let result = self.walk_compressed(bytes, game, &mut buf, &mut f);
                        // Keep a typical record's worth for the next one, not
                        // the largest ever seen.
                        if buf.capacity() > SCRATCH_KEEP {
                            *buf = Vec::new();
                        }
                        result
                    }
                    // `f` walks another compressed record from inside this
                    // walk: that one gets a buffer of its own.
                    Err(_) => self.walk_compressed(bytes, game, &mut Vec::new(), &mut f),
                })
            }
            _ => {
                let data = self.data(game)?;
                self.walk(&data, game, &mut f)
            }
        }
    }

    pub(super) fn walk_compressed(
        &self,
        stored: &[u8],
        game: Game,
        buf: &mut Vec<u8>,
        f: &mut impl FnMut(SubrecordRef<'_>),
    ) -> Result<()> {
        decompress_record_data_into(stored, self.data_offset(game), buf)
            .within(|| self.describe())?;
        self.walk(buf, game, f)
    }

    pub(super) fn walk(
        &self,
        data: &[u8],
        game: Game,
        f: &mut impl FnMut(SubrecordRef<'_>),
    ) -> Result<()> {
        let base = self.subrecord_base(game);
        let mut pos = 0;
        while pos < data.len() {
            let rest = &data[pos..];
            // The usual subrecord, whole and with a u16 size, decoded in
            // place; this loop runs once per subrecord of the file.
            if let Some(&[a, b, c, d, lo, hi]) = rest.get(..6) {
                let sig = crate::io::Sig([a, b, c, d]);
                let end = 6 + u16::from_le_bytes([lo, hi]) as usize;
                if sig != XXXX && end <= rest.len() {
                    f(SubrecordRef {
                        sig,
                        data: &rest[6..end],
                        size_form: SizeForm::Short,
                        offset: base + pos as u64,
                    });
                    pos += end;
                    continue;
                }
            }
            // XXXX, or damage: the iterator's careful path says what is wrong.
            let mut one = Subrecords::new(rest, base + pos as u64);
            match one.next() {
                Some(Ok(sub)) => f(sub),
                Some(Err(e)) => return Err(self.locate(game, e).within(self.describe())),
                None => break,
            }
            pos += one.consumed();
        }
        Ok(())
    }

    /// An error found in decompressed data carries an offset into that
    /// data, which may point anywhere (even past the end of the file): it
    /// is moved to the record's stored data, and the message keeps where
    /// in the decompressed bytes the fault is.
    pub(crate) fn locate(&self, game: Game, mut e: Error) -> Error {
        if self.header.is_compressed() {
            e.message = format!(
                "{} (at byte {} of the decompressed data)",
                e.message, e.offset
            );
            e.offset = self.data_offset(game);
        }
        e
    }

    /// The record's subrecords, owned.
    pub fn subrecords(&self, game: Game) -> Result<Vec<Subrecord>> {
        match &self.body {
            Body::Subrecords(subs) => Ok(subs.clone()),
            Body::Stored(_) => {
                let data = self.data(game)?;
                parse_subrecords(&data, self.subrecord_base(game))
                    .map_err(|e| self.locate(game, e).within(self.describe()))
            }
        }
    }

    /// Replaces the record's (inflated) data. A compressed record is
    /// compressed at once, the way its stored bytes were compressed when
    /// that can be told ([`Compressor::like`]), else as the game's tools
    /// do: data changed and changed back gives back the stored bytes.
    pub fn set_data(&mut self, game: Game, data: Vec<u8>) -> Result<()> {
        let stored = if !self.header.is_compressed() {
            data
        } else {
            let compressor = match &self.body {
                Body::Stored(stored) => Compressor::like(stored, &self.data(game)?),
                Body::Subrecords(_) => Compressor::for_game(game),
            };
            compressor
                .compress(&data)
                .map_err(|e| e.within(self.describe()))?
        };
        self.body = Body::Stored(Cow::Owned(stored));
        Ok(())
    }

    /// Replaces the record's data; sizes and compression follow on write.
    pub fn set_subrecords(&mut self, subrecords: Vec<Subrecord>) {
        self.body = Body::Subrecords(subrecords);
    }

    /// Whether the data was replaced since the record was read, so it is
    /// encoded afresh on write.
    pub fn is_changed(&self) -> bool {
        matches!(self.body, Body::Subrecords(_))
    }

    /// The record with its stored bytes copied, freed from the input buffer.
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
                    Compressor::for_game(game)
                        .compress(&raw)
                        .map_err(|e| e.within(self.describe()))?
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

    #[inline]
    pub(super) fn read(r: &mut Reader<'a>, game: Game) -> Result<Self> {
        let offset = r.offset();
        // Header and data whole: one bounds check for both. Otherwise the
        // careful path below says which part is cut.
        let rest = r.peek_rest();
        if let Some(header) = RecordHeader::decode(rest, game).filter(|h| is_record_sig(h.sig)) {
            let hl = game.header_len();
            let end = hl + header.data_size as usize;
            if end <= rest.len() {
                r.bytes(end, "record")?;
                return Ok(Record {
                    header,
                    offset,
                    body: Body::Stored(Cow::Borrowed(&rest[hl..end])),
                });
            }
        }
        Self::read_checked(r, game)
    }

    #[cold]
    fn read_checked(r: &mut Reader<'a>, game: Game) -> Result<Self> {
        let offset = r.offset();
        if let Some(&[a, b, c, d]) = r.peek_rest().get(..4) {
            let sig = crate::io::Sig([a, b, c, d]);
            if !is_record_sig(sig) {
                return Err(Error::invalid(
                    offset,
                    format!("no record starts here ({sig} is not a record type: four characters from A-Z, 0-9 and _)"),
                ));
            }
        }
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
