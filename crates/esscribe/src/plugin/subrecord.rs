//! Subrecords: a 4-byte type, a u16 size and the data. A subrecord larger
//! than 65,535 bytes is preceded by an `XXXX` subrecord whose u32 data gives
//! the real size; the large subrecord's own u16 size is then ignored by the
//! games (usually 0) but is kept here for an exact round trip.

use crate::io::{Error, Reader, Result, Sig, WriteLe};
use std::borrow::Cow;

/// The signature of the subrecord that gives the next subrecord's size as a
/// u32 when it does not fit the u16 size field.
pub const XXXX: Sig = Sig(*b"XXXX");

/// How a subrecord's size was stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SizeForm {
    /// The u16 size field.
    #[default]
    Short,
    /// An `XXXX` subrecord gave the size; `short_size` is the subrecord's
    /// own (ignored) u16 size field.
    Extended {
        /// The subrecord's own u16 size field, kept as read.
        short_size: u16,
    },
}

/// A subrecord borrowed from the record data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SubrecordRef<'a> {
    /// The subrecord type.
    pub sig: Sig,
    /// The data, without the 6-byte header.
    pub data: &'a [u8],
    /// How the size was stored, to write it the same way.
    pub size_form: SizeForm,
    /// Absolute offset of the subrecord (of its `XXXX` prefix if any), or
    /// offset in the decompressed data for compressed records.
    pub offset: u64,
}

impl SubrecordRef<'_> {
    /// An owned copy.
    pub fn to_owned(&self) -> Subrecord {
        Subrecord {
            sig: self.sig,
            data: self.data.to_vec(),
            size_form: self.size_form,
        }
    }
}

/// An owned subrecord, for records that are edited or built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subrecord {
    /// The subrecord type.
    pub sig: Sig,
    /// The data, without the 6-byte header.
    pub data: Vec<u8>,
    /// How the size is written; data over 65535 bytes always gets an `XXXX`
    /// prefix.
    pub size_form: SizeForm,
}

impl Subrecord {
    /// A subrecord whose size is written in the u16 size field (or with an
    /// `XXXX` prefix if the data needs it).
    pub fn new(sig: Sig, data: Vec<u8>) -> Self {
        Subrecord {
            sig,
            data,
            size_form: SizeForm::Short,
        }
    }

    /// Bytes this subrecord takes when written.
    pub fn encoded_len(&self) -> usize {
        encoded_len(self.data.len(), self.size_form)
    }

    /// Appends the subrecord: `XXXX` prefix if needed, signature, size,
    /// data.
    pub fn write(&self, out: &mut Vec<u8>) {
        write_subrecord(out, self.sig, &self.data, self.size_form);
    }
}

fn needs_extended(len: usize, form: SizeForm) -> bool {
    len > u16::MAX as usize || matches!(form, SizeForm::Extended { .. })
}

/// Bytes a subrecord of `len` data bytes takes when written: 6, plus 10 for
/// an `XXXX` prefix, plus the data.
pub fn encoded_len(len: usize, form: SizeForm) -> usize {
    if needs_extended(len, form) {
        10 + 6 + len
    } else {
        6 + len
    }
}

/// Writes one subrecord, with an `XXXX` prefix when it was read with one or
/// when its data no longer fits a u16 size. Data of 4 GiB or more cannot
/// be stored in a record (whose size is a u32): its size is written as
/// the most a u32 holds, and the record's writer refuses the record.
pub fn write_subrecord(out: &mut Vec<u8>, sig: Sig, data: &[u8], form: SizeForm) {
    if needs_extended(data.len(), form) {
        out.put(&XXXX.0);
        out.put_u16(4);
        out.put_u32(u32::try_from(data.len()).unwrap_or(u32::MAX));
        out.put(&sig.0);
        let short = match form {
            SizeForm::Extended { short_size } => short_size,
            SizeForm::Short => 0,
        };
        out.put_u16(short);
    } else {
        out.put(&sig.0);
        // Shorter than 64 KiB: `needs_extended` said so.
        out.put_u16(u16::try_from(data.len()).unwrap_or(u16::MAX));
    }
    out.put(data);
}

/// Iterates the subrecords of a record's (decompressed) data without
/// allocating. Yields an error once, then stops, if the data does not split
/// into whole subrecords.
#[derive(Debug, Clone)]
pub struct Subrecords<'a> {
    reader: Reader<'a>,
    failed: bool,
}

impl<'a> Subrecords<'a> {
    /// `base` is the offset of `data[0]` used in positions and errors.
    pub fn new(data: &'a [u8], base: u64) -> Self {
        Subrecords {
            reader: Reader::new(data, base),
            failed: false,
        }
    }

    /// Bytes read so far.
    pub(crate) fn consumed(&self) -> usize {
        self.reader.position()
    }

    #[inline]
    fn next_subrecord(&mut self) -> Result<SubrecordRef<'a>> {
        // The usual case, a whole subrecord with a u16 size, in one bounds
        // check; anything else takes the careful path below.
        let rest = self.reader.peek_rest();
        if let Some(&[a, b, c, d, lo, hi]) = rest.get(..6) {
            let sig = Sig([a, b, c, d]);
            let size = u16::from_le_bytes([lo, hi]) as usize;
            if sig != XXXX && size <= rest.len() - 6 {
                let offset = self.reader.offset();
                let data = &self.reader.bytes(6 + size, "subrecord")?[6..];
                return Ok(SubrecordRef {
                    sig,
                    data,
                    size_form: SizeForm::Short,
                    offset,
                });
            }
        }
        self.next_subrecord_checked()
    }

    fn next_subrecord_checked(&mut self) -> Result<SubrecordRef<'a>> {
        let r = &mut self.reader;
        let offset = r.offset();
        let sig = r.sig("subrecord signature")?;
        let size = r.u16("subrecord size")?;
        if sig == XXXX {
            if size != 4 {
                return Err(Error::invalid(
                    offset + 4,
                    format!("XXXX subrecord: expected size 4, found {size}"),
                ));
            }
            let real = r.u32("XXXX size")?;
            let sig = r.sig("subrecord signature after XXXX")?;
            let short_size = r.u16("subrecord size after XXXX")?;
            let data = r.bytes_named(real as usize, || format!("{sig} data (size from XXXX)"))?;
            return Ok(SubrecordRef {
                sig,
                data,
                size_form: SizeForm::Extended { short_size },
                offset,
            });
        }
        let data = r.bytes_named(size as usize, || format!("{sig} data"))?;
        Ok(SubrecordRef {
            sig,
            data,
            size_form: SizeForm::Short,
            offset,
        })
    }
}

impl<'a> Iterator for Subrecords<'a> {
    type Item = Result<SubrecordRef<'a>>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed || self.reader.is_empty() {
            return None;
        }
        let result = self.next_subrecord();
        if result.is_err() {
            self.failed = true;
        }
        Some(result)
    }
}

/// Splits record data into owned subrecords.
pub fn parse_subrecords(data: &[u8], base: u64) -> Result<Vec<Subrecord>> {
    Subrecords::new(data, base)
        .map(|s| s.map(|s| s.to_owned()))
        .collect()
}

/// Encodes subrecords back into record data.
pub fn encode_subrecords(subrecords: &[Subrecord]) -> Vec<u8> {
    let len = subrecords.iter().map(Subrecord::encoded_len).sum();
    let mut out = Vec::with_capacity(len);
    for s in subrecords {
        s.write(&mut out);
    }
    out
}

/// The borrowed or owned data of a record, decompressed.
pub type RecordData<'a> = Cow<'a, [u8]>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extended_subrecord_round_trips() {
        let big = vec![7u8; 70_000];
        let subs = vec![
            Subrecord::new(Sig(*b"EDID"), b"Test\0".to_vec()),
            Subrecord {
                sig: Sig(*b"ONAM"),
                data: big.clone(),
                size_form: SizeForm::Extended { short_size: 0 },
            },
        ];
        let bytes = encode_subrecords(&subs);
        assert_eq!(bytes.len(), 11 + 16 + 70_000);
        assert_eq!(parse_subrecords(&bytes, 0).unwrap(), subs);
    }

    #[test]
    fn short_subrecord_that_grows_gets_xxxx() {
        let s = Subrecord::new(Sig(*b"DATA"), vec![0; 65_536]);
        let bytes = encode_subrecords(std::slice::from_ref(&s));
        assert_eq!(&bytes[0..4], b"XXXX");
        let back = parse_subrecords(&bytes, 0).unwrap();
        assert_eq!(back[0].data.len(), 65_536);
    }

    #[test]
    fn truncated_subrecord_names_itself() {
        let bytes = b"EDID\x10\x00abc";
        let err = parse_subrecords(bytes, 0x40).unwrap_err();
        assert_eq!(err.offset, 0x46);
        assert!(err.to_string().contains("EDID data"), "{err}");
    }
}
